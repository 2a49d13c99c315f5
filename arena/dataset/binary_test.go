package dataset

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"runtime"
	"strings"
	"testing"

	"github.com/evochess/evochess/core"
)

// playoutSet returns n samples from pseudo-random games: every kind of
// position (castling rights, en passant, promotions, both sides to move),
// results and scores of every kind, some unscored.
func playoutSet(t testing.TB, n int, seed uint64) *Set {
	t.Helper()
	next := func() uint64 { seed = seed*6364136223846793005 + 1442695040888963407; return seed >> 33 }
	set := &Set{}
	p := core.NewPosition()
	for len(set.Samples) < n {
		if p.Status().Over() || p.Ply() > 150 {
			p = core.NewPosition()
		}
		moves := p.LegalMoves()
		p.MakeMove(moves[next()%uint64(len(moves))])
		s := Sample{Pos: p.Pack(), Result: Result(next() % 3), Score: int16(next()%2001) - 1000}
		if next()%4 == 0 {
			s.Score = NoScore
		}
		set.Samples = append(set.Samples, s)
	}
	return set
}

func binaryOf(t testing.TB, s *Set) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := s.WriteBinary(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// resum replaces the trailing checksum, so a test can reach the record
// checks behind it.
func resum(data []byte) []byte {
	out := bytes.Clone(data)
	sum := sha256.Sum256(out[:len(out)-sha256.Size])
	copy(out[len(out)-sha256.Size:], sum[:])
	return out
}

func TestBinaryRoundTrip(t *testing.T) {
	for _, n := range []int{0, 1, 5000, readChunk + 3} {
		set := playoutSet(t, n, uint64(n)+1)
		data := binaryOf(t, set)
		if len(data) != headerSize+n*recordSize+sha256.Size {
			t.Fatalf("%d samples: %d bytes", n, len(data))
		}
		back, err := ReadBinary(bytes.NewReader(data), n)
		if err != nil {
			t.Fatalf("%d samples: %v", n, err)
		}
		if len(back.Samples) != n || n > 0 && !equalSamples(back.Samples, set.Samples) {
			t.Fatalf("%d samples: read back differs", n)
		}
		if cap(back.Samples) != n {
			t.Errorf("%d samples: capacity %d", n, cap(back.Samples))
		}
		sum, err := set.Checksum()
		if want := sha256.Sum256(data); err != nil || sum != hex.EncodeToString(want[:]) {
			t.Fatalf("Checksum %q, %v; want the SHA-256 of the binary form", sum, err)
		}
		if _, err := ReadBinary(bytes.NewReader(data), n-1); n > 0 && (err == nil || !strings.Contains(err.Error(), "more than the")) {
			t.Fatalf("%d samples read with a limit of %d: %v", n, n-1, err)
		}
	}
}

func equalSamples(a, b []Sample) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestReadBinaryErrors(t *testing.T) {
	good := binaryOf(t, playoutSet(t, 3, 7))
	rec := func(i int) int { return headerSize + i*recordSize }
	edit := func(f func([]byte)) []byte { b := bytes.Clone(good); f(b); return b }
	count := func(n uint64) []byte {
		return edit(func(b []byte) { binary.LittleEndian.PutUint64(b[8:], n) })
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "empty: not an evochess dataset"},
		{"short header", good[:10], "header: truncated after 10 of 16 bytes"},
		{"magic", edit(func(b []byte) { b[7] = '2' }), `header: starts "EVODSET2", not "EVODSET1"`},
		{"too many", count(1 << 40), "header: 1099511627776 samples, more than the 1000 allowed"},
		{"huge count", count(1 << 63), "more than the 1000 allowed"},
		{"truncated record", good[:rec(1)+20], "record 1: truncated (the header says 3 records)"},
		{"count beyond data", count(5), "record 3: truncated (the header says 5 records)"},
		{"count short of data", count(2), "checksum mismatch"},
		{"truncated checksum", good[:len(good)-5], "checksum: truncated after 27 of 32 bytes"},
		{"flipped bit", edit(func(b []byte) { b[rec(2)+3] ^= 4 }), "checksum mismatch"},
		{"corrupt record", edit(func(b []byte) { b[rec(1)+24] = 0xFF }), "checksum mismatch: the file is corrupt (first bad record 1: packed position: reserved"},
		{"bad position, good sum", resum(edit(func(b []byte) { b[rec(1)+24] = 0xFF })), "record 1: packed position: reserved: flag bits"},
		{"bad result, good sum", resum(edit(func(b []byte) { b[rec(2)+32] = 3 })), "record 2: result 3 is not 0 (black wins), 1 (draw) or 2 (white wins)"},
		{"zero position, good sum", resum(edit(func(b []byte) { clear(b[rec(0) : rec(0)+32]) })), "record 0: packed position: pieces: has 0 white kings"},
		{"trailing data", append(bytes.Clone(good), 0), "trailing data after the checksum"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			set, err := ReadBinary(bytes.NewReader(tc.data), 1000)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
			if set != nil {
				t.Fatal("a set came with the error")
			}
		})
	}
}

// A header may claim up to maxSamples records; memory follows the bytes
// that really arrive, not the claim.
func TestReadBinaryAllocatesAsDataArrives(t *testing.T) {
	data := binaryOf(t, playoutSet(t, 2, 3))
	binary.LittleEndian.PutUint64(data[8:], 40_000_000)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := ReadBinary(bytes.NewReader(data), 50_000_000); err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Fatalf("got %v", err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
		t.Fatalf("a lying header made ReadBinary allocate %d bytes", got)
	}
}

func TestWriteBinaryRefusesBadSamples(t *testing.T) {
	set := playoutSet(t, 3, 5)
	set.Samples[1].Result = 7
	if err := set.WriteBinary(&bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "record 1: result 7") {
		t.Fatalf("got %v", err)
	}
	set.Samples[1].Result = Draw
	set.Samples[2].Pos = core.PackedPosition{}
	if _, err := set.Checksum(); err == nil || !strings.Contains(err.Error(), "record 2: packed position") {
		t.Fatalf("got %v", err)
	}
}

// FuzzReadBinary: any bytes give a set or an error, never a panic, and a
// set that reads writes back to the very same bytes.
func FuzzReadBinary(f *testing.F) {
	f.Add(binaryOf(f, playoutSet(f, 2, 1)))
	f.Add(binaryOf(f, &Set{}))
	f.Add([]byte(binaryMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		set, err := ReadBinary(bytes.NewReader(data), 64)
		if err != nil {
			return
		}
		if len(set.Samples) > 64 {
			t.Fatalf("%d samples past the limit", len(set.Samples))
		}
		if back := binaryOf(t, set); !bytes.Equal(back, data) {
			t.Fatal("a set that reads does not write back to the same bytes")
		}
	})
}
