package main

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/evochess/evochess/core"
)

// options are fakeuci's options when run with -options.
type options struct {
	skill, hash, threads int
	aggressive           bool
	style, ratio         string
}

func newOptions() *options {
	return &options{hash: 16, threads: 1, style: "Solid", ratio: "0.5"}
}

func (o *options) declare() {
	fmt.Println("option name Skill type spin default 0 min 0 max 100")
	fmt.Println("option name Aggressive Mode type check default false")
	fmt.Println("option name Style type combo default Solid var Solid var Sharp var Wild")
	fmt.Println("option name Ratio type string default 0.5")
	fmt.Println("option name Hash type spin default 16 min 1 max 1024")
	fmt.Println("option name Threads type spin default 1 min 1 max 8")
	fmt.Println("option name Clear Hash type button")
}

// set reads "setoption name NAME value VALUE".
func (o *options) set(line string) {
	rest, _ := strings.CutPrefix(line, "setoption name ")
	name, value, _ := strings.Cut(rest, " value ")
	spin := func(p *int, lo, hi int) {
		n, err := strconv.Atoi(value)
		if err != nil || n < lo || n > hi {
			fmt.Printf("info string Invalid value %q for option %s\n", value, name)
			return
		}
		*p = n
	}
	switch strings.ToLower(name) {
	case "skill":
		spin(&o.skill, 0, 100)
	case "hash":
		spin(&o.hash, 1, 1024)
	case "threads":
		spin(&o.threads, 1, 8)
	case "aggressive mode":
		o.aggressive = value == "true"
	case "style":
		o.style = value
	case "ratio":
		o.ratio = value
	case "clear hash":
	default:
		fmt.Printf("No such option: %s\n", name)
	}
}

var pieceValue = [...]int{core.Pawn: 1, core.Knight: 3, core.Bishop: 3, core.Rook: 5, core.Queen: 9}

// choose mates in one or takes the most valuable capture with a chance
// that falls with Skill's distance from its best value, else plays a move
// drawn by a hash of the position and the options.
func (o *options) choose(pos *core.Position, moves []core.Move) core.Move {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%d|%t|%s|%s", pos.FEN(), o.skill, o.aggressive, o.style, o.ratio)
	draw := h.Sum64()
	best := 70
	if o.style == "Sharp" {
		best = 60
	}
	distance := o.skill - best
	if distance < 0 {
		distance = -distance
	}
	if int(draw%100) >= distance {
		for _, m := range moves {
			after := pos.Clone()
			after.MakeMove(m)
			if st := after.Status(); st.Over() && st.Reason == core.Checkmate {
				return m
			}
		}
		var capture core.Move
		most := 0
		for _, m := range moves {
			if victim := pos.PieceAt(m.To()); victim != core.NoPiece && pieceValue[victim.Type()] > most {
				capture, most = m, pieceValue[victim.Type()]
			}
		}
		if most > 0 {
			return capture
		}
	}
	return moves[(draw>>8)%uint64(len(moves))]
}
