package arena

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/evochess/evochess/core"
)

// The pieces of CECP (the xboard/WinBoard protocol, version 2) that do
// not need a process: features, move text, thinking lines, result
// claims and time controls. Nothing here panics on bad engine output.

// xboardFeatures are what an engine announced with "feature" lines.
// Defaults are CECP's for an engine that says nothing (protocol 1).
type xboardFeatures struct {
	ping, setboard, san, usermove, time, nps, reuse bool

	myname   string
	variants string // empty: not announced (plain chess assumed)
}

func defaultXboardFeatures() xboardFeatures {
	return xboardFeatures{time: true, reuse: true}
}

// xboardKnownFeatures are CECP's feature names. The player accepts them
// (it either honours them or they only inform) and rejects any other, as
// the protocol asks, so the engine falls back to its defaults.
var xboardKnownFeatures = map[string]bool{
	"ping": true, "setboard": true, "playother": true, "san": true, "usermove": true, "time": true,
	"draw": true, "sigint": true, "sigterm": true, "reuse": true, "analyze": true, "myname": true,
	"variants": true, "colors": true, "ics": true, "name": true, "pause": true, "nps": true,
	"debug": true, "memory": true, "smp": true, "egt": true, "option": true, "exclude": true,
	"setscore": true, "highlight": true, "done": true,
}

// featurePair is one name=value of a feature line, quotes removed.
type featurePair struct{ name, value string }

// parseFeatures splits the rest of a "feature" line into its pairs:
// name=123 or name="quoted text with spaces". Malformed pieces are
// skipped; an unclosed quote takes the rest of the line.
func parseFeatures(s string) []featurePair {
	var out []featurePair
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			return out
		}
		eq := strings.IndexByte(s, '=')
		sp := strings.IndexAny(s, " \t")
		if eq < 0 || sp >= 0 && sp < eq {
			if sp < 0 {
				return out
			}
			s = s[sp:] // a word without "=": skip it
			continue
		}
		name, rest := s[:eq], s[eq+1:]
		var value string
		if strings.HasPrefix(rest, `"`) {
			if end := strings.IndexByte(rest[1:], '"'); end >= 0 {
				value, s = rest[1:1+end], rest[2+end:]
			} else {
				value, s = rest[1:], ""
			}
		} else if end := strings.IndexAny(rest, " \t"); end >= 0 {
			value, s = rest[:end], rest[end:]
		} else {
			value, s = rest, ""
		}
		if name != "" {
			out = append(out, featurePair{name, value})
		}
	}
}

// apply records one feature and returns the answer CECP wants
// ("accepted NAME" or "rejected NAME"). done is handled by the caller.
func (f *xboardFeatures) apply(p featurePair) string {
	if !xboardKnownFeatures[p.name] {
		return "rejected " + p.name
	}
	on := p.value == "1"
	switch p.name {
	case "ping":
		f.ping = on
	case "setboard":
		f.setboard = on
	case "san":
		f.san = on
	case "usermove":
		f.usermove = on
	case "time":
		f.time = on
	case "nps":
		f.nps = on
	case "reuse":
		f.reuse = on
	case "myname":
		f.myname = p.value
	case "variants":
		f.variants = p.value
	}
	return "accepted " + p.name
}

// playsChess reports whether the announced variants include plain chess.
func (f xboardFeatures) playsChess() bool {
	if f.variants == "" {
		return true
	}
	for _, v := range strings.Split(f.variants, ",") {
		if strings.TrimSpace(v) == "normal" {
			return true
		}
	}
	return false
}

// xboardAnswer reports whether line is how an xboard engine refuses the
// command "uci" ("Illegal move: uci", "Error (unknown command): uci") or
// announces its features: a UCI engine never says either.
func xboardAnswer(line string) bool {
	line = strings.TrimSpace(line)
	if strings.HasPrefix(line, "feature ") {
		return true
	}
	if !strings.HasPrefix(line, "Illegal move") && !strings.HasPrefix(line, "Error") {
		return false
	}
	f := strings.Fields(line)
	return len(f) > 0 && f[len(f)-1] == "uci"
}

// moveText is how the engine wants a move written: coordinates ("e2e4",
// "e7e8q", castling as the king's move) or SAN when it asked for san=1.
// pos is the position before the move.
func moveText(pos *core.Position, m core.Move, san bool) string {
	if san {
		return pos.SAN(m)
	}
	return m.String()
}

// engineMove finds the move in an engine's line: "move e2e4", or the
// protocol-1 "My move is: e2e4" (also "My move is : e2e4").
func engineMove(line string) (string, bool) {
	f := strings.Fields(line)
	if len(f) >= 2 && f[0] == "move" {
		return f[1], true
	}
	if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "My move is"); ok {
		rest = strings.TrimLeft(rest, " :")
		if g := strings.Fields(rest); len(g) > 0 {
			return g[0], true
		}
		return "", true
	}
	return "", false
}

// rejectedMove returns what an "Illegal move" answer names:
// "Illegal move: e2e4" and "Illegal move (in check): e2e4" give "e2e4".
func rejectedMove(line string) (string, bool) {
	if !strings.HasPrefix(line, "Illegal move") {
		return "", false
	}
	i := strings.LastIndexByte(line, ':')
	if i < 0 {
		return "", true
	}
	f := strings.Fields(line[i+1:])
	if len(f) > 1 && f[0] == "usermove" {
		f = f[1:]
	}
	if len(f) == 0 {
		return "", true
	}
	return f[0], true
}

// resultClaim reads a result an engine announces ("1-0 {White mates}",
// "0-1", "1/2-1/2 {repetition}", "resign"); white says whom "1-0" and
// "0-1" favour, for the side making the claim.
type resultClaim int

const (
	noClaim resultClaim = iota
	claimWhiteWins
	claimBlackWins
	claimDraw
	claimResign
)

func parseClaim(line string) resultClaim {
	f := strings.Fields(line)
	if len(f) == 0 {
		return noClaim
	}
	switch f[0] {
	case "1-0":
		return claimWhiteWins
	case "0-1":
		return claimBlackWins
	case "1/2-1/2":
		return claimDraw
	case "resign":
		return claimResign
	}
	return noClaim
}

// parseThinking reads a "post" line, "ply score time nodes pv…" (the ply
// may carry a mark such as "12." or "12&"), into r; false when the line
// is not one.
func parseThinking(line string, r *MoveReply) bool {
	f := strings.Fields(line)
	if len(f) < 4 {
		return false
	}
	ply, err := strconv.Atoi(strings.TrimRight(f[0], ".&+-!?"))
	if err != nil || ply <= 0 || ply > core.MaxPly {
		return false
	}
	score, err1 := strconv.Atoi(f[1])
	_, err2 := strconv.ParseInt(f[2], 10, 64)
	nodes, err3 := strconv.ParseUint(f[3], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return false
	}
	r.Depth, r.Score, r.Nodes = ply, xboardScore(score), nodes
	return true
}

// xboardScore converts a CECP score (centipawns from the engine's view;
// mate in N moves as 100000+N, mated in N as -100000-N) to ours. Other
// huge values are clamped below our mate range, never read as mates.
func xboardScore(s int) int {
	switch {
	case s >= 100000:
		n := min(max(s-100000, 1), core.MaxPly/2)
		return core.MateScore - (2*n - 1)
	case s <= -100000:
		n := min(max(-s-100000, 1), core.MaxPly/2)
		return -core.MateScore + 2*n
	}
	return min(max(s, -core.MateBound+1), core.MateBound-1)
}

// xboardLevel is "level MPS BASE INC": moves per period (0: the whole
// game), the base as minutes or minutes:seconds (whole seconds, at least
// one, as CECP writes it) and the increment in seconds.
func xboardLevel(movesToGo int, base, inc time.Duration) string {
	secs := max(int64(math.Ceil(base.Seconds())), 1)
	b := strconv.FormatInt(secs/60, 10)
	if secs%60 != 0 {
		b += fmt.Sprintf(":%02d", secs%60)
	}
	return fmt.Sprintf("level %d %s %s", max(movesToGo, 0), b, strconv.FormatFloat(inc.Seconds(), 'f', -1, 64))
}

// wholeSeconds rounds a time per move for st, which takes whole seconds
// in most engines: never below one.
func wholeSeconds(d time.Duration) int64 {
	return max(int64(math.Round(d.Seconds())), 1)
}

// centiseconds is the unit of time and otim.
func centiseconds(d time.Duration) int64 { return max(d.Milliseconds()/10, 0) }
