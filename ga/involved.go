package ga

import (
	"context"
	"math"
	"strings"

	"github.com/evochess/evochess/core"
)

// InvolvedGenes is establishWeightsToMutate() of seed 004's Algorithm 1,
// as docs/chromosomes.md 5.5 reads it, for any gene schema:
//
//  1. The solution line: the problem's best move, then the principal
//     variation of a depth-4 search by the current best player. A gene is
//     involved when its feature differs between the problem position and
//     the line's end: nudging the gene changes the two evaluations (from
//     white's side) by different amounts. This is computed, not listed, so
//     it works for every preset.
//  2. The problem's kind adds gene families: tactical problems (WAC, ECM,
//     BK, or a best move that captures or checks) add material and king
//     safety (000:41); STS themes add theirs.
//  3. An empty set means every gene (004:586-588).
func InvolvedGenes(s *core.Schema, best *core.Chromosome, p *core.EPDRecord, suite string) []int {
	involved := make([]bool, len(s.Genes))
	x := p.Position.Clone()
	if len(p.Best) > 0 {
		y := x.Clone()
		y.MakeMove(p.Best[0])
		if w, err := best.Compile(); err == nil && !y.Status().Over() {
			sr := core.NewSearcher(w, 1)
			res := sr.Search(context.Background(), y.Clone(), core.Limits{Depth: 4})
			for _, m := range res.PV {
				if !y.IsLegal(m) {
					break
				}
				y.MakeMove(m)
			}
		}
		featureDiff(s, best, x, y, involved)
	}
	for _, fam := range familiesFor(p, suite) {
		for i := range s.Genes {
			if s.Genes[i].InFamily(fam) {
				involved[i] = true
			}
		}
	}
	var out []int
	for i, ok := range involved {
		if ok && !s.Genes[i].Fixed {
			out = append(out, i)
		}
	}
	return out
}

// featureDiff marks the genes whose nudge moves the evaluations of x and
// y by different amounts.
func featureDiff(s *core.Schema, base *core.Chromosome, x, y *core.Position, involved []bool) {
	evalWhite := func(c *core.Chromosome, p *core.Position) (float64, bool) {
		w, err := c.Compile()
		if err != nil {
			return 0, false
		}
		v := float64(core.NewEvaluator(w).Evaluate(p))
		if p.SideToMove() == core.Black {
			v = -v
		}
		return v, true
	}
	bx, ok1 := evalWhite(base, x)
	by, ok2 := evalWhite(base, y)
	if !ok1 || !ok2 {
		return
	}
	for i := range s.Genes {
		g := &s.Genes[i]
		if g.Fixed || g.Hi <= g.Lo {
			continue
		}
		c := base.Clone()
		step := (g.Hi - g.Lo) / 4
		if c.Values[i]+step > g.Hi {
			step = -step
		}
		c.Values[i] += step
		nx, ok1 := evalWhite(c, x)
		ny, ok2 := evalWhite(c, y)
		if ok1 && ok2 && math.Abs((ny-by)-(nx-bx)) >= 1 {
			involved[i] = true
		}
	}
}

// stsThemes maps words of STS ids to the gene families they exercise.
var stsThemes = []struct {
	word     string
	families []string
}{
	{"Undermin", []string{"pawn_structure"}},
	{"a/b/c pawns", []string{"pawn_structure"}},
	{"Pawn Play", []string{"pawn_structure"}},
	{"Open Files", []string{"rook", "bishop", "queen"}},
	{"7th Rank", []string{"rook", "queen"}},
	{"Knight", []string{"knight"}},
	{"Bishop vs Knight", []string{"bishop", "knight", "material"}},
	{"Square Vacancy", []string{"mobility", "pawn_structure"}},
	{"Center Control", []string{"mobility", "pawn_structure"}},
	{"Recaptur", []string{"material", "pawn_structure"}},
	{"Simplification", []string{"material", "pawn_structure"}},
	{"AKPC", []string{"king_safety", "pawn_structure"}},
	{"King Activity", []string{"king_safety", "pawn_structure"}},
}

func familiesFor(p *core.EPDRecord, suite string) []string {
	id := p.ID
	if strings.HasPrefix(id, "STS") {
		var out []string
		for _, t := range stsThemes {
			if strings.Contains(id, t.word) {
				out = append(out, t.families...)
			}
		}
		return out
	}
	tactical := strings.HasPrefix(id, "WAC") || strings.HasPrefix(id, "ECM") // BK: by its move only
	for _, m := range p.Best {
		if m.IsCapture() || p.Position.GivesCheck(m) {
			tactical = true
		}
	}
	if tactical {
		return []string{"material", "king_safety"}
	}
	return nil
}
