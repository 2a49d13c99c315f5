package ga

import "fmt"

// String says how a run ended, for people: the reason as a phrase after
// the count, never the count again ("finished after 20 generations:
// generations" said the same thing twice).
func (f RunFinished) String() string {
	gens := fmt.Sprintf("%d generations", f.Generation)
	if f.Generation == 1 {
		gens = "1 generation"
	}
	switch f.Reason {
	case "generations":
		return "finished: " + gens + " done"
	case "stopped":
		return "stopped after " + gens
	case "time limit":
		return "finished after " + gens + ": time limit reached"
	case "problems":
		return "finished after " + gens + ": every training problem done"
	}
	return "finished after " + gens + ": " + f.Reason
}
