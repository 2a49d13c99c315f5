package common

import (
	"github.com/evochess/evochess/arena/lobby"
)

// mergeAccounts moves the standings saved under a key's id to the id of
// the account the key now belongs to (accounts: key id → account id).
// With authorized keys a player was once their key; now all keys of one
// name are one lobby user, and each of their keys may have a standing,
// and one may be under the account's id already. Of one account's
// standings the one with the most rated games is kept (then the one rated
// last) with the games of all; the others' figures are said in the log,
// which is all that is left of them once the ladder is next written. The
// rest keep their places.
func mergeAccounts(saved []lobby.Standing, accounts map[lobby.UserID]lobby.UserID, log func(string, ...any)) []lobby.Standing {
	if len(accounts) == 0 {
		return saved
	}
	own := map[lobby.UserID]bool{} // the accounts' own ids
	for _, a := range accounts {
		own[a] = true
	}
	account := func(id lobby.UserID) (lobby.UserID, bool) {
		if a, ok := accounts[id]; ok {
			return a, true
		}
		return id, own[id]
	}
	groups := map[lobby.UserID][]lobby.Standing{}
	var order []lobby.UserID // accounts, by their first standing's place
	var out []lobby.Standing
	at := map[lobby.UserID]int{} // an account's place in out
	for _, s := range saved {
		a, ok := account(s.ID)
		if !ok || s.Kind != lobby.Human {
			out = append(out, s)
			continue
		}
		if _, seen := at[a]; !seen {
			at[a] = len(out)
			out = append(out, lobby.Standing{})
			order = append(order, a)
		}
		groups[a] = append(groups[a], s)
	}
	for _, a := range order {
		g := groups[a]
		best, games := 0, 0
		for i, s := range g {
			games += s.Games
			if s.Games > g[best].Games || s.Games == g[best].Games && s.Updated.After(g[best].Updated) {
				best = i
			}
		}
		kept := g[best]
		for i, s := range g {
			switch {
			case i == best && s.ID != a && log != nil:
				log("ladder: the standing of %s's key %s (%.0f ± %.0f, %d games) is now %s's: keys of one name are one player", kept.Name, s.ID, s.Rating, 2*s.RD, s.Games, a)
			case i != best && log != nil:
				log("ladder: the standing of %s's %s (%.0f ± %.0f, %d games) gives way to that of %s (%.0f ± %.0f, more games or rated last), its games counted: keys of one name are one player",
					kept.Name, s.ID, s.Rating, 2*s.RD, s.Games, kept.ID, kept.Rating, 2*kept.RD)
			}
		}
		if name, ok := lobby.AccountName(a); ok {
			kept.Name = name
		}
		kept.ID, kept.Games = a, games
		out[at[a]] = kept
	}
	return out
}
