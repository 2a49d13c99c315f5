package core

import (
	"strings"
	"testing"
)

func TestSANFormat(t *testing.T) {
	tests := []struct {
		fen, uci, want string
	}{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		{"r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3", "d4e5", "dxe5"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "O-O"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", "O-O-O"},
		{"6k1/8/8/8/8/8/8/R4RK1 w - - 0 1", "a1d1", "Rad1"}, // two rooks reach d1
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "h1f1", "Rf1"},
		{"4k3/8/8/8/R7/8/8/R3K3 w Q - 0 1", "a4a2", "R4a2"},   // same file: rank disambiguates
		{"6k1/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1", "a4d4", "Qa4d4"}, // three queens: needs the square
		{"6k1/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1", "h4d4", "Qhd4"},
		{"6k1/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1", "a1d4", "Q1d4"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", "b8=Q+"},
		{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8n", "bxa8=N"},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
		{"rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 2", "d5c6", "dxc6"},
		{"4k3/8/8/8/8/5N2/8/4KN2 w - - 0 1", "f3d2", "N3d2"},
		{"4k3/8/8/8/8/8/4n3/4K3 w - - 0 1", "e1e2", "Kxe2"},
	}
	for _, tc := range tests {
		if tc.fen == "" {
			continue
		}
		p := mustFEN(t, tc.fen)
		m, err := p.ParseUCIMove(tc.uci)
		if err != nil {
			t.Errorf("%s %s: %v", tc.fen, tc.uci, err)
			continue
		}
		if got := p.SAN(m); got != tc.want {
			t.Errorf("%s %s: SAN %q, want %q", tc.fen, tc.uci, got, tc.want)
		}
		back, err := p.ParseSAN(tc.want)
		if err != nil || back != m {
			t.Errorf("ParseSAN(%q) = %v, %v; want %v", tc.want, back, err, m)
		}
	}
}

func TestSANParseSloppy(t *testing.T) {
	tests := []struct {
		fen, san, uci string
	}{
		{StartFEN, "Nf3", "g1f3"},
		{StartFEN, "Ng1f3", "g1f3"},
		{StartFEN, "Ng1-f3", "g1f3"},
		{StartFEN, "e2e4", "e2e4"},
		{StartFEN, "e4!?", "e2e4"},
		{StartFEN, "Nf3+", "g1f3"}, // wrong check sign is tolerated
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "0-0", "e1g1"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "0-0-0", "e1c1"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O+", "e1c1"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8Q", "b7b8q"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=N", "b7b8n"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8q", "b7b8q"},
		{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "bxa8=Q", "b7a8q"},
		{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "ba8Q", "b7a8q"},
		{"r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3", "de5", "d4e5"},
		{"rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 2", "dxc6 e.p.", "d5c6"},
		{"4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "Nxf3", "g1f3"}, // capture mark on a quiet move
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		m, err := p.ParseSAN(tc.san)
		if err != nil {
			t.Errorf("%s: ParseSAN(%q): %v", tc.fen, tc.san, err)
			continue
		}
		if m.String() != tc.uci {
			t.Errorf("%s: ParseSAN(%q) = %s, want %s", tc.fen, tc.san, m, tc.uci)
		}
	}
}

func TestMoveParseErrors(t *testing.T) {
	tests := []struct {
		fen, in, want string
		uci           bool
	}{
		{StartFEN, "Nf6", "no legal knight move to f6", false},
		{StartFEN, "e5", "no legal pawn move to e5", false},
		{StartFEN, "O-O", "castling is not legal", false},
		{StartFEN, "", "is empty", false},
		{StartFEN, "Zz9", "destination square", false},
		{StartFEN, "Nabcdef", "not a move in SAN", false},
		{StartFEN, "Nh9", "destination square", false},
		{"6k1/8/8/8/8/8/8/R4RK1 w - - 0 1", "Rd1", "ambiguous: could be Rad1 or Rfd1", false},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8", "needs a promotion piece", false},
		{StartFEN, "e2e5", "not legal in this position", true},
		{StartFEN, "e7e5", "no white piece on e7", true},
		{StartFEN, "e2", "4 or 5 characters", true},
		{StartFEN, "e2e4x", "not one of n, b, r, q", true},
		{StartFEN, "i2e4", "two squares", true},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8", "needs a promotion piece", true},
		{"4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1f1", "white is in check", true},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		before := p.FEN()
		var err error
		if tc.uci {
			_, err = p.ParseUCIMove(tc.in)
		} else {
			_, err = p.ParseSAN(tc.in)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %q: got %v, want error containing %q", tc.fen, tc.in, err, tc.want)
		}
		if p.FEN() != before {
			t.Errorf("%q: position changed by a failed parse", tc.in)
		}
	}
}

func TestUCIMoveCastlingForms(t *testing.T) {
	p := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for in, want := range map[string]string{"e1g1": "e1g1", "e1h1": "e1g1", "e1c1": "e1c1", "e1a1": "e1c1"} {
		m, err := p.ParseUCIMove(in)
		if err != nil || m.String() != want || !m.IsCastle() {
			t.Errorf("ParseUCIMove(%q) = %v, %v; want castling %s", in, m, err, want)
		}
	}
}
