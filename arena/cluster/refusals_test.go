package cluster

import (
	"fmt"
	"slices"
	"testing"
)

func TestRefusalsAreBounded(t *testing.T) {
	var r refusals
	r.add("j", "a")
	r.add("j", "a")
	r.add("j", "b")
	if got := r.of("j"); !slices.Equal(got, []string{"a", "b"}) {
		t.Fatalf("job j refused by %v, want [a b]", got)
	}
	for i := range maxAvoid + 5 {
		r.add("k", fmt.Sprint(i))
	}
	if n := len(r.of("k")); n != maxAvoid {
		t.Fatalf("%d refusers of one job kept, want %d", n, maxAvoid)
	}
	for i := range maxRefusedJobs {
		r.add(fmt.Sprint("job", i), "a")
	}
	if len(r.by) != maxRefusedJobs || r.of("j") != nil || r.of(fmt.Sprint("job", maxRefusedJobs-1)) == nil {
		t.Fatalf("%d jobs kept (want %d, the oldest forgotten)", len(r.by), maxRefusedJobs)
	}
}
