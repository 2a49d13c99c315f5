package saves

// A self-play or relabelled dataset records the set of full's default
// values it was made with (core.FullDefaultSets), as a run does: going on
// after a retune changed the defaults, its players and labeller that name
// the preset, and the evaluation that resolves quiet leaves, keep the
// values it started with (core.FullDefaultsFor, arena.PinFull), and the
// set of search parameters where the defaults stand in (search_params,
// core.SearchParamsFor, arena.PinSearch): one saved before that field
// searches with set 2 when it records full_defaults, else with set 1.
