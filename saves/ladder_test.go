package saves

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func testLadder() []LadderStanding {
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	return []LadderStanding{
		{ID: "key:SHA256:abc", Name: "alice", Kind: LadderHuman, Rating: 1612.5, RD: 80, Volatility: 0.06, Games: 12, Updated: at},
		{ID: "bot:chromosome=full", Name: "full", Kind: LadderBot, Rating: 1700, RD: 50, Volatility: 0.059, Games: 40, Updated: at},
		{ID: "key:SHA256:def", Name: "bob", Kind: LadderHuman, Rating: 1400, RD: 200, Volatility: 0.06, Games: 1, Updated: at},
	}
}

// What is saved is read back as it was; no file is an empty ladder.
func TestLadderRoundTrip(t *testing.T) {
	d, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if l, err := d.LoadLadder(); err != nil || l != nil {
		t.Fatalf("no file: %v, %v", l, err)
	}
	want := testLadder()
	if err := d.SaveLadder(want); err != nil {
		t.Fatal(err)
	}
	got, err := d.LoadLadder()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("read back\n%+v\nsaved\n%+v", got, want)
	}
	// One standing a line, so that an error can name the line.
	data, _ := os.ReadFile(filepath.Join(d.Root, LadderFile))
	for _, s := range want {
		if n := strings.Count(string(data), `"id":"`+s.ID+`"`); n != 1 {
			t.Fatalf("%s appears %d times in\n%s", s.ID, n, data)
		}
	}
	entries, err := d.List()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range entries {
		if e.Kind == "ladder" {
			found = true
			if e.Err != "" || !strings.Contains(e.Summary, `3 rated, first "full" 1700 ± 100`) {
				t.Errorf("listed as %+v", e)
			}
		}
	}
	if !found {
		t.Error("saves list does not show the ladder")
	}
}

// A file that cannot be used is refused with its path and the line of
// what is wrong, and left as it is.
func TestLadderCorrupt(t *testing.T) {
	d, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := d.SaveLadder(testLadder()); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(d.Root, LadderFile)
	good, _ := os.ReadFile(path)
	lineOf := func(text string) int {
		i := strings.Index(string(good), text)
		if i < 0 {
			t.Fatalf("no %q in\n%s", text, good)
		}
		return strings.Count(string(good[:i]), "\n") + 1
	}
	bobLine := lineOf(`"id":"key:SHA256:def"`)
	cases := []struct {
		name, from, to string
		line           int    // 0: the error names no line
		reason         string // in the error
	}{
		{"bad rd", `"rd":200`, `"rd":-1`, bobLine, "standing 3: rd -1"},
		{"not a number", `"rating":1400`, `"rating":"high"`, bobLine, "standing 3"},
		{"no kind", `"kind":"human","rating":1400`, `"kind":"god","rating":1400`, bobLine, `kind "god"`},
		{"twice", `"key:SHA256:def"`, `"key:SHA256:abc"`, bobLine, "listed twice"},
		{"broken JSON", `"rd":200`, `"rd":200,,`, bobLine, "not valid JSON"},
		{"truncated", "", "", 0, "truncated"},
		{"other format", `"evochess-ladder"`, `"evochess-run"`, 0, `format "evochess-run"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bad := strings.Replace(string(good), c.from, c.to, 1)
			if c.from == "" {
				bad = string(good[:len(good)/2])
			}
			if bad == string(good) {
				t.Fatalf("%q is not in the file", c.from)
			}
			if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := d.LoadLadder()
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is no FileError", err)
			}
			if fe.Path != path || fe.Line != c.line || !strings.Contains(err.Error(), c.reason) {
				t.Errorf("error %q (line %d), want %s line %d with %q", err, fe.Line, path, c.line, c.reason)
			}
			if after, _ := os.ReadFile(path); string(after) != bad {
				t.Error("the bad file was changed")
			}
		})
	}
}
