package core

import (
	_ "embed"
	"math"
	"sync"
)

// The "full" preset: our tapered evaluation with the union of the seeds'
// terms. Every weight is a gene (middle- and end-game halves), so the GA can
// tune it; the defaults are our own hand-set values.

func init() { registerPreset("full", fullSchema) }

// fullDefaults are full's default values: the hand-set ones below, tuned
// by CMA-ES on labelled selfplay positions (issue 12), then by the
// gradient method with a ridge on those positions labelled by Stockfish
// (issue 26), then again with the EvalTerms2 terms on, each accepted by
// an SPRT (docs/RESULTS.md). testdata/chromosomes holds the hand-set
// ones as a chromosome file; the earlier tunes are sets 1 and 2 of full's
// defaults (presets/full-1, full-2, FullDefaultSet).
//
//go:embed presets/full.chromosome.json
var fullDefaults []byte

var fullTuned = sync.OnceValues(func() (*Schema, error) {
	s := fullHandSetSchema()
	if err := setDefaults(s, fullDefaults); err != nil {
		return nil, err
	}
	return s, nil
})

// fullSchema is full with its shipped defaults and the switches the file
// records with them: set 3 was tuned with the EvalTerms2 terms on (run
// gn5sf8-t2-l0.001), so full plays them, unless an option turns them off.
func fullSchema() *Schema {
	s := fullHandSetSchema()
	t, err := fullTuned()
	if err != nil {
		panic(err) // the embedded file is the program's own: TestFullDefaults reads it
	}
	for i := range s.Genes {
		s.Genes[i].Default = t.Genes[i].Default
	}
	s.switches = t.switches // read only, shared
	return s
}

var pieceTypeNames = [7]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

// Default piece-square shapes (white's view), written as formulas of the
// square so the intent reads plainly.
func defaultPST(pt PieceType, ph GenePhase) *[64]float64 {
	var t [64]float64
	for sq := Square(0); sq < 64; sq++ {
		f, r := float64(sq.File()), float64(sq.Rank())
		cdist := math.Max(math.Abs(f-3.5), math.Abs(r-3.5)) - 0.5 // 0 in the centre … 3 on the rim
		mg := ph == PhaseMiddle
		var v float64
		switch pt {
		case Pawn:
			if r == 0 || r == 7 {
				break
			}
			if mg {
				v = (r - 1) * 3
				if (f == 3 || f == 4) && (r == 3 || r == 4) {
					v += 12
				}
			} else {
				v = (r - 1) * 6
			}
		case Knight:
			v = -cdist * 12
		case Bishop:
			v = -cdist * 5
		case Rook:
			if mg && (f == 3 || f == 4) {
				v = 5
			}
		case Queen:
			if mg {
				v = -cdist * 3
			} else {
				v = -cdist * 6
			}
		case King:
			if !mg {
				v = -cdist * 12
				break
			}
			switch {
			case r == 0:
				v = [8]float64{20, 30, 10, 0, 0, 10, 30, 20}[sq.File()]
			case r >= 2:
				v = -20 * (r - 1)
			}
		}
		t[sq] = v
	}
	return &t
}

// fullHandSetSchema is full's layout with the hand-set defaults.
func fullHandSetSchema() *Schema {
	b := newSchema("full", "tapered evaluation with the union of the seeds' terms (the default)")
	material := [7][2]int{Pawn: {90, 110}, Knight: {320, 300}, Bishop: {330, 320}, Rook: {470, 530}, Queen: {950, 980}}
	for pt := Pawn; pt <= Queen; pt++ {
		b.tapered("material_"+pieceTypeNames[pt], "material", 0, 2000, material[pt][0], material[pt][1],
			func(w *Weights) *Score { return &w.Material[pt] })
	}
	for pt := Pawn; pt <= King; pt++ {
		group := "psqt_" + pieceTypeNames[pt]
		b.table("pst_"+pieceTypeNames[pt]+"_mg", group, -200, 200, defaultPST(pt, PhaseMiddle), PhaseMiddle, 1, pt)
		b.table("pst_"+pieceTypeNames[pt]+"_eg", group, -200, 200, defaultPST(pt, PhaseEnd), PhaseEnd, 1, pt)
	}
	mobility := [7][3]int{Knight: {4, 4, 4}, Bishop: {5, 5, 6}, Rook: {2, 4, 7}, Queen: {1, 2, 13}}
	for pt := Knight; pt <= Queen; pt++ {
		b.tapered("mobility_"+pieceTypeNames[pt], "mobility", -20, 40, mobility[pt][0], mobility[pt][1],
			func(w *Weights) *Score { return &w.Mobility[pt] })
	}
	b.s.setup = func(w *Weights) {
		for pt := Knight; pt <= Queen; pt++ {
			w.MobilityOffset[pt] = mobility[pt][2]
		}
	}
	pawnTerms := []struct {
		name   string
		mg, eg int
		target func(*Weights) *Score
	}{
		{"doubled_pawn", -10, -20, func(w *Weights) *Score { return &w.DoubledPawn }},
		{"isolated_pawn", -10, -12, func(w *Weights) *Score { return &w.IsolatedPawn }},
		{"backward_pawn", -6, -8, func(w *Weights) *Score { return &w.BackwardPawn }},
		{"phalanx_pawn", 6, 6, func(w *Weights) *Score { return &w.PhalanxPawn }},
		{"supported_pawn", 8, 6, func(w *Weights) *Score { return &w.SupportedPawn }},
	}
	for _, t := range pawnTerms {
		b.tapered(t.name, "pawn_structure", -100, 100, t.mg, t.eg, t.target)
	}
	passed := [8][2]int{1: {0, 10}, 2: {5, 15}, 3: {10, 25}, 4: {25, 45}, 5: {45, 80}, 6: {70, 120}}
	for r := 1; r <= 6; r++ {
		b.tapered("passed_pawn_rank"+string(rune('1'+r)), "passed_pawn", -50, 300, passed[r][0], passed[r][1],
			func(w *Weights) *Score { return &w.PassedPawn[r] })
	}
	b.tapered("passed_king_distance", "passed_pawn", -20, 40, 0, 4, func(w *Weights) *Score { return &w.PassedKingDistance })
	pieceTerms := []struct {
		name, group string
		mg, eg      int
		target      func(*Weights) *Score
	}{
		{"bishop_pair", "bishop", 30, 50, func(w *Weights) *Score { return &w.BishopPair }},
		{"bishop_outpost", "bishop", 12, 6, func(w *Weights) *Score { return &w.BishopOutpost }},
		{"rook_open_file", "rook", 25, 10, func(w *Weights) *Score { return &w.RookOpenFile }},
		{"rook_semi_open_file", "rook", 12, 6, func(w *Weights) *Score { return &w.RookSemiOpenFile }},
		{"rook_seventh", "rook", 10, 20, func(w *Weights) *Score { return &w.RookSeventh }},
		{"knight_outpost", "knight", 20, 10, func(w *Weights) *Score { return &w.KnightOutpost }},
		{"king_shield", "king_safety", 10, 0, func(w *Weights) *Score { return &w.KingShield }},
		{"king_attack", "king_safety", 6, 0, func(w *Weights) *Score { return &w.KingAttack }},
		{"pawn_threat", "threats", -40, -30, func(w *Weights) *Score { return &w.PawnThreat }},
		{"hanging_piece", "threats", -10, -10, func(w *Weights) *Score { return &w.HangingPiece }},
		{"tempo", "tempo", 15, 5, func(w *Weights) *Score { return &w.Tempo }},
	}
	for _, t := range pieceTerms {
		b.tapered(t.name, t.group, -200, 200, t.mg, t.eg, t.target)
	}
	attackWeights := [7]int{Knight: 2, Bishop: 2, Rook: 3, Queen: 5}
	for pt := Knight; pt <= Queen; pt++ {
		i := b.gene("king_attack_weight_"+pieceTypeNames[pt], "king_safety", 0, 20, float64(attackWeights[pt]), PhaseMiddle)
		b.then(func(w *Weights, v []float64) { w.KingAttackWeight[pt] = cp(v[i]) })
	}
	b.searchGenes(0, searchGenesFirst) // after the evaluation's: files and runs of the layout before them stay a prefix
	b.terms2Genes()                    // after the search's, for the same reason
	b.searchGenes(searchGenesFirst, len(searchParamTable))
	b.terms3Genes() // after every search gene, for the same reason
	b.terms4Genes() // after eval_terms3's, for the same reason
	b.terms5Genes() // after eval_terms4's, for the same reason
	b.terms6Genes() // after eval_terms5's, for the same reason
	b.terms7Genes() // after eval_terms6's, for the same reason
	b.terms8Genes() // after eval_terms7's
	return b.build()
}
