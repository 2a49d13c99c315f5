package core

// kingEntry is the terms of a colour's king that depend on the pawns, the
// king's square and its castling rights alone: eval_terms4's shelter and
// storm, eval_terms3's distance to the nearest pawn. The pawn entry keeps
// the last one of each colour, since a search moves pieces far more often
// than kings and pawns.
type kingEntry struct {
	shelter      Score  // Terms4Weights.kingShelter
	pawnDistance Score  // Terms3Weights.kingPawnDistance
	tag          uint16 // kingTag of the king it was made for; 0: none
}

// kingTag packs colour c's king square and castling rights, never 0.
func kingTag(p *Position, c Color) uint16 {
	return uint16(p.kings[c]) | uint16(p.castling&castleRights[c])<<6 | 1<<15
}

// refreshKings makes each colour's king entry in the pawn entry pe anew
// where the king has moved or a castling right has gone: evaluate calls
// it once, before the terms that read the entries.
func (e *Evaluator) refreshKings(p *Position, pe *pawnEntry) {
	for c := White; c <= Black; c++ {
		if k := &pe.king[c]; k.tag != kingTag(p, c) {
			*k = kingEntry{tag: kingTag(p, c)}
			if e.terms4 {
				k.shelter = e.w.Terms4.kingShelter(p, c)
			}
			if e.terms3 {
				k.pawnDistance = e.w.Terms3.kingPawnDistance(p, c)
			}
		}
	}
}
