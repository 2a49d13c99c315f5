package tui

import (
	"context"
	"net"
)

type netListenConfig struct{ net.ListenConfig }

func (c *netListenConfig) listen(ctx context.Context, addr string) (net.Listener, error) {
	return c.Listen(ctx, "tcp", addr)
}
