package core

import "testing"

// TestTTPvBit: the PV mark given with a bound is kept beside the bound,
// a later store of the same key replaces it, and aging reads neither.
func TestTTPvBit(t *testing.T) {
	tt := NewTransTable(1)
	const key = 0x123456789abcdef0
	tests := []struct {
		name  string
		bound int
		pv    bool
	}{
		{"upper", boundUpper, false},
		{"lower on the PV", boundLower | ttPvBit, true},
		{"exact on the PV", boundExact | ttPvBit, true},
		{"exact", boundExact, false},
	}
	for _, tc := range tests {
		tt.store(key, NullMove, 10, 20, 5, tc.bound)
		e, ok := tt.probe(key)
		if !ok {
			t.Fatalf("%s: stored entry not found", tc.name)
		}
		if got := int(e.genBound & 3); got != tc.bound&3 {
			t.Errorf("%s: bound %d, want %d", tc.name, got, tc.bound&3)
		}
		if got := e.genBound&ttPvBit != 0; got != tc.pv {
			t.Errorf("%s: PV mark %v, want %v", tc.name, got, tc.pv)
		}
	}
}

// TestTTAge: an entry's worth falls by 8 for each search since it was
// stored, PV mark or not, as it did before the mark took a bit of the
// generation (so every replacement decision is the same with TTPv off).
func TestTTAge(t *testing.T) {
	tt := NewTransTable(1)
	for _, bound := range []int{boundLower, boundLower | ttPvBit} {
		tt.Clear()
		tt.store(1, NullMove, 0, 0, 10, bound)
		b := &tt.buckets[1&tt.mask].e
		for searches := 0; searches < 31; searches++ {
			if got, want := tt.worth(&b[0]), 10-8*searches; got != want {
				t.Fatalf("bound %d: worth after %d searches %d, want %d", bound, searches, got, want)
			}
			tt.NewSearch()
		}
	}
}
