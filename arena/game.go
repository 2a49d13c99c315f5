package arena

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/evochess/evochess/core"
)

// Termination reasons recorded for every game (PGN "Termination" detail).
const (
	ReasonCheckmate    = "checkmate"
	ReasonStalemate    = "stalemate"
	ReasonThreefold    = "threefold"
	ReasonFiftyMove    = "fifty-move"
	ReasonInsufficient = "insufficient material"
	ReasonMaxMoves     = "max moves"
	ReasonTimeForfeit  = "time forfeit"
	ReasonIllegalMove  = "illegal move"
	ReasonCrashed      = "engine crashed"
	ReasonUnresponsive = "engine unresponsive"
	ReasonResigned     = "resigned" // the engine's own resignation
	ReasonFalseClaim   = "false claim"
	ReasonResign       = "adjudication: resign"
	ReasonDrawScore    = "adjudication: draw"
	ReasonAborted      = "aborted"
)

// GameOptions are the rules one game is played under.
type GameOptions struct {
	StartFEN string // empty: the standard start
	// TC limits both players unless a player has its own in TCs.
	TC  TimeControl
	TCs [2]*TimeControl // per colour (white, black) overrides, e.g. from player specs
	// MaxMoves ends the game as a draw after this many moves by each side
	// (seed 000 uses 200); 0 means no limit.
	MaxMoves int
	// Resign adjudication: a side whose score stays at or below
	// -ResignScore for ResignMoves consecutive moves of its own, with the
	// opponent agreeing (score ≥ ResignScore), loses. 0 disables.
	ResignScore, ResignMoves int
	// Draw adjudication: after move DrawMoveNumber, both sides' scores
	// within ±DrawScore for DrawMoves consecutive moves each. 0 disables.
	DrawScore, DrawMoves, DrawMoveNumber int
	// Margin is the overrun a clock allows before a time forfeit, for
	// process and scheduling overhead.
	Margin time.Duration
}

// MoveRecord is one played move with the mover's report.
type MoveRecord struct {
	Move  core.Move
	SAN   string
	Score int
	Depth int
	Nodes uint64
	Time  time.Duration
}

// GameResult is a finished game.
type GameResult struct {
	White, Black string
	StartFEN     string
	Moves        []MoveRecord
	Outcome      core.Outcome
	Reason       string
	Detail       string // e.g. the illegal move or the engine's error
	TC           TimeControl
	Started      time.Time
	Duration     time.Duration
	FinalFEN     string
	// FlagTime is, in a time forfeit, how long the loser thought on the
	// move its flag fell in (a move not in Moves): what CheckEnding needs
	// to see that the flag fell.
	FlagTime time.Duration
}

// Score returns white's points (1, ½ or 0).
func (r *GameResult) Score() float64 {
	switch r.Outcome {
	case core.WhiteWins:
		return 1
	case core.Draw:
		return 0.5
	}
	return 0
}

// MoveEvent reports a move as it is played.
type MoveEvent struct {
	Record MoveRecord
	Ply    int
	FEN    string
	Clock  [2]time.Duration // time left, when there is a clock
}

// PlayGame referees one game: it owns the position, asks each player for a
// move within its limits, checks every move, runs the clocks and ends the
// game by the rules or by adjudication. onMove, if set, sees every move.
func PlayGame(ctx context.Context, white, black Player, opt GameOptions, onMove func(MoveEvent)) GameResult {
	start := opt.StartFEN
	if start == "" {
		start = core.StartFEN
	}
	res := GameResult{White: white.Name(), Black: black.Name(), StartFEN: start, TC: opt.TC, Started: time.Now()}
	pos, err := core.ParseFEN(start)
	if err != nil {
		res.Outcome, res.Reason, res.Detail = core.Ongoing, ReasonAborted, err.Error()
		res.Duration = time.Since(res.Started)
		return res
	}
	res.StartFEN = pos.FEN()
	players := [2]Player{white, black}
	clk := newClocks(opt)
	end := func(o core.Outcome, reason, detail string) GameResult {
		res.Outcome, res.Reason, res.Detail = o, reason, detail
		res.FinalFEN = pos.FEN()
		res.Duration = time.Since(res.Started)
		return res
	}
	lose := func(c core.Color, reason, detail string) GameResult { return end(lossOf(c), reason, detail) }
	for c, pl := range players {
		if err := pl.NewGame(ctx); err != nil {
			if ctx.Err() != nil {
				return end(core.Ongoing, ReasonAborted, ctx.Err().Error())
			}
			return lose(core.Color(c), engineReason(err), err.Error())
		}
	}
	var moves []core.Move
	var adj adjudicator
	for {
		if o, reason, detail, over := rulesEnding(pos, opt, len(moves)); over {
			return end(o, reason, detail)
		}
		side := pos.SideToMove()
		lim := clk.limits(side)
		view := GameView{StartFEN: res.StartFEN, Moves: moves, Pos: pos.Clone()}
		// Under a clock the flag falls while the player thinks: the move's
		// context ends at the time left plus the margin.
		t0 := time.Now()
		moveCtx, cancel := ctx, context.CancelFunc(func() {})
		if clk.running(side) {
			moveCtx, cancel = context.WithDeadline(ctx, t0.Add(clk.left[side]+opt.Margin))
		}
		reply, err := players[side].Play(moveCtx, view, lim)
		elapsed := time.Since(t0)
		cancel()
		if ctx.Err() != nil {
			return end(core.Ongoing, ReasonAborted, ctx.Err().Error())
		}
		if clk.fallen(side, elapsed, opt.Margin) || clk.running(side) && errors.Is(err, context.DeadlineExceeded) {
			res.FlagTime = elapsed
			o, why := flagEnding(pos, side)
			return end(o, ReasonTimeForfeit, fmt.Sprintf("%v over", (elapsed-clk.left[side]).Round(time.Millisecond))+why)
		}
		if err != nil {
			var ill *IllegalMoveError
			if errors.As(err, &ill) {
				return lose(side, ReasonIllegalMove, ill.Text)
			}
			return lose(side, engineReason(err), err.Error())
		}
		if !pos.IsLegal(reply.Move) {
			return lose(side, ReasonIllegalMove, reply.Move.String())
		}
		clk.spend(side, elapsed)
		rec := MoveRecord{Move: reply.Move, SAN: pos.SAN(reply.Move), Score: reply.Score, Depth: reply.Depth, Nodes: reply.Nodes, Time: elapsed}
		pos.MakeMove(reply.Move)
		moves = append(moves, reply.Move)
		res.Moves = append(res.Moves, rec)
		if onMove != nil {
			onMove(MoveEvent{Record: rec, Ply: len(moves), FEN: pos.FEN(), Clock: clk.left})
		}
		if o, reason := adj.observe(opt, side, reply.Score, len(moves)); o != core.Ongoing {
			return end(o, reason, "")
		}
	}
}

// limitsFor builds the search limits of the side to move.
func limitsFor(tc TimeControl, clock [2]time.Duration, tcs [2]TimeControl, played int) core.Limits {
	if !tc.HasClock() {
		return tc.Limits()
	}
	lim := core.Limits{WTime: max(clock[core.White], time.Millisecond), BTime: max(clock[core.Black], time.Millisecond),
		WInc: tcs[core.White].Inc, BInc: tcs[core.Black].Inc}
	if tc.MovesToGo > 0 {
		lim.MovesToGo = tc.MovesToGo - played
	}
	return lim
}

// canMate reports whether colour c has material that could ever mate:
// anything beyond a lone king or a king with one minor piece.
func canMate(p *core.Position, c core.Color) bool {
	if p.Pieces(c, core.Pawn)|p.Pieces(c, core.Rook)|p.Pieces(c, core.Queen) != 0 {
		return true
	}
	return (p.Pieces(c, core.Knight) | p.Pieces(c, core.Bishop)).Several()
}

func engineReason(err error) string {
	switch {
	case errors.Is(err, ErrEngineUnresponsive):
		return ReasonUnresponsive
	case errors.Is(err, ErrResigned):
		return ReasonResigned
	case errors.Is(err, ErrFalseClaim):
		return ReasonFalseClaim
	default:
		return ReasonCrashed
	}
}

func ruleReason(t core.Termination) string {
	switch t {
	case core.Checkmate:
		return ReasonCheckmate
	case core.Stalemate:
		return ReasonStalemate
	case core.ThreefoldRepetition:
		return ReasonThreefold
	case core.FiftyMoveRule:
		return ReasonFiftyMove
	case core.InsufficientMaterial:
		return ReasonInsufficient
	}
	return t.String()
}

// adjudicator tracks the score streaks resign and draw adjudication use.
type adjudicator struct {
	resignStreak [2]int // consecutive own moves at or below -ResignScore
	winStreak    [2]int // consecutive own moves at or above +ResignScore
	drawStreak   int    // consecutive moves (either side) within ±DrawScore
}

func (a *adjudicator) observe(opt GameOptions, side core.Color, score, ply int) (core.Outcome, string) {
	if opt.ResignScore > 0 && opt.ResignMoves > 0 {
		if score <= -opt.ResignScore {
			a.resignStreak[side]++
		} else {
			a.resignStreak[side] = 0
		}
		if score >= opt.ResignScore {
			a.winStreak[side]++
		} else {
			a.winStreak[side] = 0
		}
		// Either side may be the one to resign, once both agree.
		if a.resignStreak[core.White] >= opt.ResignMoves && a.winStreak[core.Black] >= opt.ResignMoves {
			return core.BlackWins, ReasonResign
		}
		if a.resignStreak[core.Black] >= opt.ResignMoves && a.winStreak[core.White] >= opt.ResignMoves {
			return core.WhiteWins, ReasonResign
		}
	}
	if opt.DrawScore > 0 && opt.DrawMoves > 0 && ply/2 >= opt.DrawMoveNumber {
		if score <= opt.DrawScore && score >= -opt.DrawScore {
			a.drawStreak++
		} else {
			a.drawStreak = 0
		}
		if a.drawStreak >= 2*opt.DrawMoves {
			return core.Draw, ReasonDrawScore
		}
	}
	return core.Ongoing, ""
}
