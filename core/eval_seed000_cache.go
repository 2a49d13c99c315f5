package core

// Seed 000's score depends on the position only (board, side to move,
// castling rights, en passant: what the Zobrist key hashes), and a
// Paper000 search to depth 4 evaluates about a fifth of its leaves more
// than once (transpositions; it has no table): the evaluator keeps the
// last score per slot, with the whole key. A wrong answer needs two
// different positions with one 64-bit key, about 2⁻⁶⁴ per lookup.

// seed000CacheSize is the number of slots (a power of two), 16 Ki × 16
// bytes. Hits in Paper000 d4 over 20 bench positions: 13.3 % of the
// evaluations with 4 Ki slots, 16.9 % with 16 Ki, 18.6 % with 64 Ki.
const seed000CacheSize = 1 << 14

// A slot's zero key never matches: key 0 is not looked up (seed000).
type seed000Entry struct {
	key   uint64
	value int32
}
