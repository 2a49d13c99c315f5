package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/evochess/evochess/core"
)

// The terminal the scripted players ask for: big enough that the Play
// tab's move list has room, "dumb" so the app draws letters and no
// colours (the README's TERM=dumb).
const (
	termRows, termCols = 40, 120
	termType           = "dumb"
)

// sshPlayer is one scripted person at a terminal: it connects, goes to the
// Play tab (where the app opens), turns the engine down to its smallest
// budget, and plays games by typing ":" and a move, reading the engine's
// answers off the screen. Each session plays gamesPerSession games and
// quits with "q", so sessions are opened and closed all through the soak.
type sshPlayer struct {
	id              int
	addr            string
	maxPlies        int
	gamesPerSession int
	wait            time.Duration // the longest any one screen change may take
	stats           *clientStats
	rng             *rand.Rand
}

// run plays until soft ends, then finishes the game in progress (unless
// hard ends first: then that game counts as unfinished).
func (p *sshPlayer) run(soft, hard context.Context) {
	for soft.Err() == nil && hard.Err() == nil {
		if err := p.session(soft, hard); err != nil {
			p.stats.fail(fmt.Sprintf("ssh client %d: %v", p.id, err))
			// A pause before reconnecting: a refused or broken session
			// must not turn into a connection flood.
			select {
			case <-time.After(time.Second):
			case <-hard.Done():
			}
		}
	}
}

// term is one SSH session with a PTY: keys in, screen out.
type term struct {
	client *gossh.Client
	sess   *gossh.Session
	in     io.Writer
	scr    *screen
	done   chan error // the session's end (Wait)
}

func (p *sshPlayer) dial(ctx context.Context) (*term, error) {
	// No key: a guest of the open lobby, let in by keyboard-interactive
	// with no questions ("none" is refused so that clients offer keys).
	guest := gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })
	cfg := &gossh.ClientConfig{User: fmt.Sprintf("soak%02d", p.id), Auth: []gossh.AuthMethod{guest}, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: p.wait}
	client, err := gossh.Dial("tcp", p.addr, cfg)
	if err != nil {
		return nil, err
	}
	t := &term{client: client, scr: newScreen(termRows, termCols), done: make(chan error, 1)}
	go func() { // the connection ends with the context: no goroutine outlives the soak
		select {
		case <-ctx.Done():
			client.Close()
		case <-t.done:
		}
	}()
	fail := func(err error) (*term, error) {
		client.Close()
		close(t.done) // no session to wait for: the goroutine above may go
		return nil, err
	}
	if t.sess, err = client.NewSession(); err != nil {
		return fail(err)
	}
	if err := t.sess.RequestPty(termType, termRows, termCols, gossh.TerminalModes{}); err != nil {
		return fail(err)
	}
	t.sess.Stdout = t.scr
	if t.in, err = t.sess.StdinPipe(); err != nil {
		return fail(err)
	}
	if err := t.sess.Shell(); err != nil {
		return fail(err)
	}
	go func() { t.done <- t.sess.Wait(); close(t.done) }()
	// No answers to terminal queries (background colour, device
	// attributes): for a "dumb" terminal the app asks none, and answers
	// nobody asked for would arrive as keys (":" opens the move prompt).
	return t, nil
}

func (t *term) send(keys string) error {
	_, err := io.WriteString(t.in, keys)
	return err
}

func (t *term) close() {
	t.sess.Close()
	t.client.Close()
}

var errStall = errors.New("stalled")

// waitFor waits until ok holds for the screen, the session ends, or
// wait passes (a stall: the error shows what the screen held).
func (t *term) waitFor(ctx context.Context, wait time.Duration, what string, ok func(lines []string) bool) error {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		if ok(t.scr.lines()) {
			return nil
		}
		select {
		case <-t.scr.changed:
		case err := <-t.done:
			return fmt.Errorf("the session ended (%v) waiting for %s; screen:\n%s", err, what, t.scr.text())
		case <-timer.C:
			return fmt.Errorf("%w: no %s within %v; screen:\n%s", errStall, what, wait, t.scr.text())
		case <-ctx.Done():
			return fmt.Errorf("cut off by the end of the soak waiting for %s", what)
		}
	}
}

func contains(text string) func([]string) bool {
	return func(lines []string) bool {
		for _, l := range lines {
			if strings.Contains(l, text) {
				return true
			}
		}
		return false
	}
}

// moveRowRE is a row of the Play tab's move list ("  12. Nf3     Nc6"),
// at the end of a screen line (the board is left of it).
var moveRowRE = regexp.MustCompile(`(?:^|\s)(\d+)\. (\S+)(?: +(\S+))?$`)

// moveRow finds move number n's row: white's SAN and black's ("" not yet).
func moveRow(lines []string, n int) (white, black string, ok bool) {
	for _, l := range lines {
		m := moveRowRE.FindStringSubmatch(l)
		if m != nil && m[1] == strconv.Itoa(n) {
			return m[2], m[3], true
		}
	}
	return "", "", false
}

// session opens a session, plays its games and quits. A game that goes
// wrong ends the session with an error (and counts as unfinished).
func (p *sshPlayer) session(soft, hard context.Context) error {
	t, err := p.dial(hard)
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer t.close()
	p.stats.sessions.Add(1)
	if err := t.waitFor(hard, p.wait, "the tab bar", contains("Tournament")); err != nil {
		return err
	}
	if err := p.weakest(hard, t); err != nil {
		return err
	}
	for g := 0; g < p.gamesPerSession && soft.Err() == nil; g++ {
		if g > 0 {
			if err := p.newGame(hard, t); err != nil {
				return err
			}
		}
		p.stats.started.Add(1)
		capped, err := p.game(hard, t)
		if err != nil {
			p.stats.unfinished.Add(1)
			return err
		}
		if capped {
			p.stats.capped.Add(1)
		} else {
			p.stats.finished.Add(1)
		}
	}
	// Quit as a person would; the session must then end by itself.
	t.send("q")
	select {
	case <-t.done:
		return nil
	case <-time.After(p.wait):
		return errors.New("q did not end the session")
	case <-hard.Done():
		return nil
	}
}

// weakest presses "-" until the engine is at its smallest budget
// (depth=1), one key at a time: keys typed together arrive as one
// string, which matches no binding.
func (p *sshPlayer) weakest(ctx context.Context, t *term) error {
	level := func(lines []string) string {
		for _, l := range lines {
			if _, after, ok := strings.Cut(l, "engine level "); ok {
				return after
			}
		}
		return ""
	}
	for i := 0; i < 15; i++ {
		before := level(t.scr.lines())
		if strings.HasPrefix(before, "depth=1 ") {
			return nil
		}
		t.send("-")
		if err := t.waitFor(ctx, p.wait, "a lower engine level", func(l []string) bool {
			now := level(l)
			return now != "" && now != before
		}); err != nil {
			return err
		}
	}
	return errors.New("the engine level did not come down to depth=1")
}

// newGame presses "n" and waits for what it promises: no moves, no
// result, white to move. (The status line's "new game" is no sign: the
// help line always says "n new game".)
func (p *sshPlayer) newGame(ctx context.Context, t *term) error {
	t.send("n")
	return t.waitFor(ctx, p.wait, "a new game", func(l []string) bool {
		_, _, moved := moveRow(l, 1)
		return !moved && !contains("game over:")(l) && contains("White to move")(l)
	})
}

// game plays white against the engine until the rules end the game
// (false) or maxPlies pass (true: the script abandons it). The harness
// keeps its own position, checks every move the screen shows against
// it, and picks a random legal move, typed as SAN or UCI.
func (p *sshPlayer) game(ctx context.Context, t *term) (capped bool, err error) {
	pos := core.NewPosition()
	for !pos.Status().Over() {
		if pos.Ply() >= p.maxPlies {
			return true, nil
		}
		m := randomMove(pos, p.rng)
		n, san := pos.FullmoveNumber(), pos.SAN(m)
		typed := san
		if p.rng.IntN(2) == 0 {
			typed = m.String()
		}
		t.send(":")
		if err := t.waitFor(ctx, p.wait, "the move prompt", contains("a move: e4")); err != nil {
			return false, err
		}
		t.send(typed + "\r")
		pos.MakeMove(m)
		over := pos.Status().Over()
		var black string
		err := t.waitFor(ctx, p.wait, fmt.Sprintf("move %d %s (typed %q) and the engine's answer", n, san, typed), func(l []string) bool {
			w, b, ok := moveRow(l, n)
			if !ok || w != san {
				return false
			}
			black = b
			return over || b != ""
		})
		if err != nil {
			return false, err
		}
		p.stats.moves.Add(1)
		if over {
			break
		}
		reply, err := pos.ParseMove(black)
		if err != nil {
			return false, fmt.Errorf("the screen shows the engine's move %d %q, not legal here: %v", n, black, err)
		}
		pos.MakeMove(reply)
	}
	result := map[core.Outcome]string{core.WhiteWins: "1-0", core.BlackWins: "0-1", core.Draw: "½-½"}[pos.Status().Outcome]
	if err := t.waitFor(ctx, p.wait, "game over: "+result, contains("game over: "+result)); err != nil {
		return false, err
	}
	return false, nil
}

// randomMove picks a legal move, half the time among the captures and
// promotions when there are some: material comes off the board, so games
// reach their end (mate, a draw by the rules) sooner.
func randomMove(pos *core.Position, rng *rand.Rand) core.Move {
	moves := pos.LegalMoves()
	var sharp []core.Move
	for _, m := range moves {
		if m.IsCapture() || m.IsPromotion() {
			sharp = append(sharp, m)
		}
	}
	if len(sharp) > 0 && rng.IntN(2) == 0 {
		return sharp[rng.IntN(len(sharp))]
	}
	return moves[rng.IntN(len(moves))]
}
