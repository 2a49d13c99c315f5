package pgn

import (
	"fmt"
	"strings"

	"github.com/evochess/evochess/core"
)

// Tag is one tag pair of a PGN game, such as [White "Stockfish"].
type Tag struct {
	Name  string
	Value string
}

// Game is one game of a PGN file: its tag pairs in file order, the
// mainline moves with an optional comment after each, and the result.
// Variations and NAGs are not kept: the arena only needs the mainline.
//
// The starting position is not stored separately: it comes from the
// SetUp and FEN tags, exactly as in the file, so there is one source of
// truth. Use StartPosition to read it and SetStartPosition to change it.
type Game struct {
	Tags []Tag
	// StartComment is the comment between the tags and the first move.
	StartComment string
	Moves        []core.Move
	// Comments[i] is the comment after Moves[i] ("" for none). It may be
	// shorter than Moves (or nil) when few moves have comments; the reader
	// always makes it as long as Moves.
	Comments []string
	// Result is the game termination marker. The writer also uses it for
	// the Result tag, because PGN requires the two to agree.
	Result core.Outcome
}

// Error reports where in a PGN stream a game could not be read. Err is a
// *core.MoveError for an illegal or unreadable move, wraps a
// *core.FENError for a bad FEN tag, and otherwise describes the syntax
// problem.
type Error struct {
	Game int // 1-based number of the game in the stream
	Line int // 1-based line number
	Err  error
}

func (e *Error) Error() string {
	return fmt.Sprintf("pgn: game %d, line %d: %v", e.Game, e.Line, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Tag returns the value of the first tag called name, or "" if absent.
// Tag names are case-sensitive, as in the PGN standard.
func (g *Game) Tag(name string) string {
	v, _ := g.LookupTag(name)
	return v
}

// LookupTag returns the value of the first tag called name and whether the
// game has such a tag at all (to tell a missing tag from an empty one).
func (g *Game) LookupTag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag sets the first tag called name to value, appending it when the
// game has no such tag, so the order of existing tags is kept.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{Name: name, Value: value})
}

// DeleteTag removes every tag called name.
func (g *Game) DeleteTag(name string) {
	kept := g.Tags[:0]
	for _, t := range g.Tags {
		if t.Name != name {
			kept = append(kept, t)
		}
	}
	g.Tags = kept
}

// MoveComment returns the comment after move i, or "" when there is none.
func (g *Game) MoveComment(i int) string {
	if i < 0 || i >= len(g.Comments) {
		return ""
	}
	return g.Comments[i]
}

// AddMove appends a move and the comment after it ("" for none), keeping
// Comments aligned with Moves. The move is checked only when the game is
// written or replayed.
func (g *Game) AddMove(m core.Move, comment string) {
	for len(g.Comments) < len(g.Moves) {
		g.Comments = append(g.Comments, "")
	}
	g.Comments = append(g.Comments[:len(g.Moves)], comment)
	g.Moves = append(g.Moves, m)
}

// SetStartPosition records p as the starting position: the SetUp and FEN
// tags are set, or removed when p is the standard start.
func (g *Game) SetStartPosition(p *core.Position) {
	fen := p.FEN()
	if fen == core.StartFEN {
		g.DeleteTag("SetUp")
		g.DeleteTag("FEN")
		return
	}
	g.SetTag("SetUp", "1")
	g.SetTag("FEN", fen)
}

// StartPosition returns a new Position set up as the game starts: the FEN
// tag when present (unless SetUp is "0"), otherwise the standard start.
// A FEN tag is honoured even without SetUp "1" because many tools forget
// it and the FEN is the only sensible reading.
func (g *Game) StartPosition() (*core.Position, error) {
	p, err := g.startPosition()
	if err != nil {
		return nil, fmt.Errorf("pgn: %w", err)
	}
	return p, nil
}

// startPosition is StartPosition without the "pgn:" prefix, for the
// reader, whose errors carry their own prefix.
func (g *Game) startPosition() (*core.Position, error) {
	fen, hasFEN := g.LookupTag("FEN")
	setup, hasSetUp := g.LookupTag("SetUp")
	switch {
	case hasSetUp && setup == "0", !hasSetUp && !hasFEN:
		return core.NewPosition(), nil
	case !hasFEN:
		return nil, fmt.Errorf("tag SetUp is %q but there is no FEN tag", setup)
	case hasSetUp && setup != "1":
		return nil, fmt.Errorf("tag SetUp is %q, must be \"0\" or \"1\"", setup)
	}
	p, err := core.ParseFEN(fen)
	if err != nil {
		return nil, fmt.Errorf("tag FEN: %w", err)
	}
	return p, nil
}

// FinalPosition returns the position after the last move. It checks every
// move, so it also validates a game built by hand.
func (g *Game) FinalPosition() (*core.Position, error) {
	p, err := g.StartPosition()
	if err != nil {
		return nil, err
	}
	for i, m := range g.Moves {
		if !isLegal(p, m) {
			return nil, fmt.Errorf("pgn: move %d (%s) is not legal in %s", i+1, m, p.FEN())
		}
		p.MakeMove(m)
	}
	return p, nil
}

// isLegal reports whether m is a legal move in p. MakeMove trusts its
// caller, so moves that did not come from a parser are checked first.
func isLegal(p *core.Position, m core.Move) bool {
	var ml core.MoveList
	p.GenerateLegal(&ml)
	for _, l := range ml.Slice() {
		if l == m {
			return true
		}
	}
	return false
}

// parseResult reads a game termination marker.
func parseResult(s string) (core.Outcome, bool) {
	switch s {
	case "1-0":
		return core.WhiteWins, true
	case "0-1":
		return core.BlackWins, true
	case "1/2-1/2":
		return core.Draw, true
	case "*":
		return core.Ongoing, true
	}
	return core.Ongoing, false
}

// validTagName reports whether name can be written as a tag name: PGN
// tag names are symbols made of letters, digits and underscores.
func validTagName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// cleanComment puts a comment in the form both the reader and the
// writer use: runs of white space (line breaks included) become one space,
// and "}" is dropped since a brace comment has no way to escape it. Doing
// this on both sides makes comments survive a write/read round trip.
func cleanComment(s string) string {
	if strings.IndexByte(s, '}') >= 0 {
		s = strings.ReplaceAll(s, "}", "")
	}
	return strings.Join(strings.Fields(s), " ")
}
