package arena

import (
	"bytes"
	_ "embed"
	"fmt"
	"os"
)

//go:embed books/noob_3moves.first2000.epd
var noob3moves []byte

// BuiltinBook is the name of the opening book compiled into the program.
const BuiltinBook = "noob_3moves"

// OpenBook loads a book file, or the built-in book by its name.
func OpenBook(nameOrPath string) (*Book, error) {
	if nameOrPath == BuiltinBook {
		if _, err := os.Stat(nameOrPath); err != nil { // a file of that name wins
			b := &Book{Name: BuiltinBook}
			if err := b.readEPD(bytes.NewReader(noob3moves)); err != nil {
				return nil, fmt.Errorf("built-in book: %w", err)
			}
			return b, nil
		}
	}
	return LoadBook(nameOrPath)
}
