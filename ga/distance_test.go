package ga

import (
	"math"
	"math/bits"
	"slices"
	"testing"

	"github.com/evochess/evochess/core"
)

// The phenotype's positions are fixed: the same 100 distinct STS
// positions on every call, whatever the run or seed.
func TestPhenotypePositionsFixed(t *testing.T) {
	a, err := phenotypeFENs()
	if err != nil {
		t.Fatal(err)
	}
	recs, err := LoadSuite("sts")
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != phenotypeSample || a[0] != recs[0].Position.FEN() || a[1] != recs[15].Position.FEN() {
		t.Fatalf("%d positions, first %q, second %q: want 100, every 15th of STS", len(a), a[0], a[1])
	}
	seen := map[string]bool{}
	for _, f := range a {
		seen[f] = true
	}
	if len(seen) != len(a) {
		t.Fatalf("%d distinct of %d", len(seen), len(a))
	}
}

// Hand-checkable distances on the full preset: raising every knight
// square by 50 cp (both phases) changes each evaluation by 50 × (own −
// other knights), whatever the phase (up to the taper's rounding, 1 cp a
// position at most); a gene no position reads (a pawn on
// a1) changes nothing: genotypically apart, phenotypically identical.
func TestPhenotypicDistance(t *testing.T) {
	s, err := core.Preset("full")
	if err != nil {
		t.Fatal(err)
	}
	// The eval_terms3 terms at 0: the end-game scale and the initiative
	// would bend a piece-square change that is otherwise exactly linear.
	neutral := func() *core.Chromosome {
		c := s.Default()
		for i, g := range s.Genes {
			if g.InFamily(core.Terms3Family) {
				c.Values[i] = 0
			}
		}
		return c
	}
	base := &Genome{ID: 1, Chromosome: neutral()}
	knights := &Genome{ID: 2, Chromosome: neutral()}
	for i, g := range s.Genes {
		if g.Group == "psqt_knight" {
			knights.Chromosome.Values[i] += 50
		}
	}
	pawnA1 := &Genome{ID: 3, Chromosome: neutral()}
	pawnA1.Chromosome.Values[s.GeneIndex("pst_pawn_mg_a1")] = 150

	fens, _ := phenotypeFENs()
	want := 0.0
	for _, f := range fens {
		p, err := core.ParseFEN(f)
		if err != nil {
			t.Fatal(err)
		}
		nw := bits.OnesCount64(uint64(p.Pieces(core.White, core.Knight)))
		nb := bits.OnesCount64(uint64(p.Pieces(core.Black, core.Knight)))
		want += 50 * math.Abs(float64(nw-nb))
	}
	want /= float64(len(fens))

	cd, err := newCrowdingDistance(DistancePhenotypic, playerSearch{})
	if err != nil {
		t.Fatal(err)
	}
	if err := cd.prepare(base, knights, pawnA1); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name       string
		a, b       *Genome
		pheno, tol float64
		genoMin    float64
	}{
		{"itself", base, base, 0, 0, 0},
		{"knights +50", base, knights, want, 1, 1e-3},
		{"pawn on a1", base, pawnA1, 0, 0, 1e-4},
	}
	for _, c := range cases {
		got := cd.distance(c.a, c.b)
		if math.Abs(got-c.pheno) > c.tol || cd.distance(c.b, c.a) != got {
			t.Errorf("%s: phenotypic distance %g (reversed %g), want %g", c.name, got, cd.distance(c.b, c.a), c.pheno)
		}
		if g := GenotypicDistance(c.a, c.b); (g > 0) != (c.genoMin > 0) || g < c.genoMin {
			t.Errorf("%s: genotypic distance %g", c.name, g)
		}
	}
	if want == 0 {
		t.Fatal("no position has unequal knights: the test checks nothing")
	}
	geno, _ := newCrowdingDistance(DistanceGenotypic, playerSearch{})
	if d := geno.distance(base, knights); d != GenotypicDistance(base, knights) {
		t.Errorf("genotypic crowding distance %g, want %g", d, GenotypicDistance(base, knights))
	}
	// A vector is computed once: the cache answers for a prepared genome.
	n := len(cd.vecs)
	if err := cd.prepare(base, knights); err != nil || len(cd.vecs) != n || !slices.Equal(cd.vecs[base], cd.vecs[base]) {
		t.Errorf("prepare again: %v, %d vectors, want %d", err, len(cd.vecs), n)
	}
}
