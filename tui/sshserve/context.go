package sshserve

import (
	"context"
	"sync"
	"time"

	"github.com/charmbracelet/ssh"
)

// channelContext is one session channel's ssh.Context: the connection's
// user, addresses and permissions, but values of its own and an end of
// its own. The ssh package gives every session of a connection the
// connection's context, so values one session sets (its session, its
// colour profile) would be another's, and a session's app would live
// until the connection closes, however long after its channel did (a
// multiplexing client keeps the connection).
type channelContext struct {
	ssh.Context                 // the connection's
	ctx         context.Context // the channel's: ends with it or with the connection

	mu     sync.Mutex
	values map[any]any
}

func newChannelContext(conn ssh.Context, ctx context.Context) *channelContext {
	return &channelContext{Context: conn, ctx: ctx, values: map[any]any{}}
}

func (c *channelContext) Deadline() (time.Time, bool) { return c.ctx.Deadline() }
func (c *channelContext) Done() <-chan struct{}       { return c.ctx.Done() }
func (c *channelContext) Err() error                  { return c.ctx.Err() }

func (c *channelContext) Value(key any) any {
	c.mu.Lock()
	v, ok := c.values[key]
	c.mu.Unlock()
	if ok {
		return v
	}
	return c.Context.Value(key)
}

func (c *channelContext) SetValue(key, value any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.values[key] = value
}
