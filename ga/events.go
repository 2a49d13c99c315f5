package ga

// Events a run publishes on its bus (besides the arena's game events for
// its fitness games).

// GenerationDone: a generation was evaluated; Stats are its figures.
type GenerationDone struct{ Stats GenStats }

// ParamChanged: a parameter change took effect.
type ParamChanged struct{ Change Change }

// RunPaused: the run is held at a generation boundary.
type RunPaused struct{ Generation int }

// RunFinished: the run ended (reason: generations, stopped, a stopping rule).
type RunFinished struct {
	Reason     string
	Generation int
}
