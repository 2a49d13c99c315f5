package ga

import "testing"

func TestRunFinishedString(t *testing.T) {
	cases := []struct {
		f    RunFinished
		want string
	}{
		{RunFinished{"generations", 20}, "finished: 20 generations done"},
		{RunFinished{"generations", 1}, "finished: 1 generation done"},
		{RunFinished{"stopped", 7}, "stopped after 7 generations"},
		{RunFinished{"time limit", 12}, "finished after 12 generations: time limit reached"},
		{RunFinished{"problems", 30}, "finished after 30 generations: every training problem done"},
		{RunFinished{"best unchanged", 34}, "finished after 34 generations: best unchanged"},
		{RunFinished{"best changing < 1%", 40}, "finished after 40 generations: best changing < 1%"},
		{RunFinished{"converged", 9}, "finished after 9 generations: converged"},
	}
	for _, c := range cases {
		if got := c.f.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.f, got, c.want)
		}
	}
}
