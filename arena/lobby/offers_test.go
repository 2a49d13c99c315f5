package lobby

import (
	"slices"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

// TestDrawOffers: an offer is seen by both, accepted it draws; declined or
// after the other side moves it is gone; two offers crossing agree; a
// declined offer cannot be repeated before the next move.
func TestDrawOffers(t *testing.T) {
	_, white, black := pair(t, Config{})
	id := play(t, white, black, casual)
	moves(t, white, black, id, "e4")

	if err := black.Reply(id, true); err == nil {
		t.Fatal("answered an offer nobody made")
	}
	if err := white.Offer(id, DrawOffer); err != nil {
		t.Fatal(err)
	}
	v := waitGame(t, black, id, "the offer", func(v GameView) bool { return v.Offer.Kind == DrawOffer })
	if v.Offer.By != core.White {
		t.Fatalf("offer by %v", v.Offer.By)
	}
	if err := white.Reply(id, true); err == nil {
		t.Error("white accepted its own offer")
	}
	if err := white.Offer(id, DrawOffer); err == nil {
		t.Error("white offered twice at once")
	}
	// Declined: gone, and not to be made again before another move.
	if err := black.Reply(id, false); err != nil {
		t.Fatal(err)
	}
	waitGame(t, white, id, "the offer declined", func(v GameView) bool { return v.Offer.Kind == NoOffer && !v.Over })
	if err := white.Offer(id, DrawOffer); err == nil {
		t.Error("a declined offer was repeated before a move")
	}
	// Lapsed: black offers, white moves instead of answering.
	if err := black.Offer(id, DrawOffer); err != nil {
		t.Fatal(err)
	}
	moves(t, white, black, id, "e5")
	if v, _ := white.Game(id); v.Offer.Kind != DrawOffer || v.Offer.By != core.Black {
		t.Fatalf("the offer should stand through its maker's own move: %+v", v.Offer)
	}
	moves(t, white, black, id, "Nf3")
	if v, _ := black.Game(id); v.Offer.Kind != NoOffer {
		t.Fatalf("the offer should lapse when its receiver moves: %+v", v.Offer)
	}
	// Crossing offers agree; so does accepting.
	if err := black.Offer(id, DrawOffer); err != nil {
		t.Fatal(err)
	}
	if err := white.Offer(id, DrawOffer); err != nil {
		t.Fatal(err)
	}
	v = waitOver(t, black, id)
	if v.Result != core.Draw || v.Reason != "agreement" {
		t.Errorf("%s, want a draw by agreement", describe(v))
	}
}

// TestDrawAccepted: accepting a pending draw offer draws.
func TestDrawAccepted(t *testing.T) {
	_, white, black := pair(t, Config{})
	id := play(t, white, black, casual)
	moves(t, white, black, id, "e4", "e5")
	if err := black.Offer(id, DrawOffer); err != nil {
		t.Fatal(err)
	}
	if err := white.Reply(id, true); err != nil {
		t.Fatal(err)
	}
	if v := waitOver(t, black, id); v.Result != core.Draw || v.Reason != "agreement" {
		t.Errorf("%s", describe(v))
	}
}

// TestTakeback: an accepted takeback undoes the asker's last move, and the
// reply to it when there is one, restoring moves, position and clocks; a
// declined one changes nothing.
func TestTakeback(t *testing.T) {
	cases := []struct {
		name   string
		played []string
		asker  core.Color
		accept bool
		want   []string // SAN after the answer
	}{
		{"own move, not yet answered", []string{"e4", "e5", "Nf3"}, core.White, true, []string{"e4", "e5"}},
		{"own move and the reply", []string{"e4", "e5", "Nf3", "Nc6"}, core.White, true, []string{"e4", "e5"}},
		{"black's first move", []string{"e4", "e5"}, core.Black, true, []string{"e4"}},
		{"declined", []string{"e4", "e5", "Nf3"}, core.White, false, []string{"e4", "e5", "Nf3"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, white, black := pair(t, Config{})
			id := play(t, white, black, SeekSpec{TC: clock(time.Minute, time.Second)})
			moves(t, white, black, id, tc.want...)
			before, _ := white.Game(id)
			moves(t, white, black, id, tc.played[len(tc.want):]...)
			if !tc.accept {
				before, _ = white.Game(id)
			}
			time.Sleep(20 * time.Millisecond) // so restored clocks differ from run-on ones
			asker, other := white, black
			if tc.asker == core.Black {
				asker, other = black, white
			}
			if err := asker.Offer(id, TakebackOffer); err != nil {
				t.Fatal(err)
			}
			waitGame(t, other, id, "the takeback offer", func(v GameView) bool { return v.Offer.Kind == TakebackOffer })
			if err := other.Reply(id, tc.accept); err != nil {
				t.Fatal(err)
			}
			v := waitGame(t, asker, id, "the answer", func(v GameView) bool { return v.Offer.Kind == NoOffer })
			if !slices.Equal(v.SAN, tc.want) || v.FEN != before.FEN || v.ToMove != before.ToMove {
				t.Fatalf("after the answer: %v %s, want %v %s", v.SAN, v.FEN, tc.want, before.FEN)
			}
			if v.Clock != before.Clock {
				t.Errorf("clocks %v, want them as they were then: %v", v.Clock, before.Clock)
			}
			// The game goes on from there.
			m := "d4"
			if v.ToMove == core.Black {
				m = "d5"
			}
			moves(t, white, black, id, m)
		})
	}
}

// TestTakebackRefused: no takeback of a move not made.
func TestTakebackRefused(t *testing.T) {
	_, white, black := pair(t, Config{})
	id := play(t, white, black, casual)
	if err := white.Offer(id, TakebackOffer); err == nil {
		t.Error("white asked to take back no move")
	}
	moves(t, white, black, id, "e4")
	if err := black.Offer(id, TakebackOffer); err == nil {
		t.Error("black asked to take back no move")
	}
	if err := white.Offer(id, OfferKind(9)); err == nil {
		t.Error("an unknown kind of offer was made")
	}
}

// TestAbortAndResign: either side may abort until both have moved, then
// not; resigning loses.
func TestAbortAndResign(t *testing.T) {
	for _, plies := range [][]string{nil, {"e4"}} {
		for _, who := range []string{"white", "black"} {
			_, white, black := pair(t, Config{})
			id := play(t, white, black, casual)
			moves(t, white, black, id, plies...)
			s := white
			if who == "black" {
				s = black
			}
			if err := s.Abort(id); err != nil {
				t.Fatalf("%s aborting after %v: %v", who, plies, err)
			}
			if v := waitOver(t, white, id); v.Reason != "aborted" || v.Result != core.Ongoing {
				t.Errorf("%s", describe(v))
			}
		}
	}
	_, white, black := pair(t, Config{})
	id := play(t, white, black, casual)
	moves(t, white, black, id, "e4", "e5")
	if err := white.Abort(id); err == nil {
		t.Error("aborted after both sides moved")
	}
	if err := black.Resign(id); err != nil {
		t.Fatal(err)
	}
	if v := waitOver(t, white, id); v.Result != core.WhiteWins || v.Reason != "resignation" {
		t.Errorf("%s", describe(v))
	}
}
