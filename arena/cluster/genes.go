package cluster

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"sync"

	"github.com/evochess/evochess/core"
)

// A built-in player's genes travel once, not with every job: the
// coordinator stores them in the genes stream under their hash, a job
// names them by it, and each worker fetches them the first time it meets
// them and keeps them. Inline, two `full` chromosomes (836 genes each)
// made a job of 18 KB, 85% of a game's traffic, and an individual of an
// evolution plays tens of games a generation.

// GenesStream holds the genes jobs name, one message a hash.
const GenesStream = "EVOCHESS_GENES"

const (
	genesPrefix = "evochess.genes."
	// maxCachedGenes bounds a worker's genes kept (each ~7 KB for full):
	// past it, it forgets them all and fetches again as needed.
	maxCachedGenes = 4096
	// maxCachedNamed bounds the coordinator's encoded named chromosomes.
	maxCachedNamed = 256
)

func genesSubject(id string) string { return genesPrefix + id }

// genes is a chromosome as it travels: its schema, its values as
// little-endian float64s, and its id (the hash of both); and switches,
// the search options that make the worker's chromosome, rebuilt on the
// schema by name (today's switches), play this one's (an older set of
// full's defaults, a file recording none: EvalTerms2=false).
type genes struct {
	schema   string
	raw      []byte
	id       string
	switches [][2]string
}

func encodeGenes(c *core.Chromosome) genes {
	raw := make([]byte, 8*len(c.Values))
	for i, v := range c.Values {
		binary.LittleEndian.PutUint64(raw[8*i:], math.Float64bits(v))
	}
	return genes{schema: c.Schema.Name, raw: raw, id: genesID(c.Schema.Name, raw), switches: c.SwitchOptions()}
}

func genesID(schema string, raw []byte) string {
	h := sha256.New()
	h.Write([]byte(schema))
	h.Write([]byte{0})
	h.Write(raw)
	return hex.EncodeToString(h.Sum(nil))
}

// decodeGenes makes player name's chromosome of genes fetched for id: they
// must hash to it, fit their schema and stay within its bounds.
func decodeGenes(name, schema, id string, raw []byte) (*core.Chromosome, error) {
	if genesID(schema, raw) != id {
		return nil, fmt.Errorf("player %s: the genes stored under %.12s… are not theirs", name, id)
	}
	s, err := core.Preset(schema)
	if err != nil {
		return nil, fmt.Errorf("player %s: %w", name, err)
	}
	if len(raw) != 8*len(s.Genes) {
		return nil, fmt.Errorf("player %s: %d bytes of genes for the %d genes of %s", name, len(raw), len(s.Genes), s.Name)
	}
	c := &core.Chromosome{Schema: s, Values: make([]float64, len(s.Genes)), Name: name}
	for i := range c.Values {
		c.Values[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[8*i:]))
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("player %s: %w", name, err)
	}
	return c, nil
}

// genesShared is what a coordinator has stored: genes ids, and named
// chromosomes (presets, files) encoded once rather than built per job.
type genesShared struct {
	mu     sync.Mutex
	stored map[string]bool
	named  map[string]genes
}

// named encodes the chromosome of a name (core.LoadChromosome's), once.
func (g *genesShared) namedGenes(name string) (genes, error) {
	g.mu.Lock()
	e, ok := g.named[name]
	g.mu.Unlock()
	if ok {
		return e, nil
	}
	c, err := core.LoadChromosome(name)
	if err != nil {
		return genes{}, err
	}
	e = encodeGenes(c)
	g.mu.Lock()
	if g.named == nil || len(g.named) >= maxCachedNamed {
		g.named = map[string]genes{}
	}
	g.named[name] = e
	g.mu.Unlock()
	return e, nil
}

// share stores genes in the genes stream unless this coordinator has.
// Stored twice by two coordinators or two jobs at once, they are the same
// message under the same subject: one is kept.
func (r *RunRemote) share(ctx context.Context, p playerMsg) error {
	if p.raw == nil {
		return nil
	}
	g := &r.c.shared
	g.mu.Lock()
	done := g.stored[p.Genes]
	g.mu.Unlock()
	if done {
		return nil
	}
	if _, err := r.publish(ctx, genesSubject(p.Genes), p.raw, "genes "+p.Genes); err != nil {
		return err
	}
	g.mu.Lock()
	if g.stored == nil {
		g.stored = map[string]bool{}
	}
	g.stored[p.Genes] = true
	g.mu.Unlock()
	return nil
}

// genesCache is a worker's genes fetched so far.
type genesCache struct {
	mu sync.Mutex
	m  map[string]*core.Chromosome
}

// chromosome is player name's chromosome of genes id: kept, or fetched
// from the genes stream.
func (w *worker) chromosome(ctx context.Context, name, schema, id string) (*core.Chromosome, error) {
	c := &w.genes
	c.mu.Lock()
	got := c.m[id]
	c.mu.Unlock()
	if got == nil {
		w.mu.Lock()
		stream := w.genesStream
		w.mu.Unlock()
		raw, err := stream.GetLastMsgForSubject(ctx, genesSubject(id))
		if err != nil {
			return nil, fmt.Errorf("player %s: genes %.12s…: %w", name, id, err)
		}
		if got, err = decodeGenes(name, schema, id, raw.Data); err != nil {
			return nil, err
		}
		c.mu.Lock()
		if c.m == nil || len(c.m) >= maxCachedGenes {
			c.m = map[string]*core.Chromosome{}
		}
		c.m[id] = got
		c.mu.Unlock()
	}
	named := *got // the values are shared, read only
	named.Name = name
	return &named, nil
}
