package main

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// screen is the little of a terminal the arena's output needs: a grid of
// cells that Bubble Tea's renderer paints with cursor moves, line erases
// and text. The scripted SSH player reads the Play tab from it (the move
// list, "game over"), the way a person reads the screen; colours and
// modes are parsed and dropped. It is an io.Writer for an SSH session's
// stdout; changes are announced on changed (one pending signal at most),
// so waiting for a screen state costs nothing while nothing is drawn.
type screen struct {
	mu         sync.Mutex
	rows, cols int
	cell       [][]rune
	row, col   int
	saved      [2]int
	state      int    // parser state: vtText, vtEsc, vtCSI, vtString, vtStringEsc
	csi        []byte // a control sequence's parameters so far
	partial    []byte // a UTF-8 rune split between writes
	changed    chan struct{}
	bytes      int64 // everything written, for the summary of a stall
}

const (
	vtText = iota
	vtEsc
	vtCSI
	vtString    // OSC, DCS, APC, PM, SOS: up to BEL or ESC \
	vtStringEsc // ESC seen inside a string
)

func newScreen(rows, cols int) *screen {
	s := &screen{rows: rows, cols: cols, changed: make(chan struct{}, 1)}
	s.clear()
	return s
}

func (s *screen) clear() {
	s.cell = make([][]rune, s.rows)
	for r := range s.cell {
		s.blankRow(r)
	}
}

func (s *screen) blankRow(r int) {
	row := make([]rune, s.cols)
	for i := range row {
		row[i] = ' '
	}
	s.cell[r] = row
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	s.bytes += int64(len(p))
	data := p
	if len(s.partial) > 0 {
		data = append(s.partial, p...)
		s.partial = nil
	}
	for i := 0; i < len(data); {
		b := data[i]
		if s.state != vtText || b < utf8.RuneSelf {
			s.byte(b)
			i++
			continue
		}
		if !utf8.FullRune(data[i:]) {
			s.partial = append([]byte(nil), data[i:]...)
			break
		}
		r, n := utf8.DecodeRune(data[i:])
		s.put(r)
		i += n
	}
	s.mu.Unlock()
	select {
	case s.changed <- struct{}{}:
	default:
	}
	return len(p), nil
}

// byte handles one byte of ASCII text or of an escape sequence.
func (s *screen) byte(b byte) {
	switch s.state {
	case vtEsc:
		s.state = vtText
		switch b {
		case '[':
			s.state, s.csi = vtCSI, s.csi[:0]
		case ']', 'P', '_', '^', 'X':
			s.state = vtString
		case '7':
			s.saved = [2]int{s.row, s.col}
		case '8':
			s.row, s.col = s.saved[0], s.saved[1]
		case 'c':
			s.clear()
			s.row, s.col = 0, 0
		}
		// Anything else (charset selections, keypad modes) draws nothing.
		return
	case vtCSI:
		if b >= 0x40 && b <= 0x7e {
			s.state = vtText
			s.control(b, string(s.csi))
			return
		}
		if len(s.csi) < 64 {
			s.csi = append(s.csi, b)
		}
		return
	case vtString:
		switch b {
		case 0x07:
			s.state = vtText
		case 0x1b:
			s.state = vtStringEsc
		}
		return
	case vtStringEsc:
		s.state = vtString
		if b == '\\' {
			s.state = vtText
		}
		return
	}
	switch b {
	case 0x1b:
		s.state = vtEsc
	case '\r':
		s.col = 0
	case '\n', 0x0b, 0x0c:
		s.lineFeed()
	case '\b':
		s.col = max(s.col-1, 0)
	case '\t':
		s.col = min((s.col/8+1)*8, s.cols-1)
	default:
		if b >= 0x20 && b != 0x7f {
			s.put(rune(b))
		}
	}
}

func (s *screen) lineFeed() {
	if s.row < s.rows-1 {
		s.row++
		return
	}
	copy(s.cell, s.cell[1:]) // scroll up
	s.blankRow(s.rows - 1)
}

// put draws r at the cursor. Lines never wrap: Bubble Tea truncates them
// to the width, and a character past the edge overwrites the last cell.
func (s *screen) put(r rune) {
	s.cell[s.row][min(s.col, s.cols-1)] = r
	if s.col < s.cols {
		s.col++
	}
}

// control performs CSI params final; private modes ("?1049h") and
// colours ("m") change nothing drawn, so they are ignored.
func (s *screen) control(final byte, params string) {
	if strings.HasPrefix(params, "?") || strings.HasPrefix(params, ">") || strings.HasPrefix(params, "=") {
		if final == 'h' && (params == "?1049" || params == "?47" || params == "?1047") {
			s.clear() // a fresh alternate screen
		}
		return
	}
	var n []int
	for _, f := range strings.Split(params, ";") {
		v, _ := strconv.Atoi(f)
		n = append(n, v)
	}
	arg := func(i, def int) int {
		if i < len(n) && n[i] > 0 {
			return n[i]
		}
		return def
	}
	clampRow := func(r int) int { return min(max(r, 0), s.rows-1) }
	clampCol := func(c int) int { return min(max(c, 0), s.cols-1) }
	switch final {
	case 'A':
		s.row = clampRow(s.row - arg(0, 1))
	case 'B', 'e':
		s.row = clampRow(s.row + arg(0, 1))
	case 'C', 'a':
		s.col = clampCol(s.col + arg(0, 1))
	case 'D':
		s.col = clampCol(s.col - arg(0, 1))
	case 'E':
		s.row, s.col = clampRow(s.row+arg(0, 1)), 0
	case 'F':
		s.row, s.col = clampRow(s.row-arg(0, 1)), 0
	case 'G', '`':
		s.col = clampCol(arg(0, 1) - 1)
	case 'd':
		s.row = clampRow(arg(0, 1) - 1)
	case 'H', 'f':
		s.row, s.col = clampRow(arg(0, 1)-1), clampCol(arg(1, 1)-1)
	case 'J':
		switch arg(0, 0) {
		case 0:
			s.eraseLine(s.row, s.col, s.cols)
			for r := s.row + 1; r < s.rows; r++ {
				s.blankRow(r)
			}
		case 1:
			for r := 0; r < s.row; r++ {
				s.blankRow(r)
			}
			s.eraseLine(s.row, 0, s.col+1)
		default:
			s.clear()
		}
	case 'K':
		switch arg(0, 0) {
		case 0:
			s.eraseLine(s.row, s.col, s.cols)
		case 1:
			s.eraseLine(s.row, 0, s.col+1)
		default:
			s.eraseLine(s.row, 0, s.cols)
		}
	case 's':
		s.saved = [2]int{s.row, s.col}
	case 'u':
		s.row, s.col = s.saved[0], s.saved[1]
	}
}

func (s *screen) eraseLine(r, from, to int) {
	for c := max(from, 0); c < min(to, s.cols); c++ {
		s.cell[r][c] = ' '
	}
}

// lines returns the screen's text, trailing blanks trimmed.
func (s *screen) lines() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, s.rows)
	for r, row := range s.cell {
		out[r] = strings.TrimRight(string(row), " ")
	}
	return out
}

// text is the screen as one string, for "contains" checks and reports.
func (s *screen) text() string { return strings.Join(s.lines(), "\n") }

// written is how many bytes the session has sent.
func (s *screen) written() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bytes
}
