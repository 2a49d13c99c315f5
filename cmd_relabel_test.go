package main

import (
	"os"
	"strings"
	"testing"
)

func TestRelabelCommand(t *testing.T) {
	data := t.TempDir()
	if code, _, stderr := runCLI(selfplayArgs(data, "src")...); code != 0 {
		t.Fatalf("selfplay: %s", stderr)
	}
	src, _ := loadDataset(t, data, "src")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--from", "src", "--label", "self,depth=2"}, "--name is required"},
		{[]string{"--name", "x", "--from", "src"}, "give --from and --label"},
		{[]string{"--name", "x", "--from", "src", "--label", "self,depth=2", "--workers", "0"}, "--workers must be 1 to"},
		{[]string{"--name", "x", "--from", "src", "--label", "uci=/no/such/engine,depth=2"}, "/no/such/engine"},
	} {
		args := append([]string{"relabel", "--data", data}, c.args...)
		if code, _, stderr := runCLI(args...); code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %s; want %q", c.args, code, stderr, c.want)
		}
	}
	code, stdout, stderr := runCLI("relabel", "--name", "lab", "--from", "src", "--label", "self,depth=2", "--workers", "2", "--data", data)
	if code != 0 || !strings.Contains(stdout, "dataset lab: ") || !strings.Contains(stdout, "labelled by self,depth=2") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	lab, info := loadDataset(t, data, "lab")
	if !info.Complete || !info.Labelled || len(lab.Samples) == 0 || len(lab.Samples) > len(src.Samples) {
		t.Fatalf("lab: %+v, %d samples of %d", info, len(lab.Samples), len(src.Samples))
	}
	if code, _, stderr := runCLI("relabel", "--name", "lab", "--data", data); code != 0 || !strings.Contains(stderr, "complete already") {
		t.Errorf("again: exit %d, %s", code, stderr)
	}
}

// Debian's Stockfish as the reference: every position labelled or
// dropped as a mate, the scores from white's view.
func TestRelabelStockfish(t *testing.T) {
	if _, err := os.Stat(stockfishPath); err != nil {
		t.Skipf("no stockfish at %s (apt-get install stockfish): %v", stockfishPath, err)
	}
	if testing.Short() {
		t.Skip("starts an external engine")
	}
	data := t.TempDir()
	if code, _, stderr := runCLI(selfplayArgs(data, "src", "--games", "4")...); code != 0 {
		t.Fatalf("selfplay: %s", stderr)
	}
	code, stdout, stderr := runCLI("relabel", "--name", "sf", "--from", "src", "--label", "uci="+stockfishPath+",depth=4", "--workers", "2", "--data", data)
	if code != 0 {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	src, _ := loadDataset(t, data, "src")
	sf, info := loadDataset(t, data, "sf")
	if !info.Complete || !info.Labelled || len(sf.Samples) < len(src.Samples)*9/10 {
		t.Fatalf("sf: %+v, %d samples of %d", info, len(sf.Samples), len(src.Samples))
	}
	// Stockfish's signs agree with our own search's where both see a
	// clear edge: a score from the side to move's view would disagree on
	// half of them.
	if code, _, stderr := runCLI("relabel", "--name", "self", "--from", "src", "--label", "self,depth=4", "--data", data); code != 0 {
		t.Fatalf("self: %s", stderr)
	}
	self, _ := loadDataset(t, data, "self")
	ours := map[[32]byte]int16{}
	for _, s := range self.Samples {
		ours[s.Pos] = s.Score
	}
	agree, clear := 0, 0
	for _, s := range sf.Samples {
		o, ok := ours[s.Pos]
		if !ok || s.Score > -150 && s.Score < 150 || o > -150 && o < 150 {
			continue
		}
		clear++
		if s.Score > 0 == (o > 0) {
			agree++
		}
	}
	if clear < 10 || agree*10 < clear*9 {
		t.Errorf("Stockfish and our search agree on the side ahead in %d of %d clear positions", agree, clear)
	}
}
