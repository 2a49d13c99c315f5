package lobby

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/evochess/evochess/core"
)

// challenge is one user's offer of a game to another; it belongs to the
// session that made it.
type challenge struct {
	id   ChallengeID
	from *Session
	to   *user
	spec SeekSpec // Color is the challenger's
}

// Challenge offers a game to an online user; Answer accepts (the game
// starts) or declines one made to this session's user, or withdraws one
// it made (accept false).
func (s *Session) Challenge(to UserID, spec SeekSpec) (ChallengeID, error) {
	known := s.l.known(s)
	if err := s.begin(); err != nil {
		return 0, err
	}
	l := s.l
	defer l.unlock()
	if err := l.checkSpec(s.u, spec); err != nil {
		return 0, err
	}
	target := l.users[to]
	switch {
	case target == s.u:
		return 0, errors.New("you cannot challenge yourself")
	case target == nil || len(target.sessions) == 0:
		return 0, fmt.Errorf("no user %q is online", clip(string(to)))
	case spec.Rated && target.Kind != Human:
		return 0, fmt.Errorf("%s plays unrated games only (no SSH key)", l.shownName(target.ID, target.Name))
	}
	if err := l.checkRoom(s.u); err != nil {
		return 0, err
	}
	now := time.Now()
	if until, ok := l.cooldowns[[2]UserID{s.u.ID, target.ID}]; ok && now.Before(until) {
		return 0, fmt.Errorf("%w: you may challenge %s again in %v", ErrLimit, l.shownName(target.ID, target.Name),
			(until.Sub(now) + time.Second - 1).Truncate(time.Second))
	}
	if !known {
		if err := l.strangerChallenges(target, now); err != nil {
			return 0, err
		}
	}
	n := 0
	for _, c := range l.challenges {
		if c.from.u != s.u {
			continue
		}
		if c.to == target {
			return 0, fmt.Errorf("you have already challenged %s", l.shownName(target.ID, target.Name))
		}
		n++
	}
	if n >= l.cfg.MaxChallengesPerUser {
		return 0, fmt.Errorf("%w: at most %d outstanding challenges per user", ErrLimit, l.cfg.MaxChallengesPerUser)
	}
	if !known {
		l.strangers[target.ID].n++
	}
	l.lastChallenge++
	l.challenges = append(l.challenges, &challenge{id: l.lastChallenge, from: s, to: target, spec: spec})
	s.u.poke()
	target.poke()
	return l.lastChallenge, nil
}

// Answer accepts or declines a challenge to the session's user, or
// withdraws (accept false) one the user made.
func (s *Session) Answer(id ChallengeID, accept bool) error {
	if err := s.begin(); err != nil {
		return err
	}
	l := s.l
	defer l.unlock()
	i := slices.IndexFunc(l.challenges, func(c *challenge) bool { return c.id == id })
	if i < 0 || (l.challenges[i].to != s.u && l.challenges[i].from.u != s.u) {
		return fmt.Errorf("no challenge %d to or from you", id)
	}
	c := l.challenges[i]
	if c.from.u == s.u && accept {
		return errors.New("you cannot accept your own challenge (answer it false to withdraw it)")
	}
	if accept {
		if err := l.checkRoom(s.u); err != nil {
			return err
		}
		if err := l.checkRoom(c.from.u); err != nil {
			return err
		}
	}
	l.challenges = slices.Delete(l.challenges, i, i+1)
	if !accept {
		l.coolDown(c, c.to == s.u, time.Now())
		c.from.u.poke()
		c.to.poke()
		return nil
	}
	players := [2]*user{c.from.u, c.to}
	switch c.spec.Color {
	case AsBlack:
		players[0], players[1] = players[1], players[0]
	case RandomColor:
		if coin() {
			players[0], players[1] = players[1], players[0]
		}
	}
	_, err := l.startGame(players, c.spec, core.StartFEN)
	return err
}

// coolDown starts the wait before c's challenger may challenge its target
// again: c was withdrawn, or declined. With the lock held.
func (l *Lobby) coolDown(c *challenge, declined bool, now time.Time) {
	wait := l.cfg.ChallengeCooldown
	if declined {
		wait = l.cfg.DeclineCooldown
	}
	if len(l.cooldowns) >= maxCooldowns {
		var oldest [2]UserID
		for k, until := range l.cooldowns {
			if !now.Before(until) {
				delete(l.cooldowns, k)
			} else if oldest == ([2]UserID{}) || until.Before(l.cooldowns[oldest]) {
				oldest = k
			}
		}
		if len(l.cooldowns) >= maxCooldowns {
			delete(l.cooldowns, oldest)
		}
	}
	k := [2]UserID{c.from.u.ID, c.to.ID}
	if until := now.Add(wait); until.After(l.cooldowns[k]) {
		l.cooldowns[k] = until
	}
}

// clip bounds client text quoted in an error message.
func clip(s string) string {
	const most = 40
	if len(s) > most {
		return s[:most] + "…"
	}
	return s
}

// In open access an identity costs nothing (a new key, or a guest, each
// connection), so a cool-down per challenger and target alone lets
// anyone flash notices at someone by coming back as someone else. A
// target hears at most newChallengesPerMinute challenges a minute from
// players the ladder does not know (all of them on a lobby without a
// ladder); players it knows, who have finished rated games, only wait
// out their own cool-downs.

// window counts challenges to one target since start.
type window struct {
	start time.Time
	n     int
}

// known reports whether s's user has a standing on the ladder. Asked
// before the lobby is locked: the ladder has a lock of its own.
func (l *Lobby) known(s *Session) bool {
	if l.cfg.Ladder == nil {
		return false
	}
	l.mu.Lock()
	id := s.u.ID
	l.mu.Unlock()
	_, ok := l.cfg.Ladder.Lookup(id)
	return ok
}

// strangerChallenges says whether target may hear one more challenge from
// a player the ladder does not know now, starting its minute if need be.
// With the lock held.
func (l *Lobby) strangerChallenges(target *user, now time.Time) error {
	w := l.strangers[target.ID]
	if w != nil && now.Sub(w.start) >= time.Minute {
		w = nil
	}
	if w == nil {
		if len(l.strangers) >= maxCooldowns {
			for k, o := range l.strangers {
				if now.Sub(o.start) >= time.Minute {
					delete(l.strangers, k)
				}
			}
			if len(l.strangers) >= maxCooldowns {
				clear(l.strangers) // thousands of targets in a minute: forget rather than grow
			}
		}
		w = &window{start: now}
		l.strangers[target.ID] = w
	}
	if w.n >= newChallengesPerMinute {
		return fmt.Errorf("%w: %s has had %d challenges this minute from players new to the ladder; try again in %v",
			ErrLimit, l.shownName(target.ID, target.Name), w.n, (w.start.Add(time.Minute).Sub(now) + time.Second - 1).Truncate(time.Second))
	}
	return nil
}
