package pgn

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/evochess/evochess/core"
)

// sevenTagRoster lists the tags every exported game starts with, in the
// order the PGN standard fixes, with the value used when a tag is missing.
var sevenTagRoster = [...]Tag{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// Write writes g in PGN export format: the Seven Tag Roster first (with
// "?" placeholders for missing tags and the Result tag taken from
// g.Result), then SetUp and FEN when the game does not start from the
// standard position, then the other tags in their order; a blank line;
// the movetext in SAN with move numbers, comments in braces and the result,
// wrapped at 80 columns; and a blank line after the game, so that games
// can be written one after another to the same file.
//
// The whole game is checked before anything is written: an illegal move or
// a tag name that PGN cannot express is an error and w gets nothing.
func Write(w io.Writer, g *Game) error {
	b, err := g.appendPGN(nil)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

func (g *Game) appendPGN(b []byte) ([]byte, error) {
	start, err := g.StartPosition()
	if err != nil {
		return nil, err
	}
	b, err = g.appendTags(b, start)
	if err != nil {
		return nil, err
	}
	b = append(b, '\n')
	mt, err := g.movetext(start)
	if err != nil {
		return nil, err
	}
	b = append(b, mt...)
	return append(b, "\n\n"...), nil
}

// appendTags writes the tag section. SetUp and FEN are derived from the
// start position rather than copied, so they are always consistent (and
// the FEN always has all six fields).
func (g *Game) appendTags(b []byte, start *core.Position) ([]byte, error) {
	special := map[string]bool{"SetUp": true, "FEN": true}
	for _, t := range sevenTagRoster {
		special[t.Name] = true
		v, ok := g.LookupTag(t.Name)
		switch {
		case t.Name == "Result":
			v = g.Result.String()
		case !ok:
			v = t.Value
		}
		b = appendTag(b, t.Name, v)
	}
	if fen := start.FEN(); fen != core.StartFEN {
		b = appendTag(b, "SetUp", "1")
		b = appendTag(b, "FEN", fen)
	}
	for _, t := range g.Tags {
		if special[t.Name] {
			continue
		}
		if !validTagName(t.Name) {
			return nil, fmt.Errorf("pgn: tag name %q is not a PGN symbol (letters, digits and _)", t.Name)
		}
		b = appendTag(b, t.Name, t.Value)
	}
	return b, nil
}

// appendTag writes one tag pair line. Quotes and backslashes are
// escaped; control characters become spaces because a tag pair must stay
// on one line.
func appendTag(b []byte, name, value string) []byte {
	b = append(b, '[')
	b = append(b, name...)
	b = append(b, ' ', '"')
	for i := 0; i < len(value); i++ {
		c := value[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < ' ' || c == 0x7f:
			b = append(b, ' ')
		default:
			b = append(b, c)
		}
	}
	return append(b, '"', ']', '\n')
}

// movetext lays out the moves, comments and result. A move number goes
// before every white move, and before a black move when it opens the game
// or follows a comment ("3... Nf6"), as the export format asks.
func (g *Game) movetext(start *core.Position) ([]byte, error) {
	var w wrapper
	if c := cleanComment(g.StartComment); c != "" {
		w.comment(c)
	}
	p := start.Clone()
	afterMove := false // the last token written was a move
	for i, m := range g.Moves {
		if !isLegal(p, m) {
			return nil, fmt.Errorf("pgn: move %d (%s) is not legal in %s", i+1, m, p.FEN())
		}
		san := p.SAN(m)
		n := strconv.Itoa(p.FullmoveNumber())
		switch {
		case p.SideToMove() == core.White:
			w.word(n + ". " + san)
		case !afterMove:
			w.word(n + "... " + san)
		default:
			w.word(san)
		}
		afterMove = true
		p.MakeMove(m)
		if c := cleanComment(g.MoveComment(i)); c != "" {
			w.comment(c)
			afterMove = false
		}
	}
	w.word(g.Result.String())
	return w.b, nil
}

// String returns the game in PGN, or a description of why it cannot be
// written, which is what a debugging print needs.
func (g *Game) String() string {
	b, err := g.appendPGN(nil)
	if err != nil {
		return err.Error()
	}
	return strings.TrimSuffix(string(b), "\n")
}
