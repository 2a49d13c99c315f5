package core

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SearchParams are the search's tunable numbers. Each Searcher holds its
// own copy (SetSearchParams), so searchers running in parallel share
// nothing; a chromosome's search genes and the UCI options set them.
// Margins are centipawns; history scores are the move-ordering units
// (a quiet move's history and continuation histories added up).
type SearchParams struct {
	// Singular extensions: at depth ≥ SingularDepth, a hash move whose
	// entry is a lower bound searched nearly as deep is extended by a ply
	// when every other move fails low against its score less
	// SingularMargin·depth at half the depth. On since search set 4
	// (docs/RESULTS.md).
	Singular       bool
	SingularDepth  int
	SingularMargin int // centipawns per ply of depth

	// The changes of issue 26, each off until an SPRT on main says
	// otherwise (docs/RESULTS.md, "Toward 2500"); searchSwitchTable names
	// their options.
	Staged            bool // staged move generation (search_picker.go)
	CorrectionHistory bool // the static evaluation corrected by search results (search_correction.go)
	ImprovingPruning  bool // the improving flag in quiet futility and history pruning too
	QSChecks          bool // quiet checks at the first ply of quiescence
	TimeManager2      bool // the clock planned over the next moves, limits scaled by the best move's stability (search_time.go); on by default
	// TimeFrontload plans TimeManager2's clock over tm2FrontHorizon moves
	// instead of tm2Horizon: more of it spent in the opening and early
	// middlegame, where games against Stockfish are decided (search_time.go).
	// Without TimeManager2 it does nothing.
	TimeFrontload bool
	// TimeNodes scales TimeManager2's soft limit by the share of the
	// search's nodes the best move took: a move that took nearly all of
	// them is not in doubt, one that took few is (search_time_nodes.go).
	// Without TimeManager2 it does nothing.
	TimeNodes bool
	// EvalTerms2 switches on the evaluation terms full lacked (king
	// danger table, threats by lesser pieces, space, passed-pawn details:
	// eval_terms2.go). An evaluation switch among the search's: every
	// path that sets an option (UCI, a player's option.NAME, bench
	// --option, a cluster job) carries these parameters to the searcher,
	// which hands the switch to its evaluator. Off in the program's
	// defaults; full's schema turns it on (its set 3 was tuned with it).
	EvalTerms2 bool
	// Fixes of search defects found on WAC (issue 26), each off until an
	// SPRT says otherwise because each changes the bench signature.
	// KillerReduction: killers and the counter move are reduced by LMR a
	// ply less than other quiet moves, as the search always meant (their
	// ordering score, 2^27, was read as a history and cancelled any
	// reduction). CutNodeFirstMove: the first move of an expected all-node
	// leads to an expected cut-node (it was marked an all-node, so IIR and
	// LMR's cut-node ply never applied there). DeltaEnPassant: delta
	// pruning in quiescence counts the pawn an en-passant capture takes
	// (it read the empty destination square: a gain of 0).
	KillerReduction  bool
	CutNodeFirstMove bool
	DeltaEnPassant   bool
	// OneReply extends by a ply a node in check with a single legal
	// evasion (within twice the root depth): the forced line of a
	// sacrifice is searched a ply deeper.
	OneReply bool
	// CheckExtensionSEE extends only the checks that lose no material by
	// SEE (Stockfish 11's rule): a check that sacrifices is searched at
	// the depth of any other move.
	CheckExtensionSEE bool
	// QuiescenceTT probes the table at every ply of quiescence, not only
	// its first, takes the static evaluation from it and stores what
	// quiescence found (depth 0 at its first ply, −1 below: Stockfish's
	// rule): the evaluations and captures of a repeated exchange are
	// not worked out again.
	QuiescenceTT bool
	// SingularPlus gives singular extensions Stockfish's later degrees: a
	// hash move far more singular (the others below its score less the
	// margin by singularDoubleMargin more) at a non-PV node is extended by
	// two plies (at most singularDoubleMax times in a line), and one that
	// is not singular though its score beats beta is searched a ply
	// shallower (a negative extension).
	SingularPlus bool
	// Razoring sends a non-PV node whose evaluation is far below alpha at
	// low depth to quiescence, and fails it low when no capture saves it
	// (Stockfish's razoring; search_alphabeta.go's numbers).
	Razoring bool
	// ProbCut fails a non-PV node of depth ≥ ProbCutDepth high when a
	// capture beats beta + ProbCutMargin by quiescence and then by a
	// search four plies shallower (search_probcut.go).
	ProbCut       bool
	ProbCutDepth  int
	ProbCutMargin int // centipawns
	// ThreatHistory indexes the main quiet history also by whether the
	// move's from-square and to-square are attacked by the opponent
	// (search_threats.go): a move out of an attack, or into one, learns
	// apart from the same move elsewhere.
	ThreatHistory bool
	// CaptureHistory orders captures within their class (winning or
	// losing by SEE) by a history learnt from cut-offs, by the moving
	// piece, its destination and the piece taken (search_capture_history.go).
	CaptureHistory bool
	// EndgameScale scales the evaluation's end-game score down for
	// material a side cannot win with (eval_endgames.go): a bishop of the
	// wrong colour for its rook pawns, and few pawns (Stockfish 11's
	// general scale); king and pawn against king by a bitbase
	// (eval_kpk.go), two knights against a king. An evaluation switch, as
	// EvalTerms2.
	EndgameScale bool
	// MobilityArea and KingRing are Stockfish 11's mobility area (with
	// x-rays and pins) and king ring in place of full's (eval_areas.go):
	// evaluation switches, as EndgameScale, played with genes retuned
	// with them.
	MobilityArea, KingRing bool
	// MaterialPhase tapers the evaluation by Stockfish 11's game phase,
	// the non-pawn material clamped between its end-game and middle-game
	// limits (eval_phase.go), in place of full's count of pieces: an
	// evaluation switch, as EndgameScale.
	MaterialPhase bool
	// LMRSparesCaptures exempts every capture and promotion, the losing
	// ones too, from late-move reductions: a sacrifice is searched
	// unreduced. LMRSparesChecks exempts every check. Of the 20 WAC
	// positions search set 6 fails at 1 M nodes, reduced sacrifices and
	// checks hid the solution of 13 (docs/RESULTS.md, "Late-move
	// reductions that spare captures and checks").
	LMRSparesCaptures bool
	LMRSparesChecks   bool
	// Late-move reductions as Stockfish refines them (search_lmr.go),
	// each off until an SPRT says otherwise. TTPv: a node whose table
	// entry was stored on the principal variation is reduced a ply less,
	// as a PV node (the entry keeps the mark). TTCaptureReduction: when
	// the hash move is a capture or promotion, the other moves are
	// reduced a ply more (the node's best is likely that capture).
	// LMRDeeper: a reduced move that beats alpha is searched again a ply
	// deeper when it beats it by far, a ply shallower when it hardly beats
	// the best so far, and its continuation histories learn the outcome.
	TTPv               bool
	TTCaptureReduction bool
	LMRDeeper          bool
	// Histories as Stockfish keeps them (search_history2.go), each off
	// until an SPRT says otherwise. ContHist4: quiet moves are ordered,
	// and their cut-offs learned, by the continuation history of the move
	// four plies back too (a side's own move before last). FailLowBonus:
	// when a node fails low, the opponent's quiet move that led to it is
	// rewarded in its continuation histories (it refuted everything here).
	ContHist4    bool
	FailLowBonus bool

	AspirationDepth int // first iteration searched with a window
	AspirationDelta int // its half-width at first (it grows by half each failure)

	RFPDepth     int // reverse futility: at most this depth,
	RFPMargin    int // when eval − RFPMargin·depth (+ RFPImproving if improving) ≥ beta
	RFPImproving int

	NullMoveDepth        int // null move from this depth, reduced by
	NullMoveBase         int // NullMoveBase + depth/NullMoveDepthDivisor +
	NullMoveDepthDivisor int // min(NullMoveEvalMax, (eval − beta)/NullMoveEvalDivisor)
	NullMoveEvalDivisor  int
	NullMoveEvalMax      int

	IIRDepth int // internal iterative reduction from this depth

	PruneDepth         int // move pruning (all the kinds below) at most this depth
	LMPBase            int // late-move pruning after (LMPBase + depth²)/(2 − improving) quiets
	FutilityBase       int // quiet futility: static eval + FutilityBase + FutilityMargin·depth ≤ alpha
	FutilityMargin     int
	HistoryPruneDepth  int // quiets whose history is below −HistoryPruneMargin·depth,
	HistoryPruneMargin int // at most HistoryPruneDepth
	// With ImprovingPruning, an improving node's futility margin is larger
	// by FutilityImproving, its history-pruning threshold lower by
	// HistoryPruneImproving.
	FutilityImproving     int
	HistoryPruneImproving int
	SEEQuietDepth         int // quiets losing more than SEEQuietMargin·depth² by SEE, at most this depth
	SEEQuietMargin        int
	SEECaptureMargin      int // captures losing more than SEECaptureMargin·depth

	LMRDepth          int // late-move reductions from this depth:
	LMRBase           int // LMRBase/100 + ln(depth)·ln(move number)/(LMRDivisor/100),
	LMRDivisor        int
	LMRHistoryDivisor int // less one ply per LMRHistoryDivisor of a quiet's history

	HistoryBonusMax int // a history update is 32·min(depth², HistoryBonusMax)

	QSDeltaMargin int // quiescence delta pruning: stand pat + the capture's gain + this ≤ alpha
}

// DefaultSearchParams are the shipped ones: the search as the bench
// signature knows it. Set 6: set 5 with RFP, futility, LMP, SEE, LMR,
// history pruning, null move's and quiescence's delta numbers from
// SPSA's third round, tuned under full's set 9 (issue 26: H1 at
// nodes=20000 against set 5, docs/RESULTS.md).
func DefaultSearchParams() SearchParams {
	p := SearchParamsV5()
	p.RFPMargin, p.RFPImproving = 60, 35
	p.FutilityBase, p.FutilityMargin, p.LMPBase = 96, 86, 7
	p.SEEQuietMargin, p.SEECaptureMargin = 10, 100
	p.LMRBase, p.LMRDivisor, p.LMRHistoryDivisor = 123, 221, 5303
	p.HistoryPruneMargin, p.NullMoveEvalDivisor = 1745, 222
	p.QSDeltaMargin = 203
	return p
}

// SearchParamsV5 are set 5, the defaults of sessions 25 to 28: set 4
// with the table in quiescence (QuiescenceTT; H1 at nodes=20000 against
// set 4).
func SearchParamsV5() SearchParams {
	p := SearchParamsV4()
	p.QuiescenceTT = true
	return p
}

// SearchParamsV4 are set 4, the defaults of session 25's start: set 3
// with singular extensions on (H1 at nodes=50000 against set 3).
func SearchParamsV4() SearchParams {
	p := SearchParamsV3()
	p.Singular = true
	return p
}

// SearchParamsV3 are set 3, the defaults of session 23: RFP, futility,
// LMP, SEE, LMR, history pruning, null move's and quiescence's delta
// numbers from SPSA's second round, tuned under full's set 7 (issue 26:
// H1 at nodes=20000 against set 2, docs/RESULTS.md); the switches set 2's.
func SearchParamsV3() SearchParams {
	p := SearchParamsV2()
	p.RFPMargin, p.RFPImproving = 66, 39
	p.FutilityBase, p.FutilityMargin, p.LMPBase = 92, 85, 6
	p.SEEQuietMargin, p.SEECaptureMargin = 14, 107
	p.LMRBase, p.LMRDivisor, p.LMRHistoryDivisor = 116, 246, 5638
	p.HistoryPruneMargin, p.NullMoveEvalDivisor = 1791, 205
	p.QSDeltaMargin = 194
	return p
}

// SearchParamsV2 are set 2, the defaults from issue 26's first SPSA round
// to its second: RFP, futility, LMP, SEE, LMR, history pruning and null
// move's numbers SPSA's (the first ladder step: H1 at nodes=20000, +23
// [+11, +34] against SearchParamsV1, docs/RESULTS.md).
func SearchParamsV2() SearchParams {
	p := SearchParamsV1()
	p.RFPMargin, p.RFPImproving = 77, 42
	p.FutilityBase, p.FutilityMargin, p.LMPBase = 97, 82, 5
	p.SEEQuietMargin, p.SEECaptureMargin = 15, 96
	p.LMRBase, p.LMRDivisor, p.LMRHistoryDivisor = 96, 274, 5534
	p.HistoryPruneMargin, p.NullMoveEvalDivisor = 1687, 196
	// The reworked time manager: SPRT H1 at 3+0.03, +40.7 ± 15.9 over
	// 866 games (docs/RESULTS.md). Only timed searches read it, so fixed
	// depth and node players, and the bench, play as before.
	p.TimeManager2 = true
	return p
}

// SearchParamsV1 are the defaults before issue 26's tuning: the search
// runs saved before it (ga's search_params 1) keep playing, so that they
// resume exactly as they were made.
func SearchParamsV1() SearchParams {
	return SearchParams{
		SingularDepth: 8, SingularMargin: 2,
		AspirationDepth: 5, AspirationDelta: 15,
		RFPDepth: 7, RFPMargin: 80, RFPImproving: 40,
		NullMoveDepth: 3, NullMoveBase: 3, NullMoveDepthDivisor: 4, NullMoveEvalDivisor: 200, NullMoveEvalMax: 3,
		IIRDepth:   4,
		PruneDepth: 6, LMPBase: 3, FutilityBase: 100, FutilityMargin: 80,
		HistoryPruneDepth: 4, HistoryPruneMargin: 2000,
		FutilityImproving: 50, HistoryPruneImproving: 2000,
		SEEQuietDepth: 4, SEEQuietMargin: 20, SEECaptureMargin: 100,
		LMRDepth: 3, LMRBase: 75, LMRDivisor: 300, LMRHistoryDivisor: 6000,
		HistoryBonusMax: 400,
		QSDeltaMargin:   200,
		ProbCutDepth:    5, ProbCutMargin: 200,
	}
}

// SearchParamSets is the newest numbered set of defaults: 1 is
// SearchParamsV1, 2 SearchParamsV2, 3 SearchParamsV3, 4 SearchParamsV4,
// 5 SearchParamsV5, 6 DefaultSearchParams.
const SearchParamSets = 6

// SearchParamSet returns the numbered set of defaults (see
// SearchParamSets).
func SearchParamSet(n int) (SearchParams, error) {
	switch n {
	case 1:
		return SearchParamsV1(), nil
	case 2:
		return SearchParamsV2(), nil
	case 3:
		return SearchParamsV3(), nil
	case 4:
		return SearchParamsV4(), nil
	case 5:
		return SearchParamsV5(), nil
	case 6:
		return DefaultSearchParams(), nil
	}
	return SearchParams{}, fmt.Errorf("search parameter set %d is not one of 1..%d", n, SearchParamSets)
}

// SearchParamsFor is the set of search parameters something saved with
// set n searches with where the program's defaults would, nil when it is
// today's. n is 0 in what was saved before it recorded one: set 2 when
// it records a set of full's defaults (fullRecorded; that field came
// after set 2), else set 1.
func SearchParamsFor(n int, fullRecorded bool) (*SearchParams, error) {
	if n == 0 {
		n = 1
		if fullRecorded {
			n = 2
		}
	}
	if n == SearchParamSets {
		return nil, nil
	}
	p, err := SearchParamSet(n)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// GeneValues are p's integer parameters as the values of full's search
// genes, by gene name (search_…).
func (p SearchParams) GeneValues() map[string]float64 {
	out := make(map[string]float64, len(searchParamTable))
	for _, sp := range searchParamTable {
		out["search_"+sp.gene] = float64(*sp.field(&p))
	}
	return out
}

// Options are p's integer parameters and setSwitches as UCI option
// name/value pairs (SetAll's input): on the defaults' other switches
// they make p.
func (p SearchParams) Options() [][2]string {
	out := make([][2]string, 0, len(searchParamTable)+len(setSwitches))
	for _, sp := range searchParamTable {
		out = append(out, [2]string{sp.uci, strconv.Itoa(*sp.field(&p))})
	}
	return append(out, p.SetSwitchOptions()...)
}

// PinOptions are the options that pin a player's search to p, a numbered
// set: all of Options for a player whose search is the program's
// defaults, the set's switches alone (SetSwitchOptions) for one with
// search genes of its own, which carry its numbers but no switches.
func (p SearchParams) PinOptions(ownSearchGenes bool) [][2]string {
	if ownSearchGenes {
		return p.SetSwitchOptions()
	}
	return p.Options()
}

// SetSwitchOptions are p's setSwitches as UCI option name/value pairs.
func (p SearchParams) SetSwitchOptions() [][2]string {
	out := make([][2]string, 0, len(setSwitches))
	for _, name := range setSwitches {
		out = append(out, [2]string{name, strconv.FormatBool(*findSearchSwitch(name).field(&p))})
	}
	return out
}

// setSwitches are the switches a numbered set of defaults turned on that
// fixed-node play sees: SingularExtensions, set 4's; QuiescenceTT, set
// 5's. A set's Options carry them, so that what is pinned to an older set
// (PinOptions) searches as it did. The others stay out: TimeManager2 acts
// on clocks only and came with set 2 at no set's boundary, and EvalTerms2
// is the chromosome's to set.
var setSwitches = []string{"SingularExtensions", "QuiescenceTT"}

// searchParam is one tunable integer: its UCI option, its gene of full's
// search group (search_ + gene) and its bounds, the same for both.
type searchParam struct {
	uci, gene string
	unit      string // the gene's unit: "" centipawns, else ply, count, 1/100 or history
	min, max  int
	field     func(*SearchParams) *int
}

// searchParamTable lists the integer parameters; the UCI options, the
// built-in players' option.NAME=VALUE and full's search genes come from
// it. Bounds keep the search sound: no depth below the one that makes
// sense, no divisor zero, a history bonus within the tables' int16.
var searchParamTable = []searchParam{
	{"SingularDepth", "singular_depth", "ply", 4, 20, func(p *SearchParams) *int { return &p.SingularDepth }},
	{"SingularMargin", "singular_margin", "", 0, 20, func(p *SearchParams) *int { return &p.SingularMargin }},
	{"AspirationDepth", "aspiration_depth", "ply", 2, 20, func(p *SearchParams) *int { return &p.AspirationDepth }},
	{"AspirationDelta", "aspiration_delta", "", 5, 200, func(p *SearchParams) *int { return &p.AspirationDelta }},
	{"RFPDepth", "rfp_depth", "ply", 0, 16, func(p *SearchParams) *int { return &p.RFPDepth }},
	{"RFPMargin", "rfp_margin", "", 10, 400, func(p *SearchParams) *int { return &p.RFPMargin }},
	{"RFPImproving", "rfp_improving", "", 0, 200, func(p *SearchParams) *int { return &p.RFPImproving }},
	{"NullMoveDepth", "null_move_depth", "ply", 1, 12, func(p *SearchParams) *int { return &p.NullMoveDepth }},
	{"NullMoveBase", "null_move_base", "ply", 1, 8, func(p *SearchParams) *int { return &p.NullMoveBase }},
	{"NullMoveDepthDivisor", "null_move_depth_divisor", "ply", 1, 16, func(p *SearchParams) *int { return &p.NullMoveDepthDivisor }},
	{"NullMoveEvalDivisor", "null_move_eval_divisor", "", 25, 1000, func(p *SearchParams) *int { return &p.NullMoveEvalDivisor }},
	{"NullMoveEvalMax", "null_move_eval_max", "ply", 0, 8, func(p *SearchParams) *int { return &p.NullMoveEvalMax }},
	{"IIRDepth", "iir_depth", "ply", 2, 20, func(p *SearchParams) *int { return &p.IIRDepth }},
	{"PruneDepth", "prune_depth", "ply", 0, 16, func(p *SearchParams) *int { return &p.PruneDepth }},
	{"LMPBase", "lmp_base", "count", 0, 32, func(p *SearchParams) *int { return &p.LMPBase }},
	{"FutilityBase", "futility_base", "", 0, 500, func(p *SearchParams) *int { return &p.FutilityBase }},
	{"FutilityMargin", "futility_margin", "", 10, 400, func(p *SearchParams) *int { return &p.FutilityMargin }},
	{"HistoryPruneDepth", "history_prune_depth", "ply", 0, 16, func(p *SearchParams) *int { return &p.HistoryPruneDepth }},
	{"HistoryPruneMargin", "history_prune_margin", "history", 100, 16000, func(p *SearchParams) *int { return &p.HistoryPruneMargin }},
	{"FutilityImproving", "futility_improving", "", 0, 300, func(p *SearchParams) *int { return &p.FutilityImproving }},
	{"HistoryPruneImproving", "history_prune_improving", "history", 0, 16000, func(p *SearchParams) *int { return &p.HistoryPruneImproving }},
	{"SEEQuietDepth", "see_quiet_depth", "ply", 0, 16, func(p *SearchParams) *int { return &p.SEEQuietDepth }},
	{"SEEQuietMargin", "see_quiet_margin", "", 0, 200, func(p *SearchParams) *int { return &p.SEEQuietMargin }},
	{"SEECaptureMargin", "see_capture_margin", "", 0, 500, func(p *SearchParams) *int { return &p.SEECaptureMargin }},
	{"LMRDepth", "lmr_depth", "ply", 2, 16, func(p *SearchParams) *int { return &p.LMRDepth }},
	{"LMRBase", "lmr_base", "1/100", -100, 300, func(p *SearchParams) *int { return &p.LMRBase }},
	{"LMRDivisor", "lmr_divisor", "1/100", 100, 1000, func(p *SearchParams) *int { return &p.LMRDivisor }},
	{"LMRHistoryDivisor", "lmr_history_divisor", "history", 500, 64000, func(p *SearchParams) *int { return &p.LMRHistoryDivisor }},
	{"HistoryBonusMax", "history_bonus_max", "count", 16, 512, func(p *SearchParams) *int { return &p.HistoryBonusMax }},
	{"QSDeltaMargin", "qs_delta_margin", "", 0, 1000, func(p *SearchParams) *int { return &p.QSDeltaMargin }},
	// The genes from here on come after the eval_terms2 genes in full's
	// layout (searchGenesFirst).
	{"ProbCutDepth", "probcut_depth", "ply", 3, 20, func(p *SearchParams) *int { return &p.ProbCutDepth }},
	{"ProbCutMargin", "probcut_margin", "", 0, 1000, func(p *SearchParams) *int { return &p.ProbCutMargin }},
}

// searchGenesFirst counts the parameters whose genes precede the
// eval_terms2 genes in full's layout; those of the parameters after them
// follow the eval_terms2 genes, so that the runs saved before them (whose
// genomes are stored by position) stay a prefix of the layout.
const searchGenesFirst = 30

// searchSwitch is a check option of the search: a feature on or off.
type searchSwitch struct {
	uci   string
	field func(*SearchParams) *bool
}

// searchSwitchTable lists the check options; their values are no genes.
var searchSwitchTable = []searchSwitch{
	{"SingularExtensions", func(p *SearchParams) *bool { return &p.Singular }},
	{"StagedMovegen", func(p *SearchParams) *bool { return &p.Staged }},
	{"CorrectionHistory", func(p *SearchParams) *bool { return &p.CorrectionHistory }},
	{"ImprovingPruning", func(p *SearchParams) *bool { return &p.ImprovingPruning }},
	{"QuiescenceChecks", func(p *SearchParams) *bool { return &p.QSChecks }},
	{"TimeManager2", func(p *SearchParams) *bool { return &p.TimeManager2 }},
	{"TimeFrontload", func(p *SearchParams) *bool { return &p.TimeFrontload }},
	{"TimeNodes", func(p *SearchParams) *bool { return &p.TimeNodes }},
	{"EvalTerms2", func(p *SearchParams) *bool { return &p.EvalTerms2 }},
	{"KillerReduction", func(p *SearchParams) *bool { return &p.KillerReduction }},
	{"CutNodeFirstMove", func(p *SearchParams) *bool { return &p.CutNodeFirstMove }},
	{"DeltaEnPassant", func(p *SearchParams) *bool { return &p.DeltaEnPassant }},
	{"OneReplyExtension", func(p *SearchParams) *bool { return &p.OneReply }},
	{"CheckExtensionSEE", func(p *SearchParams) *bool { return &p.CheckExtensionSEE }},
	{"QuiescenceTT", func(p *SearchParams) *bool { return &p.QuiescenceTT }},
	{"SingularPlus", func(p *SearchParams) *bool { return &p.SingularPlus }},
	{"Razoring", func(p *SearchParams) *bool { return &p.Razoring }},
	{"ProbCut", func(p *SearchParams) *bool { return &p.ProbCut }},
	{"ThreatHistory", func(p *SearchParams) *bool { return &p.ThreatHistory }},
	{"CaptureHistory", func(p *SearchParams) *bool { return &p.CaptureHistory }},
	{"EndgameScale", func(p *SearchParams) *bool { return &p.EndgameScale }},
	{"MobilityArea", func(p *SearchParams) *bool { return &p.MobilityArea }},
	{"KingRing", func(p *SearchParams) *bool { return &p.KingRing }},
	{"MaterialPhase", func(p *SearchParams) *bool { return &p.MaterialPhase }},
	{"LMRSparesCaptures", func(p *SearchParams) *bool { return &p.LMRSparesCaptures }},
	{"LMRSparesChecks", func(p *SearchParams) *bool { return &p.LMRSparesChecks }},
	{"TTPv", func(p *SearchParams) *bool { return &p.TTPv }},
	{"TTCaptureReduction", func(p *SearchParams) *bool { return &p.TTCaptureReduction }},
	{"LMRDeeper", func(p *SearchParams) *bool { return &p.LMRDeeper }},
	{"ContHist4", func(p *SearchParams) *bool { return &p.ContHist4 }},
	{"FailLowBonus", func(p *SearchParams) *bool { return &p.FailLowBonus }},
}

// searchSwitchNames are the switches' option names, in the table's order.
func searchSwitchNames() []string {
	var out []string
	for _, sw := range searchSwitchTable {
		out = append(out, sw.uci)
	}
	return out
}

func findSearchSwitch(name string) *searchSwitch {
	for i := range searchSwitchTable {
		if strings.EqualFold(searchSwitchTable[i].uci, name) {
			return &searchSwitchTable[i]
		}
	}
	return nil
}

func findSearchParam(name string) *searchParam {
	for i := range searchParamTable {
		if strings.EqualFold(searchParamTable[i].uci, name) {
			return &searchParamTable[i]
		}
	}
	return nil
}

// parseCheck reads a UCI check option's value.
func parseCheck(val string) (bool, error) {
	switch strings.ToLower(val) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("%q is not true or false", val)
}

// Set changes the parameter the UCI option name names (any case) to the
// value text, as "setoption" and a built-in player's option.NAME=VALUE
// do. Errors name the option; p is unchanged on error.
func (p *SearchParams) Set(name, value string) error {
	canonical, err := p.set(name, value)
	if err != nil && canonical != "" {
		return fmt.Errorf("option %s: %v", canonical, err)
	}
	return err
}

// set is Set with the option's own name returned, and errors that do not
// repeat it (UCI's "setoption" says it already).
func (p *SearchParams) set(name, value string) (canonical string, err error) {
	if sw := findSearchSwitch(name); sw != nil {
		b, err := parseCheck(value)
		if err == nil {
			*sw.field(p) = b
		}
		return sw.uci, err
	}
	sp := findSearchParam(name)
	if sp == nil {
		return "", fmt.Errorf("option %q is not a search option (have %s)", name, strings.Join(SearchOptionNames(), ", "))
	}
	n, err := strconv.Atoi(value)
	if err != nil || n < sp.min || n > sp.max {
		return sp.uci, fmt.Errorf("%q is not a number from %d to %d", value, sp.min, sp.max)
	}
	*sp.field(p) = n
	return sp.uci, nil
}

// SetAll applies option name/value pairs in order (see Set).
func (p *SearchParams) SetAll(opts [][2]string) error {
	q := *p
	for _, o := range opts {
		if err := q.Set(o[0], o[1]); err != nil {
			return err
		}
	}
	*p = q
	return nil
}

// SearchOptionGene names the gene of full's search group that the UCI
// option name (any case) also sets, "" for a check option or no option.
func SearchOptionGene(name string) string {
	if sp := findSearchParam(name); sp != nil {
		return "search_" + sp.gene
	}
	return ""
}

// SearchOptionNames lists the search's UCI options.
func SearchOptionNames() []string {
	out := searchSwitchNames()
	for _, sp := range searchParamTable {
		out = append(out, sp.uci)
	}
	return out
}

// SearchParams returns w's search parameters: the defaults when its
// chromosome has no search genes.
func (w *Weights) SearchParams() SearchParams {
	if w.Search != nil {
		return *w.Search
	}
	return DefaultSearchParams()
}

// SetSearchParams changes the searcher's parameters, and the tables made
// from them when they change (not per node, not per search).
func (s *Searcher) SetSearchParams(p SearchParams) {
	evalChanged := s.eval.setTerms2(p.EvalTerms2)
	evalChanged = s.eval.setEndgameScale(p.EndgameScale) || evalChanged
	evalChanged = s.eval.setAreas(p.MobilityArea, p.KingRing) || evalChanged
	evalChanged = s.eval.setMaterialPhase(p.MaterialPhase) || evalChanged
	if evalChanged && s.lmrReady {
		// An evaluation switch changed on a searcher made before: the
		// table's entries carry static evaluations of the other setting
		// (the search and quiescence use them instead of evaluating
		// again), and the correction history learnt their errors.
		s.tt.Clear()
		s.corrHist = corrHistTable{}
	}
	if p.ThreatHistory != s.params.ThreatHistory {
		// What the history learnt under one indexing means something else
		// under the other; and with the switch off only the unthreatened
		// quarter is read and aged, so the others must start from zero.
		s.history = [2]quietHistory{}
	}
	if p.CaptureHistory != s.params.CaptureHistory {
		// Neither aged nor taught while off: stale when back on.
		s.capHist = captureHistory{}
	}
	if s.lmrReady && p.LMRBase == s.params.LMRBase && p.LMRDivisor == s.params.LMRDivisor {
		s.params = p
		return
	}
	s.params = p
	base, div := float64(p.LMRBase)/100, float64(p.LMRDivisor)/100
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			s.lmr[d][n] = int8(base + math.Log(float64(d))*math.Log(float64(n))/div)
		}
	}
	s.lmrReady = true
}

// SearchParams returns the searcher's parameters.
func (s *Searcher) SearchParams() SearchParams { return s.params }

// SearchGroup is the gene group of full's search parameters.
const SearchGroup = "search"

// searchGenes declares the search parameters table[from:to] as opt-in
// genes (group search, named search_…) whose values the compiled weights
// carry to every searcher that plays them. full declares them in two
// blocks (searchGenesFirst); the first block's compile step makes the
// parameters, from the defaults, and the later one sets its own in them.
func (b *schemaBuilder) searchGenes(from, to int) {
	first := len(b.s.Genes)
	table := searchParamTable[from:to]
	d := DefaultSearchParams()
	for _, sp := range table {
		i := b.gene("search_"+sp.gene, SearchGroup, float64(sp.min), float64(sp.max), float64(*sp.field(&d)), PhaseBoth)
		g := &b.s.Genes[i]
		g.OptIn, g.Unit = true, sp.unit
	}
	b.then(func(w *Weights, v []float64) {
		if w.Search == nil {
			p := DefaultSearchParams()
			w.Search = &p
		}
		for j, sp := range table {
			*sp.field(w.Search) = cp(v[first+j])
		}
	})
}
