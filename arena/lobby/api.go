// Package lobby is where the people of an evochess server meet each other
// and the players evolution made: who is online, seeks and challenges,
// games between two sessions on clocks the server keeps, spectators, and
// one rating ladder for humans and engines. It has no user interface: the
// terminal app draws a session's View and GameView and calls its methods;
// everything a client sends arrives here as a method argument and is
// checked here (legal moves, whose turn, whose game, per-user limits).
//
// A session learns of changes through Changed, a channel of capacity one
// that is sent to without blocking whenever something it can see changed;
// it then reads View or Game. A slow session therefore never holds the
// lobby up and never queues events: it sees the latest state.
package lobby

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/core/pgn"
)

// UserID names a user for as long as the server knows them: "key:" and the
// SHA256 fingerprint of their SSH key, AccountID's "user:NAME" for a user
// of an authorized-keys file (whose keys are one person), "anon:N" for a
// session without a key (a new one per session: such a user cannot come
// back to a game), "bot:" and a saved player's spec for engines.
type UserID string

// AccountID is the id of a named account whose keys are all one person
// (an authorized-keys file's user): sessions of any of its keys are one
// lobby user, with one ladder line and the same games.
func AccountID(name string) UserID { return UserID("user:" + name) }

// AccountName is the account's name of an AccountID (ok false for any
// other id): what its user's directory is named, whatever name the lobby
// shows (a tag when another identity has the same name).
func AccountName(id UserID) (name string, ok bool) {
	return strings.CutPrefix(string(id), "user:")
}

// UserKind says what a user is.
type UserKind int

const (
	Human     UserKind = iota // identified by their key: rated, can reconnect
	Anonymous                 // one session only: plays unrated games, cannot reconnect
	Bot                       // an engine the server plays itself
)

// User is who a session is. Name is what others are shown; Join strips it
// of control characters and bounds its length whatever the caller did.
type User struct {
	ID   UserID
	Name string
	Kind UserKind
}

// Ids of the lobby's objects, unique for the lobby's life.
type (
	SeekID      int
	ChallengeID int
	GameID      int
)

// ColorChoice is the colour a seek or challenge asks for.
type ColorChoice int

const (
	RandomColor ColorChoice = iota
	AsWhite
	AsBlack
)

// SeekSpec is what a seek or challenge offers: the time control (a clock is
// required: Base > 0), the colour wanted, whether the game is rated (only
// between Human users and bots).
type SeekSpec struct {
	TC    arena.TimeControl
	Color ColorChoice
	Rated bool
}

// Config is how a Lobby runs. Zero values take the defaults named.
type Config struct {
	// LagMargin is the most of a move's elapsed time refunded as its
	// player's measured lag (Session.SetLag): lag up to it costs nothing
	// (default 500ms).
	LagMargin time.Duration
	// Reconnect is how long a player whose last session left has to come
	// back to a game in progress; their clock keeps running, and if they
	// do not return in time they lose (default 60s).
	Reconnect time.Duration
	// FirstMove is how long a side has for its first move before the game
	// is aborted (default 30s).
	FirstMove time.Duration
	// Per-user bounds (defaults 4 sessions, 3 seeks, 2 games in progress,
	// 5 outstanding challenges); MaxGames bounds the whole lobby's games
	// in progress (default 200).
	MaxSessionsPerUser, MaxSeeksPerUser, MaxGamesPerUser, MaxChallengesPerUser, MaxGames int
	// ChallengeCooldown is how long a user waits before challenging the
	// same user again after withdrawing a challenge to them (default
	// 30s); DeclineCooldown, after that user declined one (default 2m):
	// a challenge is a notice on the other's screen, not to be repeated
	// as spam.
	ChallengeCooldown, DeclineCooldown time.Duration
	// Ladder rates rated games (nil: none are rated).
	Ladder *Ladder
	// Bots answers PlayBot (nil: no bots).
	Bots BotProvider
	// OnGameEnd is called once for each game that ends (not for aborted
	// ones), from a goroutine of its own, outside the lobby's lock: it
	// saves the PGN for both players. The lobby's Wait waits for it.
	OnGameEnd func(Record)
	// Log, when set, gets a line per game start and end (names sanitized).
	Log func(format string, args ...any)
}

// BotProvider gives the engine that answers a "play the evolved best" seek:
// the strongest saved player, at a strength from 1 (weakest) to MaxStrength.
type BotProvider interface {
	MaxStrength() int
	// Bot returns the player (ready to play, closed by the lobby when the
	// game ends) and who it is on the ladder.
	Bot(ctx context.Context, strength int) (User, arena.Player, error)
}

// Record is a game that ended, for saving: its PGN (tags Event, Site,
// Date, White, Black, Result, TimeControl, Termination, and WhiteElo/
// BlackElo when rated) and who played it.
type Record struct {
	ID           GameID
	White, Black User
	Rated        bool
	Game         *pgn.Game
}

// Role is a session's part in a game.
type Role int

const (
	Spectator Role = iota
	PlaysWhite
	PlaysBlack
)

// OfferKind is what one player asks of the other.
type OfferKind int

const (
	NoOffer OfferKind = iota
	DrawOffer
	TakebackOffer
)

// Offer is a pending request in a game; it lapses when the other player
// moves, and a draw offer made while one stands from the other side is
// an agreement.
type Offer struct {
	Kind OfferKind
	By   core.Color
}

// Presence is one online user.
type Presence struct {
	User    User
	Rating  *Standing // nil: not on the ladder
	Playing int       // games in progress
	Idle    bool      // no session of theirs has acted for a minute
}

// Seek is an open seek.
type Seek struct {
	ID   SeekID
	By   User
	Spec SeekSpec
	Mine bool
}

// Challenge is one user's offer of a game to another.
type Challenge struct {
	ID       ChallengeID
	From, To User
	Spec     SeekSpec
	ToMe     bool
}

// GameSummary is a line of the lobby's list of games.
type GameSummary struct {
	ID           GameID
	White, Black User
	Spec         SeekSpec
	Plies        int
	Spectators   int
	Mine         bool
}

// View is what a session sees of the lobby.
type View struct {
	Me         User
	Online     []Presence    // sorted by name
	Seeks      []Seek        // oldest first
	Challenges []Challenge   // to or from Me
	Games      []GameSummary // in progress, newest first
	// Mine lists the games Me plays in that are in progress, including
	// those begun from another session or before a reconnection: the app
	// opens them.
	Mine []GameID
	// Ended lists Me's games that ended since this session joined, newest
	// first, at most 10, so the app can show how each ended.
	Ended     []GameID
	Ladder    []Standing // best first
	Strengths int        // 0: no bots; else PlayBot's strengths are 1..Strengths
}

// GameView is one game as a session sees it.
type GameView struct {
	ID           GameID
	White, Black User
	Spec         SeekSpec
	Role         Role
	StartFEN     string
	Moves        []core.Move
	SAN          []string
	FEN          string // the current position
	ToMove       core.Color
	// Clock is each side's time left at AsOf; while Running the side to
	// move's clock runs from AsOf (the app draws Clock[ToMove]-(now-AsOf)).
	Clock   [2]time.Duration
	AsOf    time.Time
	Running bool
	// Moved is when the server accepted the last move (zero before one).
	Moved time.Time
	// FirstMoveBy is, before both sides have moved, when the side to
	// move's untimed first move is due: the game is aborted if it has not
	// come by then (zero once the clocks run).
	FirstMoveBy time.Time
	Offer       Offer
	// Absent is, for each side whose player has no session, the time by
	// which they must return (zero: present).
	Absent     [2]time.Time
	Over       bool
	Result     core.Outcome
	Reason     string // "checkmate", "stalemate", "time", "resignation", "agreement", "abandoned", "aborted", "repetition", "fifty moves", "insufficient material"
	Spectators int
	// Rating changes of a rated game that ended, white's then black's.
	RatingDelta [2]float64
}

// Errors the lobby's methods return; the app shows their text.
var (
	ErrClosed      = errors.New("this session has left the lobby")
	ErrNoSuchGame  = errors.New("no such game")
	ErrNotYourTurn = errors.New("it is not your move")
	ErrNotPlaying  = errors.New("you are not playing in this game")
	ErrGameOver    = errors.New("the game is over")
	ErrLimit       = errors.New("over this server's limit")
)

// Standing is one line of the ladder: a Glicko-2 rating (Rating ± 2·RD is
// about a 95% interval), on the usual 1500 scale.
type Standing struct {
	ID         UserID
	Name       string
	Kind       UserKind
	Rating, RD float64
	Volatility float64
	Games      int
	Updated    time.Time
}
