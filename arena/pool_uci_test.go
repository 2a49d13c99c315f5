package arena

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// engineLog reads the fake engine's log: the commands each process got,
// by process, in the order the processes started.
func engineLog(t *testing.T, path string) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	by := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		pid, cmd, _ := strings.Cut(line, " ")
		if _, ok := by[pid]; !ok {
			order = append(order, pid)
		}
		by[pid] = append(by[pid], cmd)
	}
	var out [][]string
	for _, pid := range order {
		out = append(out, by[pid])
	}
	return out
}

// keep returns the commands of cmds that start with one of prefixes.
func keep(cmds []string, prefixes ...string) []string {
	var out []string
	for _, c := range cmds {
		for _, p := range prefixes {
			if strings.HasPrefix(c, p) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// A worker plays every setting of a UCI engine with one process a colour,
// telling it a player's options only where they differ from the last
// player's, and setting an option the next player does not give back to
// the engine's default.
func TestPoolReusesUCIProcesses(t *testing.T) {
	log := filepath.Join(t.TempDir(), "log")
	args := []string{"-options", "-log", log}
	player := func(name string, options ...[2]string) PlayerSpec {
		return PlayerSpec{Name: name, Engine: fakeEngine(t), Proto: ProtoUCI, Args: args, Options: options}
	}
	a := player("a", [2]string{"Threads", "1"}, [2]string{"Skill", "10"})
	b := player("b", [2]string{"Threads", "1"}, [2]string{"Skill", "20"})
	c := player("c", [2]string{"Threads", "1"})
	pool := NewPool([]PlayerSpec{a, b, c}, 1, nil)
	opt := GameOptions{TC: TimeControl{Nodes: 1}, MaxMoves: 2}
	jobs := []GameJob{{ID: 0, White: 0, Black: 1, Options: opt}, {ID: 1, White: 0, Black: 1, Options: opt},
		{ID: 2, White: 1, Black: 0, Options: opt}, {ID: 3, White: 2, Black: 0, Options: opt}}
	if err := pool.Run(context.Background(), jobs, func(j GameJob, r GameResult) bool {
		if r.Reason == ReasonCrashed || r.Reason == ReasonUnresponsive || r.Reason == ReasonIllegalMove {
			t.Errorf("game %d: %s %s", j.ID, r.Reason, r.Detail)
		}
		return false
	}); err != nil {
		t.Fatal(err)
	}
	pool.Close()
	procs := engineLog(t, log)
	if len(procs) != 2 {
		t.Fatalf("%d engine processes, want one a colour", len(procs))
	}
	white := []string{"setoption name Threads value 1", "setoption name Skill value 10", "ucinewgame", "ucinewgame",
		"setoption name Skill value 20", "ucinewgame", "setoption name Skill value 0", "ucinewgame"}
	black := []string{"setoption name Threads value 1", "setoption name Skill value 20", "ucinewgame", "ucinewgame",
		"setoption name Skill value 10", "ucinewgame", "ucinewgame"}
	for i, want := range [][]string{white, black} {
		if got := keep(procs[i], "setoption", "ucinewgame"); !reflect.DeepEqual(got, want) {
			t.Errorf("process %d was told\n %q\nwant\n %q", i, got, want)
		}
		if n := len(keep(procs[i], "uci")) - len(keep(procs[i], "ucinewgame")); n != 1 {
			t.Errorf("process %d had %d handshakes", i, n)
		}
	}
}

// An option that the engine gave no default for cannot be undone by
// setoption: the next player gets a fresh process.
func TestUCIPlayerRestartsForAnOptionItCannotUndo(t *testing.T) {
	log := filepath.Join(t.TempDir(), "log")
	u := NewUCIPlayer("x", fakeEngine(t), []string{"-options", "-log", log}, [][2]string{{"Clear Hash", "true"}})
	defer u.Close()
	ctx := context.Background()
	if err := u.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	u.Reconfigure("y", [][2]string{{"Skill", "5"}})
	if err := u.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	procs := engineLog(t, log)
	if len(procs) != 2 || !reflect.DeepEqual(keep(procs[1], "setoption"), []string{"setoption name Skill value 5"}) {
		t.Fatalf("processes told %q", procs)
	}
}

// A UCI engine's name and author are what its handshake said, whether its
// protocol was given or found out.
func TestUCIPlayerSaysWhoItIs(t *testing.T) {
	t.Setenv("FAKEUCI_ID", "Fake 2.0")
	t.Setenv("FAKEUCI_AUTHOR", "The Fakers")
	for _, proto := range []Protocol{ProtoUCI, ProtoAuto} {
		pl := NewExternalPlayer("f", fakeEngine(t), nil, nil, proto)
		if err := pl.NewGame(context.Background()); err != nil {
			t.Fatal(err)
		}
		id, ok := pl.(interface {
			EngineName() string
			EngineAuthor() string
		})
		switch {
		case !ok:
			t.Errorf("%s: %T says nothing of itself", proto, pl)
		case id.EngineName() != "Fake 2.0" || id.EngineAuthor() != "The Fakers":
			t.Errorf("%s: %T says it is %q by %q", proto, pl, id.EngineName(), id.EngineAuthor())
		}
		pl.Close()
	}
}
