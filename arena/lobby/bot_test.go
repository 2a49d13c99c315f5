package lobby

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/core/pgn"
)

// fakeBot plays the first legal move at once (or what move says), and
// records what it was asked.
type fakeBot struct {
	mu     sync.Mutex
	limits []core.Limits
	views  []arena.GameView
	move   func(g arena.GameView) (core.Move, error) // nil: the first legal move
	block  bool                                      // Play waits for its ctx
	closed chan struct{}
	once   sync.Once
}

func newFakeBot() *fakeBot { return &fakeBot{closed: make(chan struct{})} }

func (f *fakeBot) Name() string                  { return "fake" }
func (f *fakeBot) NewGame(context.Context) error { return nil }
func (f *fakeBot) Close() error                  { f.once.Do(func() { close(f.closed) }); return nil }

func (f *fakeBot) Play(ctx context.Context, g arena.GameView, lim core.Limits) (arena.MoveReply, error) {
	f.mu.Lock()
	f.limits = append(f.limits, lim)
	f.views = append(f.views, g)
	f.mu.Unlock()
	if f.block {
		<-ctx.Done()
		return arena.MoveReply{}, ctx.Err()
	}
	if f.move != nil {
		m, err := f.move(g)
		return arena.MoveReply{Move: m}, err
	}
	return arena.MoveReply{Move: g.Pos.LegalMoves()[0]}, nil
}

func (f *fakeBot) asked() ([]core.Limits, []arena.GameView) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]core.Limits(nil), f.limits...), append([]arena.GameView(nil), f.views...)
}

// bots is a BotProvider of players made by make.
type bots struct {
	most int
	make func(strength int) arena.Player
}

func (b bots) MaxStrength() int { return b.most }
func (b bots) Bot(_ context.Context, strength int) (User, arena.Player, error) {
	p := b.make(strength)
	if p == nil {
		return User{}, nil, errors.New("no engine today")
	}
	return User{ID: "bot:best", Name: "evolved best", Kind: Bot}, p, nil
}

func oneBot(p arena.Player) bots {
	return bots{most: 3, make: func(int) arena.Player { return p }}
}

func waitClosed(t *testing.T, f *fakeBot) {
	t.Helper()
	select {
	case <-f.closed:
	case <-time.After(waitLimit):
		t.Fatal("the bot's player was not closed")
	}
}

// TestPlayBot: the bot answers each move through the lobby's clock, with
// limits built from the clocks, and is closed when the game ends.
func TestPlayBot(t *testing.T) {
	const base, inc = 10 * time.Second, time.Second
	f := newFakeBot()
	l := newLobby(t, Config{Bots: oneBot(f)})
	h := join(t, l, "key:h", Human)
	if v := h.View(); v.Strengths != 3 {
		t.Fatalf("Strengths %d", v.Strengths)
	}
	id, err := h.PlayBot(SeekSpec{TC: clock(base, inc), Color: AsWhite}, 2)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := h.Game(id)
	if v.Black.Kind != Bot || v.Black.ID != "bot:best" || v.Role != PlaysWhite {
		t.Fatalf("black %+v, role %v", v.Black, v.Role)
	}
	for i, m := range []string{"e4", "d4", "Nf3"} {
		if i == 2 {
			time.Sleep(50 * time.Millisecond) // white's clock runs from here
		}
		if err := h.Move(id, m); err != nil {
			t.Fatal(err)
		}
		waitGame(t, h, id, "the bot's reply", func(v GameView) bool { return len(v.Moves) == 2*i+2 })
	}
	lims, views := f.asked()
	if len(lims) != 3 {
		t.Fatalf("the bot was asked %d times", len(lims))
	}
	if l0 := lims[0]; l0.WTime != base || l0.BTime != base || l0.WInc != inc || l0.BInc != inc {
		t.Errorf("first limits %+v, want both clocks %v and increments %v", l0, base, inc)
	}
	// After two timed moves each, white's last after thinking 50ms, each
	// move given the increment.
	if l2 := lims[2]; l2.WTime > base+2*inc-50*time.Millisecond || l2.WTime < base+inc ||
		l2.BTime > base+inc || l2.BTime < base {
		t.Errorf("third limits %+v", l2)
	}
	if len(views[2].Moves) != 5 || views[2].Pos.Ply() != 5 || views[2].StartFEN != core.StartFEN {
		t.Errorf("the bot's view: %d moves, ply %d", len(views[2].Moves), views[2].Pos.Ply())
	}
	if err := h.Offer(id, DrawOffer); err == nil {
		t.Error("the bot accepted a draw")
	}
	if err := h.Offer(id, TakebackOffer); err != nil {
		t.Errorf("the bot refused a takeback in a casual game: %v", err)
	}
	waitGame(t, h, id, "the takeback", func(v GameView) bool { return len(v.Moves) == 4 && v.ToMove == core.White })
	if err := h.Resign(id); err != nil {
		t.Fatal(err)
	}
	waitClosed(t, f)
	if v := waitOver(t, h, id); v.Result != core.BlackWins {
		t.Errorf("%s", describe(v))
	}
}

// TestPlayBotAsBlack: the bot moves first when it has white.
func TestPlayBotAsBlack(t *testing.T) {
	f := newFakeBot()
	l := newLobby(t, Config{Bots: oneBot(f)})
	h := join(t, l, "key:h", Human)
	id, err := h.PlayBot(SeekSpec{TC: clock(time.Minute, 0), Color: AsBlack}, 1)
	if err != nil {
		t.Fatal(err)
	}
	v := waitGame(t, h, id, "the bot's first move", func(v GameView) bool { return len(v.Moves) == 1 })
	if v.White.Kind != Bot || v.Role != PlaysBlack {
		t.Errorf("white %+v, role %v", v.White, v.Role)
	}
}

// TestPlayBotRefused: no bots, a strength out of range, a failing
// provider, an anonymous rated game; none starts a game.
func TestPlayBotRefused(t *testing.T) {
	spec := SeekSpec{TC: clock(time.Minute, 0)}
	l := newLobby(t, Config{})
	if _, err := join(t, l, "key:h", Human).PlayBot(spec, 1); err == nil {
		t.Error("played a bot in a lobby without bots")
	}
	f := newFakeBot()
	l = newLobby(t, Config{Bots: bots{most: 3, make: func(s int) arena.Player {
		if s == 3 {
			return nil
		}
		return f
	}}, Ladder: NewLadder(nil, nil)})
	h := join(t, l, "key:h", Human)
	anon := join(t, l, "anon:1", Anonymous)
	for _, s := range []int{0, 4, -1, 3} {
		if _, err := h.PlayBot(spec, s); err == nil {
			t.Errorf("strength %d started a game", s)
		}
	}
	if _, err := anon.PlayBot(SeekSpec{TC: clock(time.Minute, 0), Rated: true}, 1); err == nil {
		t.Error("an anonymous user played a rated bot game")
	}
	if got := h.View().Mine; len(got) != 0 {
		t.Errorf("games %v", got)
	}
}

// TestBotThatCannotMove: a bot whose player fails or answers an illegal
// move resigns, and is closed.
func TestBotThatCannotMove(t *testing.T) {
	for name, move := range map[string]func(arena.GameView) (core.Move, error){
		"fails": func(arena.GameView) (core.Move, error) { return core.NullMove, arena.ErrEngineCrashed },
		"illegal": func(arena.GameView) (core.Move, error) {
			return core.NewMove(core.MakeSquare(4, 1), core.MakeSquare(4, 4), 0), nil
		},
	} {
		f := newFakeBot()
		f.move = move
		l := newLobby(t, Config{Bots: oneBot(f)})
		h := join(t, l, "key:h", Human)
		id, err := h.PlayBot(SeekSpec{TC: clock(time.Minute, 0), Color: AsBlack}, 1)
		if err != nil {
			t.Fatal(err)
		}
		// It resigns before both sides have moved: the game is aborted.
		if v := waitOver(t, h, id); v.Result != core.Ongoing || v.Reason != "aborted" || len(v.Moves) != 0 {
			t.Errorf("%s: %s", name, describe(v))
		}
		waitClosed(t, f)
	}
}

// depthCapped is a real engine held to a fixed depth (the clock's limits
// still reach it), so a whole game is quick and the same every run.
type depthCapped struct {
	arena.Player
	depth int
}

func (d depthCapped) Play(ctx context.Context, g arena.GameView, lim core.Limits) (arena.MoveReply, error) {
	lim.Depth = d.depth
	return d.Player.Play(ctx, g, lim)
}

// TestPlayBotEngine: arena's in-process engine plays a whole game against
// a human making random moves, through the lobby, to an end by the rules;
// the record of it reads back.
func TestPlayBotEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	w, err := core.LoadWeights("full")
	if err != nil {
		t.Fatal(err)
	}
	records := make(chan Record, 1)
	l := newLobby(t, Config{
		Bots: bots{most: 1, make: func(int) arena.Player {
			return depthCapped{arena.NewEnginePlayer("evochess", w, arena.EngineOptions{HashMB: 1}), 2}
		}},
		OnGameEnd: func(r Record) { records <- r },
	})
	h := join(t, l, "key:h", Human)
	id, err := h.PlayBot(SeekSpec{TC: clock(5*time.Minute, 0), Color: AsWhite}, 1)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var v GameView
	for {
		v = waitGame(t, h, id, "white's turn", func(v GameView) bool { return v.Over || v.ToMove == core.White })
		if v.Over {
			break
		}
		if len(v.Moves) > 600 {
			t.Fatalf("no end after %d plies", len(v.Moves))
		}
		p, err := core.ParseFEN(v.FEN)
		if err != nil {
			t.Fatal(err)
		}
		legal := p.LegalMoves()
		if err := h.Move(id, legal[rng.IntN(len(legal))].String()); err != nil {
			t.Fatal(err)
		}
	}
	switch v.Reason {
	case "checkmate", "stalemate", "repetition", "fifty moves", "insufficient material":
	default:
		t.Fatalf("the game ended by %q: %s", v.Reason, describe(v))
	}
	t.Logf("%s after %d plies", v.Result, len(v.Moves))
	select {
	case r := <-records:
		var b strings.Builder
		if err := pgn.Write(&b, r.Game); err != nil {
			t.Fatal(err)
		}
		back, err := pgn.NewReader(strings.NewReader(b.String())).Next()
		if err != nil || len(back.Moves) != len(v.Moves) || back.Result != v.Result {
			t.Errorf("the record reads back as %v (%v)", back, err)
		}
	case <-time.After(waitLimit):
		t.Fatal("no record")
	}
}
