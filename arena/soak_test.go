package arena

import (
	"context"
	"flag"
	"runtime"
	"testing"
)

var soakGames = flag.Int("arena.soak", 0, "play this many games and check that memory stays flat")

// TestMemoryFlat plays many games on one pool and compares the live heap
// after the first tenth with the heap at the end: games must not leave
// anything behind. Run with -arena.soak=1000.
func TestMemoryFlat(t *testing.T) {
	n := *soakGames
	if n == 0 {
		t.Skip("use -arena.soak=1000")
	}
	players := []PlayerSpec{mustSpec(t, "name=a,nodes=2000"), mustSpec(t, "name=b,chromosome=seed004,nodes=2000")}
	pool := NewPool(players, 2, nil)
	defer pool.Close()
	book := testBook(t)
	fens := book.Sequence(n, 1)
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	var jobs []GameJob
	for i := 0; i < n; i++ {
		jobs = append(jobs, GameJob{ID: i, White: i % 2, Black: 1 - i%2, Options: GameOptions{StartFEN: fens[i], TC: TimeControl{Nodes: 2000}, MaxMoves: 100}})
	}
	tenth := n / 10
	var early uint64
	done := 0
	pool.Run(context.Background(), jobs, func(GameJob, GameResult) bool {
		done++
		if done == tenth {
			early = heap()
		}
		return false
	})
	late := heap()
	t.Logf("live heap after %d games: %d KiB; after %d games: %d KiB; goroutines %d", tenth, early/1024, n, late/1024, runtime.NumGoroutine())
	if late > early+early/4+512*1024 {
		t.Errorf("heap grew from %d to %d bytes over %d games", early, late, n-tenth)
	}
}
