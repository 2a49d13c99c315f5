package common

import (
	"testing"
	"time"
)

// Wait returns when the last writer is done, or at its limit; a writer may
// start while another waits, and a nil Writing waits for nothing.
func TestWriting(t *testing.T) {
	var nothing *Writing
	nothing.Start()()
	if !nothing.Wait(0) {
		t.Fatal("a nil Writing waited")
	}
	var w Writing
	if !w.Wait(0) {
		t.Fatal("waited with no writer")
	}
	first := w.Start()
	if w.Wait(10 * time.Millisecond) {
		t.Fatal("Wait returned with a writer at work")
	}
	waited := make(chan bool)
	go func() { waited <- w.Wait(time.Minute) }()
	second := w.Start() // late, while Wait waits
	first()
	first() // counted out once
	select {
	case <-waited:
		t.Fatal("Wait returned with the second writer at work")
	case <-time.After(20 * time.Millisecond):
	}
	second()
	if !<-waited {
		t.Fatal("Wait gave up with every writer done")
	}
}
