package core

// The evaluation depends on the position only (board, side to move,
// castling rights, en passant: what the Zobrist key hashes) and the
// evaluator's weights, which never change. A search evaluates about a
// quarter of its positions more than once (transpositions the table does
// not catch: quiescence nodes below the first are not looked up there,
// and its entries are overwritten), so the evaluator keeps the last score
// per slot with the whole key. A wrong answer needs two different
// positions with one 64-bit key, about 2⁻⁶⁴ per lookup.
//
// Hits in the bench (full, depth 8): 31 % of the evaluations with 64 Ki
// slots, and an evaluation costs some 1 700 instructions, a probe a dozen.

// evalCacheBits is both the slot index's width (the key's low bits) and
// the score's (a slot's low bits), so a slot holds the key's other bits
// and the score in one word and still checks the whole key.
const (
	evalCacheBits = 16
	evalCacheSize = 1 << evalCacheBits
	evalCacheLow  = evalCacheSize - 1
)

// Evaluate returns the score of the position in centipawns from the side
// to move's point of view. Mate and draw scores are the search's business.
func (e *Evaluator) Evaluate(p *Position) int {
	tag := p.key &^ evalCacheLow
	if tag == 0 {
		// No key (a position unpacked for evaluation alone, UnpackForEval):
		// never looked up; the rest of a zero tag's keys, 2⁻⁴⁸ of them, alike.
		return e.evaluate(p)
	}
	e.makeCache()
	slot := &e.evalCache[p.key&evalCacheLow]
	if *slot&^evalCacheLow == tag { // an empty slot (0) never matches: tag ≠ 0
		return int(int16(*slot))
	}
	v := e.evaluate(p)
	if v == int(int16(v)) {
		*slot = tag | uint64(uint16(v))
	}
	return v
}

// clearCache forgets every remembered score: a new game starts with
// fresh tables, and a benchmark repeating one search measures the search,
// not its second run's hits.
func (e *Evaluator) clearCache() { clear(e.evalCache) }

// makeCache makes the cache if there is none yet: a searcher's evaluator
// when the searcher is made (its searches then allocate nothing), others
// at their first keyed position (evaluators of unpacked positions alone,
// the positions fitness: many, short-lived, never need it).
func (e *Evaluator) makeCache() {
	if e.evalCache == nil {
		e.evalCache = make([]uint64, evalCacheSize)
	}
}
