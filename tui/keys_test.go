package tui

import (
	"reflect"
	"testing"

	"github.com/charmbracelet/bubbles/key"
)

// Help lines show a key and what it does: a key named like its help
// ("up up • left left") says nothing twice.
func TestHelpShowsKeysNotNames(t *testing.T) {
	km := reflect.ValueOf(DefaultKeyMap())
	for i := range km.NumField() {
		b := km.Field(i).Interface().(key.Binding)
		h := b.Help()
		if h.Key == "" || h.Desc == "" || h.Key == h.Desc {
			t.Errorf("%s: help %q %q", km.Type().Field(i).Name, h.Key, h.Desc)
		}
	}
}

// V steps through 0, 1, 2, 5, 10 and back to off; an interval set on the
// command line moves to the next larger step instead of being dropped.
func TestNextValidateEvery(t *testing.T) {
	for _, tc := range [][2]int{{0, 1}, {1, 2}, {2, 5}, {3, 5}, {5, 10}, {7, 10}, {10, 0}, {25, 0}} {
		if got := nextValidateEvery(tc[0]); got != tc[1] {
			t.Errorf("after %d: %d, want %d", tc[0], got, tc[1])
		}
	}
}

// No key of the Evolution tab's help does two things.
func TestEvolutionKeysDistinct(t *testing.T) {
	seen := map[string]string{}
	for _, row := range newEvolutionPage(&Env{}, nil, DefaultKeyMap()).FullHelp() {
		for _, b := range row {
			for _, k := range b.Keys() {
				if other, ok := seen[k]; ok && other != b.Help().Desc {
					t.Errorf("key %q: %q and %q", k, other, b.Help().Desc)
				}
				seen[k] = b.Help().Desc
			}
		}
	}
}
