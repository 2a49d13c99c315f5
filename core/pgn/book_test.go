package pgn

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/evochess/evochess/core"
)

const bookFile = "testdata/8moves_v3.first200.pgn"

// readFile reads every game of a PGN file, failing on any error.
func readFile(t *testing.T, name string) []*Game {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return readAll(t, name, f)
}

func readAll(t *testing.T, what string, r io.Reader) []*Game {
	t.Helper()
	var games []*Game
	pr := NewReader(r)
	for {
		g, err := pr.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		games = append(games, g)
	}
}

func finalFEN(t *testing.T, g *Game) string {
	t.Helper()
	p, err := g.FinalPosition()
	if err != nil {
		t.Fatal(err)
	}
	return p.FEN()
}

// TestRoundTripBook reads the book, writes every game and reads it back:
// the tags, moves and final positions must survive.
func TestRoundTripBook(t *testing.T) {
	games := readFile(t, bookFile)
	if len(games) != 200 {
		t.Fatalf("read %d games, want 200", len(games))
	}
	var all bytes.Buffer
	for i, g := range games {
		what := fmt.Sprintf("game %d", i+1)
		// Every game of the 8-move book is 16 plies, and this one
		// checks a few details of the file against what we read.
		if len(g.Moves) != 16 || g.Tag("White") != "Stockfish" || g.Result != core.Draw {
			t.Errorf("%s: %d plies, White %q, result %s", what, len(g.Moves), g.Tag("White"), g.Result)
		}
		var b bytes.Buffer
		if err := Write(&b, g); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		back := readAll(t, what+" written", bytes.NewReader(b.Bytes()))
		if len(back) != 1 {
			t.Fatalf("%s: wrote %d games", what, len(back))
		}
		if !reflect.DeepEqual(back[0].Tags, g.Tags) {
			t.Errorf("%s: tags %v, want %v", what, back[0].Tags, g.Tags)
		}
		checkSameGame(t, what, g, back[0])
		if got, want := finalFEN(t, back[0]), finalFEN(t, g); got != want {
			t.Errorf("%s: final position %s, want %s", what, got, want)
		}
		all.Write(b.Bytes())
	}
	if got := len(readAll(t, "all games written", &all)); got != len(games) {
		t.Errorf("the written file has %d games, want %d", got, len(games))
	}
}

// TestFirstBookGame pins down what the first game of the book reads as.
func TestFirstBookGame(t *testing.T) {
	g := readFile(t, bookFile)[0]
	want := []Tag{{"Event", "?"}, {"Site", "?"}, {"Date", "2013.11.02"}, {"Round", "1"},
		{"White", "Stockfish"}, {"Black", "Stockfish"}, {"Result", "1/2-1/2"}, {"Eco", "A07"}}
	if !reflect.DeepEqual(g.Tags, want) {
		t.Errorf("tags %v", g.Tags)
	}
	// The final position as pgn-extract -F gives it.
	if got := finalFEN(t, g); got != "rn2kb1r/pp3ppp/2p1pn2/3p3b/8/1P1P1NPP/PBPqPPB1/RN2K2R w KQkq - 0 9" {
		t.Errorf("final position %s", got)
	}
	var b bytes.Buffer
	if err := Write(&b, g); err != nil {
		t.Fatal(err)
	}
	const movetext = "1. Nf3 d5 2. g3 c6 3. Bg2 Nf6 4. d3 Bg4 5. h3 Bh5 6. b3 e6 7. Bb2 Qa5+ 8. Qd2\nQxd2+ 1/2-1/2\n\n"
	if !strings.HasSuffix(b.String(), "[Eco \"A07\"]\n\n"+movetext) {
		t.Errorf("written:\n%s", b.String())
	}
}

// pgnExtractPath finds Debian's pgn-extract, or "" when it is not there.
func pgnExtractPath() string {
	if p, err := exec.LookPath("pgn-extract"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/pgn-extract"); err == nil {
		return "/usr/games/pgn-extract"
	}
	return ""
}

// TestPGNExtractAcceptsOutput has an independent PGN parser check what we
// write: pgn-extract reports every problem (illegal move, bad tag,
// inconsistent result) on stderr, and always exits with status 0.
func TestPGNExtractAcceptsOutput(t *testing.T) {
	tool := pgnExtractPath()
	if tool == "" {
		t.Skip("pgn-extract not installed")
	}
	var b bytes.Buffer
	for _, g := range readFile(t, bookFile)[:50] {
		if err := Write(&b, g); err != nil {
			t.Fatal(err)
		}
	}
	for seed := uint64(1); seed <= 10; seed++ {
		if err := Write(&b, randomGame(seed, 300)); err != nil {
			t.Fatal(err)
		}
	}
	fen := &Game{Tags: []Tag{{"Event", `quote " and \ backslash`}}, StartComment: "black to move"}
	start := mustFEN(t, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12")
	fen.SetStartPosition(start)
	for _, m := range movesFromSAN(t, start, "Kd7 e4 Ke6 e5") {
		fen.AddMove(m, "c")
	}
	if err := Write(&b, fen); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "out.pgn")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "extracted.pgn")
	var stderr bytes.Buffer
	cmd := exec.Command(tool, "-s", "-o", out, file)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("pgn-extract: %v\n%s", err, stderr.String())
	}
	if stderr.Len() > 0 {
		t.Fatalf("pgn-extract complains:\n%s", stderr.String())
	}
	// It must also have found every game, not silently skipped some.
	extracted, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := bytes.Count(extracted, []byte("[Event ")), 61; got != want {
		t.Errorf("pgn-extract kept %d games, want %d", got, want)
	}
}
