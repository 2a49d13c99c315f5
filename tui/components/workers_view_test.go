package components

import (
	"fmt"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

func TestWorkersViewGolden(t *testing.T) {
	var many []arena.RemoteWorker
	for i := range 8 {
		many = append(many, tuitest.Worker(fmt.Sprintf("node%02d", i), "rack1.example.org", 8, 8-i, 3.5+float64(i)/4))
	}
	old := tuitest.Worker("old", "attic", 4, 0, 0)
	old.Refused = "worker old (attic) speaks evochess cluster protocol v2, this process v1"
	for _, c := range []struct {
		name string
		ws   []arena.RemoteWorker
	}{
		{"none", nil},
		{"two-and-a-refused-one", []arena.RemoteWorker{tuitest.Worker("laptop", "laptop.lan", 4, 3, 1.25), old, tuitest.Worker("server\x1b[2J", "rack2", 16, 16, 9.5)}},
		{"eight", many},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := WorkersView(testStyles(false), &common.Env{Cluster: tuitest.NewCluster(c.ws...)}, 80)
			tuitest.FitsWindow(t, v, 80, 10)
			tuitest.Golden(t, "workers-"+c.name+"-80", v)
		})
	}
	if v := WorkersView(testStyles(false), &common.Env{}, 80); v != "" {
		t.Fatalf("without a cluster the view is %q", v)
	}
}
