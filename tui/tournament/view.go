package tournament

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
)

func (t *Page) liveView() string {
	st := t.St
	tb := t.table
	var b strings.Builder
	total := 0
	if tb != nil {
		total = tb.Total
	}
	done := len(t.results)
	if tb != nil {
		done = tb.Played
	}
	title := tourFormats[t.format] + " · " + tourTCs[t.tc]
	if t.Watching != nil {
		title = t.Watching.Name
	}
	b.WriteString(st.Title.Render(title) + "  " + components.Progress(st, done, total, 30, time.Since(t.started)) + "\n")
	if t.Status != "" {
		b.WriteString(st.Dim.Render(t.Status) + "\n")
	}
	b.WriteString(strings.TrimPrefix(components.WorkersView(st, t.Env, t.W)+"\n", "\n"))
	b.WriteString("\n")
	if tb != nil {
		b.WriteString(standingsTable(st, tb))
	}
	if len(t.live) > 0 {
		b.WriteString("\n" + st.Header.Render("Playing now") + "\n")
		b.WriteString(t.miniBoards())
	}
	if len(t.pairings) > 0 {
		b.WriteString("\n" + st.Header.Render("Bracket") + "\n")
		for _, p := range t.pairings {
			win := "tie, nobody overwritten"
			if p.Winner != "" {
				win = p.Winner + " goes on"
				if p.Note != "" {
					win += " (" + p.Note + ")"
				}
			}
			b.WriteString(components.Truncate(fmt.Sprintf("%d. %s %s–%s %s  [%s]  %s", p.Round, p.NameA, trimFloat(p.PointsA), trimFloat(p.PointsB), p.NameB, strings.Join(p.Games, ", "), win), t.W) + "\n")
		}
		if t.report != nil && len(t.report.Final) > 0 {
			b.WriteString(st.Dim.Render("final line: "+strings.Join(t.report.Final, " · ")) + "\n")
		}
	}
	if len(t.results) > 0 && !t.mode.live() {
		b.WriteString("\n" + st.Header.Render("Games") + st.Dim.Render("  ↑↓ choose · enter replays (←→ step, esc back) · esc or n: a new tournament") + "\n")
		t.pick = min(t.pick, len(t.results)-1)
		from := max(0, min(t.pick-2, len(t.results)-5))
		for i := from; i < len(t.results) && i < from+5; i++ {
			g := t.results[i]
			line := fmt.Sprintf("%3d. %s – %s  %s  %s, %d plies", i+1, g.White, g.Black, resultText(g.Outcome), g.Reason, len(g.Moves))
			if i == t.pick {
				line = st.Header.Render("› " + line)
			} else {
				line = "  " + line
			}
			b.WriteString(components.Truncate(line, t.W) + "\n")
		}
	}
	return b.String()
}

// standingsTable draws rank, player, points, W-D-L, Elo ± error and the
// score matrix.
func standingsTable(st *common.Styles, tb *arena.Table) string {
	var b strings.Builder
	stand := tb.Standings()
	b.WriteString(st.Header.Render(fmt.Sprintf("%-3s %-16s %6s %5s %-11s %-12s", "#", "player", "points", "games", "W-D-L", "Elo")))
	order := make([]int, len(stand))
	for i, s := range stand {
		order[i] = s.Index
	}
	for i := range stand {
		b.WriteString(st.Header.Render(fmt.Sprintf(" %4d", i+1)))
	}
	b.WriteString("\n")
	for r, s := range stand {
		elo := "—"
		if s.Games > 0 {
			elo = fmt.Sprintf("%+.0f ± %.0f", s.Elo, s.Error)
		}
		b.WriteString(fmt.Sprintf("%-3d %-16s %6.1f %5d %-11s %-12s", r+1, components.Truncate(s.Player, 16), s.Points, s.Games, fmt.Sprintf("%d-%d-%d", s.W, s.D, s.L), elo))
		for _, j := range order {
			cell := "   ·"
			if j == s.Index {
				cell = "   ×"
			} else if tb.Games[s.Index][j] > 0 {
				cell = fmt.Sprintf("%4s", trimFloat(tb.Score[s.Index][j]))
			}
			b.WriteString(" " + cell)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func trimFloat(f float64) string {
	s := fmt.Sprintf("%.1f", f)
	return strings.TrimSuffix(s, ".0")
}

// miniBoards draws the games in progress as small letter boards.
func (t *Page) miniBoards() string {
	ids := make([]int, 0, len(t.live))
	for id := range t.live {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	var boards []string
	for _, id := range ids {
		g := t.live[id]
		pos, err := core.ParseFEN(g.fen)
		if err != nil {
			continue
		}
		var b strings.Builder
		b.WriteString(components.Truncate(g.white+"–"+g.black, 17) + "\n")
		for r := 7; r >= 0; r-- {
			for f := 0; f < 8; f++ {
				pc := pos.PieceAt(core.MakeSquare(f, r))
				ch := "."
				if pc != core.NoPiece {
					ch = string(pc.Char())
				}
				b.WriteString(ch + " ")
			}
			b.WriteString("\n")
		}
		b.WriteString(t.St.Dim.Render(fmt.Sprintf("ply %d", g.ply)))
		boards = append(boards, b.String())
		if len(boards)*19 > t.W {
			break
		}
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, interleave(boards, "  ")...)
}

func interleave(items []string, sep string) []string {
	var out []string
	for i, s := range items {
		if i > 0 {
			out = append(out, sep)
		}
		out = append(out, s)
	}
	return out
}

func (t *Page) replayView() string {
	g := t.results[t.replay]
	pos, err := core.ParseFEN(g.StartFEN)
	if err != nil {
		return err.Error()
	}
	for _, m := range g.Moves[:t.replayPly] {
		pos.MakeMove(m.Move)
	}
	bw, bh := components.FitSquares(t.W-30, t.H-2)
	bv := components.Board{Pos: pos, Cursor: core.NoSquare, Selected: core.NoSquare, Last: pos.LastMove(), SqW: bw, SqH: bh}
	info := fmt.Sprintf("%s – %s\n%s (%s)\nply %d of %d", g.White, g.Black, resultText(g.Outcome), g.Reason, t.replayPly, len(g.Moves))
	if t.replayPly > 0 {
		m := g.Moves[t.replayPly-1]
		info += fmt.Sprintf("\n%s  %d/%d  %s", m.SAN, m.Score, m.Depth, m.Time.Round(time.Millisecond))
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, bv.Render(t.St), "  ", info)
}

func resultText(o core.Outcome) string {
	return map[core.Outcome]string{core.WhiteWins: "1-0", core.BlackWins: "0-1", core.Draw: "½-½", core.Ongoing: "*"}[o]
}
