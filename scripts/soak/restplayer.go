package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"time"

	"github.com/evochess/evochess/core"
)

// restPlayer is one REST client (its own cookie, so its own game) playing
// white against the server's engine, whole games one after another. It
// keeps its own position and checks the server's board, possible moves,
// answers and result against it.
type restPlayer struct {
	id       int
	base     string // http://127.0.0.1:PORT
	client   *http.Client
	maxPlies int
	stats    *clientStats
	rng      *rand.Rand
}

func newRESTPlayer(id int, base string, tr http.RoundTripper, maxPlies int, stats *clientStats, rng *rand.Rand) *restPlayer {
	jar, _ := cookiejar.New(nil) // never fails without options
	// The client's timeout is above the server's own (30 s per request,
	// waiting for an engine included): the server should answer, 503 if
	// it must, before the client gives up.
	return &restPlayer{id: id, base: base, client: &http.Client{Jar: jar, Transport: tr, Timeout: 60 * time.Second},
		maxPlies: maxPlies, stats: stats, rng: rng}
}

// errBusy is a 503 or 429: the server declining politely (with
// Retry-After), which the client waits out, counted but not an error.
var errBusy = errors.New("busy")

// do sends one request and returns the body after the path every answer
// starts with.
func (p *restPlayer) do(ctx context.Context, method, path string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, method, p.base+path, nil)
	if err != nil {
		return "", err
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
	if err != nil {
		return "", fmt.Errorf("%s %s: reading the answer: %w", method, path, err)
	}
	switch {
	case resp.StatusCode == http.StatusServiceUnavailable || resp.StatusCode == http.StatusTooManyRequests:
		return "", fmt.Errorf("%s %s: %w (%d)", method, path, errBusy, resp.StatusCode)
	case resp.StatusCode != http.StatusOK:
		return "", fmt.Errorf("%s %s: status %d, body %q", method, path, resp.StatusCode, body)
	case !strings.HasPrefix(string(body), path):
		return "", fmt.Errorf("%s %s: the answer %q does not start with the path", method, path, body)
	}
	return strings.TrimPrefix(string(body), path), nil
}

// retry repeats a request while the server is busy (the game stays as it
// was after a refusal, so a move may be sent again), pausing in between.
func (p *restPlayer) retry(ctx context.Context, method, path string) (string, error) {
	for {
		body, err := p.do(ctx, method, path)
		if !errors.Is(err, errBusy) {
			return body, err
		}
		p.stats.refused.Add(1)
		select {
		case <-time.After(time.Second + time.Duration(p.rng.IntN(1000))*time.Millisecond):
		case <-ctx.Done():
			return "", fmt.Errorf("cut off by the end of the soak: %w", err)
		}
	}
}

// run plays games until soft ends, then finishes the one in progress
// (unless hard ends first: then it counts as unfinished).
func (p *restPlayer) run(soft, hard context.Context) {
	defer p.client.CloseIdleConnections()
	for soft.Err() == nil && hard.Err() == nil {
		if _, err := p.retry(hard, http.MethodPost, "/post/new"); err != nil {
			if hard.Err() == nil {
				p.stats.fail(fmt.Sprintf("rest client %d: %v", p.id, err))
				sleep(hard, time.Second)
			}
			continue
		}
		p.stats.sessions.Add(1)
		p.stats.started.Add(1)
		capped, err := p.game(hard)
		switch {
		case err != nil:
			p.stats.unfinished.Add(1)
			p.stats.fail(fmt.Sprintf("rest client %d: %v", p.id, err))
			sleep(hard, time.Second)
		case capped:
			p.stats.capped.Add(1)
		default:
			p.stats.finished.Add(1)
		}
	}
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-time.After(d):
	case <-ctx.Done():
	}
}

// game plays one game from the start position; true when maxPlies ended
// it rather than the rules.
func (p *restPlayer) game(ctx context.Context) (capped bool, err error) {
	pos := core.NewPosition()
	for !pos.Status().Over() {
		if pos.Ply() >= p.maxPlies {
			return true, nil
		}
		m := randomMove(pos, p.rng)
		if pos.Ply()%8 == 0 { // now and then, the reads: they must agree with our position
			if err := p.check(ctx, pos, m.From()); err != nil {
				return false, err
			}
		}
		uci := m.String()
		reply, err := p.retry(ctx, http.MethodPost, "/post/move/"+uci)
		if err != nil {
			return false, err
		}
		p.stats.moves.Add(1)
		pos.MakeMove(m)
		if pos.Status().Over() {
			if reply != "" {
				return false, fmt.Errorf("the engine answered %q after %s ended the game", reply, uci)
			}
			break
		}
		answer, err := pos.ParseUCIMove(reply)
		if err != nil {
			return false, fmt.Errorf("after %s the engine's answer %q: %v", uci, reply, err)
		}
		pos.MakeMove(answer)
	}
	status, err := p.retry(ctx, http.MethodGet, "/get/status/")
	if err != nil {
		return false, err
	}
	if want := statusString(pos); status != want {
		return false, fmt.Errorf("/get/status/ says %q at the end, the game is %q", status, want)
	}
	return false, nil
}

// check compares the server's board and the moves from a square with
// ours.
func (p *restPlayer) check(ctx context.Context, pos *core.Position, from core.Square) error {
	board, err := p.retry(ctx, http.MethodGet, "/get/board")
	if err != nil {
		return err
	}
	if want := boardString(pos); board != want {
		return fmt.Errorf("/get/board %q, the game is %q", board, want)
	}
	path := "/get/possible_moves/" + from.String()
	moves, err := p.retry(ctx, http.MethodGet, path)
	if err != nil {
		return err
	}
	want := ""
	seen := map[core.Square]bool{}
	for _, m := range pos.LegalMoves() {
		if m.From() == from && !seen[m.To()] {
			seen[m.To()] = true
			want += m.To().String()
		}
	}
	if moves != want {
		return fmt.Errorf("%s %q, want %q", path, moves, want)
	}
	return nil
}

// boardString and statusString are the REST API's notation (README),
// written again here so that the soak checks the server, not itself.
func boardString(p *core.Position) string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if pc := p.PieceAt(core.MakeSquare(f, r)); pc == core.NoPiece {
				b.WriteByte('.')
			} else {
				b.WriteByte(pc.Char())
			}
		}
	}
	return b.String()
}

func statusString(p *core.Position) string {
	side := "w"
	if p.SideToMove() == core.Black {
		side = "b"
	}
	return side + map[core.Outcome]string{core.Ongoing: "*", core.WhiteWins: "1-0", core.BlackWins: "0-1", core.Draw: "1/2"}[p.Status().Outcome]
}
