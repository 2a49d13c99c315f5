package core

// Sliding attacks by "fancy" magic bitboards: for each square the relevant
// blockers are multiplied by a magic number whose top bits index a shared
// table. The magics are found at start-up by a seeded search (a few
// milliseconds), so no table of numbers has to be trusted or maintained.

type magic struct {
	mask   Bitboard
	magic  uint64
	shift  uint8
	offset uint32
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	rookTable    [102400]Bitboard
	bishopTable  [5248]Bitboard
)

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slide walks from s in each direction until the board edge or a blocker
// (which is included).
func slide(s Square, occ Bitboard, dirs *[4][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			t := MakeSquare(f, r)
			att |= SquareBB(t)
			if occ.Has(t) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}

func rookAttacksSlow(s Square, occ Bitboard) Bitboard   { return slide(s, occ, &rookDirs) }
func bishopAttacksSlow(s Square, occ Bitboard) Bitboard { return slide(s, occ, &bishopDirs) }

// RookAttacks returns the squares a rook on s attacks given occupancy occ.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s&63]
	return rookTable[m.offset+uint32((uint64(occ&m.mask)*m.magic)>>m.shift)]
}

// BishopAttacks returns the squares a bishop on s attacks given occupancy occ.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s&63]
	return bishopTable[m.offset+uint32((uint64(occ&m.mask)*m.magic)>>m.shift)]
}

// QueenAttacks returns the union of rook and bishop attacks.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// xorshift64 is the deterministic generator used only for the magic search.
type xorshift64 uint64

func (x *xorshift64) next() uint64 {
	v := uint64(*x)
	v ^= v >> 12
	v ^= v << 25
	v ^= v >> 27
	*x = xorshift64(v)
	return v * 2685821657736338717
}

// sparse returns a random number with few bits set, good magic candidates.
func (x *xorshift64) sparse() uint64 { return x.next() & x.next() & x.next() }

func initMagics() {
	rng := xorshift64(0x9E3779B97F4A7C15)
	var occs, atts [4096]Bitboard
	var epoch [4096]int
	var used [4096]Bitboard
	build := func(magics *[64]magic, table []Bitboard, slow func(Square, Bitboard) Bitboard) {
		offset := uint32(0)
		cnt := 0
		for s := Square(0); s < 64; s++ {
			edges := ((Rank1 | Rank8) &^ rankMask(s)) | ((FileA | FileH) &^ fileMask(s))
			mask := slow(s, 0) &^ edges
			bitsN := mask.Count()
			m := &magics[s]
			m.mask = mask
			m.shift = uint8(64 - bitsN)
			m.offset = offset
			// Enumerate all subsets of the mask (Carry-Rippler).
			n := 0
			for b := Bitboard(0); ; {
				occs[n], atts[n] = b, slow(s, b)
				n++
				b = (b - mask) & mask
				if b == 0 {
					break
				}
			}
			for {
				m.magic = rng.sparse()
				if ((uint64(mask) * m.magic) >> 56) < 6 {
					continue
				}
				cnt++
				ok := true
				for i := 0; i < n; i++ {
					idx := (uint64(occs[i]) * m.magic) >> m.shift
					if epoch[idx] != cnt {
						epoch[idx], used[idx] = cnt, atts[i]
					} else if used[idx] != atts[i] {
						ok = false
						break
					}
				}
				if ok {
					break
				}
			}
			for i := 0; i < n; i++ {
				table[offset+uint32((uint64(occs[i])*m.magic)>>m.shift)] = atts[i]
			}
			offset += uint32(n)
		}
	}
	build(&rookMagics, rookTable[:], rookAttacksSlow)
	build(&bishopMagics, bishopTable[:], bishopAttacksSlow)
}

func rankMask(s Square) Bitboard { return Rank1 << (8 * uint(s.Rank())) }
func fileMask(s Square) Bitboard { return FileA << uint(s.File()) }
