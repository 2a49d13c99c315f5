package core

import (
	"context"
	"testing"
)

// TestTTPvMark: the PV mark given with a bound is kept beside the entry,
// through a new search's refresh; a store of the same position without
// it keeps it, a store of another position in its slot clears it.
func TestTTPvMark(t *testing.T) {
	tt := NewTransTable(1)
	const key = 0x123456789abcdef0
	steps := []struct {
		name      string
		key       uint64
		bound     int
		newSearch bool
		pv        bool // the mark of key's entry after the step
	}{
		{"upper", key, boundUpper, false, false},
		{"lower on the PV", key, boundLower | ttPvBit, false, true},
		{"a new search", key, -1, true, true},
		{"exact, unmarked, the same position", key, boundExact, false, true},
	}
	for _, st := range steps {
		if st.newSearch {
			tt.NewSearch()
		}
		if st.bound >= 0 {
			tt.store(st.key, NullMove, 10, 20, 5, st.bound)
		}
		e, pv, ok := tt.probePV(key)
		if !ok {
			t.Fatalf("%s: stored entry not found", st.name)
		}
		if st.bound >= 0 && int(e.genBound&3) != st.bound&3 {
			t.Errorf("%s: bound %d, want %d", st.name, e.genBound&3, st.bound&3)
		}
		if pv != st.pv {
			t.Errorf("%s: PV mark %v, want %v", st.name, pv, st.pv)
		}
		if plain, ok2 := tt.probe(key); !ok2 || plain != e {
			t.Errorf("%s: probe and probePV disagree", st.name)
		}
	}
	// Fill the bucket with other positions until key's slot is taken.
	b := &tt.buckets[key&tt.mask]
	for i := uint64(1); i <= 5; i++ {
		tt.NewSearch()
		tt.store(key&tt.mask|i<<40, NullMove, 0, 0, 30, boundExact)
	}
	if _, _, ok := tt.probePV(key); ok {
		t.Fatal("key still stored after five deeper, newer positions")
	}
	if b.pv != 0 {
		t.Errorf("marks %05b after unmarked positions took every slot", b.pv)
	}
}

// TestTTAge: an entry's worth falls by 8 for each search since it was
// stored, over the generation's whole range (64 searches), marked or not.
func TestTTAge(t *testing.T) {
	tt := NewTransTable(1)
	for _, bound := range []int{boundLower, boundLower | ttPvBit} {
		tt.Clear()
		tt.store(1, NullMove, 0, 0, 10, bound)
		b := &tt.buckets[1&tt.mask].e
		for searches := 0; searches < 64; searches++ {
			if got, want := tt.worth(&b[0]), 10-8*searches; got != want {
				t.Fatalf("bound %d: worth after %d searches %d, want %d", bound, searches, got, want)
			}
			tt.NewSearch()
		}
	}
}

// TestTTPvSearch: a search with TTPv marks the root's entry (a PV node);
// without it no entry is marked.
func TestTTPvSearch(t *testing.T) {
	p := mustFEN(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	for _, on := range []bool{false, true} {
		s := newTestSearcher(t)
		sp := s.SearchParams()
		sp.TTPv = on
		s.SetSearchParams(sp)
		s.Search(context.Background(), p, Limits{Depth: 7})
		_, rootMarked, ok := s.tt.probePV(p.key)
		if !ok {
			t.Fatalf("TTPv %v: no root entry", on)
		}
		marked := 0
		for i := range s.tt.buckets {
			if s.tt.buckets[i].pv != 0 {
				marked++
			}
		}
		if on != rootMarked || on != (marked > 0) {
			t.Errorf("TTPv %v: root marked %v, %d buckets with marks", on, rootMarked, marked)
		}
	}
}
