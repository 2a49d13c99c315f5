package arena

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// A program that is not an engine (cat, a shell, a text tool) must be
// found out by its handshake, within seconds, and said so: not by a game
// lost a minute later to a move that never came. Three tells: it repeats
// the commands it is sent (cat), it says nothing that answers them within
// the handshake's time, or it writes a line longer than any engine's
// (engineProcess).

// ErrNotEngine is a program that failed its handshake as no engine does:
// errors.Is tells it (the game's reason is still a crash or silence).
var ErrNotEngine = errors.New("not a chess engine")

// handshakeFault is a failed handshake: its text says what and whose, and
// it is each of kinds (ErrEngineCrashed or ErrEngineUnresponsive, and
// ErrNotEngine when the failure shows the program is none).
type handshakeFault struct {
	text  string
	kinds []error
}

func (e *handshakeFault) Error() string   { return e.text }
func (e *handshakeFault) Unwrap() []error { return e.kinds }

// echoes reports whether line is one of the commands just sent, repeated:
// no engine answers "uci" with "uci" or "protover 2" with "protover 2".
func echoes(line string, sent ...string) bool {
	t := strings.TrimSpace(line)
	for _, s := range sent {
		if t == s {
			return true
		}
	}
	return false
}

// echoError is the error of a program that repeats what it is sent;
// engine is what it is not ("a UCI engine").
func echoError(path, engine, line string) error {
	return &handshakeFault{fmt.Sprintf("%s: not %s: it repeats what it is sent (%.40q)", path, engine, line),
		[]error{ErrEngineCrashed, ErrNotEngine}}
}

// notEngine is a program silent to a handshake; why says what it left
// unanswered.
func notEngine(path, engine, why string) error {
	return &handshakeFault{fmt.Sprintf("%s: not %s: %s", path, engine, why), []error{ErrEngineUnresponsive, ErrNotEngine}}
}

// handshakeError says why a handshake step failed: no want within d (err
// is ErrEngineUnresponsive), or the program's output ended before it (a
// line too long says so itself). engine, when set ("a UCI engine"), is
// what a program silent at this step is not; the context's errors pass.
func handshakeError(path, engine, want string, d time.Duration, err error) error {
	switch {
	case errors.Is(err, ErrEngineUnresponsive) && engine != "":
		return notEngine(path, engine, fmt.Sprintf("no %s within %v", want, d))
	case errors.Is(err, ErrEngineUnresponsive):
		return &handshakeFault{fmt.Sprintf("%s: no %s within %v", path, want, d), []error{ErrEngineUnresponsive}}
	case err == ErrEngineCrashed:
		return &handshakeFault{fmt.Sprintf("%s exited before its %s", path, want), []error{ErrEngineCrashed}}
	}
	return err
}
