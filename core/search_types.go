package core

import (
	"fmt"
	"strings"
	"time"
)

// Score bounds used by the search.
const (
	MaxPly    = 128
	MateScore = 32000
	// MateBound: scores beyond it are mate scores (mate in at most MaxPly plies).
	MateBound = MateScore - MaxPly
	infScore  = MateScore + 1
)

// SearchMode selects the search algorithm.
type SearchMode uint8

const (
	// Strong is the full search: PVS, aspiration windows, TT, pruning and
	// reductions. The default everywhere.
	Strong SearchMode = iota
	// Plain reproduces the seeds' players: plain alpha-beta to a fixed
	// depth with an optional fixed-ply capture quiescence, nothing else
	// (seed 003's search is Plain with 3 capture plies).
	Plain
	// Paper000 is seed 000's search (its Algorithms 1 and 2): minimax with
	// alpha-beta over the legal moves, the leaves evaluated as they are:
	// Plain with no quiescence, whatever PlainQuiescence says.
	Paper000
	// Paper004 is seed 004's search (its section V): alpha-beta, a
	// quiescence of captures and checks, and a hash table; nothing else
	// (search_paper.go).
	Paper004
)

// searchModeNames are the modes' names, by value.
var searchModeNames = [...]string{Strong: "strong", Plain: "plain", Paper000: "paper000", Paper004: "paper004"}

// SearchModeNames lists the modes' names, for help texts and menus.
func SearchModeNames() []string { return append([]string(nil), searchModeNames[:]...) }

// ParseSearchMode reads a mode's name (any case).
func ParseSearchMode(s string) (SearchMode, error) {
	for m, name := range searchModeNames {
		if strings.EqualFold(s, name) {
			return SearchMode(m), nil
		}
	}
	return Strong, fmt.Errorf("search mode %q is not one of %s", s, strings.Join(searchModeNames[:], ", "))
}

// Valid reports whether m is one of the modes (a number from the wire
// may not be).
func (m SearchMode) Valid() bool { return int(m) < len(searchModeNames) }

func (m SearchMode) String() string {
	if !m.Valid() {
		return fmt.Sprintf("SearchMode(%d)", m)
	}
	return searchModeNames[m]
}

// Limits bound a search. Zero fields are unlimited; with no limit at all
// the search runs until stopped (UCI "go infinite").
type Limits struct {
	Depth     int
	Nodes     uint64
	MoveTime  time.Duration
	WTime     time.Duration
	BTime     time.Duration
	WInc      time.Duration
	BInc      time.Duration
	MovesToGo int
	Infinite  bool
}

// Info is a progress report, sent after each completed iteration.
type Info struct {
	Depth    int
	SelDepth int
	Score    int // centipawns from the side to move's view, or a mate score
	Bound    int // boundExact, boundLower or boundUpper
	Nodes    uint64
	Time     time.Duration
	PV       []Move
	Hashfull int
}

// MateIn returns the signed number of moves to mate for a mate score
// (positive: the side to move mates), or 0 for an ordinary score.
func MateIn(score int) int {
	switch {
	case score > MateBound:
		return (MateScore - score + 1) / 2
	case score < -MateBound:
		return -(MateScore + score + 1) / 2
	}
	return 0
}

// Result is what a finished search returns.
type Result struct {
	Move  Move // NullMove only when there is no legal move
	Score int
	Depth int
	Nodes uint64
	Time  time.Duration
	PV    []Move
}
