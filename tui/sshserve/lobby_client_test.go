package sshserve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/evochess/evochess/core"
)

// A scripted player of the lobby over a real SSH connection: its own
// ed25519 key (so it is a Human of its own on the ladder), a PTY session,
// keys written to it as a person's terminal would send them, and its
// screen read back from the raw output stream. Bubble Tea rewrites a
// changed line whole, so a marker line such as "last: e7e5" arrives in one
// piece between escape sequences: the stream is cut into fragments at
// every escape sequence and control character, and a fragment is matched
// only once it is complete (the next separator has arrived).

// termSplitter cuts a terminal's output stream into its text fragments:
// escape sequences (CSI, OSC, DCS and the like, and two- or three-byte
// ESC sequences) and control characters separate them, and a sequence or
// fragment split across reads is carried over to the next.
type termSplitter struct {
	state int
	frag  []byte
}

// States of termSplitter between reads.
const (
	tsText   = iota
	tsEsc    // after ESC
	tsInter  // ESC and intermediate bytes (ESC ( B): up to a final byte
	tsCSI    // ESC [ ...: up to a final byte 0x40–0x7e
	tsString // ESC ] / P / _ / ^ / X ...: up to BEL or ESC \
	tsStrEsc // ESC inside a string
)

// maxFragment bounds a fragment that never ends (a hostile or broken
// stream): past it, it is cut.
const maxFragment = 4096

// feed takes the next bytes of the stream and calls emit with each
// fragment completed by them (empty ones are skipped).
func (s *termSplitter) feed(p []byte, emit func(string)) {
	cut := func() {
		if len(s.frag) > 0 {
			emit(string(s.frag))
			s.frag = s.frag[:0]
		}
	}
	for _, b := range p {
		switch s.state {
		case tsText:
			switch {
			case b == 0x1b:
				cut()
				s.state = tsEsc
			case b < 0x20 || b == 0x7f:
				cut()
			default:
				s.frag = append(s.frag, b)
				if len(s.frag) >= maxFragment {
					cut()
				}
			}
		case tsEsc:
			switch {
			case b == '[':
				s.state = tsCSI
			case b == ']' || b == 'P' || b == '_' || b == '^' || b == 'X':
				s.state = tsString
			case b >= 0x20 && b <= 0x2f:
				s.state = tsInter
			default: // ESC 7, ESC =, ESC M …: two bytes
				s.state = tsText
			}
		case tsInter:
			if b >= 0x30 && b <= 0x7e {
				s.state = tsText
			}
		case tsCSI:
			if b >= 0x40 && b <= 0x7e {
				s.state = tsText
			}
		case tsString:
			switch b {
			case 0x07:
				s.state = tsText
			case 0x1b:
				s.state = tsStrEsc
			}
		case tsStrEsc:
			if b == '\\' {
				s.state = tsText
			} else {
				s.state = tsString
			}
		}
	}
}

// fragment is a piece of the screen's text and when it was read.
type fragment struct {
	text string
	at   time.Time
}

// lobbyClient is one scripted person at a terminal over SSH.
type lobbyClient struct {
	name string
	conn *gossh.Client
	sess *gossh.Session
	in   io.WriteCloser

	mu     sync.Mutex
	frags  []fragment      // read since the oldest mark still wanted
	base   int             // the number of fragments before frags[0]
	more   chan struct{}   // closed (and replaced) when a fragment arrives
	ended  bool            // the stream has closed
	reader chan struct{}   // closed when the reading goroutine returns
	stop   <-chan struct{} // when set and closed, waits give up (the test is failing)
}

// dialLobbyClient connects to addr as name with a new ed25519 key and
// opens a w×h PTY session; the session's output is read from then on.
func dialLobbyClient(addr, name string, seed uint64, w, h int) (*lobbyClient, error) {
	var s [32]byte
	r := rand.New(rand.NewPCG(seed, 0x6b6579)) // a key per client, the same every run
	for i := range s {
		s[i] = byte(r.Uint32())
	}
	signer, err := gossh.NewSignerFromKey(ed25519.NewKeyFromSeed(s[:]))
	if err != nil {
		return nil, err
	}
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: name, Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second})
	if err != nil {
		return nil, err
	}
	c := &lobbyClient{name: name, conn: conn, more: make(chan struct{}), reader: make(chan struct{})}
	if err := c.open(w, h); err != nil {
		conn.Close()
		return nil, err
	}
	return c, nil
}

func (c *lobbyClient) open(w, h int) error {
	sess, err := c.conn.NewSession()
	if err != nil {
		return err
	}
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		return err
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		return err
	}
	in, err := sess.StdinPipe()
	if err != nil {
		return err
	}
	if err := sess.Shell(); err != nil {
		return err
	}
	c.sess, c.in = sess, in
	go c.read(out)
	// Answer the terminal queries as a terminal would: the background
	// colour (OSC 11) and the device attributes.
	_, err = in.Write([]byte("\x1b]11;rgb:0000/0000/0000\x07\x1b[?62;22c"))
	return err
}

// read splits the session's output into fragments until it ends.
func (c *lobbyClient) read(out io.Reader) {
	defer close(c.reader)
	var sp termSplitter
	buf := make([]byte, 32<<10)
	for {
		n, err := out.Read(buf)
		if n > 0 {
			now := time.Now()
			c.mu.Lock()
			added := false
			sp.feed(buf[:n], func(s string) {
				c.frags = append(c.frags, fragment{text: s, at: now})
				added = true
			})
			if added {
				close(c.more)
				c.more = make(chan struct{})
			}
			c.mu.Unlock()
		}
		if err != nil {
			c.mu.Lock()
			c.ended = true
			close(c.more)
			c.more = make(chan struct{})
			c.mu.Unlock()
			return
		}
	}
}

// mark is the position in the stream from which the next wait looks;
// what came before it is forgotten.
func (c *lobbyClient) mark() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.base + len(c.frags)
	c.base, c.frags = n, c.frags[:0]
	return n
}

// errEnded: the session's stream closed during a wait; errStopped: the
// client was told to stop.
var (
	errEnded   = errors.New("the session's output ended")
	errStopped = errors.New("stopped")
)

// waitFrom returns the first fragment at or after from (a mark) that
// match accepts, and the position after it; it gives up after d.
func (c *lobbyClient) waitFrom(from int, d time.Duration, match func(string) bool) (fragment, int, error) {
	timeout := time.NewTimer(d)
	defer timeout.Stop()
	for {
		c.mu.Lock()
		for i := max(from-c.base, 0); i < len(c.frags); i++ {
			if match(c.frags[i].text) {
				f := c.frags[i]
				c.mu.Unlock()
				return f, c.base + i + 1, nil
			}
		}
		from = c.base + len(c.frags)
		more, ended := c.more, c.ended
		c.mu.Unlock()
		if ended {
			return fragment{}, from, errEnded
		}
		select {
		case <-more:
		case <-c.stop:
			return fragment{}, from, errStopped
		case <-timeout.C:
			return fragment{}, from, fmt.Errorf("%s: nothing awaited within %v; the screen's last text: %q", c.name, d, c.tail(40))
		}
	}
}

// waitText waits from a mark for a fragment containing text.
func (c *lobbyClient) waitText(from int, text string, d time.Duration) error {
	_, _, err := c.waitFrom(from, d, func(s string) bool { return strings.Contains(s, text) })
	if err != nil {
		return fmt.Errorf("waiting for %q: %w", text, err)
	}
	return nil
}

// tail is the last n fragments read since the last mark, for failures.
func (c *lobbyClient) tail(n int) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, f := range c.frags[max(len(c.frags)-n, 0):] {
		out = append(out, f.text)
	}
	return out
}

// send writes keys as one write (a terminal sends a key at a time; Bubble
// Tea reads runes that arrive together as one key, so a caller sends one
// key, or text for a prompt, at a time).
func (c *lobbyClient) send(keys string) error {
	_, err := io.WriteString(c.in, keys)
	return err
}

// press sends one key and waits for a fragment containing want, the key's
// effect on the screen; this keeps keys from arriving together.
func (c *lobbyClient) press(key, want string) error {
	m := c.mark()
	if err := c.send(key); err != nil {
		return err
	}
	if err := c.waitText(m, want, 30*time.Second); err != nil {
		return fmt.Errorf("%s pressed %q: %w", c.name, key, err)
	}
	return nil
}

// quit leaves as a person does (q), waiting for the session to end, and
// closes the connection.
func (c *lobbyClient) quit() {
	c.send("q")
	select {
	case <-c.reader:
	case <-time.After(10 * time.Second):
	}
	c.sess.Close()
	c.conn.Close()
	<-c.reader
}

// Markers of the game view that the client reads.
var (
	lastRE = regexp.MustCompile(`\blast: ([a-h][1-8][a-h][1-8][nbrq]?|-)(\s|$)`)
	// The player's own side line: "» white p03 (you)   9:58".
	youRE = regexp.MustCompile(`\b(white|black) +(\S+) \(you\)`)
)

// lastMove reads a "last: <uci>" marker in a fragment.
func lastMove(s string) (string, bool) {
	m := lastRE.FindStringSubmatch(s)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// myColor reads my side line (name's) in a fragment.
func myColor(s, name string) (core.Color, bool) {
	for _, m := range youRE.FindAllStringSubmatch(s, -1) {
		if m[2] == name {
			if m[1] == "black" {
				return core.Black, true
			}
			return core.White, true
		}
	}
	return core.White, false
}

// chooseMove picks a legal move of pos: a mate if there is one, else
// mostly a capture or a promotion (games then run down to mates and
// drawn endings by the rules), else any.
func chooseMove(pos *core.Position, r *rand.Rand) core.Move {
	moves := pos.LegalMoves()
	var forcing []core.Move
	for _, m := range moves {
		pos.MakeMove(m)
		mate := pos.Status().Outcome != core.Ongoing && pos.InCheck()
		pos.UnmakeMove()
		if mate {
			return m
		}
		if pos.PieceAt(m.To()) != core.NoPiece || m.Promotion() != core.NoPieceType {
			forcing = append(forcing, m)
		}
	}
	if len(forcing) > 0 && r.IntN(10) < 7 {
		return forcing[r.IntN(len(forcing))]
	}
	return moves[r.IntN(len(moves))]
}

// clientGame is what both players' clients note of one game, for the
// latencies and the check of the saved PGN.
type clientGame struct {
	mu      sync.Mutex
	white   string
	black   string
	written map[int]time.Time // ply → when its mover finished typing it
	seen    map[int]time.Time // ply → when the opponent's screen showed it
	moves   []core.Move
	result  core.Outcome
	reason  string
	over    bool
}

func newClientGame() *clientGame {
	return &clientGame{written: map[int]time.Time{}, seen: map[int]time.Time{}}
}

func (g *clientGame) note(times map[int]time.Time, ply int, at time.Time) {
	g.mu.Lock()
	times[ply] = at
	g.mu.Unlock()
}

// latencies are the plies' move-to-opponent's-screen times.
func (g *clientGame) latencies() []time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []time.Duration
	for ply, w := range g.written {
		if s, ok := g.seen[ply]; ok {
			out = append(out, max(s.Sub(w), 0))
		}
	}
	return out
}

// playRules is how a client plays a game.
type playRules struct {
	thinkMin, thinkMax time.Duration // how long it thinks before typing a move
	maxPlies           int           // the side to move past this resigns
	wait               time.Duration // the most it waits for the opponent's move
}

// play plays the game the client's screen shows from mark from, as
// colour, writing what happened to g (white's client alone writes the
// moves and the result). The move prompt is opened (":") while it thinks.
func (c *lobbyClient) play(ctx context.Context, g *clientGame, from int, colour core.Color, rules playRules, r *rand.Rand) error {
	pos := core.NewPosition()
	scan := from
	record := func(m core.Move) {
		if colour == core.White {
			g.mu.Lock()
			g.moves = append(g.moves, m)
			g.mu.Unlock()
		}
	}
	finish := func(result core.Outcome, reason string) error {
		if colour == core.White {
			g.mu.Lock()
			g.result, g.reason, g.over = result, reason, true
			g.mu.Unlock()
		}
		// Over on the screen with the result expected, and saved (the
		// PGN is checked later).
		f, _, err := c.waitFrom(scan, 30*time.Second, func(s string) bool { return strings.Contains(s, "game over:") })
		if err != nil {
			return fmt.Errorf("%s waiting for the game's end (%s): %w", c.name, reason, err)
		}
		if want := shownResult[result]; !strings.Contains(f.text, want) {
			return fmt.Errorf("%s: %q, want %s (%s)", c.name, f.text, want, reason)
		}
		return c.waitText(scan, "saved as games/", 30*time.Second)
	}
	for {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if st := pos.Status(); st.Over() {
			return finish(st.Outcome, st.Reason.String())
		}
		if pos.SideToMove() == colour {
			if pos.Ply() >= rules.maxPlies {
				if err := c.press("R", "resign this game?"); err != nil {
					return err
				}
				scan = c.mark()
				if err := c.send("y"); err != nil {
					return err
				}
				return finish(winOf(colour.Other()), "resignation")
			}
			start := time.Now()
			think := rules.thinkMin + time.Duration(r.Int64N(int64(rules.thinkMax-rules.thinkMin)+1))
			if err := c.press(":", "move: e4, Nf3"); err != nil {
				return err
			}
			m := chooseMove(pos, r)
			time.Sleep(time.Until(start.Add(think)))
			scan = c.mark()
			if err := c.send(m.String() + "\r"); err != nil {
				return err
			}
			g.note(g.written, pos.Ply(), time.Now())
			pos.MakeMove(m)
			record(m)
			continue
		}
		// The opponent's move: the first "last:" marker, from the mark,
		// that is a legal move here (my own move, shown first, is not: its
		// square of departure is empty now), or the game over.
		var move core.Move
		var over bool
		f, next, err := c.waitFrom(scan, rules.wait, func(s string) bool {
			if strings.Contains(s, "game over:") {
				over = true
				return true
			}
			u, ok := lastMove(s)
			if !ok || u == "-" {
				return false
			}
			m, err := pos.ParseUCIMove(u)
			if err == nil && pos.IsLegal(m) {
				move = m
				return true
			}
			return false
		})
		if err != nil {
			return fmt.Errorf("%s waiting for the move at ply %d: %w", c.name, pos.Ply()+1, err)
		}
		if over { // the opponent resigned
			return finish(winOf(colour), "resignation")
		}
		g.note(g.seen, pos.Ply(), f.at)
		pos.MakeMove(move)
		record(move)
		scan = next
	}
}

// shownResult is how the game view writes a result.
var shownResult = map[core.Outcome]string{core.WhiteWins: "1-0", core.BlackWins: "0-1", core.Draw: "½-½"}

// winOf is a win for c.
func winOf(c core.Color) core.Outcome {
	if c == core.White {
		return core.WhiteWins
	}
	return core.BlackWins
}

// screenText is the last fragments joined, for a failure message.
func (c *lobbyClient) screenText() string {
	var b bytes.Buffer
	for _, s := range c.tail(60) {
		b.WriteString(s)
		b.WriteByte('\n')
	}
	return b.String()
}
