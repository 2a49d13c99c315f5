package saves

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/dataset"
)

// matchGames plays a short match whose games mostly end by a trusted
// rule or a resignation, some at the move limit.
func matchGames(t *testing.T) ([]arena.GameJob, []arena.GameResult) {
	return playMatch(t, 4, 3, arena.GameOptions{TC: arena.TimeControl{Nodes: 300}, MaxMoves: 40, ResignScore: 500, ResignMoves: 2})
}

// gamesDir is a data directory holding the same games three ways: the
// journal of the unfinished tournament "running", the finished
// tournament "done" and the PGN file games.pgn beside the directory.
func gamesDir(t *testing.T) (d *Dir, pgnFile string, games []arena.GameResult) {
	t.Helper()
	d = openTemp(t)
	jobs, games := matchGames(t)
	j, err := d.StartTournament("running", TournamentSettings{Command: "match", Args: []string{"a", "b"}})
	if err != nil {
		t.Fatal(err)
	}
	var all bytes.Buffer
	for i := range games {
		if err := j.Append(jobs[i], &games[i]); err != nil {
			t.Fatal(err)
		}
		all.WriteString(pgnOf(t, &games[i], jobs[i].Round))
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := d.KeepTournament(FinishedTournament{Name: "done", Report: &arena.Report{Players: []string{"a", "b"}}, PGN: all.Bytes()}); err != nil {
		t.Fatal(err)
	}
	pgnFile = filepath.Join(filepath.Dir(d.Root), "games.pgn")
	if err := os.WriteFile(pgnFile, all.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return d, pgnFile, games
}

func testGamesSettings(sources ...string) GamesSettings {
	return GamesSettings{Sources: sources, Seed: 5, SkipPlies: 4, PerGame: 10}
}

// The same games give the same dataset from any source that holds them:
// a journal (by tournament name, directory or file), a finished
// tournament, a PGN file.
func TestImportGamesSources(t *testing.T) {
	d, pgnFile, games := gamesDir(t)
	running := filepath.Join(d.Root, Tournaments, "running")
	sources := map[string]string{
		"journal by name":        "running",
		"journal by directory":   running,
		"journal file":           filepath.Join(running, journalFile),
		"finished, by kind/name": "tournament/done",
		"finished, directory":    filepath.Join(d.Root, Tournaments, "done"),
		"PGN file":               pgnFile,
	}
	recordedAs := map[string]string{"running": "tournaments/running/games.jsonl", "tournament/done": "tournaments/done/games.pgn"}
	var first *dataset.Set
	for what, src := range sources {
		name := strings.NewReplacer(" ", "-", ",", "", "/", "-").Replace(what)
		rep, err := d.ImportGames(context.Background(), name, testGamesSettings(src), nil)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		m := rep.Meta
		if m.Games != len(games) || m.Unreadable != 0 || len(m.Files) != 1 || m.Files[0].Games != len(games) {
			t.Errorf("%s: %+v, want %d games", what, m, len(games))
		}
		// A saved tournament is recorded relative to the data directory, a
		// path as the user gave it: never the data directory's absolute path
		// when the user did not give it.
		if want, ok := recordedAs[src]; ok && (len(m.Files) != 1 || m.Files[0].Path != want) {
			t.Errorf("%s: files %+v, want the path %q", what, m.Files, want)
		} else if !ok && (len(m.Files) != 1 || !strings.HasPrefix(m.Files[0].Path, src)) {
			t.Errorf("%s: files %+v, want a path under %q", what, m.Files, src)
		}
		set, info, err := d.LoadDataset(name)
		if err != nil {
			t.Fatal(err)
		}
		var meta GamesMeta
		if err := json.Unmarshal(info.Meta, &meta); err != nil || meta.Generator != GamesGenerator || meta.Settings.Sources[0] != src ||
			meta.Settings.FullDefaults == 0 || !info.Complete || info.Labelled || info.Count != rep.Positions {
			t.Errorf("%s: info %+v, meta %+v (%v)", what, info, meta, err)
		}
		if first == nil {
			first = set
			if m.Discarded == 0 || m.Discarded == m.Games || rep.Positions == 0 {
				t.Fatalf("%+v: the games should give positions and have some discarded", m)
			}
		} else if !slices.Equal(set.Samples, first.Samples) {
			t.Errorf("%s: %d samples, not the first source's %d", what, len(set.Samples), len(first.Samples))
		}
	}
	// Two sources are their games in turn, the second's indices after the
	// first's: taking every position, the second's are all repeats.
	all := testGamesSettings("running")
	all.PerGame = 0
	once, err := d.ImportGames(context.Background(), "once", all, nil)
	if err != nil {
		t.Fatal(err)
	}
	all.Sources = append(all.Sources, pgnFile)
	twice, err := d.ImportGames(context.Background(), "twice", all, nil)
	if err != nil {
		t.Fatal(err)
	}
	if twice.Meta.Games != 2*len(games) || twice.Positions != once.Positions || twice.Meta.Duplicates != once.Meta.Duplicates+once.Positions {
		t.Errorf("the games twice: %+v, %d positions; once %+v, %d", twice.Meta, twice.Positions, once.Meta, once.Positions)
	}
	// Another seed draws other samples.
	s := testGamesSettings("running")
	s.Seed++
	if _, err := d.ImportGames(context.Background(), "seed6", s, nil); err != nil {
		t.Fatal(err)
	}
	if other, _, _ := d.LoadDataset("seed6"); slices.Equal(other.Samples, first.Samples) {
		t.Error("another seed drew the same samples")
	}
}

// Games that cannot be read are skipped, counted and named; a source
// that is not there or cannot be read is an error and saves nothing.
func TestImportGamesBadInput(t *testing.T) {
	d, pgnFile, games := gamesDir(t)
	good, err := os.ReadFile(pgnFile)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(d.Root)
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	journal, err := os.ReadFile(filepath.Join(d.Root, Tournaments, "running", journalFile))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(journal), "\n")
	badJournal := write("bad.jsonl", lines[0]+"{\"job\":99,\"not\":\"a game\"}\n"+strings.Join(lines[1:], "")+lines[1][:40])
	illegal := "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n\n"
	contradicted := "[Event \"y\"]\n[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n\n"
	badPGN := write("bad.pgn", illegal+string(good)+contradicted)

	rep, err := d.ImportGames(context.Background(), "bad", testGamesSettings(badPGN, badJournal), nil)
	if err != nil {
		t.Fatal(err)
	}
	m := rep.Meta
	if m.Unreadable != 4 || m.Files[0].Unreadable != 2 || m.Files[1].Unreadable != 2 || m.Games != 2*len(games) {
		t.Errorf("%+v", m)
	}
	want := []string{badPGN + ": game 1, line 4: move \"Ke3\"", badPGN + ": game " + strconv.Itoa(len(games)+2) + ": the result 1/2-1/2 contradicts",
		badJournal + ": line 2: ", badJournal + ": line " + strconv.Itoa(len(games)+2) + ": the last line has no end"}
	for i, w := range want {
		if i >= len(rep.FirstBad) || !strings.HasPrefix(rep.FirstBad[i], w) {
			t.Errorf("bad game %d: %q, want it to start %q", i+1, rep.FirstBad, w)
		}
	}

	onlyDrawn := write("drawn.pgn", "[Event \"agreed\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n")
	for _, tc := range []struct {
		name    string
		sources []string
		want    string
	}{
		{"missing", []string{filepath.Join(dir, "nothing.pgn")}, "no such file, directory or tournament"},
		{"device", []string{"/dev/zero"}, "a device"},
		{"no-games-in-the-directory", []string{t.TempDir()}, "not a tournament's directory"},
		{"none", nil, "no games to read"},
		{"no-positions", []string{onlyDrawn}, "no positions in 1 games (1 discarded"},
		{"bad", []string{pgnFile}, "exists already"},
	} {
		_, err := d.ImportGames(context.Background(), tc.name, testGamesSettings(tc.sources...), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
		if _, err := d.DatasetInfo(tc.name); err == nil && tc.name != "bad" {
			t.Errorf("%s: a dataset was saved", tc.name)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := d.ImportGames(ctx, "stopped", testGamesSettings(pgnFile), nil); err == nil {
		t.Error("a stopped import saved")
	}
}

// Any bytes, as PGN or as a journal: games or bad games, never a panic.
func FuzzReadGames(f *testing.F) {
	f.Add([]byte("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"), false)
	f.Add([]byte(`{"job":0,"white":"a","black":"b","start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","result":"1-0","reason":"checkmate","moves":"e2e4","reports":[[0,1,2,3]]}`+"\n"), true)
	f.Fuzz(func(t *testing.T, data []byte, journal bool) {
		read := readPGNGames
		if journal {
			read = readJournalGames
		}
		err := read(bytes.NewReader(data), "fuzz", func(res *arena.GameResult) error {
			if _, _, err := sampleOnce(res); err != nil { // the readers replayed it
				t.Fatalf("a game read does not replay: %v", err)
			}
			return nil
		}, func(badGame) {})
		if err != nil {
			t.Fatalf("a reader's error from bytes in memory: %v", err)
		}
	})
}

// sampleOnce samples a game as an import does.
func sampleOnce(res *arena.GameResult) ([]dataset.Sample, bool, error) {
	s, err := dataset.NewSampler(dataset.Rules{})
	if err != nil {
		return nil, false, err
	}
	return s.Samples(0, res)
}
