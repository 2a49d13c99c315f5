// Package tournament is the Tournament tab: a set-up form (format, time
// control, rounds, workers, seed, openings, and the players: named,
// saved, runs' bests, installed engines), then the tournament played on
// the session's workers (and a cluster's), its standings, crosstable,
// bracket and games in progress, its record saved; the finished games
// replayed move by move; another session's tournament watched live. It
// imports common and components and no other page.
package tournament
