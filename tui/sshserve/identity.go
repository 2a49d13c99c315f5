package sshserve

import (
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/tui/common"
)

// A player of the lobby is their SSH public key: the key, not the name a
// client gives, is what the ladder rates and what a returning player is
// recognised by. Without an authorized-keys file any offered key is let
// in, and a client that offers none is let in as a guest of one session.

// keyID is a key's lobby identity: "key:" and its SHA256 fingerprint.
func keyID(key gossh.PublicKey) lobby.UserID {
	return lobby.UserID("key:" + gossh.FingerprintSHA256(key))
}

// sshIdentity is who a session is: the user of an authorized key (named
// by the file; every key of one name is that one user: lobby.AccountID);
// in open access the holder of the key offered (named by the SSH user
// name it gave, sanitized and bounded); or, with no key, a guest numbered
// by guests (a new one each session: a guest cannot come back to a game),
// under the name it gave: the lobby's screens mark a guest as one. ok is
// false for a key-less session where keys are required (authentication
// lets none in).
func sshIdentity(user string, key gossh.PublicKey, keys *AuthorizedKeys, guests *atomic.Int64) (u lobby.User, ok bool) {
	if keys != nil {
		name, ok := keys.user(key)
		if !ok {
			return lobby.User{}, false
		}
		return lobby.User{ID: lobby.AccountID(name), Name: name, Kind: lobby.Human}, true
	}
	name := common.PlayerName(user)
	if key != nil {
		if name == "" { // an empty user name: the key's fingerprint, shortened
			fp := strings.TrimPrefix(gossh.FingerprintSHA256(key), "SHA256:")
			name = "key-" + fp[:min(8, len(fp))]
		}
		return lobby.User{ID: keyID(key), Name: name, Kind: lobby.Human}, true
	}
	n := guests.Add(1)
	if name == "" {
		name = "guest-" + strconv.FormatInt(n, 10)
	}
	return lobby.User{ID: lobby.UserID("anon:" + strconv.FormatInt(n, 10)), Name: name, Kind: lobby.Anonymous}, true
}

// acceptAnyKey and acceptGuest let everyone in when no authorized-keys
// file is given. The public-key method must be offered for a client to
// say who it is, and then "none" cannot succeed (OpenSSH tries it first
// and would never offer its key): a client without a key gets in by
// keyboard-interactive with no questions.
func acceptAnyKey(ssh.Context, ssh.PublicKey) bool { return true }

func acceptGuest(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }
