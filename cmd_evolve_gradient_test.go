package main

import (
	"strings"
	"testing"
)

// evolve --method gradient refuses what it cannot tune on, naming the
// setting, before anything runs.
func TestEvolveGradientRefuses(t *testing.T) {
	data := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--fitness", "round-robin"}, "tunes on positions only"},
		{[]string{"--dataset", "d", "--relinearise", "-1"}, "setting relinearise"},
		{[]string{"--dataset", "d", "--rate", "2"}, "setting rate"},
		{[]string{"--dataset", "d", "--population", "4"}, "moves one chromosome"},
		{[]string{"--dataset", "d", "--memory", "-5"}, "setting memory"},
	} {
		args := append([]string{"evolve", "--method", "gradient", "--data", data}, tc.args...)
		if code, _, stderr := runCLI(args...); code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, %s; want a usage error saying %s", tc.args, code, stderr, tc.want)
		}
	}
}
