package arena

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/core"
)

// resumeCase is a tournament of fixed-node players, whose games are the
// same whoever plays them when: resumed from any set of its finished
// games, it must come to the table an uninterrupted run comes to.
type resumeCase struct {
	name    string
	format  string
	players []string
	rounds  int
	workers int
	sprt    *SPRT
}

func (c resumeCase) tournament(t *testing.T) *Tournament {
	var ps []PlayerSpec
	v2 := core.SearchParamsV2()
	for _, s := range c.players {
		spec := mustSpec(t, s)
		if c.sprt != nil {
			// Where an SPRT decides must not move with the program's
			// search defaults: its players search with set 2.
			PinSearch(&spec, &v2)
		}
		ps = append(ps, spec)
	}
	return &Tournament{Format: c.format, Players: ps, Options: GameOptions{TC: TimeControl{Nodes: 300}, MaxMoves: 40},
		Rounds: c.rounds, Book: testBook(t), Seed: 5, Workers: c.workers, SPRT: c.sprt}
}

// played runs t and returns its report and its games by job ID in the
// order they finished.
func played(t *testing.T, tour *Tournament) (*Report, []int, map[int]GameResult) {
	t.Helper()
	var order []int
	games := map[int]GameResult{}
	tour.OnResult = func(j GameJob, res *GameResult, _ *Table) {
		order = append(order, j.ID)
		games[j.ID] = *res
	}
	rep, err := tour.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return rep, order, games
}

// summary is what must not change by an interruption: the table, the
// pairings and the SPRT's verdict.
func summary(rep *Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d games (%s)\n", rep.Games, rep.Reason)
	for i := range rep.Players {
		fmt.Fprintf(&b, "%s %d-%d-%d %v\n", rep.Players[i], rep.Table.W[i], rep.Table.D[i], rep.Table.L[i], rep.Crosstable[i])
	}
	for _, p := range rep.Pairings {
		fmt.Fprintf(&b, "%d %s-%s %g-%g %v %s\n", p.Round, p.NameA, p.NameB, p.PointsA, p.PointsB, p.Games, p.Winner)
	}
	b.WriteString(strings.Join(rep.Final, " "))
	if rep.Pairs != nil {
		fmt.Fprintf(&b, "\nptnml %v, %d unpaired", rep.Pairs.Ptnml, rep.Pairs.Unpaired)
	}
	if rep.SPRT != nil {
		fmt.Fprintf(&b, "\nLLR %.4f %s %s over %d pairs", rep.SPRT.LLR, rep.SPRT.Model, rep.SPRT.Decision, rep.SPRT.Pairs)
	}
	return b.String()
}

func TestTournamentResumedFromFinishedGames(t *testing.T) {
	three := []string{"name=a", "name=b,chromosome=seed003", "name=c,chromosome=seed001"}
	five := append(slices.Clone(three), "name=d,chromosome=seed000", "name=e,chromosome=seed004")
	cases := []resumeCase{
		{"match", Match, three[:2], 4, 2, nil},
		// One worker: where an SPRT stops depends on the order games end.
		// Two seed presets, whose values never move, searching with a
		// set that does not either (tournament): full's retunes and a
		// new set of search defaults decided its games too early.
		{"match with an SPRT", Match, []string{"name=a,chromosome=seed003", "name=b,chromosome=seed001"}, 50, 1,
			&SPRT{Elo0: 0, Elo1: 100, Alpha: 0.1, Beta: 0.1}},
		// A match saved before pairs were recorded resumes trinomial.
		{"match with a trinomial SPRT", Match, []string{"name=a,chromosome=seed003", "name=b,chromosome=seed001"}, 50, 1,
			&SPRT{Elo0: 0, Elo1: 100, Alpha: 0.1, Beta: 0.1, Model: Trinomial}},
		{"round-robin", RoundRobin, three, 1, 2, nil},
		{"gauntlet", Gauntlet, three, 2, 2, nil},
		{"selection", Selection, five, 1, 2, nil},
		{"knockout", Knockout, five, 1, 2, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep, order, games := played(t, c.tournament(t))
			want := summary(rep)
			if c.sprt != nil && (rep.SPRT == nil || rep.SPRT.Decision == "" || rep.Games < 10 || rep.Games >= 2*c.rounds) {
				t.Fatalf("the SPRT did not stop the match after some games: %s", want)
			}
			// Interrupted after none, some, and all of the games.
			for _, k := range []int{0, 1, len(order) / 2, len(order) - 1, len(order)} {
				tour := c.tournament(t)
				tour.Finished = map[int]GameResult{}
				for _, id := range order[:k] {
					tour.Finished[id] = games[id]
				}
				again, replayedOrder, _ := played(t, tour)
				if got := summary(again); got != want {
					t.Errorf("resumed after %d games:\n%s\nwant\n%s", k, got, want)
				}
				if slices.ContainsFunc(replayedOrder, func(id int) bool { _, ok := tour.Finished[id]; return ok }) {
					t.Errorf("resumed after %d games: a finished game was played again", k)
				}
				if n := len(replayedOrder); n != len(order)-k {
					t.Errorf("resumed after %d games: %d played, want %d", k, n, len(order)-k)
				}
				if len(again.Results) != len(order) {
					t.Errorf("resumed after %d games: %d results, want %d", k, len(again.Results), len(order))
				}
			}
		})
	}
}

// Games played before that are not the tournament's are refused: a
// changed seed, other players, or a job the tournament does not have.
func TestTournamentResumeRefusesOtherGames(t *testing.T) {
	c := resumeCase{"match", Match, []string{"name=a", "name=b,chromosome=seed003"}, 2, 2, nil}
	_, order, games := played(t, c.tournament(t))
	first := games[order[0]]
	tests := []struct {
		name   string
		change func(*Tournament, map[int]GameResult)
		want   string
	}{
		{"another seed", func(tour *Tournament, f map[int]GameResult) { tour.Seed = 6 }, "settings or seed have changed"},
		{"players swapped", func(tour *Tournament, f map[int]GameResult) {
			tour.Players[0], tour.Players[1] = tour.Players[1], tour.Players[0]
		}, "settings or seed have changed"},
		{"a job too many", func(tour *Tournament, f map[int]GameResult) { f[99] = first }, "1 of the 2 games played before are not games of this tournament"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour := c.tournament(t)
			tour.Finished = map[int]GameResult{order[0]: first}
			tt.change(tour, tour.Finished)
			rep, err := tour.Run(context.Background())
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("report %v, error %v; want an error saying %q", rep != nil, err, tt.want)
			}
		})
	}
}
