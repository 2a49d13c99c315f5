package lobby

import (
	"testing"
	"time"
)

// TestChallengeAnswers: a challenge is seen by both sides only; accepting
// starts a game with the challenger's colour, declining and withdrawing
// remove it for both, and only the right side may do each.
func TestChallengeAnswers(t *testing.T) {
	cases := []struct {
		name     string
		answerer func(from, to *Session) *Session
		accept   bool
		wantErr  bool
		game     bool
	}{
		{"accepted", func(_, to *Session) *Session { return to }, true, false, true},
		{"declined", func(_, to *Session) *Session { return to }, false, false, false},
		{"withdrawn", func(from, _ *Session) *Session { return from }, false, false, false},
		{"accepted by its maker", func(from, _ *Session) *Session { return from }, true, true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l, a, b := pair(t, Config{})
			c := join(t, l, "key:carol", Human)
			id, err := a.Challenge(b.User().ID, SeekSpec{TC: clock(time.Minute, 0), Color: AsBlack})
			if err != nil {
				t.Fatal(err)
			}
			if got := c.View().Challenges; len(got) != 0 {
				t.Fatalf("a third user sees %+v", got)
			}
			if err := c.Answer(id, true); err == nil {
				t.Fatal("a third user accepted someone else's challenge")
			}
			vb := b.View()
			if len(vb.Challenges) != 1 || !vb.Challenges[0].ToMe || vb.Challenges[0].From.ID != a.User().ID {
				t.Fatalf("bob sees %+v", vb.Challenges)
			}
			if va := a.View(); len(va.Challenges) != 1 || va.Challenges[0].ToMe {
				t.Fatalf("alice sees %+v", va.Challenges)
			}
			err = tc.answerer(a, b).Answer(id, tc.accept)
			if (err != nil) != tc.wantErr {
				t.Fatalf("answer: %v, want error %v", err, tc.wantErr)
			}
			va, vb := a.View(), b.View()
			if tc.wantErr {
				if len(va.Challenges) != 1 {
					t.Errorf("a refused answer removed the challenge")
				}
				return
			}
			if len(va.Challenges)+len(vb.Challenges) != 0 {
				t.Errorf("the challenge is still there: %+v %+v", va.Challenges, vb.Challenges)
			}
			if got := len(va.Mine) == 1 && len(vb.Mine) == 1; got != tc.game {
				t.Fatalf("game started %v, want %v (%v %v)", got, tc.game, va.Mine, vb.Mine)
			}
			if tc.game {
				g, _ := a.Game(va.Mine[0])
				if g.Black.ID != a.User().ID || g.Role != PlaysBlack {
					t.Errorf("alice asked for black: white %s, black %s, role %v", g.White.ID, g.Black.ID, g.Role)
				}
			}
		})
	}
}

// TestChallengeRefused: challenges to oneself, to no one online, twice to
// the same user, or rated to an anonymous user are refused; a challenge
// goes when its maker's session closes.
func TestChallengeRefused(t *testing.T) {
	l, a, b := pair(t, Config{Ladder: NewLadder(nil, nil)})
	anon := join(t, l, "anon:7", Anonymous)
	rated := SeekSpec{TC: clock(time.Minute, 0), Rated: true}
	if _, err := a.Challenge(a.User().ID, casual); err == nil {
		t.Error("challenged oneself")
	}
	if _, err := a.Challenge("key:nobody", casual); err == nil {
		t.Error("challenged someone offline")
	}
	if _, err := a.Challenge(anon.User().ID, rated); err == nil {
		t.Error("a rated challenge to an anonymous user")
	}
	if _, err := anon.Challenge(a.User().ID, rated); err == nil {
		t.Error("a rated challenge from an anonymous user")
	}
	if _, err := a.Challenge(b.User().ID, casual); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Challenge(b.User().ID, casual); err == nil {
		t.Error("challenged the same user twice at once")
	}
	if _, err := a.Challenge(anon.User().ID, casual); err != nil {
		t.Errorf("a casual challenge to an anonymous user: %v", err)
	}
	a.Close()
	if got := b.View().Challenges; len(got) != 0 {
		t.Errorf("a closed session's challenges stay: %+v", got)
	}
}
