package saves

// A self-play or relabelled dataset records the set of full's default
// values it was made with (core.FullDefaultSets), as a run does: going on
// after a retune changed the defaults, its players and labeller that name
// the preset, and the evaluation that resolves quiet leaves, keep the
// values it started with (core.FullDefaultsFor, arena.PinFull). (The
// search parameters are not recorded with a dataset: one started before
// the tuned search of bb8ca1e goes on with today's search.)
