package main

import (
	"strings"
	"testing"
)

func TestEveryGamePlayingCommandTakesTheClusterFlags(t *testing.T) {
	for _, cmd := range []string{"evolve", "tournament", "match", "selfplay", "arena", "serve"} {
		code, stdout, _ := runCLI(cmd, "--help")
		if code != exitOK {
			t.Fatalf("%s --help: exit %d", cmd, code)
		}
		for _, flag := range []string{"--cluster ", "--cluster-listen", "--cluster-token", "--cluster-tls-cert", "--cluster-ca"} {
			if !strings.Contains(stdout, flag) {
				t.Errorf("%s has no %s", cmd, strings.TrimSpace(flag))
			}
		}
	}
}

func TestClusterFlagsAreChecked(t *testing.T) {
	data := t.TempDir()
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"tournament", "--concurrency", "0", "--player", "name=a", "--player", "name=b"}, exitUsage, "--concurrency must be at least 1 (0, remote workers only, needs --cluster"},
		{[]string{"evolve", "--workers", "0"}, exitUsage, "--workers must be at least 1 (0, remote workers only"},
		{[]string{"selfplay", "--name", "x", "--workers", "0"}, exitUsage, "--workers must be at least 1 (0, remote workers only"},
		{[]string{"evolve", "--cluster", "nats://127.0.0.1:1", "--cluster-listen", "127.0.0.1:0"}, exitUsage, "not both"},
		{[]string{"match", "name=a", "name=b", "--cluster-token", "t"}, exitUsage, "need --cluster or --cluster-listen"},
		{[]string{"evolve", "--cluster-listen", "127.0.0.1:0", "--cluster-ca", "ca.pem"}, exitUsage, "are for --cluster"},
		{[]string{"evolve", "--cluster", "nats://127.0.0.1:1", "--cluster-tls-cert", "c.pem"}, exitUsage, "are for --cluster-listen"},
		{[]string{"evolve", "--cluster-listen", "0.0.0.0:0", "--generations", "1"}, exitFail, "reachable from other machines: give a token (--cluster-token)"},
		{[]string{"worker"}, exitUsage, "--cluster nats://HOST:PORT is required"},
		{[]string{"worker", "--cluster", "nats://127.0.0.1:1", "--workers", "0"}, exitUsage, "--workers must be at least 1"},
		{[]string{"worker", "--cluster", "nats://127.0.0.1:1", "--cluster-token", "a", "--cluster-creds", "f"}, exitUsage, "not both"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			args := tt.args
			if args[0] != "worker" { // a worker keeps nothing
				args = append(args, "--data", data)
			}
			code, _, stderr := runCLI(args...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, stderr, tt.code, tt.want)
			}
		})
	}
}
