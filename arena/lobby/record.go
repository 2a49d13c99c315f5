package lobby

import (
	"fmt"
	"math"
	"time"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/core/pgn"
)

// finish does what a game that ended with a result needs from outside the
// lobby, on a goroutine of its own (counted in l.wg): the ladder rates it,
// then OnGameEnd gets its record.
func (l *Lobby) finish(g *game) {
	defer l.wg.Done()
	if g.rated {
		score := 0.5
		switch g.result {
		case core.WhiteWins:
			score = 1
		case core.BlackWins:
			score = 0
		}
		dw, db := l.cfg.Ladder.Rate(g.who[0], g.who[1], score)
		l.mu.Lock()
		g.ratingDelta = [2]float64{dw, db}
		l.pokeAll() // the ladder changed, and the game's view
		l.unlock()
	}
	if l.cfg.OnGameEnd == nil {
		return
	}
	l.mu.Lock()
	rec := g.record()
	l.unlock()
	l.cfg.OnGameEnd(rec)
}

// Tags of every record that depend on no game.
const (
	recordEvent = "evochess lobby"
	recordSite  = "evochess"
)

// record is g, which ended, as a Record with its PGN.
func (g *game) record() Record {
	p := &pgn.Game{Result: g.result}
	p.SetTag("Event", recordEvent)
	p.SetTag("Site", recordSite)
	p.SetTag("Date", g.started.UTC().Format("2006.01.02"))
	p.SetTag("Round", "-")
	p.SetTag("White", g.shownWho[0]) // apart from namesakes, as the lobby showed them
	p.SetTag("Black", g.shownWho[1])
	p.SetTag("Result", g.result.String())
	if start, err := core.ParseFEN(g.startFEN); err == nil {
		p.SetStartPosition(start)
	}
	p.SetTag("TimeControl", g.spec.TC.PGNTag())
	p.SetTag("Termination", terminationTag(g.reason))
	if g.rated {
		p.SetTag("WhiteElo", fmt.Sprint(int(math.Round(g.elo[0]))))
		p.SetTag("BlackElo", fmt.Sprint(int(math.Round(g.elo[1]))))
	}
	for i, m := range g.moves {
		p.AddMove(m, clockComment(g.after[i]))
	}
	return Record{ID: g.id, White: g.who[0], Black: g.who[1], Rated: g.rated, Game: p}
}

// terminationTag is the PGN standard's Termination for a reason.
func terminationTag(reason string) string {
	switch reason {
	case "time":
		return "time forfeit"
	case "abandoned":
		return "abandoned"
	}
	return "normal"
}

// clockComment is a move's clock annotation as chess servers write it:
// "[%clk 0:04:59]", the mover's time left after the move, whole seconds.
func clockComment(d time.Duration) string {
	s := int64(max(d, 0) / time.Second)
	return fmt.Sprintf("[%%clk %d:%02d:%02d]", s/3600, s/60%60, s%60)
}
