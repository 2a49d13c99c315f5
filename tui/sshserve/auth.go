package sshserve

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strings"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
)

// authorizedKeysFiles bounds the file read: thousands of keys.
var authorizedKeysFiles = core.FileLimit{What: "authorized_keys files", Max: 4 << 20}

// AuthorizedKeys are the public keys a server lets in, each with the name
// of its user: the key's comment when it is a plain name (alice, or the
// alice of alice@laptop; keys with the same name are one user), else its
// SHA-256 fingerprint (SHA256-…).
type AuthorizedKeys struct {
	users map[string]string // the key's wire form → its user
}

// LoadAuthorizedKeys reads an OpenSSH authorized_keys file. Lines with
// options (from=, command=, restrict …) are refused rather than ignored:
// the server could not keep the promise they make.
func LoadAuthorizedKeys(path string) (*AuthorizedKeys, error) {
	data, err := authorizedKeysFiles.ReadFile(path)
	if err != nil {
		return nil, err
	}
	a := &AuthorizedKeys{users: map[string]string{}}
	for i, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		key, comment, options, _, err := gossh.ParseAuthorizedKey(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		if len(options) > 0 {
			return nil, fmt.Errorf("%s:%d: options (%s) are not supported: give the key alone", path, i+1, strings.Join(options, ","))
		}
		a.users[string(key.Marshal())] = keyUser(key, comment)
	}
	if len(a.users) == 0 {
		return nil, fmt.Errorf("%s: no keys", path)
	}
	return a, nil
}

// keyUser names a key's user: its comment's name, or its fingerprint.
func keyUser(key gossh.PublicKey, comment string) string {
	name, _, _ := strings.Cut(strings.TrimSpace(comment), "@")
	if saves.CheckName(name) == nil {
		return name
	}
	sum := sha256.Sum256(key.Marshal())
	return "SHA256-" + base64.RawURLEncoding.EncodeToString(sum[:])
}

// user is the user of an authorized key; ok is false for any other.
func (a *AuthorizedKeys) user(key ssh.PublicKey) (name string, ok bool) {
	if a == nil || key == nil {
		return "", false
	}
	name, ok = a.users[string(key.Marshal())]
	return name, ok
}

// accounts maps each key's own lobby id to its user's account: the ids a
// ladder saved before keys of one name were one lobby user holds them
// under (common.LobbyConfig.Accounts).
func (a *AuthorizedKeys) accounts() map[lobby.UserID]lobby.UserID {
	if a == nil {
		return nil
	}
	out := make(map[lobby.UserID]lobby.UserID, len(a.users))
	for wire, name := range a.users {
		key, err := gossh.ParsePublicKey([]byte(wire))
		if err != nil { // read from the file by the same package: cannot fail
			continue
		}
		out[keyID(key)] = lobby.AccountID(name)
	}
	return out
}

// allow is the server's PublicKeyHandler.
func (a *AuthorizedKeys) allow(_ ssh.Context, key ssh.PublicKey) bool {
	_, ok := a.user(key)
	return ok
}
