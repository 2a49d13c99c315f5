package arena

import (
	"context"
	"errors"

	"github.com/evochess/evochess/core"
)

// GameView is what a player is shown when asked for a move.
type GameView struct {
	StartFEN string      // the game's start position
	Moves    []core.Move // moves played since then
	// Pos is the current position with its history (for repetition
	// detection); a copy the player may search in.
	Pos *core.Position
}

// MoveReply is a player's move with what its search said about it.
type MoveReply struct {
	Move  core.Move
	Score int // centipawns from the mover's view; core mate scores for mates
	Depth int
	Nodes uint64
}

// Player chooses moves. A player is used by one game at a time.
type Player interface {
	Name() string
	// NewGame prepares for a new game (clears tables, restarts a crashed engine).
	NewGame(ctx context.Context) error
	// Play returns a move for the view within the limits.
	Play(ctx context.Context, g GameView, lim core.Limits) (MoveReply, error)
	// Close releases the player (stops an engine process).
	Close() error
}

// Errors a player returns when it cannot produce a move; the referee turns
// them into the game's termination reason.
var (
	ErrEngineCrashed      = errors.New("engine crashed")
	ErrEngineUnresponsive = errors.New("engine unresponsive")
	// ErrResigned: the engine resigned instead of moving (xboard engines
	// can; UCI has no way to).
	ErrResigned = errors.New("engine resigned")
	// ErrFalseClaim: the engine claimed a result the position does not
	// have (a win while the referee's game goes on).
	ErrFalseClaim = errors.New("false result claim")
	// ErrBadOption: a player's spec sets an option its engine does not
	// offer (a misspelling the engine would silently ignore).
	ErrBadOption = errors.New("no such option")
)

// EnginePlayer is the built-in engine playing in-process.
type EnginePlayer struct {
	name    string
	s       *core.Searcher
	hashMB  int
	weights *core.Weights
}

// EngineOptions configure a built-in engine player.
type EngineOptions struct {
	HashMB          int
	Mode            core.SearchMode
	PlainQuiescence int
}

// NewEnginePlayer returns a built-in engine with its own searcher.
func NewEnginePlayer(name string, w *core.Weights, opt EngineOptions) *EnginePlayer {
	if opt.HashMB <= 0 {
		opt.HashMB = 16
	}
	e := &EnginePlayer{name: name, s: core.NewSearcher(w, opt.HashMB), hashMB: opt.HashMB, weights: w}
	e.s.Mode = opt.Mode
	e.s.PlainQuiescence = opt.PlainQuiescence
	return e
}

// Reconfigure turns the player into another built-in player, keeping its
// searcher's memory: a worker plays every built-in individual of a
// population with the same two searchers.
func (e *EnginePlayer) Reconfigure(name string, w *core.Weights, opt EngineOptions) {
	if opt.HashMB <= 0 {
		opt.HashMB = 16
	}
	if opt.HashMB != e.hashMB {
		e.s.ResizeHash(opt.HashMB)
		e.hashMB = opt.HashMB
	}
	e.name = name
	if w != e.weights {
		// A new evaluator (and its pawn cache) only for other weights; the
		// game's NewGame clears the tables anyway.
		e.s.SetWeights(w)
		e.weights = w
	}
	e.s.Mode = opt.Mode
	e.s.PlainQuiescence = opt.PlainQuiescence
}

func (e *EnginePlayer) Name() string { return e.name }

func (e *EnginePlayer) NewGame(context.Context) error {
	e.s.NewGame()
	return nil
}

func (e *EnginePlayer) Play(ctx context.Context, g GameView, lim core.Limits) (MoveReply, error) {
	res := e.s.Search(ctx, g.Pos, lim)
	if res.Move == core.NullMove {
		if ctx.Err() != nil {
			return MoveReply{}, ctx.Err()
		}
		return MoveReply{}, errors.New("no legal move")
	}
	return MoveReply{Move: res.Move, Score: res.Score, Depth: res.Depth, Nodes: res.Nodes}, nil
}

func (e *EnginePlayer) Close() error { return nil }

// HumanPlayer is fed moves from outside (the terminal app).
type HumanPlayer struct {
	name  string
	moves chan core.Move
}

// NewHumanPlayer returns a player whose moves come through Submit.
func NewHumanPlayer(name string) *HumanPlayer {
	return &HumanPlayer{name: name, moves: make(chan core.Move, 1)}
}

func (h *HumanPlayer) Name() string { return h.name }

// NewGame forgets a move submitted too late for the last game.
func (h *HumanPlayer) NewGame(context.Context) error {
	select {
	case <-h.moves:
	default:
	}
	return nil
}
func (h *HumanPlayer) Close() error { return nil }

// Submit hands the player's next move to the game; it does not block.
// The referee checks legality: an illegal move loses like any other.
func (h *HumanPlayer) Submit(m core.Move) bool {
	select {
	case h.moves <- m:
		return true
	default:
		return false
	}
}

func (h *HumanPlayer) Play(ctx context.Context, g GameView, lim core.Limits) (MoveReply, error) {
	select {
	case m := <-h.moves:
		return MoveReply{Move: m}, nil
	case <-ctx.Done():
		return MoveReply{}, ctx.Err()
	}
}

// SetInfo makes the engine report each finished search iteration to f
// (nil: no reports), e.g. to show its thinking; f runs on the searching
// goroutine and must not block.
func (e *EnginePlayer) SetInfo(f func(core.Info)) { e.s.OnInfo = f }
