package tui

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
	"github.com/evochess/evochess/tui/online"
)

// Programs sharing one lobby, as the sessions of a server do: each its
// own Env, App and lobby session, the same *lobby.Lobby.

func testLobby(t *testing.T, c common.LobbyConfig) *common.LobbyHost {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	host, err := common.StartLobby(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); host.Wait() })
	return host
}

// lobbyOf is the lobby side of the app's Play tab.
func lobbyOf(a *App) *online.Lobby { return a.pages[tabPlay].(*playTab).lobby }

// lobbyProgram is one session's running app.
type lobbyProgram struct {
	app  *App
	tm   *teatest.TestModel
	out  *tuitest.Screen
	end  context.CancelFunc // the session's end: its lobby session closes
	done bool
}

// lobbyWorld is a server's state for a flow: a data directory and the
// lobby its programs share.
func lobbyWorld(t *testing.T) (*saves.Dir, *common.LobbyHost) {
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return d, testLobby(t, common.LobbyConfig{Data: d})
}

// startLobbyProgram runs an app for u in host's lobby, saving into d.
func startLobbyProgram(t *testing.T, host *common.LobbyHost, d *saves.Dir, u lobby.User) *lobbyProgram {
	t.Helper()
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	ctx, cancel := context.WithCancel(context.Background())
	env := &common.Env{Ctx: ctx, Data: d, Workers: 1, Who: u.Name}
	if err := host.Join(env, u); err != nil {
		t.Fatal(err)
	}
	a := New(env, r, true)
	a.Update(tea.WindowSizeMsg{Width: 110, Height: 36})
	tm := teatest.NewTestModel(t, a, teatest.WithInitialTermSize(110, 36))
	p := &lobbyProgram{app: a, tm: tm, out: &tuitest.Screen{R: tm.Output()}, end: cancel}
	t.Cleanup(func() { p.quit(t) })
	return p
}

// quit ends the program and its session (a closed terminal).
func (p *lobbyProgram) quit(t *testing.T) {
	t.Helper()
	if p.done {
		return
	}
	p.done = true
	p.tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	p.tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	p.end()
}

// typeKeys types s: "\r" is enter, "\x1b" esc.
func (p *lobbyProgram) typeKeys(s string) {
	for _, k := range tuitest.KeyMsgs(s) {
		p.tm.Send(k)
	}
}

func (p *lobbyProgram) waitFor(t *testing.T, text string) {
	t.Helper()
	p.waitForSince(t, 0, text)
}

// drawn is how much the program has drawn so far, a mark for waitForSince.
func (p *lobbyProgram) drawn() int { return len(p.out.String()) }

// waitForSince waits for text in what the program has drawn since mark.
func (p *lobbyProgram) waitForSince(t *testing.T, mark int, text string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(p.out.String()[mark:], text) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q on %s's screen; it ends with:\n%s", text, p.app.env.Who, tail(p.out.String(), 3000))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func tail(s string, n int) string { return s[max(len(s)-n, 0):] }

// shown is the game a finished program showed last.
func (p *lobbyProgram) shown(t *testing.T) *online.Game {
	t.Helper()
	g := lobbyOf(p.app).Game()
	if g == nil {
		t.Fatalf("%s shows no game", p.app.env.Who)
	}
	return g
}

// playMoves types moves in turn after those played already, each once the
// mover's screen shows the move before it and then waiting for the other
// side's (and the watchers') to show it ("last: <uci>").
func playMoves(t *testing.T, white, black *lobbyProgram, watchers []*lobbyProgram, played []string, sans ...string) {
	t.Helper()
	pos := core.NewPosition()
	for _, san := range played {
		m, err := pos.ParseSAN(san)
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
	}
	for _, san := range sans {
		mover, other := white, black
		if pos.SideToMove() == core.Black {
			mover, other = black, white
		}
		m, err := pos.ParseSAN(san)
		if err != nil {
			t.Fatal(err)
		}
		mover.typeKeys(":" + san + "\r")
		for _, p := range append([]*lobbyProgram{other}, watchers...) {
			p.waitFor(t, "last: "+m.String())
		}
		pos.MakeMove(m)
	}
}

// Alice challenges Bob from the lobby's list, Bob, called from the board
// by the tab bar's notice, accepts; Carol watches; fool's mate ends it on
// every screen, with the rating change, and the PGN is saved.
func TestLobbyFlowChallengeToMate(t *testing.T) {
	d, host := lobbyWorld(t)
	alice := startLobbyProgram(t, host, d, tuitest.Person("alice"))
	bob := startLobbyProgram(t, host, d, tuitest.Person("bob"))
	carol := startLobbyProgram(t, host, d, tuitest.Person("carol"))

	alice.typeKeys("L") // the lobby: alice (me), bob, carol online
	alice.waitFor(t, "Online (3)")
	alice.typeKeys("jc") // bob, challenge
	alice.waitFor(t, "Challenge bob")
	alice.typeKeys("jljj\r") // colour → white, down to the send line
	alice.waitFor(t, "challenged bob to 5+0 rated, white")

	bob.waitFor(t, "challenge from alice: 5+0 rated, alice white") // on the tab bar, while at the board
	bob.typeKeys("La")
	alice.waitFor(t, "to move: white") // the game opened by itself
	bob.waitFor(t, "to move: white")

	carol.typeKeys("L")
	carol.waitFor(t, "alice v bob")
	carol.typeKeys("w")
	carol.waitFor(t, "1 watching")

	playMoves(t, alice, bob, []*lobbyProgram{carol}, nil, "f3", "e5", "g4", "Qh4#")
	for _, p := range []*lobbyProgram{alice, bob, carol} {
		p.waitFor(t, "game over: 0-1, black wins by checkmate")
		p.waitFor(t, "rating: alice -")
	}
	alice.waitFor(t, "saved as games/")
	bob.waitFor(t, "saved as games/")
	alice.typeKeys("\x1b") // back to the lists: the game is among those ended
	alice.waitFor(t, "alice v bob  5+0  0-1, black wins by checkmate")
	for _, p := range []*lobbyProgram{alice, bob, carol} {
		p.quit(t)
	}

	// Each saw it from their side: bob's board turned, carol's white at
	// the bottom; every view holds the whole game.
	for _, c := range []struct {
		p       *lobbyProgram
		role    lobby.Role
		flipped bool
	}{{alice, lobby.PlaysWhite, false}, {bob, lobby.PlaysBlack, true}, {carol, lobby.Spectator, false}} {
		var v lobby.GameView
		flipped := false
		if c.p == alice {
			v = lobbyOf(alice.app).Ended()[0] // she has gone back to the lists
		} else {
			g := c.p.shown(t)
			v, flipped = g.Seen(), g.Flipped()
		}
		if v.Role != c.role || flipped != c.flipped || len(v.Moves) != 4 || v.Reason != "checkmate" {
			t.Errorf("%s: role %v flipped %v, %d moves, %q", c.p.app.env.Who, v.Role, flipped, len(v.Moves), v.Reason)
		}
	}
	// In open access one copy, in the shared games/ folder.
	files, _ := filepath.Glob(filepath.Join(d.Root, saves.Games, "*.pgn"))
	if len(files) != 1 {
		t.Fatalf("%d PGN files: %v", len(files), files)
	}
	pgnText, _ := os.ReadFile(files[0])
	for _, want := range []string{`[White "alice"]`, `[Black "bob"]`, `[Result "0-1"]`, "Qh4#"} {
		if !strings.Contains(string(pgnText), want) {
			t.Errorf("the PGN lacks %s:\n%s", want, pgnText)
		}
	}
	// The ladder has both, on disk too (written off the lobby's path).
	deadline := time.Now().Add(10 * time.Second)
	for {
		l, err := d.LoadLadder()
		if err == nil && len(l) == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("ladder on disk: %+v, %v", l, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// challenge has a offer b a game on spec through the lobby itself (the
// flows above test the form), and returns the challenge.
func challenge(t *testing.T, a, b *lobbyProgram, spec lobby.SeekSpec) lobby.ChallengeID {
	t.Helper()
	id, err := a.app.env.Session.Challenge(b.app.env.Session.User().ID, spec)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// The server's clock decides: once both have made their first move,
// white's second (of one second) runs out with nobody typing, and both
// screens say so.
func TestLobbyFlowFlagFalls(t *testing.T) {
	d, host := lobbyWorld(t)
	alice := startLobbyProgram(t, host, d, tuitest.Person("alice"))
	bob := startLobbyProgram(t, host, d, tuitest.Person("bob"))
	challenge(t, alice, bob, lobby.SeekSpec{TC: arena.TimeControl{Base: time.Second}, Color: lobby.AsWhite, Rated: true})
	bob.waitFor(t, "challenge from alice: 1s+0 rated, alice white")
	bob.typeKeys("La")
	alice.waitFor(t, "to move: white")
	playMoves(t, alice, bob, nil, nil, "e4", "e5") // the clock runs from black's first move
	start := time.Now()
	for _, p := range []*lobbyProgram{alice, bob} {
		p.waitFor(t, "game over: 0-1, black wins on time")
	}
	if took := time.Since(start); took < 900*time.Millisecond {
		t.Errorf("white's flag fell after %v of a one-second clock", took)
	}
	alice.quit(t)
	bob.quit(t)
	g := alice.shown(t)
	if g.Seen().Reason != "time" || g.Seen().Result != core.BlackWins || g.ClockLeft(core.White, time.Now()) != 0 {
		t.Fatalf("%v by %q, white's clock %v", g.Seen().Result, g.Seen().Reason, g.ClockLeft(core.White, time.Now()))
	}
}

// Alice's terminal closes mid-game: Bob sees her gone and the countdown
// to her loss; she connects again (a new app, the same key) and is back
// in the game, her clock having run meanwhile, and plays on.
func TestLobbyFlowReconnect(t *testing.T) {
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	host := testLobby(t, common.LobbyConfig{Data: d, Reconnect: time.Minute})
	alice := startLobbyProgram(t, host, d, tuitest.Person("alice"))
	bob := startLobbyProgram(t, host, d, tuitest.Person("bob"))
	id := challenge(t, alice, bob, lobby.SeekSpec{TC: arena.TimeControl{Base: 5 * time.Minute}, Color: lobby.AsWhite})
	if err := bob.app.env.Session.Answer(id, true); err != nil {
		t.Fatal(err)
	}
	alice.waitFor(t, "to move: white") // opened by itself, from the board
	bob.waitFor(t, "to move: white")
	playMoves(t, alice, bob, nil, nil, "e4", "e5")

	alice.quit(t) // her session closes; white's clock runs on
	bob.waitFor(t, "alice has left: back within")
	time.Sleep(time.Second)

	back := startLobbyProgram(t, host, d, tuitest.Person("alice"))
	back.waitFor(t, "last: e7e5") // the game, open again by itself
	playMoves(t, back, bob, nil, []string{"e4", "e5"}, "Nf3")
	bob.quit(t) // first: alice leaving again would be news to him
	back.quit(t)
	g := back.shown(t)
	if g.Seen().ID != bob.shown(t).Seen().ID {
		t.Fatalf("back in game %d, bob in %d", g.Seen().ID, bob.shown(t).Seen().ID)
	}
	// Her clock: five minutes less the second she was away (and her
	// moves), no increment; his has barely moved.
	if left := g.Seen().Clock[core.White]; left > 5*time.Minute-time.Second {
		t.Errorf("white's clock %v: it did not run while she was away", left)
	}
	if gb := bob.shown(t); !gb.Seen().Absent[core.White].IsZero() || len(gb.Seen().Moves) != 3 {
		t.Errorf("bob's view: white absent until %v, %d moves", gb.Seen().Absent[core.White], len(gb.Seen().Moves))
	}
}

// The keys of a game: a takeback asked for and granted, a draw offered
// and declined, a resignation confirmed.
func TestLobbyFlowOffersAndResign(t *testing.T) {
	d, host := lobbyWorld(t)
	alice := startLobbyProgram(t, host, d, tuitest.Person("alice"))
	bob := startLobbyProgram(t, host, d, tuitest.Person("bob"))
	challenge(t, alice, bob, lobby.SeekSpec{TC: arena.TimeControl{Base: 5 * time.Minute}, Color: lobby.AsWhite})
	bob.waitFor(t, "challenge from alice")
	bob.typeKeys("La")
	alice.waitFor(t, "to move: white")
	playMoves(t, alice, bob, nil, nil, "e4", "e5", "Nf3")

	bob.typeKeys("u") // his e5 and her Nf3 go
	alice.waitFor(t, "bob offers a takeback: y accepts, n declines")
	before := bob.drawn()
	alice.typeKeys("y")
	bob.waitForSince(t, before, "last: e2e4")           // he moves once his screen has the takeback
	playMoves(t, alice, bob, nil, []string{"e4"}, "e6") // legal only with the pawn back on e7

	alice.typeKeys("D")
	alice.waitFor(t, "you offered a draw: waiting for an answer")
	bob.waitFor(t, "alice offers a draw: y accepts, n declines")
	bob.typeKeys("n")
	bob.waitFor(t, "declined")

	bob.typeKeys("R")
	bob.waitFor(t, "resign this game? y resigns")
	bob.typeKeys("y")
	for _, p := range []*lobbyProgram{alice, bob} {
		p.waitFor(t, "game over: 1-0, white wins by resignation")
	}
	alice.quit(t)
	bob.quit(t)
	if g := alice.shown(t); len(g.Seen().SAN) != 2 || g.Seen().SAN[1] != "e6" || g.Seen().Offer.Kind != lobby.NoOffer {
		t.Fatalf("moves %v, offer %+v", g.Seen().SAN, g.Seen().Offer)
	}
}
