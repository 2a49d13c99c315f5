package common

import (
	"reflect"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/ga"
)

// TestHubAddAndOthers registers a run and a tournament from two sessions
// and checks what each session sees of the other's work.
func TestHubAddAndOthers(t *testing.T) {
	alice, bob := &Env{Who: "alice"}, &Env{Who: "bob"}
	hub := &Hub{}
	run := hub.AddRun("classic on seed003 by \x1b[31malice", ga.Settings{Method: "classic", Preset: "seed003"}, alice, arena.NewBus())
	tour := hub.AddTournament("round-robin by bob", bob, arena.NewBus())

	if run.Kind != LiveRun || tour.Kind != LiveTournament || run.ID == tour.ID {
		t.Fatalf("kinds %q %q, ids %d %d", run.Kind, tour.Kind, run.ID, tour.ID)
	}
	if run.Name != "classic on seed003 by alice" {
		t.Errorf("name %q: the escape sequence should be gone", run.Name)
	}
	if _, _, _, s := run.Snapshot(); s.Method != "classic" || s.Preset != "seed003" {
		t.Errorf("the run's settings: %+v", s)
	}
	if _, _, _, s := tour.Snapshot(); !reflect.DeepEqual(s, ga.Settings{}) {
		t.Errorf("a tournament has settings: %+v", s)
	}

	tests := []struct {
		kind LiveKind
		env  *Env
		want *Live
		why  string // watchOther's message when there is nothing to watch
	}{
		{LiveRun, bob, run, ""},
		{LiveRun, alice, nil, "no other session has a run going"},
		{LiveTournament, alice, tour, ""},
		{LiveTournament, bob, nil, "no other session has a tournament going"},
	}
	for _, tc := range tests {
		others := hub.Others(tc.kind, tc.env)
		var got *Live
		if len(others) > 0 {
			got = others[0]
		}
		if len(others) > 1 || got != tc.want {
			t.Errorf("Others(%s, %s) = %v, want %v", tc.kind, tc.env.Who, others, tc.want)
		}
		l, sub, why := hub.WatchOther(tc.kind, tc.env)
		if l != tc.want || why != tc.why {
			t.Errorf("watchOther(%s, %s) = %v, %q; want %v, %q", tc.kind, tc.env.Who, l, why, tc.want, tc.why)
		}
		if sub != nil {
			sub.Close()
		}
	}

	hub.Remove(run)
	if l, _, why := hub.WatchOther(LiveRun, bob); l != nil || why != "no other session has a run going" {
		t.Errorf("after Remove: %v, %q", l, why)
	}
}

// TestHubNil: a session without a server has no hub, and registering
// work with it does nothing.
func TestHubNil(t *testing.T) {
	var hub *Hub
	if l := hub.AddRun("r", ga.Settings{}, nil, arena.NewBus()); l != nil {
		t.Errorf("AddRun on a nil hub: %v", l)
	}
	if l := hub.AddTournament("t", nil, arena.NewBus()); l != nil {
		t.Errorf("AddTournament on a nil hub: %v", l)
	}
	if others := hub.Others(LiveRun, nil); others != nil {
		t.Errorf("Others on a nil hub: %v", others)
	}
}
