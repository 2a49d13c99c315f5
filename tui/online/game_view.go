package online

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
)

// gamePanelWidth is the room the panel beside the board wants.
const gamePanelWidth = 36

// view draws the game in w×h: the board (my side at the bottom) and a
// panel of both clocks, whose turn, the last move, offers, absences, the
// move list and how the game ended. Two of its lines are for scripts as
// much as for people, always there and plain: "to move: white|black" and
// "last: <uci>" ("last: -" before the first move).
func (g *Game) viewAt(w, h int, now time.Time) string {
	if !g.loaded {
		return g.st.Dim.Render("waiting for the game…") + "\n" + g.statusLine(w)
	}
	ok, _ := g.canMove()
	var last core.Move = core.NullMove
	if n := len(g.view.Moves); n > 0 {
		last = g.view.Moves[n-1]
	}
	board := g.in.View(g.st, g.pos, last, ok, w-gamePanelWidth-2, h-1)
	g.in.BoardX, g.in.BoardY = 0, 0
	panelW := max(w-lipgloss.Width(board)-2, 20)
	return lipgloss.JoinHorizontal(lipgloss.Top, board, "  ", g.panel(panelW, max(lipgloss.Height(board), h-1), now))
}

func (g *Game) panel(w, h int, now time.Time) string {
	st, v := g.st, g.view
	var lines []string
	title := fmt.Sprintf("Game %d · %s", v.ID, specText(v.Spec))
	if v.Spectators > 0 {
		title += fmt.Sprintf(" · %d watching", v.Spectators)
	}
	lines = append(lines, st.Title.Render(components.Truncate(title, w)))
	top, bottom := core.Black, core.White
	if g.in.Flipped {
		top, bottom = core.White, core.Black
	}
	lines = append(lines, g.sideLine(top, w, now), g.sideLine(bottom, w, now))
	lines = append(lines, "to move: "+colorName(v.ToMove))
	lastText := "-"
	if n := len(v.Moves); n > 0 {
		lastText = v.Moves[n-1].String()
	}
	lines = append(lines, "last: "+lastText)
	if s := g.offerText(); s != "" {
		lines = append(lines, st.Header.Render(components.Truncate(s, w)))
	}
	if by := v.FirstMoveBy; !by.IsZero() && !v.Over {
		lines = append(lines, components.Truncate("first move within "+components.ClockText(by.Sub(now))+" or aborted", w))
	}
	for _, c := range []core.Color{core.White, core.Black} {
		if by := v.Absent[c]; !by.IsZero() && !v.Over {
			lines = append(lines, components.Truncate(fmt.Sprintf("%s has left: back within %s or loses", g.player(c).Name, components.ClockText(by.Sub(now))), w))
		}
	}
	if v.Over {
		lines = append(lines, st.Title.Render(components.Truncate(gameResultText(v), w)))
		if s := ratingText(v); s != "" {
			lines = append(lines, components.Truncate(s, w))
		}
		switch {
		case g.saving:
			lines = append(lines, st.Dim.Render("saving…"))
		case g.saved != "":
			lines = append(lines, components.Truncate(g.saved, w))
		}
	}
	lines = append(lines, "")
	moves := moveRows(g.view.SAN, g.view.StartFEN)
	tail := g.tailLines(w)
	room := max(h-len(lines)-len(tail), 1)
	if len(moves) > room {
		moves = moves[len(moves)-room:]
	}
	lines = append(lines, moves...)
	for len(lines) < h-len(tail) {
		lines = append(lines, "")
	}
	return strings.Join(append(lines, tail...), "\n")
}

// tailLines are the prompt and the status, at the panel's foot.
func (g *Game) tailLines(w int) []string {
	out := g.in.PromptLines(g.st, g.pos, w)
	if s := g.statusLine(w); s != "" {
		out = append(out, s)
	}
	return out
}

func (g *Game) statusLine(w int) string {
	if g.status == "" {
		return ""
	}
	s := components.Truncate(g.status, w)
	if g.statusBad {
		s = g.st.Err.Render(s)
	}
	return s
}

// sideLine is a player and their clock; » marks the side to move.
func (g *Game) sideLine(c core.Color, w int, now time.Time) string {
	v := g.view
	mark := "  "
	if !v.Over && v.ToMove == c {
		mark = "» "
	}
	u := g.player(c)
	name := u.Name + kindTag(u.Kind)
	if my, plays := g.mine(); plays && my == c {
		name += " (you)"
	}
	clock := components.ClockText(g.ClockLeft(c, now))
	label := fmt.Sprintf("%s%-5s %s", mark, colorName(c), name)
	pad := max(w-lipgloss.Width(label)-len(clock), 1)
	if lipgloss.Width(label)+len(clock)+1 > w {
		label = components.Truncate(label, max(w-len(clock)-1, 4))
		pad = 1
	}
	return label + strings.Repeat(" ", pad) + clock
}

// ClockLeft is side c's time: the server's reading, less what has gone
// since it was taken for the side to move while the clock runs.
func (g *Game) ClockLeft(c core.Color, now time.Time) time.Duration {
	v := g.view
	t := v.Clock[c]
	if v.Running && !v.Over && v.ToMove == c {
		t -= now.Sub(v.AsOf)
	}
	return max(t, 0)
}

func (g *Game) player(c core.Color) lobby.User {
	if c == core.White {
		return g.view.White
	}
	return g.view.Black
}

// offerText says what is offered and who is to answer.
func (g *Game) offerText() string {
	o := g.view.Offer
	if o.Kind == lobby.NoOffer || g.view.Over {
		return ""
	}
	what := map[lobby.OfferKind]string{lobby.DrawOffer: "a draw", lobby.TakebackOffer: "a takeback"}[o.Kind]
	if g.offerToMe() {
		return fmt.Sprintf("%s offers %s: y accepts, n declines", g.player(o.By).Name, what)
	}
	if my, plays := g.mine(); plays && my == o.By {
		return fmt.Sprintf("you offered %s: waiting for an answer", what)
	}
	return fmt.Sprintf("%s offers %s", g.player(o.By).Name, what)
}

// gameResultText says how a lobby game ended.
func gameResultText(v lobby.GameView) string {
	if v.Reason == "aborted" {
		return "game aborted: no result"
	}
	res := map[core.Outcome]string{core.WhiteWins: "1-0, white wins", core.BlackWins: "0-1, black wins", core.Draw: "½-½, draw"}[v.Result]
	if res == "" {
		res = "no result"
	}
	how := map[string]string{"time": "on time", "abandoned": "by abandonment", "fifty moves": "by the fifty-move rule"}[v.Reason]
	if how == "" {
		how = "by " + common.Sanitize(v.Reason, 40)
	}
	return fmt.Sprintf("game over: %s %s", res, how)
}

// ratingText is a rated game's rating changes.
func ratingText(v lobby.GameView) string {
	if !v.Spec.Rated || v.RatingDelta == [2]float64{} {
		return ""
	}
	return fmt.Sprintf("rating: %s %+.1f, %s %+.1f", v.White.Name, v.RatingDelta[core.White], v.Black.Name, v.RatingDelta[core.Black])
}

func colorName(c core.Color) string {
	if c == core.Black {
		return "black"
	}
	return "white"
}

// moveRows lays SAN moves out two a row, numbered from the start
// position's move number.
func moveRows(sans []string, startFEN string) []string {
	first, black := 1, false
	if p, err := core.ParseFEN(startFEN); err == nil {
		first, black = p.FullmoveNumber(), p.SideToMove() == core.Black
	}
	var rows []string
	i := 0
	if black && len(sans) > 0 {
		rows = append(rows, fmt.Sprintf("%3d. …       %s", first, sans[0]))
		i, first = 1, first+1
	}
	for ; i < len(sans); i += 2 {
		row := fmt.Sprintf("%3d. %-8s", first, sans[i])
		if i+1 < len(sans) {
			row += " " + sans[i+1]
		}
		rows = append(rows, row)
		first++
	}
	return rows
}

// specText is a seek's terms: "3+2 rated, white".
func specText(s lobby.SeekSpec) string {
	out := tcText(s)
	if s.Rated {
		out += " rated"
	} else {
		out += " casual"
	}
	switch s.Color {
	case lobby.AsWhite:
		out += ", white"
	case lobby.AsBlack:
		out += ", black"
	}
	return out
}

// tcText is a clock as chess players write it: minutes + seconds ("3+2"),
// or seconds when under a minute ("1s+0").
func tcText(s lobby.SeekSpec) string {
	b, inc := s.TC.Base, s.TC.Inc
	if b%time.Minute == 0 && b > 0 {
		return fmt.Sprintf("%d+%s", int(b/time.Minute), common.TrimZero(inc.Seconds()))
	}
	return fmt.Sprintf("%ss+%s", common.TrimZero(b.Seconds()), common.TrimZero(inc.Seconds()))
}
