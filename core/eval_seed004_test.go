package core

import "testing"

// Seed 004's factor counts (before normalisation) and scores with Table I
// weights, counted by hand (docs/chromosomes.md 5.2).
var seed004Tests = []struct {
	fen          string
	white, black [numSeed004Factors]int
	score        int // white's view, cp, default weights
	why          string
}{
	{
		fen: "7k/1R3R2/8/8/3N4/2P5/5PPP/6K1 w - - 0 1",
		white: [numSeed004Factors]int{
			f4KingDefenders: 500, f4KingPawnShield: 3, f4RookMobility: 11 + 10, f4RookOpenFile: 1,
			f4RookSeventh: 2, f4RooksSeventh: 1, f4KnightMobility: 8, f4KnightPawnDefended: 1,
			f4KnightUnevictable: 1, f4PawnIsolated: 1, f4PawnPassed: 4,
		},
		black: [numSeed004Factors]int{f4KingAttackers: 500},
		// 1684.43 material + 12.473 + 81.12 + 33.66 + 49.22 + 32.46 + 72.22
		// + 74.25 + 19.34 + 84.56 − 78.56 + 173.32, less black's −13.421.
		score: 2252,
		why:   "Rf7 reaches f2 in its own king zone and g7, h7 in the black one",
	},
	{
		fen: "5rk1/5ppp/8/8/2PPq3/8/PP2BPPP/N1KR4 w - - 0 1",
		white: [numSeed004Factors]int{
			f4KingDefenders: 300 + 330 + 500, f4KingAttackers: 900, f4KingCastled: 1, f4KingPawnShield: 1,
			f4RookMobility: 6, f4BishopMobility: 5, f4KnightMobility: 2, f4KnightRim: 1,
			f4KnightUnevictable: 1, f4PawnCentral: 2, f4PawnPassed: 4,
		},
		black: [numSeed004Factors]int{
			f4KingDefenders: 500 + 900, f4KingCastled: 1, f4KingPawnShield: 3, f4QueenMobility: 21,
			f4RookMobility: 5,
		},
		// 102.20 material + 593.698 white factors − 192.398 black factors.
		score: 504,
		why:   "castled both ways; Qe4 attacks c2 in the white king zone and defends h7",
	},
	{
		fen:   "4k3/8/8/8/8/P7/P7/4K3 w - - 0 1",
		white: [numSeed004Factors]int{f4PawnDoubled: 1, f4PawnIsolated: 2, f4PawnPassed: 2},
		// 200 − 133.92 − 2·78.56 + 2·43.33
		score: -4,
		why:   "doubled counts n − 1, isolated and passed count each pawn",
	},
	{
		fen:   "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1",
		white: [numSeed004Factors]int{f4KingDefenders: 300, f4KnightMobility: 8},
		black: [numSeed004Factors]int{f4PawnIsolated: 1, f4PawnCentral: 1, f4PawnPassed: 1},
		// 297.29 − 100 + 7.484 + 74.25 − (−78.56 + 131.19 + 43.33)
		score: 183,
		why:   "d5 can evict Ne3 (adjacent file, ahead); capturing d5 is a move",
	},
}

func TestSeed004Factors(t *testing.T) {
	w := mustWeights(t, "seed004")
	e := NewEvaluator(w)
	for _, tt := range seed004Tests {
		p := mustFEN(t, tt.fen)
		var white, black [numSeed004Factors]int
		p.seed004Factors(White, p.Occupied(), &white)
		p.seed004Factors(Black, p.Occupied(), &black)
		if white != tt.white || black != tt.black {
			t.Errorf("%s (%s):\n white %v want %v\n black %v want %v", tt.fen, tt.why, white, tt.white, black, tt.black)
		}
		if got := e.seed004(p); got != tt.score {
			t.Errorf("%s: seed004 scores %d, want %d", tt.fen, got, tt.score)
		}
		if got := e.seed004(p.Mirror()); got != -tt.score {
			t.Errorf("%s mirrored: seed004 scores %d, want %d", tt.fen, got, -tt.score)
		}
	}
}
