package common

// The messages pages exchange through the root model, and how a worker's
// channel becomes messages.

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// ShownMsg tells a page it has come to the front (to refresh lists
// that other tabs or sessions may have changed); HiddenMsg that it has
// gone behind another (a clock nobody sees need not tick).
type (
	ShownMsg  struct{}
	HiddenMsg struct{}
)

// UseChromosomeMsg asks the Play tab to play against a chromosome, or
// the player Engine says when it is set.
type UseChromosomeMsg struct {
	Name       string
	Chromosome *core.Chromosome
	// Engine, instead of Chromosome: a tuned engine's setting, or a
	// chromosome with search options (a run's, such as EvalTerms2=true).
	Engine *arena.PlayerSpec
}

// ForwardMsg carries a message from a worker channel and the command that
// waits for the next one: the root model delivers msg to its page and runs
// next, so a channel is drained one message at a time without ever
// blocking Update.
type ForwardMsg struct {
	Msg  tea.Msg
	Next tea.Cmd
}

// Forward turns a channel into messages until it is closed or ctx ends
// (the program quit or the session closed): no goroutine is left behind.
func Forward[T any](ctx context.Context, ch <-chan T, wrap func(T) tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	cmd = func() tea.Msg {
		select {
		case v, ok := <-ch:
			if !ok {
				return nil
			}
			return ForwardMsg{Msg: wrap(v), Next: cmd}
		case <-ctx.Done():
			return nil
		}
	}
	return cmd
}

// StreamEnd is published on a bus after the last event of the work that
// owns it (a tournament, a run): the stream of its events ends there, so
// that no event is lost to a cancelled context and no goroutine waits on.
type StreamEnd struct{}

// Stream delivers a subscription's events as messages (without the moves
// of games when skipMoves) until StreamEnd or the app's end; then it
// closes the subscription.
func Stream(ctx context.Context, sub *arena.Subscription, skipMoves bool, wrap func(arena.Event) tea.Msg) tea.Cmd {
	events := make(chan arena.Event, 64)
	go func() {
		defer close(events)
		defer sub.Close()
		for {
			ev, ok := sub.Next(ctx)
			if !ok {
				return
			}
			if _, end := ev.(StreamEnd); end {
				select { // the page learns that the stream is over
				case events <- ev:
				case <-ctx.Done():
				}
				return
			}
			if _, move := ev.(arena.MovePlayed); move && skipMoves {
				continue
			}
			select {
			case events <- ev:
			case <-ctx.Done():
				return
			}
		}
	}()
	return Forward(ctx, events, wrap)
}
