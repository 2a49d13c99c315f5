package pgn

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// FuzzRead feeds arbitrary bytes to the reader. It must never panic or
// loop, must report problems as *Error, and every game it does read
// must survive a write and a second read unchanged: moves, comments,
// result, final position and the tags the writer does not rewrite.
func FuzzRead(f *testing.F) {
	seeds := []string{
		"[Event \"x\"]\n[White \"a \\\"b\\\" c\"]\n\n1. e4 e5 2. Nf3 {comment} Nc6 3. Bb5 a6 1-0\n",
		"1.d4 Nf6 2.c4 e6 3.Nc3 Bb4 (3...d5 4.cxd5 (4.Bg5)) 4.Qc2 $1 O-O!? 5.a3 Bxc3+ 6.Qxc3 *",
		"[SetUp \"1\"]\n[FEN \"r3k2r/1P6/8/8/8/8/8/R3K2R b KQkq - 0 30\"]\n\n30... O-O 31. bxa8=Q Rxa8 ; eol\n1/2-1/2\n",
		"\xef\xbb\xbf[Event \"crlf\"]\r\n\r\n{intro\r\ntext} 1. e4 e5 0-1\r\n\r\n[Event \"b\"]\r\n1. Nf9 *\r\n",
		"% escape\n[Event \"8\"]\n\n1. e4 d5 2. exd5 c6 3. dxc6 Qd7 4. cxb7 Kd8 5. bxa8=N *\n{trailer}\n",
		"1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 {unclosed\n",
		"* * * A",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data))
		// Every call consumes input, so there can be no more calls than
		// bytes; the bound turns an endless loop into a failure.
		limit := len(data) + 2
		for calls := 0; ; calls++ {
			if calls > limit {
				t.Fatalf("Next called %d times without reaching io.EOF", calls)
			}
			g, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				var pe *Error
				if !errors.As(err, &pe) || pe.Line < 0 || pe.Game < 1 {
					t.Fatalf("error %v (%T) is not an *Error with a place", err, err)
				}
				continue
			}
			fuzzRoundTrip(t, g)
		}
	})
}

// fuzzRoundTrip writes g, reads it back and compares.
func fuzzRoundTrip(t *testing.T, g *Game) {
	var b bytes.Buffer
	if err := Write(&b, g); err != nil {
		t.Fatalf("a game that was read cannot be written: %v", err)
	}
	written := b.String()
	games := NewReader(strings.NewReader(written))
	back, err := games.Next()
	if err != nil {
		t.Fatalf("reading back: %v\n%s", err, written)
	}
	if extra, err := games.Next(); err != io.EOF {
		t.Fatalf("writing one game gave more: %v, %v\n%s", extra, err, written)
	}
	if uciString(back.Moves) != uciString(g.Moves) {
		t.Fatalf("moves differ:\n got %s\nwant %s\n%s", uciString(back.Moves), uciString(g.Moves), written)
	}
	if back.Result != g.Result || back.StartComment != g.StartComment {
		t.Fatalf("result %s / start comment %q, want %s / %q\n%s", back.Result, back.StartComment, g.Result, g.StartComment, written)
	}
	for i := range g.Moves {
		if back.MoveComment(i) != g.MoveComment(i) {
			t.Fatalf("comment after move %d: %q, want %q\n%s", i+1, back.MoveComment(i), g.MoveComment(i), written)
		}
	}
	p1, err1 := g.FinalPosition()
	p2, err2 := back.FinalPosition()
	if err1 != nil || err2 != nil || p1.FEN() != p2.FEN() {
		t.Fatalf("final positions differ: %v %v / %v %v\n%s", p1, err1, p2, err2, written)
	}
	for _, tag := range g.Tags {
		if tag.Name == "Result" || tag.Name == "SetUp" || tag.Name == "FEN" || g.Tag(tag.Name) != tag.Value {
			continue // rewritten by the writer, or a later duplicate
		}
		if want := fuzzTagValue(tag.Value); back.Tag(tag.Name) != want {
			t.Fatalf("tag %s: %q, want %q\n%s", tag.Name, back.Tag(tag.Name), want, written)
		}
	}
	for i, line := range strings.Split(written, "\n") {
		if len(line) > maxLine && line[0] != '[' && len(strings.Fields(line)) > 2 {
			t.Fatalf("line %d has %d characters and could have been wrapped:\n%s", i+1, len(line), written)
		}
	}
}

// fuzzTagValue is what a tag value reads back as: the writer turns
// control characters into spaces so a tag pair stays on one line.
func fuzzTagValue(v string) string {
	b := []byte(v)
	for i, c := range b {
		if c < ' ' || c == 0x7f {
			b[i] = ' '
		}
	}
	return string(b)
}
