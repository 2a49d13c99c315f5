package tournament

import (
	"errors"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// The Tournament tab's modes: a finished tournament shows its results,
// enter replays a game and esc comes back, esc or n leave for the form;
// one stopped before any game ended goes straight back to the form and
// says why.
func TestTournamentModes(t *testing.T) {
	game := arena.GameResult{White: "full", Black: "seed000", StartFEN: core.StartFEN, Outcome: core.Draw, Reason: "agreed"}
	finished := func(tp *Page) {
		tp.Update(components.WorkEventMsg{Stream: tp.StreamID, Ev: arena.GameFinished{Game: 1, Result: game}})
		tp.Update(components.WorkDoneMsg{Stream: tp.StreamID, Rep: &arena.Report{Players: []string{"full", "seed000"}, Games: 1, Reason: "complete"}})
	}
	stopped := func(tp *Page) {
		tp.Update(components.WorkDoneMsg{Stream: tp.StreamID, Err: errors.New("cancelled")})
	}
	cases := []struct {
		name   string
		end    func(*Page)
		keys   string
		want   tourMode
		status string // what the status line has, if anything
	}{
		{"finished", finished, "", tourResults, "finished (complete)"},
		{"a game replayed", finished, "\r", tourReplay, ""},
		{"the replay left", finished, "\r\x1b", tourResults, ""},
		{"esc after the results", finished, "\x1b", tourSetup, ""},
		{"n after the results", finished, "n", tourSetup, ""},
		{"stopped before a game", stopped, "", tourSetup, "stopped: "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tp := testPage(t, 100, 30)
			tp.Update(common.ShownMsg{}) // the tab comes to the front
			c.end(tp)
			tuitest.Keys(tp, c.keys)
			if tp.mode != c.want || !strings.Contains(tp.Status, c.status) {
				t.Fatalf("mode %s, status %q; want %s and %q", tp.mode, tp.Status, c.want, c.status)
			}
			if c.want == tourSetup && (tp.report != nil || tp.results != nil) {
				t.Errorf("back at the form with a report %v and results %v", tp.report, tp.results)
			}
			tp.View() // every mode draws
		})
	}
}

// Sessions of one server whose tournaments end at the same moment keep
// every one, and the status line names the save, never where the server
// keeps it.
func TestSavesAtOnceKeepEveryOne(t *testing.T) {
	pagetest.SavesAtOnce(t, saves.Tournaments, New,
		func(p *Page) {
			p.Update(components.WorkDoneMsg{Rep: &arena.Report{Players: []string{"x", "y"}, Games: 2, Reason: "complete"}})
		}, func(p *Page) string { return p.Status }, "saved as tournament tui-")
}
