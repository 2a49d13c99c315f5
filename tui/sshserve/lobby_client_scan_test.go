package sshserve

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

// The scripted SSH client's reading of a screen, which TestLobbyLoad and
// its latencies stand on: the same fragments whatever the reads' sizes.

func TestTermSplitter(t *testing.T) {
	for _, c := range []struct {
		name   string
		stream string
		want   []string
	}{
		{"plain lines", "to move: white\r\nlast: -\r\n", []string{"to move: white", "last: -"}},
		{"a line rewritten", "\x1b[H\x1b[2K  last: e7e5      \x1b[K\r\n", []string{"  last: e7e5      "}},
		{"styled runs", "\x1b[1m\x1b[38;5;9mgame over:\x1b[0m 0-1\n", []string{"game over:", " 0-1"}},
		{"OSC ended by BEL", "a\x1b]11;rgb:0000/0000/0000\x07b\n", []string{"a", "b"}},
		{"OSC ended by ST", "a\x1b]2;title\x1b\\b\n", []string{"a", "b"}},
		{"charset and two-byte sequences", "a\x1b(Bb\x1b7c\x1b=d\n", []string{"a", "b", "c", "d"}},
		{"private modes", "\x1b[?1049h\x1b[?25lLobby · you are p01\r", []string{"Lobby · you are p01"}},
		{"skipped lines are newlines", "x\n\n\ny\n", []string{"x", "y"}},
		{"no separator yet: nothing", "last: e7e8", nil},
		{"UTF-8 kept", "  » black p02 (you)   10:00\r\n", []string{"  » black p02 (you)   10:00"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			// Every way of cutting the stream in two, and byte by byte.
			for cut := 0; cut <= len(c.stream); cut++ {
				var s termSplitter
				var got []string
				emit := func(f string) { got = append(got, f) }
				s.feed([]byte(c.stream[:cut]), emit)
				s.feed([]byte(c.stream[cut:]), emit)
				if !slices.Equal(got, c.want) {
					t.Fatalf("cut at %d: %q, want %q", cut, got, c.want)
				}
			}
			var s termSplitter
			var got []string
			for i := range len(c.stream) {
				s.feed([]byte{c.stream[i]}, func(f string) { got = append(got, f) })
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("byte by byte: %q, want %q", got, c.want)
			}
		})
	}
}

func TestTermSplitterBoundsAFragment(t *testing.T) {
	var s termSplitter
	n := 0
	s.feed(make([]byte, 3*maxFragment+5), func(f string) { n++ }) // NULs: separators, no text
	long := bytes.Repeat([]byte("x"), 3*maxFragment)
	s.feed(long, func(f string) {
		if len(f) > maxFragment {
			t.Fatalf("a fragment of %d bytes", len(f))
		}
		n++
	})
	if n != 3 {
		t.Fatalf("%d fragments of a %d-byte run, want 3", n, len(long))
	}
}

func TestClientMarkers(t *testing.T) {
	for _, c := range []struct {
		frag   string
		last   string
		lastOK bool
		colour core.Color
		mine   bool
	}{
		{frag: "  last: e2e4                              ", last: "e2e4", lastOK: true},
		{frag: "  last: -   ", last: "-", lastOK: true},
		{frag: "last: e7e8q", last: "e7e8q", lastOK: true},
		{frag: "last: e7e8qx", lastOK: false}, // not a move
		{frag: "blast: e2e4 ", lastOK: false},
		{frag: "last: e2e", lastOK: false},
		{frag: "  » black p02 (you)                  10:00", colour: core.Black, mine: true},
		{frag: "    white p02 (you)                  9:58", colour: core.White, mine: true},
		{frag: "    white p12 (you)                  9:58"}, // another's (a name p02 is in)
		{frag: "    white p02                        9:58"},
	} {
		last, ok := lastMove(c.frag)
		if ok != c.lastOK || ok && last != c.last {
			t.Errorf("lastMove(%q) = %q, %v", c.frag, last, ok)
		}
		col, mine := myColor(c.frag, "p02")
		if mine != c.mine || mine && col != c.colour {
			t.Errorf("myColor(%q) = %v, %v", c.frag, col, mine)
		}
	}
}

// The client's moves are legal, and a mate on the board is taken.
func TestChooseMove(t *testing.T) {
	pos := core.NewPosition()
	for _, san := range []string{"f3", "e5", "g4"} {
		m, err := pos.ParseSAN(san)
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
	}
	r := rand.New(rand.NewPCG(1, 2))
	if m := chooseMove(pos, r); pos.SAN(m) != "Qh4#" {
		t.Fatalf("chose %s, not the mate", pos.SAN(m))
	}
	for game := range 20 {
		pos := core.NewPosition()
		for pos.Ply() < 300 && !pos.Status().Over() {
			m := chooseMove(pos, r)
			if !pos.IsLegal(m) {
				t.Fatalf("game %d: %v is not legal in %s", game, m, pos.FEN())
			}
			pos.MakeMove(m)
		}
	}
}

func TestQuantile(t *testing.T) {
	ms := func(n ...int) []time.Duration {
		var out []time.Duration
		for _, v := range n {
			out = append(out, time.Duration(v)*time.Millisecond)
		}
		return out
	}
	for _, c := range []struct {
		sorted []time.Duration
		q      float64
		want   time.Duration
	}{
		{nil, 0.5, 0},
		{ms(7), 0.9, 7 * time.Millisecond},
		{ms(1, 2, 3, 4), 0.5, 2 * time.Millisecond},
		{ms(1, 2, 3, 4, 5), 0.5, 3 * time.Millisecond},
		{ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 0.9, 9 * time.Millisecond},
		{ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 1, 10 * time.Millisecond},
	} {
		if got := quantile(c.sorted, c.q); got != c.want {
			t.Errorf("quantile(%v, %v) = %v, want %v", c.sorted, c.q, got, c.want)
		}
	}
}
