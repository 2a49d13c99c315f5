package core

import (
	"io"
	"strings"
	"testing"
)

func TestLineReader(t *testing.T) {
	const max = 8
	cases := []struct {
		in   string
		want []uciLine
	}{
		{"", nil},
		{"isready\n", []uciLine{{text: "isready"}}},
		{"isready", []uciLine{{text: "isready"}}},
		{"a\r\nb\n\n", []uciLine{{text: "a"}, {text: "b"}, {text: ""}}},
		{"12345678\n", []uciLine{{text: "12345678"}}},
		{"12345678\r\n", []uciLine{{text: "12345678"}}},
		{"123456789\nuci\n", []uciLine{{tooLong: true}, {text: "uci"}}},
		{strings.Repeat("x", 200000) + "\nuci", []uciLine{{tooLong: true}, {text: "uci"}}},
		{strings.Repeat("x", 200000), []uciLine{{tooLong: true}}},
	}
	for _, c := range cases {
		lr := newLineReader(strings.NewReader(c.in), max)
		var got []uciLine
		for {
			l, err := lr.next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%.20q: %v", c.in, err)
			}
			got = append(got, l)
		}
		if len(got) != len(c.want) {
			t.Errorf("%.20q: %v, want %v", c.in, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%.20q line %d: %+v, want %+v", c.in, i, got[i], c.want[i])
			}
		}
	}
}
