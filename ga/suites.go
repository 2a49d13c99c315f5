package ga

import (
	"bytes"
	"embed"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/evochess/evochess/core"
)

//go:embed suites/*.epd
var suiteFiles embed.FS

// suiteLimit bounds a suite file: the built-in ones are a few hundred KB.
var suiteLimit = core.FileLimit{What: "test suites", Max: 64 << 20}

// SuiteNames are the best-move suites compiled into the program
// (ga/suites/README.md says where they come from).
var SuiteNames = []string{"wac", "ecm", "sts", "bk"}

// LoadSuite reads one suite by built-in name or EPD file path.
func LoadSuite(nameOrPath string) ([]*core.EPDRecord, error) {
	var data []byte
	var err error
	if b, e := suiteFiles.ReadFile("suites/" + nameOrPath + ".epd"); e == nil && !strings.ContainsAny(nameOrPath, "/.") {
		data = b
	} else if data, err = suiteLimit.ReadFile(nameOrPath); err != nil {
		return nil, fmt.Errorf("suite %q: not a built-in suite (%s) and %w", nameOrPath, strings.Join(SuiteNames, ", "), err)
	}
	recs, err := core.ReadEPD(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("suite %s: %w", nameOrPath, err)
	}
	var usable []*core.EPDRecord
	for _, r := range recs {
		if len(r.Best) > 0 || len(r.Avoid) > 0 {
			usable = append(usable, r)
		}
	}
	if len(usable) == 0 {
		return nil, fmt.Errorf("suite %s: no position has a bm or am operation", nameOrPath)
	}
	return usable, nil
}

// ChooseProblems is line 1 of seed 004's Algorithm 1: n problems "chosen
// at random from the database of problems S", in equal shares from the
// suites (comma-separated; 004: "Half of these problems are tactical in
// nature, and the other half are positional", so "wac,sts"). The paper
// does not say in which order they come; ours are shuffled, so the
// suites' problems come mixed rather than all tactical ones first. n = 0
// takes them all, in file order.
func ChooseProblems(rng *rand.Rand, suites string, n int) ([]*core.EPDRecord, error) {
	names := strings.Split(suites, ",")
	var out []*core.EPDRecord
	for k, name := range names {
		recs, err := LoadSuite(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		if n <= 0 {
			out = append(out, recs...)
			continue
		}
		share := n / len(names)
		if k < n%len(names) {
			share++
		}
		perm := rng.Perm(len(recs))
		for _, i := range perm[:min(share, len(recs))] {
			out = append(out, recs[i])
		}
	}
	if n > 0 {
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	}
	return out, nil
}
