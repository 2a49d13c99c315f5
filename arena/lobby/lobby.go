package lobby

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"unicode/utf8"
)

// Lobby is the server's meeting place; its methods are safe for concurrent use.
//
// One mutex guards all of its state. Nothing outside the package (OnGameEnd,
// the ladder's save, the BotProvider, a Player, Log) is ever called while it
// is held: such calls are queued with later and made by unlock, or run in
// goroutines of their own.
type Lobby struct {
	ctx context.Context
	cfg Config

	mu      sync.Mutex
	closed  bool     // ctx ended: every session is closed, no game starts
	pending []func() // calls out to make once the lock is released

	users      map[UserID]*user
	named      map[string]map[UserID]int // folded name → ids using it, and how often (display.go)
	seeks      []*seek                   // oldest first
	challenges []*challenge              // oldest first
	cooldowns  map[[2]UserID]time.Time   // (challenger, target) → when they may again
	strangers  map[UserID]*window        // target → challenges from players the ladder does not know
	games      map[GameID]*game
	live       int      // games in progress
	endedKept  []GameID // games over that views may still ask for, oldest first

	lastSeek      SeekID
	lastChallenge ChallengeID
	lastGame      GameID

	// wg counts the goroutines the lobby started; New adds one for the
	// shutdown, so every other Add happens while the count is above zero.
	wg sync.WaitGroup
}

// user is one user the lobby knows: someone with a session, or with a
// game in progress they may come back to.
type user struct {
	User
	sessions []*Session       // join order
	games    map[GameID]*game // in progress
}

// Defaults of Config's zero values.
const (
	defaultLagMargin       = 500 * time.Millisecond
	defaultReconnect       = 60 * time.Second
	defaultFirstMove       = 30 * time.Second
	defaultSessions        = 4
	defaultSeeks           = 3
	defaultGamesPerUser    = 2
	defaultChallenges      = 5
	defaultGames           = 200
	defaultCooldown        = 30 * time.Second
	defaultDeclined        = 2 * time.Minute
	maxCooldowns           = 4096 // pairs remembered; past it the oldest go
	newChallengesPerMinute = 5    // to one target from players the ladder does not know
	idleAfter              = time.Minute
	maxEndedPerSession     = 10
	minEndedKept           = 64 // games over kept for views, at least; else 2·MaxGames
	maxUserIDBytes         = 256
	anonymousSessionsMax   = 1 // an anonymous user is one session by definition
)

func withDefaults(c Config) Config {
	setDur := func(d *time.Duration, def time.Duration) {
		if *d <= 0 {
			*d = def
		}
	}
	setInt := func(n *int, def int) {
		if *n <= 0 {
			*n = def
		}
	}
	setDur(&c.LagMargin, defaultLagMargin)
	setDur(&c.Reconnect, defaultReconnect)
	setDur(&c.FirstMove, defaultFirstMove)
	setDur(&c.ChallengeCooldown, defaultCooldown)
	setDur(&c.DeclineCooldown, defaultDeclined)
	setInt(&c.MaxSessionsPerUser, defaultSessions)
	setInt(&c.MaxSeeksPerUser, defaultSeeks)
	setInt(&c.MaxGamesPerUser, defaultGamesPerUser)
	setInt(&c.MaxChallengesPerUser, defaultChallenges)
	setInt(&c.MaxGames, defaultGames)
	return c
}

// New starts a lobby; when ctx ends its games stop (unrecorded), its bots
// and timers end and its sessions are closed.
func New(ctx context.Context, c Config) *Lobby {
	l := &Lobby{
		ctx:       ctx,
		cfg:       withDefaults(c),
		users:     make(map[UserID]*user),
		named:     make(map[string]map[UserID]int),
		cooldowns: make(map[[2]UserID]time.Time),
		strangers: make(map[UserID]*window),
		games:     make(map[GameID]*game),
	}
	l.wg.Add(1)
	context.AfterFunc(ctx, l.shutdown)
	return l
}

// Wait returns when every goroutine the lobby started (bots, OnGameEnd
// calls) has ended; call it after ctx is done.
func (l *Lobby) Wait() { l.wg.Wait() }

// shutdown is what the end of the lobby's ctx does.
func (l *Lobby) shutdown() {
	defer l.wg.Done()
	l.mu.Lock()
	defer l.unlock()
	l.closed = true
	for _, g := range l.games {
		if !g.over {
			g.stop(time.Now(), "aborted") // no result, no record: the server went away
		}
	}
	for _, u := range l.users {
		for _, s := range u.sessions {
			s.closed = true
			s.poke()
		}
		u.sessions = nil
	}
	l.seeks, l.challenges = nil, nil
}

// unlock releases the lobby's lock and then makes the calls queued by later,
// in order, on the caller's goroutine.
func (l *Lobby) unlock() {
	calls := l.pending
	l.pending = nil
	l.mu.Unlock()
	for _, f := range calls {
		f()
	}
}

// later queues a call out of the package until the lock is released.
// Called with the lock held.
func (l *Lobby) later(f func()) { l.pending = append(l.pending, f) }

// logf queues a line for Config.Log. Called with the lock held.
func (l *Lobby) logf(format string, args ...any) {
	if l.cfg.Log == nil {
		return
	}
	l.later(func() { l.cfg.Log(format, args...) })
}

// Join adds a session for u (a user may have several; a Human's sessions
// share their games, so a returning user is back in their game).
func (l *Lobby) Join(u User) (*Session, error) {
	if u.ID == "" || len(u.ID) > maxUserIDBytes || !utf8.ValidString(string(u.ID)) {
		return nil, errors.New("a user needs an id of at most 256 bytes of UTF-8")
	}
	switch u.Kind {
	case Human, Anonymous:
	case Bot:
		return nil, errors.New("bots do not join the lobby: it plays them itself")
	default:
		return nil, fmt.Errorf("unknown kind of user %d", u.Kind)
	}
	u.Name = displayName(u.Name) // tags and marks are the lobby's and the screens' to add
	if u.Name == "" {
		u.Name = "anonymous"
	}
	l.mu.Lock()
	defer l.unlock()
	if l.closed {
		return nil, fmt.Errorf("the lobby has shut down: %w", ErrClosed)
	}
	usr := l.users[u.ID]
	if usr == nil {
		usr = &user{User: u, games: make(map[GameID]*game)}
		l.users[u.ID] = usr
		l.nameRef(u, 1)
	} else if usr.Kind != u.Kind {
		return nil, fmt.Errorf("user %q is already here as another kind of user", u.ID)
	}
	most := l.cfg.MaxSessionsPerUser
	if usr.Kind == Anonymous {
		most = anonymousSessionsMax
	}
	if len(usr.sessions) >= most {
		return nil, fmt.Errorf("%w: at most %d sessions at once per user", ErrLimit, most)
	}
	if usr.Name != u.Name {
		l.nameRef(usr.User, -1)
		l.nameRef(u, 1)
	}
	usr.Name = u.Name
	s := &Session{l: l, u: usr, changed: make(chan struct{}, 1), acted: time.Now(),
		watching: make(map[GameID]*game)}
	usr.sessions = append(usr.sessions, s)
	if len(usr.sessions) == 1 {
		l.returned(usr)
	}
	l.pokeAll()
	return s, nil
}

// forget drops a user the lobby no longer needs: no session, no game.
func (l *Lobby) forget(u *user) {
	if len(u.sessions) == 0 && len(u.games) == 0 && l.users[u.ID] == u {
		delete(l.users, u.ID)
		l.nameRef(u.User, -1)
	}
}

// pokeAll tells every session that the lobby's lists changed.
func (l *Lobby) pokeAll() {
	for _, u := range l.users {
		u.poke()
	}
}

// poke tells every session of the user that something they see changed.
func (u *user) poke() {
	for _, s := range u.sessions {
		s.poke()
	}
}

// poke sends on Changed without blocking: a pending signal already says
// "look again", so a second one would add nothing.
func (s *Session) poke() {
	select {
	case s.changed <- struct{}{}:
	default:
	}
}
