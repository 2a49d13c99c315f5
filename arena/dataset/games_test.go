package dataset

import (
	"bytes"
	"context"
	"io"
	"slices"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/core/pgn"
)

// playJobs plays a self-play run's games again, as Generate plays them.
func playJobs(t *testing.T, cfg Config) []arena.GameResult {
	t.Helper()
	pool := arena.NewPool(cfg.Players, 1, nil)
	defer pool.Close()
	games := make([]arena.GameResult, cfg.Games)
	if err := pool.Run(context.Background(), cfg.jobs(0), func(j arena.GameJob, res arena.GameResult) bool {
		games[j.ID] = res
		return false
	}); err != nil {
		t.Fatal(err)
	}
	return games
}

// firstOnly is samples less those whose position (move counters aside)
// an earlier one has.
func firstOnly(samples []Sample) (kept []Sample, dropped int) {
	seen := map[positionKey]bool{}
	for _, s := range samples {
		k := positionKey(s.Pos[:packedClocks])
		if seen[k] {
			dropped++
			continue
		}
		seen[k] = true
		kept = append(kept, s)
	}
	return kept, dropped
}

// A dataset imported from self-play's games, written as PGN and read
// back, is the dataset self-play made of them, less the positions an
// earlier game gave: the same positions drawn, labelled alike, the same
// games discarded.
func TestGamesImportIsSelfplay(t *testing.T) {
	cfg := testConfig(t, 10)
	cfg.PerGame, cfg.Options.MaxMoves = 12, 60 // some games reach the move limit
	cfg.Book = nil                             // every game from the start: some positions come again
	st := generate(t, cfg, nil)
	games := playJobs(t, cfg)
	var buf bytes.Buffer
	for i := range games {
		if err := arena.WriteGamePGN(&buf, &games[i], "", ""); err != nil {
			t.Fatal(err)
		}
	}
	im, err := NewGamesImport(cfg.rules())
	if err != nil {
		t.Fatal(err)
	}
	r := pgn.NewReader(&buf)
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		res, err := arena.GameFromPGN(g)
		if err != nil {
			t.Fatal(err)
		}
		if err := im.Add(&res); err != nil {
			t.Fatal(err)
		}
	}
	want, dups := firstOnly(st.Set.Samples)
	if im.Games != cfg.Games || im.Discarded != st.Discarded || im.Duplicates != dups || !slices.Equal(im.Set.Samples, want) {
		t.Fatalf("import: %s; self-play: %d discarded, %d samples, %d of them again", im, st.Discarded, len(st.Set.Samples), dups)
	}
	if im.Endings[arena.ReasonMaxMoves] == 0 || len(want) == 0 || dups == 0 {
		t.Fatalf("%s, endings %v: no game at the move limit, no samples or no duplicate, the test shows less than it says", im, im.Endings)
	}
}

func TestGamesImportDuplicates(t *testing.T) {
	// The same game twice, then with another result: its positions are
	// kept once, as the first game had them.
	pos := core.NewPosition()
	res := arena.GameResult{StartFEN: core.StartFEN, Outcome: core.BlackWins, Reason: arena.ReasonCheckmate}
	for _, s := range []string{"f3", "e5", "g4", "Qh4#"} {
		m, err := pos.ParseSAN(s)
		if err != nil {
			t.Fatal(err)
		}
		res.Moves = append(res.Moves, arena.MoveRecord{Move: m})
		pos.MakeMove(m)
	}
	im, err := NewGamesImport(Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if err := im.Add(&res); err != nil {
		t.Fatal(err)
	}
	first := slices.Clone(im.Set.Samples)
	if len(first) == 0 {
		t.Fatal("no samples")
	}
	again := res
	again.Outcome, again.Reason = core.WhiteWins, arena.ReasonResign
	for _, g := range []*arena.GameResult{&res, &again} {
		if err := im.Add(g); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(im.Set.Samples, first) || im.Duplicates != 2*len(first) || im.Games != 3 {
		t.Errorf("%s; want the first game's %d samples", im, len(first))
	}
	// Untrusted endings and games that cannot be replayed.
	bad := res
	bad.Moves = slices.Clone(res.Moves)
	bad.Moves[1].Move = bad.Moves[0].Move
	for _, tc := range []struct {
		res  arena.GameResult
		want string
	}{
		{arena.GameResult{StartFEN: core.StartFEN, Outcome: core.Draw, Reason: arena.ReasonMaxMoves}, arena.ReasonMaxMoves},
		{arena.GameResult{StartFEN: core.StartFEN, Outcome: core.Draw}, "not known"},
		{arena.GameResult{StartFEN: core.StartFEN, Outcome: core.Ongoing, Reason: arena.ReasonCheckmate}, "unfinished"},
	} {
		if err := im.Add(&tc.res); err != nil || im.Endings[tc.want] != 1 {
			t.Errorf("%s: %v, endings %v", tc.want, err, im.Endings)
		}
	}
	if err := im.Add(&bad); err == nil || im.Games != 7 || im.Discarded != 3 {
		t.Errorf("an illegal move: %v; %s", err, im)
	}
}
