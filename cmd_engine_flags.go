package main

import (
	"fmt"
	"strings"

	"github.com/evochess/evochess/core"
)

// Flag helpers shared by the commands that run the engine.

func presetList() string { return strings.Join(core.PlayerNames(), ", ") }

// searchModes is the --search synopsis; searchHelp says what each mode is.
var searchModes = strings.Join(core.SearchModeNames(), "|")

const searchHelp = "strong (PVS, null move, LMR, pruning: the default), plain (fixed-depth alpha-beta, then capture plies of quiescence), " +
	"paper000 (seed 000's: alpha-beta, no quiescence) or paper004 (seed 004's: alpha-beta, quiescence of captures and checks, hash table)"

func parseSearchMode(s string) (core.SearchMode, error) {
	m, err := core.ParseSearchMode(s)
	if err != nil {
		return m, fmt.Errorf("--search: %w", err)
	}
	return m, nil
}
