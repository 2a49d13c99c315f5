// Package play is the Play tab's board: a game against the built-in
// engine (a named player, a saved one, the chromosome an evolution sent,
// an external engine) or between two people at one terminal, moved by
// cursor, click or typed SAN; levels from a fixed depth to a clock, take
// backs, a position set up from a FEN or a PGN, a game saved as PGN. It
// imports common and components and no other page; the chromosome comes
// as a common.UseChromosomeMsg the root routes here.
package play
