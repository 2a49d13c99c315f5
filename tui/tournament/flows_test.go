package tournament

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// testPage is the Tournament tab as a session without colour sees it,
// over an empty data directory, in a w × h window.
func testPage(t *testing.T, w, h int) *Page {
	return pagetest.Open(w, h, pagetest.TempEnv(t), New)
}

// A real program: start a small tournament and see the crosstable fill.
func TestFlowTournament(t *testing.T) {
	tp := testPage(t, 110, 40)
	tm := teatest.NewTestModel(t, &pagetest.Host{Page: tp}, teatest.WithInitialTermSize(110, 40))
	tm.Send(common.ShownMsg{}) // the tab comes to the front
	tm.Type("j")               // time control
	tm.Type("hhh")             // nodes=5000 → depth=1
	tm.Type("s")
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("finished (complete): 6 games"))
	}, teatest.WithDuration(60*time.Second))
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	if tp.table == nil || tp.table.Played != 6 {
		t.Fatalf("table %+v", tp.table)
	}
	v := tp.View()
	for _, want := range []string{"seed000", "seed001", "full", "×", "Elo"} {
		if !strings.Contains(v, want) {
			t.Errorf("crosstable view lacks %q:\n%s", want, v)
		}
	}
	// Saved as the command line saves one: its set-up, players and games.
	_, name, _ := strings.Cut(tp.Status, "saved as tournament ")
	rec, err := tp.Env.Data.LoadTournament(name)
	if err != nil {
		t.Fatalf("status %q: %v", tp.Status, err)
	}
	if want := []string{"--format", "round-robin", "--tc", "depth=1", "--rounds", "1"}; !slices.Equal(rec.Settings[:min(len(want), len(rec.Settings))], want) || len(rec.Players) != 3 {
		t.Errorf("saved with settings %q, players %q", rec.Settings, rec.Players)
	}
}

// A two-round selection shows its bracket: each pairing's games and who
// overwrote whom.
func TestFlowSelectionBracket(t *testing.T) {
	tp := testPage(t, 120, 40)
	tm := teatest.NewTestModel(t, &pagetest.Host{Page: tp}, teatest.WithInitialTermSize(120, 40))
	tm.Send(common.ShownMsg{}) // the tab comes to the front
	tm.Type("ll")              // round-robin → selection
	tm.Type("j")               // time control
	tm.Type("hhh")             // depth=1
	tm.Type("s")
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("final line:")) },
		teatest.WithDuration(60*time.Second))
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	if len(tp.pairings) != 2 {
		t.Fatalf("%d pairings for 3 players, want 2", len(tp.pairings))
	}
	v := tp.View()
	if !strings.Contains(v, "Bracket") || !strings.Contains(v, "1. ") || !strings.Contains(v, "2. ") {
		t.Fatalf("no bracket:\n%s", v)
	}
}

// Two sessions of one server: the second watches the first's tournament
// live, and cannot stop it.
func TestFlowWatchAnotherSession(t *testing.T) {
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	hub := &common.Hub{}
	a := pagetest.Open(110, 40, pagetest.Env(t, d, hub, "alice"), New)
	b := pagetest.Open(110, 40, pagetest.Env(t, d, hub, "bob"), New)
	ta := teatest.NewTestModel(t, &pagetest.Host{Page: a}, teatest.WithInitialTermSize(110, 40))
	tb := teatest.NewTestModel(t, &pagetest.Host{Page: b}, teatest.WithInitialTermSize(110, 40))
	ta.Send(common.ShownMsg{}) // the tab comes to the front
	ta.Type("jhh")             // nodes=5000 → depth=2
	ta.Type("jlll")            // 4 rounds: 24 games
	ta.Type("s")
	outA := &tuitest.Screen{R: ta.Output()}
	tuitest.WaitFor(t, outA, "ETA")
	tb.Send(common.ShownMsg{})
	outB := &tuitest.Screen{R: tb.Output()}
	tuitest.WaitFor(t, outB, "live in another session: round-robin depth=2 of 3 players by alice")
	tb.Type("v")
	tuitest.WaitFor(t, outB, "watching round-robin")
	tb.Type("x")
	tuitest.WaitFor(t, outB, "only it can pause or stop it")
	tuitest.WaitFor(t, outB, "the tournament ended (complete)")
	tuitest.WaitFor(t, outA, "finished (complete): 24 games")
	for _, tm := range []*teatest.TestModel{ta, tb} {
		tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
		tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	}
	if w := b.table; w == nil || w.Played != 24 {
		t.Fatalf("the watcher's table: %+v", w)
	}
	if len(hub.Others(common.LiveTournament, nil)) != 0 {
		t.Fatal("the finished tournament is still listed")
	}
}
