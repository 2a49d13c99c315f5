package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// fileState is what a snapshot keeps of a file: enough to see it
// created, removed, rewritten or grown.
type fileState struct {
	size  int64
	mtime time.Time
	mode  fs.FileMode
}

// watchRoot is a tree the server must leave alone: walked whole, or only
// its entries (depth 1: /tmp, where other programs come and go below).
type watchRoot struct {
	path    string
	shallow bool
	skip    []string // subtrees left out: the data directory, .git
}

// snapshot records every file and directory under the roots. Files that
// vanish while it walks (another program's temporary files) are skipped.
func snapshot(roots []watchRoot) map[string]fileState {
	out := map[string]fileState{}
	for _, r := range roots {
		if r.shallow {
			entries, err := os.ReadDir(r.path)
			if err != nil {
				continue
			}
			for _, e := range entries {
				p := filepath.Join(r.path, e.Name())
				if under(p, r.skip) {
					continue
				}
				if fi, err := os.Lstat(p); err == nil {
					out[p] = fileState{fi.Size(), fi.ModTime(), fi.Mode()}
				}
			}
			continue
		}
		filepath.WalkDir(r.path, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // gone or unreadable: not ours to judge
			}
			if under(p, r.skip) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if fi, err := d.Info(); err == nil {
				out[p] = fileState{fi.Size(), fi.ModTime(), fi.Mode()}
			}
			return nil
		})
	}
	return out
}

// under reports whether p is one of dirs or inside one.
func under(p string, dirs []string) bool {
	for _, d := range dirs {
		if p == d || strings.HasPrefix(p, d+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// diffSnapshots lists what changed between two snapshots, sorted:
// "created P", "removed P", "changed P".
func diffSnapshots(before, after map[string]fileState) []string {
	var out []string
	for p, a := range after {
		b, ok := before[p]
		switch {
		case !ok:
			out = append(out, "created "+p)
		case a.size != b.size || !a.mtime.Equal(b.mtime) || a.mode != b.mode:
			out = append(out, "changed "+p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			out = append(out, "removed "+p)
		}
	}
	slices.Sort(out)
	return out
}

// splitIgnored separates the changes under an ignored path (another
// program known to write there, given with --fs-ignore) from the rest.
func splitIgnored(changes, ignore []string) (kept, ignored []string) {
	for _, c := range changes {
		_, p, _ := strings.Cut(c, " ")
		if under(p, ignore) {
			ignored = append(ignored, c)
		} else {
			kept = append(kept, c)
		}
	}
	return kept, ignored
}

// moduleRoot finds the repository from the working directory: the
// nearest directory upwards with this module's go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.Contains(string(b), "module github.com/evochess/evochess\n") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("not inside the evochess repository (no go.mod of github.com/evochess/evochess above the working directory)")
		}
		dir = parent
	}
}

// fsReport formats up to max changes, saying how many more there were.
func fsReport(changes []string, max int) string {
	var b strings.Builder
	for i, c := range changes {
		if i == max {
			fmt.Fprintf(&b, "    … and %d more\n", len(changes)-max)
			break
		}
		fmt.Fprintf(&b, "    %s\n", c)
	}
	return b.String()
}

// fileVerdict is the file check's part of the summary.
type fileVerdict struct {
	failures []string
	report   string
}

// judgeFiles decides which changes count against the server. In the
// sandbox (its HOME, XDG directories, TMPDIR, working directory) every
// change is the server's: nothing else runs there. In the repository and
// the temporary directory other programs may be writing; there the write
// watch, when it runs, names the writer, so only the server's writes fail
// the soak (and any it made anywhere else). Without the watch (not root)
// every change there fails, unless --fs-ignore says who else writes it.
func judgeFiles(changes []string, sb *sandbox, ignore []string, watch *writeWatch, watchErr error) fileVerdict {
	var v fileVerdict
	var b strings.Builder
	var inSandbox, others []string
	for _, c := range changes {
		if _, p, _ := strings.Cut(c, " "); under(p, []string{sb.root}) {
			inSandbox = append(inSandbox, c)
		} else {
			others = append(others, c)
		}
	}
	fmt.Fprintf(&b, "files         the server's own HOME, XDG dirs, TMPDIR and cwd: %d changed\n", len(inSandbox))
	b.WriteString(fsReport(inSandbox, 20))
	if len(inSandbox) > 0 {
		v.failures = append(v.failures, fmt.Sprintf("%d files changed in the server's HOME/XDG/TMPDIR/cwd (outside the data directory)", len(inSandbox)))
	}
	attributed := false
	var outside []string
	if watch == nil {
		fmt.Fprintf(&b, "              write watch off (%v): changes elsewhere are judged by snapshots alone\n", watchErr)
	} else {
		var events int64
		var overflow bool
		outside, events, overflow = watch.result()
		fmt.Fprintf(&b, "              writes by the server's processes (fanotify): %d, %d files outside the data directory\n", events, len(outside))
		b.WriteString(fsReport(outside, 20))
		if len(outside) > 0 {
			v.failures = append(v.failures, fmt.Sprintf("the server wrote %d files outside the data directory", len(outside)))
		}
		if overflow {
			b.WriteString("              the write watch lost events: changes elsewhere are judged by snapshots alone\n")
		} else {
			attributed = true
		}
	}
	if attributed {
		var theirs []string // changed, but not written by the server
		for _, c := range others {
			if _, p, _ := strings.Cut(c, " "); !slices.Contains(outside, p) {
				theirs = append(theirs, c)
			}
		}
		fmt.Fprintf(&b, "              the repository and %s/*: %d changed by other programs (no write by the server seen)\n", os.TempDir(), len(theirs))
		b.WriteString(fsReport(theirs, 5))
		return v.with(b.String())
	}
	kept, ignored := splitIgnored(others, ignore)
	fmt.Fprintf(&b, "              the repository and %s/*: %d changed, %d more under --fs-ignore\n", os.TempDir(), len(kept), len(ignored))
	b.WriteString(fsReport(kept, 20))
	if len(kept) > 0 {
		v.failures = append(v.failures, fmt.Sprintf("%d files changed in the repository or %s (not under --fs-ignore)", len(kept), os.TempDir()))
	}
	return v.with(b.String())
}

func (v fileVerdict) with(report string) fileVerdict {
	v.report = report
	return v
}
