package arena

import (
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

func TestParseTimeControl(t *testing.T) {
	tests := []struct {
		in, str, pgn string
		want         TimeControl
	}{
		{"depth=4", "depth=4", "-", TimeControl{Depth: 4}},
		{"nodes=20000", "nodes=20000", "-", TimeControl{Nodes: 20000}},
		{"movetime=100", "movetime=100", "1/0.1", TimeControl{MoveTime: 100 * time.Millisecond}},
		{"10+0.1", "10+0.1", "10+0.1", TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}},
		{"40/60", "40/60", "40/60", TimeControl{Base: time.Minute, MovesToGo: 40}},
		{"60", "60", "60", TimeControl{Base: time.Minute}},
	}
	for _, tc := range tests {
		got, err := ParseTimeControl(tc.in)
		if err != nil || got != tc.want || got.String() != tc.str || got.PGNTag() != tc.pgn {
			t.Errorf("%q: %+v %v, String %q, PGN %q", tc.in, got, err, got.String(), got.PGNTag())
		}
	}
	for _, bad := range []string{"", "depth=0", "depth=x", "speed=3", "10+x", "-5", "0/10", "depth=999"} {
		if _, err := ParseTimeControl(bad); err == nil || !strings.Contains(err.Error(), "time control") {
			t.Errorf("%q: err %v", bad, err)
		}
	}
}

func TestParsePlayerSpec(t *testing.T) {
	ps, err := ParsePlayerSpec("name=sf,uci=/usr/games/stockfish,option.Skill Level=3,args=-a -b,depth=1", nil)
	if err != nil || ps.Name != "sf" || ps.Engine != "/usr/games/stockfish" || ps.Proto != ProtoUCI || len(ps.Options) != 1 || ps.Options[0] != [2]string{"Skill Level", "3"} ||
		len(ps.Args) != 2 || ps.TC == nil || ps.TC.Depth != 1 {
		t.Errorf("%+v %v", ps, err)
	}
	ps, err = ParsePlayerSpec("chromosome=seed003,search=plain,qs=3,nodes=500", nil)
	if err != nil || ps.Name != "seed003" || ps.Mode != 1 || ps.PlainQuiescence != 3 || ps.TC.Nodes != 500 {
		t.Errorf("%+v %v", ps, err)
	}
	for spec, mode := range map[string]core.SearchMode{"chromosome=seed000,search=paper000": core.Paper000, "chromosome=seed004,search=Paper004,depth=4": core.Paper004} {
		if ps, err = ParsePlayerSpec(spec, nil); err != nil || ps.Mode != mode {
			t.Errorf("%s: %+v %v", spec, ps, err)
		}
	}
	for _, bad := range []string{"name", "colour=red", "search=paper001", "chromosome=nosuch", "uci=/x,chromosome=full", "option.X=1", "search=fast", "qs=99", "depth=0"} {
		if _, err := ParsePlayerSpec(bad, nil); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
