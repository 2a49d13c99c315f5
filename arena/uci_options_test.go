package arena

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestParseUCIOption(t *testing.T) {
	tests := []struct {
		line string
		ok   bool
		want UCIOption
	}{
		{"option name Space type spin default 100 min 0 max 200", true,
			UCIOption{Name: "Space", Type: "spin", Default: "100", HasDefault: true, Min: 0, Max: 200}},
		{"option name Mobility (Middle Game) type spin default 100 min 0 max 200", true,
			UCIOption{Name: "Mobility (Middle Game)", Type: "spin", Default: "100", HasDefault: true, Min: 0, Max: 200}},
		{"option name King Safety Curve type combo default Quadratic var Quadratic var Linear", true,
			UCIOption{Name: "King Safety Curve", Type: "combo", Default: "Quadratic", HasDefault: true, Vars: []string{"Quadratic", "Linear"}}},
		{"option name Style type combo default Very Sharp var Solid var Very Sharp", true,
			UCIOption{Name: "Style", Type: "combo", Default: "Very Sharp", HasDefault: true, Vars: []string{"Solid", "Very Sharp"}}},
		{"option name Ponder type check default true", true, UCIOption{Name: "Ponder", Type: "check", Default: "true", HasDefault: true}},
		{"option name Clear Hash type button", true, UCIOption{Name: "Clear Hash", Type: "button"}},
		{"option name Search Log Filename type string default SearchLog.txt", true,
			UCIOption{Name: "Search Log Filename", Type: "string", Default: "SearchLog.txt", HasDefault: true}},
		{"option name Max Depth type spin default -1 min -1 max 99", true,
			UCIOption{Name: "Max Depth", Type: "spin", Default: "-1", HasDefault: true, Min: -1, Max: 99}},
		{"option name Bad type spin default 1 min x max 9", false, UCIOption{}},
		{"option name Backwards type spin default 1 min 9 max 1", false, UCIOption{}},
		{"option name NoBounds type spin default 1", false, UCIOption{}},
		{"option name type spin", false, UCIOption{}},
		{"option name Lonely", false, UCIOption{}},
		{"id name Glaurung 2.2", false, UCIOption{}},
		{"", false, UCIOption{}},
	}
	for _, tt := range tests {
		got, ok := ParseUCIOption(tt.line)
		if ok != tt.ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q: %+v %v, want %+v %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

// An engine's option lines are a hostile program's output: nothing in one
// may panic, and what parses is a usable option.
func FuzzParseUCIOption(f *testing.F) {
	for _, s := range []string{
		"option name Space type spin default 100 min 0 max 200",
		"option name King Safety Curve type combo default Quadratic var Quadratic var Linear",
		"option name Clear Hash type button",
		"option name name type type default default min min max max var var",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		o, ok := ParseUCIOption(line)
		if ok && (o.Name == "" || o.Type == "" || o.Type == "spin" && o.Min > o.Max) {
			t.Fatalf("%q parsed as %+v", line, o)
		}
	})
}

// A player's option the engine does not offer is an error before any
// game, naming the option: engines ignore what they do not know, so a
// misspelling would otherwise play a match as if it were unset. Names
// match without regard to case, as UCI says.
func TestUCIPlayerRefusesOptionsNotOffered(t *testing.T) {
	path := fakeEngine(t)
	for _, tc := range []struct {
		options [][2]string
		bad     string // the option named in the error ("": none)
	}{
		{[][2]string{{"Skill", "40"}, {"Style", "Sharp"}}, ""},
		{[][2]string{{"skill", "40"}, {"CLEAR HASH", ""}}, ""},
		{[][2]string{{"Skill", "40"}, {"Skil", "40"}}, "Skil"},
		{[][2]string{{"Move Overhead", "9"}}, "Move Overhead"},
	} {
		u := NewUCIPlayer("fake", path, []string{"-options"}, tc.options)
		err := u.NewGame(context.Background())
		u.Close()
		switch {
		case tc.bad == "" && err != nil:
			t.Errorf("%v: %v", tc.options, err)
		case tc.bad != "" && (!errors.Is(err, ErrBadOption) || !strings.Contains(fmt.Sprint(err), strconv.Quote(tc.bad))):
			t.Errorf("%v: %v, want %v naming %q", tc.options, err, ErrBadOption, tc.bad)
		}
	}
}

func TestOfferedOption(t *testing.T) {
	for _, tc := range []struct {
		line, name string
		ok         bool
	}{
		{"option name Space type spin default 100 min 0 max 200", "Space", true},
		{"option name NoBounds type spin default 1", "NoBounds", true}, // offered, though unusable as a gene
		{"option name Clear Hash type button", "Clear Hash", true},
		{"option name  type spin", "", false},
		{"option name Lonely", "", false},
		{"id name Glaurung 2.2", "", false},
	} {
		name, ok := offeredOption(tc.line)
		if name != tc.name || ok != tc.ok {
			t.Errorf("%q: %q %v, want %q %v", tc.line, name, ok, tc.name, tc.ok)
		}
	}
}
