package arena

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/core/pgn"
)

// GameFromPGN is the game a PGN record holds, as a GameResult: what
// WriteGamePGN wrote reads back to the game the referee recorded (its
// start, moves, the movers' scores and depths, outcome and reason), and
// a game from another tool (fastchess, cutechess) to the same where its
// record says as much.
//
// The start is the SetUp/FEN position, after the moves commented "book"
// that open the game (fastchess and cutechess play a PGN book's moves
// into the game and mark them so): those are the opening, as a book
// start is ours. Each move's comment gives its mover's score when it
// begins with one: "+0.35/12 …" (pawns), "#3/15" or "#-2/9" (ours: mate
// in moves) or "+M5/11" or "-M4/9" (fastchess's and cutechess's: in
// plies). Variations and NAGs are not read.
//
// The reason, why the game ended, is in order of trust:
//   - the rules, when the last position is mate, stalemate, a dead
//     position, the fifty-move rule or a threefold repetition and the
//     result is the one they give (a result they contradict is an error);
//   - our referee's, in the Annotator tag WriteGamePGN writes;
//   - the Termination tag: "adjudication" is a resignation adjudicated
//     on the scores (ReasonResign) for a decisive result, and
//     ReasonDrawScore (which a move limit also is) for a draw; "time
//     forfeit", "rules infraction" or "illegal move", "abandoned" and the
//     like name what they say.
//
// Otherwise the reason is empty: not known ("normal" without a rules
// ending is a resignation or an agreed draw, which the record does not
// tell from a flag or a crash).
func GameFromPGN(g *pgn.Game) (GameResult, error) {
	pos, err := g.StartPosition()
	if err != nil {
		return GameResult{}, err
	}
	book := 0
	for book < len(g.Moves) && isBookComment(g.MoveComment(book)) {
		book++
	}
	res := GameResult{White: g.Tag("White"), Black: g.Tag("Black"), Outcome: g.Result,
		Moves: make([]MoveRecord, 0, len(g.Moves)-book)}
	for i, m := range g.Moves {
		if i == book {
			res.StartFEN = pos.FEN()
		}
		if !pos.IsLegal(m) {
			return GameResult{}, fmt.Errorf("move %d (%s) is not legal in %s", i+1, m, pos.FEN())
		}
		if i >= book {
			rec := MoveRecord{Move: m, SAN: pos.SAN(m)}
			rec.Score, rec.Depth = commentScore(g.MoveComment(i))
			res.Moves = append(res.Moves, rec)
		}
		pos.MakeMove(m)
	}
	if book == len(g.Moves) {
		res.StartFEN = pos.FEN()
	}
	res.FinalFEN = pos.FEN()
	res.Reason, res.Detail, err = pgnEnding(g, pos.Status())
	return res, err
}

// isBookComment reports a move a tool marked as its book's.
func isBookComment(c string) bool { return strings.EqualFold(strings.TrimSpace(c), "book") }

// refereePrefix starts the Annotator tag WriteGamePGN writes.
const refereePrefix = "evochess referee: "

// reasons are the referee's reasons, to read them back.
var reasons = []string{ReasonCheckmate, ReasonStalemate, ReasonThreefold, ReasonFiftyMove, ReasonInsufficient,
	ReasonMaxMoves, ReasonTimeForfeit, ReasonIllegalMove, ReasonCrashed, ReasonUnresponsive, ReasonResigned,
	ReasonFalseClaim, ReasonResign, ReasonDrawScore, ReasonAborted}

// pgnEnding is why a PGN game ended (see GameFromPGN), end being its last
// position's status by the rules.
func pgnEnding(g *pgn.Game, end core.Status) (reason, detail string, err error) {
	if end.Over() {
		reason = ruleReason(end.Reason)
		if g.Result != end.Outcome && g.Result != core.Ongoing {
			return "", "", fmt.Errorf("the result %s contradicts the last position (%s by %s)", g.Result, end.Outcome, reason)
		}
		return reason, "", nil
	}
	if a, ok := strings.CutPrefix(g.Tag("Annotator"), refereePrefix); ok {
		for _, r := range reasons {
			if a == r || strings.HasPrefix(a, r+" (") {
				if isRuleReason(r) {
					return "", "", fmt.Errorf("the referee says %s but the last position is not", r)
				}
				return r, strings.TrimSuffix(strings.TrimPrefix(a[len(r):], " ("), ")"), nil
			}
		}
	}
	term := strings.ToLower(strings.TrimSpace(g.Tag("Termination")))
	switch term {
	case "adjudication":
		if g.Result == core.Draw {
			return ReasonDrawScore, "", nil
		}
		return ReasonResign, "", nil
	case "time forfeit":
		return ReasonTimeForfeit, "", nil
	case "rules infraction", "illegal move":
		return ReasonIllegalMove, "", nil
	case "abandoned", "stalled connection", "emergency", "death", "unterminated":
		return ReasonAborted, term, nil
	}
	return "", term, nil
}

// isRuleReason reports the reasons only the last position can give.
func isRuleReason(r string) bool {
	switch r {
	case ReasonCheckmate, ReasonStalemate, ReasonThreefold, ReasonFiftyMove, ReasonInsufficient:
		return true
	}
	return false
}

// commentScore reads the mover's score and depth at the start of a move's
// comment, "SCORE/DEPTH …"; 0, 0 when it has none.
func commentScore(c string) (score, depth int) {
	word, _, _ := strings.Cut(c, " ")
	word, _, _ = strings.Cut(word, ",")
	s, d, ok := strings.Cut(word, "/")
	if !ok {
		return 0, 0
	}
	if n, err := strconv.Atoi(d); err == nil && n >= 0 && n <= math.MaxInt32 {
		depth = n
	}
	switch {
	case strings.HasPrefix(s, "#"): // ours: mate in moves, from the mover's view
		if n, err := strconv.Atoi(s[1:]); err == nil && n != 0 {
			n = min(max(n, -core.MaxPly), core.MaxPly)
			if n > 0 {
				return mateScore(true, 2*n-1), depth
			}
			return mateScore(false, -2*n), depth
		}
	case strings.HasPrefix(s, "+M"), strings.HasPrefix(s, "-M"), strings.HasPrefix(s, "M"):
		if n, err := strconv.Atoi(strings.TrimLeft(s, "+-M")); err == nil && n > 0 {
			return mateScore(s[0] != '-', n), depth
		}
	default:
		if v, err := strconv.ParseFloat(s, 64); err == nil && !math.IsNaN(v) && math.Abs(v) < core.MateBound/100 {
			return int(math.Round(v * 100)), depth
		}
	}
	return 0, depth
}

// mateScore is the score of a mate in plies, for the mover (win) or
// against it.
func mateScore(win bool, plies int) int {
	s := core.MateScore - min(max(plies, 1), core.MaxPly-1)
	if !win {
		return -s
	}
	return s
}
