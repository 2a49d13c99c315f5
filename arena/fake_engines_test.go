package arena

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// fakeBuild is one scripted engine of testdata/, built once per test
// binary.
type fakeBuild struct {
	once sync.Once
	path string
	err  error
}

var fakeBuilds sync.Map // name → *fakeBuild

// buildFake builds ./testdata/name (a scripted engine) once per test
// binary and returns the executable's path.
func buildFake(t *testing.T, name string) string {
	t.Helper()
	v, _ := fakeBuilds.LoadOrStore(name, &fakeBuild{})
	fb := v.(*fakeBuild)
	fb.once.Do(func() {
		dir, err := os.MkdirTemp("", name)
		if err != nil {
			fb.err = err
			return
		}
		fb.path = filepath.Join(dir, name)
		out, err := exec.Command("go", "build", "-o", fb.path, "./testdata/"+name).CombinedOutput()
		if err != nil {
			fb.err = fmt.Errorf("building %s: %v\n%s", name, err, out)
		}
	})
	if fb.err != nil {
		t.Fatal(fb.err)
	}
	return fb.path
}
