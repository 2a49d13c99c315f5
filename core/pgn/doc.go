// Package pgn reads and writes chess games in PGN (Portable Game
// Notation): a lenient Reader for the files found in the wild, with error
// recovery that loses only the bad game, and Write for the strict export
// format that other tools expect. A Game keeps the tags, the mainline
// moves with their comments, and the result; variations and NAGs are
// skipped because the arena only needs the mainline.
//
// It builds on core for positions, moves and SAN, and nothing else of ours.
package pgn
