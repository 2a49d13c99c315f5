package tournament

import (
	"strconv"

	"github.com/evochess/evochess/arena"
)

// tourSettings is a tournament's set-up as the flags of evochess
// tournament, for the saved record, as the command line keeps its own
// (the players are in the record by name).
func tourSettings(t *arena.Tournament) []string {
	book := ""
	if t.Book != nil {
		book = t.Book.Name
	}
	return []string{"--format", t.Format, "--tc", t.Options.TC.String(), "--rounds", strconv.Itoa(t.Rounds),
		"--concurrency", strconv.Itoa(t.Workers), "--seed", strconv.FormatUint(t.Seed, 10),
		"--max-moves", strconv.Itoa(t.Options.MaxMoves), "--openings", book}
}
