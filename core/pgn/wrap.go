package pgn

// maxLine is the longest line the writer produces when it can: the PGN
// export format asks for at most 79 characters, and 80 columns is what
// terminals and the tools we check against expect.
const maxLine = 80

// wrapper lays out movetext tokens separated by spaces, starting a new
// line instead of letting a line grow past maxLine. A token is never
// split, so only a single token longer than the limit can exceed it.
type wrapper struct {
	b   []byte
	col int
}

// word appends one unsplittable token.
func (w *wrapper) word(s string) {
	if w.col > 0 && w.col+1+len(s) > maxLine {
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
// text must already be cleaned (cleanComment): single spaces, no "}".
func (w *wrapper) comment(text string) {
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

func (w *wrapper) newline() {
	w.b = append(w.b, '\n')
	w.col = 0
}
