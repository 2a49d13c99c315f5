package saves

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/core/pgn"
)

// Games played before are read from PGN files (ours, fastchess's,
// cutechess's, any) and from saved tournaments: a finished one keeps its
// games in games.pgn, an unfinished one (an SPRT still running, or
// stopped) in its journal, games.jsonl. Either is read as a stream, one
// game at a time, each read bounded (a PGN game to 4 MiB, a journal line
// to maxJournalLine), so a file of many gigabytes takes no more memory
// than its biggest game.

// gameFile is a file of games and how to read it.
type gameFile struct {
	Path    string
	Journal bool // games.jsonl lines, else PGN
	// Recorded is how the dataset names the file: as the user gave it, or
	// for a tournament saved in the data directory, relative to that
	// directory (tournaments/NAME/games.jsonl) — never this machine's
	// absolute path, so that a dataset committed or copied says the same
	// everywhere.
	Recorded string
}

// gameFiles bounds a file of games: big, but a device or a pipe is not one.
var gameFiles = core.FileLimit{What: "files of games", Max: 1 << 40}

// gameFileOf finds the games src names: a file (a journal when it ends
// in .jsonl, else PGN), a tournament's directory, or a tournament saved
// in d (NAME or tournament/NAME).
func (d *Dir) gameFileOf(src string) (gameFile, error) {
	fi, err := os.Stat(src)
	switch {
	case err == nil && fi.IsDir():
		return tournamentGames(src)
	case err == nil:
		return gameFile{Path: src, Journal: strings.HasSuffix(strings.ToLower(src), ".jsonl"), Recorded: src}, nil
	case !errors.Is(err, fs.ErrNotExist):
		return gameFile{}, err
	}
	name := strings.TrimPrefix(src, "tournament/")
	if dir, perr := d.path(Tournaments, name); perr == nil {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			f, err := tournamentGames(dir)
			if rel, rerr := filepath.Rel(d.Root, f.Path); err == nil && rerr == nil {
				f.Recorded = filepath.ToSlash(rel)
			}
			return f, err
		}
	}
	return gameFile{}, fmt.Errorf("%s: no such file, directory or tournament in %s", src, d.Root)
}

// tournamentGames is the file of a tournament directory's games: its
// games.pgn once it is finished (tournament.json beside it), else its
// journal.
func tournamentGames(dir string) (gameFile, error) {
	pgnPath, journal := filepath.Join(dir, "games.pgn"), filepath.Join(dir, journalFile)
	_, finished := os.Stat(filepath.Join(dir, recordFile))
	_, hasPGN := os.Stat(pgnPath)
	_, hasJournal := os.Stat(journal)
	switch {
	case hasPGN == nil && (finished == nil || hasJournal != nil):
		return gameFile{Path: pgnPath, Recorded: pgnPath}, nil
	case hasJournal == nil:
		return gameFile{Path: journal, Journal: true, Recorded: journal}, nil
	}
	return gameFile{}, fmt.Errorf("%s: no games.pgn or %s: not a tournament's directory", dir, journalFile)
}

// badGame says which game of a file could not be read, and why.
type badGame struct {
	Path  string
	Where string // "game N" (from 1) of a PGN file, "line N" of a journal
	Err   error
}

func (b badGame) Error() string {
	var pe *pgn.Error
	if errors.As(b.Err, &pe) { // it names the game and its line
		return fmt.Sprintf("%s: %v", b.Path, strings.TrimPrefix(pe.Error(), "pgn: "))
	}
	return fmt.Sprintf("%s: %s: %v", b.Path, b.Where, b.Err)
}

// readGames reads f's games in order, handing each to each and each that
// cannot be read to bad; an error of each, or a file that cannot be read
// at all, ends it.
func readGames(f gameFile, each func(*arena.GameResult) error, bad func(badGame)) error {
	r, err := gameFiles.Open(f.Path)
	if err != nil {
		return err
	}
	defer r.Close()
	if f.Journal {
		err = readJournalGames(r, f.Path, each, bad)
	} else {
		err = readPGNGames(r, f.Path, each, bad)
	}
	return err
}

// readPGNGames reads the games of a PGN stream (see arena.GameFromPGN).
func readPGNGames(r io.Reader, path string, each func(*arena.GameResult) error, bad func(badGame)) error {
	pr := pgn.NewReader(r)
	for n := 1; ; n++ {
		g, err := pr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		var pe *pgn.Error
		switch {
		case errors.As(err, &pe):
			bad(badGame{Path: path, Where: fmt.Sprint("game ", pe.Game), Err: err})
			continue
		case err != nil:
			return fmt.Errorf("%s: %w", path, err) // the file, not the game
		}
		res, err := arena.GameFromPGN(g)
		if err != nil {
			bad(badGame{Path: path, Where: fmt.Sprint("game ", n), Err: err})
			continue
		}
		if err := each(&res); err != nil {
			return err
		}
	}
}

// readJournalGames reads the games of a tournament's journal, a line
// each. A last line without its newline is a game being written (the
// tournament is running) or one a crash cut: it is bad as a line that
// does not decode is.
func readJournalGames(r io.Reader, path string, each func(*arena.GameResult) error, bad func(badGame)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		line, err := readLine(br)
		switch {
		case errors.Is(err, io.EOF):
			if len(line) > 0 {
				bad(badGame{Path: path, Where: fmt.Sprint("line ", n), Err: errors.New("the last line has no end (a game being written?)")})
			}
			return nil
		case errors.Is(err, errLongLine):
			bad(badGame{Path: path, Where: fmt.Sprint("line ", n), Err: err})
			if err := skipLine(br); err != nil {
				return nil // the long line was the last
			}
			continue
		case err != nil:
			return fmt.Errorf("%s: %w", path, err)
		}
		g, err := decodeGameLine(line[:len(line)-1])
		if err != nil {
			bad(badGame{Path: path, Where: fmt.Sprint("line ", n), Err: err})
			continue
		}
		if err := each(&g.Game); err != nil {
			return err
		}
	}
}

// skipLine reads to the end of the line readLine found too long.
func skipLine(br *bufio.Reader) error {
	for {
		_, err := br.ReadSlice('\n')
		if !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
	}
}
