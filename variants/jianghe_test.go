package variants

import (
	"os"
	"strings"
	"testing"
	"unicode"

	"github.com/chuhe/chuhe/rules"
)

func toMoveIs(s rules.Side) func(t *testing.T, g *rules.Game) {
	return func(t *testing.T, g *rules.Game) {
		t.Helper()
		if got := g.Position().ToMove(); got != s {
			t.Errorf("%v to move, want %v", got, s)
		}
	}
}

// TestJianghe is jianghe.md "Test cases", one row per case; a two-move turn
// m1&m2 is a row that plays m1 first and then finds m2 legal.
func TestJianghe(t *testing.T) {
	v := mustVariant(t, "jianghe")
	const (
		p6 = "5k3/9/9/8r/9/9/9/R8/2N6/9/9/9/9/3K5 w"
		p7 = "5k3/9/9/8r/9/9/9/R8/2N6/9/4P4/9/9/3K5 w"
		p8 = "5k3/9/9/4r4/9/9/9/4R4/2N6/9/9/9/9/4K4 w"
		p9 = "4k4/9/9/9/9/9/9/R8/2N6/9/9/9/9/3K5 w"
	)
	runBoardCases(t, v, []boardCase{
		{n: 1, fen: "5k3/9/9/9/6P2/9/9/4P4/3P5/2P6/9/9/9/3K5 w",
			legal: "c4c5 e6e5 e6e7 e6d6 d5c5 g9f9 g9g10", illegal: "c4b4 d5d4 g9g8"},
		{n: 2, fen: "4k4/9/9/9/9/4n4/9/2R6/9/R8/9/9/9/3K5 w", legal: "c6e8 c6a8 c6d5 c6b5 a4a5", illegal: "c6e4 a4b5"},
		{n: 3, fen: "4k4/9/9/9/9/4n4/3p5/2R6/9/9/9/9/9/3K5 w", legal: "c6d7", illegal: "c6e8"},
		{n: 4, fen: "3k5/9/9/9/9/9/9/9/3Np4/9/1N7/9/9/4K4 w", legal: "d5e8 d5c8 d5e7 b3c5", illegal: "d5g6 d5e2 b3c6"},
		{n: 5, fen: "4k4/9/9/9/7n1/4r1p2/5C3/2p6/1C7/9/9/9/9/3K5 w", legal: "b5e8 b5a6 f7e6", illegal: "b5d7 f7h9 f7g8"},
		{n: 6, fen: p6, legal: "a6a8 a6a7 a6a10"},
		{n: 6, fen: p6, pre: "a6a8", legal: "c5d7 pass", illegal: "a8b8", check: toMoveIs(rules.Red)},
		{n: 6, fen: p6, pre: "a6a7", legal: "pass", check: toMoveIs(rules.Red)},
		{n: 6, fen: p6, pre: "a6a10", legal: "c5d7"},
		{n: 6, fen: p6, pre: "a6a8 c5d7", check: toMoveIs(rules.Black)},
		{n: 7, fen: p7, legal: "a6a8"},
		{n: 7, fen: p7, pre: "a6a8", check: toMoveIs(rules.Black)},
		{n: 8, fen: p8, legal: "c5e4 e6e10", illegal: "e6a6"},
		{n: 8, fen: p8, pre: "c5e4", legal: "e6a6"},
		{n: 9, fen: p9, pre: "a6a13", legal: "c5d7", illegal: "a13e13"},
		{n: 9, fen: p9, pre: "a6a13 c5d7", check: func(t *testing.T, g *rules.Game) {
			if !g.Position().InCheck() || g.Position().ToMove() != rules.Black {
				t.Errorf("Black should be in check and to move: %s", g.Position().FEN())
			}
		}},
	})
}

func TestJiangheRefusals(t *testing.T) {
	v := mustVariant(t, "jianghe")
	g, err := rules.NewGame(v, "5k3/9/9/8r/9/9/9/R8/2N6/9/9/9/9/3K5 w")
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "a6a8")
	checkRefusal(t, g.Position(), "a8b8", "the second move of the middle rule must be made with another piece")
	p := mustPosition(t, v, "5k3/9/9/8r/9/9/9/R8/2N6/9/4P4/9/9/3K5 w")
	checkRefusal(t, p, "pass", "pass only ends a turn of the middle rule after its first move")
	p = mustPosition(t, v, "4k4/9/9/9/9/4n4/9/2R6/9/R8/9/9/9/3K5 w")
	for _, m := range []string{"c6e4", "a4b5"} {
		_, err := rules.ParseMove(p, m)
		t.Logf("%s: %v", m, err)
	}
	p = mustPosition(t, v, "5k3/9/9/9/6P2/9/9/4P4/3P5/2P6/9/9/9/3K5 w")
	for _, m := range []string{"c4b4", "d5d4", "g9g8"} {
		_, err := rules.ParseMove(p, m)
		t.Logf("%s: %v", m, err)
	}
}

func TestJiangheRandomGames(t *testing.T) {
	v := mustVariant(t, "jianghe")
	games, plies := 6, 200
	if small() {
		games, plies = 2, 60
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(1900+g)), plies)
	}
	// From a position where both sides may use the middle rule.
	randomGameFrom(t, v, "3k5/9/9/9/9/2r6/1n4p2/4N4/1C5R1/9/9/9/9/4K4 w - - 0 1", newRand(19), plies)
}

// jiangheRef is jianghe.md for the reference generator.
func jiangheRef() refRules {
	inM := func(_, r int) bool { return r >= 5 && r <= 8 }
	return refRules{king: 'K',
		double: func(p *refPos) bool {
			n := 0
			for r := 0; r < p.h; r++ {
				for f := 0; f < p.w; f++ {
					c := p.at(f, r)
					if c == 0 || isRed(c) == p.black || !strings.ContainsRune("RNCP", unicode.ToUpper(rune(c))) {
						continue
					}
					if !inM(f, r) {
						return false
					}
					n++
				}
			}
			return n > 0
		},
		gen: func(p *refPos, f, r int) [][2]int {
			c := p.at(f, r)
			black := !isRed(c)
			rel := func(y int) int { // rank from the owner's side
				if black {
					return 13 - y
				}
				return y
			}
			palace := func(x, y int) bool { return x >= 3 && x <= 5 && rel(y) <= 2 }
			middle := inM(f, r)
			switch c | 0x20 {
			case 'k':
				return refStep(p, f, r, refOrth, palace)
			case 'a':
				return refStep(p, f, r, refDiag4, palace)
			case 'b':
				return refDiag(p, f, r, 2, func(_, y int) bool { return rel(y) <= 4 })
			case 'r':
				out := refRide(p, f, r, refOrth, nil)
				if middle {
					out = append(out, refRide(p, f, r, refDiag4, inM)...)
				}
				return out
			case 'c':
				out := refCannon(p, f, r, refOrth, nil)
				if middle {
					out = append(out, refCannon(p, f, r, refDiag4, inM)...)
				}
				return out
			case 'n':
				out := refLame(p, f, r, 1, 2, nil)
				if middle {
					out = append(out, refLame(p, f, r, 1, 3, inM)...)
				}
				return out
			case 'p':
				fw := fwdOf(c)
				dirs := [][2]int{{0, fw}}
				if rel(r) >= 5 {
					dirs = append(dirs, [2]int{1, 0}, [2]int{-1, 0})
				}
				out := refStep(p, f, r, dirs, nil)
				if middle {
					out = append(out, refStep(p, f, r, [][2]int{{0, -fw}}, inM)...)
				}
				return out
			}
			panic("jianghe ref: no piece " + string(c))
		}}
}

func TestJianghePerft(t *testing.T) {
	v := mustVariant(t, "jianghe")
	// Depth 3 (seconds with the slow reference) only with CHUHE_FULL_PERFT=1.
	depth := 2
	switch {
	case os.Getenv("CHUHE_FULL_PERFT") == "1":
		depth = 3
	case small():
		depth = 1
	}
	for _, fen := range []string{
		"5k3/9/9/8r/9/9/9/R8/2N6/9/9/9/9/3K5 w",
		"3k5/9/9/9/9/2r6/1n4p2/4N4/1C5R1/9/9/9/9/4K4 w",
		"4k4/9/9/9/9/9/9/R8/2N6/9/9/9/9/3K5 w",
		"rnbakab1r/9/1c7/p1p3p1p/9/4p4/2n3c2/2P1N4/6P2/4C4/P7P/1C7/9/RNBAKAB1R b"} {
		p := mustPosition(t, v, fen)
		refCheck(t, jiangheRef(), p.Perft(depth), fen, 9, 14, depth)
	}
}
