package tui

import (
	"fmt"
	"math"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/tui/common"
)

// settingFields are the form's fields above the players.
func (t *tournamentPage) settingFields() []formField {
	return []formField{
		choiceField("format", tourFormats, &t.format),
		choiceField("time control", tourTCs, &t.tc),
		numberField("rounds", &t.rounds, 1, 1, 50),
		workersField("concurrency", &t.workers, t.env),
		numberField("seed", &t.seed, 1, 1, math.MaxInt),
		{label: "openings", adjust: func(int) { t.noBook = !t.noBook }, value: func() string {
			return map[bool]string{false: arena.BuiltinBook + " (colour-swapped pairs)", true: "start position"}[t.noBook]
		}},
	}
}

// playerField is entries[i]'s tick box: enter or a click ticks it.
func (t *tournamentPage) playerField(i int) formField {
	e := &t.entries[i]
	return formField{toggle: func() { e.on = !e.on }, value: func() string {
		box := "[ ]"
		if e.on {
			box = "[x]"
		}
		return box + " " + e.label
	}}
}

func (t *tournamentPage) setupView() string {
	st, f := t.st, &t.form
	f.begin()
	live := ""
	if others := t.env.Hub.Others(common.LiveTournament, t.env); len(others) > 0 {
		live = st.Header.Render(fmt.Sprintf("live in another session: %s — v watches it", others[0].Name))
	}
	f.text(st.Title.Render("New tournament")+st.Dim.Render("   ↑↓ choose · ←→ change · enter toggles a player · s starts"), live)
	for i := range t.firstPlayer {
		f.field(i)
	}
	f.text("", st.Header.Render("Players"))
	// The players scroll to keep the focused one in view.
	first := t.firstPlayer + max(0, f.focus-t.firstPlayer-(t.h-17))
	for i := first; i < len(f.fields) && f.height() < t.h-1; i++ {
		f.field(i)
	}
	if t.status != "" {
		f.text(st.Err.Render(t.status))
	}
	return f.view()
}
