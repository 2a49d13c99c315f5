package core

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

// legalUCI returns the legal moves of fen in UCI, sorted.
func legalUCI(t *testing.T, fen string) []string {
	t.Helper()
	p := mustFEN(t, fen)
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, m.String())
	}
	sort.Strings(out)
	if n := p.CountLegal(); n != len(out) {
		t.Errorf("%s: CountLegal %d but GenerateLegal %d", fen, n, len(out))
	}
	return out
}

func TestSpecialMoves(t *testing.T) {
	tests := []struct {
		name    string
		fen     string
		present []string
		absent  []string
	}{
		{"both castles", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"e1g1", "e1c1"}, nil},
		{"castle through check", "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", []string{"e1c1"}, []string{"e1g1"}},
		{"castle into check", "r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", []string{"e1c1"}, []string{"e1g1"}},
		{"castle out of check", "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", nil, []string{"e1g1", "e1c1"}},
		{"b1 attacked does not stop O-O-O", "r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", []string{"e1c1", "e1g1"}, nil},
		{"b1 occupied stops O-O-O", "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", []string{"e1g1"}, []string{"e1c1"}},
		{"no rights", "r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", nil, []string{"e1g1", "e1c1"}},
		{"black castles", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", []string{"e8g8", "e8c8"}, nil},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", []string{"e5d6"}, nil},
		{"en passant removes checking pawn", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", []string{"e4d3"}, nil},
		{"en passant exposing king on rank", "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", nil, []string{"b5c6"}},
		{"en passant exposing king on diagonal", "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1", []string{"e4d3"}, nil},
		{"en passant by pinned pawn off its pin", "4k2b/8/8/3pP3/8/8/8/K7 w - d6 0 1", nil, []string{"e5d6"}},
		{"en passant by pinned pawn along its pin", "4k2b/8/8/4Pp2/8/8/8/K7 w - f6 0 1", []string{"e5f6"}, []string{"e5e6"}},
		{"promotions", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", []string{"b7b8q", "b7b8r", "b7b8b", "b7b8n"}, nil},
		{"capture promotions", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", []string{"b7a8q", "b7a8n", "b7b8q", "b7b8n"}, nil},
		{"black promotions", "4k3/8/8/8/8/8/6p1/4K2R b - - 0 1", []string{"g2g1q", "g2h1n", "g2h1q"}, nil},
		{"pinned rook slides along pin", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", []string{"e2e7", "e2e3"}, []string{"e2d2"}},
		{"pinned knight cannot move", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", nil, []string{"e2c3", "e2g3"}},
		{"pinned pawn pushes along file", "4k3/4r3/8/8/8/8/4P3/4K3 w - - 0 1", []string{"e2e3", "e2e4"}, nil},
		{"diagonally pinned pawn captures pinner", "4k3/8/8/8/8/2b5/3P4/4K3 w - - 0 1", []string{"d2c3"}, []string{"d2d3"}},
		{"king may not retreat along the checking ray", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", []string{"e1e2"}, []string{"e1f1"}},
		{"double check: king moves only", "4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1", nil, []string{"a1h1", "e1c1"}},
		{"in check: block or capture only", "4k3/8/8/8/8/8/8/r3K2R w K - 0 1", []string{"e1e2", "e1f2"}, []string{"e1g1", "h1h2", "e1f1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			moves := legalUCI(t, tc.fen)
			for _, m := range tc.present {
				if !slices.Contains(moves, m) {
					t.Errorf("%s missing from %v", m, moves)
				}
			}
			for _, m := range tc.absent {
				if slices.Contains(moves, m) {
					t.Errorf("%s should be illegal; moves %v", m, moves)
				}
			}
		})
	}
}

func TestCastlingRightsLost(t *testing.T) {
	tests := []struct {
		fen, moves, want string
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1e2", "kq"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "h1h2", "Qkq"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8", "Kk"},     // captures the a8 rook
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "h1h8", "Qq"},     // captures the h8 rook
		{"r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1", "g2h1", "Qkq"},  // rook captured at home
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1 e8c8", "-"}, // both castled
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1 a8b8", "k"},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		for _, s := range strings.Fields(tc.moves) {
			m, err := p.ParseUCIMove(s)
			if err != nil {
				t.Fatalf("%s: %v", tc.fen, err)
			}
			p.MakeMove(m)
		}
		if got := strings.Fields(p.FEN())[2]; got != tc.want {
			t.Errorf("%s + %s: castling %q, want %q", tc.fen, tc.moves, got, tc.want)
		}
		if p.Key() != p.computeKey() {
			t.Errorf("%s + %s: incremental key differs from recomputed", tc.fen, tc.moves)
		}
	}
}

func TestStatus(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		moves string
		want  Status
	}{
		{"start", StartFEN, "", Status{}},
		{"fool's mate", StartFEN, "f2f3 e7e5 g2g4 d8h4", Status{BlackWins, Checkmate}},
		{"back-rank mate", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", Status{WhiteWins, Checkmate}},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", Status{Draw, Stalemate}},
		{"fifty moves", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "a1a2", Status{Draw, FiftyMoveRule}},
		{"mate on the hundredth ply wins", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", "a1a8", Status{WhiteWins, Checkmate}},
		{"pawn move resets the clock", "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80", "e2e3", Status{}},
		{"threefold", StartFEN, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", Status{Draw, ThreefoldRepetition}},
		{"twofold is not over", StartFEN, "g1f3 g8f6 f3g1 f6g8", Status{}},
		{"K v K", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", "", Status{Draw, InsufficientMaterial}},
		{"KN v K", "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1", "", Status{Draw, InsufficientMaterial}},
		{"KB v K", "8/8/4k3/8/8/3K4/8/6b1 w - - 0 1", "", Status{Draw, InsufficientMaterial}},
		{"KB v KB same colour", "8/8/4k3/8/8/3K4/8/2B3b1 w - - 0 1", "", Status{Draw, InsufficientMaterial}},
		{"KB v KB opposite colour", "8/8/4k3/8/8/3K4/8/2B4b w - - 0 1", "", Status{}},
		{"KNN v K is not dead", "8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1", "", Status{}},
		{"KP v K", "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", "", Status{}},
		{"capture into K v K", "8/8/4k3/8/8/3K4/4q3/8 w - - 0 1", "d3e2", Status{Draw, InsufficientMaterial}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			for _, s := range strings.Fields(tc.moves) {
				m, err := p.ParseUCIMove(s)
				if err != nil {
					t.Fatal(err)
				}
				p.MakeMove(m)
			}
			if got := p.Status(); got != tc.want {
				t.Errorf("status %v/%v, want %v/%v", got.Outcome, got.Reason, tc.want.Outcome, tc.want.Reason)
			}
		})
	}
}

// TestEnPassantKeyOnlyWhenCapturable checks that positions equal under the
// repetition rule get equal keys: a double push with no legal capture
// leaves no en-passant square.
func TestEnPassantKeyOnlyWhenCapturable(t *testing.T) {
	a := mustFEN(t, StartFEN)
	m, _ := a.ParseUCIMove("e2e4")
	a.MakeMove(m)
	b := mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if a.Key() != b.Key() || a.EnPassant() != NoSquare {
		t.Errorf("e2e4 with no capturer should set no en-passant square; FEN %s", a.FEN())
	}
	c := mustFEN(t, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1")
	m, _ = c.ParseUCIMove("e2e4")
	c.MakeMove(m)
	if c.EnPassant() != MakeSquare(4, 2) {
		t.Errorf("e2e4 next to a black pawn should set e3; FEN %s", c.FEN())
	}
}

// TestMakeUnmakeRestores plays pseudo-random games and checks after every
// move that the incremental key equals a recomputed one, that FEN round
// trips, that the mirror position has as many moves, and that unmaking
// everything restores the start exactly.
func TestMakeUnmakeRestores(t *testing.T) {
	seed := uint64(12345)
	next := func() uint64 { seed = seed*6364136223846793005 + 1442695040888963407; return seed >> 33 }
	for game := 0; game < 60; game++ {
		p := NewPosition()
		startFEN := p.FEN()
		var ml MoveList
		for ply := 0; ply < 200; ply++ {
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[next()%uint64(ml.N)])
			if p.Key() != p.computeKey() {
				t.Fatalf("game %d ply %d: key mismatch at %s", game, ply, p.FEN())
			}
			q := mustFEN(t, p.FEN())
			if q.Key() != p.Key() || q.FEN() != p.FEN() {
				t.Fatalf("FEN round trip changed %s into %s", p.FEN(), q.FEN())
			}
			if p.CountLegal() != p.Mirror().CountLegal() {
				t.Fatalf("mirror of %s has %d moves, want %d", p.FEN(), p.Mirror().CountLegal(), p.CountLegal())
			}
		}
		for p.Ply() > 0 {
			p.UnmakeMove()
		}
		if p.FEN() != startFEN || p.Key() != p.computeKey() {
			t.Fatalf("game %d: unmake did not restore the start: %s", game, p.FEN())
		}
	}
}

func TestMirrorPerft(t *testing.T) {
	for _, fen := range []string{KiwipeteFEN, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"} {
		p := mustFEN(t, fen)
		if a, b := p.Perft(3), p.Mirror().Perft(3); a != b {
			t.Errorf("%s: perft 3 %d, mirrored %d", fen, a, b)
		}
	}
}

// TestGivesCheckAndNoisy compares GivesCheck with making the move, and
// GenerateNoisy with filtering the legal moves, over random games.
func TestGivesCheckAndNoisy(t *testing.T) {
	seed := uint64(4242)
	next := func() uint64 { seed = seed*6364136223846793005 + 1442695040888963407; return seed >> 33 }
	fens := []string{StartFEN, KiwipeteFEN, "r3k3/1P6/8/8/8/8/6p1/R3K2R w KQq - 0 1", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"}
	for game := 0; game < 80; game++ {
		p := mustFEN(t, fens[game%len(fens)])
		for ply := 0; ply < 120 && !p.Status().Over(); ply++ {
			legal := p.LegalMoves()
			var want []Move
			for _, m := range legal {
				p.MakeMove(m)
				check := p.InCheck()
				p.UnmakeMove()
				if got := p.GivesCheck(m); got != check {
					t.Fatalf("%s: GivesCheck(%s) = %v, want %v", p.FEN(), m, got, check)
				}
				if p.InCheck() || m.Promotion() == Queen || m.IsCapture() && !m.IsPromotion() {
					want = append(want, m)
				}
			}
			var ml MoveList
			p.GenerateNoisy(&ml)
			got := append([]Move(nil), ml.Slice()...)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: noisy %v, want %v", p.FEN(), got, want)
			}
			p.MakeMove(legal[next()%uint64(len(legal))])
		}
	}
}
