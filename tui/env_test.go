package tui

import (
	"reflect"
	"testing"

	"github.com/evochess/evochess/arena"
)

// The engine lists show each engine's protocol, and the players they make
// start it with that protocol (phalanx is xboard, never UCI): the players
// the SPECs of evochess tournament give.
func TestEnginePlayersNameTheProtocol(t *testing.T) {
	tests := []struct {
		path, spec string
	}{
		{"/usr/games/stockfish", "name=x,uci=/usr/games/stockfish"},
		{"/usr/games/gnuchess", "name=x,uci=/usr/games/gnuchess,args=--uci"},
		{"/usr/games/phalanx", "name=x,xboard=/usr/games/phalanx,args=-l-"},
		{"/usr/games/hoichess", "name=x,xboard=/usr/games/hoichess"},
		{"/opt/other/engine", "name=x,engine=/opt/other/engine"},
	}
	for _, tc := range tests {
		want, err := arena.ParsePlayerSpec(tc.spec, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := enginePlayer("x", tc.path, nil); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, want %+v", tc.path, got, want)
		}
	}
}

// The set-up list's players are those of the SPECs of evochess tournament.
func TestTournamentEntries(t *testing.T) {
	tp := &tournamentPage{workTab: workTab{env: &Env{Engines: []string{"/usr/games/phalanx"}}}}
	tp.refresh()
	tests := []struct {
		entry       tourEntry
		label, spec string
	}{
		{tp.entries[0], "full", "name=full,chromosome=full"},
		{tp.entries[1], "seed000", "name=seed000,chromosome=seed000"},
		{tp.entries[len(tp.entries)-1], "phalanx (xboard, depth 1)", "name=phalanx1,xboard=/usr/games/phalanx,args=-l-,depth=1"},
	}
	for _, tc := range tests {
		want, err := arena.ParsePlayerSpec(tc.spec, nil)
		if err != nil {
			t.Fatal(err)
		}
		if tc.entry.label != tc.label || !reflect.DeepEqual(tc.entry.spec, want) {
			t.Errorf("entry %q %+v, want %q %+v", tc.entry.label, tc.entry.spec, tc.label, want)
		}
	}
}

// https://no-color.org: NO_COLOR counts when it has a value, an empty one
// does not; TERM=dumb counts.
func TestPlainFromEnv(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		want bool
	}{
		{[]string{"NO_COLOR=1"}, true},
		{[]string{"NO_COLOR="}, false},
		{[]string{"TERM=dumb"}, true},
		{[]string{"TERM=xterm", "HOME=/x"}, false},
		{nil, false},
	} {
		if got := PlainFromEnv(tc.env); got != tc.want {
			t.Errorf("%q: plain %v, want %v", tc.env, got, tc.want)
		}
	}
}
