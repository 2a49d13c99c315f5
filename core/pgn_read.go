package core

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// PGNReader reads the games of a PGN stream one at a time.
//
// It is lenient where PGN files in the wild differ from the standard: a
// missing result (the game ends at the next tag section or at the end of
// input, and takes its result from the Result tag), games without tags,
// move numbers glued to moves ("12.e4"), sloppy SAN (as ParseSAN accepts),
// a byte order mark and CRLF line endings. Variations and NAGs are skipped;
// ";" comments are kept like brace comments.
//
// Error recovery: when a game cannot be read, Next returns a *PGNError and
// the next call first skips input up to the next line that starts with "["
// and follows either a blank line or a line ending with a result token.
// That is where the next game's tags begin in any normally laid out file,
// so one bad game costs only itself. (A variation left open ends at the
// next "[", which is where the next game then starts. A brace comment left
// open runs to the end of the input, as it can contain anything.) Games
// are numbered in the stream from 1, failed ones included.
type PGNReader struct {
	s       pgnScanner
	games   int  // games started so far, for error messages
	recover bool // the last game failed: resynchronise first
}

// NewPGNReader returns a reader of the games in r.
func NewPGNReader(r io.Reader) *PGNReader {
	return &PGNReader{s: pgnScanner{r: bufio.NewReader(r)}}
}

// Next returns the next game, or io.EOF after the last one. A game that
// cannot be read yields a *PGNError; calling Next again continues with the
// following game. Any other error comes from the underlying reader.
func (r *PGNReader) Next() (*PGNGame, error) {
	if r.recover {
		r.recover = false
		r.skipToNextGame()
	}
	for {
		g, err := r.readGame()
		if err == errPGNNoGame {
			continue
		}
		// A pushed-back "[" means the failed game already ended where
		// the next one starts, so there is nothing to skip.
		var pe *PGNError
		r.recover = errors.As(err, &pe) && r.s.back == nil
		return g, err
	}
}

// errPGNNoGame marks text that turned out not to be a game: comments,
// NAGs or variations with neither tags, moves nor a result.
var errPGNNoGame = errors.New("pgn: no game")

// readGame reads one game: the tag section, then movetext up to the result.
func (r *PGNReader) readGame() (*PGNGame, error) {
	r.games++
	g := &PGNGame{}
	var pending []string // comments not yet attached to a move
	fenLine := 0         // where the start position came from
	tok, err := r.s.next()
	for ; err == nil; tok, err = r.s.next() {
		if tok.kind == pgnComment {
			if tok.text != "" {
				pending = append(pending, tok.text)
			}
			continue
		}
		if tok.kind != pgnPunct || tok.text != "[" {
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
	if tok.kind == pgnEOF && len(g.Tags) == 0 {
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
			if err == errPGNGameEnd {
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

// errPGNGameEnd tells readGame that the token ended the game.
var errPGNGameEnd = errors.New("pgn: end of game")

// movetextToken handles one token of movetext, playing moves on pos.
func (r *PGNReader) movetextToken(g *PGNGame, pos *Position, tok pgnToken) error {
	switch tok.kind {
	case pgnEOF:
		return r.endWithoutResult(g)
	case pgnComment:
		r.attachComment(g, tok.text)
	case pgnNAG:
	case pgnString:
		return r.fail(tok.line, fmt.Errorf("unexpected string %q in movetext", tok.text))
	case pgnPunct:
		switch tok.text {
		case "[":
			r.s.unread(tok)
			return r.endWithoutResult(g)
		case "(":
			return r.skipVariation(tok)
		default:
			return r.fail(tok.line, fmt.Errorf("unexpected %q in movetext", tok.text))
		}
	case pgnWord:
		w := pgnStripMoveNumber(tok.text)
		if res, ok := parsePGNResult(w); ok {
			g.Result = res
			return errPGNGameEnd
		}
		if w == "" || pgnIsAnnotation(w) {
			return nil
		}
		m, err := pgnParseMove(pos, w)
		if err != nil {
			return r.fail(tok.line, err)
		}
		pos.MakeMove(m)
		g.Moves = append(g.Moves, m)
	}
	return nil
}

// pgnParseMove reads one move of movetext.
func pgnParseMove(pos *Position, w string) (Move, error) {
	if w == "--" || w == "Z0" {
		return NullMove, &MoveError{Input: w, Reason: "null moves are not supported"}
	}
	return pos.ParseSAN(w)
}

// endWithoutResult finishes a game that has no termination marker: it
// takes its result from the Result tag. Text with no tags and no moves is
// not a game at all (stray comments between games, say), so it is dropped
// rather than returned as an empty game.
func (r *PGNReader) endWithoutResult(g *PGNGame) error {
	if len(g.Tags) == 0 && len(g.Moves) == 0 {
		r.games--
		return errPGNNoGame
	}
	g.Result, _ = parsePGNResult(g.Tag("Result"))
	return errPGNGameEnd
}

// readTag reads a tag pair after its "[".
func (r *PGNReader) readTag() (PGNTag, error) {
	name, err := r.s.next()
	if err != nil {
		return PGNTag{}, r.fail(name.line, err)
	}
	if name.kind != pgnWord || !pgnValidTagName(name.text) {
		return PGNTag{}, r.fail(name.line, fmt.Errorf("tag pair: %s is not a tag name (letters, digits and _)", pgnDescribe(name)))
	}
	val, err := r.s.next()
	if err != nil {
		return PGNTag{}, r.fail(val.line, fmt.Errorf("tag %s: %w", name.text, err))
	}
	if val.kind != pgnString {
		return PGNTag{}, r.fail(val.line, fmt.Errorf("tag %s: value must be a quoted string, found %s", name.text, pgnDescribe(val)))
	}
	end, err := r.s.next()
	if err != nil {
		return PGNTag{}, r.fail(end.line, err)
	}
	if end.kind != pgnPunct || end.text != "]" {
		return PGNTag{}, r.fail(end.line, fmt.Errorf("tag %s: expected \"]\", found %s", name.text, pgnDescribe(end)))
	}
	return PGNTag{Name: name.text, Value: val.text}, nil
}

// pgnDescribe names a token for an error message.
func pgnDescribe(t pgnToken) string {
	switch t.kind {
	case pgnEOF:
		return "end of input"
	case pgnString:
		return fmt.Sprintf("string %q", t.text)
	case pgnComment:
		return "a comment"
	case pgnNAG:
		return "$" + t.text
	}
	return fmt.Sprintf("%q", t.text)
}

// skipVariation skips a recursive annotation variation, nested ones
// included, after its opening "(". Moves in it are not checked. A tag
// pair cannot be part of a variation, so "[" means the ")" is missing and
// the next game begins there.
func (r *PGNReader) skipVariation(open pgnToken) error {
	for depth := 1; depth > 0; {
		t, err := r.s.next()
		switch {
		case err != nil:
			return r.fail(t.line, err)
		case t.kind == pgnEOF || t.kind == pgnPunct && t.text == "[":
			if t.kind == pgnPunct {
				r.s.unread(t)
			}
			return r.fail(open.line, errors.New(`variation opened with "(" is not closed by ")"`))
		case t.kind == pgnPunct && t.text == "(":
			depth++
		case t.kind == pgnPunct && t.text == ")":
			depth--
		}
	}
	return nil
}

// attachComment stores a comment after the last move read, or before the
// first move. Several comments in a row are joined with a space.
func (r *PGNReader) attachComment(g *PGNGame, c string) {
	if c == "" {
		return
	}
	dst := &g.StartComment
	if n := len(g.Moves); n > 0 {
		r.alignComments(g)
		dst = &g.Comments[n-1]
	}
	if *dst != "" {
		*dst += " "
	}
	*dst += c
}

// alignComments makes Comments exactly as long as Moves.
func (r *PGNReader) alignComments(g *PGNGame) {
	for len(g.Comments) < len(g.Moves) {
		g.Comments = append(g.Comments, "")
	}
}

// fail wraps err with the game number and line. A read error from the
// underlying reader is returned as it is: it is not about the PGN text.
func (r *PGNReader) fail(line int, err error) error {
	if r.s.err != nil {
		return r.s.err
	}
	var pe *PGNError
	if errors.As(err, &pe) {
		return err
	}
	return &PGNError{Game: r.games, Line: line, Err: err}
}

// pgnStripMoveNumber removes a move number from a word: "12." and "12..."
// become "", "12.e4" and "12...Nf6" become the move. Digits without a
// period are a move number too, except castling written with zeros.
func pgnStripMoveNumber(w string) string {
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

// pgnIsAnnotation reports whether a word is a suffix annotation standing
// on its own ("!", "?!", …) or a detached "e.p.".
func pgnIsAnnotation(w string) bool {
	return w == "e.p." || strings.Trim(w, "!?") == ""
}
