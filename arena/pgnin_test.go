package arena

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/core/pgn"
)

// pgnWant is what GameFromPGN makes of one game of a file: readErr or err
// when it is refused, else its reason (and detail), how many moves it
// keeps after the book, how many of them carry a mate score, and (when
// set) its start.
type pgnWant struct {
	readErr, err   string
	reason, detail string
	outcome        core.Outcome
	moves, mates   int
	start          string
}

func TestGameFromPGN(t *testing.T) {
	fen := "rnbqkbnr/ppp2p1p/3p2p1/4p3/4P3/2PP4/PP3PPP/RNBQKBNR w KQkq - 0 4"
	tests := map[string][]pgnWant{
		"evochess.pgn": {
			{reason: ReasonCheckmate, outcome: core.WhiteWins, moves: 37, mates: 8,
				start: "rnbqk1nr/1ppp1ppp/8/p1b1p3/4P3/2N3P1/PPPP1P1P/R1BQKBNR w KQkq - 0 4"},
			{reason: ReasonThreefold, outcome: core.Draw, moves: 17},
			{reason: ReasonMaxMoves, detail: "3 moves", outcome: core.Draw, moves: 6, start: core.StartFEN},
			{reason: ReasonResign, outcome: core.BlackWins, moves: 6},
			{reason: ReasonCrashed, detail: "exit status 1", outcome: core.WhiteWins, moves: 1},
			// Cut off after a move by a crash while it was written: the
			// next game's tags end it, and its result is not what its
			// moves came to.
			{err: "the referee says checkmate but the last position is not"},
			{reason: ReasonThreefold, outcome: core.Draw, moves: 17},
		},
		"fastchess.pgn": {
			{reason: ReasonCheckmate, outcome: core.BlackWins, moves: 120, mates: 15},
			// Book moves are the opening, the threefold counts them.
			{reason: ReasonThreefold, outcome: core.Draw, moves: 6,
				start: "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2"},
			{reason: ReasonDrawScore, outcome: core.Draw, moves: 4, start: fen}, // a move limit, or a draw adjudication
			{reason: ReasonResign, outcome: core.WhiteWins, moves: 3, start: fen},
			{reason: ReasonTimeForfeit, outcome: core.WhiteWins, moves: 2, start: fen},
		},
		"odd.pgn": {
			{reason: ReasonCheckmate, outcome: core.WhiteWins, moves: 7, start: core.StartFEN}, // variations, NAGs, comments
			{reason: "", detail: "normal", outcome: core.WhiteWins, moves: 3},
			{err: "the result 1/2-1/2 contradicts the last position (0-1 by checkmate)"},
			{readErr: `move "Ke3"`},
			{reason: "", outcome: core.Draw, moves: 2},
			{reason: "", outcome: core.Ongoing, moves: 2},
			{readErr: "not closed"},
		},
	}
	for file, wants := range tests {
		t.Run(file, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", "games", file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			r := pgn.NewReader(f)
			for i, w := range wants {
				g, err := r.Next()
				if w.readErr != "" {
					if err == nil || !strings.Contains(err.Error(), w.readErr) {
						t.Errorf("game %d: read error %v, want %q", i+1, err, w.readErr)
					}
					continue
				}
				if err != nil {
					t.Fatalf("game %d: %v", i+1, err)
				}
				res, err := GameFromPGN(g)
				if w.err != "" {
					if err == nil || !strings.Contains(err.Error(), w.err) {
						t.Errorf("game %d: error %v, want %q", i+1, err, w.err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("game %d: %v", i+1, err)
				}
				mates := 0
				for _, m := range res.Moves {
					if core.MateIn(m.Score) != 0 {
						mates++
					}
				}
				if res.Reason != w.reason || res.Detail != w.detail || res.Outcome != w.outcome || len(res.Moves) != w.moves || mates != w.mates {
					t.Errorf("game %d: %s by %q (%q), %d moves, %d mate scores; want %s by %q (%q), %d, %d",
						i+1, res.Outcome, res.Reason, res.Detail, len(res.Moves), mates, w.outcome, w.reason, w.detail, w.moves, w.mates)
				}
				if w.start != "" && res.StartFEN != w.start {
					t.Errorf("game %d: start %s, want %s", i+1, res.StartFEN, w.start)
				}
				checkReplay(t, &res)
			}
			if _, err := r.Next(); err != io.EOF {
				t.Errorf("after %d games: %v, want the end", len(wants), err)
			}
		})
	}
}

// checkReplay checks that a game's moves are legal from its start, their
// SAN right and its final position the one they reach.
func checkReplay(t *testing.T, res *GameResult) {
	t.Helper()
	pos, err := core.ParseFEN(res.StartFEN)
	if err != nil {
		t.Fatalf("start %q: %v", res.StartFEN, err)
	}
	for i, m := range res.Moves {
		if !pos.IsLegal(m.Move) || pos.SAN(m.Move) != m.SAN {
			t.Fatalf("move %d %s (%s) in %s", i+1, m.Move, m.SAN, pos.FEN())
		}
		pos.MakeMove(m.Move)
	}
	if pos.FEN() != res.FinalFEN {
		t.Fatalf("final %s, the moves reach %s", res.FinalFEN, pos.FEN())
	}
}

// What WriteGamePGN writes reads back to the game: moves, scores (mates as
// mates), depths, start, outcome, reason and detail.
func TestGameFromPGNReadsWhatIsWritten(t *testing.T) {
	start := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	pos, _ := core.ParseFEN(start)
	res := GameResult{White: "a", Black: "b", StartFEN: start, Outcome: core.Draw, Reason: ReasonMaxMoves, Detail: "2 moves",
		Started: time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)}
	scores := []int{35, -core.MateScore + 4, core.MateScore - 5, 0}
	for i, s := range []string{"Bb5", "a6", "Ba4", "Nf6"} {
		m, err := pos.ParseSAN(s)
		if err != nil {
			t.Fatal(err)
		}
		res.Moves = append(res.Moves, MoveRecord{Move: m, SAN: s, Score: scores[i], Depth: 10 + i, Time: time.Millisecond})
		pos.MakeMove(m)
	}
	res.FinalFEN = pos.FEN()
	var buf bytes.Buffer
	if err := WriteGamePGN(&buf, &res, "", "1"); err != nil {
		t.Fatal(err)
	}
	g, err := pgn.NewReader(&buf).Next()
	if err != nil {
		t.Fatal(err)
	}
	back, err := GameFromPGN(g)
	if err != nil {
		t.Fatal(err)
	}
	if back.StartFEN != start || back.FinalFEN != res.FinalFEN || back.Outcome != res.Outcome || back.Reason != res.Reason ||
		back.Detail != res.Detail || back.White != "a" || back.Black != "b" || len(back.Moves) != len(res.Moves) {
		t.Fatalf("read back %+v\nwant %+v", back, res)
	}
	for i, m := range back.Moves {
		w := res.Moves[i]
		if m.Move != w.Move || m.SAN != w.SAN || m.Depth != w.Depth || core.MateIn(m.Score) != core.MateIn(w.Score) ||
			core.MateIn(w.Score) == 0 && m.Score != w.Score {
			t.Errorf("move %d: %+v, want %+v", i+1, m, w)
		}
	}
}

func TestCommentScore(t *testing.T) {
	tests := []struct {
		comment      string
		score, depth int
		mate         int // core.MateIn of the score, when it is a mate
	}{
		{"+0.35/12 0.21s", 35, 12, 0},
		{"-1.50/7", -150, 7, 0},
		{"0.00/4 0.000s", 0, 4, 0},
		{"#3/15 1.02s", 0, 15, 3},
		{"#-2/9 0.00s", 0, 9, -2},
		{"+M5/11 0.000s", 0, 11, 3},
		{"-M4/9 0.000s", 0, 9, -2},
		{"+M1/7 0.000s, White mates", 0, 7, 1},
		{"-0.36/15 0.319s, Draw by adjudication", -36, 15, 0},
		{"+0.43/12, tl=9.1s", 43, 12, 0},
		{"book", 0, 0, 0},
		{"", 0, 0, 0},
		{"0.01s", 0, 0, 0},
		{"a plan/3", 0, 0, 0},
		{"+1e308/3", 0, 3, 0},
		{"NaN/3", 0, 3, 0},
		{"#99999999999999999999/1", 0, 1, 0},
		{"#-99999/1", 0, 1, -(core.MaxPly / 2)}, // as long a mate as a score holds
		{"+M0/2", 0, 2, 0},
		{"+0.10/-3", 10, 0, 0},
	}
	for _, tc := range tests {
		score, depth := commentScore(tc.comment)
		if mate := core.MateIn(score); depth != tc.depth || mate != tc.mate || mate == 0 && score != tc.score {
			t.Errorf("%q: score %d (mate %d), depth %d; want %d (mate %d), %d", tc.comment, score, mate, depth, tc.score, tc.mate, tc.depth)
		}
	}
}

// FuzzGameFromPGN: whatever a PGN holds, reading it and making games of
// it does not panic, and every game made replays from its start.
func FuzzGameFromPGN(f *testing.F) {
	for _, name := range []string{"evochess.pgn", "fastchess.pgn", "odd.pgn"} {
		data, err := os.ReadFile(filepath.Join("testdata", "games", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := pgn.NewReader(bytes.NewReader(data))
		for range 50 {
			g, err := r.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				continue
			}
			res, err := GameFromPGN(g)
			if err != nil {
				continue
			}
			checkReplay(t, &res)
			if res.Reason != "" && !isReason(res.Reason) {
				t.Fatalf("reason %q", res.Reason)
			}
		}
	})
}

func isReason(r string) bool {
	for _, k := range reasons {
		if r == k {
			return true
		}
	}
	return false
}
