package core

import (
	"errors"
	"strings"
	"testing"
)

func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		fen   string
		field int
		want  string
	}{
		{"", 0, "needs at least 4"},
		{"8/8/8/8/8/8/8/8 w - - 0 1 extra", 0, "at most 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", 1, "has 7 ranks"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "'9'"},
		{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "more than 8 squares"},
		{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "has 7 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", 1, "0 white kings"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", 1, "2 white kings"},
		{"Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1", 1, "pawn on rank 8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 2, "must be w or b"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", 3, "'x'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1", 3, "repeats"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", 3, "rook on h1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", 4, "is not a square"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", 4, "rank 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", 4, "double pawn push"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", 5, "not a number"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", 5, "not a number"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", 6, "move number"},
		{"4k3/8/8/8/8/8/8/4K2R b - - 0 1", 0, ""}, // legal: black to move, not in check
		{"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", 2, "side not to move (black) is in check"},
	}
	for _, tc := range tests {
		_, err := ParseFEN(tc.fen)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%q: unexpected error %v", tc.fen, err)
			}
			continue
		}
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("%q: got %v, want a FENError", tc.fen, err)
			continue
		}
		if fe.Field != tc.field || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %q (field %d), want field %d containing %q", tc.fen, err, fe.Field, tc.field, tc.want)
		}
	}
}

func TestFENErrorWording(t *testing.T) {
	_, err := ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1")
	want := `FEN field 4 (en passant): "e9" is not a square`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		KiwipeteFEN,
		"rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 2",
		"8/8/8/8/8/8/8/K6k b - - 37 120",
	} {
		if got := mustFEN(t, fen).FEN(); got != fen {
			t.Errorf("FEN round trip: %q became %q", fen, got)
		}
	}
	// EPD-style FEN without clocks gets the defaults.
	if got := mustFEN(t, "4k3/8/8/8/8/8/8/4K3 w - -").FEN(); got != "4k3/8/8/8/8/8/8/4K3 w - - 0 1" {
		t.Errorf("short FEN: got %q", got)
	}
}

func TestParseFENStrictNumbers(t *testing.T) {
	for _, tc := range []struct{ fen, want string }{
		{"4K21/8/8/8/8/8/8/k7 w - - 0 1", "two digits in a row"},
		{"4k3/8/8/8/8/8/8/4K3 w - - +5 1", "not a number"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 05 1", "not a number"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 -0", "move number"},
		{"rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 57 2", "must be 0 right after a double pawn push"},
	} {
		if _, err := ParseFEN(tc.fen); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.fen, err, tc.want)
		}
	}
}
