package arena

import (
	"errors"
	"fmt"
	"time"

	"github.com/evochess/evochess/core"
)

// How a game may end is decided in one place, used by the referee while it
// plays (PlayGame) and by CheckEnding after the fact, when a game played
// elsewhere (a remote worker's) comes back as a move list and a claim.

// rulesEnding is the ending the rules or the move limit give the position
// after plies moves, if any: PlayGame asks it before every move.
func rulesEnding(pos *core.Position, opt GameOptions, plies int) (o core.Outcome, reason, detail string, over bool) {
	if st := pos.Status(); st.Over() {
		return st.Outcome, ruleReason(st.Reason), "", true
	}
	if opt.MaxMoves > 0 && plies >= 2*opt.MaxMoves {
		return core.Draw, ReasonMaxMoves, fmt.Sprintf("%d moves", opt.MaxMoves), true
	}
	return core.Ongoing, "", "", false
}

// flagEnding is the outcome of side's flag falling in pos: a loss, or a
// draw when the opponent has no mating material (FIDE 6.9).
func flagEnding(pos *core.Position, side core.Color) (core.Outcome, string) {
	if !canMate(pos, side^1) {
		return core.Draw, "; opponent cannot mate"
	}
	return lossOf(side), ""
}

// lossOf is the outcome of a game lost by c.
func lossOf(c core.Color) core.Outcome {
	if c == core.White {
		return core.BlackWins
	}
	return core.WhiteWins
}

// clocks are both sides' game clocks as PlayGame runs them.
type clocks struct {
	tcs    [2]TimeControl
	left   [2]time.Duration
	period [2]int // moves made in the current period (MovesToGo)
}

func newClocks(opt GameOptions) *clocks {
	var c clocks
	for side := range 2 {
		c.tcs[side] = opt.TC
		if opt.TCs[side] != nil {
			c.tcs[side] = *opt.TCs[side]
		}
		c.left[side] = c.tcs[side].Base
	}
	return &c
}

// running reports whether side plays on a clock.
func (c *clocks) running(side core.Color) bool { return c.tcs[side].HasClock() }

// fallen reports whether thinking for elapsed has side's flag fall.
func (c *clocks) fallen(side core.Color, elapsed, margin time.Duration) bool {
	return c.running(side) && elapsed > c.left[side]+margin
}

// spend charges side's move of elapsed to its clock (increment and a new
// period included).
func (c *clocks) spend(side core.Color, elapsed time.Duration) {
	if !c.running(side) {
		return
	}
	tc := c.tcs[side]
	c.left[side] = max(c.left[side]+tc.Inc-elapsed, 0)
	c.period[side]++
	if tc.MovesToGo > 0 && c.period[side] == tc.MovesToGo {
		c.left[side] += tc.Base
		c.period[side] = 0
	}
}

// limits are the search limits of side, to move.
func (c *clocks) limits(side core.Color) core.Limits {
	return limitsFor(c.tcs[side], c.left, c.tcs, c.period[side])
}

// Proof says how a finished game's ending follows from its record.
type Proof int

const (
	// Proven: the rules, the move limit, an adjudication on the movers'
	// reported scores or a clock on their reported times say so.
	Proven Proof = iota + 1
	// Unproven: an engine's failure (crash, illegal move, silence, its
	// own resignation, a false claim) on its turn: possible there, but
	// nothing in the record shows it.
	Unproven
)

// engineEndings are the endings only a player's failure makes.
var engineEndings = map[string]bool{ReasonIllegalMove: true, ReasonCrashed: true, ReasonUnresponsive: true,
	ReasonResigned: true, ReasonFalseClaim: true}

// CheckEnding says whether g, a finished game played under opt, can have
// ended as it says, by replaying its moves as PlayGame would: every move
// legal, none after the game was over (by the rules, the move limit, an
// adjudication, or a flag that had fallen on the reported times), and its
// outcome and reason the ones the record gives. A time forfeit needs a
// clock and g.FlagTime past the loser's time left; an engine's failure
// (Unproven) can only be the side to move's (either side's before the
// first move, when an engine fails to start) and only a loss. For a
// Proven ending detail is the referee's own text for it (the record's for
// a time forfeit); for an Unproven one, the record's.
func CheckEnding(opt GameOptions, g *GameResult) (proof Proof, detail string, err error) {
	start := opt.StartFEN
	if start == "" {
		start = core.StartFEN
	}
	pos, err := core.ParseFEN(start)
	if err != nil {
		return 0, "", fmt.Errorf("the game's start: %w", err)
	}
	claim := func(o core.Outcome, reason, detail string) (Proof, string, error) {
		if g.Outcome != o || g.Reason != reason {
			return 0, "", fmt.Errorf("after %d plies the game ends %s by %s, not %s by %s", len(g.Moves), o, reason, g.Outcome, g.Reason)
		}
		return Proven, detail, nil
	}
	clk := newClocks(opt)
	var adj adjudicator
	var spent time.Duration
	for i, m := range g.Moves {
		if o, reason, _, over := rulesEnding(pos, opt, i); over {
			return 0, "", fmt.Errorf("ply %d: the game was over already (%s by %s)", i+1, o, reason)
		}
		side := pos.SideToMove()
		if !pos.IsLegal(m.Move) {
			return 0, "", fmt.Errorf("ply %d: %s is not a legal move", i+1, m.Move)
		}
		if m.Time < 0 || clk.fallen(side, m.Time, opt.Margin) {
			return 0, "", fmt.Errorf("ply %d: %v of thought with %v left: the flag had fallen", i+1, m.Time, clk.left[side])
		}
		clk.spend(side, m.Time)
		spent += m.Time
		pos.MakeMove(m.Move)
		if o, reason := adj.observe(opt, side, m.Score, i+1); o != core.Ongoing {
			if i+1 < len(g.Moves) {
				return 0, "", fmt.Errorf("ply %d: the game was adjudicated (%s by %s)", i+1, o, reason)
			}
			return claim(o, reason, "")
		}
	}
	if spent+max(g.FlagTime, 0) > g.Duration {
		return 0, "", fmt.Errorf("the moves took %v, more than the game's %v", spent+g.FlagTime, g.Duration)
	}
	if o, reason, detail, over := rulesEnding(pos, opt, len(g.Moves)); over {
		return claim(o, reason, detail)
	}
	side := pos.SideToMove()
	switch {
	case g.Reason == ReasonTimeForfeit:
		if !clk.running(side) {
			return 0, "", errors.New("a time forfeit in a game without a clock")
		}
		// Reported times are whole microseconds: each of the side's moves
		// may have left its clock up to 1µs fuller than it was.
		slack := time.Duration(len(g.Moves)/2+2) * time.Microsecond
		if !clk.fallen(side, g.FlagTime+slack, opt.Margin) {
			return 0, "", fmt.Errorf("a time forfeit after %v of thought with %v left", g.FlagTime, clk.left[side])
		}
		o, _ := flagEnding(pos, side)
		if _, _, err := claim(o, ReasonTimeForfeit, ""); err != nil {
			return 0, "", err
		}
		return Proven, g.Detail, nil
	case engineEndings[g.Reason]:
		if g.Outcome != lossOf(side) && (len(g.Moves) > 0 || g.Outcome != lossOf(side^1)) {
			return 0, "", fmt.Errorf("%s by %s: only the side to move (%s) can fail so", g.Outcome, g.Reason, side)
		}
		return Unproven, g.Detail, nil
	}
	return 0, "", fmt.Errorf("after %d plies the game goes on: it cannot end %s by %s", len(g.Moves), g.Outcome, g.Reason)
}

// Loser is the side a decisive game's outcome says lost.
func Loser(o core.Outcome) (core.Color, bool) {
	switch o {
	case core.WhiteWins:
		return core.Black, true
	case core.BlackWins:
		return core.White, true
	}
	return 0, false
}

// PlayerOptions are a job's game options with each player's own time
// control, if it has one, for its colour: the rules a pool plays it by.
func PlayerOptions(opt GameOptions, white, black PlayerSpec) GameOptions {
	if white.TC != nil {
		opt.TCs[0] = white.TC
	}
	if black.TC != nil {
		opt.TCs[1] = black.TC
	}
	return opt
}
