package play

import (
	"os"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

const glaurung = "/usr/games/glaurung"

// A saved player that is a tuned engine (what the Evolution tab's K and
// saves keep store) plays in the Play tab, picked with p, and so does one
// the Evolution tab sends: each answers e4 (it once failed with "no
// chromosome").
func TestFlowEnginePlayerPlays(t *testing.T) {
	if _, err := os.Stat(glaurung); err != nil {
		t.Skip("glaurung is not installed")
	}
	tuned := arena.PlayerSpec{Name: "sent", Engine: glaurung, Proto: arena.ProtoUCI,
		Options: [][2]string{{"Threads", "1"}, {"OwnBook", "false"}, {"Space", "150"}}}
	for _, c := range []struct {
		name string
		pick func(*Page, *teatest.TestModel)
		says string
	}{
		{"saved", func(p *Page, tm *teatest.TestModel) {
			for _, o := range p.opponents() { // p from full to the saved player
				if o.name == "player tuned" {
					break
				}
				tm.Type("p")
			}
		}, "engine: player tuned"},
		{"sent", func(p *Page, tm *teatest.TestModel) {
			tm.Send(common.UseChromosomeMsg{Name: "run-x#best", Engine: &tuned})
		}, "the engine now plays run-x#best"},
	} {
		t.Run(c.name, func(t *testing.T) {
			env := pagetest.TempEnv(t)
			sp := &saves.Player{Name: "tuned", Engine: glaurung, Options: tuned.Options, Search: "strong", TC: "nodes=3000"}
			if err := env.Data.SavePlayer(sp, false); err != nil {
				t.Fatal(err)
			}
			p := pagetest.Open(100, 30, env, New)
			p.level = 0 // depth=1: a quick answer
			tm := teatest.NewTestModel(t, &pagetest.Host{Page: p}, teatest.WithInitialTermSize(100, 30))
			c.pick(p, tm) // opponents() reads the data directory alone: no race with the program
			out := &tuitest.Screen{R: tm.Output()}
			tuitest.WaitFor(t, out, c.says)
			tm.Type(":e4")
			tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
			tuitest.WaitFor(t, out, "1. e4")
			tuitest.WaitFor(t, out, "White to move")
			tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
			tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
			if len(p.sans) != 2 || strings.Contains(p.status, "chromosome") {
				t.Fatalf("moves %v, status %q", p.sans, p.status)
			}
		})
	}
}

// A saved player whose engine is no engine (cat) says so on the status
// line as soon as it is asked for a move, not after a move's timeout.
func TestFlowNotAnEngineSaysSo(t *testing.T) {
	if _, err := os.Stat("/bin/cat"); err != nil {
		t.Skip(err)
	}
	env := pagetest.TempEnv(t)
	if err := env.Data.SavePlayer(&saves.Player{Name: "kitty", Engine: "/bin/cat", Search: "strong", TC: "nodes=3000"}, false); err != nil {
		t.Fatal(err)
	}
	p := pagetest.Open(120, 30, env, New)
	p.level = 4 // nodes=20000: before, the engine's move waited for its 60 s timeout
	tm := teatest.NewTestModel(t, &pagetest.Host{Page: p}, teatest.WithInitialTermSize(120, 30))
	for _, o := range p.opponents() {
		if o.name == "player kitty" {
			break
		}
		tm.Type("p")
	}
	out := &tuitest.Screen{R: tm.Output()}
	tuitest.WaitFor(t, out, "engine: player kitty")
	t0 := time.Now()
	tm.Type(":e4")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	defer func() {
		if t.Failed() {
			s := out.String()
			t.Logf("screen: %q", s[max(0, len(s)-3000):])
		}
	}()
	tuitest.WaitFor(t, out, "/bin/cat: not a UCI engine")
	if took := time.Since(t0); took > 5*time.Second {
		t.Errorf("said after %v", took)
	}
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}
