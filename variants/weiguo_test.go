package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

func mustVariant(t testing.TB, slug string) *rules.Variant {
	t.Helper()
	v, ok := testRegistry().Get(slug)
	if !ok {
		t.Fatalf("%s not registered", slug)
	}
	return v
}

// boardCase is one row of a spec's test cases: a position, moves played first,
// moves that must be legal and moves that must not, and a check of the result.
type boardCase struct {
	n              int
	fen            string
	pre            string
	legal, illegal string
	check          func(t *testing.T, g *rules.Game)
}

func runBoardCases(t *testing.T, v *rules.Variant, cases []boardCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(itoa(c.n), func(t *testing.T) {
			g, err := rules.NewGame(v, c.fen)
			if err != nil {
				t.Fatalf("NewGame(%q): %v", c.fen, err)
			}
			playAll(t, g, c.pre)
			checkMoves(t, g.Position(), c.legal, c.illegal)
			if c.check != nil {
				c.check(t, g)
			}
		})
	}
}

// TestWeiguo is weiguo.md "Test cases", one row per case.
func TestWeiguo(t *testing.T) {
	v := mustVariant(t, "weiguo")
	runBoardCases(t, v, []boardCase{
		{n: 1, fen: WeiguoStart, legal: "c1b4 c1d4 c0a2 d1e1 d1d3", illegal: "c1f2 c0e2 d0c1"},
		{n: 2, fen: "3k5/9/9/9/9/9/3n5/9/3G5/4K4 w", legal: "d1d3 d1g1 d1c1 d1d0", illegal: "d1h1 d1b1"},
		{n: 3, fen: "4k4/9/9/9/9/4p4/4G4/9/9/3K5 w", legal: "e3d3 e3f3 e3e0", illegal: "e3e4 e3c3"},
		{n: 4, fen: "5k3/9/9/9/4p2n1/4M4/9/9/9/3K5 w", legal: "e4h5 e4d1 e4b3", illegal: "e4d7 e4f6"},
		{n: 5, fen: "4k4/9/9/9/5r3/9/9/2B6/9/3K5 w", legal: "c2f5 c2e4 c2a4 c2e0", illegal: "c2d3 c2g6"},
		{n: 6, fen: "4k4/9/9/9/5r3/9/3N5/2B6/9/3K5 w", legal: "c2a4", illegal: "c2e4 c2f5"},
		{n: 7, fen: "3k5/9/9/9/9/9/4A4/9/2A6/4K4 w", legal: "c1d2 c1d0 e3d2 e3f2", illegal: "c1b2 c1b0 e3d4 e3f4"},
		{n: 8, fen: "4k4/9/9/9/9/9/3K5/9/9/9 w", legal: "d3d2", illegal: "d3d4 d3c3 d3e3"},
	})
}

// TestWeiguoRefusals: a refused move is explained in the piece's own terms.
func TestWeiguoRefusals(t *testing.T) {
	v := mustVariant(t, "weiguo")
	for _, c := range []struct{ fen, move, reason string }{
		{WeiguoStart, "c1f2", "the mule's leg on d1 is blocked"},
		{WeiguoStart, "c0e2", "the elephant's eye on d1 is blocked"},
		{"3k5/9/9/9/9/9/3n5/9/3G5/4K4 w", "d1h1", "the guard must stay inside its palace"},
		{"5k3/9/9/9/4p2n1/4M4/9/9/9/3K5 w", "e4f6", "a mule does not move like that"},
	} {
		checkRefusal(t, mustPosition(t, v, c.fen), c.move, c.reason)
	}
}

// weiguoRef is weiguo.md for the reference generator.
func weiguoRef() refRules {
	pal := func(black bool) func(f, r int) bool {
		return func(f, r int) bool {
			if black {
				f, r = 8-f, 9-r
			}
			return r <= 2 && f >= 2 && f <= 6 || r == 3 && f >= 3 && f <= 5
		}
	}
	return refRules{king: 'K', gen: func(p *refPos, f, r int) [][2]int {
		c := p.at(f, r)
		if out, ok := refStandard(p, f, r); ok {
			return out
		}
		in := pal(!isRed(c))
		switch c | 0x20 {
		case 'k':
			return refStep(p, f, r, refOrth, in)
		case 'a':
			return refStep(p, f, r, refDiag4, in)
		case 'g':
			return refRide(p, f, r, refOrth, in)
		case 'm':
			return refLame(p, f, r, 1, 3, nil)
		case 'b':
			return append(refDiag(p, f, r, 2, nil), refDiag(p, f, r, 3, nil)...)
		}
		panic("weiguo ref: no piece " + string(c))
	}}
}

// TestWeiguoPerft cross-checks middle-game positions with the reference (the
// start is a row of testdata/boards-perft.txt).
func TestWeiguoPerft(t *testing.T) {
	v := mustVariant(t, "weiguo")
	depth := 2
	if small() {
		depth = 1
	}
	for _, fen := range []string{
		"r1bak1b1r/2mg1g3/1cn3n1c/p1p1p1p1p/4m4/2B6/P1P1P1P1P/1CN2MNC1/3G1G3/R2AKAB1R w",
		"3k5/4a4/3ag4/4m4/9/2B6/4M4/3G5/4A4/3AK4 b"} {
		p := mustPosition(t, v, fen)
		refCheck(t, weiguoRef(), p.Perft(depth), fen, 9, 10, depth)
	}
}

func TestWeiguoRandomGames(t *testing.T) {
	v := mustVariant(t, "weiguo")
	games, plies := 6, 120
	if small() {
		games, plies = 2, 40
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(1700+g)), plies)
	}
}
