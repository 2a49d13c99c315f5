// Package evolution is the Evolution tab: a set-up form (method,
// chromosome, fitness and its opponent, population, generations, time
// limit, search, workers, seed, dataset, or a saved run of the session's
// to resume), then the run on the session's workers (and a cluster's),
// tuned while it goes (mutation, population, budget, games, validation),
// paused or stopped; its plots (fitness and diversity, validation Elo,
// each gene's path, per-gene mean ± std and std, a piece-square table's
// heat map), its tuned setting kept as a named player or sent to the Play
// tab (a common.UseChromosomeMsg the root routes there); another
// session's run watched live.
//
// The chromosome may be an external UCI engine's options: the engine is
// probed in the background, its options picked as genes or fixed options
// from a filterable list (what a server's session may touch is
// common.Env's to say), the engine asked to take them before the run
// starts. T makes a dataset by self-play when there is none to tune full
// on. Engine probes, checks, datasets and runs are goroutines under the
// session's context, reporting back as messages. It imports common and
// components and no other page.
package evolution
