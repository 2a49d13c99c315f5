package main

import (
	"fmt"
	"strings"

	"github.com/evochess/evochess/core"
)

// Flag helpers shared by the commands that run the engine.

func presetList() string { return strings.Join(core.PlayerNames(), ", ") }

func parseSearchMode(s string) (core.SearchMode, error) {
	switch strings.ToLower(s) {
	case "strong":
		return core.Strong, nil
	case "plain":
		return core.Plain, nil
	}
	return 0, fmt.Errorf("--search %q is not strong or plain", s)
}
