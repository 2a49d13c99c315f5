package arena

import (
	"context"
	"os"
	"slices"
	"testing"
)

const glaurungPath = "/usr/games/glaurung"

func needGlaurung(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(glaurungPath); err != nil {
		t.Skip("no " + glaurungPath)
	}
}

// A real engine played in a process that served other options before
// plays the game a fresh process plays: setoption and ucinewgame leave
// nothing of the last player behind, so reusing processes keeps a run at
// fixed nodes reproducible.
func TestReusedGlaurungPlaysAsAFreshOne(t *testing.T) {
	needGlaurung(t)
	player := func(name, space string) PlayerSpec {
		return PlayerSpec{Name: name, Engine: glaurungPath, Proto: ProtoUCI,
			Options: [][2]string{{"Threads", "1"}, {"OwnBook", "false"}, {"Space", space}, {"Mobility (Middle Game)", space}}}
	}
	players := []PlayerSpec{player("p", "150"), player("q", "40")}
	opt := GameOptions{StartFEN: "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3", TC: TimeControl{Nodes: 3000}, MaxMoves: 30}
	moves := func(workers int, jobs []GameJob) [][]string {
		pool := NewPool(players, workers, nil)
		defer pool.Close()
		out := make([][]string, len(jobs))
		pool.Run(context.Background(), jobs, func(j GameJob, r GameResult) bool {
			for _, m := range r.Moves {
				out[j.ID] = append(out[j.ID], m.SAN)
			}
			return false
		})
		return out
	}
	fresh := moves(1, []GameJob{{ID: 0, White: 0, Black: 1, Options: opt}})[0]
	reused := moves(1, []GameJob{{ID: 0, White: 1, Black: 0, Options: opt}, {ID: 1, White: 1, Black: 1, Options: opt}, {ID: 2, White: 0, Black: 1, Options: opt}})[2]
	if len(fresh) < 10 || !slices.Equal(fresh, reused) {
		t.Fatalf("fresh process:\n %v\nreused one:\n %v", fresh, reused)
	}
}
