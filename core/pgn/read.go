package pgn

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/evochess/evochess/core"
)

// Reader reads the games of a PGN stream one at a time.
//
// It is lenient where PGN files in the wild differ from the standard: a
// missing result (the game ends at the next tag section or at the end of
// input, and takes its result from the Result tag), games without tags,
// move numbers glued to moves ("12.e4"), sloppy SAN (as
// core.Position.ParseSAN accepts), a byte order mark and CRLF line
// endings. Variations and NAGs are skipped; ";" comments are kept like
// brace comments.
//
// Error recovery: when a game cannot be read, Next returns an *Error and
// the next call first skips input up to the next line that starts with "["
// and follows either a blank line or a line ending with a result token.
// That is where the next game's tags begin in any normally laid out file,
// so one bad game costs only itself. (A variation left open ends at the
// next "[", which is where the next game then starts. A brace comment left
// open runs to the end of the input, as it can contain anything.) Games
// are numbered in the stream from 1, failed ones included.
type Reader struct {
	s       scanner
	games   int  // games started so far, for error messages
	recover bool // the last game failed: resynchronise first
	// notes are the comments read in a row after move notesAt (0: before
	// the first move), joined when the run ends.
	notes   []string
	notesAt int
}

// NewReader returns a reader of the games in r.
func NewReader(r io.Reader) *Reader {
	return &Reader{s: scanner{r: bufio.NewReader(r)}}
}

// Next returns the next game, or io.EOF after the last one. A game that
// cannot be read yields an *Error; calling Next again continues with the
// following game. Any other error comes from the underlying reader.
func (r *Reader) Next() (*Game, error) {
	if r.recover {
		r.recover = false
		r.skipToNextGame()
	}
	for {
		g, err := r.readGame()
		if err == errNoGame {
			continue
		}
		// A pushed-back "[" means the failed game already ended where
		// the next one starts, so there is nothing to skip.
		var pe *Error
		r.recover = errors.As(err, &pe) && r.s.back == nil
		return g, err
	}
}

// errNoGame marks text that turned out not to be a game: comments,
// NAGs or variations with neither tags, moves nor a result.
var errNoGame = errors.New("pgn: no game")

// readGame reads one game: the tag section, then movetext up to the result.
func (r *Reader) readGame() (*Game, error) {
	r.games++
	r.s.budget, r.s.tooLong = maxGameBytes, false
	clear(r.notes)
	r.notes, r.notesAt = r.notes[:0], 0
	g := &Game{}
	var pending []string // comments not yet attached to a move
	fenLine := 0         // where the start position came from
	tok, err := r.s.next()
	for ; err == nil; tok, err = r.s.next() {
		if tok.kind == tokComment {
			if tok.text != "" {
				pending = append(pending, tok.text)
			}
			continue
		}
		if tok.kind != tokPunct || tok.text != "[" {
			break
		}
		// Comments before or between tags do not belong to any move.
		pending = nil
		t, err := r.readTag()
		if err != nil {
			return nil, err
		}
		if t.Name == "FEN" || t.Name == "SetUp" {
			fenLine = tok.line
		}
		g.Tags = append(g.Tags, t)
	}
	if err != nil {
		return nil, r.fail(tok.line, err)
	}
	if tok.kind == tokEOF && len(g.Tags) == 0 {
		r.games--
		return nil, io.EOF
	}
	pos, err := g.startPosition()
	if err != nil {
		return nil, r.fail(fenLine, err)
	}
	g.StartComment = strings.Join(pending, " ")
	for {
		if err := r.movetextToken(g, pos, tok); err != nil {
			if err == errGameEnd {
				r.flushNotes(g)
				r.alignComments(g)
				return g, nil
			}
			return nil, err
		}
		if tok, err = r.s.next(); err != nil {
			return nil, r.fail(tok.line, err)
		}
	}
}

// errGameEnd tells readGame that the token ended the game.
var errGameEnd = errors.New("pgn: end of game")

// movetextToken handles one token of movetext, playing moves on pos.
func (r *Reader) movetextToken(g *Game, pos *core.Position, tok token) error {
	switch tok.kind {
	case tokEOF:
		return r.endWithoutResult(g)
	case tokComment:
		r.attachComment(g, tok.text)
	case tokNAG:
	case tokString:
		return r.fail(tok.line, fmt.Errorf("unexpected string %q in movetext", tok.text))
	case tokPunct:
		switch tok.text {
		case "[":
			r.s.unread(tok)
			return r.endWithoutResult(g)
		case "(":
			return r.skipVariation(tok)
		default:
			return r.fail(tok.line, fmt.Errorf("unexpected %q in movetext", tok.text))
		}
	case tokWord:
		w := stripMoveNumber(tok.text)
		if res, ok := parseResult(w); ok {
			g.Result = res
			return errGameEnd
		}
		if w == "" || isAnnotation(w) {
			return nil
		}
		m, err := parseMove(pos, w)
		if err != nil {
			return r.fail(tok.line, err)
		}
		pos.MakeMove(m)
		g.Moves = append(g.Moves, m)
	}
	return nil
}

// parseMove reads one move of movetext.
func parseMove(pos *core.Position, w string) (core.Move, error) {
	if w == "--" || w == "Z0" {
		return core.NullMove, &core.MoveError{Input: w, Reason: "null moves are not supported"}
	}
	return pos.ParseSAN(w)
}

// endWithoutResult finishes a game that has no termination marker: it
// takes its result from the Result tag. Text with no tags and no moves is
// not a game at all (stray comments between games, say), so it is dropped
// rather than returned as an empty game.
func (r *Reader) endWithoutResult(g *Game) error {
	if len(g.Tags) == 0 && len(g.Moves) == 0 {
		r.games--
		return errNoGame
	}
	g.Result, _ = parseResult(g.Tag("Result"))
	return errGameEnd
}

// readTag reads a tag pair after its "[".
func (r *Reader) readTag() (Tag, error) {
	name, err := r.s.next()
	if err != nil {
		return Tag{}, r.fail(name.line, err)
	}
	if name.kind != tokWord || !validTagName(name.text) {
		return Tag{}, r.fail(name.line, fmt.Errorf("tag pair: %s is not a tag name (letters, digits and _)", describe(name)))
	}
	val, err := r.s.next()
	if err != nil {
		return Tag{}, r.fail(val.line, fmt.Errorf("tag %s: %w", name.text, err))
	}
	if val.kind != tokString {
		return Tag{}, r.fail(val.line, fmt.Errorf("tag %s: value must be a quoted string, found %s", name.text, describe(val)))
	}
	end, err := r.s.next()
	if err != nil {
		return Tag{}, r.fail(end.line, err)
	}
	if end.kind != tokPunct || end.text != "]" {
		return Tag{}, r.fail(end.line, fmt.Errorf("tag %s: expected \"]\", found %s", name.text, describe(end)))
	}
	return Tag{Name: name.text, Value: val.text}, nil
}

// describe names a token for an error message.
func describe(t token) string {
	switch t.kind {
	case tokEOF:
		return "end of input"
	case tokString:
		return fmt.Sprintf("string %q", t.text)
	case tokComment:
		return "a comment"
	case tokNAG:
		return "$" + t.text
	}
	return fmt.Sprintf("%q", t.text)
}

// skipVariation skips a recursive annotation variation, nested ones
// included, after its opening "(". Moves in it are not checked. A tag
// pair cannot be part of a variation, so "[" means the ")" is missing and
// the next game begins there.
func (r *Reader) skipVariation(open token) error {
	for depth := 1; depth > 0; {
		t, err := r.s.next()
		switch {
		case err != nil:
			return r.fail(t.line, err)
		case t.kind == tokEOF || t.kind == tokPunct && t.text == "[":
			if t.kind == tokPunct {
				r.s.unread(t)
			}
			return r.fail(open.line, errors.New(`variation opened with "(" is not closed by ")"`))
		case t.kind == tokPunct && t.text == "(":
			depth++
		case t.kind == tokPunct && t.text == ")":
			depth--
		}
	}
	return nil
}

// attachComment stores a comment after the last move read, or before the
// first move. Several comments in a row are joined with a space, once
// they are all read (flushNotes): joining each as it comes would copy the
// text so far again for every one.
func (r *Reader) attachComment(g *Game, c string) {
	if c == "" {
		return
	}
	if n := len(g.Moves); n != r.notesAt {
		r.flushNotes(g)
		r.notesAt = n
	}
	r.notes = append(r.notes, c)
}

// flushNotes joins the comments attachComment gathered onto the comment
// they follow (after move notesAt, or before the first move).
func (r *Reader) flushNotes(g *Game) {
	if len(r.notes) == 0 {
		return
	}
	dst := &g.StartComment
	if r.notesAt > 0 {
		r.alignComments(g)
		dst = &g.Comments[r.notesAt-1]
	}
	joined := strings.Join(r.notes, " ")
	if *dst != "" {
		joined = *dst + " " + joined
	}
	*dst = joined
	clear(r.notes)
	r.notes = r.notes[:0]
}

// alignComments makes Comments exactly as long as Moves.
func (r *Reader) alignComments(g *Game) {
	for len(g.Comments) < len(g.Moves) {
		g.Comments = append(g.Comments, "")
	}
}

// fail wraps err with the game number and line. A read error from the
// underlying reader is returned as it is: it is not about the PGN text.
func (r *Reader) fail(line int, err error) error {
	if r.s.err != nil {
		return r.s.err
	}
	var pe *Error
	if errors.As(err, &pe) {
		return err
	}
	return &Error{Game: r.games, Line: line, Err: err}
}

// stripMoveNumber removes a move number from a word: "12." and "12..."
// become "", "12.e4" and "12...Nf6" become the move. Digits without a
// period are a move number too, except castling written with zeros.
func stripMoveNumber(w string) string {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	j := i
	for j < len(w) && w[j] == '.' {
		j++
	}
	switch {
	case j > i:
		return w[j:]
	case i == len(w):
		return ""
	}
	return w
}

// isAnnotation reports whether a word is a suffix annotation standing
// on its own ("!", "?!", …) or a detached "e.p.".
func isAnnotation(w string) bool {
	return w == "e.p." || strings.Trim(w, "!?") == ""
}
