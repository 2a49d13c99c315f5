package core

import (
	"slices"
	"testing"
)

func TestPlayers(t *testing.T) {
	names := PlayerNames()
	for _, want := range []string{"full", "seed000", "seed001", "seed003", "seed003_evolved", "seed004", "seed004_mid"} {
		if !slices.Contains(names, want) {
			t.Errorf("PlayerNames() = %v lacks %s", names, want)
		}
	}
	for _, name := range names {
		c, err := Player(name)
		if err != nil {
			t.Fatal(err)
		}
		if c.Name != name {
			t.Errorf("player %s is named %q", name, c.Name)
		}
		if _, err := c.Compile(); err != nil {
			t.Errorf("player %s: %v", name, err)
		}
	}
	if _, err := Player("seed002"); err == nil {
		t.Error("seed002 is not a player")
	}
	// Each call is a fresh copy.
	a, _ := Player("seed003_evolved")
	a.Values[0] = 1
	if b, _ := Player("seed003_evolved"); b.Values[0] != 7.57 {
		t.Error("players share their values")
	}
}
