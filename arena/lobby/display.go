package lobby

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"sync"

	"github.com/mtibben/confusables"
	"golang.org/x/text/unicode/norm"
)

// A name is what its user says it is: anyone may connect as "alice". So
// the lobby shows a name as it is only while one identity has it; when two
// or more identities the lobby knows (people here or in a game, bots at
// the board, the ladder's players) have the same name, up to case, each is
// shown with a tag of its identity: "alice#Ab3dE9xQ", the first
// characters of the key's SHA256 fingerprint (what `ssh-keygen -l` shows
// its owner), or of a hash of the id for guests and bots. A tag stays the
// same for an identity, so the alice one knows is recognised however many
// others call themselves alice, and 48 bits are not found by making keys
// until one matches. The names in everything the lobby hands out (views,
// games, records, the ladder) and logs are shown names.

// tagLen is how many characters of a fingerprint a tag keeps.
const tagLen = 8

// tagMark separates a name from its tag; Join takes it (and what looks
// like it: untag) out of names.
const tagMark = "#"

// fold is the form two names are compared in: up to case, and by their
// Unicode skeleton (UTS #39's confusables), so that names that only look
// alike are namesakes too: "аlice" with a Cyrillic а, fullwidth letters,
// "b0b" and "bob", "rnary" and "mary".
func fold(name string) string {
	folds.mu.Lock()
	defer folds.mu.Unlock()
	k, ok := folds.m[name]
	if !ok {
		k = strings.ToLower(confusables.Skeleton(strings.ToLower(name)))
		if len(folds.m) >= maxFolds {
			clear(folds.m)
		}
		folds.m[name] = k
	}
	return k
}

// folds remembers names' folded forms: a view folds every name it shows
// (the whole ladder's), and a skeleton costs some 30 times a ToLower.
var folds = struct {
	mu sync.Mutex
	m  map[string]string
}{m: map[string]string{}}

// maxFolds bounds folds (names are at most 32 runes).
const maxFolds = 1 << 16

// untag replaces in a name what reads as the tag mark (#, its fullwidth
// and small forms, a sharp and the like) with "-": a tag is the lobby's
// to give, and a client that could write "alice＃Ab3dE9xQ" could wear
// another's tag.
func untag(name string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '♯', '⋕', '⌗', '⧣', '⧤', '⧥':
			return '-'
		}
		if strings.Contains(norm.NFKC.String(string(r)), tagMark) {
			return '-'
		}
		return r
	}, name)
}

// tag is the identity part of a shown name.
func tag(id UserID) string {
	if fp, ok := strings.CutPrefix(string(id), "key:SHA256:"); ok && len(fp) >= tagLen {
		return fp[:tagLen]
	}
	h := sha256.Sum256([]byte(id))
	return base64.RawURLEncoding.EncodeToString(h[:])[:tagLen]
}

// nameRef counts (delta +1) or stops counting (-1) a use of u's name by
// its identity: a user in l.users, a player seated in a game in progress.
// With the lock held.
func (l *Lobby) nameRef(u User, delta int) {
	k := fold(u.Name)
	ids := l.named[k]
	if ids == nil {
		if delta < 0 {
			return
		}
		ids = map[UserID]int{}
		l.named[k] = ids
	}
	ids[u.ID] += delta
	if ids[u.ID] <= 0 {
		delete(ids, u.ID)
	}
	if len(ids) == 0 {
		delete(l.named, k)
	}
}

// shownName is how name, of identity id, is shown now. With the lock held.
func (l *Lobby) shownName(id UserID, name string) string {
	k := fold(name)
	others := 0
	for o := range l.named[k] {
		if o != id {
			others++
		}
	}
	if others == 0 && l.cfg.Ladder != nil {
		others = l.cfg.Ladder.namesakes(k, id)
	}
	if others == 0 {
		return name
	}
	return name + tagMark + tag(id)
}

// shown is u with its shown name. With the lock held.
func (l *Lobby) shown(u User) User {
	u.Name = l.shownName(u.ID, u.Name)
	return u
}
