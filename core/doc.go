// Package core is the chess engine: the board (bitboards, magic attacks,
// make and unmake), legal move generation and perft, the notations (FEN,
// SAN, UCI moves, EPD), the evaluation driven by a chromosome of genes
// with the seeds' presets and named players, alpha-beta search with its
// transposition table, and the UCI protocol loop.
//
// It depends on nothing of ours, only the standard library, so every
// other package can build on it; PGN games live in the subpackage
// core/pgn, which imports core and not the other way round.
package core
