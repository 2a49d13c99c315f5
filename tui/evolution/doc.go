// Package evolution is the Evolution tab: a set-up form (method,
// chromosome, fitness, population, generations, search, workers, seed,
// dataset, or a saved run of the session's to resume), then the run on
// the session's workers (and a cluster's), tuned while it goes (mutation,
// population, budget, games, validation), paused or stopped; its plots
// (fitness and diversity, validation Elo, per-gene mean ± std and std, a
// piece-square table's heat map), its best kept as a player or sent to
// the Play tab (a common.UseChromosomeMsg the root routes there); another
// session's run watched live. It imports common and components and no
// other page.
package evolution
