package tournament

// tourMode is what the Tournament tab shows, and so which keys it takes.
type tourMode int

const (
	tourSetup    tourMode = iota // the form: settings and players
	tourRunning                  // this session's tournament, being played
	tourWatching                 // another session's, live
	tourWatched                  // another session's, ended: its last view until esc
	tourResults                  // this session's, ended: standings and games to replay
	tourReplay                   // one of those games, move by move
)

func (m tourMode) String() string {
	return [...]string{"set-up", "running", "watching", "watched", "results", "replay"}[m]
}

// live: the tournament shown is still being played.
func (m tourMode) live() bool { return m == tourRunning || m == tourWatching }

// to moves the page to mode m, resetting what entering m resets; start,
// watch and finish set the rest.
func (t *Page) to(m tourMode) {
	switch m {
	case tourSetup:
		t.report, t.results, t.pairings, t.Watching, t.Status, t.pick = nil, nil, nil, nil, "", 0
		t.StreamID++ // drop what is left of the shown tournament's events
		t.Refresh()
	case tourRunning, tourWatching:
		t.StreamID++ // a new stream
		t.live, t.results, t.report, t.pairings = map[int]*liveGame{}, nil, nil, nil
	case tourReplay:
		t.replay, t.replayPly = min(t.pick, len(t.results)-1), 0
	}
	t.mode = m
}
