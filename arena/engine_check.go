package arena

import (
	"context"
	"fmt"
)

// CheckEngines starts each external engine of specs once (one start for
// the players of one command, protocol and arguments) through its
// handshake and stops it, so that a program that is no engine (cat), an
// engine that does not start or a path that is wrong is said before the
// first game, naming the player, rather than as games lost. A run whose
// games are all played elsewhere (remote workers) does not call it: the
// engines are theirs.
func CheckEngines(ctx context.Context, specs []PlayerSpec) error {
	seen := map[string]bool{}
	for _, ps := range specs {
		if !ps.External() {
			continue
		}
		key := fmt.Sprintf("%q %q %q", ps.Engine, ps.Proto, ps.Args)
		if seen[key] {
			continue
		}
		seen[key] = true
		pl, err := ps.New()
		if err == nil {
			err = pl.NewGame(ctx)
			pl.Close()
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			return fmt.Errorf("player %s: %w", ps.Name, err)
		}
	}
	return nil
}
