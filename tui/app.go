package tui

import (
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
	"github.com/evochess/evochess/tui/evolution"
	"github.com/evochess/evochess/tui/tournament"
)

// page is one tab: a model with a size and its own help.
type page interface {
	tea.Model
	Title() string
	SetSize(w, h int)
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
	// Owns: msg is the page's own (its work reporting back: an engine's
	// move, a tournament's events), delivered to it whichever tab is in
	// front.
	Owns(msg tea.Msg) bool
	// Capturing: the page is taking text (a prompt), so single-letter
	// global keys must reach it.
	Capturing() bool
}

// Minimum window; below it the app says so instead of drawing.
const (
	MinWidth  = 60
	MinHeight = 20
)

// App is the root model: it owns the tabs, routes keys to the active one
// and data messages to the one that owns them, and draws the tab bar and
// help around it.
type App struct {
	env      *common.Env
	st       *common.Styles
	keys     common.KeyMap
	help     help.Model
	pages    []page // in tabID order
	active   tabID
	w, h     int
	showHelp bool
	tabXs    []int // where each tab's label ends on the bar, for clicks

	lastInput  time.Time // the last key or click, for Env.Idle
	idleClosed bool
}

// New makes the app for one terminal: r renders for it (an SSH session's
// own renderer), plain turns colour off.
func New(env *common.Env, r *lipgloss.Renderer, plain bool) *App {
	st := common.NewStyles(r, plain)
	keys := common.DefaultKeyMap()
	h := help.New()
	// Every style from this app's renderer: help.New's own come from the
	// process's terminal, not an SSH client's.
	plainStyle, faint := st.NewStyle(), st.NewStyle().Faint(true)
	h.Styles = help.Styles{ShortKey: st.Header, ShortDesc: plainStyle, ShortSeparator: faint, Ellipsis: faint,
		FullKey: st.Header, FullDesc: plainStyle, FullSeparator: faint}
	a := &App{env: env, st: st, keys: keys, help: h, w: 80, h: 24, lastInput: time.Now()}
	a.pages = []page{newPlayTab(env, st, keys), tournament.New(env, st, keys), evolution.New(env, st, keys)}
	a.resize()
	return a
}

func (a *App) Init() tea.Cmd {
	cmds := []tea.Cmd{a.idleWait()}
	for _, p := range a.pages {
		cmds = append(cmds, p.Init())
	}
	return tea.Batch(cmds...)
}

const headerLines = 2 // tab bar and a blank line

func (a *App) bodySize() (int, int) { return a.w, a.h - headerLines - 1 }

func (a *App) resize() {
	w, h := a.bodySize()
	for _, p := range a.pages {
		p.SetSize(w, h)
	}
	a.help.Width = a.w
}

// tabID is a tab's place on the bar and in App.pages: tab 1 is tabPlay.
type tabID int

const (
	tabNone tabID = iota - 1 // no tab: a message for the active one
	tabPlay
	tabTournament
	tabEvolution
)

// owner says which page a data message belongs to: the one that owns it.
func (a *App) owner(msg tea.Msg) tabID {
	for i, p := range a.pages {
		if p.Owns(msg) {
			return tabID(i)
		}
	}
	return tabNone
}

func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.w, a.h = msg.Width, msg.Height
		a.resize()
		return a, nil
	case common.ForwardMsg:
		_, cmd := a.Update(msg.Msg)
		return a, tea.Batch(cmd, msg.Next)
	case idleCheckMsg:
		return a, a.idleCheck()
	case tea.KeyMsg:
		a.input()
		return a, a.key(msg)
	case tea.MouseMsg:
		a.input()
		if msg.Y == 0 && msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft {
			for i, end := range a.tabXs {
				if msg.X < end {
					return a, a.show(tabID(i))
				}
			}
			return a, nil
		}
		msg.Y -= headerLines
		return a, a.send(a.active, msg)
	}
	if i := a.owner(msg); i != tabNone {
		return a, a.send(i, msg)
	}
	return a, a.send(a.active, msg)
}

func (a *App) show(i tabID) tea.Cmd {
	var hide tea.Cmd
	if i != a.active {
		hide = a.send(a.active, common.HiddenMsg{})
	}
	a.active = i
	return tea.Batch(hide, a.send(i, common.ShownMsg{}))
}

// noticer is a page that may want the user wherever they are (a
// challenge, their move): the tab bar shows what it says.
type noticer interface {
	notice(active bool) string
}

func (a *App) send(i tabID, msg tea.Msg) tea.Cmd {
	m, cmd := a.pages[i].Update(msg)
	a.pages[i] = m.(page)
	return cmd
}

func (a *App) key(msg tea.KeyMsg) tea.Cmd {
	k := a.keys
	if msg.Type == tea.KeyCtrlC {
		return tea.Quit
	}
	if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
		// Keys typed faster than the terminal is read (or sent by a
		// script, or over a slow SSH link) arrive together: each is a key.
		var cmds []tea.Cmd
		for _, r := range msg.Runes {
			cmds = append(cmds, a.key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt}))
		}
		return tea.Batch(cmds...)
	}
	if a.pages[a.active].Capturing() {
		return a.send(a.active, msg)
	}
	switch {
	case a.showHelp && (key.Matches(msg, k.Help) || key.Matches(msg, k.Back)):
		a.showHelp = false
	case key.Matches(msg, k.Help):
		a.showHelp = true
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.NextTab):
		return a.show((a.active + 1) % tabID(len(a.pages)))
	case key.Matches(msg, k.PrevTab):
		return a.show((a.active + tabID(len(a.pages)) - 1) % tabID(len(a.pages)))
	case key.Matches(msg, k.Tab1):
		return a.show(tabPlay)
	case key.Matches(msg, k.Tab2):
		return a.show(tabTournament)
	case key.Matches(msg, k.Tab3):
		return a.show(tabEvolution)
	default:
		return a.send(a.active, msg)
	}
	return nil
}

func (a *App) View() string {
	if a.w < MinWidth || a.h < MinHeight {
		return a.st.Err.Render("window too small") + "\n" +
			a.st.NewStyle().Width(max(a.w, 10)).Render("evochess needs at least "+strconv.Itoa(MinWidth)+"×"+strconv.Itoa(MinHeight)+"; this one is "+strconv.Itoa(a.w)+"×"+strconv.Itoa(a.h)+".")
	}
	var tabs []string
	a.tabXs = a.tabXs[:0]
	x := 0
	for i, p := range a.pages {
		label := strconv.Itoa(i+1) + " " + p.Title()
		s := a.st.Tab.Render(label)
		if tabID(i) == a.active {
			s = a.st.TabActive.Render(label)
		}
		x += lipgloss.Width(s)
		a.tabXs = append(a.tabXs, x)
		tabs = append(tabs, s)
	}
	bar := strings.Join(tabs, "") + a.st.Dim.Render("   evochess")
	for i, p := range a.pages {
		if n, ok := p.(noticer); ok {
			if s := n.notice(tabID(i) == a.active); s != "" {
				bar = strings.Join(tabs, "") + "  " + a.st.Header.Render(components.Truncate("» "+s, max(a.w-x-2, 4)))
				break
			}
		}
	}
	_, bodyH := a.bodySize()
	var body string
	if a.showHelp {
		groups := append(a.pages[a.active].FullHelp(), []key.Binding{a.keys.NextTab, a.keys.PrevTab, a.keys.Tab1, a.keys.Tab2, a.keys.Tab3, a.keys.Help, a.keys.Quit})
		body = a.st.Title.Render(a.pages[a.active].Title()+" — keys") + "\n\n" + a.help.FullHelpView(groups)
	} else {
		body = a.pages[a.active].View()
	}
	body = a.st.NewStyle().MaxHeight(bodyH).MaxWidth(a.w).Render(body)
	body += strings.Repeat("\n", max(bodyH-lipgloss.Height(body), 0))
	footer := components.Truncate(a.help.ShortHelpView(append(a.pages[a.active].ShortHelp(), a.keys.GlobalHelp()...)), a.w)
	return bar + "\n\n" + body + "\n" + footer
}
