package common

import (
	"os"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Styles are made from one renderer: the local terminal's, or an SSH
// session's (so colours follow the client's terminal, not the server's).
type Styles struct {
	r                  *lipgloss.Renderer
	Color              bool // false: NO_COLOR or a dumb terminal; the board uses letters and patterns
	Title, Dim, Err    lipgloss.Style
	TabActive, Tab     lipgloss.Style
	Light, Dark        lipgloss.Style // squares
	Cursor, Selected   lipgloss.Style
	Target, LastMove   lipgloss.Style
	Check              lipgloss.Style
	WhitePiece, BlackP lipgloss.Style
	Panel, Header      lipgloss.Style
	Good, Bad          lipgloss.Style

	// A plot's two kinds of line: main and minor (see braillePlot).
	PlotMain, PlotMinor lipgloss.Style
}

// NewStyle is a style of the styles' renderer, for a page's own: a
// style from lipgloss.NewStyle would follow the server's terminal, not
// an SSH client's.
func (s *Styles) NewStyle() lipgloss.Style { return s.r.NewStyle() }

// NewStyles builds the styles for a renderer; plain (NO_COLOR, a dumb
// terminal) turns colour off whatever the renderer could do.
func NewStyles(r *lipgloss.Renderer, plain bool) *Styles {
	s := &Styles{r: r}
	s.Color = r.ColorProfile() != termenv.Ascii && !plain
	ns := r.NewStyle
	s.Title = ns().Bold(true)
	s.Dim = ns().Faint(true)
	s.Err = ns().Bold(true)
	s.TabActive = ns().Bold(true).Underline(true).Padding(0, 1)
	s.Tab = ns().Padding(0, 1)
	s.Panel = ns()
	s.Header = ns().Bold(true)
	s.Light, s.Dark, s.Cursor, s.Selected, s.Target, s.LastMove, s.Check = ns(), ns(), ns(), ns(), ns(), ns(), ns()
	s.WhitePiece, s.BlackP, s.Good, s.Bad = ns().Bold(true), ns(), ns(), ns()
	s.PlotMain, s.PlotMinor = ns(), ns()
	if s.Color {
		ac := func(light, dark string) lipgloss.AdaptiveColor {
			return lipgloss.AdaptiveColor{Light: light, Dark: dark}
		}
		s.Err = s.Err.Foreground(lipgloss.Color("9"))
		s.TabActive = s.TabActive.Foreground(lipgloss.Color("0")).Background(lipgloss.Color("12")).Underline(false)
		// Each colour names its 16-colour stand-in, so that light and dark
		// squares, highlights and both sides stay apart on any terminal.
		cc := func(tc, c256, c16 string) lipgloss.CompleteColor {
			return lipgloss.CompleteColor{TrueColor: tc, ANSI256: c256, ANSI: c16}
		}
		s.Light = ns().Background(cc("#d9b98c", "180", "3"))
		s.Dark = ns().Background(cc("#a47a4f", "137", "2"))
		s.Cursor = ns().Background(cc("#3a96dd", "39", "4"))
		s.Selected = ns().Background(cc("#b6c84a", "148", "6"))
		s.Target = ns().Background(cc("#7fa88a", "108", "6"))
		s.LastMove = ns().Background(cc("#c6b86a", "143", "5"))
		s.Check = ns().Background(cc("#d23030", "160", "1"))
		s.WhitePiece = ns().Foreground(cc("#ffffff", "231", "15")).Bold(true)
		s.BlackP = ns().Foreground(cc("#000000", "16", "0")).Bold(true)
		s.Good = ns().Foreground(ac("28", "10"))
		s.Bad = ns().Foreground(ac("124", "9"))
		s.Header = s.Header.Foreground(ac("25", "12"))
		// Orange and blue: apart for the common colour blindnesses too.
		s.PlotMain = ns().Foreground(ac("166", "214"))
		s.PlotMinor = ns().Foreground(ac("25", "39"))
	}
	return s
}

// PlainFromEnv reads https://no-color.org and dumb terminals from an
// environment (the process's, or an SSH session's). NO_COLOR counts only
// with a value: no-color.org says an empty one does not.
func PlainFromEnv(environ []string) bool {
	for _, kv := range environ {
		if len(kv) > len("NO_COLOR=") && strings.HasPrefix(kv, "NO_COLOR=") || kv == "TERM=dumb" {
			return true
		}
	}
	return false
}

// LocalPlain is PlainFromEnv of this process.
func LocalPlain() bool { return PlainFromEnv(os.Environ()) }
