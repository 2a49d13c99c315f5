// Command fakexboard is a scripted CECP (xboard) engine for the arena's
// tests: it plays the first legal move, keeps its own board as a real
// engine does (moving by itself when given a move outside force mode),
// writes every command it reads to -log, and misbehaves as -mode says.
//
//	-mode good              features with usermove=1, setboard=1, ping=1
//	-mode v1                no features at all (protocol 1), bare moves
//	-mode legacy            protocol 1 that answers "My move is: X"
//	-mode san               features with san=1: moves in SAN both ways
//	-mode nosetboard        features without setboard
//	-mode slowdone          done=0 first, the rest a little later
//	-mode crash -after N    exit without a word on the Nth go (misbehaving once)
//	-mode hang -after N     never answer the Nth go
//	-mode illegal -after N  answer the Nth go with an illegal move
//	-mode resign -after N   resign on the Nth go
//	-mode falseclaim -after N  claim its own win on the Nth go
//	-mode reject -after N   refuse the last move it was given on the Nth go
//	-mode drawclaim         claim a draw before every move (then move)
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/evochess/evochess/core"
)

func main() {
	mode := flag.String("mode", "good", "behaviour")
	after := flag.Int("after", 1, "misbehave on this go command")
	logPath := flag.String("log", "", "append the commands read to this file")
	flag.Parse()
	var log *os.File
	if *logPath != "" {
		f, err := os.OpenFile(*logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		log = f
	}
	e := &engine{mode: *mode, after: *after, pos: core.NewPosition()}
	switch *mode {
	case "v1", "legacy", "san", "nosetboard":
	default:
		e.usermove = true // announced with usermove=1, and required
	}
	e.san = *mode == "san"
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		line := sc.Text()
		if log != nil {
			fmt.Fprintln(log, line)
		}
		if !e.command(line) {
			return
		}
	}
}

type engine struct {
	mode           string
	after, gos     int
	pos            *core.Position
	force          bool
	usermove, san  bool
	lastMove, post string
}

func (e *engine) features() {
	switch e.mode {
	case "v1", "legacy":
		return // a protocol-1 engine does not know protover
	case "slowdone":
		fmt.Println("feature done=0")
		time.Sleep(300 * time.Millisecond)
	}
	fmt.Println(`feature myname="fakexboard 1.0" ping=1 sigint=0 colors=0 bogus=1`)
	switch e.mode {
	case "san":
		fmt.Println("feature san=1 setboard=1 done=1")
	case "nosetboard":
		fmt.Println("feature setboard=0 done=1")
	default:
		fmt.Println(`feature usermove=1 setboard=1 option="Noise -spin 0 0 10" done=1`)
	}
}

// command handles one line; false ends the engine.
func (e *engine) command(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	switch f[0] {
	case "protover":
		e.features()
	case "new":
		e.pos, e.force = core.NewPosition(), false
	case "force":
		e.force = true
	case "setboard":
		p, err := core.ParseFEN(strings.Join(f[1:], " "))
		if err != nil {
			fmt.Println("tellusererror Illegal position")
			return true
		}
		e.pos = p
	case "ping":
		if len(f) > 1 {
			fmt.Println("pong " + f[1])
		}
	case "post":
		e.post = "on"
	case "go":
		e.force = false
		return e.think()
	case "quit":
		return false
	case "usermove":
		if !e.usermove || len(f) < 2 {
			fmt.Println("Error (unknown command): " + line)
			return true
		}
		return e.opponentMove(f[1])
	case "xboard", "accepted", "rejected", "level", "st", "sd", "time", "otim", "easy", "nps", "option", "result", "computer":
	default:
		if e.usermove {
			fmt.Println("Error (unknown command): " + line)
			return true
		}
		return e.opponentMove(f[0])
	}
	return true
}

func (e *engine) opponentMove(text string) bool {
	var m core.Move
	var err error
	if e.san {
		m, err = e.pos.ParseSAN(text)
	} else {
		m, err = e.pos.ParseUCIMove(text)
	}
	if err != nil {
		fmt.Println("Illegal move: " + text)
		return true
	}
	e.lastMove = text
	e.pos.MakeMove(m)
	if !e.force {
		return e.think() // a real engine answers a move outside force mode
	}
	return true
}

func (e *engine) think() bool {
	e.gos++
	if e.gos == e.after { // once: the next game shows the player recovered
		switch e.mode {
		case "crash":
			os.Exit(3)
		case "hang":
			time.Sleep(time.Hour)
		case "illegal":
			fmt.Println("move a1a1")
			return true
		case "resign":
			fmt.Println("resign")
			return true
		case "falseclaim":
			if e.pos.SideToMove() == core.White {
				fmt.Println("1-0 {White mates}")
			} else {
				fmt.Println("0-1 {Black mates}")
			}
			return true
		case "reject":
			fmt.Println("Illegal move: " + e.lastMove)
			return true
		}
	}
	if e.mode == "drawclaim" {
		fmt.Println("1/2-1/2 {claims a draw}")
	}
	moves := e.pos.LegalMoves()
	if len(moves) == 0 {
		return true
	}
	m := moves[0]
	text := m.String()
	if e.san {
		text = e.pos.SAN(m)
	}
	if e.post != "" {
		fmt.Printf("3 25 1 1234 %s\n", text)
	}
	e.pos.MakeMove(m)
	if e.mode == "legacy" {
		fmt.Println("My move is: " + text)
	} else {
		fmt.Println("move " + text)
	}
	return true
}
