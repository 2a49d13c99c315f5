package arena

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestEloFromWDL(t *testing.T) {
	// 60 wins, 20 draws, 20 losses: score 0.7.
	m := EloFromWDL(60, 20, 20)
	if want := -400 * math.Log10(1/0.7-1); !near(m.Elo, want, 1e-9) || !near(m.Elo, 147.19, 0.01) {
		t.Errorf("Elo %.3f, want 147.19", m.Elo)
	}
	// By hand: per-game variance (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16,
	// se = 0.04, interval 0.7 ± 0.0784 → Elo 86.2 … 218.3, half-width 66.0.
	if !near(m.Error, (EloFromScore(0.7784)-EloFromScore(0.6216))/2, 1e-9) || !near(m.Error, 66.0, 0.05) {
		t.Errorf("error %.2f, want 66.0", m.Error)
	}
	// LOS = Φ((60-20)/√80) ≈ 0.999996.
	if !near(m.LOS, 0.5*(1+math.Erf(40/math.Sqrt(160))), 1e-12) {
		t.Errorf("LOS %.6f", m.LOS)
	}
	if z := EloFromWDL(0, 0, 0); z.Elo != 0 || z.LOS != 0.5 {
		t.Errorf("empty record: %+v", z)
	}
	if e := EloFromWDL(10, 0, 10); e.Elo != 0 || e.LOS != 0.5 {
		t.Errorf("even record: %+v", e)
	}
}

func TestRatingsML(t *testing.T) {
	// Two players: the ML rating difference (with one virtual draw) is the
	// Elo of the adjusted score.
	tb := NewTable([]string{"a", "b"}, 0)
	for i := 0; i < 30; i++ {
		tb.Add(0, 1, &GameResult{Outcome: 1}) // white (a) wins
	}
	for i := 0; i < 10; i++ {
		tb.Add(1, 0, &GameResult{Outcome: 1}) // white (b) wins
	}
	elo, errs := RatingsML(tb)
	want := EloFromScore(30.5 / 41)
	if !near(elo[0]-elo[1], want, 0.01) || !near(elo[0]+elo[1], 0, 1e-6) {
		t.Errorf("ratings %v, want difference %.2f", elo, want)
	}
	if errs[0] <= 0 || errs[0] > 200 {
		t.Errorf("errors %v", errs)
	}
	// A perfect score stays finite.
	p := NewTable([]string{"a", "b", "c"}, 0)
	for i := 0; i < 4; i++ {
		p.Add(0, 1, &GameResult{Outcome: 1})
		p.Add(0, 2, &GameResult{Outcome: 1})
		p.Add(1, 2, &GameResult{Outcome: 3}) // draw
	}
	elo, _ = RatingsML(p)
	if math.IsInf(elo[0], 0) || math.IsNaN(elo[0]) || elo[0] <= elo[1] || !near(elo[1], elo[2], 1e-6) {
		t.Errorf("ratings %v", elo)
	}
	st := p.Standings()
	if st[0].Player != "a" || st[0].Points != 8 || st[0].W != 8 || st[1].D != 4 {
		t.Errorf("standings %+v", st)
	}
}
