package common

import (
	"context"
	"testing"
	"time"
)

// The budget is shared fairly: each session gets at most its share, less
// what it holds; one holding none always gets one; workers given back wake
// whoever waits for one.
func TestWorkerBudgetSharedFairly(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b := NewWorkerBudget(4, 2)
	x, y := b.Join(ctx), b.Join(ctx)
	nx, giveX := x.Take(64)
	ny, _ := y.Take(64)
	if nx != 2 || ny != 2 {
		t.Fatalf("two sessions of a budget of 4 got %d and %d", nx, ny)
	}
	if n, _ := x.Take(1); n != 0 {
		t.Fatalf("a session holding its share got %d more", n)
	}
	zctx, leave := context.WithCancel(ctx)
	z := b.Join(zctx)
	if n, _ := z.Take(64); n != 1 {
		t.Fatalf("a third session, the budget used up, got %d (want the one every session gets)", n)
	}
	waited := make(chan error, 1)
	go func() {
		give, err := x.Wait(ctx)
		if err == nil {
			give()
		}
		waited <- err
	}()
	select {
	case <-waited:
		t.Fatal("a worker was lent beyond the session's share")
	case <-time.After(50 * time.Millisecond):
	}
	giveX()
	select {
	case err := <-waited:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("workers given back did not wake the waiting session")
	}
	leave()
	time.Sleep(10 * time.Millisecond) // the session leaves on its context's goroutine
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.sessions != 2 {
		t.Errorf("%d sessions after one left, want 2", b.sessions)
	}
}

// Workers lent to a session come back when it ends, given back or not.
func TestWorkerBudgetSessionEndReturnsWorkers(t *testing.T) {
	b := NewWorkerBudget(2, 2)
	ctx, end := context.WithCancel(context.Background())
	s := b.Join(ctx)
	_, give := s.Take(2) // work that never ran: give is never called
	end()
	deadline := time.Now().Add(5 * time.Second)
	for {
		b.mu.Lock()
		inUse, sessions := b.inUse, b.sessions
		b.mu.Unlock()
		if inUse == 0 && sessions == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d workers held, %d sessions after the only session ended", inUse, sessions)
		}
		time.Sleep(time.Millisecond)
	}
	give() // late: changes nothing
	if b.inUse != 0 {
		t.Fatalf("a late give left %d in use", b.inUse)
	}
}
