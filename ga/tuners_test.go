package ga

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// sphere is a fitness with a known optimum: minus the squared distance, in
// range units, of the evolving genes from a target drawn once per test.
type sphere struct {
	r      *Run
	target []float64 // per gene index; NaN for fixed genes
	evals  int
}

func newSphere(r *Run, seed uint64) *sphere {
	rng := rand.New(rand.NewPCG(seed, 2))
	sp := &sphere{r: r, target: make([]float64, len(r.schema.Genes))}
	for i, g := range r.schema.Genes {
		sp.target[i] = math.NaN()
		if !g.Fixed {
			lo, hi := g.Lo, g.Hi
			d := g.Default
			// Within a tenth of the range of the default, inside the bounds.
			sp.target[i] = math.Max(lo, math.Min(hi, d+(rng.Float64()-0.5)*0.2*geneRange(&g)))
		}
	}
	return sp
}

func (sp *sphere) distance(values []float64) float64 {
	d := 0.0
	for i, t := range sp.target {
		if !math.IsNaN(t) {
			x := (values[i] - t) / geneRange(&sp.r.schema.Genes[i])
			d += x * x
		}
	}
	return d
}

func (sp *sphere) hook(_ context.Context, pop []*Genome) error {
	for _, g := range pop {
		if !g.Evaluated {
			g.Fitness, g.Evaluated = -sp.distance(g.Chromosome.Values), true
			sp.evals++
		}
	}
	return nil
}

func tunerRun(t *testing.T, method string, gens int) (*Run, *sphere) {
	t.Helper()
	s := DefaultSettings(method)
	s.Fitness, s.Dataset = FitnessProblems, "" // replaced by the hook
	s.Preset, s.Evolve, s.Generations, s.Workers = "full", "material,mobility", gens, 1
	r, err := NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	sp := newSphere(r, 7)
	r.evaluateHook = sp.hook
	return r, sp
}

// Both tuners close most of the distance from the default to an optimum
// within a budget of evaluations, and their center (what they export) is
// what gets there.
func TestTunersApproachTheOptimum(t *testing.T) {
	for _, tc := range []struct {
		method string
		gens   int
		keep   float64 // the final distance must be below keep × the start's
	}{
		{CMAES, 150, 0.05},
		{SPSA, 300, 0.3},
	} {
		t.Run(tc.method, func(t *testing.T) {
			r, sp := tunerRun(t, tc.method, tc.gens)
			start := sp.distance(r.Population[0].Chromosome.Values)
			if err := r.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			end := sp.distance(r.Center().Chromosome.Values)
			t.Logf("%s: distance %.3g → %.3g in %d evaluations", tc.method, start, end, sp.evals)
			if !(end < tc.keep*start) {
				t.Errorf("%s: distance %.5f → %.5f, not below %.0f%% of the start", tc.method, start, end, 100*tc.keep)
			}
			best, err := r.Pick("center")
			if err != nil || best.Chromosome.Validate() != nil {
				t.Errorf("center: %v", err)
			}
		})
	}
}

// A tuner saved mid-run and loaded goes on exactly as the run that never
// stopped: state, covariance and random source included.
func TestTunersResumeExactly(t *testing.T) {
	for _, method := range []string{CMAES, SPSA} {
		t.Run(method, func(t *testing.T) {
			whole, sp := tunerRun(t, method, 12)
			if err := whole.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			half, _ := tunerRun(t, method, 12)
			half.evaluateHook = sp.hook
			half.AfterGeneration = func(r *Run) error {
				if r.Generation == 6 {
					r.Stop()
				}
				return nil
			}
			if err := half.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			if half.Generation != 6 {
				t.Fatalf("stopped at generation %d, not 6", half.Generation)
			}
			back := resumed(t, half)
			back.evaluateHook = sp.hook
			if err := back.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			a, b := fingerprint(t, whole), fingerprint(t, back)
			if !bytes.Equal(tunerState(t, a), tunerState(t, b)) {
				t.Fatal("the resumed run's state differs from the uninterrupted run's")
			}
		})
	}
}

func tunerState(t *testing.T, fp []byte) []byte {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(fp, &m); err != nil {
		t.Fatal(err)
	}
	return bytes.Join([][]byte{m["cmaes"], m["spsa"], m["population"], m["rng"]}, []byte{'|'})
}

// A loaded state that does not fit the schema is refused, naming the field.
func TestTunerStateChecked(t *testing.T) {
	r, _ := tunerRun(t, CMAES, 2)
	if err := r.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		field string
		value any
		want  string
	}{
		{"sigma", -1, "cmaes.sigma"},
		{"diag", []float64{1, 2}, "cmaes.diag"},
		{"diag", "x", "diag"},
	} {
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		m["cmaes"].(map[string]any)[tc.field] = tc.value
		bad, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var back Run
		if err := json.Unmarshal(bad, &back); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("cmaes.%s = %v: error %v, want one naming %s", tc.field, tc.value, err, tc.want)
		}
	}
}

// --time and --cpu end a run after the generation that reaches them;
// raising the limit lets the run go on.
func TestTimeLimits(t *testing.T) {
	for _, tc := range []struct {
		name     string
		set      func(*Settings)
		extend   func(*Run, float64) error
		finished string
	}{
		{"time", func(s *Settings) { s.TimeLimit = 1e-9 }, (*Run).ExtendTime, "time limit"},
		{"cpu", func(s *Settings) { s.CPULimit = 1e-9 }, (*Run).ExtendCPU, "cpu limit"},
	} {
		r, _ := tunerRun(t, CMAES, 50)
		tc.set(&r.Settings) // any generation takes longer
		if err := r.Execute(context.Background()); err != nil {
			t.Fatal(err)
		}
		if r.Finished != tc.finished || r.Generation != 1 {
			t.Fatalf("%s: finished %q after %d generations, want %s after 1", tc.name, r.Finished, r.Generation, tc.finished)
		}
		if st := r.History[len(r.History)-1]; st.CPU <= 0 || st.CPUElapsed < st.CPU {
			t.Errorf("%s: generation CPU %g s, run CPU %g s", tc.name, st.CPU, st.CPUElapsed)
		}
		if err := tc.extend(r, 1e-10); err == nil {
			t.Errorf("%s: lowering the limit was accepted", tc.name)
		}
		if err := tc.extend(r, 0); err != nil || r.Finished != "" {
			t.Fatalf("%s: lifting the limit: %v, finished %q", tc.name, err, r.Finished)
		}
		if err := r.Execute(context.Background()); err != nil {
			t.Fatal(err)
		}
		if r.Generation != 50 {
			t.Errorf("%s: lifted limit: ran to generation %d, want 50", tc.name, r.Generation)
		}
	}
}
