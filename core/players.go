package core

import (
	"fmt"
	"sort"
	"strings"
)

// Named players: every preset's default chromosome plays under the
// preset's name; a few presets name further fixed chromosomes on the same
// schema (seed003_evolved, seed004_mid — docs/chromosomes.md 4.3, 5.3).

var players = map[string]func() *Chromosome{}

// registerPlayer names a chromosome of an existing preset.
func registerPlayer(name string, f func() *Chromosome) { players[name] = f }

// PlayerNames lists every named player, presets included, sorted.
func PlayerNames() []string {
	out := PresetNames()
	for n := range players {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Player returns a fresh copy of a named player's chromosome.
func Player(name string) (*Chromosome, error) {
	key := strings.ToLower(name)
	if f, ok := players[key]; ok {
		return f(), nil
	}
	if _, ok := presets[key]; !ok {
		return nil, fmt.Errorf("unknown player %q (have %s)", name, strings.Join(PlayerNames(), ", "))
	}
	s, err := Preset(key)
	if err != nil {
		return nil, err
	}
	c := s.Default()
	c.Name = s.Name
	return c, nil
}
