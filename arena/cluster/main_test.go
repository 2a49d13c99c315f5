package cluster

import (
	"context"
	"os"
	"testing"

	"github.com/evochess/evochess/core"
)

// fakeUCIEnv makes the test binary a UCI engine (the built-in one): the
// tests offer it to workers under a name of their choosing.
const fakeUCIEnv = "EVOCHESS_CLUSTER_TEST_UCI"

func TestMain(m *testing.M) {
	if spec := os.Getenv(fakeWorkersEnv); spec != "" {
		os.Exit(runFakeWorkers(spec))
	}
	if os.Getenv(fakeUCIEnv) == "1" {
		core.RunUCI(context.Background(), os.Stdin, os.Stdout, core.DefaultUCIOptions())
		os.Exit(0)
	}
	os.Exit(m.Run())
}
