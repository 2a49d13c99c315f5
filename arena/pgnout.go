package arena

import (
	"bytes"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/core/pgn"
)

// WriteGamePGN appends a finished game as PGN: the Seven Tag Roster,
// TimeControl, Termination, PlyCount, SetUp/FEN for a book start, and a
// {score/depth time} comment after every move. The game is formatted in
// memory and written with one Write, so games from several workers never
// interleave (the writer is also locked).
func WriteGamePGN(w io.Writer, r *GameResult, event, round string) error {
	start, err := core.ParseFEN(r.StartFEN)
	if err != nil {
		return err
	}
	g := &pgn.Game{Result: r.Outcome}
	if event == "" {
		event = "evochess"
	}
	g.SetTag("Event", event)
	g.SetTag("Site", "evochess arena")
	g.SetTag("Date", r.Started.Format("2006.01.02"))
	if round == "" {
		round = "-"
	}
	g.SetTag("Round", round)
	g.SetTag("White", r.White)
	g.SetTag("Black", r.Black)
	g.SetStartPosition(start)
	g.SetTag("TimeControl", r.TC.PGNTag())
	g.SetTag("Termination", terminationTag(r.Reason))
	g.SetTag("PlyCount", fmt.Sprint(len(r.Moves)))
	if r.Detail != "" || r.Reason != "" {
		g.SetTag("Annotator", "evochess referee: "+r.Reason+detailSuffix(r.Detail))
	}
	for _, m := range r.Moves {
		g.AddMove(m.Move, moveComment(m))
	}
	var buf bytes.Buffer
	if err := pgn.Write(&buf, g); err != nil {
		return err
	}
	pgnWriteMu.Lock()
	defer pgnWriteMu.Unlock()
	_, err = w.Write(buf.Bytes())
	return err
}

var pgnWriteMu sync.Mutex

func detailSuffix(d string) string {
	if d == "" {
		return ""
	}
	return " (" + d + ")"
}

// terminationTag maps a reason to the PGN standard's Termination values.
func terminationTag(reason string) string {
	switch reason {
	case ReasonTimeForfeit:
		return "time forfeit"
	case ReasonIllegalMove, ReasonCrashed, ReasonUnresponsive, ReasonFalseClaim:
		return "rules infraction"
	case ReasonResign, ReasonDrawScore, ReasonMaxMoves:
		return "adjudication"
	case ReasonAborted:
		return "abandoned"
	}
	return "normal"
}

// moveComment is "{+0.35/12 0.21s}", or "{#3/15 1.02s}" for a mate score.
func moveComment(m MoveRecord) string {
	if m.Depth == 0 && m.Score == 0 && m.Nodes == 0 {
		return fmt.Sprintf("%.2fs", m.Time.Seconds())
	}
	score := fmt.Sprintf("%+.2f", float64(m.Score)/100)
	if mi := core.MateIn(m.Score); mi != 0 {
		score = fmt.Sprintf("#%d", mi)
	}
	return fmt.Sprintf("%s/%d %.2fs", score, m.Depth, m.Time.Round(time.Millisecond).Seconds())
}
