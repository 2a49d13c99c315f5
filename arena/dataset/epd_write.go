package dataset

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/evochess/evochess/core"
)

// WriteEPD writes the set as EPD in the quiet-labeled form most tuners
// read, one position a line:
//
//	FEN c9 "1-0"; ce 35; hmvc 3; fmvn 20;
//
// FEN is the four EPD fields and c9 comes right after it, as in
// quiet-labeled.epd; ce (the score, from the side to move's view as EPD
// has it) only for scored samples; hmvc and fmvn only when the clocks are
// not 0 and 1, so a set without clocks exports exactly as
// quiet-labeled.epd looks. ParseEPD reads it back to the same samples.
func (s *Set) WriteEPD(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var q core.Position
	for i := range s.Samples {
		sm := &s.Samples[i]
		if err := checkSample(sm, &q); err != nil {
			return fmt.Errorf("record %d: %w", i, err)
		}
		fen := q.FEN()
		// The four EPD fields: FEN without its two clocks.
		cut := len(fen)
		for k := 0; k < 2; k++ {
			cut = strings.LastIndexByte(fen[:cut], ' ')
		}
		fmt.Fprintf(bw, "%s c9 \"%s\";", fen[:cut], sm.Result)
		if sm.Score != NoScore {
			v := int(sm.Score)
			if q.SideToMove() == core.Black {
				v = -v
			}
			fmt.Fprintf(bw, " ce %d;", v)
		}
		if h, f := q.HalfmoveClock(), q.FullmoveNumber(); h != 0 || f != 1 {
			fmt.Fprintf(bw, " hmvc %d; fmvn %d;", h, f)
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
