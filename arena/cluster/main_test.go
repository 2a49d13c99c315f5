package cluster

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// fakeUCIEnv makes the test binary a UCI engine (the built-in one): the
// tests offer it to workers under a name of their choosing.
const fakeUCIEnv = "EVOCHESS_CLUSTER_TEST_UCI"

// fakeUCIDelayEnv, a duration, has the fake engine say nothing that long
// before it reads its first command.
const fakeUCIDelayEnv = "EVOCHESS_CLUSTER_TEST_UCI_DELAY"

func TestMain(m *testing.M) {
	if spec := os.Getenv(fakeWorkersEnv); spec != "" {
		os.Exit(runFakeWorkers(spec))
	}
	if os.Getenv(fakeUCIEnv) == "1" {
		if d, err := time.ParseDuration(os.Getenv(fakeUCIDelayEnv)); err == nil {
			time.Sleep(d) // an engine slow to start, as on a busy machine
		}
		core.RunUCI(context.Background(), os.Stdin, os.Stdout, core.DefaultUCIOptions())
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// mustSpec is the player SPEC s, parsed; a test's own SPEC that does not
// parse is the test's mistake.
func mustSpec(t testing.TB, s string) arena.PlayerSpec {
	t.Helper()
	ps, err := arena.ParsePlayerSpec(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}
