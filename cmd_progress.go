package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/evochess/evochess/tui/components"
)

// plainProgressEvery is how often a progress line is written when stderr
// is not a terminal: often enough to show a log is alive, seldom enough
// that a long match does not fill it.
const plainProgressEvery = 5 * time.Second

// progressLine shows a long job's progress on stderr. On a terminal it is
// one line redrawn in place (a bar, then the text). Elsewhere — a log
// file, a pipe — carriage returns would pile every frame onto one line, so
// it writes the text as a plain line at most every plainProgressEvery, and
// the last state when the job ends.
type progressLine struct {
	w        io.Writer
	terminal bool
	every    time.Duration
	now      func() time.Time

	drawn   bool      // a bar is on the terminal's current line
	written time.Time // when the last plain line went out
	pending string    // the newest plain text not yet written
}

func newProgressLine(w io.Writer) *progressLine {
	f, ok := w.(*os.File)
	return &progressLine{w: w, terminal: ok && isTerminal(f), every: plainProgressEvery, now: time.Now}
}

// show draws the progress: done of total as a bar (none when total is 0)
// followed by text.
func (p *progressLine) show(done, total int, text string) {
	if p.terminal {
		bar := ""
		if total > 0 {
			bar = components.ProgressBar(done, total, 30) + " "
		}
		fmt.Fprintf(p.w, "\r%s%s   ", bar, text)
		p.drawn = true
		return
	}
	p.pending = text
	if now := p.now(); p.written.IsZero() || now.Sub(p.written) >= p.every {
		p.flush(now)
	}
}

func (p *progressLine) flush(now time.Time) {
	fmt.Fprintln(p.w, p.pending)
	p.pending, p.written = "", now
}

// finish ends the bar's line, or writes the last state a plain log has
// not seen yet, so what follows starts on a line of its own.
func (p *progressLine) finish() {
	switch {
	case p.drawn:
		fmt.Fprintln(p.w)
		p.drawn = false
	case p.pending != "":
		p.flush(p.now())
	}
}
