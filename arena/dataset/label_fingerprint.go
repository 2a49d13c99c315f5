package dataset

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// LabelFingerprint identifies the player that labels a dataset, so that
// a dataset resumed with another engine behind the same --label (the
// binary at its path replaced by another version, a chromosome file or
// saved player changed) is refused rather than given two engines' scores.
// It holds only what stays the same from one run of an engine to the
// next: no path, process or time.
type LabelFingerprint struct {
	// An external engine: its name and author as it says them ("id name",
	// "id author"; cleaned, see engineText), the protocol it speaks and
	// the options it is given (NAME=VALUE, in the SPEC's order).
	Engine   string   `json:"engine,omitempty"`
	Author   string   `json:"author,omitempty"`
	Protocol string   `json:"protocol,omitempty"`
	Options  []string `json:"options,omitempty"`
	// The built-in engine: digests of its chromosome (every gene's name
	// and value but the search genes', after a pinned set of full's
	// defaults stood in) and of its search (the parameters after its
	// search genes, a pinned set of search defaults and its options, the
	// search mode, the quiescence plies and the hash size).
	Genes  string `json:"genes,omitempty"`
	Search string `json:"search,omitempty"`
	// Limit is the fixed limit it searches to: depth=N or nodes=N.
	Limit string `json:"limit"`

	// legacyGenes is Genes as an evochess before search parameter set 3
	// wrote it: with the search genes, at the values it searches with
	// (see builtin). Not saved: a dataset labelled then goes on.
	legacyGenes string
}

// Equal reports whether f and g identify the same labeller.
func (f *LabelFingerprint) Equal(g *LabelFingerprint) bool {
	return f.Engine == g.Engine && f.Author == g.Author && f.Protocol == g.Protocol &&
		slices.Equal(f.Options, g.Options) && f.Genes == g.Genes && f.Search == g.Search && f.Limit == g.Limit
}

// matches reports whether f, a labeller now, is the one that wrote had:
// the same (Equal), or had written by an evochess that put the search
// genes in the genes' digest and f the same player (legacyGenes).
func (f *LabelFingerprint) matches(had *LabelFingerprint) bool {
	if f.Equal(had) {
		return true
	}
	g := *f
	g.Genes = f.legacyGenes
	return f.legacyGenes != "" && g.Equal(had)
}

// String is the fingerprint on one line, as errors and summaries show it.
func (f *LabelFingerprint) String() string {
	var parts []string
	switch {
	case f.Protocol == "":
		parts = append(parts, "built-in, genes "+f.Genes, "search "+f.Search)
	case f.Engine == "":
		parts = append(parts, fmt.Sprintf("an engine without an id name (%s)", f.Protocol))
	case f.Author == "":
		parts = append(parts, fmt.Sprintf("%q (%s)", f.Engine, f.Protocol))
	default:
		parts = append(parts, fmt.Sprintf("%q by %q (%s)", f.Engine, f.Author, f.Protocol))
	}
	if len(f.Options) > 0 {
		parts = append(parts, "options "+strings.Join(f.Options, " "))
	}
	return strings.Join(append(parts, f.Limit), ", ")
}

// FingerprintLabel identifies the labeller spec (which must have a fixed
// limit). An external engine is started to say its name, then stopped.
func FingerprintLabel(ctx context.Context, spec *arena.PlayerSpec) (*LabelFingerprint, error) {
	if err := checkLabel(spec); err != nil {
		return nil, err
	}
	f := &LabelFingerprint{Limit: spec.TC.String()}
	if !spec.External() {
		if err := f.builtin(spec); err != nil {
			return nil, fmt.Errorf("label %s: %w", spec.Name, err)
		}
		return f, nil
	}
	pl, err := spec.New()
	if err != nil {
		return nil, fmt.Errorf("label %s: %w", spec.Name, err)
	}
	defer pl.Close()
	if err := pl.NewGame(ctx); err != nil {
		return nil, fmt.Errorf("label %s: %w", spec.Name, err) // the engine's errors name its path
	}
	proto := spec.Proto
	if a, ok := pl.(*arena.AutoPlayer); ok {
		proto = a.Protocol()
	}
	f.Protocol = string(proto)
	if n, ok := pl.(interface{ EngineName() string }); ok {
		f.Engine = engineText(n.EngineName())
	}
	if n, ok := pl.(interface{ EngineAuthor() string }); ok {
		f.Author = engineText(n.EngineAuthor())
	}
	for _, o := range spec.Options {
		f.Options = append(f.Options, o[0]+"="+o[1])
	}
	return f, nil
}

// builtin fills in the digests of a built-in player. A gene or search
// field at zero is left out of them, so that an evochess which adds one
// switched off fingerprints an unchanged player as before.
func (f *LabelFingerprint) builtin(spec *arena.PlayerSpec) error {
	genes := spec.Genes
	if genes == nil {
		var err error
		if genes, err = core.LoadChromosome(spec.Chromosome); err != nil {
			return err
		}
	}
	if len(genes.Values) != len(genes.Schema.Genes) {
		return fmt.Errorf("chromosome has %d values for %d genes", len(genes.Values), len(genes.Schema.Genes))
	}
	w, err := spec.Weights()
	if err != nil {
		return err
	}
	params := w.SearchParams()
	// The search genes are the search digest's: a new set of search
	// defaults, which moves the preset's search genes, leaves the genes'
	// digest of a player pinned at its old set as it was. The legacy
	// digest has them as evochess wrote them before: the chromosome's
	// value, which was the one searched with unless an option or a
	// pinned set stands over it (then the value searched with).
	searched := params.GeneValues()
	h, legacy := sha256.New(), sha256.New()
	for i, g := range genes.Schema.Genes {
		v := genes.Values[i]
		s, isSearch := searched[g.Name]
		if isSearch && math.Round(v) != s {
			v = s
		}
		if v == 0 {
			continue
		}
		line := []byte(g.Name + "=" + strconv.FormatFloat(v, 'g', -1, 64) + "\n")
		legacy.Write(line)
		if !isSearch {
			h.Write(line)
		}
	}
	f.Genes, f.legacyGenes = digest(h), digest(legacy)
	h = sha256.New()
	// A labeller searches to a fixed limit (checkLabel), which never reads
	// the time manager: its switches (TimeManager2 on by default since
	// issue 26) are no part of what labels, and left in they would refuse
	// every dataset labelled before they moved.
	params.TimeManager2, params.TimeFrontload = false, false
	search := struct {
		Params          core.SearchParams
		Mode            core.SearchMode
		PlainQuiescence int
		HashMB          int
	}{params, spec.Mode, spec.PlainQuiescence, spec.HashMB}
	writeNonZero(h, "", reflect.ValueOf(search))
	f.Search = digest(h)
	return nil
}

// writeNonZero writes each field of the struct v that is not zero as a
// line NAME=VALUE, a nested struct's fields prefixed with its name.
func writeNonZero(h hash.Hash, prefix string, v reflect.Value) {
	for i := range v.NumField() {
		field, name := v.Field(i), prefix+v.Type().Field(i).Name
		switch {
		case !v.Type().Field(i).IsExported():
		case field.Kind() == reflect.Struct:
			writeNonZero(h, name+".", field)
		case !field.IsZero():
			fmt.Fprintf(h, "%s=%v\n", name, field.Interface())
		}
	}
}

// digest is the first 16 hex digits of h's sum: 64 bits tell two
// players apart.
func digest(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil))[:16] }

// maxEngineText bounds what an engine says of itself, as kept and shown.
const maxEngineText = 100

// engineText makes what an engine says of itself (untrusted) fit to keep
// in a dataset's meta and show on a terminal: control and format
// characters go (an ESC cannot start a sequence without its ESC), other
// spaces become a space, and at most maxEngineText runes are kept, "…"
// after them when some were cut.
func engineText(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.ToValidUTF8(s, "") {
		switch {
		case unicode.IsSpace(r):
			r = ' '
		case !unicode.IsPrint(r):
			continue
		}
		if n == maxEngineText {
			b.WriteString("…")
			break
		}
		b.WriteRune(r)
		n++
	}
	return strings.TrimSpace(b.String())
}

// checkLabeller fingerprints spec and holds it against had, the
// fingerprint of whatever labelled the dataset's samples so far (nil:
// none recorded, a dataset new or saved before fingerprints): one
// dataset never holds two engines' labels.
func checkLabeller(ctx context.Context, spec *arena.PlayerSpec, had *LabelFingerprint) (*LabelFingerprint, error) {
	f, err := FingerprintLabel(ctx, spec)
	if err != nil {
		return nil, err
	}
	if had != nil && !f.matches(had) {
		return nil, fmt.Errorf("label %s: the dataset was labelled by [%s], the labeller now is [%s]: going on would mix two engines' scores (go on with the first engine, or give another --name)",
			spec.Name, had, f)
	}
	return f, nil
}
