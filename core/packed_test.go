package core

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// samePosition compares everything a set-up defines (not the history).
func samePosition(a, b *Position) error {
	switch {
	case a.pieces != b.pieces || a.colors != b.colors || a.board != b.board:
		return errors.New("pieces differ")
	case a.side != b.side, a.castling != b.castling, a.ep != b.ep:
		return fmt.Errorf("side/castling/ep differ: %d %d %d vs %d %d %d", a.side, a.castling, a.ep, b.side, b.castling, b.ep)
	case a.halfmove != b.halfmove || a.fullmove != b.fullmove:
		return fmt.Errorf("clocks differ: %d %d vs %d %d", a.halfmove, a.fullmove, b.halfmove, b.fullmove)
	case a.key != b.key || a.kings != b.kings:
		return errors.New("key or kings differ")
	}
	return nil
}

// checkPackRoundTrip packs p, unpacks into q, and checks q is p as a
// set-up, q equals ParseFEN of its FEN, and q packs to the same bytes.
func checkPackRoundTrip(t *testing.T, p, q *Position) {
	t.Helper()
	pp := p.Pack()
	if err := pp.Unpack(q); err != nil {
		t.Fatalf("%s: unpack: %v", p.FEN(), err)
	}
	want := *p
	want.halfmove = min(want.halfmove, 255)
	want.fullmove = min(want.fullmove, 65535)
	if err := samePosition(q, &want); err != nil {
		t.Fatalf("%s: unpacked %s: %v", p.FEN(), q.FEN(), err)
	}
	if q.Ply() != 0 || q.sinceNull != 0 {
		t.Fatalf("%s: unpacked position has history", p.FEN())
	}
	if err := samePosition(q, mustFEN(t, q.FEN())); err != nil {
		t.Fatalf("%s: unpacked differs from ParseFEN of its FEN: %v", q.FEN(), err)
	}
	if back := q.Pack(); back != pp {
		t.Fatalf("%s: repacked bytes differ", p.FEN())
	}
}

// TestPackRoundTrips covers every position of core/testdata: the perft
// suite, the WAC suite, the opening book, and random playouts from some
// book positions. The PGN sample's games are in packed_pgn_test.go.
func TestPackRoundTrips(t *testing.T) {
	var fens []string
	for _, path := range []string{"testdata/perft.epd", "../ga/suites/wac.epd", "testdata/books/noob_2moves.epd"} {
		fens = append(fens, loadEPDFENs(t, path)...)
	}
	fens = append(fens, StartFEN, KiwipeteFEN,
		"4k3/8/8/8/8/8/8/4K3 w - - 300 70000",      // clocks beyond the packed range are clamped
		"r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 9", // en passant kept (capture legal)
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",        // en passant kept
		"4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1",         // en passant dropped (no capturer), as ParseFEN does
	)
	q := new(Position)
	for _, fen := range fens {
		checkPackRoundTrip(t, mustFEN(t, fen), q)
	}
	seed := uint64(12)
	next := func() uint64 { seed = seed*6364136223846793005 + 1442695040888963407; return seed >> 33 }
	eps := 0
	for i := 0; i < len(fens); i += 40 {
		p := mustFEN(t, fens[i])
		for ply := 0; ply < 200 && !p.Status().Over(); ply++ {
			moves := p.LegalMoves()
			p.MakeMove(moves[next()%uint64(len(moves))])
			if p.ep != NoSquare {
				eps++
			}
			checkPackRoundTrip(t, p, q)
		}
	}
	if eps == 0 {
		t.Error("random playouts never reached an en-passant square: widen the sample")
	}
}

// rawPack builds packed bytes from a FEN without any checks, for
// positions ParseFEN refuses (nine pawns, three checkers, …).
func rawPack(fen string) PackedPosition {
	fs := strings.Fields(fen)
	var pp PackedPosition
	var occ Bitboard
	var codes []Piece
	ranks := strings.Split(fs[0], "/")
	var board [64]Piece
	for i, row := range ranks {
		file := 0
		for j := 0; j < len(row); j++ {
			if row[j] >= '1' && row[j] <= '8' {
				file += int(row[j] - '0')
				continue
			}
			pc, _ := pieceFromChar(row[j])
			board[MakeSquare(file, 7-i)] = pc
			file++
		}
	}
	for s := Square(0); s < 64; s++ {
		if board[s] != NoPiece {
			occ |= SquareBB(s)
			codes = append(codes, board[s])
		}
	}
	binary.LittleEndian.PutUint64(pp[0:], uint64(occ))
	for i, c := range codes {
		if i < 32 {
			pp[8+i/2] |= byte(c) << (4 * (i & 1))
		}
	}
	if fs[1] == "b" {
		pp[24] |= 1
	}
	for i, ch := range "KQkq" {
		if strings.ContainsRune(fs[2], ch) {
			pp[24] |= 2 << i
		}
	}
	pp[25] = 64
	if sq, ok := ParseSquare(fs[3]); ok {
		pp[25] = byte(sq)
	}
	var hm, fm int
	fmt.Sscan(fs[4], &hm)
	fmt.Sscan(fs[5], &fm)
	pp[26] = byte(hm)
	binary.LittleEndian.PutUint16(pp[27:], uint16(fm))
	return pp
}

// rawFEN writes packed bytes as a FEN without checking the position, or
// reports false when the bytes have no FEN (a code that is no piece,
// padding or reserved bits set, an en-passant byte past 64, more than 32
// squares).
func rawFEN(pp *PackedPosition) (string, bool) {
	occ := Bitboard(binary.LittleEndian.Uint64(pp[0:]))
	if occ.Count() > 32 || pp[24]>>5 != 0 || pp[25] > 64 || pp[29] != 0 || pp[30] != 0 || pp[31] != 0 {
		return "", false
	}
	var board [64]Piece
	i := 0
	for b := occ; b != 0; i++ {
		pc := Piece(pp[8+i/2] >> (4 * (i & 1)) & 15)
		if pc.Type() == NoPieceType || pc.Type() > King {
			return "", false
		}
		board[b.PopLSB()] = pc
	}
	for ; i < 32; i++ {
		if pp[8+i/2]>>(4*(i&1))&15 != 0 {
			return "", false
		}
	}
	var b strings.Builder
	writePlacement(&b, &board)
	b.WriteString([]string{" w ", " b "}[pp[24]&1])
	castling := ""
	for i, ch := range "KQkq" {
		if pp[24]&(2<<i) != 0 {
			castling += string(ch)
		}
	}
	if castling == "" {
		castling = "-"
	}
	fmt.Fprintf(&b, "%s %s %d %d", castling, Square(pp[25]), pp[26], binary.LittleEndian.Uint16(pp[27:]))
	return b.String(), true
}

func TestUnpackErrors(t *testing.T) {
	start := NewPosition().Pack()
	set := func(i int, v byte) func(*PackedPosition) { return func(pp *PackedPosition) { pp[i] = v } }
	// Piece codes of the start position: a1 R, b1 N, c1 B, d1 Q, e1 K, …
	code := func(i int, c Piece) func(*PackedPosition) {
		return func(pp *PackedPosition) {
			pp[8+i/2] = pp[8+i/2]&^(15<<(4*(i&1))) | byte(c)<<(4*(i&1))
		}
	}
	tests := []struct {
		name  string
		base  PackedPosition
		edit  func(*PackedPosition)
		field string
		want  string
	}{
		{"zero bytes", PackedPosition{}, nil, "pieces", "0 white kings"},
		{"no white king", start, code(4, MakePiece(White, Queen)), "pieces", "0 white kings"},
		{"code 7", start, code(0, 7), "pieces", "code 7, which is no piece"},
		{"code 8", start, code(1, 8), "pieces", "code 8, which is no piece"},
		{"code 15", start, code(31, 15), "pieces", "code 15, which is no piece"},
		{"pawn on rank 1", start, code(1, MakePiece(White, Pawn)), "pieces", "pawn on rank 1 (b1)"},
		{"33 squares", start, set(4, 0xFF), "pieces", "occupancy has 40 squares"},
		{"padding", rawPack("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), set(9, 1), "pieces", "piece code 2 is set but only 2"},
		{"nine pawns", rawPack("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1"), nil, "pieces", "9 white pawns"},
		{"17 pieces", rawPack("4k3/8/8/8/7N/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1"), nil, "pieces", "has 18 white pieces"},
		{"reserved flag", start, set(24, 0x20|0x1E), "reserved", "flag bits"},
		{"castling without rook", rawPack("r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1"), nil, "castling", `gives 'K' but the white king is not on e1 with a rook on h1`},
		{"castling without king", rawPack("r3k2r/8/8/8/8/8/8/R2K3R w Qkq - 0 1"), nil, "castling", `'Q'`},
		{"en passant byte 65", start, set(25, 65), "en passant", "byte is 65"},
		{"en passant 255", start, set(25, 255), "en passant", "byte is 255"},
		{"en passant wrong rank", start, set(25, byte(MakeSquare(4, 2))), "en passant", "e3 must be on rank 6 when white is to move"},
		{"en passant no pawn", start, set(25, byte(MakeSquare(4, 5))), "en passant", "does not follow a double pawn push"},
		{"halfmove with en passant", rawPack("4k3/8/8/3pP3/8/8/8/4K3 w - d6 3 1"), nil, "halfmove clock", "must be 0 right after a double pawn push (en passant square d6)"},
		{"fullmove 0", start, set(27, 0), "fullmove number", "is 0"},
		{"reserved byte", start, set(30, 1), "reserved", "byte 30 is 1"},
		{"side not to move in check", rawPack("4k2R/8/8/8/8/8/8/4K3 w - - 0 1"), nil, "side to move", "the side not to move (black) is in check"},
		{"three checkers", rawPack("4k3/8/8/8/1b2r3/5n2/8/4K3 w - - 0 1"), nil, "pieces", "more than two pieces"},
	}
	kiwi := mustFEN(t, KiwipeteFEN)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pp := tc.base
			if tc.edit != nil {
				tc.edit(&pp)
			}
			q := kiwi.Clone()
			err := pp.Unpack(q)
			var pe *PackError
			if !errors.As(err, &pe) {
				t.Fatalf("got %v, want a PackError", err)
			}
			if pe.Field != tc.field || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %q (field %q), want field %q containing %q", err, pe.Field, tc.field, tc.want)
			}
			if samePosition(q, kiwi) != nil || q.FEN() != kiwi.FEN() {
				t.Fatal("a failed Unpack changed q")
			}
			// Whatever has a FEN must be refused by ParseFEN too.
			if fen, ok := rawFEN(&pp); ok {
				if _, err := ParseFEN(fen); err == nil {
					t.Fatalf("ParseFEN accepts %q, Unpack refuses it: %v", fen, err)
				}
			}
		})
	}
}

// A reused Position makes Unpack allocation-free: the history keeps its
// backing array.
func TestUnpackAllocs(t *testing.T) {
	pps := []PackedPosition{mustFEN(t, KiwipeteFEN).Pack(), NewPosition().Pack()}
	q := NewPosition()
	q.MakeMove(q.LegalMoves()[0])
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		if err := pps[i%2].Unpack(q); err != nil {
			t.Fatal(err)
		}
		i++
	})
	if allocs != 0 {
		t.Fatalf("Unpack into a reused position allocates %v times", allocs)
	}
	if cap(q.history) != 256 || len(q.history) != 0 {
		t.Fatalf("history len %d cap %d, want 0 and 256", len(q.history), cap(q.history))
	}
	var fresh Position
	if err := pps[0].Unpack(&fresh); err != nil || cap(fresh.history) == 0 {
		t.Fatalf("unpack into a zero Position: %v, history cap %d", err, cap(fresh.history))
	}
	fresh.MakeMove(fresh.LegalMoves()[0]) // usable as a game position
}

func TestPackCannotPack(t *testing.T) {
	p := NewPosition()
	for s := A1 + 16; s < 48; s++ { // fill the middle: 64 pieces
		p.rawPut(MakePiece(White, Knight), s)
	}
	if p.CanPack() {
		t.Fatal("64 pieces reported packable")
	}
	pp := p.Pack()
	if pp != (PackedPosition{}) {
		t.Fatal("an unpackable position did not pack to zero")
	}
	if err := pp.Unpack(new(Position)); err == nil {
		t.Fatal("the zero PackedPosition unpacks")
	}
	if !NewPosition().CanPack() {
		t.Fatal("the start position does not pack")
	}
}

// FuzzUnpack: any 32 bytes give a position or an error, never a panic;
// Unpack accepts exactly what ParseFEN accepts of the same position; and
// an accepted position packs back to the same bytes, except that an
// en-passant square without a legal capture reads 64 (dropped, as
// ParseFEN drops it).
func FuzzUnpack(f *testing.F) {
	for _, fen := range []string{StartFEN, KiwipeteFEN, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
		"4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 17 40",
		"8/8/8/8/8/8/8/8 w - - 0 1"} {
		pp := rawPack(fen)
		f.Add(pp[:])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var pp PackedPosition
		copy(pp[:], data)
		q := new(Position)
		err := pp.Unpack(q)
		fen, hasFEN := rawFEN(&pp)
		if !hasFEN {
			if err == nil {
				t.Fatalf("bytes %x without a FEN unpack to %s", pp, q.FEN())
			}
			return
		}
		want, ferr := ParseFEN(fen)
		if (err == nil) != (ferr == nil) {
			t.Fatalf("%s: Unpack says %v, ParseFEN says %v", fen, err, ferr)
		}
		if err != nil {
			return
		}
		if e := samePosition(q, want); e != nil {
			t.Fatalf("%s: unpacked differs from ParseFEN: %v", fen, e)
		}
		norm := pp
		if q.ep == NoSquare {
			norm[25] = 64
		}
		if back := q.Pack(); back != norm {
			t.Fatalf("%s: packs back to %x, want %x", fen, back, norm)
		}
	})
}

// UnpackForEval gives the position Unpack gives, for evaluation: the same
// pieces, side, rights and static score, on every test position, with one
// evaluator per preset taking the positions in turn (a cache keyed by the
// Zobrist key, which UnpackForEval leaves at 0, must not answer for them).
func TestUnpackForEvalMatchesUnpack(t *testing.T) {
	for _, preset := range []string{"full", "seed000", "seed001", "seed003", "seed004"} {
		t.Run(preset, func(t *testing.T) { testUnpackForEval(t, NewEvaluator(mustWeights(t, preset))) })
	}
}

func testUnpackForEval(t *testing.T, e *Evaluator) {
	var fast Position
	for _, fen := range []string{StartFEN, KiwipeteFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1"} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		pp := p.Pack()
		if !pp.UnpackForEval(&fast) {
			t.Fatalf("%s: UnpackForEval refused", fen)
		}
		if fast.FEN() != p.FEN() {
			t.Errorf("UnpackForEval gives %s, want %s", fast.FEN(), p.FEN())
		}
		if a, b := e.Evaluate(&fast), e.Evaluate(p); a != b {
			t.Errorf("%s: evaluates %d, Unpack's position %d", fen, a, b)
		}
	}
	bad := PackedPosition{}
	bad[0], bad[packPieces] = 1, 0 // a1 occupied by code 0
	if bad.UnpackForEval(&fast) {
		t.Error("accepted a square with no piece code")
	}
}
