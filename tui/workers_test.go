package tui

import (
	"context"
	"strings"
	"testing"
	"time"
)

// budgetApp is a session of a server whose sessions share budget.
func budgetApp(t *testing.T, budget *WorkerBudget) *App {
	t.Helper()
	a := testApp(t, 110, 40)
	a.env.CPU = budget.Join(a.env.Ctx)
	return a
}

// A session asking for 64 workers gets the cap: the workers fields stop
// there, and work asked for more (as the fields once allowed) runs on it.
func TestSessionAskingFor64WorkersGetsTheCap(t *testing.T) {
	budget := NewWorkerBudget(64, 2)
	a := budgetApp(t, budget)
	keys(a, "3"+strings.Repeat("j", 7)+strings.Repeat("l", 70)) // Evolution: the workers field, up 70 times
	ep := a.pages[tabEvolution].(*evolutionPage)
	if ep.workers != 2 {
		t.Fatalf("the evolution workers field went to %d, over the session's 2", ep.workers)
	}
	ep.workers = 64
	keys(a, "s")
	if ep.run == nil || ep.run.Settings.Workers != 2 {
		t.Fatalf("asked for 64 workers, the run has %+v (%q)", ep.run, ep.status)
	}
	if !strings.Contains(ep.status, "on 2 workers, this session's share") {
		t.Errorf("the status does not say so: %q", ep.status)
	}

	b := budgetApp(t, budget) // another session: its tournament
	tp := b.pages[tabTournament].(*tournamentPage)
	keys(b, "2jjj"+strings.Repeat("l", 70))
	if tp.workers != 2 {
		t.Fatalf("the tournament workers field went to %d, over the session's 2", tp.workers)
	}
	tp.workers = 64
	keys(b, "s")
	budget.mu.Lock()
	inUse := budget.inUse
	budget.mu.Unlock()
	if tp.mode != tourRunning || inUse != 4 {
		t.Fatalf("two sessions asking for 64 workers each hold %d (%q)", inUse, tp.status)
	}
}

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
