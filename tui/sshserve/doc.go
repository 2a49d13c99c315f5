// Package sshserve serves the terminal arena over SSH: one program and one
// renderer per session, a persistent host key, authorized keys or open
// access with guests, who a session is in the lobby (its key), limits on
// what clients hold open (the gate: sessions per connection, per address,
// on the server, the handshake time), refusals told to the client, the
// round trip measured for the lobby's lag refunds, and a log in which
// whatever a client supplied is sanitized. The app it serves is the root
// package's; the sessions share a Hub, a lobby and a worker budget.
package sshserve
