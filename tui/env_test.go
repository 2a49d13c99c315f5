package tui

import (
	"testing"

	"github.com/evochess/evochess/arena"
)

// The engine lists show each engine's protocol, and the SPECs they build
// start it with that protocol (phalanx is xboard, never UCI).
func TestEngineSpecsNameTheProtocol(t *testing.T) {
	for path, want := range map[string]arena.Protocol{
		"/usr/games/stockfish": arena.ProtoUCI,
		"/usr/games/gnuchess":  arena.ProtoUCI,
		"/usr/games/phalanx":   arena.ProtoXboard,
		"/usr/games/hoichess":  arena.ProtoXboard,
		"/opt/other/engine":    arena.ProtoAuto,
	} {
		ps, err := arena.ParsePlayerSpec("name=x," + engineSpec(path) + ",depth=1")
		if err != nil || ps.Engine != path || ps.Proto != want {
			t.Errorf("%s: %q gives %+v %v, want protocol %s", path, engineSpec(path), ps, err, want)
		}
	}
	tp := &tournamentPage{workTab: workTab{env: &Env{Engines: []string{"/usr/games/phalanx"}}}}
	tp.refresh()
	last := tp.entries[len(tp.entries)-1]
	if last.label != "phalanx (xboard, depth 1)" || last.spec != "name=phalanx1,xboard=/usr/games/phalanx,args=-l-,depth=1" {
		t.Errorf("tournament entry %+v", last)
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
