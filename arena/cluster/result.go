package cluster

import (
	"fmt"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// resultMsg is a finished game as a worker reports it. Only what the
// coordinator cannot work out itself travels: the moves (replayed and
// checked on arrival, their SAN and the final position recomputed), the
// movers' reports, and how the game ended.
type resultMsg struct {
	V        int           `json:"v"`
	ID       string        `json:"id"`
	Run      string        `json:"run"`
	Worker   string        `json:"worker"` // the worker's id
	Outcome  core.Outcome  `json:"outcome"`
	Reason   string        `json:"reason"`
	Detail   string        `json:"detail,omitempty"`
	Moves    [][5]int64    `json:"moves"`          // move, score, depth, nodes, time (µs)
	Flag     int64         `json:"flag,omitempty"` // a time forfeit: the loser's time on its last move (µs)
	Started  time.Time     `json:"started"`
	Duration time.Duration `json:"duration"`
}

// reasons are the endings a game may report.
var reasons = map[string]bool{}

func init() {
	for _, r := range []string{arena.ReasonCheckmate, arena.ReasonStalemate, arena.ReasonThreefold, arena.ReasonFiftyMove,
		arena.ReasonInsufficient, arena.ReasonMaxMoves, arena.ReasonTimeForfeit, arena.ReasonIllegalMove, arena.ReasonCrashed,
		arena.ReasonUnresponsive, arena.ReasonResigned, arena.ReasonFalseClaim, arena.ReasonResign, arena.ReasonDrawScore} {
		reasons[r] = true
	}
}

// newResult is the message of a game a worker played for job j.
func newResult(j jobMsg, worker string, res arena.GameResult) resultMsg {
	r := resultMsg{V: Version, ID: j.ID, Run: j.Run, Worker: worker, Outcome: res.Outcome, Reason: res.Reason,
		Detail: res.Detail, Started: res.Started, Duration: res.Duration, Moves: make([][5]int64, len(res.Moves)),
		Flag: res.FlagTime.Microseconds()}
	if len(r.Detail) > maxDetail {
		r.Detail = r.Detail[:maxDetail]
	}
	for i, m := range res.Moves {
		r.Moves[i] = [5]int64{int64(m.Move), int64(m.Score), int64(m.Depth), int64(m.Nodes), m.Time.Microseconds()}
	}
	return r
}

func (r resultMsg) header() (int, string, string) { return r.V, r.ID, r.Run }

// decodeResult reads a result message from the network and checks what
// can be checked without its job.
func decodeResult(data []byte) (resultMsg, error) {
	r, err := decode[resultMsg]("result", "the result's worker", data)
	if err != nil {
		return r, err
	}
	switch {
	case len(r.Worker) > maxName || !printable(r.Worker):
		return r, fmt.Errorf("result %s: worker id is not a short printable text", r.ID)
	case r.Outcome > core.Draw || r.Outcome == core.Ongoing:
		return r, fmt.Errorf("result %s: outcome %d is not a finished game's", r.ID, r.Outcome)
	case !reasons[r.Reason]:
		return r, fmt.Errorf("result %s: unknown ending %.40q", r.ID, r.Reason)
	case len(r.Detail) > maxDetail || !printable(r.Detail):
		return r, fmt.Errorf("result %s: detail too long or not printable", r.ID)
	case len(r.Moves) > maxPlies:
		return r, fmt.Errorf("result %s: %d plies (at most %d)", r.ID, len(r.Moves), maxPlies)
	case r.Duration < 0 || r.Duration > 30*maxTime || r.Flag < 0 || r.Flag > maxTime.Microseconds():
		return r, fmt.Errorf("result %s: duration %v or flag time %dµs out of range", r.ID, r.Duration, r.Flag)
	}
	return r, nil
}

// game rebuilds the finished game of job j from its result: the moves
// must be legal from the job's start, and names, start, SAN, the final
// position and the time control come from the job, not from the worker.
// Whether the game can end as the result says is judge's question.
func (r resultMsg) game(j arena.RemoteJob) (arena.GameResult, error) {
	start := j.Job.Options.StartFEN
	if start == "" {
		start = core.StartFEN
	}
	pos, err := core.ParseFEN(start)
	if err != nil {
		return arena.GameResult{}, fmt.Errorf("result %s: the job's start: %w", r.ID, err)
	}
	g := arena.GameResult{White: j.White.Name, Black: j.Black.Name, StartFEN: pos.FEN(), Outcome: r.Outcome,
		Reason: r.Reason, Detail: r.Detail, TC: j.Job.Options.TC, Started: r.Started, Duration: r.Duration,
		Moves: make([]arena.MoveRecord, len(r.Moves)), FlagTime: time.Duration(r.Flag) * time.Microsecond}
	for i, m := range r.Moves {
		mv := core.Move(m[0])
		if m[0] < 0 || m[0] > 0xffff || !pos.IsLegal(mv) {
			return arena.GameResult{}, fmt.Errorf("result %s: ply %d: %d is not a legal move", r.ID, i+1, m[0])
		}
		if m[1] < -1e6 || m[1] > 1e6 || m[2] < 0 || m[2] > 1000 || m[3] < 0 || m[4] < 0 || m[4] > maxTime.Microseconds() {
			return arena.GameResult{}, fmt.Errorf("result %s: ply %d: the mover's report is out of range", r.ID, i+1)
		}
		g.Moves[i] = arena.MoveRecord{Move: mv, SAN: pos.SAN(mv), Score: int(m[1]), Depth: int(m[2]), Nodes: uint64(m[3]),
			Time: time.Duration(m[4]) * time.Microsecond}
		pos.MakeMove(mv)
	}
	g.FinalFEN = pos.FEN()
	return g, nil
}
