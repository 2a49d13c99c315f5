package common

import (
	"sync"
	"time"
)

// WritingWait is how long the owner of an app waits for its writers: a
// cancelled run's games end at once, its last save takes milliseconds.
const WritingWait = 30 * time.Second

// Writing counts a session's goroutines that may still write once its app
// has returned: a run saving the generations its interval left unsaved as
// its context ends. Whoever ran the app waits for them (Wait), so that
// neither the process nor the session ends in the middle. Unlike a
// sync.WaitGroup, one may start while another waits (the app's last
// command can run late). The zero value is ready; a nil *Writing counts
// nothing.
type Writing struct {
	mu   sync.Mutex
	n    int
	idle chan struct{} // closed when n falls to 0 (made by Wait)
}

// Start counts a goroutine in; the function it returns counts it out.
func (w *Writing) Start() (done func()) {
	if w == nil {
		return func() {}
	}
	w.mu.Lock()
	w.n++
	w.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			w.mu.Lock()
			defer w.mu.Unlock()
			if w.n--; w.n == 0 && w.idle != nil {
				close(w.idle)
				w.idle = nil
			}
		})
	}
}

// Wait waits until no goroutine is counted in, or at most limit; it
// reports whether they all ended.
func (w *Writing) Wait(limit time.Duration) bool {
	if w == nil {
		return true
	}
	w.mu.Lock()
	if w.n == 0 {
		w.mu.Unlock()
		return true
	}
	if w.idle == nil {
		w.idle = make(chan struct{})
	}
	idle := w.idle
	w.mu.Unlock()
	t := time.NewTimer(limit)
	defer t.Stop()
	select {
	case <-idle:
		return true
	case <-t.C:
		return false
	}
}
