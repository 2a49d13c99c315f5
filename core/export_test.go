package core

// CheckPackRoundTrip lets the external test of the PGN sample
// (packed_pgn_test.go) use the internal check: that test reads PGN with
// core/pgn, which imports core, so it cannot live in package core.
var CheckPackRoundTrip = checkPackRoundTrip
