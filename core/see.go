package core

// seeValues are the piece values static exchange evaluation counts in.
var seeValues = [7]int{0, 100, 320, 330, 500, 950, 20000}

// SEE returns the static exchange evaluation of a legal move: the material
// the mover expects to win (or lose, if negative) on the destination square
// when both sides keep capturing there with their least valuable piece and
// may stop at any time. Pins are ignored, x-rays are not.
func (p *Position) SEE(m Move) int {
	from, to := m.From(), m.To()
	// int32: half the bytes to zero at every call of a hot function, and
	// the sums (at most 32 captures of at most 20 000) fit.
	var gain [32]int32
	occ := p.Occupied()
	mover := p.board[from].Type()
	if m.IsCastle() {
		return 0
	}
	if m.IsEnPassant() {
		gain[0] = int32(seeValues[Pawn])
		occ ^= SquareBB(to ^ 8)
	} else {
		gain[0] = int32(seeValues[p.board[to].Type()])
	}
	if pt := m.Promotion(); pt != NoPieceType {
		gain[0] += int32(seeValues[pt] - seeValues[Pawn])
		mover = pt
	}
	side := p.side
	fromSet := SquareBB(from)
	diag := p.pieces[Bishop] | p.pieces[Queen]
	straight := p.pieces[Rook] | p.pieces[Queen]
	attackers := p.AttackersTo(to, occ)
	d := 0
	for {
		d++
		side ^= 1
		gain[d] = int32(seeValues[mover]) - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 || d == len(gain)-1 {
			break
		}
		occ ^= fromSet
		attackers = (attackers | BishopAttacks(to, occ)&diag | RookAttacks(to, occ)&straight) & occ
		mine := attackers & p.colors[side]
		if mine == 0 {
			break
		}
		fromSet = 0
		for pt := Pawn; pt <= King; pt++ {
			if b := mine & p.pieces[pt]; b != 0 {
				fromSet = b & -b
				mover = pt
				break
			}
		}
		if mover == King && attackers&p.colors[side^1]&^fromSet != 0 {
			break // the king may not capture into a defended square
		}
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return int(gain[0])
}
