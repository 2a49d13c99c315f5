package play

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/tui/components"
)

// gameOverText says how a game ended by the rules.
func gameOverText(st core.Status) string {
	res := map[core.Outcome]string{core.WhiteWins: "1-0, white wins", core.BlackWins: "0-1, black wins", core.Draw: "½-½, draw"}[st.Outcome]
	return fmt.Sprintf("game over: %s by %s", res, st.Reason)
}

func (p *Page) lineup() string {
	name := func(c core.Color) string {
		if p.sideKind(c) == human {
			return "you"
		}
		return fmt.Sprintf("%s (%s)", p.engineName(), engineLevels[p.level])
	}
	return fmt.Sprintf("white: %s  ·  black: %s", name(core.White), name(core.Black))
}

func (p *Page) View() string {
	side := 34
	board := p.in.View(p.st, p.pos, p.pos.LastMove(), p.humanToMove() && !p.settingUp, p.w-side-2, p.h-1)
	p.in.BoardX, p.in.BoardY = 0, 0
	panelW := max(p.w-lipgloss.Width(board)-2, 20)
	panel := p.panel(panelW, lipgloss.Height(board))
	return lipgloss.JoinHorizontal(lipgloss.Top, board, "  ", panel)
}

func (p *Page) panel(w, h int) string {
	st := p.st
	var lines []string
	lines = append(lines, st.Header.Render("White ")+p.sideName(core.White), st.Header.Render("Black ")+p.sideName(core.Black))
	if p.clockTC != nil {
		lines = append(lines, fmt.Sprintf("clock  white %s  black %s", components.ClockText(p.left(core.White)), components.ClockText(p.left(core.Black))))
	}
	if p.flagged != 0 {
		lines = append(lines, st.Title.Render(p.timeText()))
	} else if stt := p.pos.Status(); stt.Over() {
		lines = append(lines, st.Title.Render(gameOverText(stt)))
	} else if p.thinking {
		in := p.info
		line := "thinking…"
		if in.Depth > 0 {
			line = fmt.Sprintf("depth %d  %s  %dk nodes  %s", in.Depth, core.WhiteScoreText(in.Score, p.infoPos.SideToMove()), in.Nodes/1000, core.SANLine(p.infoPos, in.PV, 6))
		}
		lines = append(lines, st.Dim.Render(components.Truncate(line, w)))
	} else {
		lines = append(lines, fmt.Sprintf("%s to move", map[core.Color]string{core.White: "White", core.Black: "Black"}[p.pos.SideToMove()]))
	}
	lines = append(lines, "")
	// The move list, the last moves that fit.
	var moves []string
	first := p.pos.FullmoveNumber() - (len(p.sans)+btoi(p.pos.SideToMove() == core.Black))/2
	startBlack := (len(p.sans)%2 == 1) == (p.pos.SideToMove() == core.White)
	for i := 0; i < len(p.sans); {
		num := first + len(moves)
		if i == 0 && startBlack {
			moves = append(moves, fmt.Sprintf("%3d. …      %s", num, p.sans[0]))
			i++
			continue
		}
		row := fmt.Sprintf("%3d. %-7s", num, p.sans[i])
		if i+1 < len(p.sans) {
			row += " " + p.sans[i+1]
		}
		moves = append(moves, row)
		i += 2
	}
	room := max(h-len(lines)-3, 1)
	if len(moves) > room {
		moves = moves[len(moves)-room:]
	}
	lines = append(lines, moves...)
	for len(lines) < h-2 {
		lines = append(lines, "")
	}
	if p.settingUp {
		lines = append(lines, p.setup.View())
	} else {
		lines = append(lines, p.in.PromptLines(st, p.pos, w)...)
	}

	if p.status != "" {
		s := components.Truncate(p.status, w)
		if p.statusBad {
			s = st.Err.Render(s)
		}
		lines = append(lines, s)
	}
	return strings.Join(lines, "\n")
}

func (p *Page) sideName(c core.Color) string {
	if p.sideKind(c) == human {
		return "you"
	}
	return fmt.Sprintf("%s, %s", p.engineName(), engineLevels[p.level])
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
