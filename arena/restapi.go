package arena

import (
	"context"
	"net/http"
	"runtime"
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
//	POST /post/new                → "/post/new": a new game (the cookie, the first time)
//
// Every valid answer starts with the request's path; anything wrong (a bad
// path, square or move) is answered with an empty body (status 400 or 404)
// and leaves the game as it was. Only POST /post/new starts a game: reads
// without one answer from the start position, a move without one is 409.
//
// The server is meant for strangers, so what they can take is bounded:
// games in all and per client address, engines (a game holds only its
// position; engines are lent to moves), time per request.
type RESTAPI struct {
	NewEngine func() (Player, error) // makes the engines moves borrow
	Limits    core.Limits            // the engine's budget per move

	// Zero values take the defaults in parentheses.
	MaxSessions   int           // games open at once (256)
	MaxPerAddress int           // games per client address, IPv6 per /64 (4)
	Engines       int           // engines, so moves searched at once (the cores, at most 4)
	IdleTimeout   time.Duration // a game nobody asked about this long is dropped (1 h)
	ActiveWindow  time.Duration // a game that moved this recently is never dropped for room (5 min)
	MoveTimeout   time.Duration // the longest a request may take, waiting included (30 s)

	once     sync.Once
	mu       sync.Mutex
	sessions map[string]*restGame
	engines  *enginePool
}

// restGame is one client's game. Only its position is kept: engines are
// lent by the pool for each move.
type restGame struct {
	lock chan struct{} // one slot, held while a request uses pos
	pos  *core.Position
	addr string // the client's address key (clientAddr)
	// Under RESTAPI.mu:
	seen  time.Time // last request
	moved time.Time // last move; zero: none yet
}

const (
	restCookie = "evochess_session"
	// maxRESTBody: no request carries a body; a client sending one gets
	// this much read at most.
	maxRESTBody = 1 << 10
)

func (a *RESTAPI) init() {
	a.once.Do(func() {
		def := func(v *int, d int) {
			if *v <= 0 {
				*v = d
			}
		}
		defDur := func(v *time.Duration, d time.Duration) {
			if *v <= 0 {
				*v = d
			}
		}
		def(&a.MaxSessions, 256)
		def(&a.MaxPerAddress, 4)
		def(&a.Engines, min(runtime.NumCPU(), 4))
		defDur(&a.IdleTimeout, time.Hour)
		defDur(&a.ActiveWindow, 5*time.Minute)
		defDur(&a.MoveTimeout, 30*time.Second)
		a.sessions = map[string]*restGame{}
		a.engines = newEnginePool(a.NewEngine, a.Engines)
	})
}

// Close closes the engines; requests still running get none.
func (a *RESTAPI) Close() error {
	a.init()
	a.engines.close()
	return nil
}

func (a *RESTAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a.init()
	path := r.URL.Path
	if r.ContentLength > maxRESTBody {
		w.WriteHeader(http.StatusRequestEntityTooLarge)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxRESTBody)
	ctx, cancel := context.WithTimeout(r.Context(), a.MoveTimeout)
	defer cancel()
	get, post := r.Method == http.MethodGet, r.Method == http.MethodPost
	var body string
	code := http.StatusOK
	switch {
	case get && path == "/get/board":
		body, code = a.read(ctx, r, boardString)
	case get && strings.HasPrefix(path, "/get/possible_moves/"):
		sq, ok := parseSquare(strings.TrimPrefix(path, "/get/possible_moves/"))
		if !ok {
			code = http.StatusBadRequest
			break
		}
		body, code = a.read(ctx, r, func(p *core.Position) string { return possibleMoves(p, sq) })
	case get && (path == "/get/status/" || path == "/get/status"):
		body, code = a.read(ctx, r, statusString)
	case post && strings.HasPrefix(path, "/post/move/"):
		body, code = a.move(ctx, r, strings.TrimPrefix(path, "/post/move/"))
	case post && path == "/post/new":
		code = a.newGame(ctx, w, r)
	default:
		code = http.StatusNotFound
	}
	if code != http.StatusOK {
		if code == http.StatusServiceUnavailable || code == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", "60")
		}
		w.WriteHeader(code) // empty body: seed 000's error answer
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte(path + body))
}

// read answers from the client's game, or from the start position when
// it has none (reading costs no session).
func (a *RESTAPI) read(ctx context.Context, r *http.Request, f func(*core.Position) string) (string, int) {
	g := a.lookup(r)
	if g == nil {
		return f(core.NewPosition()), http.StatusOK
	}
	if !g.acquire(ctx) {
		return "", http.StatusServiceUnavailable
	}
	defer g.release()
	return f(g.pos), http.StatusOK
}

// move plays the client's move and the engine's answer, or neither.
func (a *RESTAPI) move(ctx context.Context, r *http.Request, text string) (string, int) {
	g := a.lookup(r)
	if g == nil {
		return "", http.StatusConflict // no game: POST /post/new first
	}
	if !g.acquire(ctx) {
		return "", http.StatusServiceUnavailable
	}
	defer g.release()
	if len(text) < 4 || len(text) > 5 || g.pos.Status().Over() {
		return "", http.StatusBadRequest
	}
	if len(text) == 4 { // a bare e7e8 promotes to a queen
		if m, err := g.pos.ParseUCIMove(text + "q"); err == nil && m.IsPromotion() {
			text += "q"
		}
	}
	m, err := g.pos.ParseUCIMove(text)
	if err != nil {
		return "", http.StatusBadRequest
	}
	g.pos.MakeMove(m)
	reply := ""
	if !g.pos.Status().Over() {
		res, err := a.engineMove(ctx, g.pos)
		if err != nil || !g.pos.IsLegal(res) {
			g.pos.UnmakeMove() // no answer: the game stays as it was
			return "", http.StatusServiceUnavailable
		}
		g.pos.MakeMove(res)
		reply = res.String()
	}
	a.touch(g, true)
	return reply, http.StatusOK
}

// engineMove borrows an engine for one answer. The engine starts a new
// game each time, so no game's answers depend on another's.
func (a *RESTAPI) engineMove(ctx context.Context, pos *core.Position) (core.Move, error) {
	e, err := a.engines.get(ctx)
	if err != nil {
		return core.NullMove, err
	}
	err = e.NewGame(ctx)
	var res MoveReply
	if err == nil {
		res, err = e.Play(ctx, GameView{StartFEN: core.StartFEN, Pos: pos.Clone(), Moves: pos.Moves()}, a.Limits)
	}
	a.engines.put(e, err == nil)
	return res.Move, err
}

// newGame restarts the client's game, or starts one (setting the cookie)
// if there is room.
func (a *RESTAPI) newGame(ctx context.Context, w http.ResponseWriter, r *http.Request) int {
	if g := a.lookup(r); g != nil {
		if !g.acquire(ctx) {
			return http.StatusServiceUnavailable
		}
		g.pos = core.NewPosition()
		g.release()
		return http.StatusOK
	}
	key, code := a.admit(clientAddr(r), time.Now())
	if code == http.StatusOK {
		http.SetCookie(w, &http.Cookie{Name: restCookie, Value: key, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode})
	}
	return code
}

// acquire takes the game for one request, waiting at most until ctx ends.
func (g *restGame) acquire(ctx context.Context) bool {
	select {
	case g.lock <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (g *restGame) release() { <-g.lock }

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

func possibleMoves(p *core.Position, sq core.Square) string {
	var b strings.Builder
	seen := core.Bitboard(0)
	for _, m := range p.LegalMoves() {
		if m.From() == sq && !seen.Has(m.To()) { // four promotions, one square
			seen |= core.SquareBB(m.To())
			b.WriteString(m.To().String())
		}
	}
	return b.String()
}

func statusString(p *core.Position) string {
	side := "w"
	if p.SideToMove() == core.Black {
		side = "b"
	}
	result := map[core.Outcome]string{core.Ongoing: "*", core.WhiteWins: "1-0", core.BlackWins: "0-1", core.Draw: "1/2"}[p.Status().Outcome]
	return side + result
}

func parseSquare(s string) (core.Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return core.NoSquare, false
	}
	return core.MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}
