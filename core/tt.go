package core

import "unsafe"

// Transposition table: a direct-mapped table of 5-entry buckets, each one
// 64-byte cache line, owned by one searcher (no locking needed). Entries keep the upper 32 key bits to
// confirm a hit; replacement prefers empty, stale (older search) and then
// shallow entries.

const (
	boundNone  = 0
	boundUpper = 1 // score is an upper bound (fail low)
	boundLower = 2 // score is a lower bound (fail high)
	boundExact = boundUpper | boundLower
	// ttPvBit, ORed into a bound given to store, marks an entry stored by
	// a node on (or once on) the principal variation (the TTPv switch).
	// The marks live in the bucket's spare byte, so that an entry, and
	// every replacement and age decision, is the same with TTPv off.
	ttPvBit = 4
)

type ttEntry struct {
	key32 uint32
	move  Move
	score int16
	eval  int16
	depth int8
	// genBound packs the search generation (upper 6 bits) and the bound.
	genBound uint8
}

type ttBucket struct {
	e [5]ttEntry
	// pv: bit i marks entry i as stored by a node once on the principal
	// variation (TTPv); a store to another position clears it, one to the
	// same position keeps it.
	pv uint8
	_  [3]byte // pad to 64 bytes: one cache line per probe
}

// TransTable is a transposition table sized in megabytes.
type TransTable struct {
	buckets []ttBucket
	mask    uint64
	gen     uint8
}

// NewTransTable returns a table of at most mb megabytes (at least one bucket).
func NewTransTable(mb int) *TransTable {
	t := &TransTable{}
	t.Resize(mb)
	return t
}

// Resize reallocates the table to at most mb megabytes, or what the
// machine can spare (CapHashMB), clearing it.
func (t *TransTable) Resize(mb int) {
	mb = CapHashMB(mb)
	n := uint64(mb) << 20 / 64 // buckets are 64 bytes; round down to a power of two
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	t.buckets = nil // the old table may go before the new one is made: both may not fit
	t.buckets = allocBuckets(size)
	t.mask = size - 1
	t.gen = 0
}

// Clear empties the table.
func (t *TransTable) Clear() {
	clear(t.buckets)
	t.gen = 0
}

// NewSearch ages the table so entries of earlier searches are replaced first.
func (t *TransTable) NewSearch() { t.gen = (t.gen + 4) & 0xFC }

// prefetch starts loading key's bucket while the move leading there is
// made, so the probe at the new position finds it in cache instead of
// waiting on memory.
func (t *TransTable) prefetch(key uint64) {
	prefetch(unsafe.Pointer(&t.buckets[key&t.mask]))
}

func (t *TransTable) probe(key uint64) (e ttEntry, ok bool) {
	b := &t.buckets[key&t.mask].e
	k := uint32(key >> 32)
	for i := range b {
		if b[i].key32 == k && b[i].genBound&3 != boundNone {
			if b[i].genBound&^3 != t.gen {
				b[i].genBound = t.gen | b[i].genBound&3 // refresh age on hit
			}
			return b[i], true
		}
	}
	return ttEntry{}, false
}

// probePV is probe that also reports the entry's PV mark, for TTPv
// (probe stays as it was: it is a hot path with the switch off).
func (t *TransTable) probePV(key uint64) (e ttEntry, pv, ok bool) {
	bk := &t.buckets[key&t.mask]
	e, ok = t.probe(key)
	if !ok {
		return e, false, false
	}
	for i := range bk.e {
		if bk.e[i].key32 == e.key32 && bk.e[i].genBound&3 != boundNone {
			return e, bk.pv>>i&1 != 0, true
		}
	}
	return e, false, true
}

// store keeps a search result; bound may carry ttPvBit, which marks the
// entry (an entry of the same position keeps its mark).
func (t *TransTable) store(key uint64, move Move, score, eval, depth, bound int) {
	bk := &t.buckets[key&t.mask]
	b := &bk.e
	k := uint32(key >> 32)
	slot := 0
	for i := range b {
		e := &b[i]
		if e.key32 == k || e.genBound&3 == boundNone {
			slot = i
			break
		}
		// Prefer replacing older generations, then shallower entries.
		if t.worth(e) < t.worth(&b[slot]) {
			slot = i
		}
	}
	replace := &b[slot]
	pv := uint8(bound>>2&1) << slot
	if replace.key32 == k {
		pv |= bk.pv & (1 << slot)
	}
	bk.pv = bk.pv&^(1<<slot) | pv
	bound &= 3
	if move == NullMove && replace.key32 == k {
		move = replace.move // keep the best move we knew
	}
	if replace.key32 == k && bound != boundExact && depth+2 < int(replace.depth) && replace.genBound&^3 == t.gen {
		return // a much deeper result of this search is worth more
	}
	*replace = ttEntry{key32: k, move: move, score: int16(score), eval: int16(eval), depth: int8(depth), genBound: t.gen | uint8(bound)}
}

func (t *TransTable) worth(e *ttEntry) int {
	age := int((t.gen - e.genBound&^3) & 0xFC)
	return int(e.depth) - 2*age
}

// Hashfull returns the permille of sampled entries used by this search.
func (t *TransTable) Hashfull() int {
	n, used := 0, 0
	for i := 0; i < 250 && i < len(t.buckets); i++ {
		for _, e := range t.buckets[i].e {
			n++
			if e.genBound&3 != boundNone && e.genBound&^3 == t.gen {
				used++
			}
		}
	}
	return used * 1000 / max(n, 1)
}
