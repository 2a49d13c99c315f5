// Command fakeuci is a scripted UCI engine for the arena's tests: it plays
// the first legal move, and misbehaves as its flag says.
//
//	-mode good              play normally
//	-mode crash -after N    exit without a word on the Nth go
//	-mode hang -after N     never answer the Nth go
//	-mode illegal -after N  answer the Nth go with an illegal move
//	-mode garbage -after N  answer the Nth go with noise, then a bad bestmove
//	-mode nohandshake       never send uciok
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
	flag.Parse()
	pos := core.NewPosition()
	gos := 0
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			if *mode == "nohandshake" {
				continue
			}
			fmt.Println("id name fakeuci")
			fmt.Println("uciok")
		case "isready":
			fmt.Println("readyok")
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
			fmt.Println("bestmove " + moves[0].String())
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
