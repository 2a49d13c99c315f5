package common

import "github.com/charmbracelet/bubbles/key"

// KeyMap is every key binding of the app, in one place, with help texts.
// Pages pick the ones they use for their help lines.
type KeyMap struct {
	// Global.
	NextTab, PrevTab, Tab1, Tab2, Tab3, Help, Quit, Back key.Binding
	// Board and forms.
	Up, Down, Left, Right, Select, Prompt, Flip, Undo, NewGame, Mode, Stronger, Weaker, Preset, Letters, SavePGN, LoadFEN key.Binding
	// Runs and tournaments.
	Start, Pause, Stop, MutUp, MutDown, PopUp, PopDown, DepthUp, DepthDown, SendBest, NextTable, Watch, GamesUp, GamesDown, Validate, KeepBest key.Binding
	// Evolution plots: fitness and diversity, per-gene mean ± std (seed
	// 003's figure 2), per-gene std (figure 3); the next genes to plot.
	GeneView, NextGenes, Tune key.Binding
	// Choose and Change are Up/Down and Left/Right as one pair each, for
	// the short help of a form ("↑↓ choose • ←→ change").
	Choose, Change key.Binding
	// The lobby (the Play tab's other side): seeks, challenges, games to
	// watch, the bot; Act is enter on a line (accept a seek, open a game).
	Lobby, Seek, Challenge, Accept, Decline, WatchGame, PlayBot, Cancel, Act key.Binding
	// A game in the lobby: offers, resigning, aborting, answering.
	OfferDraw, Resign, AskTakeback, Abort, Yes, No, Leave key.Binding
}

// DefaultKeyMap returns the bindings.
func DefaultKeyMap() KeyMap {
	// The help shows a binding's first key, as typed ("q", "enter")...
	b := func(help string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(keys[0], help))
	}
	// ... but an arrow's name, "up", read as a second description ("up
	// up"): an arrow shows its symbol and its vi key.
	arrow := func(help, symbol string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(symbol+"/"+keys[1], help))
	}
	pair := func(help, symbols string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(symbols, help))
	}
	return KeyMap{
		NextTab: b("next tab", "tab"),
		PrevTab: b("previous tab", "shift+tab"),
		Tab1:    b("play", "1"),
		Tab2:    b("tournament", "2"),
		Tab3:    b("evolution", "3"),
		Help:    b("help", "?"),
		Quit:    b("quit", "q", "ctrl+c"),
		Back:    b("back", "esc"),

		Up:       arrow("up", "↑", "up", "k"),
		Down:     arrow("down", "↓", "down", "j"),
		Left:     arrow("left", "←", "left", "h"),
		Right:    arrow("right", "→", "right", "l"),
		Select:   b("pick/drop", "enter", " "),
		Prompt:   b("type a move", ":"),
		Flip:     b("flip board", "f"),
		Undo:     b("take back", "u"),
		NewGame:  b("new game", "n"),
		Mode:     b("who plays", "m"),
		Stronger: b("stronger engine", "+", "="),
		Weaker:   b("weaker engine", "-"),
		Preset:   b("engine's chromosome", "p"),
		Letters:  b("letters/figures", "g"),
		SavePGN:  b("save PGN", "w"),
		LoadFEN:  b("set up FEN/PGN", "F"),

		Start:     b("start", "s"),
		Pause:     b("pause/resume", "P"),
		Stop:      b("stop", "x"),
		MutUp:     b("mutation +", "]"),
		MutDown:   b("mutation −", "["),
		PopUp:     b("population +", "}"),
		PopDown:   b("population −", "{"),
		DepthUp:   b("budget +", ">"),
		DepthDown: b("budget −", "<"),
		SendBest:  b("play the best", "b"),
		NextTable: b("next table", "t"),
		Watch:     b("watch another session's", "v"),
		GamesUp:   b("games per pairing +", ")"),
		GamesDown: b("games per pairing −", "("),
		Validate:  b("validation every …", "V"),
		KeepBest:  b("keep the best (θ, mean) as a player", "K"), // k is up
		GeneView:  b("plots: fitness/path/means/stds", "g"),
		NextGenes: b("next genes", "G"),
		Tune:      b("tune full on a dataset (made if none)", "T"),
		Choose:    pair("choose", "↑↓", "up", "down", "k", "j"),

		Lobby:     b("lobby/board", "L"),
		Seek:      b("seek a game", "s"),
		Challenge: b("challenge", "c"),
		Accept:    b("accept", "a"),
		Decline:   b("decline/withdraw", "d"),
		WatchGame: b("watch", "w"),
		PlayBot:   b("play the evolved best", "b"),
		Cancel:    b("cancel my seek", "x"),
		Act:       b("open/accept the line", "enter"),

		OfferDraw:   b("offer a draw", "D"),
		Resign:      b("resign", "R"),
		AskTakeback: b("ask to take back", "u"),
		Abort:       b("abort (before the first moves)", "A"),
		Yes:         b("yes/accept", "y"),
		No:          b("no/decline", "n"),
		Leave:       b("back to the lobby", "esc"),
		Change:      pair("change", "←→", "left", "right", "h", "l"),
	}
}

// GlobalHelp are the bindings every page shows after its own.
func (k KeyMap) GlobalHelp() []key.Binding { return []key.Binding{k.NextTab, k.Help, k.Quit} }
