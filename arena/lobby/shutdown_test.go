package lobby

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

// TestShutdown: when the lobby's ctx ends, its games stop unrecorded, its
// sessions close (and are told), a bot thinking is stopped and closed, no
// timer fires into it, and Wait returns with no goroutine of it left.
func TestShutdown(t *testing.T) {
	before := runtime.NumGoroutine()
	f := newFakeBot()
	f.block = true
	recorded := make(chan Record, 4)
	ctx, cancel := context.WithCancel(context.Background())
	l := New(ctx, Config{Bots: oneBot(f), FirstMove: 50 * time.Millisecond, Reconnect: 50 * time.Millisecond,
		OnGameEnd: func(r Record) { recorded <- r }})
	a, err := l.Join(User{ID: "key:a", Name: "a", Kind: Human})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := l.Join(User{ID: "key:b", Name: "b", Kind: Human})
	c, _ := l.Join(User{ID: "key:c", Name: "c", Kind: Human})
	id := play(t, a, b, SeekSpec{TC: clock(200*time.Millisecond, 0)})
	moves(t, a, b, id, "e4", "e5") // the flag's timer runs
	botGame, err := c.PlayBot(SeekSpec{TC: clock(time.Minute, 0), Color: AsBlack}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Seek(SeekSpec{TC: clock(time.Hour, 0)}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the bot to think", func() bool { l, _ := f.asked(); return len(l) == 1 })

	cancel()
	l.Wait()
	waitClosed(t, f)
	for _, s := range []*Session{a, b, c} {
		select {
		case <-s.Changed():
		default:
			t.Errorf("%s was not told the lobby closed", s.User().Name)
		}
		if err := s.Move(id, "Nf3"); !errors.Is(err, ErrClosed) {
			t.Errorf("a move after the end: %v", err)
		}
		if _, err := s.Seek(casual); !errors.Is(err, ErrClosed) {
			t.Errorf("a seek after the end: %v", err)
		}
	}
	if _, err := l.Join(User{ID: "key:d", Kind: Human}); err == nil {
		t.Error("joined a lobby that ended")
	}
	l.mu.Lock()
	for _, gid := range []GameID{id, botGame} {
		if g := l.games[gid]; !g.over || g.result != core.Ongoing {
			t.Errorf("game %d after the end: over %v result %v", gid, g.over, g.result)
		}
	}
	l.mu.Unlock()
	time.Sleep(300 * time.Millisecond) // past every timer the games had
	select {
	case r := <-recorded:
		t.Errorf("a game stopped by the end was recorded: %+v", r)
	default:
	}
	settled := false
	for range 100 {
		if runtime.NumGoroutine() <= before {
			settled = true
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !settled {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines, %d before:\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
	}
}
