package saves

import (
	"errors"

	"github.com/evochess/evochess/core"
)

// Bounds on the files this package reads, from the data directory or from
// wherever the user points (import, population=FILE, --resume FILE): see
// core.FileLimit.
var (
	// jsonFiles: run, player and tournament files. A run of 100
	// individuals keeps about 10 KB a generation: 256 MB is thousands
	// of generations, and small enough to decode in memory.
	jsonFiles = core.FileLimit{What: "run, player and tournament files", Max: 256 << 20}
	// epdImports: MaxDatasetSamples lines of FEN, label and comment.
	epdImports = core.FileLimit{What: "EPD imports", Max: 8 << 30}
	// positionFiles: a dataset's positions decompressed from
	// positions.bin.gz, MaxDatasetSamples records of 35 bytes and a header.
	positionFiles = core.FileLimit{What: "dataset positions", Max: 35*MaxDatasetSamples + 1<<20}
)

// readJSON reads a run, player or tournament file within jsonFiles,
// reporting a refusal as this package's FileError; a path ending in .gz is
// decompressed (see compressed.go).
func readJSON(path string) ([]byte, error) {
	read := jsonFiles.ReadFile
	if isCompressed(path) {
		read = readCompressedJSON
	}
	data, err := read(path)
	var uf *core.UserFileError
	if errors.As(err, &uf) {
		return nil, &FileError{Path: uf.Path, Reason: uf.Reason}
	}
	return data, err
}
