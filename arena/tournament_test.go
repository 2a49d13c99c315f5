package arena

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

func mustSpec(t *testing.T, s string) PlayerSpec {
	t.Helper()
	ps, err := ParsePlayerSpec(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func testBook(t *testing.T) *Book {
	t.Helper()
	b, err := LoadBook("testdata/book200.epd")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRoundRobinStandingsAddUp(t *testing.T) {
	before := runtime.NumGoroutine()
	var pgn bytes.Buffer
	tour := &Tournament{
		Format:  RoundRobin,
		Players: []PlayerSpec{mustSpec(t, "name=full,depth=2"), mustSpec(t, "name=s3,chromosome=seed003,depth=2"), mustSpec(t, "name=s1,chromosome=seed001,depth=1")},
		Options: GameOptions{TC: TimeControl{Depth: 2}, MaxMoves: 60},
		Rounds:  2, Book: testBook(t), Seed: 7, Workers: 2, PGN: &pgn,
	}
	rep, err := tour.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 12 {
		t.Fatalf("%d games, want 12", rep.Games)
	}
	total := 0.0
	for i, st := range rep.Standings {
		total += st.Points
		if st.W+st.D+st.L != 8 || st.Points != float64(st.W)+0.5*float64(st.D) {
			t.Errorf("standing %d inconsistent: %+v", i, st)
		}
	}
	if total != 12 {
		t.Errorf("points add up to %v, want 12", total)
	}
	for i := range rep.Crosstable {
		for j := range rep.Crosstable {
			if i != j && rep.Crosstable[i][j]+rep.Crosstable[j][i] != float64(rep.CrossGames[i][j]) {
				t.Errorf("crosstable %d-%d does not add up", i, j)
			}
		}
	}
	if n := strings.Count(pgn.String(), "[Event "); n != 12 {
		t.Errorf("PGN has %d games", n)
	}
	checkPGNExtract(t, pgn.Bytes())
	time.Sleep(50 * time.Millisecond)
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("goroutines: %d before, %d after", before, after)
	}
}

func checkPGNExtract(t *testing.T, pgn []byte) {
	t.Helper()
	tool, err := exec.LookPath("pgn-extract")
	if err != nil {
		if _, e := os.Stat("/usr/games/pgn-extract"); e != nil {
			t.Log("pgn-extract not installed: skipping its check")
			return
		}
		tool = "/usr/games/pgn-extract"
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "games.pgn")
	os.WriteFile(in, pgn, 0o644)
	cmd := exec.Command(tool, "-s", "-o", filepath.Join(dir, "out.pgn"), in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Errorf("pgn-extract: %v %s", err, stderr.String())
	}
}

func TestSelectionAndKnockout(t *testing.T) {
	players := []PlayerSpec{mustSpec(t, "name=a,depth=1"), mustSpec(t, "name=b,chromosome=seed003,depth=1"),
		mustSpec(t, "name=c,chromosome=seed001,depth=1"), mustSpec(t, "name=d,depth=2"), mustSpec(t, "name=e,chromosome=seed004,depth=1")}
	sel := &Tournament{Format: Selection, Players: players, Options: GameOptions{TC: TimeControl{Depth: 1}, MaxMoves: 40}, Book: testBook(t), Seed: 3, Workers: 2}
	rep, err := sel.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Pairings) != 4 || len(rep.Final) != 5 || rep.Games != 8 {
		t.Fatalf("selection: %d pairings, final %v, %d games", len(rep.Pairings), rep.Final, rep.Games)
	}
	for _, pg := range rep.Pairings {
		if pg.PointsA+pg.PointsB != 2 || len(pg.Games) != 2 {
			t.Errorf("pairing %+v", pg)
		}
	}
	ko := &Tournament{Format: Knockout, Players: players, Options: GameOptions{TC: TimeControl{Depth: 1}, MaxMoves: 40}, Book: testBook(t), Seed: 3, Workers: 2}
	rep, err = ko.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// 5 players: 3 byes in round one, then 2 pairings, then the final = 4 matches.
	if len(rep.Pairings) != 4 || rep.Pairings[len(rep.Pairings)-1].Winner == "" {
		t.Fatalf("knockout pairings %+v", rep.Pairings)
	}
}

// The SPRT stops a match on its decision; with two workers games end out
// of order, and it tested the pairs both of whose games had ended: those
// counted again here from the games as they ended.
func TestMatchSPRTStopsEarly(t *testing.T) {
	m := &Tournament{Format: Match, Players: []PlayerSpec{mustSpec(t, "name=strong,depth=4"), mustSpec(t, "name=weak,chromosome=seed003,depth=1")},
		Options: GameOptions{TC: TimeControl{Depth: 4}, MaxMoves: 80}, Rounds: 200, Book: testBook(t), Seed: 1, Workers: 2,
		SPRT: &SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}}
	points := map[int][]float64{} // pair -> the strong player's points in its games ended
	m.OnResult = func(j GameJob, res *GameResult, _ *Table) {
		p := res.Score()
		if j.White == 1 {
			p = 1 - p
		}
		points[j.ID/2] = append(points[j.ID/2], p)
	}
	rep, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.SPRT == nil || rep.SPRT.Decision != "H1 accepted" || rep.Games >= 400 || rep.SPRT.Model != Pentanomial {
		t.Fatalf("SPRT %+v after %d games (%s)", rep.SPRT, rep.Games, rep.Reason)
	}
	var want PairCounts
	unpaired := 0
	for _, p := range points {
		if len(p) == 2 {
			want[int(2*(p[0]+p[1]))]++
		} else {
			unpaired += len(p)
		}
	}
	if rep.Pairs == nil || rep.Pairs.Ptnml != want || rep.Pairs.Unpaired != unpaired || 2*want.Pairs()+unpaired != rep.Games {
		t.Fatalf("pairs %+v, want %v with %d unpaired of %d games", rep.Pairs, want, unpaired, rep.Games)
	}
	if again := m.SPRT.TestPairs(want); rep.SPRT.Pairs != want.Pairs() || again.LLR != rep.SPRT.LLR {
		t.Errorf("SPRT %+v, want the LLR %.4f of %d pairs", rep.SPRT, again.LLR, want.Pairs())
	}
}

func TestTournamentWithBrokenEngineFinishes(t *testing.T) {
	path := fakeEngine(t)
	players := []PlayerSpec{mustSpec(t, "name=evo,depth=1"), mustSpec(t, "name=crashy,uci="+path+",args=-mode crash -after 2"),
		mustSpec(t, "name=liar,uci="+path+",args=-mode illegal -after 3")}
	tour := &Tournament{Format: RoundRobin, Players: players, Options: GameOptions{TC: TimeControl{Depth: 1}, MaxMoves: 30}, Rounds: 1, Workers: 2}
	rep, err := tour.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 6 {
		t.Fatalf("%d games", rep.Games)
	}
	reasons := map[string]int{}
	for _, g := range rep.Results {
		reasons[g.Reason]++
	}
	if reasons[ReasonCrashed] == 0 || reasons[ReasonIllegalMove] == 0 {
		t.Errorf("reasons %v", reasons)
	}
}

func TestMiddlegameStarts(t *testing.T) {
	ref := mustSpec(t, "name=ref,depth=2")
	fens, err := MiddlegameStarts(context.Background(), ref, testBook(t), 4, 10, TimeControl{Depth: 2}, 9)
	if err != nil {
		t.Fatal(err)
	}
	if len(fens) != 4 {
		t.Fatalf("%d starts", len(fens))
	}
	for _, fen := range fens {
		p, err := core.ParseFEN(fen)
		if err != nil || p.FullmoveNumber() < 10 || p.Status().Over() {
			t.Errorf("start %q (%v): want a live position after the opening plus 10 moves", fen, err)
		}
	}
	again, _ := MiddlegameStarts(context.Background(), ref, testBook(t), 4, 10, TimeControl{Depth: 2}, 9)
	if strings.Join(again, "|") != strings.Join(fens, "|") {
		t.Error("same seed and fixed depth gave different starts")
	}
}

func TestBuiltinBook(t *testing.T) {
	b, err := OpenBook(BuiltinBook)
	if err != nil || len(b.FENs) != 2000 {
		t.Fatalf("built-in book: %v, %d positions", err, len(b.FENs))
	}
	seq := b.Sequence(5, 1)
	if len(seq) != 5 || seq[0] == seq[1] {
		t.Errorf("sequence %v", seq)
	}
	if _, err := OpenBook("no/such/book.epd"); err == nil {
		t.Error("missing book gave no error")
	}
}
