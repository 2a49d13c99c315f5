package lobby

import (
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
)

// TestSeekMatching: a second seek that fits an open one starts a game at
// once with the colours both asked for; one that does not fit stays open
// beside it.
func TestSeekMatching(t *testing.T) {
	threeTwo := clock(3*time.Minute, 2*time.Second)
	five := clock(5*time.Minute, 0)
	cases := []struct {
		name        string
		first, then SeekSpec
		match       bool
		firstWhite  bool // when matched: whether the first seeker plays white
	}{
		{"white meets black", SeekSpec{TC: threeTwo, Color: AsWhite}, SeekSpec{TC: threeTwo, Color: AsBlack}, true, true},
		{"black meets white", SeekSpec{TC: threeTwo, Color: AsBlack}, SeekSpec{TC: threeTwo, Color: AsWhite}, true, false},
		{"random meets black", SeekSpec{TC: five}, SeekSpec{TC: five, Color: AsBlack}, true, true},
		{"white meets random", SeekSpec{TC: five, Color: AsWhite}, SeekSpec{TC: five}, true, true},
		{"random meets white", SeekSpec{TC: five}, SeekSpec{TC: five, Color: AsWhite}, true, false},
		{"both white", SeekSpec{TC: five, Color: AsWhite}, SeekSpec{TC: five, Color: AsWhite}, false, false},
		{"both black", SeekSpec{TC: five, Color: AsBlack}, SeekSpec{TC: five, Color: AsBlack}, false, false},
		{"other clock", SeekSpec{TC: five}, SeekSpec{TC: threeTwo}, false, false},
		{"other increment", SeekSpec{TC: clock(5*time.Minute, time.Second)}, SeekSpec{TC: five}, false, false},
		{"rated v unrated", SeekSpec{TC: five, Rated: true}, SeekSpec{TC: five}, false, false},
		{"rated v rated", SeekSpec{TC: five, Rated: true}, SeekSpec{TC: five, Rated: true}, true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, a, b := pair(t, Config{Ladder: NewLadder(nil, nil)})
			sid, err := a.Seek(tc.first)
			if err != nil || sid == 0 {
				t.Fatalf("first seek: %d, %v", sid, err)
			}
			sid2, err := b.Seek(tc.then)
			if err != nil {
				t.Fatalf("second seek: %v", err)
			}
			va, vb := a.View(), b.View()
			if !tc.match {
				if sid2 == 0 || len(va.Seeks) != 2 || len(va.Mine) != 0 || len(va.Games) != 0 {
					t.Fatalf("no match expected: seek id %d, seeks %+v, games %+v", sid2, va.Seeks, va.Games)
				}
				return
			}
			if sid2 != 0 || len(va.Seeks) != 0 || len(va.Mine) != 1 || len(vb.Mine) != 1 || va.Mine[0] != vb.Mine[0] {
				t.Fatalf("match expected: seek id %d, seeks %+v, mine %v / %v", sid2, va.Seeks, va.Mine, vb.Mine)
			}
			g, _ := a.Game(va.Mine[0])
			if tc.first.Color != RandomColor || tc.then.Color != RandomColor {
				wantWhite := a.User().ID
				if !tc.firstWhite {
					wantWhite = b.User().ID
				}
				if g.White.ID != wantWhite {
					t.Errorf("white is %s, want %s", g.White.ID, wantWhite)
				}
			}
			if g.Spec.TC != tc.first.TC || g.Spec.Rated != tc.first.Rated {
				t.Errorf("game spec %+v, want the seeks' %+v", g.Spec, tc.first)
			}
		})
	}
}

// TestSeekOwnSessionsDoNotMatch: one user's two sessions never play each
// other, and a seek is cancelled only by its user.
func TestSeekOwnSessionsDoNotMatch(t *testing.T) {
	l, a, b := pair(t, Config{})
	a2 := join(t, l, "key:alice", Human)
	id, err := a.Seek(casual)
	if err != nil {
		t.Fatal(err)
	}
	asWhite := casual
	asWhite.Color = AsWhite
	if id2, err := a2.Seek(asWhite); err != nil || id2 == 0 {
		t.Fatalf("alice's second session matched her own seek: %d, %v", id2, err)
	}
	v := a.View()
	if len(v.Seeks) != 2 || !v.Seeks[0].Mine || v.Seeks[0].ID != id {
		t.Fatalf("seeks %+v", v.Seeks)
	}
	if vb := b.View(); vb.Seeks[0].Mine {
		t.Errorf("bob sees alice's seek as his")
	}
	if err := b.CancelSeek(id); err == nil {
		t.Errorf("bob cancelled alice's seek")
	}
	if err := b.CancelSeek(12345); err == nil {
		t.Errorf("an unknown seek was cancelled")
	}
	if err := a2.CancelSeek(id); err != nil {
		t.Errorf("alice's other session cannot cancel her seek: %v", err)
	}
	a.Close()
	if v := b.View(); len(v.Seeks) != 1 || v.Seeks[0].By.ID != "key:alice" {
		t.Errorf("closing a session should take only its own seeks: %+v", v.Seeks)
	}
}

// TestSeekSpecChecked: seeks without a usable clock or with an unknown
// colour are refused, and an anonymous user cannot seek a rated game.
func TestSeekSpecChecked(t *testing.T) {
	l := newLobby(t, Config{Ladder: NewLadder(nil, nil)})
	h := join(t, l, "key:h", Human)
	anon := join(t, l, "anon:1", Anonymous)
	bad := []SeekSpec{
		{},
		{TC: clock(-time.Second, 0)},
		{TC: clock(time.Minute, -time.Second)},
		{TC: clock(100*time.Hour, 0)},
		{TC: clock(time.Minute, 0), Color: 7},
		{TC: clock(time.Minute, 0), Color: -1},
		{TC: arena.TimeControl{Depth: 3}},
		{TC: arena.TimeControl{Base: time.Minute, MoveTime: time.Second}},
		{TC: arena.TimeControl{Base: time.Minute, MovesToGo: -1}},
	}
	for _, spec := range bad {
		if _, err := h.Seek(spec); err == nil {
			t.Errorf("seek %+v was accepted", spec)
		}
	}
	if _, err := anon.Seek(SeekSpec{TC: clock(time.Minute, 0), Rated: true}); err == nil {
		t.Error("an anonymous user opened a rated seek")
	}
	if _, err := anon.Seek(casual); err != nil {
		t.Errorf("an anonymous user cannot seek a casual game: %v", err)
	}
	noLadder := newLobby(t, Config{})
	h2 := join(t, noLadder, "key:h", Human)
	if _, err := h2.Seek(SeekSpec{TC: clock(time.Minute, 0), Rated: true}); err == nil {
		t.Error("a lobby without a ladder opened a rated seek")
	}
}

// TestAcceptSeek: taking a seek starts that game on the seeker's terms
// (their colour, their clock), even when a matching seek of one's own
// would have paired elsewhere; a seek gone, or one's own, is refused.
func TestAcceptSeek(t *testing.T) {
	five := clock(5*time.Minute, 0)
	cases := []struct {
		name       string
		color      ColorChoice
		seekerSide Role // the seeker's side, or Spectator for either
	}{
		{"seeker asked white", AsWhite, PlaysWhite},
		{"seeker asked black", AsBlack, PlaysBlack},
		{"seeker asked either", RandomColor, Spectator},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l := newLobby(t, Config{Ladder: NewLadder(nil, nil)})
			a, b, c := join(t, l, "a", Human), join(t, l, "b", Human), join(t, l, "c", Human)
			// An older seek of c's that b's own seek of the same kind would take.
			if _, err := c.Seek(SeekSpec{TC: five}); err != nil {
				t.Fatal(err)
			}
			id, err := a.Seek(SeekSpec{TC: five, Color: tc.color, Rated: true})
			if err != nil || id == 0 {
				t.Fatalf("a's seek: %d, %v", id, err)
			}
			if err := a.AcceptSeek(id); err == nil {
				t.Error("a took a's own seek")
			}
			if err := b.AcceptSeek(id); err != nil {
				t.Fatalf("b takes a's seek: %v", err)
			}
			vb := b.View()
			if len(vb.Mine) != 1 || len(vb.Seeks) != 1 || vb.Seeks[0].By.ID != c.User().ID {
				t.Fatalf("after b took a's seek: mine %v, seeks %+v", vb.Mine, vb.Seeks)
			}
			g, _ := a.Game(vb.Mine[0])
			if !g.Spec.Rated || g.Spec.TC != five {
				t.Errorf("the game's terms %+v are not the seek's", g.Spec)
			}
			if tc.seekerSide != Spectator && g.Role != tc.seekerSide {
				t.Errorf("the seeker plays %v, asked %v", g.Role, tc.seekerSide)
			}
			if g.Role == Spectator {
				t.Errorf("the seeker is not a player of the game")
			}
			if err := c.AcceptSeek(id); err == nil || !strings.Contains(err.Error(), "no longer open") {
				t.Errorf("taking a seek that is gone: %v", err)
			}
		})
	}
}
