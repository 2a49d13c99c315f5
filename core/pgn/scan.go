package pgn

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// tokenKind says what a PGN token is.
type tokenKind uint8

const (
	tokEOF     tokenKind = iota
	tokPunct             // one of [ ] ( ) }
	tokString            // a quoted tag value, unescaped
	tokWord              // a move, move number, result or annotation
	tokComment           // {…} or ;… text, whitespace already collapsed
	tokNAG               // $ followed by digits
)

type token struct {
	kind tokenKind
	text string
	line int // where the token starts
}

// scanner splits a PGN stream into tokens. It works a line at a time
// because two PGN rules are about lines: "%" escapes a whole line when it
// is in the first column, and ";" comments run to the end of the line.
// Keeping the current line also lets the reader resynchronise after an
// error by looking at whole lines.
type scanner struct {
	r      *bufio.Reader
	line   []byte // current line without its line ending
	pos    int    // next unread byte of line
	lineNo int    // 1-based number of line; 0 before the first
	done   bool   // the input is exhausted
	err    error  // a read error other than io.EOF
	back   *token
	// budget is how many more bytes the game being read may take
	// (maxGameBytes at its start); a line that would overrun it is not
	// kept but dropped, and tooLong says so until next reports it.
	budget  int
	tooLong bool
}

// maxGameBytes bounds what one game may take, its tags, movetext and
// comments: a game read is held in memory whole, and a file that is not
// PGN (or a game without end) must not make the reader hold more. The
// longest real games, annotated, take some tens of kilobytes.
const maxGameBytes = 4 << 20

// errTooLong is the syntax error of a game longer than maxGameBytes.
var errTooLong = fmt.Errorf("the game is longer than %d bytes", maxGameBytes)

// loadLine makes the next line current. It returns false at the end of
// the input. CR before LF and a UTF-8 byte order mark are dropped.
func (s *scanner) loadLine() bool {
	s.line, s.pos = s.line[:0], 0
	if s.done {
		return false
	}
	for {
		chunk, err := s.r.ReadSlice('\n')
		if s.budget -= len(chunk); s.budget < 0 {
			s.tooLong, s.line = true, s.line[:0] // read on to the line's end, keeping nothing
		} else {
			s.line = append(s.line, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if err != io.EOF {
				s.err = err
			}
			s.done = true
			if len(s.line) == 0 && !s.tooLong {
				return false
			}
		}
		break
	}
	s.lineNo++
	s.line = bytes.TrimSuffix(s.line, []byte{'\n'})
	s.line = bytes.TrimSuffix(s.line, []byte{'\r'})
	if s.lineNo == 1 {
		s.line = bytes.TrimPrefix(s.line, []byte("\xef\xbb\xbf"))
	}
	return true
}

// skipSpace moves to the next byte that is not white space, loading lines
// and dropping "%" escape lines as needed. It returns false at the end.
func (s *scanner) skipSpace() bool {
	for {
		for s.pos < len(s.line) && s.line[s.pos] <= ' ' {
			s.pos++
		}
		if s.pos < len(s.line) {
			return true
		}
		if !s.loadLine() {
			return false
		}
		if s.tooLong {
			return true
		}
		if len(s.line) > 0 && s.line[0] == '%' {
			s.pos = len(s.line)
		}
	}
}

// unread pushes back one token, to be returned by the next call to next.
func (s *scanner) unread(t token) { s.back = &t }

// next returns the next token. On a syntax error the token still carries
// the line the error belongs to.
func (s *scanner) next() (token, error) {
	if t := s.back; t != nil {
		s.back = nil
		return *t, nil
	}
	if !s.skipSpace() {
		return token{kind: tokEOF, line: s.lineNo}, s.err
	}
	t := token{line: s.lineNo}
	if s.tooLong {
		return t, errTooLong
	}
	c := s.line[s.pos]
	switch c {
	case '[', ']', '(', ')', '}':
		s.pos++
		t.kind, t.text = tokPunct, string(c)
		return t, nil
	case '{':
		return s.braceComment()
	case ';':
		t.kind, t.text = tokComment, cleanComment(string(s.line[s.pos+1:]))
		s.pos = len(s.line)
		return t, nil
	case '"':
		return s.quoted()
	case '$':
		start := s.pos + 1
		s.pos = start
		for s.pos < len(s.line) && s.line[s.pos] >= '0' && s.line[s.pos] <= '9' {
			s.pos++
		}
		if s.pos == start {
			return t, errors.New(`"$" is not followed by a NAG number`)
		}
		t.kind, t.text = tokNAG, string(s.line[start:s.pos])
		return t, nil
	}
	start := s.pos
	for s.pos < len(s.line) && !isDelimiter(s.line[s.pos]) {
		s.pos++
	}
	t.kind, t.text = tokWord, string(s.line[start:s.pos])
	return t, nil
}

// isDelimiter reports whether c ends a word (a move or move number).
func isDelimiter(c byte) bool {
	return c <= ' ' || strings.IndexByte(`[](){};$"`, c) >= 0
}

// braceComment reads a {…} comment, which may span lines. Escape lines
// are not special inside it: the comment was opened on an earlier line.
func (s *scanner) braceComment() (token, error) {
	t := token{kind: tokComment, line: s.lineNo}
	s.pos++
	var text []byte
	for {
		rest := s.line[s.pos:]
		if i := bytes.IndexByte(rest, '}'); i >= 0 {
			text = append(text, rest[:i]...)
			s.pos += i + 1
			t.text = cleanComment(string(text))
			return t, nil
		}
		text = append(text, rest...)
		text = append(text, ' ')
		if !s.loadLine() {
			if s.err != nil {
				return t, s.err
			}
			return t, errors.New(`comment opened with "{" is not closed by "}"`)
		}
		if s.tooLong {
			return t, errTooLong
		}
	}
}

// quoted reads a tag value. PGN strings end on the line they start on and
// escape only the quote and the backslash; any other backslash is kept as
// it is, which is what lenient readers do with Windows paths and the like.
func (s *scanner) quoted() (token, error) {
	t := token{kind: tokString, line: s.lineNo}
	var b []byte
	for i := s.pos + 1; i < len(s.line); i++ {
		c := s.line[i]
		switch {
		case c == '"':
			s.pos = i + 1
			t.text = string(b)
			return t, nil
		case c == '\\' && i+1 < len(s.line) && (s.line[i+1] == '"' || s.line[i+1] == '\\'):
			i++
			c = s.line[i]
		}
		b = append(b, c)
	}
	s.pos = len(s.line)
	return t, errors.New(`string is not closed by '"' on the same line`)
}
