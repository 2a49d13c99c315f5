package arena

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

// scripted is a player that plays given moves (then its first legal move)
// with a given score, thinking for a given time, and fails as told.
type scripted struct {
	name       string
	moves      []string
	score      int
	think      time.Duration
	failAt     int // its failAt-th move (from 1) fails with err (nil: is illegal)
	err        error
	newGameErr error
	n          int
}

func (s *scripted) Name() string                  { return s.name }
func (s *scripted) NewGame(context.Context) error { s.n = 0; return s.newGameErr }
func (s *scripted) Close() error                  { return nil }
func (s *scripted) Play(ctx context.Context, g GameView, _ core.Limits) (MoveReply, error) {
	s.n++
	if s.failAt == s.n {
		if s.err == nil { // a move of white's from the start: illegal for black
			start, _ := core.ParseFEN(core.StartFEN)
			m, _ := start.ParseMove("e2e4")
			return MoveReply{Move: m}, nil
		}
		return MoveReply{}, s.err
	}
	if s.think > 0 {
		select {
		case <-time.After(s.think):
		case <-ctx.Done():
			return MoveReply{}, ctx.Err()
		}
	}
	if s.n <= len(s.moves) {
		m, err := g.Pos.ParseMove(s.moves[s.n-1])
		return MoveReply{Move: m, Score: s.score}, err
	}
	return MoveReply{Move: g.Pos.LegalMoves()[0], Score: s.score}, nil
}

// endingCases are games PlayGame plays to each kind of ending.
func endingCases(t *testing.T) []struct {
	name  string
	white Player
	black Player
	opt   GameOptions
	proof Proof
	want  string
} {
	knights := func(name string, m ...string) *scripted { return &scripted{name: name, moves: m} }
	return []struct {
		name  string
		white Player
		black Player
		opt   GameOptions
		proof Proof
		want  string
	}{
		{"checkmate", builtin(t, "a"), builtin(t, "b"), GameOptions{StartFEN: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", TC: TimeControl{Depth: 3}}, Proven, ReasonCheckmate},
		{"stalemate", builtin(t, "a"), builtin(t, "b"), GameOptions{StartFEN: "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", TC: TimeControl{Depth: 3}}, Proven, ReasonStalemate},
		{"insufficient", builtin(t, "a"), builtin(t, "b"), GameOptions{StartFEN: "8/8/4k3/8/8/3K4/8/8 w - - 0 1", TC: TimeControl{Depth: 1}}, Proven, ReasonInsufficient},
		{"threefold", knights("w", "g1f3", "f3g1", "g1f3", "f3g1"), knights("b", "g8f6", "f6g8", "g8f6", "f6g8"), GameOptions{TC: TimeControl{Depth: 1}}, Proven, ReasonThreefold},
		{"fifty moves", knights("w", "g1f3"), knights("b"), GameOptions{StartFEN: "4k3/8/8/8/8/8/4P3/4K1N1 w - - 99 80", TC: TimeControl{Depth: 1}}, Proven, ReasonFiftyMove},
		{"max moves", builtin(t, "a"), builtin(t, "b"), GameOptions{TC: TimeControl{Depth: 1}, MaxMoves: 6}, Proven, ReasonMaxMoves},
		{"resign adjudication", &scripted{name: "w", score: 900}, &scripted{name: "b", score: -900}, GameOptions{TC: TimeControl{Depth: 1}, ResignScore: 500, ResignMoves: 3}, Proven, ReasonResign},
		{"draw adjudication", &scripted{name: "w", score: 5}, &scripted{name: "b", score: -5}, GameOptions{TC: TimeControl{Depth: 1}, DrawScore: 10, DrawMoves: 4, DrawMoveNumber: 3}, Proven, ReasonDrawScore},
		{"time forfeit", &scripted{name: "w", think: 30 * time.Millisecond}, &scripted{name: "b"}, GameOptions{TC: TimeControl{Base: 100 * time.Millisecond}, Margin: 10 * time.Millisecond}, Proven, ReasonTimeForfeit},
		{"flag against no mating material", &scripted{name: "w", think: 200 * time.Millisecond}, &scripted{name: "b"}, GameOptions{StartFEN: "4k3/8/8/8/8/8/8/4KQ1n w - - 0 1", TC: TimeControl{Base: 100 * time.Millisecond}}, Proven, ReasonTimeForfeit},
		{"engine crash", &scripted{name: "w", failAt: 3, err: ErrEngineCrashed}, &scripted{name: "b"}, GameOptions{TC: TimeControl{Depth: 1}}, Unproven, ReasonCrashed},
		{"engine fails to start", &scripted{name: "w"}, &scripted{name: "b", newGameErr: ErrEngineUnresponsive}, GameOptions{TC: TimeControl{Depth: 1}}, Unproven, ReasonUnresponsive},
		{"illegal move", &scripted{name: "w"}, &scripted{name: "b", failAt: 2}, GameOptions{TC: TimeControl{Depth: 1}}, Unproven, ReasonIllegalMove},
	}
}

func TestCheckEndingAcceptsWhatPlayGamePlays(t *testing.T) {
	for _, tc := range endingCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			g := PlayGame(context.Background(), tc.white, tc.black, tc.opt, nil)
			if g.Reason != tc.want {
				t.Fatalf("the game ended %s by %q (%s), want %q", g.Outcome, g.Reason, g.Detail, tc.want)
			}
			proof, _, err := CheckEnding(tc.opt, &g)
			if err != nil || proof != tc.proof {
				t.Fatalf("CheckEnding: %v, %v; want %v", proof, err, tc.proof)
			}
		})
	}
}

// TestCheckEndingRefusesForgeries: what a hostile worker could report
// instead of the game it played.
func TestCheckEndingRefusesForgeries(t *testing.T) {
	played := map[string]GameResult{}
	opts := map[string]GameOptions{}
	for _, tc := range endingCases(t) {
		g := PlayGame(context.Background(), tc.white, tc.black, tc.opt, nil)
		// The forgeries below edit the third move of "max moves" and "time
		// forfeit": a machine too busy to play 30 ms moves within a 100 ms
		// clock must fail here, by name, not index past the moves.
		if g.Reason != tc.want || (tc.name == "time forfeit" || tc.name == "max moves") && len(g.Moves) < 4 {
			t.Fatalf("%s: played to %s after %d plies, want %s after 4 or more", tc.name, g.Reason, len(g.Moves), tc.want)
		}
		played[tc.name] = g
		opts[tc.name] = tc.opt
	}
	tests := []struct {
		name, from string
		opt        func(*GameOptions)
		forge      func(*GameResult)
		want       string
	}{
		{"issue 25: checkmate with no move", "max moves", nil, func(g *GameResult) {
			g.Moves, g.Outcome, g.Reason = nil, core.WhiteWins, ReasonCheckmate
		}, "the game goes on"},
		{"the mated side wins", "checkmate", nil, func(g *GameResult) { g.Outcome = core.BlackWins }, "not 0-1 by checkmate"},
		{"a draw called a win", "max moves", nil, func(g *GameResult) { g.Outcome = core.WhiteWins }, "not 1-0"},
		{"a move after the mate", "checkmate", nil, func(g *GameResult) {
			g.Moves = append(g.Moves, g.Moves[0])
		}, "over already"},
		{"moves past the move limit", "max moves", func(o *GameOptions) { o.MaxMoves = 2 }, nil, "over already"},
		{"max moves with no limit", "max moves", func(o *GameOptions) { o.MaxMoves = 0 }, nil, "the game goes on"},
		{"a resignation the options do not allow", "resign adjudication", func(o *GameOptions) { o.ResignMoves = 0 }, nil, "the game goes on"},
		{"a resignation the scores do not show", "resign adjudication", nil, func(g *GameResult) {
			for i := range g.Moves {
				g.Moves[i].Score = 0
			}
		}, "the game goes on"},
		{"a draw adjudicated too early", "draw adjudication", func(o *GameOptions) { o.DrawMoveNumber = 50 }, nil, "the game goes on"},
		{"an illegal move", "max moves", nil, func(g *GameResult) { g.Moves[3].Move = g.Moves[2].Move }, "not a legal move"},
		{"a time forfeit without a clock", "max moves", nil, func(g *GameResult) {
			g.Moves, g.Outcome, g.Reason, g.FlagTime = g.Moves[:5], core.WhiteWins, ReasonTimeForfeit, time.Hour
			g.Duration += time.Hour
		}, "without a clock"},
		{"a flag that did not fall", "time forfeit", nil, func(g *GameResult) { g.FlagTime = time.Millisecond }, "time forfeit after"},
		{"a flag fallen earlier", "time forfeit", nil, func(g *GameResult) {
			g.Moves[2].Time = time.Second
			g.Duration += time.Second
		}, "the flag had fallen"},
		{"a win on time without mating material", "flag against no mating material", nil, func(g *GameResult) { g.Outcome = core.BlackWins }, "not 0-1"},
		{"times past the game's duration", "time forfeit", nil, func(g *GameResult) { g.Duration = time.Millisecond }, "more than the game's"},
		{"a crash of the side not to move", "engine crash", nil, func(g *GameResult) { g.Outcome = core.WhiteWins }, "only the side to move"},
		{"a crash called a draw", "engine crash", nil, func(g *GameResult) { g.Outcome = core.Draw }, "only the side to move"},
		{"a crash in a finished game", "checkmate", nil, func(g *GameResult) { g.Reason = ReasonCrashed }, "not 1-0 by engine crashed"},
		{"an unknown reason", "max moves", nil, func(g *GameResult) { g.Reason = "the moon" }, "not 1/2-1/2 by the moon"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := played[tc.from]
			g.Moves = append([]MoveRecord(nil), g.Moves...)
			opt := opts[tc.from]
			if tc.opt != nil {
				tc.opt(&opt)
			}
			if tc.forge != nil {
				tc.forge(&g)
			}
			if _, _, err := CheckEnding(opt, &g); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CheckEnding: %v, want an error saying %q", err, tc.want)
			}
		})
	}
}
