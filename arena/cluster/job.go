package cluster

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// jobMsg is a game job as it travels: everything a worker needs, nothing
// that points back into the coordinator's machine.
type jobMsg struct {
	V       int               `json:"v"`
	ID      string            `json:"id"`
	Run     string            `json:"run"`
	Game    int               `json:"game"` // the pool's job ID, for GameStarted and logs
	Round   string            `json:"round,omitempty"`
	White   playerMsg         `json:"white"`
	Black   playerMsg         `json:"black"`
	Options arena.GameOptions `json:"options"`
}

// playerMsg is a player spec resolved: a built-in player as its
// chromosome's schema and genes id (the genes travel apart, once: genes.go),
// an external engine as the path and settings the coordinator gave (a
// worker runs its own engine of that file name).
type playerMsg struct {
	Name    string             `json:"name"`
	Schema  string             `json:"schema,omitempty"`
	Genes   string             `json:"genes,omitempty"` // the genes' id
	Engine  string             `json:"engine,omitempty"`
	Proto   arena.Protocol     `json:"proto,omitempty"`
	Args    []string           `json:"args,omitempty"`
	Options [][2]string        `json:"options,omitempty"` // an engine's, or a built-in player's search options
	Mode    core.SearchMode    `json:"mode,omitempty"`
	QS      int                `json:"qs,omitempty"`
	HashMB  int                `json:"hash"`
	TC      *arena.TimeControl `json:"tc,omitempty"`

	raw []byte // the coordinator's: the genes, for the genes stream
}

// describe turns a spec into its message. A built-in player's chromosome
// (a preset, a saved player's or an individual's genes) travels as genes,
// so a worker needs no file of the coordinator's.
func (g *genesShared) describe(ps arena.PlayerSpec) (playerMsg, error) {
	m := playerMsg{Name: ps.Name, Mode: ps.Mode, QS: ps.PlainQuiescence, HashMB: ps.HashMB, TC: ps.TC}
	if ps.External() {
		m.Engine, m.Proto, m.Args, m.Options = ps.Engine, ps.Proto, ps.Args, ps.Options
		if m.Proto == "" {
			m.Proto = arena.ProtoAuto
		}
		return m, nil
	}
	var e genes
	if ps.Genes != nil {
		e = encodeGenes(ps.Genes)
	} else {
		var err error
		if e, err = g.namedGenes(ps.Chromosome); err != nil {
			return m, fmt.Errorf("player %s: %w", ps.Name, err)
		}
	}
	m.Schema, m.Genes, m.raw, m.Options = e.schema, e.id, e.raw, ps.Options
	if len(e.switches) > 0 {
		m.Options = append(slices.Clone(e.switches), ps.Options...) // the player's own win
	}
	return m, nil
}

// newJob makes the message of a pool job for run (a run key); the id is
// left to the caller (jobID).
func newJob(g *genesShared, run string, rj arena.RemoteJob) (jobMsg, error) {
	w, err := g.describe(rj.White)
	if err != nil {
		return jobMsg{}, err
	}
	b, err := g.describe(rj.Black)
	if err != nil {
		return jobMsg{}, err
	}
	return jobMsg{V: Version, Run: run, Game: rj.Job.ID, Round: rj.Job.Round, White: w, Black: b, Options: rj.Job.Options}, nil
}

// contentKey hashes everything the job is, id aside: the same game of the
// same run has the same key, in this process or a resumed one.
func (j jobMsg) contentKey() [32]byte {
	j.ID = ""
	data, _ := json.Marshal(j) // plain values: cannot fail
	return sha256.Sum256(data)
}

// jobID is the id of the n-th job (from 0) of this process with the given
// content key: a game played twice on purpose (a tie-break replaying a
// pairing) gets an id of its own.
func jobID(key [32]byte, n int) string {
	h := sha256.New()
	h.Write(key[:])
	fmt.Fprintf(h, "#%d", n)
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// runKey is a run's subject token: a hash of the identity the caller gave
// (a saved run's name, or a fresh nonce for a run that cannot resume).
func runKey(identity string) string {
	h := sha256.Sum256([]byte("evochess run\x00" + identity))
	return hex.EncodeToString(h[:8])
}

func (j jobMsg) header() (int, string, string) { return j.V, j.ID, j.Run }

// decodeJob reads and checks a job message from the network.
func decodeJob(data []byte) (jobMsg, error) {
	j, err := decode[jobMsg]("job", "the job's coordinator", data)
	if err != nil {
		return j, err
	}
	if len(j.Round) > maxName || !printable(j.Round) {
		return j, fmt.Errorf("job %s: round %.40q is not a short printable text", j.ID, j.Round)
	}
	if err := checkOptions(j.Options); err != nil {
		return j, fmt.Errorf("job %s: %w", j.ID, err)
	}
	for _, p := range []*playerMsg{&j.White, &j.Black} {
		if err := p.check(); err != nil {
			return j, fmt.Errorf("job %s: %w", j.ID, err)
		}
	}
	return j, nil
}

func checkOptions(o arena.GameOptions) error {
	if o.StartFEN != "" {
		if len(o.StartFEN) > 128 {
			return fmt.Errorf("start FEN of %d bytes", len(o.StartFEN))
		}
		if _, err := core.ParseFEN(o.StartFEN); err != nil {
			return fmt.Errorf("start FEN: %w", err)
		}
	}
	if err := checkTC(o.TC); err != nil {
		return err
	}
	for _, tc := range o.TCs {
		if tc != nil {
			if err := checkTC(*tc); err != nil {
				return err
			}
		}
	}
	for _, n := range []int{o.MaxMoves, o.ResignScore, o.ResignMoves, o.DrawScore, o.DrawMoves, o.DrawMoveNumber} {
		if n < 0 || n > 100000 {
			return fmt.Errorf("game option %d is out of range", n)
		}
	}
	if o.Margin < 0 || o.Margin > maxTime {
		return fmt.Errorf("clock margin %v is out of range", o.Margin)
	}
	return nil
}

func checkTC(tc arena.TimeControl) error {
	if tc.Depth < 0 || tc.Depth > maxDepth || tc.MovesToGo < 0 || tc.MovesToGo > 1000 || tc.Nodes > 1e12 {
		return fmt.Errorf("time control %v is out of range", tc)
	}
	for _, d := range []int64{int64(tc.MoveTime), int64(tc.Base), int64(tc.Inc)} {
		if d < 0 || d > int64(maxTime) {
			return fmt.Errorf("time control %v is out of range", tc)
		}
	}
	return nil
}

func (p *playerMsg) check() error {
	if p.Name == "" || len(p.Name) > maxName || !printable(p.Name) {
		return fmt.Errorf("player name %.80q is not a short printable text", p.Name)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("player %s: %s", p.Name, fmt.Sprintf(format, args...))
	}
	if p.HashMB < 1 || p.HashMB > maxHashMB {
		return bad("hash %d MB is out of range (1 to %d)", p.HashMB, maxHashMB)
	}
	if p.QS < 0 || p.QS > 16 || !p.Mode.Valid() {
		return bad("search settings out of range")
	}
	if p.TC != nil {
		if err := checkTC(*p.TC); err != nil {
			return bad("%v", err)
		}
	}
	if (p.Engine == "") == (p.Schema == "") {
		return bad("is neither a built-in player nor an external engine")
	}
	if p.Engine != "" {
		if len(p.Engine) > maxText || !printable(p.Engine) || len(p.Args) > maxArgs || len(p.Options) > maxOptions {
			return bad("engine settings too long")
		}
		if _, err := arena.ParseProtocol(string(p.Proto)); err != nil {
			return bad("%v", err)
		}
		for _, a := range p.Args {
			if len(a) > maxText || !printable(a) {
				return bad("engine argument too long or not printable")
			}
		}
		for _, o := range p.Options {
			if len(o[0]) > maxText || len(o[1]) > maxText || !printable(o[0]) || !printable(o[1]) {
				return bad("engine option too long or not printable")
			}
		}
		return nil
	}
	if !isHex(p.Genes, 64) || len(p.Schema) > maxName || !printable(p.Schema) {
		return bad("genes id %.70q or schema %.40q is not of this protocol", p.Genes, p.Schema)
	}
	if len(p.Options) > maxOptions {
		return bad("too many search options")
	}
	sp := core.DefaultSearchParams()
	if err := sp.SetAll(p.Options); err != nil { // names and values checked by the table: printable
		return bad("%v", err)
	}
	return nil
}

// errNoEngine is a job's need a worker cannot meet: it refuses the job back.
var errNoEngine = errors.New("engine not offered by this worker")

// spec makes the player on a worker: external engines only as its
// --engines allow them (the engine by path or file name, its arguments
// and options: allow.go), so that a coordinator can have a worker run no
// program, and set no option, it does not offer; a built-in player's
// chromosome from chromosome (name, schema, genes id).
func (p *playerMsg) spec(engines engineAllows, chromosome func(name, schema, id string) (*core.Chromosome, error)) (arena.PlayerSpec, error) {
	ps := arena.PlayerSpec{Name: p.Name, Mode: p.Mode, PlainQuiescence: p.QS, HashMB: p.HashMB, TC: p.TC}
	if p.Engine != "" {
		path, proto, err := engines.player(p)
		if err != nil {
			return ps, err
		}
		ps.Engine, ps.Proto, ps.Args, ps.Options = path, proto, p.Args, p.Options
		return ps, nil
	}
	c, err := chromosome(p.Name, p.Schema, p.Genes)
	if err != nil {
		return ps, err
	}
	ps.Genes, ps.Options = c, p.Options
	return ps, nil
}

func isHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil && strings.ToLower(s) == s
}

func printable(s string) bool {
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}
