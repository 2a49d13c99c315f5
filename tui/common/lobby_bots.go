package common

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
)

// MaxBotStrength is the strongest level of the lobby's bot.
const MaxBotStrength = 8

// BotNodes is what a bot of a strength searches a move: 500·4^(s−1)
// nodes (500, 2000, 8000, … 8 192 000 at 8), and never more than its
// clock allows (the search stops at whichever comes first).
func BotNodes(strength int) uint64 {
	s := min(max(strength, 1), MaxBotStrength)
	return 500 << (2 * (s - 1))
}

// botProvider is the lobby's BotProvider: "play the evolved best" is the
// strongest of the server's saved players, runs' bests and the built-in
// default, judged by the ladder, at a strength the player picks. Each bot
// game is a seat in the server's CPU budget, as a session is, and waits
// for a worker before each move: bots count against the server's bounds.
//
// A saved player that is an external engine (a tuned engine kept from the
// Evolution tab) is a bot only when engineBots is set (the operator's
// serve --lobby-engine-bots; a terminal's own lobby always): each of its
// games starts a process of that engine, on a server for anyone who asks.
// Such a bot is held to what a built-in one is: a seat and a worker for
// each move, the strength's node budget, and the engine told one thread
// and the bots' hash whatever its player says.
type botProvider struct {
	ctx        context.Context // the lobby's: a bot's seat ends with it at the latest
	data       *saves.Dir      // the saved players and runs (nil: full alone)
	ladder     *lobby.Ladder
	workers    *WorkerBudget
	hashMB     int
	engineBots bool
}

var _ lobby.BotProvider = (*botProvider)(nil)

func (b *botProvider) MaxStrength() int { return MaxBotStrength }

// botDefault is the built-in player when nothing saved is rated.
const botDefault = "chromosome=full"

// candidates are the specs of every player the bot may be: the default,
// the saved players, every saved run's best (named only: reading a run is
// left to the one chosen).
func (b *botProvider) candidates() []string {
	out := []string{botDefault}
	if b.data == nil {
		return out
	}
	for _, n := range b.data.Names(saves.Players) {
		out = append(out, "player="+n)
	}
	for _, n := range b.data.Names(saves.Runs) {
		out = append(out, "population="+n+"#best")
	}
	return out
}

// botID is a player at a strength on the ladder: "bot:" and a player SPEC
// that plays it (a saved player or run's best, at its node budget), so
// that each strength has a rating of its own.
func botID(spec string, strength int) lobby.UserID {
	return lobby.UserID("bot:" + spec + ",nodes=" + strconv.FormatUint(BotNodes(strength), 10))
}

// choose orders the candidates strongest first: those rated at this
// strength by their rating, then those rated at another by their best
// rating there, then the default, then the rest.
func (b *botProvider) choose(strength int) []string {
	type ranked struct {
		spec   string
		here   bool
		rating float64
		rated  bool
	}
	var rs []ranked
	for _, spec := range b.candidates() {
		r := ranked{spec: spec}
		if b.ladder != nil {
			for s := 1; s <= MaxBotStrength; s++ {
				st, ok := b.ladder.Lookup(botID(spec, s))
				if !ok {
					continue
				}
				switch {
				case s == strength:
					r.here, r.rating, r.rated = true, st.Rating, true
				case !r.here && (!r.rated || st.Rating > r.rating):
					r.rating, r.rated = st.Rating, true
				}
			}
		}
		rs = append(rs, r)
	}
	score := func(r ranked) int {
		switch {
		case r.here:
			return 3
		case r.rated:
			return 2
		case r.spec == botDefault:
			return 1
		}
		return 0
	}
	slices.SortStableFunc(rs, func(x, y ranked) int {
		if d := score(y) - score(x); d != 0 {
			return d
		}
		if x.rating != y.rating {
			if x.rating > y.rating {
				return -1
			}
			return 1
		}
		return 0
	})
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.spec
	}
	return out
}

// Bot makes the strongest player that can be made: a saved player that
// has gone or cannot be read gives way to the next.
func (b *botProvider) Bot(ctx context.Context, strength int) (lobby.User, arena.Player, error) {
	if strength < 1 || strength > MaxBotStrength {
		return lobby.User{}, nil, fmt.Errorf("strength %d: from 1 to %d", strength, MaxBotStrength)
	}
	var resolver arena.Resolver
	if b.data != nil {
		resolver = b.data
	}
	var lastErr error
	for _, spec := range b.choose(strength) {
		ps, err := arena.ParsePlayerSpec(spec, resolver)
		if err != nil {
			lastErr = err
			continue
		}
		name := botName(spec, ps.Name) + " L" + strconv.Itoa(strength)
		var engine arena.Player
		switch {
		case ps.External() && (!b.engineBots || ps.Proto != arena.ProtoUCI):
			continue // no external process per game unless the operator said so
		case ps.External():
			engine = arena.NewUCIPlayer(name, ps.Engine, ps.Args, botEngineOptions(ps.Options, b.hashMB))
		default:
			w, err := ps.Weights()
			if err != nil {
				lastErr = err
				continue
			}
			engine = arena.NewEnginePlayer(name, w, arena.EngineOptions{HashMB: b.hashMB, Mode: ps.Mode, PlainQuiescence: ps.PlainQuiescence})
		}
		seat, leave := context.WithCancel(b.ctx)
		p := &botPlayer{Player: engine, nodes: BotNodes(strength), leave: leave}
		if b.workers != nil {
			p.cpu = b.workers.Join(seat)
		}
		return lobby.User{ID: botID(spec, strength), Name: name, Kind: lobby.Bot}, p, nil
	}
	if lastErr == nil {
		lastErr = fmt.Errorf("no player to play")
	}
	return lobby.User{}, nil, lastErr
}

// botEngineOptions are an engine player's options as a bot's: its own,
// but one thread (a bot's move is one worker of the budget) and the bots'
// hash (a process a game).
func botEngineOptions(options [][2]string, hashMB int) [][2]string {
	out := slices.DeleteFunc(slices.Clone(options), func(o [2]string) bool {
		return strings.EqualFold(o[0], "Threads") || strings.EqualFold(o[0], "Hash")
	})
	return append(out, [2]string{"Threads", "1"}, [2]string{"Hash", strconv.Itoa(max(hashMB, 1))})
}

// botName is how the ladder and lists show a bot: the player's name, a
// run's best as RUN#best.
func botName(spec, name string) string {
	if r, ok := strings.CutPrefix(spec, "population="); ok {
		return r
	}
	return name
}

// botPlayer is a built-in engine, or an external one, with a node budget
// per move, which takes a worker of its seat in the CPU budget for each
// move.
type botPlayer struct {
	arena.Player
	nodes uint64
	cpu   *WorkerShare // nil: no budget
	leave context.CancelFunc
}

func (p *botPlayer) Play(ctx context.Context, g arena.GameView, lim core.Limits) (arena.MoveReply, error) {
	give, err := p.cpu.Wait(ctx)
	if err != nil {
		return arena.MoveReply{}, err
	}
	defer give()
	lim.Depth, lim.MoveTime, lim.Infinite = 0, 0, false
	lim.Nodes = p.nodes
	if lim.WTime <= 0 && lim.BTime <= 0 { // no clock given: a bound of its own
		lim.MoveTime = 10 * time.Second
	}
	return p.Player.Play(ctx, g, lim)
}

func (p *botPlayer) Close() error {
	p.leave() // the seat goes back to the budget
	return p.Player.Close()
}
