package components

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

// MoveInput is how a person gives a move on a board, as on the Play tab:
// a cursor moved with the arrows (hjkl) and enter to pick up and put
// down, a click on from and to, or ":" and a move typed in SAN or UCI
// (tab completes); a promotion asks for the piece. It only chooses a
// legal move of the position it is given; what becomes of it is the
// caller's.
type MoveInput struct {
	keys             common.KeyMap
	Flipped, letters bool
	cursor, selected core.Square
	promo            []core.Move // choices waiting for a promotion piece

	prompt    textinput.Model
	prompting bool

	Board          Board // as last drawn, for clicks
	BoardX, BoardY int   // where the board is in the page

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

func NewMoveInput(st *common.Styles, keys common.KeyMap) MoveInput {
	ti := NewPrompt(st, ": ", "a move: e4, Nf3, exd5, O-O, e7e8q", 16) // a move; anything longer is not one
	return MoveInput{keys: keys, cursor: core.MakeSquare(4, 1), selected: core.NoSquare, prompt: ti}
}

// Capturing: a prompt or a promotion choice wants every key.
func (in *MoveInput) Capturing() bool { return in.prompting || len(in.promo) > 0 }

// Reset drops a half-made move (the position changed under it).
func (in *MoveInput) Reset() {
	in.selected, in.promo = core.NoSquare, nil
}

// MoveResult is what a key or click did: a move chosen, or something to
// say (bad: a refusal).
type MoveResult struct {
	Move   core.Move
	Chosen bool
	Say    string
	Bad    bool
	Cmd    tea.Cmd
}

// Key handles a key of the board; handled is false for keys it does not
// use. canMove says whether the user may move in pos now (why not, if not).
func (in *MoveInput) Key(msg tea.KeyMsg, pos *core.Position, canMove bool, why string) (r MoveResult, handled bool) {
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
			return MoveResult{Say: why, Bad: true}, true
		}
		in.prompting = true
		in.prompt.SetValue("")
		return MoveResult{Cmd: in.prompt.Focus()}, true
	case key.Matches(msg, k.Flip):
		in.Flipped = !in.Flipped
	case key.Matches(msg, k.Letters):
		in.letters = !in.letters
	default:
		return MoveResult{}, false
	}
	return MoveResult{}, true
}

// Mouse handles a click on the board.
func (in *MoveInput) Mouse(msg tea.MouseMsg, pos *core.Position, canMove bool, why string) MoveResult {
	if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft || in.Capturing() {
		return MoveResult{}
	}
	sq, ok := in.Board.squareAt(msg.X-in.BoardX, msg.Y-in.BoardY)
	if !ok {
		return MoveResult{}
	}
	in.cursor = sq
	return in.pick(sq, pos, canMove, why)
}

func (in *MoveInput) moveCursor(df, dr int) {
	if in.Flipped {
		df, dr = -df, -dr
	}
	in.cursor = core.MakeSquare(min(max(in.cursor.File()+df, 0), 7), min(max(in.cursor.Rank()+dr, 0), 7))
}

// pick is enter or a click on sq: pick up a piece, or put the one picked
// up down there.
func (in *MoveInput) pick(sq core.Square, pos *core.Position, canMove bool, why string) MoveResult {
	if !canMove {
		return MoveResult{Say: why, Bad: true}
	}
	pc := pos.PieceAt(sq)
	own := pc != core.NoPiece && pc.Color() == pos.SideToMove()
	if in.selected == core.NoSquare || own && sq != in.selected {
		if !own {
			return MoveResult{}
		}
		if len(legalFrom(pos, sq)) == 0 {
			return MoveResult{Say: fmt.Sprintf("%s has no legal move", sq), Bad: true}
		}
		in.selected = sq
		return MoveResult{}
	}
	if sq == in.selected {
		in.selected = core.NoSquare
		return MoveResult{}
	}
	var choices []core.Move
	for _, m := range legalFrom(pos, in.selected) {
		if m.To() == sq {
			choices = append(choices, m)
		}
	}
	switch len(choices) {
	case 0:
		return MoveResult{Say: fmt.Sprintf("%s%s is not a legal move", in.selected, sq), Bad: true}
	case 1:
		in.selected = core.NoSquare
		return MoveResult{Move: choices[0], Chosen: true}
	}
	in.promo = choices
	return MoveResult{Say: "promote to: q r b n (esc: cancel)"}
}

func (in *MoveInput) promotionKey(msg tea.KeyMsg) MoveResult {
	if key.Matches(msg, in.keys.Back) {
		in.Reset()
		return MoveResult{}
	}
	want := map[string]core.PieceType{"q": core.Queen, "r": core.Rook, "b": core.Bishop, "n": core.Knight}[strings.ToLower(msg.String())]
	for _, m := range in.promo {
		if m.Promotion() == want {
			in.Reset()
			return MoveResult{Move: m, Chosen: true}
		}
	}
	return MoveResult{}
}

func (in *MoveInput) ClosePrompt() {
	in.prompting = false
	in.prompt.Blur()
}

func (in *MoveInput) promptKey(msg tea.KeyMsg, pos *core.Position, canMove bool, why string) MoveResult {
	switch msg.Type {
	case tea.KeyEsc:
		in.ClosePrompt()
		return MoveResult{}
	case tea.KeyTab:
		if pre := commonPrefix(moveCompletions(pos, in.prompt.Value())); len(pre) > len(in.prompt.Value()) {
			in.prompt.SetValue(pre)
			in.prompt.CursorEnd()
		}
		return MoveResult{}
	case tea.KeyEnter:
		if !canMove {
			return MoveResult{Say: why, Bad: true}
		}
		text := strings.TrimSpace(in.prompt.Value())
		m, err := pos.ParseMove(text)
		if err != nil {
			if c := moveCompletions(pos, text); len(c) > 1 && len(c) <= 8 {
				return MoveResult{Say: fmt.Sprintf("%q is ambiguous: %s", text, strings.Join(c, " ")), Bad: true}
			}
			return MoveResult{Say: err.Error(), Bad: true}
		}
		in.ClosePrompt()
		in.Reset()
		return MoveResult{Move: m, Chosen: true}
	}
	var cmd tea.Cmd
	in.prompt, cmd = in.prompt.Update(msg)
	return MoveResult{Cmd: cmd}
}

// View sets the board up for drawing pos (last its last move, the cursor
// shown when the user may move) and draws it.
func (in *MoveInput) View(st *common.Styles, pos *core.Position, last core.Move, canMove bool, w, h int) string {
	sw, sh := FitSquares(w, h)
	in.Board = Board{Pos: pos, Flipped: in.Flipped, Cursor: core.NoSquare, Selected: in.selected, Last: last, SqW: sw, SqH: sh, Letters: in.letters}
	if canMove && !in.Capturing() {
		in.Board.Cursor = in.cursor
	}
	if in.selected != core.NoSquare {
		for _, m := range legalFrom(pos, in.selected) {
			in.Board.Targets |= core.SquareBB(m.To())
		}
	}
	b := in.Board
	k := boardKey{st: st, pos: pos.Key(), last: last, cursor: b.Cursor, selected: b.Selected, targets: b.Targets, flipped: b.Flipped, letters: b.Letters, sqW: b.SqW, sqH: b.SqH}
	if k != in.drawnFrom || in.drawn == "" {
		in.drawn, in.drawnFrom = b.Render(st), k
	}
	return in.drawn
}

// PromptLines are the move prompt, while it is open, and the moves that
// complete what is typed when they are few, in w cells.
func (in *MoveInput) PromptLines(st *common.Styles, pos *core.Position, w int) []string {
	if !in.prompting {
		return nil
	}
	out := []string{in.prompt.View()}
	if c := moveCompletions(pos, in.prompt.Value()); in.prompt.Value() != "" && len(c) <= 10 {
		out = append(out, st.Dim.Render(Truncate(strings.Join(c, " "), w)))
	}
	return out
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

// commonPrefix is what words have in common at their start (check and
// mate signs aside).
func commonPrefix(words []string) string {
	if len(words) == 0 {
		return ""
	}
	pre := strings.TrimRight(words[0], "+#")
	for _, w := range words[1:] {
		for !strings.HasPrefix(w, pre) {
			pre = pre[:len(pre)-1]
		}
	}
	return pre
}
