package arena

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// TestXboardEnginesPlayMatches: Debian's xboard engines, named by path
// alone (the protocol is found by the handshake), finish a short match
// against our full player with nothing but legal moves and a PGN that
// pgn-extract accepts. Skipped for engines that are not installed
// (.ci/run installs phalanx and hoichess).
func TestXboardEnginesPlayMatches(t *testing.T) {
	engines := []struct{ name, spec string }{
		// -l-: Phalanx would otherwise write its learning file after every game.
		{"phalanx", "name=phalanx,engine=/usr/games/phalanx,args=-l-,depth=4"},
		{"hoichess", "name=hoichess,engine=/usr/games/hoichess,depth=3"},
	}
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			path := strings.Split(strings.SplitN(e.spec, "engine=", 2)[1], ",")[0]
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s not installed", path)
			}
			var pgn bytes.Buffer
			m := &Tournament{Format: Match, Players: []PlayerSpec{mustSpec(t, "name=full,chromosome=full,nodes=2000"), mustSpec(t, e.spec)},
				Options: GameOptions{TC: TimeControl{Nodes: 2000}, MaxMoves: 80}, Rounds: 2, Book: testBook(t), Seed: 5, Workers: 2, PGN: &pgn}
			rep, err := m.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if rep.Games != 4 {
				t.Fatalf("%d games", rep.Games)
			}
			var line []string
			for _, g := range rep.Results {
				switch g.Reason {
				case ReasonIllegalMove, ReasonCrashed, ReasonUnresponsive, ReasonFalseClaim, ReasonTimeForfeit:
					t.Errorf("%s v %s: %s (%s)", g.White, g.Black, g.Reason, g.Detail)
				}
				if len(g.Moves) == 0 {
					t.Errorf("%s v %s: no moves (%s)", g.White, g.Black, g.Reason)
				}
				line = append(line, g.Outcome.String()+" "+g.Reason)
			}
			for _, st := range rep.Standings {
				t.Logf("%s: %.1f/%d (+%d =%d -%d)", st.Player, st.Points, st.W+st.D+st.L, st.W, st.D, st.L)
			}
			t.Logf("games: %s", strings.Join(line, ", "))
			checkPGNExtract(t, pgn.Bytes())
		})
	}
}
