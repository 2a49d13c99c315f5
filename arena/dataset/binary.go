package dataset

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/evochess/evochess/core"
)

// The binary form of a Set, compact enough for tens of millions of
// positions and checkable end to end:
//
//	"EVODSET1"                       8 bytes, format and version
//	count                            uint64, little-endian
//	count records of 35 bytes        core.PackedPosition (32), Result (1),
//	                                 Score (int16, little-endian)
//	SHA-256 of all the bytes above   32 bytes
const (
	binaryMagic = "EVODSET1"
	headerSize  = len(binaryMagic) + 8
	recordSize  = len(core.PackedPosition{}) + 1 + 2
	// readChunk records are read at a time, so a header claiming many
	// records costs memory only as they actually arrive.
	readChunk = 1 << 14
)

// WriteBinary writes the set in the binary form. Every sample is checked
// first as ReadBinary will check it, so a file that was written reads.
func (s *Set) WriteBinary(w io.Writer) error {
	var q core.Position
	for i := range s.Samples {
		if err := checkSample(&s.Samples[i], &q); err != nil {
			return fmt.Errorf("record %d: %w", i, err)
		}
	}
	h := sha256.New()
	bw := bufio.NewWriterSize(io.MultiWriter(w, h), 64<<10)
	var head [headerSize]byte
	copy(head[:], binaryMagic)
	binary.LittleEndian.PutUint64(head[len(binaryMagic):], uint64(len(s.Samples)))
	bw.Write(head[:])
	var rec [recordSize]byte
	for i := range s.Samples {
		encodeRecord(&rec, &s.Samples[i])
		bw.Write(rec[:])
	}
	if err := bw.Flush(); err != nil { // bufio keeps the first write error
		return err
	}
	_, err := w.Write(h.Sum(nil))
	return err
}

// Checksum returns the hex SHA-256 of the set's binary form (what a
// saved positions file is checked against).
func (s *Set) Checksum() (string, error) {
	h := sha256.New()
	if err := s.WriteBinary(h); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// ReadBinary reads a set in the binary form, refusing more than
// maxSamples samples before allocating anything for them. It checks the
// trailing checksum and every record (a position Unpack accepts, a result
// of 0–2); errors name the record.
func ReadBinary(r io.Reader, maxSamples int) (*Set, error) {
	h := sha256.New()
	body := io.TeeReader(r, h)
	var head [headerSize]byte
	if n, err := io.ReadFull(body, head[:]); err != nil {
		if n == 0 {
			return nil, errors.New("empty: not an evochess dataset")
		}
		return nil, fmt.Errorf("header: truncated after %d of %d bytes", n, headerSize)
	}
	if string(head[:len(binaryMagic)]) != binaryMagic {
		return nil, fmt.Errorf("header: starts %q, not %q: not an evochess dataset", head[:len(binaryMagic)], binaryMagic)
	}
	count := binary.LittleEndian.Uint64(head[len(binaryMagic):])
	if count > uint64(max(maxSamples, 0)) {
		return nil, fmt.Errorf("header: %d samples, more than the %d allowed", count, max(maxSamples, 0))
	}
	n := int(count)
	set := &Set{Samples: make([]Sample, 0, min(n, readChunk))}
	buf := make([]byte, min(n, readChunk)*recordSize)
	var q core.Position
	var firstBad error
	for done := 0; done < n; {
		k := min(n-done, readChunk)
		if got, err := io.ReadFull(body, buf[:k*recordSize]); err != nil {
			return nil, fmt.Errorf("record %d: truncated (the header says %d records)", done+got/recordSize, n)
		}
		if len(set.Samples)+k > cap(set.Samples) {
			// Double (at most to the count) rather than let append pick:
			// the final capacity is then exact for big sets.
			grown := make([]Sample, len(set.Samples), min(n, max(2*cap(set.Samples), len(set.Samples)+k)))
			copy(grown, set.Samples)
			set.Samples = grown
		}
		for j := 0; j < k; j++ {
			var s Sample
			decodeRecord((*[recordSize]byte)(buf[j*recordSize:]), &s)
			if firstBad == nil {
				if err := checkSample(&s, &q); err != nil {
					firstBad = fmt.Errorf("record %d: %w", done+j, err)
				}
			}
			set.Samples = append(set.Samples, s)
		}
		done += k
	}
	var sum [sha256.Size]byte
	if got, err := io.ReadFull(r, sum[:]); err != nil {
		return nil, fmt.Errorf("checksum: truncated after %d of %d bytes", got, sha256.Size)
	}
	if !bytes.Equal(sum[:], h.Sum(nil)) {
		if firstBad != nil {
			return nil, fmt.Errorf("checksum mismatch: the file is corrupt (first bad %v)", firstBad)
		}
		return nil, errors.New("checksum mismatch: the file is corrupt or was changed")
	}
	if firstBad != nil {
		// The checksum holds, so whoever wrote the file wrote this.
		return nil, firstBad
	}
	var extra [1]byte
	if got, _ := io.ReadFull(r, extra[:]); got != 0 {
		return nil, errors.New("trailing data after the checksum")
	}
	return set, nil
}

// checkSample checks what ReadBinary requires of a sample, using q as
// scratch space.
func checkSample(s *Sample, q *core.Position) error {
	if !s.Result.Valid() {
		return fmt.Errorf("result %d is not 0 (black wins), 1 (draw) or 2 (white wins)", s.Result)
	}
	return s.Pos.Unpack(q)
}

func encodeRecord(rec *[recordSize]byte, s *Sample) {
	n := copy(rec[:], s.Pos[:])
	rec[n] = byte(s.Result)
	binary.LittleEndian.PutUint16(rec[n+1:], uint16(s.Score))
}

func decodeRecord(rec *[recordSize]byte, s *Sample) {
	n := copy(s.Pos[:], rec[:])
	s.Result = Result(rec[n])
	s.Score = int16(binary.LittleEndian.Uint16(rec[n+1:]))
}
