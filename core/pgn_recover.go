package core

import "bytes"

// skipToNextGame implements the recovery rule documented on PGNReader.
func (r *PGNReader) skipToNextGame() {
	s := &r.s
	s.back = nil
	ended := pgnLineEndsGame(s.line)
	for s.loadLine() {
		line := bytes.TrimLeft(s.line, " \t")
		switch {
		case len(s.line) > 0 && s.line[0] == '%':
			// Escape lines are invisible to the layout rule.
		case ended && len(line) > 0 && line[0] == '[':
			s.pos = len(s.line) - len(line)
			return
		default:
			ended = pgnLineEndsGame(s.line)
		}
	}
}

// pgnLineEndsGame reports whether a line is blank or ends with a result
// token, so that a "[" on the next line starts a new game.
func pgnLineEndsGame(line []byte) bool {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return true
	}
	i := bytes.LastIndexAny(line, " \t") + 1
	_, ok := parsePGNResult(string(line[i:]))
	return ok
}
