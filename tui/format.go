package tui

import (
	"fmt"

	"github.com/evochess/evochess/core"
)

// scoreText shows a score from white's view: +0.35, -1.20, #3, #-2.
func scoreText(score int, sideToMove core.Color) string {
	if sideToMove == core.Black {
		score = -score
	}
	if m := core.MateIn(score); m != 0 {
		return fmt.Sprintf("#%d", m)
	}
	return fmt.Sprintf("%+.2f", float64(score)/100)
}

// pvText writes a principal variation in SAN from pos.
func pvText(pos *core.Position, pv []core.Move, max int) string {
	p := pos.Clone()
	s := ""
	for i, m := range pv {
		if i == max || !p.IsLegal(m) {
			break
		}
		if i > 0 {
			s += " "
		}
		s += p.SAN(m)
		p.MakeMove(m)
	}
	return s
}
