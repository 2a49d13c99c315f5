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
