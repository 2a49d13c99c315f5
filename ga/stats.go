package ga

import "math"

// GenStats are one generation's figures.
type GenStats struct {
	Generation int     `json:"generation"`
	Best       float64 `json:"best"`
	Mean       float64 `json:"mean"`
	Std        float64 `json:"std"`
	Diversity  float64 `json:"diversity"` // mean pairwise genotypic distance (0 … 1)
	BestID     int     `json:"best_id"`
	Games      int     `json:"games"`                 // fitness and validation games this generation
	Seconds    float64 `json:"seconds"`               // wall time of this generation
	Elapsed    float64 `json:"elapsed"`               // wall time of the run so far
	CPU        float64 `json:"cpu,omitempty"`         // process CPU time (user+system, all cores) of this generation
	CPUElapsed float64 `json:"cpu_elapsed,omitempty"` // process CPU time of the run so far
	Note       string  `json:"note,omitempty"`
	// Per gene, over the population: seed 003's figures 2 and 3.
	GeneMean []float64 `json:"gene_mean"` // 6 significant digits
	GeneStd  []float64 `json:"gene_std"`
	// BestGenes is the best genome's values while the run is in memory
	// (not stored: the hall of fame holds the genome itself).
	BestGenes  []float64   `json:"-"`
	Validation *Validation `json:"validation,omitempty"`
	// Path is where the run stands after the generation, every gene in
	// its own units: SPSA's θ and CMA-ES's mean after their update, the
	// best genome for the other methods; what RUN#best (spsa) or
	// RUN#center (cmaes) would keep then. Kept, unrounded, for schemas of
	// at most PathGenes genes (an engine's options, seed 003's six), so
	// that the path of every gene can be drawn, a resumed run's too.
	Path []float64 `json:"path,omitempty"`
}

// PathGenes is the most genes a schema may have for its runs to record
// each generation's Path: 64 values a generation stay small on disk,
// full's 841 would not.
const PathGenes = 64

// computeStats summarises an evaluated population.
func computeStats(gen int, pop []*Genome) GenStats {
	st := GenStats{Generation: gen}
	n := float64(len(pop))
	best := pop[0]
	for _, g := range pop {
		st.Mean += g.Fitness
		if g.Fitness > best.Fitness {
			best = g
		}
	}
	st.Mean /= n
	for _, g := range pop {
		st.Std += (g.Fitness - st.Mean) * (g.Fitness - st.Mean)
	}
	st.Std = math.Sqrt(st.Std / n)
	st.Best, st.BestID = best.Fitness, best.ID
	st.BestGenes = append([]float64(nil), best.Chromosome.Values...)
	genes := len(best.Chromosome.Values)
	st.GeneMean, st.GeneStd = make([]float64, genes), make([]float64, genes)
	for _, g := range pop {
		for i, v := range g.Chromosome.Values {
			st.GeneMean[i] += v / n
		}
	}
	for _, g := range pop {
		for i, v := range g.Chromosome.Values {
			d := v - st.GeneMean[i]
			st.GeneStd[i] += d * d / n
		}
	}
	for i := range st.GeneStd {
		st.GeneStd[i] = round6(math.Sqrt(st.GeneStd[i]))
		st.GeneMean[i] = round6(st.GeneMean[i])
	}
	pairs := 0
	for i := range pop {
		for j := i + 1; j < len(pop); j++ {
			st.Diversity += GenotypicDistance(pop[i], pop[j])
			pairs++
		}
	}
	if pairs > 0 {
		st.Diversity /= float64(pairs)
	}
	return st
}

// round6 keeps 6 significant digits: statistics for people and plots, so
// that a long run's history stays small on disk.
func round6(v float64) float64 {
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return v
	}
	scale := math.Pow(10, 5-math.Floor(math.Log10(math.Abs(v))))
	return math.Round(v*scale) / scale
}
