package common

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
		if got := EnginePlayer("x", tc.path, nil); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, want %+v", tc.path, got, want)
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
