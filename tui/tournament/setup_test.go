package tournament

import (
	"reflect"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
)

// The set-up list's players are those of the SPECs of evochess tournament.
func TestTournamentEntries(t *testing.T) {
	tp := &Page{WorkTab: components.WorkTab{Env: &common.Env{Engines: []string{"/usr/games/phalanx"}}}}
	tp.Refresh()
	tests := []struct {
		entry       tourEntry
		label, spec string
	}{
		{tp.entries[0], "full", "name=full,chromosome=full"},
		{tp.entries[1], "seed000", "name=seed000,chromosome=seed000"},
		{tp.entries[len(tp.entries)-1], "phalanx (xboard, depth 1)", "name=phalanx1,xboard=/usr/games/phalanx,args=-l-,depth=1"},
	}
	for _, tc := range tests {
		want, err := arena.ParsePlayerSpec(tc.spec, nil)
		if err != nil {
			t.Fatal(err)
		}
		if tc.entry.label != tc.label || !reflect.DeepEqual(tc.entry.spec, want) {
			t.Errorf("entry %q %+v, want %q %+v", tc.entry.label, tc.entry.spec, tc.label, want)
		}
	}
}
