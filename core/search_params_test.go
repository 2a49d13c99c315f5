package core

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// Bench signatures at depth 11 (docs/RESULTS.md), with full's defaults
// (set 10 since issue 26's retune with Stockfish 11's mobility area and
// king ring, with the EvalTerms2 terms and those switches on, as it
// plays): the default search (search set 6:
// SPSA's third round's numbers with singular extensions and the table in
// quiescence on), and with SearchParamsV1 to V5 (the defaults before
// each step of issue 26, which saved runs still play), and with
// EvalTerms2 off. A change to any number is a change of the search and
// must be measured, not waved through.
const (
	benchSignature       = 1423060
	benchSignatureV5     = 1861281 // set 5: set 3's numbers
	benchSignatureV4     = 1851582 // set 4: QuiescenceTT off too
	benchSignatureV3     = 1405819 // set 3: singular extensions off too
	benchSignatureV1     = 2373212
	benchSignatureV2     = 2046058
	benchSignatureTerms2 = 1595834 // EvalTerms2 off
)

// benchSignatureSwitches are the signatures at depth 11 with each switch
// of issue 26 on alone. TimeManager2, TimeFrontload and TimeNodes change
// nothing at a fixed depth; QuiescenceTT is on by default, and
// MobilityArea and KingRing in full's set 10.
var benchSignatureSwitches = map[string]uint64{
	"StagedMovegen":      1433571,
	"CorrectionHistory":  1635281,
	"ImprovingPruning":   1442350,
	"QuiescenceChecks":   1670838,
	"TimeManager2":       benchSignature,
	"TimeFrontload":      benchSignature,
	"TimeNodes":          benchSignature,
	"EvalTerms2":         benchSignature,
	"KillerReduction":    1302218,
	"CutNodeFirstMove":   1560857,
	"DeltaEnPassant":     1417814,
	"OneReplyExtension":  1556170,
	"ProbCut":            1523094,
	"ThreatHistory":      1597946,
	"CaptureHistory":     1421976,
	"CheckExtensionSEE":  1511796,
	"QuiescenceTT":       benchSignature,
	"SingularPlus":       1605139,
	"Razoring":           1441722,
	"EndgameScale":       1377016,
	"MobilityArea":       benchSignature,
	"KingRing":           benchSignature,
	"MaterialPhase":      1531342,
	"LMRSparesCaptures":  1749621,
	"LMRSparesChecks":    1798655,
	"TTPv":               1590859,
	"TTCaptureReduction": 1429690,
	"LMRDeeper":          1436513,
	"ContHist4":          1482681,
	"FailLowBonus":       1432378,
}

// benchWith runs the bench at depth with full's weights and the options
// set over them.
func benchWith(t *testing.T, depth int, opts ...[2]string) uint64 {
	t.Helper()
	w := mustWeights(t, "full")
	p := w.SearchParams()
	if err := p.SetAll(opts); err != nil {
		t.Fatal(err)
	}
	w.Search = &p
	return Bench(context.Background(), w, depth).Nodes
}

func TestBenchSignature(t *testing.T) {
	if testing.Short() {
		t.Skip("depth-11 benches")
	}
	if n := benchWith(t, 11); n != benchSignature {
		t.Errorf("bench signature %d, want %d", n, benchSignature)
	}
	if n := benchWith(t, 11, SearchParamsV5().Options()...); n != benchSignatureV5 {
		t.Errorf("bench signature with SearchParamsV5 %d, want %d", n, benchSignatureV5)
	}
	if n := benchWith(t, 11, SearchParamsV4().Options()...); n != benchSignatureV4 {
		t.Errorf("bench signature with SearchParamsV4 %d, want %d", n, benchSignatureV4)
	}
	if n := benchWith(t, 11, SearchParamsV3().Options()...); n != benchSignatureV3 {
		t.Errorf("bench signature with SearchParamsV3 %d, want %d", n, benchSignatureV3)
	}
	if n := benchWith(t, 11, SearchParamsV1().Options()...); n != benchSignatureV1 {
		t.Errorf("bench signature with SearchParamsV1 %d, want %d", n, benchSignatureV1)
	}
	if n := benchWith(t, 11, SearchParamsV2().Options()...); n != benchSignatureV2 {
		t.Errorf("bench signature with SearchParamsV2 %d, want %d", n, benchSignatureV2)
	}
	if n := benchWith(t, 11, [2]string{"EvalTerms2", "false"}); n != benchSignatureTerms2 {
		t.Errorf("bench signature with EvalTerms2 off %d, want %d", n, benchSignatureTerms2)
	}
	for _, sw := range searchSwitchTable[1:] {
		want, ok := benchSignatureSwitches[sw.uci]
		if !ok {
			t.Errorf("%s: no bench signature recorded", sw.uci)
			continue
		}
		n := benchWith(t, 11, [2]string{sw.uci, "true"})
		if n != want {
			t.Errorf("bench signature with %s %d, want %d", sw.uci, n, want)
		}
		t.Logf("bench signature with %s: %d nodes", sw.uci, n)
	}
}

// With singular extensions off, their depth and margin change nothing;
// on (the default since set 4), they do.
func TestSingularOffIgnoresItsParameters(t *testing.T) {
	off := [2]string{"SingularExtensions", "false"}
	base := benchWith(t, 8, off)
	if n := benchWith(t, 8, off, [2]string{"SingularDepth", "4"}, [2]string{"SingularMargin", "0"}); n != base {
		t.Errorf("off, depth 4 margin 0: %d nodes, default %d", n, base)
	}
	if on := benchWith(t, 8); on == base {
		t.Errorf("singular extensions on by default change nothing (%d nodes)", on)
	}
	on := benchWith(t, 8, [2]string{"SingularDepth", "4"})
	if on == base || on == benchWith(t, 8) {
		t.Errorf("singular extensions at depth 4 change nothing (%d nodes)", on)
	}
}

// The mates are still found, at their distance, with singular extensions.
func TestSingularFindsMates(t *testing.T) {
	for _, tc := range []struct {
		fen    string
		mateIn int
		best   string
	}{
		{"6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 2, "g2g1"},
		{"r1b3kr/ppp1Bp1p/1b6/n2P4/2p3q1/2Q2N2/P4PPP/RN2R1K1 w - - 1 1", 3, "c3h8"},
	} {
		s := newTestSearcher(t)
		p := s.SearchParams()
		p.Singular, p.SingularDepth = true, 4 // at the depths a mate in 3 is searched
		s.SetSearchParams(p)
		res := s.Search(context.Background(), mustFEN(t, tc.fen), Limits{Depth: 2*tc.mateIn + 6})
		if MateIn(res.Score) != tc.mateIn || res.Move.String() != tc.best {
			t.Errorf("%s: %s, mate in %d; want %s, mate in %d", tc.fen, res.Move, MateIn(res.Score), tc.best, tc.mateIn)
		}
	}
}

func TestSearchParamsSet(t *testing.T) {
	for _, tc := range []struct {
		name, value string
		want        string // in the error; empty: accepted
		check       func(SearchParams) bool
	}{
		{"SingularExtensions", "true", "", func(p SearchParams) bool { return p.Singular }},
		{"singularextensions", "FALSE", "", func(p SearchParams) bool { return !p.Singular }},
		{"SingularDepth", "12", "", func(p SearchParams) bool { return p.SingularDepth == 12 }},
		{"SingularExtensions", "yes", "option SingularExtensions: \"yes\" is not true or false", nil},
		{"SingularDepth", "3", "option SingularDepth: \"3\" is not a number from 4 to 20", nil},
		{"SingularMargin", "x", "option SingularMargin", nil},
		{"Hash", "16", `option "Hash" is not a search option`, nil},
	} {
		p := DefaultSearchParams()
		err := p.Set(tc.name, tc.value)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s=%s: %v", tc.name, tc.value, err)
		case tc.want == "" && !tc.check(p):
			t.Errorf("%s=%s: not in force: %+v", tc.name, tc.value, p)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s=%s: error %v, want one saying %q", tc.name, tc.value, err, tc.want)
		case tc.want != "" && p != DefaultSearchParams():
			t.Errorf("%s=%s: refused but changed the parameters", tc.name, tc.value)
		}
	}
	// SetAll changes nothing unless every option is good.
	p := DefaultSearchParams()
	if err := p.SetAll([][2]string{{"SingularExtensions", "false"}, {"SingularDepth", "0"}}); err == nil || !p.Singular {
		t.Errorf("SetAll with a bad option: %v, singular %v", err, p.Singular)
	}
}

// A searcher's parameters are its own: a chromosome's (nil: defaults)
// until SetSearchParams, and SetWeights takes the new chromosome's.
func TestSearcherParamsFromWeights(t *testing.T) {
	w := mustWeights(t, "full")
	s := NewSearcher(w, 1)
	full := mustPreset(t, "full").SearchDefaults()
	if s.SearchParams() != full {
		t.Errorf("full's weights: %+v", s.SearchParams())
	}
	p := DefaultSearchParams()
	p.Singular, p.SingularMargin = true, 5
	w2 := *w
	w2.Search = &p
	other := NewSearcher(&w2, 1)
	if other.SearchParams() != p || s.SearchParams() != full {
		t.Errorf("searchers share parameters: %+v, %+v", other.SearchParams(), s.SearchParams())
	}
	s.SetWeights(&w2)
	if s.SearchParams() != p {
		t.Errorf("SetWeights kept the old parameters: %+v", s.SearchParams())
	}
}

// benchSubset searches the first n bench positions to depth with params
// and returns the nodes: cheap enough to try every parameter.
func benchSubset(t *testing.T, w *Weights, params SearchParams, depth, n int) uint64 {
	t.Helper()
	s := NewSearcher(w, 16)
	s.SetSearchParams(params)
	var nodes uint64
	for _, fen := range benchFENs[:n] {
		s.NewGame()
		nodes += s.Search(context.Background(), mustFEN(t, fen), Limits{Depth: depth}).Nodes
	}
	return nodes
}

// Every parameter is wired to the search: moving it from its default to
// one of its bounds changes the node count (singular extensions on, so
// that their depth and margin count too, and the improving flag's pruning
// for its two numbers; at a depth where every kind of pruning and
// reduction acts; ProbCut on for its depth and margin).
func TestEverySearchParamActs(t *testing.T) {
	w := set1Weights(t)
	type key struct {
		n                  int
		improving, probCut bool
	}
	want := map[key]uint64{}
	for _, sp := range searchParamTable {
		base := DefaultSearchParams()
		base.Singular = true
		base.ImprovingPruning = sp.uci == "FutilityImproving" || sp.uci == "HistoryPruneImproving"
		base.ProbCut = sp.uci == "ProbCutDepth" || sp.uci == "ProbCutMargin"
		acts := false
		// A third of the positions first; all of them for a parameter that
		// acts seldom (history pruning: a quiet's history must have sunk).
		for _, n := range []int{10, len(benchFENs)} {
			k := key{n, base.ImprovingPruning, base.ProbCut}
			if _, ok := want[k]; !ok {
				want[k] = benchSubset(t, w, base, 8, n)
			}
			for _, bound := range []int{sp.min, sp.max} {
				p := base
				if *sp.field(&p) = bound; !acts && bound != *sp.field(&base) {
					acts = benchSubset(t, w, p, 8, n) != want[k]
				}
			}
		}
		if !acts {
			t.Errorf("%s: at %d and at %d as many nodes as at its default %d", sp.uci, sp.min, sp.max, *sp.field(&base))
		}
	}
}

// The table's defaults and bounds are sound: each default within its
// bounds, the UCI and gene names unique.
func TestSearchParamTable(t *testing.T) {
	d := DefaultSearchParams()
	seen := map[string]bool{}
	for _, sp := range searchParamTable {
		if v := *sp.field(&d); v < sp.min || v > sp.max {
			t.Errorf("%s: default %d outside [%d, %d]", sp.uci, v, sp.min, sp.max)
		}
		for _, n := range []string{strings.ToLower(sp.uci), "gene " + sp.gene} {
			if seen[n] {
				t.Errorf("%s: name %q twice", sp.uci, n)
			}
			seen[n] = true
		}
	}
}

// full's search genes: their defaults compile to the default parameters
// and search exactly as weights without them (nil: the defaults); a
// chromosome file round trip keeps changed values, which then play; a
// file without them (every file before them) reads as the defaults.
func TestSearchGenes(t *testing.T) {
	s := mustPreset(t, "full")
	if w, err := s.Default().Compile(); err != nil || w.Search == nil || *w.Search != s.SearchDefaults() || !w.Search.EvalTerms2 {
		t.Fatalf("full's default search genes compile to %+v (%v), want its SearchDefaults, EvalTerms2 on", w.Search, err)
	}
	// Without the schema's switches (weights with no search genes play
	// the program's defaults, EvalTerms2 off).
	w, err := s.withSwitches(nil).Default().Compile()
	if err != nil {
		t.Fatal(err)
	}
	if w.Search == nil || *w.Search != DefaultSearchParams() {
		t.Fatalf("full's default search genes, no switches, compile to %+v", w.Search)
	}
	bare := *w
	bare.Search = nil
	for _, fen := range benchFENs[:6] {
		a, b := NewSearcher(w, 16), NewSearcher(&bare, 16)
		ra := a.Search(context.Background(), mustFEN(t, fen), Limits{Depth: 9})
		rb := b.Search(context.Background(), mustFEN(t, fen), Limits{Depth: 9})
		if ra.Move != rb.Move || ra.Score != rb.Score || ra.Nodes != rb.Nodes || !slices.Equal(ra.PV, rb.PV) {
			t.Errorf("%s: default search genes %v %d %d nodes, no genes %v %d %d nodes", fen, ra.Move, ra.Score, ra.Nodes, rb.Move, rb.Score, rb.Nodes)
		}
	}

	c := s.Default()
	set := map[string]float64{"search_lmr_base": 50, "search_null_move_base": 4, "search_rfp_margin": 95.4}
	for name, v := range set {
		c.Values[s.GeneIndex(name)] = v
	}
	var buf bytes.Buffer
	if err := WriteChromosome(&buf, c); err != nil {
		t.Fatal(err)
	}
	file := slices.Clone(buf.Bytes())
	back, err := ReadChromosome(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Values, c.Values) {
		t.Fatal("the round trip changed the values")
	}
	w2, err := back.Compile()
	if err != nil {
		t.Fatal(err)
	}
	want := s.SearchDefaults()                                  // the preset's switches go with the file
	want.LMRBase, want.NullMoveBase, want.RFPMargin = 50, 4, 95 // rounded to whole numbers
	if *w2.Search != want {
		t.Errorf("compiled %+v, want %+v", *w2.Search, want)
	}
	if benchSubset(t, w2, w2.SearchParams(), 6, 10) == benchSubset(t, w, w.SearchParams(), 6, 10) {
		t.Error("changed search genes search like the defaults")
	}

	// Without search genes: the defaults; a search gene out of bounds is
	// an error naming it.
	var raw map[string]any
	if err := json.Unmarshal(file, &raw); err != nil {
		t.Fatal(err)
	}
	genes := raw["genes"].(map[string]any)
	for name := range genes {
		if strings.HasPrefix(name, "search_") {
			delete(genes, name)
		}
	}
	data, _ := json.Marshal(raw)
	old, err := ReadChromosome(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("a file without search genes: %v", err)
	}
	if w3, _ := old.Compile(); *w3.Search != s.SearchDefaults() {
		t.Errorf("a file without search genes plays %+v", *w3.Search)
	}
	// Without switches (every file written before them): the program's
	// defaults, EvalTerms2 off, as those files played.
	delete(raw, "switches")
	data, _ = json.Marshal(raw)
	if old, err := ReadChromosome(bytes.NewReader(data)); err != nil {
		t.Errorf("a file without switches: %v", err)
	} else if w4, _ := old.Compile(); *w4.Search != DefaultSearchParams() {
		t.Errorf("a file without switches plays %+v", *w4.Search)
	}
	genes["search_lmr_divisor"] = 5
	data, _ = json.Marshal(raw)
	if _, err := ReadChromosome(bytes.NewReader(data)); err == nil || !strings.Contains(err.Error(), "genes.search_lmr_divisor") {
		t.Errorf("search_lmr_divisor 5: %v", err)
	}
}

// docs/chromosomes.md 6.3 lists the search genes as the code has them.
func TestSearchGenesDocTable(t *testing.T) {
	rows := docTable(t, "### 6.3")
	if len(rows) != len(searchParamTable) {
		t.Fatalf("%d rows, %d parameters", len(rows), len(searchParamTable))
	}
	s := mustPreset(t, "full")
	d := DefaultSearchParams()
	for i, sp := range searchParamTable {
		row := rows[i]
		gi := s.GeneIndex(strings.Trim(row[0], "`"))
		if gi < 0 {
			t.Errorf("row %v: full has no such gene", row)
			continue
		}
		g := s.Genes[gi]
		lo, hi := docInterval(t, row[3])
		if g.Name != "search_"+sp.gene || row[1] != "`"+sp.uci+"`" || docNumber(t, row[2]) != float64(*sp.field(&d)) ||
			g.Default != docNumber(t, row[2]) || lo != g.Lo || hi != g.Hi || float64(sp.min) != lo || float64(sp.max) != hi {
			t.Errorf("row %v; code: gene %s [%g, %g] default %g, option %s", row, g.Name, g.Lo, g.Hi, g.Default, sp.uci)
		}
	}
}

// Something saved records the set it searched with; before the field, it
// had set 2 if it records full's set (that field came later), else set 1.
func TestSearchParamsFor(t *testing.T) {
	for _, tc := range []struct {
		n            int
		fullRecorded bool
		want         int // 0: today's, nil
		err          bool
	}{
		{0, false, 1, false}, {0, true, 2, false}, {1, true, 1, false},
		{SearchParamSets, false, 0, false}, {SearchParamSets + 1, true, 0, true}, {-1, false, 0, true},
	} {
		got, err := SearchParamsFor(tc.n, tc.fullRecorded)
		if (err != nil) != tc.err {
			t.Errorf("SearchParamsFor(%d, %v): error %v", tc.n, tc.fullRecorded, err)
			continue
		}
		var want *SearchParams
		if tc.want != 0 && tc.want != SearchParamSets {
			p, _ := SearchParamSet(tc.want)
			want = &p
		}
		if (got == nil) != (want == nil) || got != nil && *got != *want {
			t.Errorf("SearchParamsFor(%d, %v) = %v, want set %d", tc.n, tc.fullRecorded, got, tc.want)
		}
	}
}
