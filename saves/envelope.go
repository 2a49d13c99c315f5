package saves

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Every saved file is an envelope: what it is, which version of that
// format, when it was saved, and the content.
type envelope struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	Saved   time.Time       `json:"saved"`
	Content json.RawMessage `json:"content"`
}

// format is one kind of file: its name, current version, and how to bring
// an older version's content up to date (migrate[v] turns version v into
// v+1).
type format struct {
	name    string
	version int
	migrate map[int]func(json.RawMessage) (json.RawMessage, error)
}

var (
	runFormat        = format{name: "evochess-run", version: 1}
	playerFormat     = format{name: "evochess-player", version: 1}
	tournamentFormat = format{name: "evochess-tournament", version: 1}
	datasetFormat    = format{name: "evochess-dataset", version: 1}
)

// FileError says which file could not be read and why, with a line and
// column when the problem has a place.
type FileError struct {
	Path      string
	Line, Col int
	Reason    string
}

func (e *FileError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Reason)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Reason)
}

// position turns a decoder offset ("after reading off bytes", so the
// offending byte is the one before) into a line and column, 1-based.
func position(data []byte, off int64) (int, int) {
	off = min(max(off-1, 0), int64(len(data)))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(off) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// jsonError describes a decoding error in data as a FileError.
func jsonError(path string, data []byte, err error) *FileError {
	fe := &FileError{Path: path, Reason: err.Error()}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		fe.Line, fe.Col = position(data, syn.Offset)
		fe.Reason = "not valid JSON: " + syn.Error()
	case errors.As(err, &typ):
		fe.Line, fe.Col = position(data, typ.Offset)
		fe.Reason = fmt.Sprintf("field %s: a JSON %s where a %s belongs", typ.Field, typ.Value, typ.Type)
	case errors.Is(err, errTruncated):
		fe.Reason = "truncated: the JSON ends too early"
	}
	return fe
}

var errTruncated = errors.New("unexpected end of JSON input")

// seal wraps content in its envelope. The file is indented two levels
// deep and compact below: one line per setting, per genome, per
// generation's statistics — readable, and a few times smaller than fully
// indented JSON.
func seal(f format, content any) ([]byte, error) {
	raw, err := json.Marshal(content)
	if err != nil {
		return nil, err
	}
	head, err := json.Marshal(struct {
		Format  string    `json:"format"`
		Version int       `json:"version"`
		Saved   time.Time `json:"saved"`
	}{f.name, f.version, time.Now().UTC()})
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("{\n  ")
	b.Write(shallowIndent(head[1:len(head)-1], "  ", 0))
	b.WriteString(",\n  \"content\": ")
	b.Write(shallowIndent(raw, "  ", 2))
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}

// shallowIndent lays out compact JSON with one member or element per line
// down to maxDepth levels of nesting, leaving deeper values on one line.
func shallowIndent(data []byte, prefix string, maxDepth int) []byte {
	var b bytes.Buffer
	depth := 0
	inString, escaped := false, false
	newline := func(d int) {
		b.WriteByte('\n')
		b.WriteString(prefix)
		for i := 0; i < d; i++ {
			b.WriteString("  ")
		}
	}
	for i := 0; i < len(data); i++ {
		c := data[i]
		if inString {
			b.WriteByte(c)
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
			b.WriteByte(c)
		case '{', '[':
			depth++
			b.WriteByte(c)
			if depth <= maxDepth && i+1 < len(data) && data[i+1] != '}' && data[i+1] != ']' {
				newline(depth)
			}
		case '}', ']':
			if depth <= maxDepth && i > 0 && data[i-1] != '{' && data[i-1] != '[' {
				newline(depth - 1)
			}
			depth--
			b.WriteByte(c)
		case ',':
			b.WriteByte(c)
			if depth <= maxDepth {
				newline(depth)
			}
		case ':':
			b.WriteByte(c)
			if depth <= maxDepth {
				b.WriteByte(' ')
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.Bytes()
}

// open reads path's envelope, checks its format and version (a newer one
// is refused, an older one migrated) and decodes the content into out.
func open(path string, f format, out any) error {
	data, err := readJSON(path)
	if err != nil {
		return err
	}
	return unseal(path, data, f, out)
}

func unseal(path string, data []byte, f format, out any) error {
	var env envelope
	if err := json.Unmarshal(data, &env); err != nil {
		if err.Error() == errTruncated.Error() {
			err = errTruncated
		}
		return jsonError(path, data, err)
	}
	switch {
	case env.Format != f.name:
		return &FileError{Path: path, Reason: fmt.Sprintf("format %q, want %q", env.Format, f.name)}
	case env.Version > f.version:
		return &FileError{Path: path, Reason: fmt.Sprintf("%s version %d was written by a newer evochess (this one reads up to %d): update evochess", f.name, env.Version, f.version)}
	case env.Version < 1:
		return &FileError{Path: path, Reason: fmt.Sprintf("version %d is not a version", env.Version)}
	case len(env.Content) == 0:
		return &FileError{Path: path, Reason: "no content"}
	}
	content := env.Content
	for v := env.Version; v < f.version; v++ {
		m := f.migrate[v]
		if m == nil {
			return &FileError{Path: path, Reason: fmt.Sprintf("no migration from %s version %d", f.name, v)}
		}
		var err error
		if content, err = m(content); err != nil {
			return &FileError{Path: path, Reason: fmt.Sprintf("migrating from version %d: %v", v, err)}
		}
	}
	if err := json.Unmarshal(content, out); err != nil {
		// Offsets are within the content: report them in the file.
		base := int64(bytes.Index(data, env.Content))
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		if base >= 0 && env.Version == f.version {
			if errors.As(err, &syn) {
				syn.Offset += base
			} else if errors.As(err, &typ) {
				typ.Offset += base
			}
		}
		fe := jsonError(path, data, err)
		if syn == nil && typ == nil {
			fe.Reason = "content: " + err.Error()
		}
		return fe
	}
	return nil
}
