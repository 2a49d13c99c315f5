package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/tui/common"
)

// moveInput is how a person gives a move on a board, as on the Play tab:
// a cursor moved with the arrows (hjkl) and enter to pick up and put
// down, a click on from and to, or ":" and a move typed in SAN or UCI
// (tab completes); a promotion asks for the piece. It only chooses a
// legal move of the position it is given; what becomes of it is the
// caller's.
type moveInput struct {
	keys             common.KeyMap
	flipped, letters bool
	cursor, selected core.Square
	promo            []core.Move // choices waiting for a promotion piece

	prompt    textinput.Model
	prompting bool

	board          boardView // as last drawn, for clicks
	boardX, boardY int       // where the board is in the page

	// The board as last rendered and what it was rendered from: a frame
	// that changes only a clock draws the same board.
	drawn     string
	drawnFrom boardKey
}

// boardKey is what a rendered board depends on.
type boardKey struct {
	st               *common.Styles
	pos              uint64
	last             core.Move
	cursor, selected core.Square
	targets          core.Bitboard
	flipped, letters bool
	sqW, sqH         int
}

func newMoveInput(st *common.Styles, keys common.KeyMap) moveInput {
	ti := textinput.New()
	ti.PromptStyle, ti.TextStyle, ti.CompletionStyle = st.NewStyle(), st.NewStyle(), st.NewStyle()
	ti.PlaceholderStyle = st.NewStyle().Faint(true)
	ti.Cursor.Style, ti.Cursor.TextStyle = st.NewStyle().Reverse(true), st.NewStyle()
	ti.Prompt = ": "
	ti.CharLimit = 16 // a move; anything longer is not one
	ti.Placeholder = "a move: e4, Nf3, exd5, O-O, e7e8q"
	return moveInput{keys: keys, cursor: core.MakeSquare(4, 1), selected: core.NoSquare, prompt: ti}
}

// capturing: a prompt or a promotion choice wants every key.
func (in *moveInput) capturing() bool { return in.prompting || len(in.promo) > 0 }

// reset drops a half-made move (the position changed under it).
func (in *moveInput) reset() {
	in.selected, in.promo = core.NoSquare, nil
}

// moveResult is what a key or click did: a move chosen, or something to
// say (bad: a refusal).
type moveResult struct {
	move   core.Move
	chosen bool
	say    string
	bad    bool
	cmd    tea.Cmd
}

// key handles a key of the board; handled is false for keys it does not
// use. canMove says whether the user may move in pos now (why not, if not).
func (in *moveInput) key(msg tea.KeyMsg, pos *core.Position, canMove bool, why string) (r moveResult, handled bool) {
	if in.prompting {
		return in.promptKey(msg, pos, canMove, why), true
	}
	if len(in.promo) > 0 {
		return in.promotionKey(msg), true
	}
	k := in.keys
	switch {
	case key.Matches(msg, k.Up):
		in.moveCursor(0, 1)
	case key.Matches(msg, k.Down):
		in.moveCursor(0, -1)
	case key.Matches(msg, k.Left):
		in.moveCursor(-1, 0)
	case key.Matches(msg, k.Right):
		in.moveCursor(1, 0)
	case key.Matches(msg, k.Select):
		return in.pick(in.cursor, pos, canMove, why), true
	case key.Matches(msg, k.Prompt):
		if !canMove {
			return moveResult{say: why, bad: true}, true
		}
		in.prompting = true
		in.prompt.SetValue("")
		return moveResult{cmd: in.prompt.Focus()}, true
	case key.Matches(msg, k.Flip):
		in.flipped = !in.flipped
	case key.Matches(msg, k.Letters):
		in.letters = !in.letters
	default:
		return moveResult{}, false
	}
	return moveResult{}, true
}

// mouse handles a click on the board.
func (in *moveInput) mouse(msg tea.MouseMsg, pos *core.Position, canMove bool, why string) moveResult {
	if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft || in.capturing() {
		return moveResult{}
	}
	sq, ok := in.board.squareAt(msg.X-in.boardX, msg.Y-in.boardY)
	if !ok {
		return moveResult{}
	}
	in.cursor = sq
	return in.pick(sq, pos, canMove, why)
}

func (in *moveInput) moveCursor(df, dr int) {
	if in.flipped {
		df, dr = -df, -dr
	}
	in.cursor = core.MakeSquare(min(max(in.cursor.File()+df, 0), 7), min(max(in.cursor.Rank()+dr, 0), 7))
}

// pick is enter or a click on sq: pick up a piece, or put the one picked
// up down there.
func (in *moveInput) pick(sq core.Square, pos *core.Position, canMove bool, why string) moveResult {
	if !canMove {
		return moveResult{say: why, bad: true}
	}
	pc := pos.PieceAt(sq)
	own := pc != core.NoPiece && pc.Color() == pos.SideToMove()
	if in.selected == core.NoSquare || own && sq != in.selected {
		if !own {
			return moveResult{}
		}
		if len(legalFrom(pos, sq)) == 0 {
			return moveResult{say: fmt.Sprintf("%s has no legal move", sq), bad: true}
		}
		in.selected = sq
		return moveResult{}
	}
	if sq == in.selected {
		in.selected = core.NoSquare
		return moveResult{}
	}
	var choices []core.Move
	for _, m := range legalFrom(pos, in.selected) {
		if m.To() == sq {
			choices = append(choices, m)
		}
	}
	switch len(choices) {
	case 0:
		return moveResult{say: fmt.Sprintf("%s%s is not a legal move", in.selected, sq), bad: true}
	case 1:
		in.selected = core.NoSquare
		return moveResult{move: choices[0], chosen: true}
	}
	in.promo = choices
	return moveResult{say: "promote to: q r b n (esc: cancel)"}
}

func (in *moveInput) promotionKey(msg tea.KeyMsg) moveResult {
	if key.Matches(msg, in.keys.Back) {
		in.reset()
		return moveResult{}
	}
	want := map[string]core.PieceType{"q": core.Queen, "r": core.Rook, "b": core.Bishop, "n": core.Knight}[strings.ToLower(msg.String())]
	for _, m := range in.promo {
		if m.Promotion() == want {
			in.reset()
			return moveResult{move: m, chosen: true}
		}
	}
	return moveResult{}
}

func (in *moveInput) closePrompt() {
	in.prompting = false
	in.prompt.Blur()
}

func (in *moveInput) promptKey(msg tea.KeyMsg, pos *core.Position, canMove bool, why string) moveResult {
	switch msg.Type {
	case tea.KeyEsc:
		in.closePrompt()
		return moveResult{}
	case tea.KeyTab:
		if pre := commonPrefix(moveCompletions(pos, in.prompt.Value())); len(pre) > len(in.prompt.Value()) {
			in.prompt.SetValue(pre)
			in.prompt.CursorEnd()
		}
		return moveResult{}
	case tea.KeyEnter:
		if !canMove {
			return moveResult{say: why, bad: true}
		}
		text := strings.TrimSpace(in.prompt.Value())
		m, err := pos.ParseMove(text)
		if err != nil {
			if c := moveCompletions(pos, text); len(c) > 1 && len(c) <= 8 {
				return moveResult{say: fmt.Sprintf("%q is ambiguous: %s", text, strings.Join(c, " ")), bad: true}
			}
			return moveResult{say: err.Error(), bad: true}
		}
		in.closePrompt()
		in.reset()
		return moveResult{move: m, chosen: true}
	}
	var cmd tea.Cmd
	in.prompt, cmd = in.prompt.Update(msg)
	return moveResult{cmd: cmd}
}

// view sets the board up for drawing pos (last its last move, the cursor
// shown when the user may move) and draws it.
func (in *moveInput) view(st *common.Styles, pos *core.Position, last core.Move, canMove bool, w, h int) string {
	sw, sh := fitSquares(w, h)
	in.board = boardView{pos: pos, flipped: in.flipped, cursor: core.NoSquare, selected: in.selected, last: last, sqW: sw, sqH: sh, letters: in.letters}
	if canMove && !in.capturing() {
		in.board.cursor = in.cursor
	}
	if in.selected != core.NoSquare {
		for _, m := range legalFrom(pos, in.selected) {
			in.board.targets |= core.SquareBB(m.To())
		}
	}
	b := in.board
	k := boardKey{st: st, pos: pos.Key(), last: last, cursor: b.cursor, selected: b.selected, targets: b.targets, flipped: b.flipped, letters: b.letters, sqW: b.sqW, sqH: b.sqH}
	if k != in.drawnFrom || in.drawn == "" {
		in.drawn, in.drawnFrom = b.render(st), k
	}
	return in.drawn
}

// legalFrom lists the legal moves of the piece on sq.
func legalFrom(pos *core.Position, sq core.Square) []core.Move {
	var out []core.Move
	for _, m := range pos.LegalMoves() {
		if m.From() == sq {
			out = append(out, m)
		}
	}
	return out
}

// moveCompletions lists the legal moves whose SAN or UCI form starts with
// text, as SAN.
func moveCompletions(pos *core.Position, text string) []string {
	var out []string
	for _, m := range pos.LegalMoves() {
		san := pos.SAN(m)
		if strings.HasPrefix(strings.TrimRight(san, "+#"), text) || strings.HasPrefix(m.String(), text) {
			out = append(out, san)
		}
	}
	slices.Sort(out)
	return out
}
