package saves

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// journalGames plays a short match (a promotion-free few moves per game
// from book openings) and returns its games with their jobs.
func journalGames(t *testing.T) ([]arena.GameJob, []arena.GameResult) {
	return playMatch(t, 3, 2, arena.GameOptions{TC: arena.TimeControl{Nodes: 300}, MaxMoves: 12})
}

// playMatch plays rounds of a match of two built-in players from book
// openings and returns its games with their jobs.
func playMatch(t *testing.T, rounds int, seed uint64, opt arena.GameOptions) ([]arena.GameJob, []arena.GameResult) {
	t.Helper()
	book, err := arena.OpenBook(arena.BuiltinBook)
	if err != nil {
		t.Fatal(err)
	}
	var jobs []arena.GameJob
	var games []arena.GameResult
	a, _ := arena.ParsePlayerSpec("name=a", nil)
	b, _ := arena.ParsePlayerSpec("name=b,chromosome=seed003", nil)
	// Search set 2, which does not move: what the games are (how many
	// end by adjudication, say) must not move with the search defaults.
	set2 := core.SearchParamsV2()
	arena.PinSearch(&a, &set2)
	arena.PinSearch(&b, &set2)
	m := &arena.Tournament{Format: arena.Match, Players: []arena.PlayerSpec{a, b}, Rounds: rounds, Book: book, Seed: seed, Workers: 1,
		Options: opt,
		OnResult: func(j arena.GameJob, g *arena.GameResult, _ *arena.Table) {
			jobs, games = append(jobs, j), append(games, *g)
		}}
	if _, err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return jobs, games
}

func pgnOf(t *testing.T, g *arena.GameResult, round string) string {
	t.Helper()
	var b bytes.Buffer
	if err := arena.WriteGamePGN(&b, g, "", round); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// A journal reads back game for game (the same PGN, job and round), goes
// on from where it stopped, and becomes a finished tournament when kept.
func TestJournalRoundTrip(t *testing.T) {
	d, _ := Open(t.TempDir())
	jobs, games := journalGames(t)
	settings := TournamentSettings{Command: "match", Args: []string{"a", "b", "--games", "6", "--save", "m"}}
	j, err := d.StartTournament("m", settings)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if err := j.Append(jobs[i], &games[i]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.ResumeTournament("m"); err == nil || !strings.Contains(err.Error(), "open in another evochess process") {
		t.Fatalf("a second opener while it is open: %v", err)
	}
	if err := d.Delete(Tournaments, "m"); err == nil {
		t.Fatal("deleted while open")
	}
	j.Close()
	if entries, _ := d.List(); len(entries) != 1 || entries[0].Summary != "unfinished match, 4 games played: evochess match --resume m" {
		t.Fatalf("listed as %+v", entries)
	}
	for _, err := range []error{loadErr(d), d.Export(Tournaments, "m", filepath.Join(t.TempDir(), "x.pgn"))} {
		if err == nil || !strings.Contains(err.Error(), "unfinished (4 games played): resume it with: evochess match --resume m") {
			t.Errorf("an unfinished tournament read: %v", err)
		}
	}
	j, err = d.ResumeTournament("m")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(j.Settings.Args, settings.Args) || j.Settings.Command != "match" || len(j.Games) != 4 || j.Dropped {
		t.Fatalf("resumed with %+v, %d games, dropped %v", j.Settings, len(j.Games), j.Dropped)
	}
	for i, g := range j.Games {
		if g.Job != jobs[i].ID || g.Round != jobs[i].Round || pgnOf(t, &g.Game, g.Round) != pgnOf(t, &games[i], jobs[i].Round) {
			t.Errorf("game %d read back as job %d round %q:\n%s\nwant\n%s", i, g.Job, g.Round, pgnOf(t, &g.Game, g.Round), pgnOf(t, &games[i], jobs[i].Round))
		}
		if g.Game.FinalFEN != games[i].FinalFEN || len(g.Game.Moves) != len(games[i].Moves) || g.Game.Moves[0] != games[i].Moves[0] {
			t.Errorf("game %d: final position or moves differ", i)
		}
	}
	if len(j.Finished()) != 4 {
		t.Errorf("finished: %d games", len(j.Finished()))
	}
	for i := 4; i < len(games); i++ {
		j.Append(jobs[i], &games[i])
	}
	rep := &arena.Report{Format: arena.Match, Players: []string{"a", "b"}, Games: len(games), Reason: "complete"}
	if err := j.Keep(FinishedTournament{Settings: settings.Args, Report: rep, PGN: []byte("[Event \"x\"]\n\n1-0\n")}); err != nil {
		t.Fatal(err)
	}
	if rec, err := d.LoadTournament("m"); err != nil || rec.Report.Games != len(games) {
		t.Fatalf("kept: %+v, %v", rec, err)
	}
	for _, f := range []string{progressFile, journalFile} {
		if _, err := os.Stat(filepath.Join(d.Root, Tournaments, "m", f)); err == nil {
			t.Errorf("%s left behind a finished tournament", f)
		}
	}
	if entries, _ := d.List(); len(entries) != 1 || entries[0].Summary != "match, 2 players, 6 games" {
		t.Fatalf("listed as %+v", entries)
	}
	if _, err := d.ResumeTournament("m"); err == nil || !strings.Contains(err.Error(), "is finished") {
		t.Errorf("resuming a finished one: %v", err)
	}
	if _, err := d.StartTournament("m", settings); err == nil || !strings.Contains(err.Error(), "exists already") {
		t.Errorf("starting over a finished one: %v", err)
	}
	if _, err := d.ResumeTournament("none"); err == nil || !strings.Contains(err.Error(), `no unfinished tournament "none"`) {
		t.Errorf("resuming nothing: %v", err)
	}
}

func loadErr(d *Dir) error {
	_, err := d.LoadTournament("m")
	return err
}

// A crash while a line is written leaves it torn: dropped, and cut off so
// the next line starts clean. A bad line before the last is an error that
// names it, the file left as it was.
func TestJournalDamaged(t *testing.T) {
	jobs, games := journalGames(t)
	var lines [][]byte
	for i := range 3 {
		l, err := encodeGameLine(jobs[i], &games[i])
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
	}
	whole := bytes.Join(lines, nil)
	tests := []struct {
		name      string
		journal   []byte
		wantGames int
		dropped   bool
		wantErr   string
	}{
		{"whole", whole, 3, false, ""},
		{"empty", nil, 0, false, ""},
		{"torn last line", append(slices.Clone(whole), lines[0][:40]...), 3, true, ""},
		{"torn first line", lines[0][:len(lines[0])-1], 0, true, ""},
		{"zeros after a power cut", append(slices.Clone(whole), make([]byte, 300)...), 3, true, ""},
		{"bad last line", append(slices.Clone(whole), []byte("{\"job\":7,\"result\":\"2-0\"}\n")...), 3, true, ""},
		{"bad middle line", bytes.Join([][]byte{lines[0], []byte("{\"job\":\n"), lines[1]}, nil), 0, false, "games.jsonl:2:1: "},
		{"illegal move", bytes.Join([][]byte{bytes.Replace(lines[0], []byte(`"moves":"`+games[0].Moves[0].Move.String()), []byte(`"moves":"e1e8`), 1), lines[1]}, nil), 0, false, `games.jsonl:1:1: game 0: ply 1: move "e1e8"`},
		{"a game twice", bytes.Join([][]byte{lines[0], lines[1], lines[0], lines[2]}, nil), 0, false, "games.jsonl:3:1: game 0 again (first on line 1)"},
		{"an endless line", append(bytes.Repeat([]byte("x"), maxJournalLine+1), '\n'), 0, false, "longer than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, _ := Open(t.TempDir())
			j, err := d.StartTournament("m", TournamentSettings{Command: "match", Args: []string{"a", "b"}})
			if err != nil {
				t.Fatal(err)
			}
			j.Close()
			path := filepath.Join(d.Root, Tournaments, "m", journalFile)
			os.WriteFile(path, tt.journal, 0o644)
			j, err = d.ResumeTournament("m")
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
				}
				if got, _ := os.ReadFile(path); !bytes.Equal(got, tt.journal) {
					t.Error("a journal that cannot be read was changed")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(j.Games) != tt.wantGames || j.Dropped != tt.dropped {
				t.Fatalf("%d games, dropped %v; want %d, %v", len(j.Games), j.Dropped, tt.wantGames, tt.dropped)
			}
			// What follows is whole again.
			if err := j.Append(jobs[3], &games[3]); err != nil {
				t.Fatal(err)
			}
			j.Close()
			j, err = d.ResumeTournament("m")
			if err != nil || len(j.Games) != tt.wantGames+1 || j.Dropped {
				t.Fatalf("after an append: %v, %d games, dropped %v", err, len(j.Games), j.Dropped)
			}
			j.Close()
		})
	}
}

// A name taken by an unfinished tournament is not started afresh: it says
// how to resume it; a directory a start left empty is taken over.
func TestStartTournamentOverOthers(t *testing.T) {
	d, _ := Open(t.TempDir())
	j, err := d.StartTournament("m", TournamentSettings{Command: "tournament", Args: []string{"--player", "a"}})
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	if _, err := d.StartTournament("m", TournamentSettings{Command: "tournament"}); err == nil ||
		!strings.Contains(err.Error(), "resume it with: evochess tournament --resume m") {
		t.Errorf("started over an unfinished one: %v", err)
	}
	// The terminal app keeps its tournaments under fresh names: never in
	// an unfinished one's directory.
	rep := &arena.Report{Format: arena.RoundRobin, Players: []string{"a", "b"}}
	if name, err := d.KeepTournament(FinishedTournament{Name: "m", Fresh: true, Report: rep}); err != nil || name != "m-2" {
		t.Errorf("kept fresh as %q (%v), want m-2", name, err)
	}
	if err := d.unfinished("m"); err == nil {
		t.Error("the unfinished one was touched")
	}
	os.Mkdir(filepath.Join(d.Root, Tournaments, "empty"), 0o755)
	if j, err := d.StartTournament("empty", TournamentSettings{Command: "match"}); err != nil {
		t.Errorf("an empty directory: %v", err)
	} else {
		j.Close()
	}
}

// BenchmarkJournalAppend is the cost of journaling a game of 80 plies.
func BenchmarkJournalAppend(b *testing.B) {
	d, _ := Open(b.TempDir())
	j, err := d.StartTournament("m", TournamentSettings{Command: "match"})
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	jobs, games := journalGames(&testing.T{})
	b.ResetTimer()
	for i := range b.N {
		jobs[0].ID = i
		if err := j.Append(jobs[0], &games[0]); err != nil {
			b.Fatal(err)
		}
	}
}

// A match resumes with the SPRT model it was started with: version 1
// settings (written before pairs were recorded) read as trinomial, a
// tournament's as none, and version 2's as they were written.
func TestTournamentSettingsSPRTModel(t *testing.T) {
	v1 := func(command string) string {
		return `{"format": "evochess-tournament-progress", "version": 1, "saved": "2026-11-26T12:58:56Z",
  "content": {"command": "` + command + `", "args": ["name=a", "name=b", "--sprt", "0,5", "--save", "m"]}}`
	}
	tests := []struct {
		name     string
		progress string              // a progress.json written by an earlier evochess, or
		settings *TournamentSettings // settings written by this one
		want     string
	}{
		{"version 1 match", v1("match"), nil, arena.Trinomial},
		{"version 1 tournament", v1("tournament"), nil, ""},
		{"pentanomial match", "", &TournamentSettings{Command: "match", Args: []string{"a", "b"}, SPRTModel: arena.Pentanomial}, arena.Pentanomial},
		{"trinomial match", "", &TournamentSettings{Command: "match", Args: []string{"a", "b"}, SPRTModel: arena.Trinomial}, arena.Trinomial},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, _ := Open(t.TempDir())
			if tt.settings != nil {
				j, err := d.StartTournament("m", *tt.settings)
				if err != nil {
					t.Fatal(err)
				}
				j.Close()
			} else {
				dir := filepath.Join(d.Root, Tournaments, "m")
				os.MkdirAll(dir, 0o755)
				if err := os.WriteFile(filepath.Join(dir, progressFile), []byte(tt.progress), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			j, err := d.ResumeTournament("m")
			if err != nil {
				t.Fatal(err)
			}
			defer j.Close()
			if j.Settings.SPRTModel != tt.want || len(j.Settings.Args) == 0 {
				t.Errorf("settings %+v, want the model %q", j.Settings, tt.want)
			}
		})
	}
}
