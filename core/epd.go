package core

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
)

// EPDRecord is one line of an EPD file: a position and its operations.
type EPDRecord struct {
	Position *Position
	ID       string
	Best     []Move // "bm": any of these solves the problem
	Avoid    []Move // "am": none of these may be played
	// Ops holds every operation's raw operands by opcode (id, bm, c0, …).
	Ops  map[string]string
	Line int
}

// ParseEPD reads one EPD line: four FEN fields then "opcode operands;"
// operations. bm/am moves are SAN (sloppy forms accepted).
func ParseEPD(line string) (*EPDRecord, error) {
	fields := strings.Fields(line)
	if len(fields) < 4 {
		return nil, fmt.Errorf("EPD: needs 4 position fields, has %d", len(fields))
	}
	// Many "EPD" files are really FEN lines, clocks included.
	nFEN := 4
	if len(fields) >= 6 {
		if _, ok := plainNumber(fields[4]); ok {
			if _, ok := plainNumber(fields[5]); ok {
				nFEN = 6
			}
		}
	}
	pos, err := ParseFEN(strings.Join(fields[:nFEN], " "))
	if err != nil {
		return nil, err
	}
	rec := &EPDRecord{Position: pos, Ops: map[string]string{}}
	rest := line
	for i := 0; i < nFEN; i++ { // drop the position fields
		rest = strings.TrimLeft(rest, " \t")
		rest = strings.TrimLeft(rest[strings.IndexAny(rest+" ", " \t"):], " \t")
	}
	for _, op := range splitEPDOps(rest) {
		op = strings.TrimSpace(op)
		if op == "" {
			continue
		}
		code, operands := op, ""
		if i := strings.IndexAny(op, " \t"); i >= 0 {
			code, operands = op[:i], strings.TrimSpace(op[i+1:])
		}
		rec.Ops[code] = operands
		switch code {
		case "id":
			rec.ID = strings.Trim(operands, `"`)
		case "hmvc", "fmvn":
			n, ok := plainNumber(operands)
			if !ok || code == "fmvn" && n < 1 {
				return nil, fmt.Errorf("EPD %s: %q is not a valid count", code, operands)
			}
			if code == "hmvc" {
				pos.halfmove = n
			} else {
				pos.fullmove = n
			}
		case "bm", "am":
			for _, s := range strings.Fields(operands) {
				m, err := pos.ParseMove(s)
				if err != nil {
					return nil, fmt.Errorf("EPD %s %s: %w", code, rec.ID, err)
				}
				if code == "bm" {
					rec.Best = append(rec.Best, m)
				} else {
					rec.Avoid = append(rec.Avoid, m)
				}
			}
		}
	}
	return rec, nil
}

// splitEPDOps splits on semicolons outside double quotes.
func splitEPDOps(s string) []string {
	var out []string
	quoted := false
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quoted = !quoted
		case ';':
			if !quoted {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// Solves reports whether playing m solves the record's problem.
func (r *EPDRecord) Solves(m Move) bool {
	for _, a := range r.Avoid {
		if a == m {
			return false
		}
	}
	if len(r.Best) == 0 {
		return len(r.Avoid) > 0
	}
	for _, b := range r.Best {
		if b == m {
			return true
		}
	}
	return false
}

// ReadEPD reads every record of an EPD stream; errors name the line.
func ReadEPD(r io.Reader) ([]*EPDRecord, error) {
	var out []*EPDRecord
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rec, err := ParseEPD(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		rec.Line = n
		out = append(out, rec)
	}
	return out, sc.Err()
}

// String writes the record as one EPD line: the position's four fields,
// then its operations (bm, am, id first, the rest by name), so that
// ParseEPD reads back the same problem.
func (r *EPDRecord) String() string {
	fen := strings.Fields(r.Position.FEN())
	var b strings.Builder
	b.WriteString(strings.Join(fen[:4], " "))
	ops := map[string]string{}
	for c, v := range r.Ops {
		ops[c] = v
	}
	// Clocks that a six-field FEN carried become operations.
	if _, ok := ops["hmvc"]; !ok && fen[4] != "0" {
		ops["hmvc"] = fen[4]
	}
	if _, ok := ops["fmvn"]; !ok && fen[5] != "1" {
		ops["fmvn"] = fen[5]
	}
	codes := make([]string, 0, len(ops))
	for c := range ops {
		codes = append(codes, c)
	}
	rank := func(c string) int {
		switch c {
		case "bm":
			return 0
		case "am":
			return 1
		case "id":
			return 2
		}
		return 3
	}
	slices.SortFunc(codes, func(a, b string) int {
		if d := rank(a) - rank(b); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	for _, c := range codes {
		b.WriteString(" " + c)
		if ops[c] != "" {
			b.WriteString(" " + ops[c])
		}
		b.WriteString(";")
	}
	return b.String()
}
