// Package dataset holds labelled positions: quiet positions taken from
// games with the game's result and, optionally, a reference engine's
// score. Fitness "positions" (ga) tunes evaluations on them.
package dataset

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/evochess/evochess/core"
)

// Result is the result of the game a sample was taken from, from white's
// point of view.
type Result uint8

const (
	BlackWins Result = 0
	Draw      Result = 1
	WhiteWins Result = 2
)

// Score is the result as white's score: 0, 0.5 or 1.
func (r Result) Score() float64 { return float64(r) / 2 }

// NoScore marks a sample without a reference score.
const NoScore int16 = math.MinInt16

// Sample is one labelled position.
type Sample struct {
	Pos    core.PackedPosition
	Result Result
	Score  int16 // reference score in centipawns from white's view, NoScore when unlabelled
}

// Set is a dataset in memory.
type Set struct {
	Samples []Sample
}

// Valid reports whether r is one of the three results.
func (r Result) Valid() bool { return r <= WhiteWins }

// String is the PGN form: "1-0", "1/2-1/2" or "0-1".
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case Draw:
		return "1/2-1/2"
	case BlackWins:
		return "0-1"
	}
	return fmt.Sprintf("Result(%d)", uint8(r))
}

// ParseResult reads a result as the labelled-position formats write it:
// PGN ("1-0", "1/2-1/2", "0-1") or white's score ("1.0", "0.5", "0", …).
func ParseResult(s string) (Result, error) {
	switch s {
	case "1-0":
		return WhiteWins, nil
	case "1/2-1/2":
		return Draw, nil
	case "0-1":
		return BlackWins, nil
	}
	// A score, written plainly: strconv would also take "NaN", "0x1p-1",
	// "1e0" and such, which no dataset means.
	if s != "" && strings.Trim(s, "0123456789.") == "" {
		if v, err := strconv.ParseFloat(s, 64); err == nil {
			switch v {
			case 1:
				return WhiteWins, nil
			case 0.5:
				return Draw, nil
			case 0:
				return BlackWins, nil
			}
		}
	}
	return 0, fmt.Errorf("result %q is not 1-0, 1/2-1/2, 0-1, 1.0, 0.5 or 0.0", s)
}

// Labelled reports whether every sample carries a reference score (and
// there is at least one).
func (s *Set) Labelled() bool {
	for i := range s.Samples {
		if s.Samples[i].Score == NoScore {
			return false
		}
	}
	return len(s.Samples) > 0
}
