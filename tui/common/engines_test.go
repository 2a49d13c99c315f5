package common

import (
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
)

func option(line string) arena.UCIOption {
	o, ok := arena.ParseUCIOption(line)
	if !ok {
		panic(line)
	}
	return o
}

var (
	space    = option("option name Space type spin default 100 min 0 max 200")
	threads  = option("option name Threads type spin default 2 min 1 max 8")
	hash     = option("option name Hash type spin default 32 min 4 max 4096")
	ownBook  = option("option name OwnBook type check default true")
	curve    = option("option name King Safety Curve type combo default Quadratic var Quadratic var Linear")
	logUse   = option("option name Use Search Log type check default false")
	bookFile = option("option name Book File type string default book.bin")
	clear    = option("option name Clear Hash type button")
)

// A server's session starts only the engines the server lists, unless its
// operator lets users name a path; a terminal of its own starts any.
func TestEngineAllowed(t *testing.T) {
	served := &Env{Engines: []string{"/usr/games/glaurung"}}
	local := &Env{EnginePaths: true}
	for _, c := range []struct {
		env  *Env
		path string
		ok   bool
	}{
		{served, "/usr/games/glaurung", true},
		{served, "/home/x/myengine", false},
		{served, "/usr/games/glaurung2", false},
		{local, "/home/x/myengine", true},
		{&Env{Engines: []string{"/a"}, EnginePaths: true}, "/b", true},
	} {
		err := c.env.EngineAllowed(c.path)
		if (err == nil) != c.ok {
			t.Errorf("%s (paths %v): %v", c.path, c.env.EnginePaths, err)
		}
		if err != nil && !strings.Contains(err.Error(), "--allow-engine-paths") {
			t.Errorf("the refusal does not say how to allow it: %v", err)
		}
	}
}

// What a session may make of each option: a server's session tunes
// playing settings, fixes threads, hash and books, and touches nothing that
// reaches files; a terminal's user may do anything but press a button.
func TestOptionUse(t *testing.T) {
	served, local := &Env{}, &Env{EnginePaths: true}
	for _, c := range []struct {
		o                                  arena.UCIOption
		servedGene, servedFixed, localGene bool
		localFixed                         bool
	}{
		{space, true, true, true, true},
		{curve, true, true, true, true},
		{threads, false, true, true, true},
		{hash, false, true, true, true},
		{ownBook, false, true, true, true},
		{logUse, false, false, true, true},
		{bookFile, false, false, false, true},
		{clear, false, false, false, false},
	} {
		s, l := served.OptionUse(c.o), local.OptionUse(c.o)
		if s.Gene != c.servedGene || s.Fixed != c.servedFixed || l.Gene != c.localGene || l.Fixed != c.localFixed {
			t.Errorf("%s: served %+v, local %+v", c.o.Name, s, l)
		}
		if (!s.Gene || !s.Fixed) && s.Why == "" {
			t.Errorf("%s: no reason given to a server's session", c.o.Name)
		}
	}
}

func TestCheckFixed(t *testing.T) {
	served, local := &Env{}, &Env{EnginePaths: true}
	for _, c := range []struct {
		env   *Env
		o     arena.UCIOption
		value string
		want  string // "" ok, else in the error
	}{
		{served, threads, "1", ""},
		{served, threads, "2", "one a worker"},
		{local, threads, "2", ""},
		{served, hash, "16", ""},
		{served, hash, "64", "at most 16 MB"},
		{local, hash, "64", ""},
		{served, hash, "2", "from 4 to 4096"},
		{served, space, "x", "integer"},
		{served, ownBook, "false", ""},
		{served, ownBook, "no", "true or false"},
		{served, curve, "linear", ""},
		{served, curve, "Cubic", "one of Quadratic, Linear"},
		{served, bookFile, "/etc/passwd", "cannot be fixed"},
		{local, bookFile, "my.bin", ""},
		{local, bookFile, "a\x1b[2Jb", "printable"},
		{served, logUse, "true", "cannot be fixed"},
	} {
		err := c.env.CheckFixed(c.o, c.value)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s=%q: %v", c.o.Name, c.value, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s=%q: %v, want %q", c.o.Name, c.value, err, c.want)
		}
	}
}

// The options a tuning fixes by default are those the engine has, within
// its bounds.
func TestDefaultFixed(t *testing.T) {
	got := DefaultFixed([]arena.UCIOption{space, hash, threads, ownBook})
	want := [][2]string{{"Threads", "1"}, {"OwnBook", "false"}, {"Hash", "16"}}
	if !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
	small := option("option name hash type spin default 64 min 32 max 1024")
	if got := DefaultFixed([]arena.UCIOption{small}); !slices.Equal(got, [][2]string{{"hash", "32"}}) {
		t.Errorf("a hash of at least 32: %q", got)
	}
}
