package pgn

import "bytes"

// skipToNextGame implements the recovery rule documented on Reader.
func (r *Reader) skipToNextGame() {
	s := &r.s
	s.back = nil
	ended := lineEndsGame(s.line) && !s.tooLong // a line too long to keep is not blank
	s.tooLong = false
	for s.budget = maxGameBytes; s.loadLine(); s.budget = maxGameBytes {
		if s.tooLong {
			s.tooLong, ended = false, false
			continue
		}
		line := bytes.TrimLeft(s.line, " \t")
		switch {
		case len(s.line) > 0 && s.line[0] == '%':
			// Escape lines are invisible to the layout rule.
		case ended && len(line) > 0 && line[0] == '[':
			s.pos = len(s.line) - len(line)
			return
		default:
			ended = lineEndsGame(s.line)
		}
	}
}

// lineEndsGame reports whether a line is blank or ends with a result
// token, so that a "[" on the next line starts a new game.
func lineEndsGame(line []byte) bool {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return true
	}
	i := bytes.LastIndexAny(line, " \t") + 1
	_, ok := parseResult(string(line[i:]))
	return ok
}
