package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/evochess/evochess/tui/evolution"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// A real program: start a tiny evolution, see a generation, change a
// parameter and see it applied at the next generation.
func TestFlowEvolution(t *testing.T) {
	a := testApp(t, 110, 40)
	tm := teatest.NewTestModel(t, a, teatest.WithInitialTermSize(110, 40))
	tm.Type("3")
	tm.Type("jjjjj")                 // generations
	tm.Type(strings.Repeat("l", 16)) // 20 → 100
	tm.Type("jjh")                   // search (after the time limit): depth=3 → depth=2
	tm.Type("s")
	out := &tuitest.Screen{R: tm.Output()}
	tuitest.WaitFor(t, out, "generation 1 ")
	tm.Type("}") // population 5 → 7
	tuitest.WaitFor(t, out, "population 5 → 7")
	tm.Type("K") // keep the best as a player, under the name offered …
	tuitest.WaitFor(t, out, "as player: ")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	tuitest.WaitFor(t, out, "kept as player")
	tm.Type("2") // … and it is in the tournament list
	tuitest.WaitFor(t, out, "-best")
	tm.Type("3")
	tm.Type("x")
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("evolution tab at the end:\n%s", a.pages[tabEvolution].View())
		}
	})
	tuitest.WaitFor(t, out, "stopped after")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	ep := a.pages[tabEvolution].(*evolution.Page)
	if len(ep.Run().Changes) != 1 || ep.Run().Changes[0].Param != "population" || len(ep.Run().Population) != 7 {
		t.Fatalf("changes %+v, population %d", ep.Run().Changes, len(ep.Run().Population))
	}
}
