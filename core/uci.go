package core

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"
)

// UCI engine identity.
const (
	EngineName   = "evochess"
	EngineAuthor = "the evochess authors"
)

// UCIOptions are the engine's settings, as the UCI "setoption" commands
// change them.
type UCIOptions struct {
	HashMB          int
	Chromosome      string // preset name or chromosome file
	Mode            SearchMode
	PlainQuiescence int
	MoveOverhead    time.Duration
}

// DefaultUCIOptions are the options an engine starts with.
func DefaultUCIOptions() UCIOptions {
	return UCIOptions{HashMB: 64, Chromosome: "full", Mode: Strong, MoveOverhead: 30 * time.Millisecond}
}

// uciEngine is one UCI session: a position, a searcher and at most one
// search running in the background.
type uciEngine struct {
	out     *lockedWriter
	opts    UCIOptions
	s       *Searcher
	pos     *Position
	search  chan struct{} // closed when the running search has printed bestmove; nil when idle
	cancel  context.CancelFunc
	ctx     context.Context
	weights *Weights
	asked   int // the Hash last asked for; opts.HashMB is what the machine gave
	// searchOpts are the search options set so far, over the chromosome's.
	searchOpts [][2]string
}

type lockedWriter struct {
	mu sync.Mutex
	w  *bufio.Writer
}

func (l *lockedWriter) println(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, format, args...)
	l.w.WriteByte('\n')
	l.w.Flush()
}

// RunUCI speaks the UCI protocol on in/out until "quit", end of input or
// the context ends. A malformed command gets an "info string" saying why
// and is otherwise ignored.
func RunUCI(ctx context.Context, in io.Reader, out io.Writer, opts UCIOptions) error {
	w, err := LoadWeights(opts.Chromosome)
	if err != nil {
		return err
	}
	e := &uciEngine{out: &lockedWriter{w: bufio.NewWriter(out)}, opts: opts, pos: NewPosition(), ctx: ctx, weights: w, asked: opts.HashMB}
	e.opts.HashMB = CapHashMB(opts.HashMB) // said on "uci", when the GUI listens
	e.s = NewSearcher(w, e.opts.HashMB)
	e.applySearchOptions()
	defer e.stopSearch()

	lines := make(chan uciLine)
	readErr := make(chan error, 1)
	go func() {
		lr := newLineReader(in, maxUCILine)
		for {
			line, err := lr.next()
			if err != nil {
				if err == io.EOF {
					err = nil
				}
				readErr <- err
				close(lines)
				return
			}
			select {
			case lines <- line:
			case <-ctx.Done():
				return
			}
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				return <-readErr
			}
			if line.tooLong {
				e.out.println("info string line too long (over %d bytes), ignored", maxUCILine)
				continue
			}
			if !e.handle(line.text) {
				return nil
			}
		}
	}
}

// handle runs one command line; it returns false on "quit".
func (e *uciEngine) handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	switch fields[0] {
	case "uci":
		e.out.println("id name %s", EngineName)
		e.out.println("id author %s", EngineAuthor)
		for i := range uciOptionTable {
			e.out.println("%s", uciOptionTable[i].announce(DefaultUCIOptions(), e.weights.SearchParams()))
		}
		e.sayHashCap()
		e.out.println("uciok")
	case "isready":
		e.out.println("readyok")
	case "ucinewgame":
		e.stopSearch()
		e.s.NewGame()
		e.pos = NewPosition()
	case "setoption":
		e.setOption(fields[1:])
	case "position":
		e.stopSearch()
		e.position(fields[1:])
	case "go":
		e.goCommand(fields[1:])
	case "stop":
		e.stopSearch()
	case "quit":
		return false
	case "d":
		e.out.println("%s", e.pos.FEN())
	case "ponderhit", "debug", "register":
		// Accepted and ignored: no pondering, no debug mode, no registration.
	default:
		e.out.println("info string unknown command %q", fields[0])
	}
	return true
}

func (e *uciEngine) setOption(args []string) {
	// setoption name <id...> [value <x...>]
	if len(args) < 2 || args[0] != "name" {
		e.out.println("info string setoption needs: setoption name <id> [value <x>]")
		return
	}
	var name, value []string
	target := &name
	for _, a := range args[1:] {
		if a == "value" && target == &name {
			target = &value
			continue
		}
		*target = append(*target, a)
	}
	id, val := strings.Join(name, " "), strings.Join(value, " ")
	opt := findUCIOption(id)
	if opt == nil {
		e.out.println("info string unknown option %q", id)
		return
	}
	e.stopSearch()
	n := 0
	var err error
	if opt.kind == "spin" {
		n, err = opt.spin(val)
	}
	if err == nil {
		err = opt.apply(e, val, n)
	}
	if err != nil {
		e.out.println("info string option %s: %v", opt.name, err)
		return
	}
	e.applySearchOptions()
}

// hashMB caps a Hash setting to what the machine can spare, saying so.
func (e *uciEngine) hashMB(n int) int {
	e.asked = n
	e.opts.HashMB = CapHashMB(n)
	e.sayHashCap()
	return e.opts.HashMB
}

// sayHashCap tells the GUI when its Hash was more than the machine has
// (rather than dying of it, or shrinking it silently).
func (e *uciEngine) sayHashCap() {
	if e.opts.HashMB < e.asked {
		e.out.println("info string Hash capped to %d MB (of %d asked): what this machine can spare", e.opts.HashMB, e.asked)
	}
}

func (e *uciEngine) applySearchOptions() {
	e.s.Mode = e.opts.Mode
	e.s.PlainQuiescence = e.opts.PlainQuiescence
	e.s.MoveOverhead = e.opts.MoveOverhead
	p := e.weights.SearchParams()
	p.SetAll(e.searchOpts) // each was checked when set
	e.s.SetSearchParams(p)
}

// position sets up "startpos | fen <fen> [moves m1 m2 …]"; on any error the
// previous position stays.
func (e *uciEngine) position(args []string) {
	if len(args) == 0 {
		e.out.println("info string position needs startpos or fen")
		return
	}
	var p *Position
	rest := args[1:]
	switch args[0] {
	case "startpos":
		p = NewPosition()
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		var err error
		p, err = ParseFEN(strings.Join(rest[:i], " "))
		if err != nil {
			e.out.println("info string %v", err)
			return
		}
		rest = rest[i:]
	default:
		e.out.println("info string position: %q is not startpos or fen", args[0])
		return
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			e.out.println("info string position: expected moves, got %q", rest[0])
			return
		}
		for i, s := range rest[1:] {
			m, err := p.ParseUCIMove(s)
			if err != nil {
				e.out.println("info string position: move %d: %v", i+1, err)
				return
			}
			p.MakeMove(m)
		}
	}
	e.pos = p
}

// goCommand parses the limits and starts a search in the background.
func (e *uciEngine) goCommand(args []string) {
	if e.search != nil {
		select {
		case <-e.search: // finished by itself: forget it
			e.search = nil
			e.cancel()
		default:
			e.out.println("info string a search is already running; send stop first")
			return
		}
	}
	var lim Limits
	perft := 0
	for i := 0; i < len(args); i++ {
		key := args[i]
		if key == "infinite" || key == "ponder" {
			lim.Infinite = key == "infinite"
			continue
		}
		if i+1 >= len(args) {
			e.out.println("info string go %s needs a value", key)
			return
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil || n < 0 && key != "wtime" && key != "btime" {
			e.out.println("info string go %s: %q is not a valid number", key, args[i+1])
			return
		}
		i++
		ms := time.Duration(max(n, 0)) * time.Millisecond
		switch key {
		case "depth":
			lim.Depth = int(min(n, MaxPly))
		case "nodes":
			lim.Nodes = uint64(n)
		case "movetime":
			lim.MoveTime = ms
		case "wtime":
			lim.WTime = max(ms, time.Millisecond)
		case "btime":
			lim.BTime = max(ms, time.Millisecond)
		case "winc":
			lim.WInc = ms
		case "binc":
			lim.BInc = ms
		case "movestogo":
			lim.MovesToGo = int(min(n, 1000))
		case "mate":
			lim.Depth = int(min(2*n+1, MaxPly))
		case "perft":
			perft = int(min(n, 12))
		case "searchmoves":
			e.out.println("info string searchmoves is not supported; searching all moves")
		default:
			e.out.println("info string go: unknown parameter %q", key)
			return
		}
	}
	ctx, cancel := context.WithCancel(e.ctx)
	done := make(chan struct{})
	e.search, e.cancel = done, cancel
	pos := e.pos.Clone()
	if perft > 0 {
		// In the background like a search: a deep perft runs for hours,
		// and stop, isready and quit must still be heard.
		go func() {
			defer close(done)
			e.perft(ctx, pos, perft)
		}()
		return
	}
	e.s.OnInfo = e.printInfo
	go func() {
		defer close(done)
		res := e.s.Search(ctx, pos, lim)
		if res.Move == NullMove {
			e.out.println("bestmove 0000")
			return
		}
		if len(res.PV) > 1 {
			e.out.println("bestmove %s ponder %s", res.Move, res.PV[1])
		} else {
			e.out.println("bestmove %s", res.Move)
		}
	}()
}

// perft prints the count below each root move as it is done, then the
// total, or says it was stopped.
func (e *uciEngine) perft(ctx context.Context, pos *Position, depth int) {
	start := time.Now()
	var total uint64
	err := pos.DivideContext(ctx, depth, func(d DivideEntry) {
		e.out.println("%s: %d", d.Move, d.Nodes)
		total += d.Nodes
	})
	if err != nil {
		e.out.println("info string perft %d stopped after %v", depth, time.Since(start).Round(time.Millisecond))
		return
	}
	e.out.println("\nNodes searched: %d (%v)", total, time.Since(start).Round(time.Millisecond))
}

// printInfo formats a progress report as a UCI info line.
func (e *uciEngine) printInfo(in Info) {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d ", in.Depth, in.SelDepth)
	if m := MateIn(in.Score); m != 0 {
		fmt.Fprintf(&b, "score mate %d", m)
	} else {
		fmt.Fprintf(&b, "score cp %d", in.Score)
	}
	switch in.Bound {
	case boundLower:
		b.WriteString(" lowerbound")
	case boundUpper:
		b.WriteString(" upperbound")
	}
	ms := max(in.Time.Milliseconds(), 1)
	fmt.Fprintf(&b, " nodes %d nps %d time %d hashfull %d pv", in.Nodes, int64(in.Nodes)*1000/ms, in.Time.Milliseconds(), in.Hashfull)
	for _, m := range in.PV {
		b.WriteByte(' ')
		b.WriteString(m.String())
	}
	e.out.println("%s", b.String())
}

// stopSearch stops a running search and waits until it printed bestmove.
func (e *uciEngine) stopSearch() {
	if e.search == nil {
		return
	}
	e.s.Stop()
	e.cancel()
	<-e.search
	e.search, e.cancel = nil, nil
}
