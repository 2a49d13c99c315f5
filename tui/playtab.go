package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/online"
	"github.com/evochess/evochess/tui/play"
)

// playTab is the Play tab: the board (a game against the engine, or
// between two people at one terminal) and, L turning to it, the lobby
// (people online, seeks, challenges, the ladder, the game played or
// watched online). Each side is a page of its own that knows nothing of
// the other: the tab hands keys and clicks to the side in front, and each
// side its own messages whichever is in front; it turns to the lobby when
// a game of this session opens there by itself, and the tab bar says what
// the lobby wants of the user.
type playTab struct {
	board   *play.Page
	lobby   *online.Lobby
	keys    common.KeyMap
	w, h    int
	inLobby bool
	active  bool // the tab is in front
}

func newPlayTab(env *common.Env, st *common.Styles, keys common.KeyMap) *playTab {
	return &playTab{board: play.New(env, st, keys), lobby: online.New(env, st, keys), keys: keys,
		active: true} // Play is the first tab
}

func (p *playTab) Title() string { return p.board.Title() }

func (p *playTab) SetSize(w, h int) {
	p.w, p.h = w, h
	p.board.SetSize(w, h)
}

func (p *playTab) Init() tea.Cmd {
	lobbyCmd := p.lobby.Init()
	if p.lobby.TakeOpened() { // back after a reconnection: the game comes first
		lobbyCmd = tea.Batch(lobbyCmd, p.showLobby(true))
	}
	return tea.Batch(p.board.Init(), lobbyCmd)
}

func (p *playTab) Owns(msg tea.Msg) bool { return p.board.Owns(msg) || p.lobby.Owns(msg) }

// ShortHelp and FullHelp are the keys of the side in front.
func (p *playTab) ShortHelp() []key.Binding {
	if p.inLobby {
		return p.lobby.ShortHelp()
	}
	return p.board.ShortHelp()
}

func (p *playTab) FullHelp() [][]key.Binding {
	if p.inLobby {
		return p.lobby.FullHelp()
	}
	return p.board.FullHelp()
}

// Capturing: the side in front wants every key (a prompt is open).
func (p *playTab) Capturing() bool {
	if p.inLobby {
		return p.lobby.Capturing()
	}
	return p.board.Capturing()
}

// notice is the lobby's call for the user, for the tab bar.
func (p *playTab) notice(active bool) string { return p.lobby.Notice(active && p.inLobby) }

// showLobby turns the tab to the lobby side or back to the board.
func (p *playTab) showLobby(on bool) tea.Cmd {
	p.inLobby = on
	return p.lobby.SetShown(p.active && on)
}

// lobbyUpdate hands the lobby a message, and turns the tab to it when a
// game of mine has just opened by itself (it started, or I came back).
func (p *playTab) lobbyUpdate(msg tea.Msg) tea.Cmd {
	cmd := p.lobby.Update(msg)
	if p.lobby.TakeOpened() && !p.inLobby {
		return tea.Batch(cmd, p.showLobby(true))
	}
	return cmd
}

func (p *playTab) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case common.ShownMsg:
		p.active = true
		return p, p.lobby.SetShown(p.inLobby)
	case common.HiddenMsg:
		p.active = false
		return p, p.lobby.SetShown(false)
	case tea.MouseMsg:
		if p.inLobby {
			return p, p.lobby.Mouse(msg)
		}
	case tea.KeyMsg:
		if key.Matches(msg, p.keys.Lobby) && !p.Capturing() {
			return p, p.showLobby(!p.inLobby)
		}
		if p.inLobby {
			cmd := p.lobby.Key(msg)
			p.lobby.TakeOpened() // a game the key opens is in front already
			return p, cmd
		}
	default:
		if p.lobby.Owns(msg) {
			return p, p.lobbyUpdate(msg)
		}
	}
	_, cmd := p.board.Update(msg)
	return p, cmd
}

func (p *playTab) View() string {
	if p.inLobby {
		return p.lobby.View(p.w, p.h)
	}
	return p.board.View()
}
