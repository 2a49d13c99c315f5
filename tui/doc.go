// Package tui is the terminal arena: a Bubble Tea app with Play,
// Tournament and Evolution tabs, run locally or once per SSH session.
// This package is its root model alone: App composes the pages into tabs
// (the Play tab is two, the board and the lobby: playTab), draws the tab
// bar and the help around the page in front, routes keys and clicks to
// it and every other message to the page that owns it, and ends the app
// when its user has been idle. The rest is in packages of their own:
//
//   - common: what every page and a server's sessions share (Env, keys,
//     styles, the messages pages exchange, the Hub of live work, the
//     worker budget, save policy, the lobby host);
//   - components: what pages are built from (board, move input, plots,
//     heat map, progress bars, form, the work tab);
//   - play, online, tournament, evolution: one page each (online is the
//     lobby, the Play tab's other side); a page imports common and
//     components and never another page, which TestImportGraph holds;
//   - sshserve: the SSH server that runs an App per session.
package tui
