package saves

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// JournalGame is a finished game of an unfinished tournament: its job ID,
// its round (the PGN tag) and the game.
type JournalGame struct {
	Job   int
	Round string
	Game  arena.GameResult
}

// gameLine is a JournalGame as one line of the journal. The moves are in
// UCI notation, which any later evochess reads, each with the mover's
// report; what follows from them (SAN, the final position) is worked out
// again when the line is read, the moves checked on the way.
type gameLine struct {
	Job      int               `json:"job"`
	Round    string            `json:"round,omitempty"`
	White    string            `json:"white"`
	Black    string            `json:"black"`
	Start    string            `json:"start"`
	Result   string            `json:"result"` // 1-0, 0-1 or 1/2-1/2
	Reason   string            `json:"reason"`
	Detail   string            `json:"detail,omitempty"`
	TC       arena.TimeControl `json:"tc"`
	Started  time.Time         `json:"started"`
	Duration time.Duration     `json:"duration"`
	Moves    string            `json:"moves"`   // space-separated
	Reports  [][4]int64        `json:"reports"` // per move: score, depth, nodes, time (ns)
}

// Limits of a line, so that a damaged journal cannot make a reader hold
// more than it must.
const (
	maxJournalLine  = 4 << 20 // bytes: some 100 000 plies
	maxJournalGames = 1 << 22
	maxLineText     = 4096 // names, reason, detail, round, start
)

// encodeGameLine is the journal line of a finished game, newline included.
func encodeGameLine(job arena.GameJob, g *arena.GameResult) ([]byte, error) {
	l := gameLine{Job: job.ID, Round: job.Round, White: g.White, Black: g.Black, Start: g.StartFEN, Result: g.Outcome.String(),
		Reason: g.Reason, Detail: g.Detail, TC: g.TC, Started: g.Started.UTC(), Duration: g.Duration, Reports: make([][4]int64, len(g.Moves))}
	var moves strings.Builder
	for i, m := range g.Moves {
		if i > 0 {
			moves.WriteByte(' ')
		}
		moves.WriteString(m.Move.String())
		l.Reports[i] = [4]int64{int64(m.Score), int64(m.Depth), int64(m.Nodes), int64(m.Time)}
	}
	l.Moves = moves.String()
	data, err := json.Marshal(l)
	if err != nil {
		return nil, err
	}
	if len(data) >= maxJournalLine {
		return nil, fmt.Errorf("game %d: %d bytes, more than a journal line holds", job.ID, len(data))
	}
	return append(data, '\n'), nil
}

// decodeGameLine reads a journal line back into its game; every move must
// be legal from the start.
func decodeGameLine(data []byte) (JournalGame, error) {
	var l gameLine
	if err := json.Unmarshal(data, &l); err != nil {
		return JournalGame{}, err
	}
	outcome, ok := map[string]core.Outcome{"1-0": core.WhiteWins, "0-1": core.BlackWins, "1/2-1/2": core.Draw}[l.Result]
	switch {
	case !ok:
		return JournalGame{}, fmt.Errorf("result %.20q is not 1-0, 0-1 or 1/2-1/2", l.Result)
	case l.Job < 0 || l.Job >= maxJournalGames*16:
		return JournalGame{}, fmt.Errorf("job %d out of range", l.Job)
	case l.White == "" || l.Black == "":
		return JournalGame{}, fmt.Errorf("game %d: a player has no name", l.Job)
	case len(l.Round)+len(l.White)+len(l.Black)+len(l.Reason)+len(l.Detail)+len(l.Start) > maxLineText:
		return JournalGame{}, fmt.Errorf("game %d: texts longer than %d bytes", l.Job, maxLineText)
	case l.Duration < 0:
		return JournalGame{}, fmt.Errorf("game %d: negative duration", l.Job)
	}
	pos, err := core.ParseFEN(l.Start)
	if err != nil {
		return JournalGame{}, fmt.Errorf("game %d: start: %w", l.Job, err)
	}
	moves := strings.Fields(l.Moves)
	if len(moves) != len(l.Reports) {
		return JournalGame{}, fmt.Errorf("game %d: %d moves but %d reports", l.Job, len(moves), len(l.Reports))
	}
	g := arena.GameResult{White: l.White, Black: l.Black, StartFEN: l.Start, Outcome: outcome, Reason: l.Reason, Detail: l.Detail,
		TC: l.TC, Started: l.Started, Duration: l.Duration, Moves: make([]arena.MoveRecord, len(moves))}
	for i, s := range moves {
		mv, err := pos.ParseUCIMove(s)
		if err != nil {
			return JournalGame{}, fmt.Errorf("game %d: ply %d: %w", l.Job, i+1, err)
		}
		r := l.Reports[i]
		if r[1] < 0 || r[2] < 0 || r[3] < 0 {
			return JournalGame{}, fmt.Errorf("game %d: ply %d: a negative depth, node count or time", l.Job, i+1)
		}
		g.Moves[i] = arena.MoveRecord{Move: mv, SAN: pos.SAN(mv), Score: int(r[0]), Depth: int(r[1]), Nodes: uint64(r[2]),
			Time: time.Duration(r[3])}
		pos.MakeMove(mv)
	}
	g.FinalFEN = pos.FEN()
	return JournalGame{Job: l.Job, Round: l.Round, Game: g}, nil
}
