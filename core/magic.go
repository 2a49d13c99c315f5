package core

// Sliding attacks by "fancy" magic bitboards: for each square the relevant
// blockers are multiplied by a magic number whose top bits index a shared
// table. The numbers were found by the seeded search below (findMagic) and
// are stored in magic_numbers.go, because the search takes a quarter of a
// second and every process (each "evochess uci" an arena starts) would pay
// it. They are not trusted: start-up fills the tables through them and
// checks every blocker subset; a stored number that collides is replaced by
// a fresh search, and TestStoredMagicsAreTheSearchResults keeps the file
// equal to what the search produces (go test ./core -run StoredMagics -magics.write
// rewrites it).

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
	var occs, atts [4096]Bitboard
	var scratch magicScratch
	rng := xorshift64(magicSeed)
	build := func(magics *[64]magic, stored *[64]uint64, table []Bitboard, slow func(Square, Bitboard) Bitboard) {
		offset := uint32(0)
		for s := Square(0); s < 64; s++ {
			m := &magics[s]
			m.mask = relevantBlockers(s, slow)
			m.shift = uint8(64 - m.mask.Count())
			m.offset = offset
			n := enumerateBlockers(m.mask, s, slow, &occs, &atts)
			m.magic = stored[s]
			if !scratch.fits(m, occs[:n], atts[:n]) {
				m.magic = findMagic(m, occs[:n], atts[:n], &rng, &scratch)
			}
			for i := 0; i < n; i++ {
				table[offset+uint32((uint64(occs[i])*m.magic)>>m.shift)] = atts[i]
			}
			offset += uint32(n)
		}
	}
	build(&rookMagics, &storedRookMagics, rookTable[:], rookAttacksSlow)
	build(&bishopMagics, &storedBishopMagics, bishopTable[:], bishopAttacksSlow)
}

// magicSeed seeds the search that produced magic_numbers.go.
const magicSeed = 0x9E3779B97F4A7C15

// relevantBlockers is the set of squares whose occupancy can change the
// attacks from s: the empty-board rays without their last square.
func relevantBlockers(s Square, slow func(Square, Bitboard) Bitboard) Bitboard {
	edges := ((Rank1 | Rank8) &^ rankMask(s)) | ((FileA | FileH) &^ fileMask(s))
	return slow(s, 0) &^ edges
}

// enumerateBlockers lists every subset of mask (Carry-Rippler) with its
// attack set and returns how many there are.
func enumerateBlockers(mask Bitboard, s Square, slow func(Square, Bitboard) Bitboard, occs, atts *[4096]Bitboard) int {
	n := 0
	for b := Bitboard(0); ; {
		occs[n], atts[n] = b, slow(s, b)
		n++
		b = (b - mask) & mask
		if b == 0 {
			return n
		}
	}
}

// magicScratch marks table slots by try number, so a try needs no clearing.
type magicScratch struct {
	try   int
	epoch [4096]int
	used  [4096]Bitboard
}

// fits reports whether m.magic maps every blocker subset to a slot that no
// subset with different attacks also uses.
func (sc *magicScratch) fits(m *magic, occs, atts []Bitboard) bool {
	if m.magic == 0 {
		return false
	}
	sc.try++
	for i := range occs {
		idx := (uint64(occs[i]) * m.magic) >> m.shift
		if sc.epoch[idx] != sc.try {
			sc.epoch[idx], sc.used[idx] = sc.try, atts[i]
		} else if sc.used[idx] != atts[i] {
			return false
		}
	}
	return true
}

// findMagic tries sparse random numbers until one fits.
func findMagic(m *magic, occs, atts []Bitboard, rng *xorshift64, sc *magicScratch) uint64 {
	for {
		m.magic = rng.sparse()
		if ((uint64(m.mask) * m.magic) >> 56) < 6 {
			continue
		}
		if sc.fits(m, occs, atts) {
			return m.magic
		}
	}
}

func rankMask(s Square) Bitboard { return Rank1 << (8 * uint(s.Rank())) }
func fileMask(s Square) Bitboard { return FileA << uint(s.File()) }
