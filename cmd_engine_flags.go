package main

import (
	"fmt"
	"strings"

	"github.com/evochess/evochess/core"
)

// Flag helpers shared by the commands that run the engine.

func presetList() string { return strings.Join(core.PlayerNames(), ", ") }

func parseSearchMode(s string) (core.SearchMode, error) {
	m, err := core.ParseSearchMode(s)
	if err != nil {
		return m, fmt.Errorf("--search: %w", err)
	}
	return m, nil
}
