package core

import "context"

// Perft counts the leaf nodes of the legal move tree to the given depth,
// counting the last ply in bulk. It leaves the position as it found it.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.CountLegal())
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	var nodes uint64
	for _, m := range ml.Moves[:ml.N] {
		p.MakeMove(m)
		nodes += p.Perft(depth - 1)
		p.UnmakeMove()
	}
	return nodes
}

// DivideEntry is one root move with the perft count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each legal root move, in
// generation order; depth below 1 has no root moves to divide.
func (p *Position) Divide(depth int) []DivideEntry {
	var out []DivideEntry
	p.DivideContext(context.Background(), depth, func(d DivideEntry) { out = append(out, d) })
	return out
}

// DivideContext is Divide reporting each root move as soon as it is
// counted, and giving up when ctx ends (a deep perft takes hours, and the
// UCI "stop" must end it): it returns ctx's error then, with the position
// as it found it.
func (p *Position) DivideContext(ctx context.Context, depth int, each func(DivideEntry)) error {
	if depth < 1 {
		return nil
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	done := ctx.Done()
	for _, m := range ml.Slice() {
		p.MakeMove(m)
		n, ok := p.perftUntil(depth-1, done)
		p.UnmakeMove()
		if !ok {
			return ctx.Err()
		}
		each(DivideEntry{Move: m, Nodes: n})
	}
	return nil
}

// perftUntil is Perft that stops early, returning false, once done is
// closed. It looks only at nodes three or more plies from the leaves:
// each such look is then a fraction of a percent of the work below it,
// and a stop still lands within microseconds.
func (p *Position) perftUntil(depth int, done <-chan struct{}) (uint64, bool) {
	if depth < 3 {
		return p.Perft(depth), true
	}
	select {
	case <-done:
		return 0, false
	default:
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	var nodes uint64
	for _, m := range ml.Moves[:ml.N] {
		p.MakeMove(m)
		n, ok := p.perftUntil(depth-1, done)
		p.UnmakeMove()
		if !ok {
			return 0, false
		}
		nodes += n
	}
	return nodes, true
}
