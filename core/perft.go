package core

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
	if depth < 1 {
		return nil
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	out := make([]DivideEntry, 0, ml.N)
	for _, m := range ml.Slice() {
		p.MakeMove(m)
		out = append(out, DivideEntry{Move: m, Nodes: p.Perft(depth - 1)})
		p.UnmakeMove()
	}
	return out
}
