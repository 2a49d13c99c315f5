package common

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/saves"
)

// A ladder saved when each key was a player of its own: alice's two keys'
// standings become her account's one (the one of more games, with the
// games of both), an account's standing saved already takes part, and
// everyone else keeps theirs and their place.
func TestMergeAccounts(t *testing.T) {
	day := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	st := func(id, name string, rating float64, games int, updated time.Time) lobby.Standing {
		return lobby.Standing{ID: lobby.UserID(id), Name: name, Kind: lobby.Human, Rating: rating, RD: 100, Volatility: 0.06, Games: games, Updated: updated}
	}
	saved := []lobby.Standing{
		st("key:SHA256:laptop", "alice", 1600, 12, day),
		st("key:SHA256:stranger", "eve", 1400, 3, day),
		st("key:SHA256:phone", "alice", 1450, 3, day.Add(time.Hour)),
		st("key:SHA256:bobs", "bob", 1500, 5, day),
		st("user:bob", "bob", 1510, 5, day.Add(time.Hour)), // rated since: the newer of equal games
		{ID: "bot:chromosome=full", Name: "full", Kind: lobby.Bot, Rating: 1700, RD: 80, Volatility: 0.06, Games: 40},
	}
	accounts := map[lobby.UserID]lobby.UserID{"key:SHA256:laptop": "user:alice", "key:SHA256:phone": "user:alice", "key:SHA256:bobs": "user:bob"}
	var log []string
	got := mergeAccounts(saved, accounts, func(f string, a ...any) { log = append(log, f) })
	var ids []lobby.UserID
	for _, s := range got {
		ids = append(ids, s.ID)
	}
	if want := []lobby.UserID{"user:alice", "key:SHA256:stranger", "user:bob", "bot:chromosome=full"}; !slices.Equal(ids, want) {
		t.Fatalf("ids %v, want %v", ids, want)
	}
	if a := got[0]; a.Rating != 1600 || a.Games != 15 || a.Name != "alice" {
		t.Errorf("alice %+v: want the laptop's 1600 with 15 games", a)
	}
	if b := got[2]; b.Rating != 1510 || b.Games != 10 {
		t.Errorf("bob %+v: want the account's own 1510 with 10 games", b)
	}
	if len(log) != 3 { // alice's laptop moved, her phone merged; bob's key merged (his account's own is kept)
		t.Errorf("log %q", log)
	}
	if got := mergeAccounts(saved, nil, nil); !slices.Equal(got, saved) {
		t.Error("without accounts the ladder changed")
	}
}

// StartLobby reads the ladder through the accounts: the lobby's ladder
// has alice once, under her account, and no tag to tell two alices apart.
func TestStartLobbyMergesAccounts(t *testing.T) {
	root, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	if err := root.SaveLadder([]saves.LadderStanding{
		{ID: "key:SHA256:laptop", Name: "alice", Kind: saves.LadderHuman, Rating: 1600, RD: 90, Volatility: 0.06, Games: 12, Updated: now},
		{ID: "key:SHA256:phone", Name: "alice", Kind: saves.LadderHuman, Rating: 1450, RD: 200, Volatility: 0.06, Games: 3, Updated: now},
	}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h, err := StartLobby(ctx, LobbyConfig{Data: root, UserDirs: true,
		Accounts: map[lobby.UserID]lobby.UserID{"key:SHA256:laptop": "user:alice", "key:SHA256:phone": "user:alice"}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Wait()
	defer cancel()
	s, err := h.Lobby.Join(lobby.User{ID: lobby.AccountID("alice"), Name: "alice", Kind: lobby.Human})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	v := s.View()
	if len(v.Ladder) != 1 || v.Ladder[0].ID != "user:alice" || v.Ladder[0].Rating != 1600 || v.Me.Name != "alice" || strings.Contains(v.Ladder[0].Name, "#") {
		t.Errorf("me %+v, ladder %+v", v.Me, v.Ladder)
	}
}
