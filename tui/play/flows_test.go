package play

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// testPage is the Play tab's board as a session without colour sees it,
// over an empty data directory, in a w × h window.
func testPage(t *testing.T, w, h int) *Page { return pagetest.Open(w, h, pagetest.TempEnv(t), New) }

func wantMate(t *testing.T, p *Page) {
	t.Helper()
	st := p.pos.Status()
	if st.Outcome != core.BlackWins || st.Reason != core.Checkmate {
		t.Fatalf("after %v: %v by %v, status %q", p.sans, st.Outcome, st.Reason, p.status)
	}
	if !strings.Contains(p.View(), "game over: 0-1, black wins by checkmate") {
		t.Fatal("the view does not say the game is over")
	}
}

// Fool's mate typed as SAN, two people on one screen ("m" three times).
func TestFlowMateBySAN(t *testing.T) {
	p := testPage(t, 100, 30)
	tuitest.Keys(p, "mmm")
	tuitest.Keys(p, ":f3\r:e5\r:g4\r")
	tuitest.Keys(p, ":Qx\r") // no such move: refused, the position kept
	if len(p.sans) != 3 || !p.statusBad {
		t.Fatalf("a bad move was not refused: %v %q", p.sans, p.status)
	}
	tuitest.Keys(p, "\x1b:Qh4\r")
	wantMate(t, p)
}

// The same mate with the cursor: arrows (hjkl) and enter.
func TestFlowMateByCursor(t *testing.T) {
	p := testPage(t, 100, 30)
	tuitest.Keys(p, "mmm")
	tuitest.Keys(p, "l\rk\r")         // e2 → f2, pick, f3, drop: f3
	tuitest.Keys(p, "hkkkk\rjj\r")    // f3 → e7, pick, e5: e5
	tuitest.Keys(p, "lljjj\rkk\r")    // e5 → g2, pick, g4: g4
	tuitest.Keys(p, "kkkkhhh\rllllj") // g4 → d8, pick, → h7 …
	tuitest.Keys(p, "jjj\r")          // … h4, drop: Qh4#
	wantMate(t, p)
}

// The same mate with mouse clicks on from and to squares.
func TestFlowMateByMouse(t *testing.T) {
	p := testPage(t, 100, 30)
	tuitest.Keys(p, "mmm")
	p.View() // lay the board out
	click := func(sq string) {
		s, _ := core.ParseSquare(sq)
		x := 2 + s.File()*p.in.Board.SqW + p.in.Board.SqW/2
		y := (7-s.Rank())*p.in.Board.SqH + p.in.Board.SqH/2
		p.Update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
		p.View()
	}
	for _, sq := range []string{"f2", "f3", "e7", "e5", "g2", "g4", "d8", "h4"} {
		click(sq)
	}
	wantMate(t, p)
}

// On a clock, the side whose time runs out loses, and says so.
func TestFlowClockRunsOut(t *testing.T) {
	p := testPage(t, 100, 30)
	tuitest.Keys(p, "mmm") // two people
	for p.level < len(engineLevels)-3 {
		tuitest.Keys(p, "+")
	}
	if p.clockTC == nil || p.clock[core.White] != time.Minute {
		t.Fatalf("level %s: no one-minute clock", engineLevels[p.level])
	}
	if !strings.Contains(p.View(), "clock  white 1:00") {
		t.Fatalf("no clock on screen:\n%s", p.View())
	}
	tuitest.Keys(p, ":e4\r")
	if p.clock[core.White] <= time.Minute { // +1 s increment, a few µs used
		t.Fatalf("white's clock %v after a move with increment", p.clock[core.White])
	}
	p.clock[core.Black] = time.Millisecond
	time.Sleep(2 * time.Millisecond)
	p.Update(clockTick{})
	if p.flagged != 2 || !strings.Contains(p.View(), "black lost on time") {
		t.Fatalf("flagged %d:\n%s", p.flagged, p.View())
	}
	tuitest.Keys(p, ":e5\r")
	if len(p.sans) != 1 {
		t.Fatal("a move was played after the flag fell")
	}
}

// "p" goes through the named players, saved players and external engines.
func TestOpponentsIncludeSavedAndExternal(t *testing.T) {
	p := testPage(t, 100, 30)
	p.env.Engines = []string{"/usr/games/stockfish", "/usr/games/phalanx", "/opt/other/engine"}
	c, _ := core.Player("seed004")
	if err := p.env.Data.SavePlayer(&saves.Player{Name: "champ", Chromosome: c, Search: "strong"}, false); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, o := range p.opponents() {
		names = append(names, o.name)
	}
	for _, want := range []string{"full", "seed004", "player champ", "stockfish (UCI)", "phalanx (xboard)", "engine (protocol detected)"} {
		if !slices.Contains(names, want) {
			t.Errorf("opponents %v lack %q", names, want)
		}
	}
}

func TestTakeBackReturnsToAPerson(t *testing.T) {
	cases := []struct {
		mode      int // index into playModes
		moves     string
		undone    int
		engineCmd bool // the engine must move after the take-back
	}{
		{0, "e4 e5", 2, false},                       // you v engine: back to your move
		{1, "e4", 1, true},                           // engine v you after its first move: it moves again
		{0, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#", 1, false}, // you mated it: your mating move comes back
		{2, "e4 e5 Nf3", 1, true},                    // engines: one move, and they go on
		{3, "e4 e5", 1, false},                       // two people: one move
	}
	for _, c := range cases {
		p := testPage(t, 100, 30)
		p.mode = c.mode
		for _, san := range strings.Fields(c.moves) {
			m, err := p.pos.ParseSAN(san)
			if err != nil {
				t.Fatal(err)
			}
			p.sans = append(p.sans, p.pos.SAN(m))
			p.pos.MakeMove(m)
		}
		before := len(p.sans)
		cmd := p.takeBack()
		if got := before - len(p.sans); got != c.undone {
			t.Errorf("mode %d after %q: took back %d, want %d", c.mode, c.moves, got, c.undone)
		}
		if (cmd != nil) != c.engineCmd || p.over() {
			t.Errorf("mode %d after %q: engine started %v, over %v", c.mode, c.moves, cmd != nil, p.over())
		}
		p.stopThinking()
	}
}
