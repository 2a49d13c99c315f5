package core

import (
	"context"
	"strings"
	"testing"
)

// Bench signatures at depth 11 (docs/RESULTS.md): the default search, and
// with singular extensions on. A change to either number is a change of
// the search and must be measured, not waved through.
const (
	benchSignature         = 2116293
	benchSignatureSingular = 2827119
)

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
		t.Skip("two depth-11 benches")
	}
	if n := benchWith(t, 11); n != benchSignature {
		t.Errorf("bench signature %d, want %d", n, benchSignature)
	}
	if n := benchWith(t, 11, [2]string{"SingularExtensions", "true"}); n != benchSignatureSingular {
		t.Errorf("bench signature with singular extensions %d, want %d", n, benchSignatureSingular)
	}
}

// With singular extensions off, their depth and margin change nothing.
func TestSingularOffIgnoresItsParameters(t *testing.T) {
	if DefaultSearchParams().Singular {
		t.Fatal("singular extensions are on by default (the lead switches them on after an SPRT)")
	}
	base := benchWith(t, 8)
	if n := benchWith(t, 8, [2]string{"SingularDepth", "4"}, [2]string{"SingularMargin", "0"}); n != base {
		t.Errorf("off, depth 4 margin 0: %d nodes, default %d", n, base)
	}
	on := benchWith(t, 8, [2]string{"SingularExtensions", "true"}, [2]string{"SingularDepth", "4"})
	if on == base {
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
	if err := p.SetAll([][2]string{{"SingularExtensions", "true"}, {"SingularDepth", "0"}}); err == nil || p.Singular {
		t.Errorf("SetAll with a bad option: %v, singular %v", err, p.Singular)
	}
}

// A searcher's parameters are its own: a chromosome's (nil: defaults)
// until SetSearchParams, and SetWeights takes the new chromosome's.
func TestSearcherParamsFromWeights(t *testing.T) {
	w := mustWeights(t, "full")
	s := NewSearcher(w, 1)
	if s.SearchParams() != DefaultSearchParams() {
		t.Errorf("weights without search genes: %+v", s.SearchParams())
	}
	p := DefaultSearchParams()
	p.Singular, p.SingularMargin = true, 5
	w2 := *w
	w2.Search = &p
	other := NewSearcher(&w2, 1)
	if other.SearchParams() != p || s.SearchParams() != DefaultSearchParams() {
		t.Errorf("searchers share parameters: %+v, %+v", other.SearchParams(), s.SearchParams())
	}
	s.SetWeights(&w2)
	if s.SearchParams() != p {
		t.Errorf("SetWeights kept the old parameters: %+v", s.SearchParams())
	}
}
