package core

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
)

// pgnTokenKind says what a PGN token is.
type pgnTokenKind uint8

const (
	pgnEOF     pgnTokenKind = iota
	pgnPunct                // one of [ ] ( ) }
	pgnString               // a quoted tag value, unescaped
	pgnWord                 // a move, move number, result or annotation
	pgnComment              // {…} or ;… text, whitespace already collapsed
	pgnNAG                  // $ followed by digits
)

type pgnToken struct {
	kind pgnTokenKind
	text string
	line int // where the token starts
}

// pgnScanner splits a PGN stream into tokens. It works a line at a time
// because two PGN rules are about lines: "%" escapes a whole line when it
// is in the first column, and ";" comments run to the end of the line.
// Keeping the current line also lets the reader resynchronise after an
// error by looking at whole lines.
type pgnScanner struct {
	r      *bufio.Reader
	line   []byte // current line without its line ending
	pos    int    // next unread byte of line
	lineNo int    // 1-based number of line; 0 before the first
	done   bool   // the input is exhausted
	err    error  // a read error other than io.EOF
	back   *pgnToken
}

// loadLine makes the next line current. It returns false at the end of
// the input. CR before LF and a UTF-8 byte order mark are dropped.
func (s *pgnScanner) loadLine() bool {
	s.line, s.pos = s.line[:0], 0
	if s.done {
		return false
	}
	for {
		chunk, err := s.r.ReadSlice('\n')
		s.line = append(s.line, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if err != io.EOF {
				s.err = err
			}
			s.done = true
			if len(s.line) == 0 {
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
func (s *pgnScanner) skipSpace() bool {
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
		if len(s.line) > 0 && s.line[0] == '%' {
			s.pos = len(s.line)
		}
	}
}

// unread pushes back one token, to be returned by the next call to next.
func (s *pgnScanner) unread(t pgnToken) { s.back = &t }

// next returns the next token. On a syntax error the token still carries
// the line the error belongs to.
func (s *pgnScanner) next() (pgnToken, error) {
	if t := s.back; t != nil {
		s.back = nil
		return *t, nil
	}
	if !s.skipSpace() {
		return pgnToken{kind: pgnEOF, line: s.lineNo}, s.err
	}
	t := pgnToken{line: s.lineNo}
	c := s.line[s.pos]
	switch c {
	case '[', ']', '(', ')', '}':
		s.pos++
		t.kind, t.text = pgnPunct, string(c)
		return t, nil
	case '{':
		return s.braceComment()
	case ';':
		t.kind, t.text = pgnComment, pgnCleanComment(string(s.line[s.pos+1:]))
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
		t.kind, t.text = pgnNAG, string(s.line[start:s.pos])
		return t, nil
	}
	start := s.pos
	for s.pos < len(s.line) && !pgnIsDelimiter(s.line[s.pos]) {
		s.pos++
	}
	t.kind, t.text = pgnWord, string(s.line[start:s.pos])
	return t, nil
}

// pgnIsDelimiter reports whether c ends a word (a move or move number).
func pgnIsDelimiter(c byte) bool {
	return c <= ' ' || strings.IndexByte(`[](){};$"`, c) >= 0
}

// braceComment reads a {…} comment, which may span lines. Escape lines
// are not special inside it: the comment was opened on an earlier line.
func (s *pgnScanner) braceComment() (pgnToken, error) {
	t := pgnToken{kind: pgnComment, line: s.lineNo}
	s.pos++
	var text []byte
	for {
		rest := s.line[s.pos:]
		if i := bytes.IndexByte(rest, '}'); i >= 0 {
			text = append(text, rest[:i]...)
			s.pos += i + 1
			t.text = pgnCleanComment(string(text))
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
	}
}

// quoted reads a tag value. PGN strings end on the line they start on and
// escape only the quote and the backslash; any other backslash is kept as
// it is, which is what lenient readers do with Windows paths and the like.
func (s *pgnScanner) quoted() (pgnToken, error) {
	t := pgnToken{kind: pgnString, line: s.lineNo}
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
