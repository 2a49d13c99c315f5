package common

import (
	"os"
	"strings"

	"github.com/evochess/evochess/arena/lobby"
)

// MaxPlayerName bounds the name a client gives itself in the lobby:
// room for a real name, too little to push a list's columns off screen.
const MaxPlayerName = 24

// PlayerName is a client-given name as others see it: no control
// characters, no spaces at either end, at most MaxPlayerName runes.
func PlayerName(s string) string { return strings.TrimSpace(Sanitize(s, MaxPlayerName)) }

// LocalUser is the user of a terminal of its own: one person, named by
// $USER (or "me"), playing as a Human whose ladder line is theirs alone.
func LocalUser() lobby.User {
	name := PlayerName(os.Getenv("USER"))
	if name == "" {
		name = "me"
	}
	return lobby.User{ID: lobby.UserID("local:" + name), Name: name, Kind: lobby.Human}
}
