package lobby

import (
	"math"
	"sync"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

// TestGlicko2PaperExample is the worked example of Glickman's "Example of
// the Glicko-2 system" (2012): 1500/200/0.06 beats 1400/30 and loses to
// 1550/100 and 1700/300 in one period, τ 0.5.
func TestGlicko2PaperExample(t *testing.T) {
	p := glicko{1500, 200, 0.06}
	got := p.update([]glickoGame{
		{glicko{1400, 30, 0.06}, 1},
		{glicko{1550, 100, 0.06}, 0},
		{glicko{1700, 300, 0.06}, 0},
	}, 0.5)
	for _, c := range []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"rating", got.r, 1464.06, 0.01},
		{"RD", got.rd, 151.52, 0.01},
		{"volatility", got.vol, 0.05999, 0.00001},
	} {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s %.5f, want %.5f", c.name, c.got, c.want)
		}
	}
	// A period without games only widens the deviation (step 6).
	if idle := p.update(nil, 0.5); idle.r != p.r || idle.rd <= p.rd {
		t.Errorf("idle period: %+v from %+v", idle, p)
	}
}

// TestLadderRate: each rated game is a period of its own; a win raises the
// winner as much as it lowers an equal loser, a draw between equals moves
// no one, and the ladder lists best first; saves come after every change,
// in order, outside the ladder's lock.
func TestLadderRate(t *testing.T) {
	var mu sync.Mutex
	var saves [][]Standing
	var lad *Ladder
	lad = NewLadder([]Standing{
		{ID: "key:old", Name: "old\x1b[31m", Rating: 1800, RD: 60, Volatility: 0.06, Games: 40},
		{ID: "", Rating: 1, RD: 1, Volatility: 1},
		{ID: "key:nan", Rating: math.NaN(), RD: 50, Volatility: 0.06},
	}, func(s []Standing) {
		lad.Standings() // the ladder's lock is not held
		mu.Lock()
		saves = append(saves, s)
		mu.Unlock()
	})
	a := User{ID: "key:a", Name: "a", Kind: Human}
	b := User{ID: "key:b", Name: "b", Kind: Human}
	dw, db := lad.Rate(a, b, 0.5)
	if math.Abs(dw) > 1e-9 || math.Abs(db) > 1e-9 {
		t.Errorf("a draw between new equals moved them: %v %v", dw, db)
	}
	dw, db = lad.Rate(a, b, 1)
	if dw <= 0 || math.Abs(dw+db) > 1e-9 {
		t.Errorf("a win between equals: %+.2f %+.2f", dw, db)
	}
	if d1, d2 := lad.Rate(a, a, 1); d1 != 0 || d2 != 0 {
		t.Error("a user was rated against themselves")
	}
	if d1, d2 := lad.Rate(a, b, math.NaN()); d1 != 0 || d2 != 0 {
		t.Error("a score that is not a number was rated")
	}
	st := lad.Standings()
	if len(st) != 3 || st[0].ID != "key:old" || st[1].ID != "key:a" || st[2].ID != "key:b" {
		t.Fatalf("standings %+v", st)
	}
	if st[0].Name != "old[31m" {
		t.Errorf("a saved name was not cleaned: %q", st[0].Name)
	}
	sa, _ := lad.Lookup("key:a")
	if sa.Games != 2 || sa.RD >= initialRD || sa.Updated.IsZero() {
		t.Errorf("a's standing %+v", sa)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(saves) != 2 || saves[0][1].Games != 1 || saves[1][1].Games != 2 {
		t.Errorf("saves %+v, want one per change, in order", saves)
	}
}

// TestRatedGame: a rated lobby game between humans updates the ladder and
// shows each side's change; a game with an anonymous player is never
// rated.
func TestRatedGame(t *testing.T) {
	lad := NewLadder(nil, nil)
	l, white, black := pair(t, Config{Ladder: lad})
	id := play(t, white, black, SeekSpec{TC: clock(time.Minute, 0), Rated: true})
	if v, _ := white.Game(id); !v.Spec.Rated {
		t.Fatal("the game is not rated")
	}
	moves(t, white, black, id, "f3", "e5", "g4", "Qh4#")
	v := waitGame(t, white, id, "the rating change", func(v GameView) bool { return v.Over && v.RatingDelta != [2]float64{} })
	if v.RatingDelta[0] >= 0 || v.RatingDelta[1] <= 0 {
		t.Errorf("black won: deltas %v", v.RatingDelta)
	}
	sw, _ := lad.Lookup(white.User().ID)
	sb, _ := lad.Lookup(black.User().ID)
	if math.Abs(sw.Rating-initialRating-v.RatingDelta[0]) > 1e-9 || math.Abs(sb.Rating-initialRating-v.RatingDelta[1]) > 1e-9 {
		t.Errorf("ladder %v / %v, deltas %v", sw.Rating, sb.Rating, v.RatingDelta)
	}
	view := black.View()
	if len(view.Ladder) != 2 || view.Ladder[0].ID != black.User().ID {
		t.Errorf("the view's ladder %+v", view.Ladder)
	}
	for _, p := range view.Online {
		if p.Rating == nil {
			t.Errorf("%s is rated but shown without a rating", p.User.Name)
		}
	}

	anon := join(t, l, "anon:3", Anonymous)
	cid, err := anon.Challenge(white.User().ID, SeekSpec{TC: clock(time.Minute, 0), Color: AsWhite})
	if err != nil {
		t.Fatal(err)
	}
	if err := white.Answer(cid, true); err != nil {
		t.Fatal(err)
	}
	gid := anon.View().Mine[0]
	moves(t, anon, white, gid, "e4", "e5")
	if err := anon.Resign(gid); err != nil {
		t.Fatal(err)
	}
	v = waitOver(t, white, gid)
	time.Sleep(20 * time.Millisecond)
	if v2, _ := white.Game(gid); v2.RatingDelta != [2]float64{} || v2.Result != core.BlackWins {
		t.Errorf("an unrated game: %s deltas %v", describe(v2), v2.RatingDelta)
	}
	if sw2, _ := lad.Lookup(white.User().ID); sw2.Games != 1 {
		t.Errorf("the unrated game counted on the ladder: %+v", sw2)
	}
}

// What is known of a player fades while they do not play: each idle day
// is an empty rating period (φ² grows by σ²), up to a newcomer's 350, and
// the game after the gap is rated from the grown deviation.
func TestLadderIdleGrowsDeviation(t *testing.T) {
	day := 24 * time.Hour
	grown := func(rd float64, days int) float64 {
		phi, sigma := rd/glickoScale, initialVolatility
		return math.Min(math.Sqrt(phi*phi+float64(days)*sigma*sigma)*glickoScale, initialRD)
	}
	cases := []struct {
		name   string
		idle   time.Duration
		wantRD float64 // white's deviation the game is rated from
	}{
		{"played an hour ago", time.Hour, 50},
		{"a day and a half", 36 * time.Hour, grown(50, 1)},
		{"a month", 30*day + time.Hour, grown(50, 30)},
		{"ten years", 3650 * day, initialRD},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			now := time.Now()
			saved := []Standing{
				{ID: "w", Name: "w", Kind: Human, Rating: 1600, RD: 50, Volatility: initialVolatility, Games: 40, Updated: now.Add(-c.idle)},
				{ID: "b", Name: "b", Kind: Human, Rating: 1500, RD: 80, Volatility: initialVolatility, Games: 40, Updated: now.Add(-time.Minute)},
			}
			lad := NewLadder(saved, nil)
			dw, _ := lad.Rate(User{ID: "w", Name: "w", Kind: Human}, User{ID: "b", Name: "b", Kind: Human}, 0)
			want := glicko{1600, c.wantRD, initialVolatility}.update([]glickoGame{{glicko{1500, 80, initialVolatility}, 0}}, glickoTau)
			if math.Abs(dw-(want.r-1600)) > 1e-6 {
				t.Errorf("white lost %.3f, want %.3f (rated from RD %.1f)", dw, want.r-1600, c.wantRD)
			}
			if st, _ := lad.Lookup("w"); math.Abs(st.RD-want.rd) > 1e-6 {
				t.Errorf("white's RD after the game %.3f, want %.3f", st.RD, want.rd)
			}
		})
	}
}
