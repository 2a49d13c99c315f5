package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/saves"
)

// evolve --option gives the run a search option, kept in the saved run:
// the eval_terms2 genes evolve with EvalTerms2 on (full's set 3 has it
// on; with the option off they are refused by a message naming it); a
// resumed run keeps its own, and a bad option is refused by name.
func TestEvolveOptions(t *testing.T) {
	data := t.TempDir()
	if code, _, stderr := runCLI("saves", "import", filepath.Join("arena", "dataset", "testdata", "quiet-labeled.epd"), "--name", "rnd", "--data", data); code != exitOK {
		t.Fatalf("import: %s", stderr)
	}
	args := func(extra ...string) []string {
		return append([]string{"evolve", "--method", "cmaes", "--fitness", "positions", "--dataset", "rnd", "--chromosome", "full",
			"--evolve", "material,eval_terms2", "--population", "4", "--generations", "1", "--workers", "1", "--data", data}, extra...)
	}
	code, _, stderr := runCLI(args("--option", "EvalTerms2=true", "--save", "on")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	d, err := saves.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	r, err := d.LoadRun("on")
	if err != nil {
		t.Fatal(err)
	}
	if want := [][2]string{{"EvalTerms2", "true"}}; !slices.Equal(r.Settings.Options, want) || r.Generation != 1 {
		t.Errorf("saved options %q after %d generations, want %q after 1", r.Settings.Options, r.Generation, want)
	}
	// Its result plays with the option: as population=RUN#best, kept as
	// a player, and exported as a chromosome file (the command says how).
	best, err := d.Population("on#best")
	if err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI("saves", "keep", "on#best", "--as", "kept", "--data", data); code != exitOK {
		t.Fatalf("keep: %s", stderr)
	}
	kept, err := d.LoadPlayer("kept")
	if err != nil {
		t.Fatal(err)
	}
	keptSpec, err := kept.Spec()
	if err != nil {
		t.Fatal(err)
	}
	for name, ps := range map[string]arena.PlayerSpec{"population=on#best": best, "player=kept": keptSpec} {
		w, err := ps.Weights()
		if err != nil {
			t.Fatal(err)
		}
		if !w.SearchParams().EvalTerms2 {
			t.Errorf("%s plays with EvalTerms2 off", name)
		}
	}
	file := filepath.Join(t.TempDir(), "on.chromosome.json")
	code, stdout, stderr := runCLI("saves", "export", "on", "--to", file, "--data", data)
	if want := "chromosome=" + file + ",option.EvalTerms2=true"; code != exitOK || !strings.Contains(stdout, want) {
		t.Errorf("export: exit %d, %s%s; want it to say %s", code, stdout, stderr, want)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{args("--option", "EvalTerms2=false"), "the run's option EvalTerms2=false turns off: drop the option"},
		{args("--option", "EvalTerms2"), `--option "EvalTerms2" is not NAME=VALUE`},
		{args("--option", "EvalTerms2=maybe"), `option EvalTerms2: "maybe" is not true or false`},
		{[]string{"evolve", "--resume", "on", "--data", data, "--option", "EvalTerms2=false"}, "its own options: --option is not needed"},
	} {
		if code, _, stderr := runCLI(tc.args...); code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, %s; want a usage error saying %s", tc.args[len(tc.args)-2:], code, stderr, tc.want)
		}
	}
}
