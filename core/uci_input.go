package core

import (
	"bufio"
	"errors"
	"io"
)

// maxUCILine bounds one command line. The longest honest one is a
// "position … moves" of a long game: a few tens of kilobytes.
const maxUCILine = 1 << 20

// uciLine is one line of input; tooLong marks a line over the limit,
// whose text was dropped.
type uciLine struct {
	text    string
	tooLong bool
}

// lineReader reads lines of at most max bytes (without the newline),
// holding no more than that in memory: the rest of a longer line is read
// and thrown away, so a runaway line costs nothing and does not end the
// session (bufio.Scanner stops for good at its limit).
type lineReader struct {
	r   *bufio.Reader
	max int
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next line; io.EOF once the input is done (a last line
// without a newline is returned first).
func (l *lineReader) next() (uciLine, error) {
	var buf []byte
	tooLong, got := false, false
	for {
		chunk, err := l.r.ReadSlice('\n')
		got = got || len(chunk) > 0
		if !tooLong {
			if len(buf)+len(chunk) > l.max+2 { // room for "\r\n"
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue // the line goes on
		case err != nil && (err != io.EOF || !got):
			return uciLine{}, err
		}
		text := trimEOL(buf)
		if len(text) > l.max {
			tooLong, text = true, nil
		}
		return uciLine{text: string(text), tooLong: tooLong}, nil
	}
}

func trimEOL(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b
}
