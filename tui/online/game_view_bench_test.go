package online

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// What one frame of a lobby game costs to draw, as an SSH session's
// program draws it at every clock tick (ten a second while the game is in
// front) and at every move: TestLobbyLoad's profile puts most of the
// server's time here.
//
//	go test ./tui/online -run '^$' -bench LobbyGameFrame
func BenchmarkLobbyGameFrame(b *testing.B) {
	for _, c := range []struct {
		name    string
		profile termenv.Profile
	}{{"256colours", termenv.ANSI256}, {"plain", termenv.Ascii}} {
		b.Run(c.name, func(b *testing.B) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			l := lobby.New(ctx, lobby.Config{})
			alice, err := l.Join(tuitest.Person("alice"))
			if err != nil {
				b.Fatal(err)
			}
			bob, err := l.Join(tuitest.Person("bob"))
			if err != nil {
				b.Fatal(err)
			}
			id, err := alice.Challenge(bob.User().ID, lobby.SeekSpec{TC: arena.TimeControl{Base: 10 * time.Minute}, Color: lobby.AsWhite})
			if err != nil {
				b.Fatal(err)
			}
			if err := bob.Answer(id, true); err != nil {
				b.Fatal(err)
			}
			game := bob.View().Mine[0]
			for i, m := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"} {
				s := alice
				if i%2 == 1 {
					s = bob
				}
				if err := s.Move(game, m); err != nil {
					b.Fatal(err)
				}
			}
			r := lipgloss.NewRenderer(io.Discard)
			r.SetColorProfile(c.profile)
			env := &common.Env{Ctx: ctx, Session: alice}
			g := newOnlineGame(env, common.NewStyles(r, false), common.DefaultKeyMap(), game)
			g.refresh(alice)
			now := time.Now()
			b.ResetTimer()
			for range b.N {
				now = now.Add(100 * time.Millisecond) // a tick: the clock moved
				_ = g.viewAt(100, 26, now)
			}
		})
	}
}
