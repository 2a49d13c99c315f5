package lobby

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// Issue 25, defect 3: one name, two people.
func TestNamesakesAreShownApart(t *testing.T) {
	var mu sync.Mutex
	var records []Record
	lad := NewLadder([]Standing{
		{ID: "key:SHA256:AAAAAAAAaaaa", Name: "alice", Kind: Human, Rating: 1700, RD: 50, Volatility: 0.06},
		{ID: "key:SHA256:offline0zzz", Name: "ALICE", Kind: Human, Rating: 1400, RD: 50, Volatility: 0.06},
	}, nil)
	l := newLobby(t, Config{Ladder: lad, OnGameEnd: func(r Record) { mu.Lock(); records = append(records, r); mu.Unlock() }})
	join1 := func(id, name string, kind UserKind) *Session {
		s, err := l.Join(User{ID: UserID(id), Name: name, Kind: kind})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	alice := join1("key:SHA256:AAAAAAAAaaaa", "alice", Human)
	impostor := join1("key:SHA256:BBBBBBBBbbbb", "alice", Human)
	guest := join1("anon:7", "Alice", Anonymous)
	bob := join1("key:SHA256:CCCCCCCCcccc", "bob", Human)
	hash := join1("key:SHA256:DDDDDDDDdddd", "alice#AAAAAAAA", Human) // a tag is the lobby's to give

	v := bob.View()
	names := map[UserID]string{}
	for _, p := range v.Online {
		names[p.User.ID] = p.User.Name
	}
	want := map[UserID]string{alice.User().ID: "alice#AAAAAAAA", impostor.User().ID: "alice#BBBBBBBB",
		bob.User().ID: "bob", hash.User().ID: "alice-AAAAAAAA"}
	for id, name := range want {
		if names[id] != name {
			t.Errorf("%s is listed as %q, want %q", id, names[id], name)
		}
	}
	if g := names[guest.User().ID]; !strings.HasPrefix(g, "Alice#") || g == names[alice.User().ID] || g == names[impostor.User().ID] {
		t.Errorf("the guest Alice is listed as %q", g)
	}
	for _, st := range v.Ladder {
		if !strings.Contains(st.Name, "#") {
			t.Errorf("the ladder shows %q plainly beside a namesake", st.Name)
		}
	}
	if v.Me.Name != "bob" || impostor.View().Me.Name != "alice#BBBBBBBB" {
		t.Errorf("me: %q, %q", v.Me.Name, impostor.View().Me.Name)
	}

	// A challenge to the alice one chose reaches her, and says who sent it.
	cid, err := bob.Challenge(alice.User().ID, casual)
	if err != nil {
		t.Fatal(err)
	}
	if cs := impostor.View().Challenges; len(cs) != 0 {
		t.Fatalf("the impostor sees %+v", cs)
	}
	cs := alice.View().Challenges
	if len(cs) != 1 || !cs[0].ToMe || cs[0].From.Name != "bob" || cs[0].To.Name != "alice#AAAAAAAA" {
		t.Fatalf("alice sees %+v", cs)
	}
	if err := alice.Answer(cid, true); err != nil {
		t.Fatal(err)
	}
	id := alice.View().Mine[0]
	g, _ := impostor.Game(id)
	if [2]string{g.White.Name, g.Black.Name} != [2]string{"bob", "alice#AAAAAAAA"} && [2]string{g.White.Name, g.Black.Name} != [2]string{"alice#AAAAAAAA", "bob"} {
		t.Fatalf("the game's header: %q v %q", g.White.Name, g.Black.Name)
	}
	if gs := impostor.View().Games; len(gs) != 1 || (gs[0].White.Name != "alice#AAAAAAAA" && gs[0].Black.Name != "alice#AAAAAAAA") {
		t.Fatalf("the list of games: %+v", gs)
	}
	white, black := alice, bob
	if g.White.ID == bob.User().ID {
		white, black = bob, alice
	}
	moves(t, white, black, id, "e4", "e5")
	if err := white.Resign(id); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the record", func() bool { mu.Lock(); defer mu.Unlock(); return len(records) == 1 })
	pgnNames := records[0].Game.Tag("White") + " " + records[0].Game.Tag("Black")
	if !strings.Contains(pgnNames, "alice#AAAAAAAA") || !strings.Contains(pgnNames, "bob") {
		t.Fatalf("PGN tags White and Black: %s", pgnNames)
	}
	if records[0].White.Name != "alice" && records[0].Black.Name != "alice" {
		t.Fatal("the record's users lost their own names (saves go by them)")
	}

	// Alone with a name, one is shown plainly.
	impostor.Close()
	guest.Close()
	hash.Close()
	lad2 := newLobby(t, Config{})
	solo, _ := lad2.Join(User{ID: "key:SHA256:AAAAAAAAaaaa", Name: "alice", Kind: Human})
	if n := solo.View().Me.Name; n != "alice" {
		t.Fatalf("a name nobody else has is shown as %q", n)
	}
}

// A name that only looks like another is the same name to the eye: a
// Cyrillic а in "аlice", fullwidth letters, a zero for an o, rn for m are
// namesakes and shown apart, and no lookalike of the tag mark (fullwidth
// or small ＃, a sharp) lets a client wear another's tag.
func TestLookalikeNamesAreShownApart(t *testing.T) {
	l := newLobby(t, Config{})
	names := []string{"alice", "\u0430lice", "\uff41\uff4c\uff49\uff43\uff45", "b0b", "bob", "rnary", "mary",
		"carol\uff03AAAAAAAA", "carol\ufe5fAAAAAAAA", "carol\u266fAAAAAAAA", "carol"}
	ids := make([]UserID, len(names))
	for i, n := range names {
		ids[i] = UserID("key:SHA256:" + string(rune('A'+i)) + "xxxxxxxxxx")
		if _, err := l.Join(User{ID: ids[i], Name: n, Kind: Human}); err != nil {
			t.Fatal(err)
		}
	}
	shown := map[UserID]string{}
	for _, p := range join(t, l, "key:zed", Human).View().Online {
		shown[p.User.ID] = p.User.Name
	}
	for i, n := range names[:7] {
		if i == 2 {
			n = "alice" // fullwidth letters are kept as the letters they are (NFKC)
		}
		if want := n + "#" + string(rune('A'+i)) + "xxxxxxx"; shown[ids[i]] != want {
			t.Errorf("%q is shown as %q, want %q (it looks like another's name)", n, shown[ids[i]], want)
		}
	}
	for _, id := range ids[7:10] {
		if s := shown[id]; !strings.HasPrefix(s, "carol-AAAAAAAA#") { // three carol-AAAAAAAA now, shown apart
			t.Errorf("a lookalike of the tag mark is shown as %q, want carol-AAAAAAAA and a tag", s)
		}
	}
}

// The screens mark who is not a keyed person, "(bot)" and "(guest)", and
// your own side, "(you)": a name cannot carry those marks itself, or a
// person could pass for the server's bot, a guest, or you.
func TestNamesCannotWearTheScreensMarks(t *testing.T) {
	lad := NewLadder([]Standing{{ID: "bot:full", Name: "full", Kind: Bot, Rating: 1500, RD: 50, Volatility: 0.06}}, nil)
	l := newLobby(t, Config{Ladder: lad})
	for i, tc := range []struct{ name, want string }{
		{"full (bot)", "full#"}, // the ladder's bot is a namesake: tagged
		{"eve (Guest)", "eve"},
		{"mallory  (you)", "mallory"},
		{"x (you) (bot)", "x"},
		{"(bot)", "anonymous"},
		{"Bob (UK)", "Bob (UK)"},
	} {
		s, err := l.Join(User{ID: UserID(fmt.Sprintf("key:%d", i)), Name: tc.name, Kind: Human})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.View().Me.Name; got != tc.want && !(strings.HasSuffix(tc.want, "#") && strings.HasPrefix(got, tc.want)) {
			t.Errorf("%q is shown as %q, want %q", tc.name, got, tc.want)
		}
		s.Close()
	}
}

// In open access an identity costs nothing: a new key, or a guest, each
// connection. Ten of them challenging and withdrawing in turn flashed ten
// notices at their target, each with a cool-down of its own. A target
// hears at most newChallengesPerMinute challenges a minute from players
// the ladder does not know; players it knows are not held back.
func TestChallengeSpamFromFreshIdentities(t *testing.T) {
	lad := NewLadder([]Standing{{ID: "key:bob", Name: "bob", Kind: Human, Rating: 1500, RD: 50, Volatility: 0.06}}, nil)
	l, alice, bob := pair(t, Config{Ladder: lad})
	made := 0
	for i := range 10 {
		s, err := l.Join(User{ID: UserID(fmt.Sprintf("anon:%d", i)), Name: "mallory", Kind: Anonymous})
		if err != nil {
			t.Fatal(err)
		}
		cid, err := s.Challenge(alice.User().ID, casual)
		if err == nil {
			made++
			if err := s.Answer(cid, false); err != nil {
				t.Fatal(err)
			}
		} else if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "try again in") {
			t.Fatalf("refused with %v", err)
		}
		s.Close()
	}
	if made != newChallengesPerMinute {
		t.Fatalf("%d challenges from ten fresh identities reached alice in a row, want %d", made, newChallengesPerMinute)
	}
	if _, err := bob.Challenge(alice.User().ID, casual); err != nil {
		t.Fatalf("a player of the ladder was held back too: %v", err)
	}
}

// With an authorized-keys file a user's keys are one person: sessions of
// any of them are one lobby user, shown once, challenged once.
func TestKeysOfOneAccountAreOneUser(t *testing.T) {
	l := newLobby(t, Config{})
	laptop, err := l.Join(User{ID: AccountID("alice"), Name: "alice", Kind: Human})
	if err != nil {
		t.Fatal(err)
	}
	phone, err := l.Join(User{ID: AccountID("alice"), Name: "alice", Kind: Human})
	if err != nil {
		t.Fatal(err)
	}
	bob := join(t, l, "key:bob", Human)
	v := bob.View()
	if len(v.Online) != 2 || v.Online[0].User.Name != "alice" {
		t.Fatalf("online: %+v", v.Online)
	}
	if _, err := bob.Challenge(AccountID("alice"), casual); err != nil {
		t.Fatal(err)
	}
	if len(laptop.View().Challenges) != 1 || len(phone.View().Challenges) != 1 {
		t.Fatal("the challenge did not reach both of alice's sessions")
	}
}

// Issue 25, defect 4: ten challenge/withdraw cycles make one challenge;
// a declined one waits longer; identical seeks are refused.
func TestChallengeSpamCoolsDown(t *testing.T) {
	l, alice, bob := pair(t, Config{ChallengeCooldown: 30 * time.Second, DeclineCooldown: 2 * time.Minute})
	carol := join(t, l, "key:carol", Human)
	// lapse ends bob's cool-down towards alice, as time would; it reports
	// how long it had left.
	k := [2]UserID{bob.User().ID, alice.User().ID}
	lapse := func() time.Duration {
		l.mu.Lock()
		defer l.unlock()
		left := time.Until(l.cooldowns[k])
		l.cooldowns[k] = time.Now()
		return left
	}
	made := 0
	for range 10 {
		cid, err := bob.Challenge(alice.User().ID, casual)
		if err != nil {
			if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "again in 30s") {
				t.Fatalf("refused with %v", err)
			}
			continue
		}
		made++
		if err := bob.Answer(cid, false); err != nil {
			t.Fatal(err)
		}
	}
	if made != 1 {
		t.Fatalf("%d challenges reached alice in ten cycles", made)
	}
	if _, err := bob.Challenge(carol.User().ID, casual); err != nil {
		t.Fatalf("the cool-down is per target: %v", err)
	}
	if left := lapse(); left < 29*time.Second {
		t.Fatalf("a withdrawal's cool-down had %v left", left)
	}
	cid, err := bob.Challenge(alice.User().ID, casual)
	if err != nil {
		t.Fatalf("after the cool-down: %v", err)
	}
	if err := alice.Answer(cid, false); err != nil { // declined
		t.Fatal(err)
	}
	if _, err := bob.Challenge(alice.User().ID, casual); err == nil || !strings.Contains(err.Error(), "again in 2m0s") {
		t.Fatalf("challenged again after a decline: %v", err)
	}
	if _, err := alice.Challenge(bob.User().ID, casual); err != nil {
		t.Fatalf("the cool-down is per challenger: %v", err)
	}
	lapse()
	if _, err := bob.Challenge(alice.User().ID, casual); err != nil {
		t.Fatalf("after the decline's cool-down: %v", err)
	}
}

func TestIdenticalSeeksAreRefused(t *testing.T) {
	l, alice, _ := pair(t, Config{})
	phone := join(t, l, "key:alice", Human)
	if _, err := alice.Seek(casual); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*Session{alice, phone} {
		if _, err := s.Seek(casual); err == nil || !strings.Contains(err.Error(), "open already") {
			t.Fatalf("an identical seek: %v", err)
		}
	}
	other := casual
	other.TC.Base *= 2
	if _, err := alice.Seek(other); err != nil {
		t.Fatalf("another seek: %v", err)
	}
	if n := len(alice.View().Seeks); n != 2 {
		t.Fatalf("%d seeks open", n)
	}
}

// Issue 25, defect 5: a rated game resigned (or agreed drawn) before both
// sides have moved is aborted: no result, no rating, no record.
func TestGameEndedBeforeBothMovedIsAborted(t *testing.T) {
	for _, tt := range []struct {
		name string
		end  func(t *testing.T, white, black *Session, id GameID)
	}{
		{"white resigns after one ply", func(t *testing.T, w, b *Session, id GameID) {
			moves(t, w, b, id, "e4")
			if err := w.Resign(id); err != nil {
				t.Fatal(err)
			}
		}},
		{"black resigns after one ply", func(t *testing.T, w, b *Session, id GameID) {
			moves(t, w, b, id, "e4")
			if err := b.Resign(id); err != nil {
				t.Fatal(err)
			}
		}},
		{"a draw agreed before a move", func(t *testing.T, w, b *Session, id GameID) {
			if err := w.Offer(id, DrawOffer); err != nil {
				t.Fatal(err)
			}
			if err := b.Reply(id, true); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			recorded := 0
			lad := NewLadder(nil, nil)
			_, white, black := pair(t, Config{Ladder: lad, OnGameEnd: func(Record) { mu.Lock(); recorded++; mu.Unlock() }})
			id := play(t, white, black, SeekSpec{TC: clock(time.Minute, 0), Rated: true})
			tt.end(t, white, black, id)
			v := waitOver(t, black, id)
			time.Sleep(20 * time.Millisecond)
			if v.Reason != "aborted" || v.Result != core.Ongoing {
				t.Fatalf("%s, want aborted", describe(v))
			}
			if _, ok := lad.Lookup(white.User().ID); ok {
				t.Fatal("the game was rated")
			}
			mu.Lock()
			defer mu.Unlock()
			if recorded != 0 {
				t.Fatal("the game was recorded")
			}
		})
	}
}

// A bot that fails once both sides have moved resigns, as before.
func TestBotFailingMidGameResigns(t *testing.T) {
	f := newFakeBot()
	f.move = func(g arena.GameView) (core.Move, error) {
		if len(g.Moves) >= 2 {
			return core.NullMove, arena.ErrEngineCrashed
		}
		return g.Pos.LegalMoves()[0], nil
	}
	l := newLobby(t, Config{Bots: oneBot(f)})
	h := join(t, l, "key:h", Human)
	id, err := h.PlayBot(SeekSpec{TC: clock(time.Minute, 0), Color: AsBlack}, 1)
	if err != nil {
		t.Fatal(err)
	}
	waitGame(t, h, id, "the bot's first move", func(v GameView) bool { return len(v.Moves) == 1 })
	if err := h.Move(id, "e5"); err != nil {
		t.Fatal(err)
	}
	if v := waitOver(t, h, id); v.Result != core.BlackWins || v.Reason != "resignation" {
		t.Errorf("%s", describe(v))
	}
}
