package core

import (
	"fmt"
	"strings"
)

// How scores and lines read for people: the command line's analyse and
// the terminal arena's Play tab show them alike.

// ScoreText shows a score from the side to move's view as pawns (+0.35,
// -1.20) or as a mate distance (#3, #-2).
func ScoreText(score int) string {
	if m := MateIn(score); m != 0 {
		return fmt.Sprintf("#%d", m)
	}
	return fmt.Sprintf("%+.2f", float64(score)/100)
}

// WhiteScoreText is ScoreText from white's view, for a score found with
// toMove to move: a board shown to people keeps one side's view.
func WhiteScoreText(score int, toMove Color) string {
	if toMove == Black {
		score = -score
	}
	return ScoreText(score)
}

// SANLine writes a line of moves from p in SAN, space-separated, leaving
// p unchanged. It stops after max moves (max ≤ 0: the whole line) or
// before the first move that is not legal where it stands.
func SANLine(p *Position, line []Move, max int) string {
	q := p.Clone()
	var b strings.Builder
	for i, m := range line {
		if i == max && max > 0 || !q.IsLegal(m) {
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(q.SAN(m))
		q.MakeMove(m)
	}
	return b.String()
}
