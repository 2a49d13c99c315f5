package cluster

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
)

// A remote game of an external engine at fixed nodes is the local one,
// move by move, and so is its engine's failure: glaurung 2.2 answers
// "bestmove (none)" at nodes=5000 where its first iteration needs more
// (8066 nodes, after these 22 plies of a tuning run's game with these
// weights, its hash filled by the game's earlier searches), locally as on
// a worker. A worker's report of it is held until a second word confirms
// it (verdict.go), and the run takes the same game as a local one.
func TestRemoteGlaurungGameIsTheLocalOne(t *testing.T) {
	const engine = "/usr/games/glaurung"
	if _, err := os.Stat(engine); err != nil {
		t.Skipf("%s is not installed", engine)
	}
	fixed := [][2]string{{"Threads", "1"}, {"OwnBook", "false"}, {"Hash", "16"}, {"Ponder", "false"}}
	genes := func(mm, me, pm, pe, sp, ag, sm, se string) [][2]string {
		return append(fixed[:len(fixed):len(fixed)], [][2]string{{"Mobility (Middle Game)", mm}, {"Mobility (Endgame)", me},
			{"Passed Pawns (Middle Game)", pm}, {"Passed Pawns (Endgame)", pe}, {"Space", sp}, {"Aggressiveness", ag},
			{"Pawn Structure (Middle Game)", sm}, {"Pawn Structure (Endgame)", se}}...)
	}
	players := []arena.PlayerSpec{
		{Name: "g16", Engine: engine, Proto: arena.ProtoUCI, HashMB: 16, Options: genes("166", "200", "0", "0", "200", "166", "34", "34")},
		{Name: "g17", Engine: engine, Proto: arena.ProtoUCI, HashMB: 16, Options: genes("200", "166", "33", "34", "166", "200", "0", "0")},
	}
	opt := arena.GameOptions{StartFEN: "rnbqkbnr/2pp1ppp/1p6/p3p3/2P1P3/3P4/PP3PPP/RNBQKBNR w KQkq - 0 4",
		TC: arena.TimeControl{Nodes: 5000}, MaxMoves: 200}
	jobs := []arena.GameJob{{ID: 0, White: 0, Black: 1, Options: opt}, {ID: 1, White: 1, Black: 0, Options: opt}}
	play := func(workers int, remote arena.Remote) *arena.Report {
		pool := arena.NewRemotePool(players, workers, remote, nil)
		defer pool.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		rep := &arena.Report{Results: make([]arena.GameResult, len(jobs))}
		if err := pool.Run(ctx, jobs, func(j arena.GameJob, r arena.GameResult) bool { rep.Results[j.ID] = r; return false }); err != nil {
			t.Fatal(err)
		}
		return rep
	}
	local := play(1, nil)
	if g := local.Results[0]; g.Reason != arena.ReasonIllegalMove || g.Detail != "(none)" || len(g.Moves) != 22 {
		t.Fatalf("glaurung's game: %s by %s (%s) after %d plies, want its bestmove (none) after 22", g.Outcome, g.Reason, g.Detail, len(g.Moves))
	}
	tc := newTestCluster(t, "")
	allow := engine + ",option.Threads=1,option.OwnBook=false,option.Hash=16,option.Ponder=false," +
		"option.Mobility*=*,option.Passed Pawns*=*,option.Space=*,option.Aggressiveness=*,option.Pawn Structure*=*"
	for _, name := range []string{"w1", "w2"} {
		tc.worker(WorkerConfig{Name: name, Engines: []string{allow}})
	}
	tc.waitSlots(4)
	run, err := tc.coord.Run(context.Background(), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	sameGames(t, local, play(0, run))
	if n := tc.coord.Counts().Held.Load(); n != 1 {
		t.Fatalf("%d results held, want glaurung's failure's; coordinator log:\n%s", n, tc.log.String())
	}
}
