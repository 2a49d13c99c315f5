package core

import (
	"fmt"
	"math/rand/v2"
	"path"
	"strconv"
	"strings"
	"testing"
)

// terms3Evaluator compiles full's defaults with every eval_terms3 gene
// neutral (0) but the named ones (EvalTerms2 on, as full's sets 3 to 5
// play).
func terms3Evaluator(t testing.TB, genes map[string]float64) *Evaluator {
	return terms2Evaluator(t, familyNeutral(t, genes, Terms3Family), true)
}

// familyNeutral is genes with every other gene of full's families at 0.
func familyNeutral(t testing.TB, genes map[string]float64, families ...string) map[string]float64 {
	out := map[string]float64{}
	for _, g := range mustPreset(t, "full").Genes {
		for _, f := range families {
			if g.InFamily(f) {
				out[g.Name] = 0
			}
		}
	}
	for k, v := range genes {
		out[k] = v
	}
	return out
}

// termCase is a line of a term case file (testdata/eval_terms3.txt,
// eval_terms4.txt): genes ; want ; FEN.
type termCase struct {
	line  int
	genes map[string]float64
	want  string
	fen   string
}

func loadTermCases(t *testing.T, file string) []termCase {
	var out []termCase
	for _, c := range readCaseLines(t, file, "genes ; want ; FEN") {
		tc := termCase{line: c.line, genes: map[string]float64{}, want: c.fields[1], fen: c.fields[2]}
		for _, kv := range strings.Split(c.fields[0], ",") {
			k, v, ok := strings.Cut(kv, "=")
			x, err := strconv.ParseFloat(v, 64)
			if !ok || err != nil {
				t.Fatalf("%s:%d: bad gene %q", file, c.line, kv)
			}
			tc.genes[k] = x
		}
		out = append(out, tc)
	}
	return out
}

// checkTermCases checks each case of file, every gene of the families
// (the case's family and those whose terms would blur its count, as
// eval_terms3's end-game scale) neutral but the case's: the change it
// makes from white's view, and the opposite in the colour-flipped
// position.
func checkTermCases(t *testing.T, file string, active func(*Evaluator) bool, families ...string) {
	base := terms2Evaluator(t, familyNeutral(t, nil, families...), true)
	if active(base) {
		t.Fatalf("the neutral genes compute the %s terms", families[0])
	}
	for _, tc := range loadTermCases(t, file) {
		e := terms2Evaluator(t, familyNeutral(t, tc.genes, families...), true)
		p := mustFEN(t, tc.fen)
		got := whiteEval(e, p) - whiteEval(base, p)
		m := p.Mirror()
		if mirrored := whiteEval(e, m) - whiteEval(base, m); mirrored != -got {
			t.Errorf("%s:%d: %+d, mirrored %+d", file, tc.line, got, mirrored)
		}
		switch {
		case tc.want == "+" && got > 0, tc.want == "-" && got < 0, tc.want == "0" && got == 0:
		case strings.HasPrefix(tc.want, "="):
			n, err := strconv.Atoi(tc.want[1:])
			if err != nil {
				t.Fatalf("%s:%d: bad want %q", file, tc.line, tc.want)
			}
			if got != n {
				t.Errorf("%s:%d %v: %+d, want %+d", file, tc.line, tc.genes, got, n)
			}
		default:
			t.Errorf("%s:%d %v: %+d, want %s", file, tc.line, tc.genes, got, tc.want)
		}
	}
}

// Each term alone, in a position made for it: the change it makes, and
// the opposite in the colour-flipped position.
func TestTerms3Terms(t *testing.T) {
	checkTermCases(t, "testdata/eval_terms3.txt", func(e *Evaluator) bool { return e.terms3 }, Terms3Family)
}

// The initiative never turns the end-game part round, and the scale is
// bounded: worked by hand.
func TestTerms3EndGame(t *testing.T) {
	ocb := mustFEN(t, "4k3/8/3b4/8/8/2P5/4B3/4K3 w - - 0 1")     // pure opposite bishops
	ocb3 := mustFEN(t, "4k3/p7/3b4/8/8/2P1P3/4B3/4K3 w - - 0 1") // white's two passers, black's one
	plain := mustFEN(t, "4k3/8/8/8/8/8/PP6/4K3 w - - 0 1")       // no scale applies
	for _, tc := range []struct {
		t3   Terms3Weights
		p    *Position
		eg   int
		want int
	}{
		{Terms3Weights{InitiativeBase: -300}, plain, 20, 0},
		{Terms3Weights{InitiativeBase: -300}, plain, -20, 0},
		{Terms3Weights{InitiativeBase: 30}, plain, 20, 50},
		{Terms3Weights{InitiativeBase: 30}, plain, -20, -50},
		{Terms3Weights{InitiativeBase: 30}, plain, 0, 0},
		{Terms3Weights{InitiativePawns: 10}, plain, 100, 120},
		{Terms3Weights{InitiativeBase: -20}, plain, 20, 0},
		{Terms3Weights{InitiativeBase: -20}, plain, 21, 1},
		{Terms3Weights{ScaleOCB: -64, ScaleOCBPassed: 16}, ocb3, 100, 50},   // the side ahead's two
		{Terms3Weights{ScaleOCB: -64, ScaleOCBPassed: 16}, ocb3, -100, -25}, // black ahead: its one
		{Terms3Weights{ScaleOCB: -32}, ocb, 100, 50},
		{Terms3Weights{ScaleOCB: -32}, ocb, -100, -100},                  // black ahead without a pawn: the material's case first
		{Terms3Weights{ScaleOCB: -64, ScaleOCBPassed: 16}, ocb, 100, 25}, // c3 is passed
		{Terms3Weights{ScaleOCB: 200}, ocb, 100, 200},                    // at most 128/64
		{Terms3Weights{ScaleOCB: -200}, ocb, 100, 0},                     // at least 0
		{Terms3Weights{ScaleOCBPieces: -64}, ocb, 100, 100},
	} {
		w := mustWeights(t, "full")
		w.Terms3 = tc.t3
		e := NewEvaluator(w)
		if got := e.terms3EndGame(tc.p, tc.eg, e.pawnStructure(tc.p).passed); got != tc.want {
			t.Errorf("%+v, %s, eg %d: %d, want %d", tc.t3, tc.p.FEN(), tc.eg, got, tc.want)
		}
	}
}

// With every gene of the family drawn in its bounds, the evaluation stays
// symmetric, EvalTerms2 on or off: a position and its colour flip score
// the same for the side to move, over book positions, the end games made
// for the terms, and random walks from both.
func TestTerms3Symmetric(t *testing.T) {
	checkFamilySymmetric(t, Terms3Family, "testdata/eval_terms3.txt", func(e *Evaluator) bool { return e.terms3 }, 2, false)
}

// checkFamilySymmetric is TestTerms3Symmetric for a family; the random
// genes must change at least 1/minShare of the positions' scores (a
// family that acts only in some positions asks less). A family computed
// only with EvalTerms2 on (terms2Only) must change none with it off.
func checkFamilySymmetric(t *testing.T, family, caseFile string, active func(*Evaluator) bool, minShare int, terms2Only bool) {
	s := mustPreset(t, "full")
	ps := seed000TestPositions(t, 40, 40)
	rng := rand.New(rand.NewPCG(18, 3))
	for _, tc := range loadTermCases(t, caseFile) {
		for range 20 {
			p := mustFEN(t, tc.fen)
			for range 30 {
				moves := p.LegalMoves()
				if len(moves) == 0 {
					break
				}
				p.MakeMove(moves[rng.IntN(len(moves))])
				ps = append(ps, p.Clone())
			}
		}
	}
	for seed := uint64(1); seed <= 6; seed++ {
		r := randomChromosome(s, seed)
		genes := map[string]float64{}
		for i, g := range s.Genes {
			if g.InFamily(family) {
				genes[g.Name] = r.Values[i]
			}
		}
		terms2 := seed%2 == 0
		e, base := terms2Evaluator(t, genes, terms2), terms2Evaluator(t, familyNeutral(t, nil, family), terms2)
		if !active(e) {
			t.Fatal("random genes leave the terms off")
		}
		differs := mirrorChanges(t, e, base, ps, fmt.Sprintf("seed %d", seed))
		switch {
		case terms2Only && !terms2 && differs != 0:
			t.Errorf("seed %d: %d of %d positions changed with EvalTerms2 off", seed, differs, len(ps))
		case (terms2 || !terms2Only) && differs < len(ps)/minShare:
			t.Errorf("seed %d: %d of %d positions changed", seed, differs, len(ps))
		}
	}
}

// mirrorChanges fails t where e scores a position and its mirror apart
// (what says which evaluator), and counts the positions e scores other
// than base.
func mirrorChanges(t *testing.T, e, base *Evaluator, ps []*Position, what string) int {
	t.Helper()
	differs := 0
	for _, p := range ps {
		a, b := e.Evaluate(p), e.Evaluate(p.Mirror())
		if a != b {
			t.Fatalf("%s, %s: %d, mirrored %d", what, p.FEN(), a, b)
		}
		if a != base.Evaluate(p) {
			differs++
		}
	}
	return differs
}

// The genes are opt-in, in the family, neutral by default in the layout
// (its hand-set defaults compile to a zero Terms3Weights; full's set 5
// ships tuned ones, within the same bounds), and docs/chromosomes.md 6.5
// lists them, one row per pattern of names.
func TestTerms3Genes(t *testing.T) {
	checkFamilyGenes(t, Terms3Family, "### 6.5", 146, func(w *Weights) bool { return w.Terms3 == Terms3Weights{} })
}

func checkFamilyGenes(t *testing.T, family, section string, want int, neutral func(*Weights) bool) {
	s := fullHandSetSchema()
	if w, err := s.Default().Compile(); err != nil || !neutral(w) {
		t.Errorf("the layout's defaults of %s are not neutral (%v)", family, err)
	}
	for _, g := range mustPreset(t, "full").Genes {
		if g.InFamily(family) && (g.Default < g.Lo || g.Default > g.Hi) {
			t.Errorf("%s: full's default %g outside [%g, %g]", g.Name, g.Default, g.Lo, g.Hi)
		}
	}
	rows := docTable(t, section)
	matched := make([]int, len(rows))
	n := 0
	for _, g := range s.Genes {
		if !g.InFamily(family) {
			continue
		}
		n++
		if !g.OptIn {
			t.Errorf("%s is not opt-in", g.Name)
		}
		found := 0
		for r, row := range rows {
			if ok, err := path.Match(strings.Trim(row[0], "`"), g.Name); err != nil || !ok {
				continue
			}
			found++
			matched[r]++
			lo, hi := docInterval(t, row[3])
			unit := g.Unit
			if unit == "" {
				unit = "cp"
			}
			if row[1] != "`"+g.Group+"`" || docNumber(t, row[2]) != g.Default || lo != g.Lo || hi != g.Hi || row[4] != unit {
				t.Errorf("%s: row %v; code: group %s default %g [%g, %g] unit %s", g.Name, row, g.Group, g.Default, g.Lo, g.Hi, unit)
			}
		}
		if found != 1 {
			t.Errorf("%s matches %d rows of docs/chromosomes.md %s", g.Name, found, section)
		}
	}
	for r, row := range rows {
		if c, err := strconv.Atoi(row[5]); err != nil || c != matched[r] {
			t.Errorf("row %v: %d genes match it", row, matched[r])
		}
	}
	if n != want {
		t.Errorf("%d genes of family %s, want %d", n, family, want)
	}
}

// A chromosome file without the eval_terms3 or eval_terms4 genes (every
// file written before full's set 5, or before a set that tuned
// eval_terms4) plays without the terms, whatever the schema's defaults
// for them are (a set that tuned them).
func TestTerms3MissingFromFileNeutral(t *testing.T) {
	s := fullHandSetSchema()
	// A gene of each family that a file may leave out, each given a
	// tuned set's default here: eval_terms3, 4, 5 and 6.
	neutral := map[string]float64{"initiative_base": -50, "trapped_rook_mg": -40, "kd_bias": 30, "weak_queen_mg": 20}
	j := s.GeneIndex("search_rfp_margin")
	if j < 0 {
		t.Fatal("full has no gene search_rfp_margin")
	}
	s.Genes[j].Default = 60
	for name, v := range neutral {
		i := s.GeneIndex(name)
		if i < 0 {
			t.Fatalf("full has no gene %s", name)
		}
		s.Genes[i].Default = v
	}
	var b strings.Builder
	b.WriteString("{")
	for k, g := range s.Genes {
		if g.OptIn {
			continue
		}
		if b.Len() > 1 {
			b.WriteString(",")
		}
		b.WriteString(strconv.Quote(g.Name) + ":" + strconv.FormatFloat(s.Genes[k].Default, 'g', -1, 64))
	}
	b.WriteString("}")
	values, err := decodeGenes(s, []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	for name := range neutral {
		if v := values[s.GeneIndex(name)]; v != 0 {
			t.Errorf("%s left out of a file: %g, want 0", name, v)
		}
	}
	if values[j] != 60 { // other opt-in genes take the schema's default
		t.Errorf("search_rfp_margin left out of a file: %g, want the default 60", values[j])
	}
}
