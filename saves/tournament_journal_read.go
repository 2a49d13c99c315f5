package saves

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

var errLongLine = fmt.Errorf("a line longer than %d bytes", maxJournalLine)

// readJournal reads a journal's games from r: at most maxJournalGames
// lines of at most maxJournalLine bytes, each a game of its own job. end
// is where its whole, good lines end; dropped says something after them
// was left out: a line without its newline, or a bad last line, which is
// what a crash while a line was written leaves. A bad line before the
// last is an error.
func readJournal(r io.Reader, path string) (games []JournalGame, end int64, dropped bool, err error) {
	br := bufio.NewReaderSize(r, 64<<10)
	seen := map[int]int{} // job ID -> line
	var bad error         // the last line read, if it was bad
	for n := 1; ; n++ {
		line, err := readLine(br)
		if errors.Is(err, io.EOF) {
			return games, end, bad != nil || len(line) > 0, nil
		}
		if err != nil {
			return nil, 0, false, &FileError{Path: path, Line: n, Col: 1, Reason: err.Error()}
		}
		if bad != nil {
			return nil, 0, false, bad
		}
		g, err := decodeGameLine(line[:len(line)-1])
		if err != nil {
			bad = &FileError{Path: path, Line: n, Col: 1, Reason: err.Error()}
			continue
		}
		if first, ok := seen[g.Job]; ok {
			return nil, 0, false, &FileError{Path: path, Line: n, Col: 1, Reason: fmt.Sprintf("game %d again (first on line %d)", g.Job, first)}
		}
		if len(games) >= maxJournalGames {
			return nil, 0, false, &FileError{Path: path, Line: n, Col: 1, Reason: fmt.Sprintf("more than %d games", maxJournalGames)}
		}
		seen[g.Job] = n
		games = append(games, g)
		end += int64(len(line))
	}
}

// readLine returns the next line with its newline, or what is left
// without one and io.EOF.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > maxJournalLine {
			return nil, errLongLine
		}
		line = append(line, chunk...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, err
		}
	}
}

// unfinished says, for an unfinished tournament, how to resume it (nil
// for anything else).
func (d *Dir) unfinished(name string) error {
	cmd, games, ok, err := d.progress(name)
	switch {
	case err != nil:
		return err
	case !ok:
		return nil
	}
	return fmt.Errorf("tournament %q is unfinished (%d games played): resume it with: evochess %s --resume %s --data %s", name, games, cmd, name, d.Root)
}

// progress is an unfinished tournament's command and how many games its
// journal holds (whole lines, counted without decoding them); ok is false
// when name is not an unfinished tournament, err says why its settings
// cannot be read.
func (d *Dir) progress(name string) (cmd string, games int, ok bool, err error) {
	dir, err := d.path(Tournaments, name)
	if err != nil {
		return "", 0, false, nil
	}
	if _, err := os.Stat(filepath.Join(dir, recordFile)); err == nil {
		return "", 0, false, nil
	}
	var s TournamentSettings
	if err := open(filepath.Join(dir, progressFile), progressFormat, &s); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", 0, false, nil
		}
		return "", 0, false, err
	}
	if f, err := os.Open(filepath.Join(dir, journalFile)); err == nil {
		defer f.Close()
		buf := make([]byte, 64<<10)
		for {
			n, err := f.Read(buf)
			games += bytes.Count(buf[:n], []byte{'\n'})
			if err != nil {
				break
			}
		}
	}
	if s.Command != "match" {
		s.Command = "tournament"
	}
	return s.Command, games, true, nil
}
