package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/evochess/evochess/core"
)

// MaxEPDLine is the longest line ParseEPD reads, in bytes (line end not
// counted): labelled-position lines are under 150, so anything near this
// is not such a file.
const MaxEPDLine = 1024

// ParseEPD reads labelled positions in the common text formats, one a
// line:
//
//	FEN c9 "1-0";                 zurichess quiet-labeled.epd ("0-1", "1/2-1/2")
//	FEN; c9 "1-0";                the same with a ';' after the FEN
//	FEN [1.0]                     Ethereal / lichess-big3 ([0.5], [0.0])
//	FEN [1.0] 35                  Ethereal with a score, side to move's view
//
// FEN is four fields, or six with the clocks. Other EPD operations may
// follow: "ce N;" is a score in centipawns from the side to move's view
// (the EPD convention) and is stored from white's; "hmvc N;" and
// "fmvn N;" set the clocks; the rest (id, bm, c0, …) are ignored. Results
// are white's. Blank lines and lines starting with # are skipped. Errors
// name the line and what is wrong (a FEN problem wraps core's FENError).
func ParseEPD(r io.Reader, maxSamples int) (*Set, error) {
	sc := bufio.NewScanner(r)
	// Room for the line and a CR LF: longer lines stop the scanner.
	sc.Buffer(make([]byte, 0, 4096), MaxEPDLine+2)
	set := &Set{}
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSuffix(sc.Text(), "\r")
		if line == 1 {
			text = strings.TrimPrefix(text, "\uFEFF") // a byte-order mark some editors add
		}
		if len(text) > MaxEPDLine {
			return nil, fmt.Errorf("line %d: longer than %d bytes", line, MaxEPDLine)
		}
		text = strings.TrimSpace(text)
		if text == "" || text[0] == '#' {
			continue
		}
		if len(set.Samples) >= maxSamples {
			return nil, fmt.Errorf("line %d: more than %d positions", line, maxSamples)
		}
		s, err := parseEPDLine(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		set.Samples = append(set.Samples, s)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("line %d: longer than %d bytes", line+1, MaxEPDLine)
		}
		return nil, fmt.Errorf("line %d: %w", line+1, err)
	}
	return set, nil
}

// epdLine is what one line says, before the position is set up.
type epdLine struct {
	fen          []string // 4 fields
	clocks       [2]string
	result       string
	haveResult   bool
	score        string // side to move's view; "" for none
	scoreOpcode  string // where the score came from, for errors
	resultOpcode string
}

func parseEPDLine(text string) (Sample, error) {
	var l epdLine
	rest, err := l.splitFEN(text)
	if err != nil {
		return Sample{}, err
	}
	if strings.HasPrefix(rest, "[") {
		err = l.parseBracket(rest)
	} else {
		err = l.parseOps(rest)
	}
	if err != nil {
		return Sample{}, err
	}
	if !l.haveResult {
		return Sample{}, errors.New(`no result: expected c9 "1-0"; (or "0-1", "1/2-1/2") or [1.0] ([0.5], [0.0]) after the FEN`)
	}
	res, err := ParseResult(l.result)
	if err != nil {
		return Sample{}, fmt.Errorf("%s: %w", l.resultOpcode, err)
	}
	fen := strings.Join(l.fen, " ")
	if l.clocks[0] != "" {
		fen += " " + l.clocks[0] + " " + l.clocks[1]
	}
	pos, err := core.ParseFEN(fen)
	if err != nil {
		return Sample{}, err
	}
	s := Sample{Pos: pos.Pack(), Result: res, Score: NoScore}
	if l.score != "" {
		v, err := strconv.Atoi(l.score)
		if err != nil {
			return Sample{}, fmt.Errorf("%s: %q is not a whole number of centipawns", l.scoreOpcode, l.score)
		}
		if pos.SideToMove() == core.Black {
			v = -v
		}
		// ±32767: mate scores and beyond mean "won" all the same, and
		// math.MinInt16 is NoScore.
		s.Score = int16(min(max(v, -math.MaxInt16), math.MaxInt16))
	}
	return s, nil
}

// splitFEN takes the FEN fields off the front of the line: four, then
// the two clocks if both are numbers. A ';' right after the last field
// ends the FEN ("FEN; c9 ..."). It returns the rest of the line.
func (l *epdLine) splitFEN(text string) (string, error) {
	rest := text
	var fields []string
	for len(fields) < 6 {
		rest = strings.TrimLeft(rest, " \t")
		end := strings.IndexAny(rest, " \t")
		if end < 0 {
			end = len(rest)
		}
		tok := rest[:end]
		if tok == "" {
			break
		}
		if len(fields) >= 4 && !isDigits(strings.TrimSuffix(tok, ";")) {
			break
		}
		fields = append(fields, tok)
		rest = rest[end:]
		if strings.HasSuffix(tok, ";") && len(fields) >= 4 {
			break
		}
	}
	if len(fields) < 4 {
		return "", fmt.Errorf("needs a FEN of at least 4 fields (placement, side, castling, en passant), has %d", len(fields))
	}
	if len(fields) == 5 { // one number is not the two clocks: give it back
		rest = fields[4] + rest
		fields = fields[:4]
	}
	for i := range fields {
		fields[i] = strings.TrimSuffix(fields[i], ";")
	}
	l.fen = fields[:4]
	if len(fields) == 6 {
		l.clocks = [2]string{fields[4], fields[5]}
	}
	return strings.TrimSpace(rest), nil
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// parseBracket reads "[result]" and an optional score after it.
func (l *epdLine) parseBracket(rest string) error {
	end := strings.IndexByte(rest, ']')
	if end < 0 {
		return fmt.Errorf("%q: no closing ]", rest)
	}
	l.result, l.haveResult, l.resultOpcode = strings.TrimSpace(rest[1:end]), true, "[result]"
	after := strings.Fields(rest[end+1:])
	switch len(after) {
	case 0:
	case 1:
		l.score, l.scoreOpcode = after[0], "score after [result]"
	default:
		return fmt.Errorf("%q after the [result]: only a score may follow it", strings.TrimSpace(rest[end+1:]))
	}
	return nil
}

// parseOps reads EPD operations, "opcode operands;" each; a quoted
// operand may hold a ';'. The last ';' may be missing.
func (l *epdLine) parseOps(rest string) error {
	for rest != "" {
		op, tail, err := nextOp(rest)
		if err != nil {
			return err
		}
		rest = tail
		if op == "" {
			continue
		}
		code, operands := op, ""
		if i := strings.IndexAny(op, " \t"); i >= 0 {
			code, operands = op[:i], strings.TrimSpace(op[i+1:])
		}
		switch code {
		case "c9":
			if l.haveResult {
				return errors.New("c9: a second result")
			}
			l.result, l.haveResult, l.resultOpcode = unquote(operands), true, "c9"
		case "ce":
			if l.score != "" {
				return errors.New("ce: a second score")
			}
			if operands == "" {
				return errors.New("ce: no score")
			}
			l.score, l.scoreOpcode = operands, "ce"
		case "hmvc", "fmvn":
			if !isDigits(operands) {
				return fmt.Errorf("%s: %q is not a count", code, operands)
			}
			if l.clocks[0] == "" {
				l.clocks = [2]string{"0", "1"}
			}
			if code == "hmvc" {
				l.clocks[0] = operands
			} else {
				l.clocks[1] = operands
			}
		default:
			if !validOpcode(code) {
				return fmt.Errorf("%q is not an EPD operation (opcode operands;)", op)
			}
		}
	}
	return nil
}

// nextOp splits off the first operation, up to a ';' outside quotes.
func nextOp(s string) (op, rest string, err error) {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quoted = !quoted
		case ';':
			if !quoted {
				return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:]), nil
			}
		}
	}
	if quoted {
		return "", "", fmt.Errorf("%q: a quote is not closed", s)
	}
	return strings.TrimSpace(s), "", nil
}

// validOpcode: EPD opcodes are a letter then letters, digits or '_'.
func validOpcode(code string) bool {
	if code == "" || !isLetter(code[0]) {
		return false
	}
	for i := 1; i < len(code); i++ {
		if c := code[i]; !isLetter(c) && (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return len(code) <= 15
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}
