package saves

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/evochess/evochess/ga"
)

// BenchmarkSeed001Population100 saves and loads a run of 100 seed001
// individuals (640 genes each) and reports the file's size.
//
//	go test ./saves -run XXX -bench Seed001Population100 -benchmem
func BenchmarkSeed001Population100(b *testing.B) {
	s := ga.DefaultSettings(ga.MNC)
	s.Population = 100
	r, err := ga.NewRun(s, nil)
	if err != nil {
		b.Fatal(err)
	}
	d, err := Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	h, err := d.CreateRun("big")
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	b.Run("save", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if err := h.Save(r); err != nil {
				b.Fatal(err)
			}
		}
		st, _ := os.Stat(filepath.Join(h.Dir(), "run.json"))
		b.ReportMetric(float64(st.Size()), "file-bytes")
	})
	b.Run("load", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := d.LoadRun("big"); err != nil {
				b.Fatal(err)
			}
		}
	})
}
