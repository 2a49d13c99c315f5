package tui

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The packages of the terminal app and what each may import of the
// others, read from the import graph go list gives (issue 23): a page
// imports common and components, never another page, the root or the SSH
// server, in its code and in its tests, so that pages talk only through
// the messages the root routes; components imports common alone of the
// app, and common nothing of it. Every package of tui/ that is not the
// root, common, components, sshserve or internal/… is a page, so that a
// new page is held to the rule without being listed here.
func TestImportGraph(t *testing.T) {
	pkgs := listPackages(t)
	const root = "github.com/evochess/evochess/tui"
	rel := func(p string) string { return strings.TrimPrefix(strings.TrimPrefix(p, root), "/") }
	ours := func(p string) bool { return p == root || strings.HasPrefix(p, root+"/") }
	isPage := func(p string) bool {
		r := rel(p)
		return ours(p) && r != "" && !slices.Contains([]string{"common", "components", "sshserve"}, r) && !strings.HasPrefix(r, "internal/")
	}
	var pages []string
	for _, p := range pkgs {
		if isPage(p.ImportPath) {
			pages = append(pages, rel(p.ImportPath))
		}
	}
	if !slices.Contains(pages, "play") || !slices.Contains(pages, "tournament") || len(pages) < 4 {
		t.Fatalf("pages %v: the page packages were not found (is go list reading the right tree?)", pages)
	}
	// allowed says whether package p may depend on q (both of the app).
	allowed := func(p, q string) bool {
		switch r := rel(p); {
		case r == "common", r == "internal/tuitest":
			return false
		case r == "components", r == "internal/pagetest":
			return rel(q) == "common"
		case isPage(p):
			return rel(q) == "common" || rel(q) == "components"
		}
		return true // the root composes the pages; sshserve serves the root
	}
	for _, p := range pkgs {
		if p.Error != nil {
			t.Errorf("%s: %s", p.ImportPath, p.Error.Err)
		}
		for _, e := range p.DepsErrors {
			t.Errorf("%s: %s", p.ImportPath, e.Err)
		}
		for _, q := range p.Deps { // the code's imports, and theirs
			if ours(q) && !allowed(p.ImportPath, q) {
				t.Errorf("%s depends on %s", rel(p.ImportPath), rel(q))
			}
		}
		tested := append(slices.Clone(p.TestImports), p.XTestImports...)
		for _, q := range tested { // its tests' own imports (the test helpers are internal/…)
			if ours(q) && q != p.ImportPath && !strings.HasPrefix(rel(q), "internal/") && !allowed(p.ImportPath, q) {
				t.Errorf("the tests of %s import %s", rel(p.ImportPath), rel(q))
			}
		}
	}
}

// listedPackage is what go list -json says of a package, as far as the
// graph goes.
type listedPackage struct {
	ImportPath                      string
	Deps, TestImports, XTestImports []string
	Error                           *struct{ Err string }
	DepsErrors                      []struct{ Err string }
}

// listPackages is go list -json ./... of this directory: tui and the
// packages below it (-e: a package that cannot be loaded, an import cycle
// among them, is listed with its error rather than failing the listing).
func listPackages(t *testing.T) []listedPackage {
	t.Helper()
	out, err := exec.Command("go", "list", "-e", "-json", "./...").Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list's output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}
