package core

// pgnMaxLine is the longest line the writer produces when it can: the PGN
// export format asks for at most 79 characters, and 80 columns is what
// terminals and the tools we check against expect.
const pgnMaxLine = 80

// pgnWrapper lays out movetext tokens separated by spaces, starting a new
// line instead of letting a line grow past pgnMaxLine. A token is never
// split, so only a single token longer than the limit can exceed it.
type pgnWrapper struct {
	b   []byte
	col int
}

// word appends one unsplittable token.
func (w *pgnWrapper) word(s string) {
	if w.col > 0 && w.col+1+len(s) > pgnMaxLine {
		w.newline()
	}
	if w.col > 0 {
		w.b = append(w.b, ' ')
		w.col++
	}
	// A "%" in the first column would turn the line into an escape line
	// that readers ignore; indenting by one space keeps it movetext.
	if w.col == 0 && len(s) > 0 && s[0] == '%' {
		w.b = append(w.b, ' ')
		w.col++
	}
	w.b = append(w.b, s...)
	w.col += len(s)
}

// comment appends a brace comment, which may be split at its spaces. The
// text must already be cleaned (pgnCleanComment): single spaces, no "}".
func (w *pgnWrapper) comment(text string) {
	start := 0
	for i := 0; i <= len(text); i++ {
		if i < len(text) && text[i] != ' ' {
			continue
		}
		piece := text[start:i]
		if start == 0 {
			piece = "{" + piece
		}
		if i == len(text) {
			piece += "}"
		}
		w.word(piece)
		start = i + 1
	}
}

func (w *pgnWrapper) newline() {
	w.b = append(w.b, '\n')
	w.col = 0
}
