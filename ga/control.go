package ga

import (
	"context"
	"fmt"
	"strconv"

	"github.com/evochess/evochess/arena"
)

// Change is one parameter change made while a run goes on, applied at the
// start of generation Generation and kept in the run's history.
type Change struct {
	Generation int    `json:"generation"`
	Param      string `json:"param"`
	Old        string `json:"old"`
	New        string `json:"new"`
}

// Params lists what can be changed while a run goes on.
var Params = []string{"mutation-rate", "mutation-strength", "population", "games", "tc", "validate-every", "validate-games", "reference-games", "eta"}

// Set asks for a parameter change at the next generation boundary. The
// value is checked now: a bad one is refused with the reason and nothing
// changes.
func (r *Run) Set(param, value string) error {
	trial := r.settingsCopy()
	if _, err := applyParam(&trial, param, value); err != nil {
		return err
	}
	if err := trial.Check(); err != nil {
		return err
	}
	r.mu.Lock()
	r.pending = append(r.pending, Change{Param: param, New: value})
	r.mu.Unlock()
	r.signal()
	return nil
}

func (r *Run) settingsCopy() Settings {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.Settings
}

// Pause holds the run at the next generation boundary until Resume.
func (r *Run) Pause() { r.mu.Lock(); r.paused = true; r.mu.Unlock(); r.signal() }

// Resume lets a paused run go on.
func (r *Run) Resume() { r.mu.Lock(); r.paused = false; r.mu.Unlock(); r.signal() }

// Stop ends the run after the generation in progress.
func (r *Run) Stop() { r.mu.Lock(); r.stop = true; r.mu.Unlock(); r.signal() }

// Paused reports whether the run is held.
func (r *Run) Paused() bool { r.mu.Lock(); defer r.mu.Unlock(); return r.paused }

func (r *Run) signal() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// boundary applies pending changes, honours stop, and waits while paused.
func (r *Run) boundary(ctx context.Context) error {
	for {
		r.mu.Lock()
		pending, paused, stop := r.pending, r.paused, r.stop
		r.pending = nil
		var applied []Change
		for _, c := range pending {
			old, err := applyParam(&r.Settings, c.Param, c.New)
			if err != nil {
				continue // checked in Set; a later change may have made it moot
			}
			c.Old, c.Generation = old, r.Generation
			applied = append(applied, c)
		}
		r.Changes = append(r.Changes, applied...)
		r.mu.Unlock()
		for _, c := range applied {
			r.publish(ParamChanged{Change: c})
		}
		if len(applied) > 0 {
			if err := r.resize(applied); err != nil {
				return err
			}
		}
		if stop {
			r.Finished = "stopped"
			return nil
		}
		if !paused {
			return nil
		}
		if r.AtRest != nil {
			// A pause may last until the process dies: what is unsaved
			// is saved now.
			if err := r.AtRest(r); err != nil {
				return saveFailed{err}
			}
		}
		r.publish(RunPaused{Generation: r.Generation})
		select {
		case <-r.wake:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// resize brings the population to the set size (new random individuals
// join, or the last ones leave) and, when a change alters what fitness
// measures (games, budget), marks every fitness as stale.
func (r *Run) resize(applied []Change) error {
	n := r.Settings.Population
	for len(r.Population) < n {
		c, err := r.startChromosome(0, nil) // drawn as generation 0 was (--start)
		if err != nil {
			return err
		}
		r.Population = append(r.Population, r.newGenome(c, nil, "joined"))
	}
	for len(r.Population) > n {
		// The least fit leaves (the first of equals); the dynamic method's
		// line keeps its tail, where the fittest stands.
		out := 0
		if r.Settings.Method != Dynamic {
			for i, g := range r.Population {
				if g.Fitness < r.Population[out].Fitness {
					out = i
				}
			}
		}
		r.Population = append(r.Population[:out:out], r.Population[out+1:]...)
	}
	if r.ev != nil {
		tc, err := arena.ParseTimeControl(r.Settings.TC)
		if err != nil {
			return err
		}
		r.ev.tc = tc
	}
	for _, c := range applied {
		if c.Param == "reference-games" && r.ev != nil {
			r.ev.starts = nil // as many starts as the new count needs
		}
		if c.Param == "tc" || c.Param == "games" || c.Param == "reference-games" {
			for _, g := range r.Population {
				g.Evaluated = false
			}
		}
	}
	return nil
}

// Apply sets one parameter as Run.Set would (for a copy of a run's
// settings kept in step with its ParamChanged events) and returns the old
// value as text.
func (s *Settings) Apply(param, value string) (string, error) { return applyParam(s, param, value) }

// applyParam sets one parameter and returns its old value as text.
func applyParam(s *Settings, param, value string) (string, error) {
	num := func() (float64, error) {
		v, err := strconv.ParseFloat(value, 64)
		if err != nil {
			return 0, fmt.Errorf("%s: %q is not a number", param, value)
		}
		return v, nil
	}
	integer := func() (int, error) {
		v, err := strconv.Atoi(value)
		if err != nil {
			return 0, fmt.Errorf("%s: %q is not a whole number", param, value)
		}
		return v, nil
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	switch param {
	case "mutation-rate", "mutation-strength", "eta":
		v, err := num()
		if err != nil {
			return "", err
		}
		p := map[string]*float64{"mutation-rate": &s.MutationRate, "mutation-strength": &s.MutationStrength, "eta": &s.Eta}[param]
		old := f(*p)
		*p = v
		return old, nil
	case "population", "games", "validate-every", "validate-games", "reference-games":
		v, err := integer()
		if err != nil {
			return "", err
		}
		p := map[string]*int{"population": &s.Population, "games": &s.GamesPerPairing, "validate-every": &s.ValidateEvery,
			"validate-games": &s.ValidateGames, "reference-games": &s.ReferenceGames}[param]
		old := strconv.Itoa(*p)
		*p = v
		return old, nil
	case "tc":
		if _, err := arena.ParseTimeControl(value); err != nil {
			return "", err
		}
		old := s.TC
		s.TC = value
		return old, nil
	}
	return "", fmt.Errorf("unknown parameter %q (have %v)", param, Params)
}

// Reopen lets a stopped run go on (the run continues where Stop left it);
// a run that ended by its own rules stays finished.
func (r *Run) Reopen() {
	r.mu.Lock()
	r.stop = false
	r.mu.Unlock()
	if r.Finished == "stopped" {
		r.Finished = ""
	}
}

// ExtendCPU raises the run's CPU-time limit to seconds (0: none), letting
// a run that ended on it go on.
func (r *Run) ExtendCPU(seconds float64) error {
	return r.extendLimit("cpu", &r.Settings.CPULimit, seconds, "cpu limit")
}

// ExtendTime raises the run's time limit to seconds (0: none), letting a
// run that ended on it go on.
func (r *Run) ExtendTime(seconds float64) error {
	return r.extendLimit("time", &r.Settings.TimeLimit, seconds, "time limit")
}

// extendLimit raises the budget *limit (seconds; 0: none) to seconds,
// logging the change; a run that finished on it (finished) goes on.
func (r *Run) extendLimit(param string, limit *float64, seconds float64, finished string) error {
	if seconds < 0 || (seconds > 0 && seconds < *limit) {
		return fmt.Errorf("%s: %gs would lower the run's limit of %gs (0 lifts it)", param, seconds, *limit)
	}
	if seconds == *limit {
		return nil
	}
	r.Changes = append(r.Changes, Change{Generation: r.Generation, Param: param, Old: strconv.FormatFloat(*limit, 'g', -1, 64), New: strconv.FormatFloat(seconds, 'g', -1, 64)})
	*limit = seconds
	if r.Finished == finished {
		r.Finished = ""
	}
	return nil
}

// ExtendGenerations raises a run's generation limit (on resume), logging
// the change; a run finished by reaching its limit goes on.
func (r *Run) ExtendGenerations(n int) error {
	if n < r.Settings.Generations {
		return fmt.Errorf("generations: %d is below the run's %d", n, r.Settings.Generations)
	}
	if n == r.Settings.Generations {
		return nil
	}
	r.Changes = append(r.Changes, Change{Generation: r.Generation, Param: "generations", Old: strconv.Itoa(r.Settings.Generations), New: strconv.Itoa(n)})
	r.Settings.Generations = n
	if r.Finished == "generations" {
		r.Finished = ""
	}
	return nil
}
