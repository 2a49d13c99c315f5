package core_test

import (
	"io"
	"os"
	"testing"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/core/pgn"
)

// TestPackRoundTripsPGN covers every position of the PGN sample's games,
// the part of TestPackRoundTrips that needs a PGN reader.
func TestPackRoundTripsPGN(t *testing.T) {
	f, err := os.Open("pgn/testdata/8moves_v3.first200.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	q := new(core.Position)
	games := 0
	r := pgn.NewReader(f)
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		p, err := g.StartPosition()
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range g.Moves {
			p.MakeMove(m)
			core.CheckPackRoundTrip(t, p, q)
		}
		games++
	}
	if games < 100 {
		t.Fatalf("read %d games from the PGN sample", games)
	}
}
