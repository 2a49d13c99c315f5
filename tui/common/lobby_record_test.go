package common

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/core/pgn"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

func testRecord(id lobby.GameID, white, black lobby.User) lobby.Record {
	g := &pgn.Game{}
	g.SetStartPosition(core.NewPosition())
	g.SetTag("White", white.Name)
	g.SetTag("Black", black.Name)
	pos := core.NewPosition()
	for _, san := range []string{"f3", "e5", "g4", "Qh4#"} {
		m, _ := pos.ParseSAN(san)
		g.AddMove(m, "")
		pos.MakeMove(m)
	}
	g.Result = core.BlackWins
	return lobby.Record{ID: id, White: white, Black: black, Game: g}
}

// Where finished games go: each person's own directory with keys, one
// shared copy in open access, none for a bot; within the quota.
func TestGameRecorder(t *testing.T) {
	alice, bob := tuitest.Person("alice"), tuitest.Person("bob")
	guest := lobby.User{ID: "anon:1", Name: "guest-1", Kind: lobby.Anonymous}
	bot := lobby.User{ID: "bot:chromosome=full,nodes=500", Name: "full L1", Kind: lobby.Bot}
	// An account (authorized keys) shown with a tag: another identity is
	// called carol too. Her directory is her account's name.
	carol := lobby.User{ID: lobby.AccountID("carol"), Name: "carol#Ab3dE9xQ", Kind: lobby.Human}
	cases := []struct {
		name       string
		userDirs   bool
		quota      int64
		white      lobby.User
		black      lobby.User
		files      map[string]int // directory under the root → PGN files there
		savedFor   []lobby.UserID
		errContain string
	}{
		{"keys: a copy each", true, 0, alice, bob, map[string]int{"users/alice/games": 1, "users/bob/games": 1, "games": 0}, []lobby.UserID{alice.ID, bob.ID}, ""},
		{"keys: an account by its id, not its shown name", true, 0, carol, bob, map[string]int{"users/carol/games": 1, "users/bob/games": 1}, []lobby.UserID{carol.ID, bob.ID}, ""},
		{"keys: none for the bot", true, 0, bot, alice, map[string]int{"users/alice/games": 1, "games": 0}, []lobby.UserID{alice.ID}, ""},
		{"open: one shared copy", false, 0, alice, guest, map[string]int{"games": 1}, []lobby.UserID{alice.ID, guest.ID}, ""},
		{"keys: over the quota", true, 10, alice, bob, map[string]int{"users/alice/games": 0, "users/bob/games": 0}, nil, "used up"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, err := saves.Open(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			r := newGameRecorder(root, c.userDirs, c.quota, nil)
			// Alice has a session (her directory and policy); the others
			// have left.
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			aliceDir := root
			if c.userDirs {
				if aliceDir, err = UserData(root, "alice"); err != nil {
					t.Fatal(err)
				}
			}
			r.register(ctx, alice, &Env{Ctx: ctx, Data: aliceDir, Saves: &SavePolicy{Quota: c.quota, Shared: !c.userDirs}})
			gs := r.Saving(7) // a view waits before the save starts
			r.record(testRecord(7, c.white, c.black))
			<-gs.done
			for dir, n := range c.files {
				files, _ := filepath.Glob(filepath.Join(root.Root, dir, "*.pgn"))
				if len(files) != n {
					t.Errorf("%s: %d files, want %d", dir, len(files), n)
				}
				for _, f := range files {
					if b, _ := os.ReadFile(f); !strings.Contains(string(b), "Qh4#") {
						t.Errorf("%s: %s", f, b)
					}
				}
			}
			for _, id := range c.savedFor {
				if !strings.HasPrefix(gs.names[id], "games/game-") {
					t.Errorf("saved for %s as %q", id, gs.names[id])
				}
			}
			if len(gs.names) != len(c.savedFor) {
				t.Errorf("saved for %v", gs.names)
			}
			if c.errContain == "" && gs.err != nil || c.errContain != "" && (gs.err == nil || !strings.Contains(gs.err.Error(), c.errContain)) {
				t.Errorf("error %v, want %q", gs.err, c.errContain)
			}
		})
	}
}
