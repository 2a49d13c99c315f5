package dataset

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/evochess/evochess/core"
)

const (
	afterE4  = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"
	kpEnding = "4k3/8/8/8/8/8/4P3/4K3 w - -"
)

func TestParseEPDLines(t *testing.T) {
	tests := []struct {
		name   string
		line   string
		fen    string // the position as core writes it
		result Result
		score  int16
	}{
		{"quiet-labeled", afterE4 + ` c9 "1-0";`, afterE4 + " 0 1", WhiteWins, NoScore},
		{"semicolon after FEN", afterE4 + `; c9 "0-1";`, afterE4 + " 0 1", BlackWins, NoScore},
		{"draw", kpEnding + ` c9 "1/2-1/2";`, kpEnding + " 0 1", Draw, NoScore},
		{"no final semicolon", kpEnding + ` c9 "1-0"`, kpEnding + " 0 1", WhiteWins, NoScore},
		{"unquoted", kpEnding + ` c9 1-0;`, kpEnding + " 0 1", WhiteWins, NoScore},
		{"bracket", kpEnding + " 0 1 [0.5]", kpEnding + " 0 1", Draw, NoScore},
		{"bracket four fields", kpEnding + " [1.0]", kpEnding + " 0 1", WhiteWins, NoScore},
		{"bracket integer", kpEnding + " [1]", kpEnding + " 0 1", WhiteWins, NoScore},
		{"bracket long", kpEnding + " [0.500]", kpEnding + " 0 1", Draw, NoScore},
		{"bracket pgn", kpEnding + " [0-1]", kpEnding + " 0 1", BlackWins, NoScore},
		{"bracket score white", kpEnding + " 12 40 [1.0] 35", kpEnding + " 12 40", WhiteWins, 35},
		{"bracket score black", afterE4 + " 0 1 [0.0] 35", afterE4 + " 0 1", BlackWins, -35},
		{"ce white", kpEnding + ` c9 "1-0"; ce 120;`, kpEnding + " 0 1", WhiteWins, 120},
		{"ce black, first", afterE4 + ` ce 120; c9 "1-0";`, afterE4 + " 0 1", WhiteWins, -120},
		{"ce clamped", kpEnding + ` c9 "1-0"; ce 99999;`, kpEnding + " 0 1", WhiteWins, 32767},
		{"ce clamped low", kpEnding + ` c9 "0-1"; ce -99999;`, kpEnding + " 0 1", BlackWins, -32767},
		{"clocks by opcode", kpEnding + ` hmvc 7; fmvn 30; c9 "1-0"; id "x;y"; bm Kd2;`, kpEnding + " 7 30", WhiteWins, NoScore},
		{"six fields", kpEnding + ` 3 20 c9 "0-1";`, kpEnding + " 3 20", BlackWins, NoScore},
		{"six fields semicolon", kpEnding + ` 3 20; c9 "0-1";`, kpEnding + " 3 20", BlackWins, NoScore},
		{"tabs", strings.ReplaceAll(kpEnding, " ", "\t") + "\tc9\t\"1-0\";", kpEnding + " 0 1", WhiteWins, NoScore},
		{"spaces around", "   " + kpEnding + `   c9 "1-0" ;   `, kpEnding + " 0 1", WhiteWins, NoScore},
		{"crlf", kpEnding + " c9 \"1-0\";\r\n", kpEnding + " 0 1", WhiteWins, NoScore},
		{"bom", "\uFEFF" + kpEnding + ` c9 "1-0";`, kpEnding + " 0 1", WhiteWins, NoScore},
		{"en passant kept", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 c9 \"1-0\";", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", WhiteWins, NoScore},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			set, err := ParseEPD(strings.NewReader(tc.line), 10)
			if err != nil {
				t.Fatal(err)
			}
			if len(set.Samples) != 1 {
				t.Fatalf("%d samples", len(set.Samples))
			}
			s := set.Samples[0]
			var q core.Position
			if err := s.Pos.Unpack(&q); err != nil {
				t.Fatal(err)
			}
			if q.FEN() != tc.fen || s.Result != tc.result || s.Score != tc.score {
				t.Fatalf("got %s %v %d, want %s %v %d", q.FEN(), s.Result, s.Score, tc.fen, tc.result, tc.score)
			}
		})
	}
}

func TestParseEPDErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
		fenField         int // a FENError of this field is wrapped
	}{
		{"no result", "# c\n\n" + kpEnding + "\n", "line 3: no result: expected c9", 0},
		{"bad result", kpEnding + ` c9 "2-0";`, `line 1: c9: result "2-0" is not 1-0, 1/2-1/2, 0-1`, 0},
		{"bad bracket result", kpEnding + ` [0.7]`, `line 1: [result]: result "0.7" is not`, 0},
		{"NaN result", kpEnding + ` [NaN]`, `line 1: [result]: result "NaN" is not`, 0},
		{"bad side", "4k3/8/8/8/8/8/4P3/4K3 x - - c9 \"1-0\";", "line 1: FEN field 2 (side to move)", 2},
		{"impossible", "4k2R/8/8/8/8/8/8/4K3 w - - c9 \"1-0\";", "line 1: FEN field 2 (side to move): \"w\" is impossible", 2},
		{"clock after ep", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 hmvc 5; c9 \"1-0\";", "line 1: FEN field 5 (halfmove clock)", 5},
		{"three fields", "4k3/8/8/8/8/8/4P3/4K3 w -", "line 1: needs a FEN of at least 4 fields", 0},
		{"bad score", kpEnding + ` c9 "1-0"; ce abc;`, `line 1: ce: "abc" is not a whole number of centipawns`, 0},
		{"float score", kpEnding + ` [1.0] 0.35`, `line 1: score after [result]: "0.35" is not a whole number`, 0},
		{"two results", kpEnding + ` c9 "1-0"; c9 "0-1";`, "line 1: c9: a second result", 0},
		{"two scores", kpEnding + ` c9 "1-0"; ce 1; ce 2;`, "line 1: ce: a second score", 0},
		{"empty score", kpEnding + ` c9 "1-0"; ce;`, "line 1: ce: no score", 0},
		{"open quote", kpEnding + ` c9 "1-0;`, "line 1: \"c9 \\\"1-0;\": a quote is not closed", 0},
		{"open bracket", kpEnding + ` [1.0`, `line 1: "[1.0": no closing ]`, 0},
		{"after bracket", kpEnding + ` [1.0] 35 extra`, `line 1: "35 extra" after the [result]`, 0},
		{"bare result", kpEnding + ` "1-0";`, `line 1: "\"1-0\"" is not an EPD operation`, 0},
		{"stockfish plain", kpEnding + ` 0 1 | 35 | 1.0`, `line 1: "| 35 | 1.0" is not an EPD operation`, 0},
		{"bad clock op", kpEnding + ` hmvc x; c9 "1-0";`, `line 1: hmvc: "x" is not a count`, 0},
		{"long line", kpEnding + " c9 \"1-0\";\n" + kpEnding + " c9 \"1-0\"; id \"" + strings.Repeat("x", MaxEPDLine) + "\";\n", "line 2: longer than 1024 bytes", 0},
		{"long last line", kpEnding + " c9 \"1-0\";\n" + strings.Repeat("x", 5000), "line 2: longer than 1024 bytes", 0},
		{"too many", strings.Repeat(kpEnding+" c9 \"1-0\";\n", 3), "line 3: more than 2 positions", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			set, err := ParseEPD(strings.NewReader(tc.text), 2)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
			if set != nil {
				t.Fatal("a set came with the error")
			}
			var fe *core.FENError
			if got := errors.As(err, &fe); got != (tc.fenField != 0) || got && fe.Field != tc.fenField {
				t.Fatalf("%v: FENError %v, want field %d", err, fe, tc.fenField)
			}
		})
	}
}

func TestParseEPDFiles(t *testing.T) {
	tests := []struct {
		file    string
		results [3]int // black wins, draws, white wins
		scored  int
	}{
		{"quiet-labeled.epd", [3]int{1, 2, 2}, 0},
		{"ethereal.book", [3]int{1, 1, 2}, 4},
		{"semicolon-crlf.epd", [3]int{0, 1, 1}, 2},
	}
	for _, tc := range tests {
		f, err := os.Open("testdata/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		set, err := ParseEPD(f, 100)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		var results [3]int
		scored := 0
		for _, s := range set.Samples {
			results[s.Result]++
			if s.Score != NoScore {
				scored++
			}
		}
		if results != tc.results || scored != tc.scored {
			t.Errorf("%s: results %v, %d scored; want %v, %d", tc.file, results, scored, tc.results, tc.scored)
		}
		if set.Labelled() != (scored == len(set.Samples)) {
			t.Errorf("%s: Labelled() = %v", tc.file, set.Labelled())
		}
	}
	// Ethereal's scores are the side to move's: -31 with black to move
	// is +31 for white.
	f, _ := os.Open("testdata/ethereal.book")
	defer f.Close()
	set, _ := ParseEPD(f, 100)
	if got := []int16{set.Samples[0].Score, set.Samples[1].Score, set.Samples[2].Score, set.Samples[3].Score}; got[0] != 31 || got[1] != 25 || got[2] != 40 || got[3] != 150 {
		t.Errorf("ethereal scores from white's view: %v", got)
	}
}

// WriteEPD and ParseEPD are inverses: same samples, same checksum.
func TestEPDRoundTrip(t *testing.T) {
	set := playoutSet(t, 3000, 42)
	var b bytes.Buffer
	if err := set.WriteEPD(&b); err != nil {
		t.Fatal(err)
	}
	back, err := ParseEPD(bytes.NewReader(b.Bytes()), len(set.Samples))
	if err != nil {
		t.Fatal(err)
	}
	if !equalSamples(back.Samples, set.Samples) {
		t.Fatal("EPD round trip changed samples")
	}
	first, _, _ := strings.Cut(b.String(), "\n")
	if !strings.Contains(first, ` c9 "`) {
		t.Fatalf("first line %q is not in the c9 form", first)
	}
	// A set without clocks or scores writes quiet-labeled.epd's lines.
	f, _ := os.ReadFile("testdata/quiet-labeled.epd")
	ql, err := ParseEPD(bytes.NewReader(f), 100)
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	ql.WriteEPD(&b)
	var want []string
	for _, l := range strings.Split(string(f), "\n") {
		if l != "" && l[0] != '#' {
			want = append(want, l)
		}
	}
	if got := strings.TrimSuffix(b.String(), "\n"); got != strings.Join(want, "\n") {
		t.Fatalf("quiet-labeled export:\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	bad := &Set{Samples: []Sample{{}}}
	if err := bad.WriteEPD(&b); err == nil || !strings.Contains(err.Error(), "record 0: packed position") {
		t.Fatalf("got %v", err)
	}
}

// FuzzParseEPD: any text gives a set or an error, never a panic; a set
// that parses writes as EPD that parses back to the same samples.
func FuzzParseEPD(f *testing.F) {
	for _, name := range []string{"quiet-labeled.epd", "ethereal.book", "semicolon-crlf.epd"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(kpEnding + ` hmvc 7; fmvn 30; c9 "1-0"; ce -5; id "x;y";`))
	f.Fuzz(func(t *testing.T, data []byte) {
		set, err := ParseEPD(bytes.NewReader(data), 50)
		if err != nil {
			return
		}
		if len(set.Samples) > 50 {
			t.Fatalf("%d samples past the limit", len(set.Samples))
		}
		var b bytes.Buffer
		if err := set.WriteEPD(&b); err != nil {
			t.Fatalf("a parsed set does not write: %v", err)
		}
		back, err := ParseEPD(&b, 50)
		if err != nil {
			t.Fatalf("written EPD does not parse: %v\n%s", err, b.String())
		}
		if !equalSamples(back.Samples, set.Samples) {
			t.Fatal("EPD round trip changed samples")
		}
	})
}
