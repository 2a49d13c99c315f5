// Package common is what every page of the terminal arena shares, and
// what the sessions of one server share:
//
//   - Env, one app's (one terminal's, one SSH session's) context: its data
//     directory and library, save policy, share of the workers, the
//     external engines and what it may do with them (EngineAllowed,
//     OptionUse, CheckFixed), the cluster, its place in the lobby;
//   - KeyMap and Styles, the keys and the colours (one renderer per
//     session);
//   - the messages pages exchange through the root model (ShownMsg,
//     UseChromosomeMsg, ForwardMsg) and Forward and Stream, which turn a
//     worker's channel or a bus into messages;
//   - what a server's sessions share: the Hub of live tournaments and runs,
//     the WorkerBudget, the SavePolicy of each session, and the LobbyHost
//     (the lobby with its ladder on disk, its bot and its saved games);
//   - Sanitize, for whatever a client supplied.
//
// It imports no other package of the app.
package common
