package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// FuzzOuya reads Eurasian chess FENs and move texts: a position that loads
// writes a FEN that loads into the same position with the same hash (castling
// rights included); any text is read without a panic (coordinates, SAN or the
// shogi form), and a move it names is written in each notation and read back
// as the same move. The seed corpus is the spec's positions; run with
// `go test -fuzz FuzzOuya ./variants`.
func FuzzOuya(f *testing.F) {
	for _, seed := range [][2]string{
		{OuyaStart, "e4"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKBNRN b", "Gd9-e8"},
		{"4k4/9/9/9/9/9/9/9/R3K2R1 w castle=Q", "O-O-O"},
		{"4k4/7P1/9/9/9/9/9/9/4K4 w", "h8h9=Q"},
		{"4k2s1/9/9/9/9/2p1l1n2/9/9/K8 b", "c4c3+"},
		{"4k2s1/9/9/9/9/2p1l1n2/9/9/K8 b", "N-f2+"},
		{"4k4/9/9/9/9/3h5/9/9/R7K b", "+Bxa1"},
		{"4k4/9/9/9/9/3h5/9/9/R7K b", "P"},
		{"4k4/9/9/9/9/3h5/9/9/R7K b", "+"},
	} {
		f.Add(seed[0], seed[1])
	}
	v := Ouya()
	f.Fuzz(func(t *testing.T, fen, move string) {
		p, out, ok := fenRoundTrip(t, v, fen)
		if !ok {
			return
		}
		m, err := rules.ParseMove(p, move)
		if err != nil {
			return
		}
		for _, style := range []rules.Style{rules.StyleCoord, rules.StyleWXF} {
			text := rules.FormatMove(p, m, style)
			if back, err := rules.ParseMove(p, text); err != nil || back != m {
				t.Fatalf("%s: %q is %s, which reads back as %v, %v", out, move, text, back, err)
			}
		}
		p.Make(m)
		p.Unmake()
		if p.FEN() != out {
			t.Fatalf("make/unmake of %q changed %s to %s", move, out, p.FEN())
		}
	})
}
