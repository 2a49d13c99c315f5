package arena

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/evochess/evochess/core"
)

// RESTAPI is seed 000's REST interface: one game per client session
// (a cookie), the client playing white against a built-in engine.
//
//	GET  /get/board               → "/get/board" + 64 squares a8…h8 … a1…h1, "." for empty,
//	                                white upper case, black lower case
//	GET  /get/possible_moves/e2   → "/get/possible_moves/e2" + "e3e4" (destinations, unseparated)
//	POST /post/move/e2e4          → "/post/move/e2e4" + the engine's answer ("e7e5"; "" once the game is over);
//	                                a promotion adds the piece: /post/move/e7e8q
//	GET  /get/status/             → "/get/status/" + side to move (w|b) + result (*|1-0|0-1|1/2)
//	POST /post/new                → "/post/new": a new game
//
// Every valid answer starts with the request's path; anything wrong (a bad
// path, square or move) is answered with an empty body (status 400 or 404)
// and leaves the game as it was.
type RESTAPI struct {
	NewEngine   func() (Player, error) // the engine each session plays
	Limits      core.Limits            // its budget per move
	MaxSessions int                    // oldest sessions are dropped beyond this
	IdleTimeout time.Duration          // sessions idle this long are dropped

	mu       sync.Mutex
	sessions map[string]*restGame
}

type restGame struct {
	mu     sync.Mutex
	pos    *core.Position
	engine Player
	seen   time.Time
}

const restCookie = "evochess_session"

func (a *RESTAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	fail := func(code int) { w.WriteHeader(code) } // empty body: seed 000's error answer
	path := r.URL.Path
	g, err := a.session(w, r)
	if err != nil {
		fail(http.StatusServiceUnavailable)
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	answer := func(body string) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte(path + body))
	}
	switch {
	case path == "/get/board" && r.Method == http.MethodGet:
		answer(boardString(g.pos))
	case strings.HasPrefix(path, "/get/possible_moves/") && r.Method == http.MethodGet:
		sq, ok := parseSquare(strings.TrimPrefix(path, "/get/possible_moves/"))
		if !ok {
			fail(http.StatusBadRequest)
			return
		}
		var b strings.Builder
		seen := core.Bitboard(0)
		for _, m := range g.pos.LegalMoves() {
			if m.From() == sq && !seen.Has(m.To()) { // four promotions, one square
				seen |= core.SquareBB(m.To())
				b.WriteString(m.To().String())
			}
		}
		answer(b.String())
	case strings.HasPrefix(path, "/post/move/") && r.Method == http.MethodPost:
		text := strings.TrimPrefix(path, "/post/move/")
		if len(text) < 4 || len(text) > 5 || g.pos.Status().Over() {
			fail(http.StatusBadRequest)
			return
		}
		if len(text) == 4 { // a bare e7e8 promotes to a queen
			if m, err := g.pos.ParseUCIMove(text + "q"); err == nil && m.IsPromotion() {
				text += "q"
			}
		}
		m, err := g.pos.ParseUCIMove(text)
		if err != nil {
			fail(http.StatusBadRequest)
			return
		}
		g.pos.MakeMove(m)
		reply := ""
		if !g.pos.Status().Over() {
			ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
			res, err := g.engine.Play(ctx, GameView{Pos: g.pos.Clone(), Moves: g.pos.Moves()}, a.Limits)
			cancel()
			if err != nil || !g.pos.IsLegal(res.Move) {
				g.pos.UnmakeMove() // the engine failed: the game stays as it was
				fail(http.StatusServiceUnavailable)
				return
			}
			g.pos.MakeMove(res.Move)
			reply = res.Move.String()
		}
		answer(reply)
	case (path == "/get/status/" || path == "/get/status") && r.Method == http.MethodGet:
		side := "w"
		if g.pos.SideToMove() == core.Black {
			side = "b"
		}
		result := map[core.Outcome]string{core.Ongoing: "*", core.WhiteWins: "1-0", core.BlackWins: "0-1", core.Draw: "1/2"}[g.pos.Status().Outcome]
		answer(side + result)
	case path == "/post/new" && r.Method == http.MethodPost:
		g.pos = core.NewPosition()
		g.engine.NewGame(r.Context())
		answer("")
	default:
		fail(http.StatusNotFound)
	}
}

// session finds the client's game, or starts one (setting the cookie).
// Only a POST starts one: reading without a game reads the start position,
// so clients that never play (crawlers, health checks) cost nothing and
// cannot push real games out.
func (a *RESTAPI) session(w http.ResponseWriter, r *http.Request) (*restGame, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.sessions == nil {
		a.sessions = map[string]*restGame{}
	}
	now := time.Now()
	if c, err := r.Cookie(restCookie); err == nil {
		if g := a.sessions[c.Value]; g != nil {
			g.seen = now
			return g, nil
		}
	}
	if r.Method != http.MethodPost {
		return &restGame{pos: core.NewPosition(), engine: nil, seen: now}, nil
	}
	a.expire(now)
	eng, err := a.NewEngine()
	if err != nil {
		return nil, err
	}
	var id [16]byte
	rand.Read(id[:])
	key := hex.EncodeToString(id[:])
	g := &restGame{pos: core.NewPosition(), engine: eng, seen: now}
	a.sessions[key] = g
	http.SetCookie(w, &http.Cookie{Name: restCookie, Value: key, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode})
	return g, nil
}

// expire drops idle sessions, and the oldest beyond MaxSessions. Their
// engines are closed once any request still using them is done (under
// the game's lock, outside the sessions lock).
func (a *RESTAPI) expire(now time.Time) {
	var gone []*restGame
	for k, g := range a.sessions {
		if a.IdleTimeout > 0 && now.Sub(g.seen) > a.IdleTimeout {
			gone = append(gone, g)
			delete(a.sessions, k)
		}
	}
	for a.MaxSessions > 0 && len(a.sessions) >= a.MaxSessions {
		oldest := ""
		for k, g := range a.sessions {
			if oldest == "" || g.seen.Before(a.sessions[oldest].seen) {
				oldest = k
			}
		}
		gone = append(gone, a.sessions[oldest])
		delete(a.sessions, oldest)
	}
	for _, g := range gone {
		go func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.engine.Close()
		}()
	}
}

// Sessions returns how many games are open.
func (a *RESTAPI) Sessions() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.sessions)
}

func boardString(p *core.Position) string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			pc := p.PieceAt(core.MakeSquare(f, r))
			if pc == core.NoPiece {
				b.WriteByte('.')
			} else {
				b.WriteByte(pc.Char())
			}
		}
	}
	return b.String()
}

func parseSquare(s string) (core.Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return core.NoSquare, false
	}
	return core.MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}
