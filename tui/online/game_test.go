package online

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// The clocks drawn are the server's reading less the time since, for the
// side to move while the clock runs; the other side's stands still.
func TestOnlineGameClocks(t *testing.T) {
	at := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		name         string
		running      bool
		over         bool
		toMove       core.Color
		white, black time.Duration // drawn 1.5s after AsOf
	}{
		{"white's turn", true, false, core.White, 58500 * time.Millisecond, 30 * time.Second},
		{"black's turn", true, false, core.Black, 60 * time.Second, 28500 * time.Millisecond},
		{"before the clocks start", false, false, core.White, 60 * time.Second, 30 * time.Second},
		{"over", true, true, core.White, 60 * time.Second, 30 * time.Second},
	}
	for _, c := range cases {
		g := &Game{loaded: true, view: lobby.GameView{Clock: [2]time.Duration{time.Minute, 30 * time.Second}, AsOf: at,
			Running: c.running, Over: c.over, ToMove: c.toMove}}
		now := at.Add(1500 * time.Millisecond)
		if w, b := g.ClockLeft(core.White, now), g.ClockLeft(core.Black, now); w != c.white || b != c.black {
			t.Errorf("%s: white %v black %v, want %v %v", c.name, w, b, c.white, c.black)
		}
	}
	g := &Game{loaded: true, view: lobby.GameView{Clock: [2]time.Duration{time.Second, time.Minute}, AsOf: at, Running: true}}
	if left := g.ClockLeft(core.White, at.Add(time.Hour)); left != 0 {
		t.Errorf("a clock past its flag shows %v", left)
	}
}

// A running clock ticks while its game is in front, and the tick stops
// when the tab goes behind another or the game ends.
func TestOnlineGameTicksOnlyWhenShown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	l := lobby.New(ctx, lobby.Config{})
	alice, _ := l.Join(tuitest.Person("alice"))
	bob, _ := l.Join(tuitest.Person("bob"))
	id, err := alice.Challenge(tuitest.Person("bob").ID, lobby.SeekSpec{TC: arena.TimeControl{Base: time.Minute}, Color: lobby.AsWhite})
	if err != nil {
		t.Fatal(err)
	}
	if err := bob.Answer(id, true); err != nil {
		t.Fatal(err)
	}
	game := bob.View().Mine[0]
	env := &common.Env{Ctx: ctx, Lobby: l, Session: alice}
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	st := common.NewStyles(r, true)
	m := New(env, st, common.DefaultKeyMap())
	m.refresh() // opens her game by itself
	if m.game == nil || !m.autoOpened {
		t.Fatal("her game did not open")
	}
	// Before the first moves the clocks stand, but the first move's
	// deadline counts down.
	if m.SetShown(true) == nil {
		t.Fatal("the first move's deadline does not tick")
	}
	if v := m.View(100, 30); !strings.Contains(v, "first move within 0:30 or aborted") {
		t.Errorf("the game's view lacks the first move's deadline:\n%s", v)
	}
	if err := alice.Move(game, "e4"); err != nil {
		t.Fatal(err)
	}
	if err := bob.Move(game, "e5"); err != nil {
		t.Fatal(err)
	}
	m.refresh()
	if !m.ticking {
		t.Fatal("her running clock does not tick")
	}
	if m.Update(gameTickMsg{m.tickGen}) == nil {
		t.Fatal("the tick stopped while the game is in front")
	}
	if m.Update(gameTickMsg{m.tickGen - 1}) != nil {
		t.Fatal("a stale tick started a second chain")
	}
	m.SetShown(false)
	if m.Update(gameTickMsg{m.tickGen}) != nil {
		t.Fatal("the clock ticks behind another tab")
	}
	if m.SetShown(true) == nil {
		t.Fatal("the clock does not tick again in front")
	}
	v := m.View(100, 30)
	for _, want := range []string{"to move: white", "last: e7e5", "» white alice (you)", "1. e4       e5"} {
		if !strings.Contains(v, want) {
			t.Errorf("the game's view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "first move within") {
		t.Errorf("the first move's deadline is shown after both moved:\n%s", v)
	}
	if err := alice.Resign(game); err != nil {
		t.Fatal(err)
	}
	m.refresh()
	if m.Update(gameTickMsg{m.tickGen}) != nil {
		t.Fatal("the clock of a game over ticks")
	}
}

// A clock over ten seconds shows whole seconds, so the game view is drawn
// again when the figure changes, not ten times a second; under ten
// seconds it shows tenths, and every countdown shown counts.
func TestOnlineGameTickIn(t *testing.T) {
	at := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	ms := time.Millisecond
	cases := []struct {
		name string
		view lobby.GameView
		want time.Duration
	}{
		{"a clock at 59.25s", lobby.GameView{Running: true, Clock: [2]time.Duration{59250 * ms, time.Minute}, AsOf: at}, 251 * ms},
		{"a clock on a whole second", lobby.GameView{Running: true, Clock: [2]time.Duration{time.Minute, time.Minute}, AsOf: at}, 1001 * ms},
		{"a clock under ten seconds", lobby.GameView{Running: true, Clock: [2]time.Duration{9 * time.Second, time.Minute}, AsOf: at}, 100 * ms},
		{"black's clock runs, white's is low", lobby.GameView{Running: true, ToMove: core.Black, Clock: [2]time.Duration{5 * time.Second, 30500 * ms}, AsOf: at}, 501 * ms},
		{"an absent player's 45.7s", lobby.GameView{Absent: [2]time.Time{{}, at.Add(45700 * ms)}}, 701 * ms},
		{"a first move due in 5s", lobby.GameView{FirstMoveBy: at.Add(5 * time.Second)}, 100 * ms},
		{"the nearest of two", lobby.GameView{Running: true, Clock: [2]time.Duration{40200 * ms, 0}, AsOf: at, Absent: [2]time.Time{{}, at.Add(20900 * ms)}}, 201 * ms},
	}
	for _, c := range cases {
		g := &Game{loaded: true, view: c.view}
		if got := g.tickIn(at); got != c.want {
			t.Errorf("%s: next tick in %v, want %v", c.name, got, c.want)
		}
	}
}
