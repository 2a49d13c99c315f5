package lobby

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/core/pgn"
)

// TestRecord: a game that ends is handed to OnGameEnd as a PGN that
// core/pgn writes and reads back with the tags, moves and clock comments;
// every call out of the lobby (OnGameEnd, Log, the ladder's save) may call
// the lobby back, which would deadlock were its lock held.
func TestRecord(t *testing.T) {
	cases := []struct {
		name        string
		rated       bool
		play        func(t *testing.T, white, black *Session, id GameID)
		result      core.Outcome
		termination string
		plies       int
	}{
		{"mate", false, func(t *testing.T, w, b *Session, id GameID) {
			moves(t, w, b, id, "f3", "e5", "g4", "Qh4#")
		}, core.BlackWins, "normal", 4},
		{"rated resignation", true, func(t *testing.T, w, b *Session, id GameID) {
			moves(t, w, b, id, "e4", "e5")
			if err := b.Resign(id); err != nil {
				t.Fatal(err)
			}
		}, core.WhiteWins, "normal", 2},
		{"flag", false, func(t *testing.T, w, b *Session, id GameID) {
			moves(t, w, b, id, "e4", "e5", "Nf3")
		}, core.WhiteWins, "time forfeit", 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var (
				mu      sync.Mutex
				logs    []string
				records []Record
				white   *Session
			)
			done := make(chan struct{})
			lad := NewLadder(nil, func([]Standing) { white.View() })
			_, white, black := pair(t, Config{
				Ladder: lad,
				Log: func(format string, args ...any) {
					white.View()
					mu.Lock()
					logs = append(logs, fmt.Sprintf(format, args...))
					mu.Unlock()
				},
				OnGameEnd: func(r Record) {
					white.View()
					mu.Lock()
					records = append(records, r)
					mu.Unlock()
					close(done)
				},
			})
			base := time.Minute
			if tc.name == "flag" {
				base = 300 * time.Millisecond
			}
			id := play(t, white, black, SeekSpec{TC: clock(base, 0), Rated: tc.rated})
			tc.play(t, white, black, id)
			v := waitOver(t, white, id)
			select {
			case <-done:
			case <-time.After(waitLimit):
				t.Fatal("OnGameEnd was not called")
			}
			mu.Lock()
			defer mu.Unlock()
			if len(records) != 1 {
				t.Fatalf("%d records", len(records))
			}
			r := records[0]
			if r.ID != id || r.White.ID != white.User().ID || r.Black.ID != black.User().ID || r.Rated != tc.rated {
				t.Errorf("record %+v", r)
			}
			var b strings.Builder
			if err := pgn.Write(&b, r.Game); err != nil {
				t.Fatal(err)
			}
			back, err := pgn.NewReader(strings.NewReader(b.String())).Next()
			if err != nil {
				t.Fatalf("%v in\n%s", err, b.String())
			}
			want := map[string]string{
				"Event": "evochess lobby", "Site": recordSite, "Date": time.Now().UTC().Format("2006.01.02"),
				"Round": "-", "White": "key:alice", "Black": "key:bob", "Result": tc.result.String(),
				"TimeControl": clock(base, 0).PGNTag(), "Termination": tc.termination,
			}
			if tc.rated {
				want["WhiteElo"], want["BlackElo"] = "1500", "1500"
			}
			for k, val := range want {
				if got := back.Tag(k); got != val {
					t.Errorf("tag %s %q, want %q", k, got, val)
				}
			}
			if _, ok := back.LookupTag("WhiteElo"); ok != tc.rated {
				t.Errorf("WhiteElo present %v in a game rated %v", ok, tc.rated)
			}
			if back.Result != tc.result || v.Result != tc.result || !slices.Equal(back.Moves, v.Moves) || len(back.Moves) != tc.plies {
				t.Errorf("read back %v %v, the game %s", back.Result, back.Moves, describe(v))
			}
			clk := regexp.MustCompile(`^\[%clk \d+:\d\d:\d\d\]$`)
			for i := range back.Moves {
				if c := back.MoveComment(i); !clk.MatchString(c) {
					t.Errorf("move %d's comment %q", i+1, c)
				}
			}
			if len(logs) != 2 || !strings.Contains(logs[0], "started") || !strings.Contains(logs[1], "ended") {
				t.Errorf("log %q", logs)
			}
		})
	}
}

func TestClockComment(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{299*time.Second + 900*time.Millisecond, "[%clk 0:04:59]"},
		{3725 * time.Second, "[%clk 1:02:05]"},
		{0, "[%clk 0:00:00]"},
		{-time.Second, "[%clk 0:00:00]"},
	} {
		if got := clockComment(c.d); got != c.want {
			t.Errorf("clockComment(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
