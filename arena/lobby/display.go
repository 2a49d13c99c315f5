package lobby

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"
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

// tagMark separates a name from its tag; Join takes it out of names.
const tagMark = "#"

// fold is the form two names are compared in.
func fold(name string) string { return strings.ToLower(name) }

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
