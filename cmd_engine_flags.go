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

// parseOptions reads --option NAME=VALUE flags into name/value pairs,
// whitespace around each trimmed; what the names and values mean is the
// caller's to check (core.SearchParams.SetAll).
func parseOptions(flags []string) ([][2]string, error) {
	var out [][2]string
	for _, o := range flags {
		name, value, ok := strings.Cut(o, "=")
		if !ok || strings.TrimSpace(name) == "" {
			return nil, fmt.Errorf("--option %q is not NAME=VALUE", o)
		}
		out = append(out, [2]string{strings.TrimSpace(name), strings.TrimSpace(value)})
	}
	return out, nil
}

func parseSearchMode(s string) (core.SearchMode, error) {
	m, err := core.ParseSearchMode(s)
	if err != nil {
		return m, fmt.Errorf("--search: %w", err)
	}
	return m, nil
}
