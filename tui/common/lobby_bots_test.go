package common

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// Strength s searches 500·4^(s−1) nodes; out of range is clamped.
func TestBotNodes(t *testing.T) {
	for _, c := range []struct {
		s    int
		want uint64
	}{{1, 500}, {2, 2000}, {4, 32000}, {8, 8192000}, {0, 500}, {9, 8192000}} {
		if got := BotNodes(c.s); got != c.want {
			t.Errorf("strength %d: %d nodes, want %d", c.s, got, c.want)
		}
	}
}

func rated(spec string, strength int, rating float64) lobby.Standing {
	return lobby.Standing{ID: botID(spec, strength), Name: spec, Kind: lobby.Bot, Rating: rating, RD: 60, Volatility: 0.06, Games: 10}
}

// The bot is the player the ladder rates highest at the strength asked
// for; one rated only at other strengths comes after those rated at it;
// with nothing rated it is full.
func TestBotChoosesTheStrongest(t *testing.T) {
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tuitest.SavePlayer(t, d, "champ")
	tuitest.SavePlayer(t, d, "weak")
	ladder := lobby.NewLadder([]lobby.Standing{
		rated("player=champ", 3, 1800),
		rated("chromosome=full", 3, 1600),
		rated("player=weak", 5, 1900),
	}, nil)
	b := &botProvider{ctx: context.Background(), data: d, ladder: ladder, hashMB: 1}
	for _, c := range []struct {
		strength int
		want     []string
	}{
		{3, []string{"player=champ", "chromosome=full", "player=weak"}},
		{5, []string{"player=weak", "player=champ", "chromosome=full"}},
	} {
		if got := b.choose(c.strength); !slices.Equal(got, c.want) {
			t.Errorf("strength %d: %v, want %v", c.strength, got, c.want)
		}
	}
	empty := &botProvider{ctx: context.Background(), data: d, ladder: lobby.NewLadder(nil, nil), hashMB: 1}
	if got := empty.choose(2); got[0] != botDefault {
		t.Errorf("nothing rated: %v first", got)
	}
}

// Bot makes the chosen player, skipping one that cannot be read; it
// moves within its node budget and holds a seat of the CPU budget until
// the lobby closes it.
func TestBotPlays(t *testing.T) {
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tuitest.SavePlayer(t, d, "champ")
	if err := os.WriteFile(filepath.Join(d.Root, saves.Players, "broken.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	ladder := lobby.NewLadder([]lobby.Standing{rated("player=broken", 2, 2500), rated("player=champ", 2, 1700)}, nil)
	budget := NewWorkerBudget(2, 1)
	b := &botProvider{ctx: context.Background(), data: d, ladder: ladder, workers: budget, hashMB: 1}
	u, p, err := b.Bot(context.Background(), 2)
	if err != nil {
		t.Fatal(err)
	}
	if u.ID != "bot:player=champ,nodes=2000" || u.Name != "champ L2" || u.Kind != lobby.Bot {
		t.Fatalf("bot %+v", u)
	}
	sessions := func() int {
		budget.mu.Lock()
		defer budget.mu.Unlock()
		return budget.sessions
	}
	if sessions() != 1 {
		t.Fatalf("%d seats taken in the CPU budget, want the bot's", sessions())
	}
	pos := core.NewPosition()
	reply, err := p.Play(context.Background(), arena.GameView{StartFEN: core.StartFEN, Pos: pos.Clone()},
		core.Limits{WTime: time.Minute, BTime: time.Minute, Depth: 30})
	if err != nil || !pos.IsLegal(reply.Move) {
		t.Fatalf("move %v, %v", reply.Move, err)
	}
	if reply.Nodes == 0 || reply.Nodes > 2000+4096 { // the node check runs every few thousand nodes
		t.Errorf("searched %d nodes at strength 2", reply.Nodes)
	}
	p.Close()
	deadline := time.Now().Add(5 * time.Second)
	for sessions() != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the bot's seat was not given back")
		}
		time.Sleep(time.Millisecond)
	}
	if _, _, err := b.Bot(context.Background(), MaxBotStrength+1); err == nil {
		t.Error("a strength out of range was accepted")
	}
}

// A bot's engine is told one thread and the bots' hash, whatever its
// player says; its other options stay as they were.
func TestBotEngineOptions(t *testing.T) {
	for _, c := range []struct {
		in   [][2]string
		hash int
		want [][2]string
	}{
		{nil, 2, [][2]string{{"Threads", "1"}, {"Hash", "2"}}},
		{[][2]string{{"threads", "8"}, {"Space", "120"}, {"HASH", "4096"}}, 4, [][2]string{{"Space", "120"}, {"Threads", "1"}, {"Hash", "4"}}},
		{[][2]string{{"OwnBook", "false"}}, 0, [][2]string{{"OwnBook", "false"}, {"Threads", "1"}, {"Hash", "1"}}},
	} {
		if got := botEngineOptions(c.in, c.hash); !slices.Equal(got, c.want) {
			t.Errorf("%q at %d MB: %q, want %q", c.in, c.hash, got, c.want)
		}
	}
}

// A saved engine player (a tuned glaurung) is a bot only when the operator
// lets engines be bots: otherwise the next candidate plays. As a bot it
// takes a seat of the CPU budget, moves within the strength's nodes, and
// gives the seat back when it is closed.
func TestEngineBotOnlyWhenAllowed(t *testing.T) {
	const glaurung = "/usr/games/glaurung"
	if _, err := os.Stat(glaurung); err != nil {
		t.Skip("glaurung is not installed")
	}
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	p := &saves.Player{Name: "tuned", Engine: glaurung, Options: [][2]string{{"Space", "150"}, {"Threads", "4"}}, Search: "strong"}
	if err := d.SavePlayer(p, false); err != nil {
		t.Fatal(err)
	}
	ladder := lobby.NewLadder([]lobby.Standing{rated("player=tuned", 1, 2600)}, nil)
	for _, allowed := range []bool{false, true} {
		budget := NewWorkerBudget(2, 1)
		b := &botProvider{ctx: context.Background(), data: d, ladder: ladder, workers: budget, hashMB: 4, engineBots: allowed}
		u, pl, err := b.Bot(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		want := lobby.UserID("bot:chromosome=full,nodes=500")
		if allowed {
			want = "bot:player=tuned,nodes=500"
		}
		if u.ID != want {
			pl.Close()
			t.Fatalf("engine bots allowed %v: the bot is %s, want %s", allowed, u.ID, want)
		}
		if !allowed {
			pl.Close()
			continue
		}
		if _, ok := pl.(*botPlayer).Player.(*arena.UCIPlayer); !ok {
			t.Fatalf("the engine bot plays as %T", pl.(*botPlayer).Player)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if err := pl.NewGame(ctx); err != nil {
			t.Fatal(err)
		}
		pos := core.NewPosition()
		reply, err := pl.Play(ctx, arena.GameView{StartFEN: core.StartFEN, Pos: pos.Clone()}, core.Limits{WTime: time.Minute, BTime: time.Minute})
		cancel()
		if err != nil || !pos.IsLegal(reply.Move) {
			t.Fatalf("the engine bot moved %v: %v", reply.Move, err)
		}
		if reply.Nodes > 4*BotNodes(1) {
			t.Errorf("searched %d nodes at strength 1 (%d)", reply.Nodes, BotNodes(1))
		}
		if budget.InUse() != 0 {
			t.Errorf("%d workers held between moves", budget.InUse())
		}
		pl.Close()
		budget.mu.Lock()
		seats := budget.sessions
		budget.mu.Unlock()
		for deadline := time.Now().Add(5 * time.Second); seats != 0 && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
			budget.mu.Lock()
			seats = budget.sessions
			budget.mu.Unlock()
		}
		if seats != 0 {
			t.Error("the engine bot's seat was not given back")
		}
	}
}
