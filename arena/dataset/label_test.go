package dataset

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

func selfLabel(t *testing.T, depth string) *arena.PlayerSpec {
	t.Helper()
	ps, err := arena.ParsePlayerSpec("name=self,chromosome=full,depth="+depth, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &ps
}

func relabel(t *testing.T, spec *arena.PlayerSpec, src []Sample, workers int, st *RelabelState) *RelabelState {
	t.Helper()
	if st == nil {
		st = &RelabelState{}
	}
	if err := Relabel(context.Background(), spec, src, workers, st, nil); err != nil {
		t.Fatal(err)
	}
	return st
}

// A relabelled dataset keeps each source position and result in order,
// every one scored, and does not depend on the workers nor on a stop.
func TestRelabelReproducible(t *testing.T) {
	src := generate(t, testConfig(t, 4), nil).Set.Samples
	if len(src) < 2*RelabelChunk+1 {
		t.Fatalf("only %d samples: the test wants several chunks", len(src))
	}
	spec := selfLabel(t, "3")
	one := relabel(t, spec, src, 1, nil)
	if one.Done != len(src) || len(one.Set.Samples)+one.Dropped != len(src) {
		t.Fatalf("%d of %d done, %d kept, %d dropped", one.Done, len(src), len(one.Set.Samples), one.Dropped)
	}
	j := 0
	for _, s := range one.Set.Samples {
		for j < len(src) && src[j].Pos != s.Pos {
			j++
		}
		if j == len(src) || src[j].Result != s.Result || s.Score == NoScore {
			t.Fatalf("sample %+v is not a scored source sample, in order", s)
		}
		j++
	}
	if three := relabel(t, spec, src, 3, nil); !slices.Equal(three.Set.Samples, one.Set.Samples) || three.Dropped != one.Dropped {
		t.Errorf("3 workers and 1 differ: %s", firstDifference(three.Set.Samples, one.Set.Samples))
	}

	// Stopped after the first chunk, then resumed: the same dataset.
	ctx, cancel := context.WithCancel(context.Background())
	st := &RelabelState{}
	err := Relabel(ctx, spec, src, 2, st, func(RelabelProgress) { cancel() })
	if !errors.Is(err, context.Canceled) || st.Done != RelabelChunk {
		t.Fatalf("stopped: %v with %d done", err, st.Done)
	}
	if relabel(t, spec, src, 2, st); !slices.Equal(st.Set.Samples, one.Set.Samples) {
		t.Errorf("stopped and resumed, and straight, differ: %s", firstDifference(st.Set.Samples, one.Set.Samples))
	}
	if err := Relabel(context.Background(), spec, src, 1, &RelabelState{Done: 5}, nil); err == nil {
		t.Error("a state in the middle of a chunk was taken")
	}
}

// Scores are from white's view whoever is to move; positions scored as
// mates are dropped.
func TestRelabelScores(t *testing.T) {
	var src []Sample
	for _, fen := range []string{
		"4k3/8/8/8/8/8/3QK3/8 w - - 0 1",    // white a queen up, white to move
		"4k3/8/8/8/8/8/3QK3/8 b - - 0 1",    // the same, black to move
		"4k3/3q4/8/8/8/8/4K3/8 w - - 0 1",   // black a queen up
		"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", // mate in one: dropped
		"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", // mated: no move to search, dropped
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",    // stalemate: dropped
	} {
		p, err := core.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		src = append(src, Sample{Pos: p.Pack(), Result: Draw, Score: NoScore})
	}
	st := relabel(t, selfLabel(t, "4"), src, 1, nil)
	if len(st.Set.Samples) != 3 || st.Dropped != 3 {
		t.Fatalf("%d kept, %d dropped: want 3, and the mates and the stalemate dropped", len(st.Set.Samples), st.Dropped)
	}
	for i, want := range []int{1, 1, -1} {
		if s := st.Set.Samples[i]; int(s.Score)*want < 500 || s.Result != Draw {
			t.Errorf("sample %d: score %d, result %v", i, s.Score, s.Result)
		}
	}
}

// firstDifference says where two sample lists first differ.
func firstDifference(a, b []Sample) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("sample %d: %+v v %+v", i, a[i], b[i])
		}
	}
	return fmt.Sprintf("%d samples v %d", len(a), len(b))
}
