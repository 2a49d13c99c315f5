package core

import "testing"

// keyAfter must predict MakeMove's key for every move that changes neither
// castling rights nor the en-passant square (those it leaves out on
// purpose: it only aims the table prefetch), over the whole perft suite and
// one ply beyond each position.
func TestKeyAfterMatchesMakeMove(t *testing.T) {
	checked := 0
	var check func(p *Position, plies int)
	check = func(p *Position, plies int) {
		for _, m := range p.LegalMoves() {
			want := p.keyAfter(m)
			castling, epBefore := p.castling, p.ep
			p.MakeMove(m)
			if p.castling == castling && p.ep == NoSquare && !m.IsEnPassant() && !m.IsCastle() {
				if p.key != want {
					t.Fatalf("after the move, %s: keyAfter(%s) = %x, MakeMove gives %x (ep before %v)", p.FEN(), m, want, p.key, epBefore)
				}
				checked++
			}
			if plies > 1 {
				check(p, plies-1)
			}
			p.UnmakeMove()
		}
	}
	for _, c := range loadPerftSuite(t) {
		check(mustFEN(t, c.fen), 2)
	}
	if checked < 10000 {
		t.Fatalf("only %d moves checked", checked)
	}
}
