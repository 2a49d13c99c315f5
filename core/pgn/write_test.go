package pgn

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/evochess/evochess/core"
)

// movesFromSAN plays SAN moves from start and returns them.
func movesFromSAN(t testing.TB, start *core.Position, sans string) []core.Move {
	t.Helper()
	p := start.Clone()
	var moves []core.Move
	for _, s := range strings.Fields(sans) {
		m, err := p.ParseSAN(s)
		if err != nil {
			t.Fatalf("test setup: %v", err)
		}
		p.MakeMove(m)
		moves = append(moves, m)
	}
	return moves
}

func mustFEN(t testing.TB, fen string) *core.Position {
	t.Helper()
	p, err := core.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

const emptySTR = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"

func TestWrite(t *testing.T) {
	blackStart := "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12"
	tests := []struct {
		name     string
		tags     []Tag
		start    string // FEN, "" for the standard start
		sans     string
		comments []string
		intro    string
		result   core.Outcome
		want     string
	}{
		{
			name:   "seven tag roster first, in order, then the others",
			tags:   []Tag{{"ECO", "C20"}, {"White", "Alice"}, {"Event", "Club"}, {"Result", "0-1"}, {"Annotator", "me"}},
			sans:   "e4 e5",
			result: core.WhiteWins,
			want: "[Event \"Club\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Alice\"]\n" +
				"[Black \"?\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n[Annotator \"me\"]\n\n1. e4 e5 1-0\n\n",
		},
		{
			name: "empty game",
			want: emptySTR + "[Result \"*\"]\n\n*\n\n",
		},
		{
			name:     "black to move start from FEN, numbers after comments",
			tags:     []Tag{{"Event", "E"}, {"FEN", "stale"}, {"SetUp", "0"}},
			start:    blackStart,
			sans:     "Kd7 e4 Ke6 e5 Kf5",
			comments: []string{"", "+0.35/12 0.21s", "", "", "last"},
			result:   core.Draw,
			want: "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n" +
				"[Result \"1/2-1/2\"]\n[SetUp \"1\"]\n[FEN \"" + blackStart + "\"]\n\n" +
				"12... Kd7 13. e4 {+0.35/12 0.21s} 13... Ke6 14. e5 Kf5 {last} 1/2-1/2\n\n",
		},
		{
			name:     "start comment, comment clean-up",
			sans:     "e4 e5",
			intro:    "  an\nintro ",
			comments: []string{"a } b\t c"},
			want:     emptySTR + "[Result \"*\"]\n\n{an intro} 1. e4 {a b c} 1... e5 *\n\n",
		},
		{
			name: "tag values are escaped and kept on one line",
			tags: []Tag{{"Event", `say "hi" \o/`}, {"Site", "two\nlines"}},
			want: "[Event \"say \\\"hi\\\" \\\\o/\"]\n[Site \"two lines\"]\n" + emptySTR[len("[Event \"?\"]\n[Site \"?\"]\n"):] +
				"[Result \"*\"]\n\n*\n\n",
		},
		{
			name:   "checks, castling and promotion in SAN",
			start:  "r3k3/6P1/8/8/8/8/8/4K2R w Kq - 0 1",
			sans:   "O-O O-O-O g8=Q Rxg8+ Kh1 Kd7 Rf7+ Ke6",
			result: core.Ongoing,
			want: emptySTR + "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"r3k3/6P1/8/8/8/8/8/4K2R w Kq - 0 1\"]\n\n" +
				"1. O-O O-O-O 2. g8=Q Rxg8+ 3. Kh1 Kd7 4. Rf7+ Ke6 *\n\n",
		},
		{
			name:   "mate",
			sans:   "f3 e5 g4 Qh4#",
			result: core.BlackWins,
			want:   emptySTR + "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := core.NewPosition()
			if tc.start != "" {
				start = mustFEN(t, tc.start)
			}
			g := &Game{Tags: tc.tags, StartComment: tc.intro, Result: tc.result, Comments: tc.comments}
			g.SetStartPosition(start)
			g.Moves = movesFromSAN(t, start, tc.sans)
			var b bytes.Buffer
			if err := Write(&b, g); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", b.String(), tc.want)
			}
		})
	}
}

func TestWriteErrors(t *testing.T) {
	e4 := core.NewMove(core.MakeSquare(4, 1), core.MakeSquare(4, 3), core.FlagDoublePush)
	tests := []struct {
		name string
		game Game
		want string
	}{
		{
			name: "illegal move",
			game: Game{Moves: []core.Move{e4, e4}},
			want: "pgn: move 2 (e2e4) is not legal in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		},
		{
			name: "tag name PGN cannot express",
			game: Game{Tags: []Tag{{"My Tag", "x"}}},
			want: `pgn: tag name "My Tag" is not a PGN symbol (letters, digits and _)`,
		},
		{
			name: "bad FEN tag",
			game: Game{Tags: []Tag{{"SetUp", "1"}, {"FEN", "8/8 w - -"}}},
			want: `pgn: tag FEN: FEN field 1 (piece placement): "8/8" has 2 ranks, needs 8 separated by /`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			err := Write(&b, &tc.game)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if b.Len() != 0 {
				t.Errorf("wrote %q despite the error", b.String())
			}
		})
	}
}

// randomGame plays up to plies random legal moves from the start, with
// comments of assorted lengths, so the writer has to wrap lines.
func randomGame(seed uint64, plies int) *Game {
	rng := rand.New(rand.NewPCG(seed, 1))
	p := core.NewPosition()
	g := &Game{Tags: []Tag{{"Event", fmt.Sprintf("random %d", seed)}}}
	words := []string{"+0.35/12", "0.21s", "book", "%clk", "a-rather-long-word-for-wrapping", "{", "x"}
	for i := 0; i < plies && !p.Status().Over(); i++ {
		ml := p.LegalMoves()
		m := ml[rng.IntN(len(ml))]
		var c []string
		if rng.IntN(3) == 0 {
			for n := rng.IntN(25); n >= 0; n-- {
				c = append(c, words[rng.IntN(len(words))])
			}
		}
		g.AddMove(m, strings.Join(c, " "))
		p.MakeMove(m)
	}
	g.Result = p.Status().Outcome
	return g
}

func TestWriteLineLength(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g := randomGame(seed, 400)
		var b bytes.Buffer
		if err := Write(&b, g); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		for i, line := range strings.Split(text, "\n") {
			if len(line) > maxLine {
				t.Errorf("seed %d line %d has %d characters: %q", seed, i+1, len(line), line)
			}
			if strings.HasPrefix(line, "%") {
				t.Errorf("seed %d line %d would be read as an escape line: %q", seed, i+1, line)
			}
		}
		if !strings.HasSuffix(text, g.Result.String()+"\n\n") || !strings.Contains(text, "]\n\n") {
			t.Errorf("seed %d: no blank line after the tags or the game:\n%s", seed, text)
		}
		back, err := NewReader(strings.NewReader(text)).Next()
		if err != nil {
			t.Fatalf("seed %d: reading back: %v\n%s", seed, err, text)
		}
		checkSameGame(t, fmt.Sprint("seed ", seed), g, back)
	}
}

// checkSameGame compares two games move by move and comment by comment.
func checkSameGame(t *testing.T, what string, want, got *Game) {
	t.Helper()
	if uciString(got.Moves) != uciString(want.Moves) {
		t.Errorf("%s: moves differ:\n got %s\nwant %s", what, uciString(got.Moves), uciString(want.Moves))
	}
	for i := range want.Moves {
		if c, w := got.MoveComment(i), cleanComment(want.MoveComment(i)); c != w {
			t.Errorf("%s: comment after move %d is %q, want %q", what, i+1, c, w)
		}
	}
	if got.Result != want.Result {
		t.Errorf("%s: result %s, want %s", what, got.Result, want.Result)
	}
}

func TestGameTags(t *testing.T) {
	g := &Game{}
	g.SetTag("White", "A")
	g.SetTag("Black", "B")
	g.SetTag("White", "C")
	if got := tagString(g.Tags); got != "[White=C][Black=B]" {
		t.Errorf("after SetTag: %s", got)
	}
	if v, ok := g.LookupTag("Event"); ok || v != "" {
		t.Errorf("LookupTag(Event) = %q, %v on a game without it", v, ok)
	}
	g.DeleteTag("White")
	if got := tagString(g.Tags); got != "[Black=B]" {
		t.Errorf("after DeleteTag: %s", got)
	}
	p := mustFEN(t, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12")
	g.SetStartPosition(p)
	if g.Tag("SetUp") != "1" || g.Tag("FEN") != p.FEN() {
		t.Errorf("SetStartPosition: tags %s", tagString(g.Tags))
	}
	g.SetStartPosition(core.NewPosition())
	if got := tagString(g.Tags); got != "[Black=B]" {
		t.Errorf("SetStartPosition(start) left %s", got)
	}
}

func TestGameAddMoveAndFinalPosition(t *testing.T) {
	g := &Game{}
	moves := movesFromSAN(t, core.NewPosition(), "f3 e5 g4 Qh4#")
	g.Moves = moves[:1] // a game whose Comments were left nil
	for _, m := range moves[1:] {
		g.AddMove(m, "c "+m.String())
	}
	if len(g.Comments) != len(g.Moves) || g.MoveComment(0) != "" || g.MoveComment(3) != "c d8h4" || g.MoveComment(9) != "" {
		t.Errorf("comments after AddMove: %q", g.Comments)
	}
	p, err := g.FinalPosition()
	if err != nil {
		t.Fatal(err)
	}
	if st := p.Status(); st.Outcome != core.BlackWins {
		t.Errorf("final status %v, want black mates", st)
	}
	g.Moves = append(g.Moves, moves[0])
	if _, err := g.FinalPosition(); err == nil {
		t.Error("FinalPosition accepted a move after mate")
	}
}
