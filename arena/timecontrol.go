// Package arena plays games: players (built-in engines, external UCI
// engines, humans), a referee that owns each game's position and clocks,
// workers that run many games at once, tournaments, ratings and PGN.
package arena

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/evochess/evochess/core"
)

// TimeControl says how long a player may think per move or per game.
// Exactly one kind is set: Depth, Nodes, MoveTime, or a clock (Base and
// Inc, optionally MovesToGo moves per period).
type TimeControl struct {
	Depth     int
	Nodes     uint64
	MoveTime  time.Duration
	Base      time.Duration
	Inc       time.Duration
	MovesToGo int
}

// ParseTimeControl reads "depth=4", "nodes=20000", "movetime=100" (ms),
// "10+0.1" (seconds + increment), "40/60" or "40/60+1" (moves per period).
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	bad := func(reason string) (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("time control %q: %s", s, reason)
	}
	if k, v, ok := strings.Cut(s, "="); ok {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 {
			return bad("needs a positive whole number after =")
		}
		switch k {
		case "depth":
			if n > core.MaxPly-8 {
				return bad(fmt.Sprintf("depth at most %d", core.MaxPly-8))
			}
			tc.Depth = int(n)
		case "nodes":
			tc.Nodes = n
		case "movetime":
			tc.MoveTime = time.Duration(n) * time.Millisecond
		default:
			return bad("kind must be depth, nodes or movetime, or a clock like 10+0.1")
		}
		return tc, nil
	}
	rest := s
	if mtg, period, ok := strings.Cut(s, "/"); ok {
		n, err := strconv.Atoi(mtg)
		if err != nil || n <= 0 {
			return bad("moves per period must be a positive whole number")
		}
		tc.MovesToGo, rest = n, period
	}
	base, inc, _ := strings.Cut(rest, "+")
	b, err := parseSeconds(base)
	if err != nil || b <= 0 {
		return bad("base time must be a positive number of seconds")
	}
	tc.Base = b
	if inc != "" {
		i, err := parseSeconds(inc)
		if err != nil || i < 0 {
			return bad("increment must be a number of seconds")
		}
		tc.Inc = i
	}
	return tc, nil
}

func parseSeconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f > 1e6 {
		return 0, fmt.Errorf("bad seconds %q", s)
	}
	return time.Duration(f * float64(time.Second)), nil
}

// HasClock reports whether the control is a game clock.
func (tc TimeControl) HasClock() bool { return tc.Base > 0 }

// String formats the control as ParseTimeControl reads it.
func (tc TimeControl) String() string {
	switch {
	case tc.Depth > 0:
		return fmt.Sprintf("depth=%d", tc.Depth)
	case tc.Nodes > 0:
		return fmt.Sprintf("nodes=%d", tc.Nodes)
	case tc.MoveTime > 0:
		return fmt.Sprintf("movetime=%d", tc.MoveTime.Milliseconds())
	case tc.Base > 0:
		return tc.clockString()
	}
	return "-"
}

// clockString is "[moves/]base[+inc]" in seconds, as both String and the
// PGN TimeControl tag write a clock.
func (tc TimeControl) clockString() string {
	s := trimSeconds(tc.Base)
	if tc.MovesToGo > 0 {
		s = fmt.Sprintf("%d/%s", tc.MovesToGo, s)
	}
	if tc.Inc > 0 {
		s += "+" + trimSeconds(tc.Inc)
	}
	return s
}

// PGNTag formats the control for the PGN TimeControl tag ("-" when moves
// are limited by depth or nodes, which PGN cannot express).
func (tc TimeControl) PGNTag() string {
	switch {
	case tc.MoveTime > 0:
		return "1/" + trimSeconds(tc.MoveTime) // PGN's "moves/seconds" with one move per period
	case tc.Base > 0:
		return tc.clockString()
	}
	return "-"
}

func trimSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// Limits is a fixed budget as search limits (depth, nodes or movetime);
// a clock gives what one move of a 40-move period would get.
func (tc TimeControl) Limits() core.Limits {
	switch {
	case tc.Depth > 0:
		return core.Limits{Depth: tc.Depth}
	case tc.Nodes > 0:
		return core.Limits{Nodes: tc.Nodes}
	case tc.MoveTime > 0:
		return core.Limits{MoveTime: tc.MoveTime}
	}
	return core.Limits{MoveTime: tc.Base/40 + tc.Inc}
}
