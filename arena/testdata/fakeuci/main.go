// Command fakeuci is a scripted UCI engine for the arena's tests: it plays
// the first legal move, and misbehaves as its flag says.
//
//	-mode good              play normally
//	-mode crash -after N    exit without a word on the Nth go
//	-mode hang -after N     never answer the Nth go
//	-mode illegal -after N  answer the Nth go with an illegal move
//	-mode garbage -after N  answer the Nth go with noise, then a bad bestmove
//	-mode nohandshake       never send uciok
//	-mode noreadyok         send uciok, never readyok
//	-mode longline          answer uci with 8 MB and no newline, then wait
//	-mode diesetoption      exit without a word at the first setoption
//	-log FILE               append "PID COMMAND" for every command received
//
// It says "id name fakeuci", or the environment's FAKEUCI_ID, and "id
// author" FAKEUCI_AUTHOR when that is set: a test can so replace the
// engine behind one command line with another.
//
// With -options it offers options (a spin, a check, a combo, a string,
// Hash and Threads), says "No such option" to a setoption it does not
// offer and "Invalid value" to one out of range, and plays by them: the
// nearer Skill is to 70 (with Sharp style, 60), the more often it takes
// the most valuable piece it can, otherwise a move drawn by a hash of the
// position and its options. So its strength is a function of its options,
// the same for the same options and position: a tuner's test objective.
package main

import (
	"bufio"
	"cmp"
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
	withOptions := flag.Bool("options", false, "offer options and play by them")
	logTo := flag.String("log", "", "append every command received to this file")
	flag.Parse()
	var log *os.File
	if *logTo != "" {
		var err error
		if log, err = os.OpenFile(*logTo, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644); err != nil {
			os.Exit(5)
		}
		defer log.Close()
	}
	pos := core.NewPosition()
	gos := 0
	opts := newOptions()
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		if log != nil {
			fmt.Fprintf(log, "%d %s\n", os.Getpid(), sc.Text())
		}
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			switch *mode {
			case "nohandshake":
				continue
			case "longline":
				chunk := strings.Repeat("x", 64<<10)
				for range 128 {
					if _, err := os.Stdout.WriteString(chunk); err != nil {
						os.Exit(6) // the reader gave up: as it should
					}
				}
				time.Sleep(time.Hour)
			}
			fmt.Println("id name " + cmp.Or(os.Getenv("FAKEUCI_ID"), "fakeuci"))
			if author := os.Getenv("FAKEUCI_AUTHOR"); author != "" {
				fmt.Println("id author " + author)
			}
			if *withOptions {
				opts.declare()
			}
			fmt.Println("uciok")
		case "setoption":
			if *mode == "diesetoption" {
				os.Exit(4)
			}
			if *withOptions {
				opts.set(sc.Text())
			}
		case "isready":
			if *mode != "noreadyok" {
				fmt.Println("readyok")
			}
		case "position":
			pos = setPosition(f[1:])
		case "go":
			gos++
			if gos >= *after {
				switch *mode {
				case "crash":
					os.Exit(3)
				case "hang":
					time.Sleep(time.Hour)
				case "illegal":
					fmt.Println("bestmove a1a1")
					continue
				case "garbage":
					fmt.Println("info score cp banana depth -x")
					fmt.Println("%%%% \x00 nonsense")
					fmt.Println("bestmove zz99")
					continue
				}
			}
			moves := pos.LegalMoves()
			fmt.Println("info depth 1 score cp 7 nodes 1")
			m := moves[0]
			if *withOptions {
				m = opts.choose(pos, moves)
			}
			fmt.Println("bestmove " + m.String())
		case "quit":
			return
		}
	}
}

func setPosition(f []string) *core.Position {
	p := core.NewPosition()
	i := 1
	if len(f) > 0 && f[0] == "fen" {
		j := 1
		for j < len(f) && f[j] != "moves" {
			j++
		}
		p, _ = core.ParseFEN(strings.Join(f[1:j], " "))
		i = j
	}
	if i < len(f) && f[i] == "moves" {
		for _, s := range f[i+1:] {
			m, err := p.ParseUCIMove(s)
			if err != nil {
				break
			}
			p.MakeMove(m)
		}
	}
	return p
}
