package lobby

import (
	"cmp"
	"math"
	"slices"
	"sync"
	"time"
)

// Ladder is the server's one rating list of humans and engines (Glicko-2,
// Glickman 2012, each rated game its own rating period). Safe for
// concurrent use.
type Ladder struct {
	mu     sync.Mutex
	byID   map[UserID]*Standing
	byName map[string]map[UserID]bool // folded name → the ids that have it
	seq    uint64                     // changes so far

	save     func([]Standing)
	saveMu   sync.Mutex // held while save runs, so saves never overlap
	savedSeq uint64     // the change the last save wrote; guarded by saveMu
}

// NewLadder starts a ladder from saved standings; save, when set, is
// called (outside the ladder's lock, in order) with the standings after
// every change, to write them to disk. Saved lines that make no sense (no
// id, ratings that are not numbers) are dropped; of lines with one id the
// first is kept.
func NewLadder(saved []Standing, save func([]Standing)) *Ladder {
	l := &Ladder{byID: make(map[UserID]*Standing, len(saved)), byName: map[string]map[UserID]bool{}, save: save}
	for _, st := range saved {
		if st.ID == "" || !finite(st.Rating) || !finite(st.RD) || !finite(st.Volatility) || st.RD <= 0 || st.Volatility <= 0 {
			continue
		}
		if _, dup := l.byID[st.ID]; dup {
			continue
		}
		st.Name = cleanName(st.Name)
		st.RD = min(st.RD, initialRD)
		l.byID[st.ID] = &st
		l.index(st.ID, "", st.Name)
	}
	return l
}

// index moves id from name old to name new in byName; with the lock held.
func (l *Ladder) index(id UserID, old, name string) {
	if old != "" {
		if ids := l.byName[fold(old)]; ids != nil {
			delete(ids, id)
			if len(ids) == 0 {
				delete(l.byName, fold(old))
			}
		}
	}
	k := fold(name)
	if l.byName[k] == nil {
		l.byName[k] = map[UserID]bool{}
	}
	l.byName[k][id] = true
}

// namesakes counts the players of the ladder other than id whose name
// folds to folded.
func (l *Ladder) namesakes(folded string, id UserID) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	ids := l.byName[folded]
	if ids[id] {
		return len(ids) - 1
	}
	return len(ids)
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Standings is the ladder, best first.
func (l *Ladder) Standings() []Standing {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.sorted()
}

func (l *Ladder) sorted() []Standing {
	out := make([]Standing, 0, len(l.byID))
	for _, st := range l.byID {
		out = append(out, *st)
	}
	slices.SortFunc(out, func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// Lookup is one user's standing.
func (l *Ladder) Lookup(id UserID) (Standing, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	st, ok := l.byID[id]
	if !ok {
		return Standing{}, false
	}
	return *st, true
}

// Rate records a rated game's result (white's score: 1, ½ or 0) and
// returns each side's rating change. A score outside 0..1, or a user
// playing themselves, changes nothing.
func (l *Ladder) Rate(white, black User, score float64) (dWhite, dBlack float64) {
	if !(score >= 0 && score <= 1) || white.ID == "" || black.ID == "" || white.ID == black.ID {
		return 0, 0
	}
	now := time.Now()
	l.mu.Lock()
	w, b := l.entry(white), l.entry(black)
	// A rated game is a rating period of its own; the days a player did
	// not play are empty periods, in which what is known of them fades.
	gw := glicko{w.Rating, w.RD, w.Volatility}.idle(idlePeriods(w.Updated, now))
	gb := glicko{b.Rating, b.RD, b.Volatility}.idle(idlePeriods(b.Updated, now))
	nw := gw.update([]glickoGame{{gb, score}}, glickoTau)
	nb := gb.update([]glickoGame{{gw, 1 - score}}, glickoTau)
	dWhite, dBlack = nw.r-gw.r, nb.r-gb.r
	for _, x := range []struct {
		st *Standing
		g  glicko
	}{{w, nw}, {b, nb}} {
		if finite(x.g.r) && finite(x.g.rd) && finite(x.g.vol) {
			x.st.Rating, x.st.RD, x.st.Volatility = x.g.r, min(x.g.rd, initialRD), x.g.vol
		}
		x.st.Games++
		x.st.Updated = now
	}
	l.seq++
	seq, snap := l.seq, l.sorted()
	l.mu.Unlock()
	l.persist(seq, snap)
	return dWhite, dBlack
}

// idlePeriod is how long a player's rating period without a game lasts.
const idlePeriod = 24 * time.Hour

// idlePeriods counts the whole idle periods from a player's last rated
// game to now (none for a newcomer, or a clock that went back).
func idlePeriods(last, now time.Time) int {
	if last.IsZero() || !now.After(last) {
		return 0
	}
	return int(min(now.Sub(last)/idlePeriod, 100*365))
}

// entry is u's standing, a new one if u has none; with the lock held.
func (l *Ladder) entry(u User) *Standing {
	st := l.byID[u.ID]
	if st == nil {
		st = &Standing{ID: u.ID, Rating: initialRating, RD: initialRD, Volatility: initialVolatility}
		l.byID[u.ID] = st
	}
	name := cleanName(u.Name)
	if name != st.Name {
		l.index(u.ID, st.Name, name)
	}
	st.Name, st.Kind = name, u.Kind
	return st
}

// persist hands the standings after change seq to save, unless a later
// change was saved already (it holds this one too), so saves are in order.
func (l *Ladder) persist(seq uint64, snap []Standing) {
	if l.save == nil {
		return
	}
	l.saveMu.Lock()
	defer l.saveMu.Unlock()
	if seq <= l.savedSeq {
		return
	}
	l.savedSeq = seq
	l.save(snap)
}
