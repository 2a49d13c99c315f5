package evolution

import (
	"testing"

	"github.com/evochess/evochess/tui/common"
)

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
	for _, row := range New(&common.Env{}, nil, common.DefaultKeyMap()).FullHelp() {
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
