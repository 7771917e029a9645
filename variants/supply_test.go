package variants

import (
	"strings"
	"testing"
	"unicode"

	"github.com/chuhe/chuhe/rules"
)

// boardIs checks the board field of the game's position.
func boardIs(want string) func(t *testing.T, g *rules.Game) {
	return func(t *testing.T, g *rules.Game) {
		t.Helper()
		if got := boardField(g.Position().FEN()); got != want {
			t.Errorf("board %s, want %s", got, want)
		}
	}
}

// TestSupply is supply.md "Test cases", one row per case (sequences and
// exchanges as rows that play the moves first).
func TestSupply(t *testing.T) {
	v := mustVariant(t, "supply")
	const (
		p2  = "m8/4k4/9/9/9/9/R8/9/9/9/3K5/6Y2 w"
		p3  = "9/1n2k4/9/9/9/9/1RR6/9/9/9/3K5/G8 w"
		p4  = "9/4k4/9/9/9/9/4R4/9/9/9/3K5/9 b"
		p5  = "9/R8/9/4k4/9/9/9/9/9/9/3K5/9 w"
		p6  = "9/3k5/9/9/9/9/9/9/9/4K4/9/9 w"
		p7  = "9/3k5/9/9/9/9/9/9/9/9/4K4/9 w"
		p8  = "9/4k1n2/2P3P2/9/9/9/9/9/9/9/3K5/9 w"
		p9  = "2y6/2P1k4/9/9/9/9/9/9/9/9/3K5/9 w"
		p10 = "9/r3k4/9/n8/9/9/C6C1/9/9/9/3K5/9 w"
		p11 = "9/3ak4/9/2N6/9/9/9/9/9/9/3K5/9 w"
	)
	runBoardCases(t, v, []boardCase{
		{n: 1, fen: "9/4k4/9/9/9/9/9/9/9/9/3K5/2F6 w", legal: "c0b0 c0d0", illegal: "c0a0 c0c1 c0e0"},
		{n: 2, fen: p2, legal: "a5a11 a5a10", illegal: "a5a0"},
		{n: 2, fen: p2, pre: "a5a11", check: boardIs("9/4k4/9/9/9/9/9/9/9/9/3K5/6Y2")},
		{n: 2, fen: p2, pre: "a5a10", check: func(t *testing.T, g *rules.Game) {
			if !g.Position().InCheck() {
				t.Error("a5a10 should give check")
			}
		}},
		{n: 3, fen: p3, legal: "b5b10 c5c9", illegal: "c5c10"},
		{n: 3, fen: p3, pre: "b5b10", check: boardIs("9/4k4/9/9/9/9/2R6/9/9/9/3K5/G8")},
		{n: 4, fen: p4, legal: "e10f10", illegal: "e10e9 e10d10", check: func(t *testing.T, g *rules.Game) {
			if !g.Position().InCheck() {
				t.Error("Black should be in check from e5")
			}
		}},
		{n: 5, fen: p5, legal: "a10c10", illegal: "a10a11"},
		{n: 5, fen: p5, pre: "a10a9 e8f8", illegal: "a9a10"},
		{n: 6, fen: p6, legal: "e2e3 e2f2", illegal: "e2e1 e2d2"},
		{n: 6, fen: "9/3k5/9/9/9/9/9/9/9/4K4/9/4T4 w", legal: "e2e1"},
		{n: 7, fen: p7, legal: "e1f1", illegal: "e1d1"},
		// After e1e2, d10d9 (a game would be drawn at once by material).
		{n: 7, fen: "9/9/3k5/9/9/9/9/9/9/4K4/9/9 w", illegal: "e2e1"},
		{n: 8, fen: p8, legal: "c9d9 g9g10", illegal: "c9c10"},
		{n: 8, fen: p8, pre: "g9g10", check: boardIs("9/4k4/2P6/9/9/9/9/9/9/9/3K5/9")},
		{n: 8, fen: "9/4k1n2/2P3P2/9/9/9/9/9/9/9/3K5/G8 w", legal: "c9c10"},
		{n: 9, fen: p9, legal: "c10b10 c10d10 c10c11"},
		{n: 9, fen: p9, pre: "c10c11", check: boardIs("9/4k4/9/9/9/9/9/9/9/9/3K5/9")},
		{n: 9, fen: p9, pre: "c10d10", check: func(t *testing.T, g *rules.Game) {
			if !g.Position().InCheck() {
				t.Error("c10d10 should give check")
			}
		}},
		{n: 10, fen: p10, legal: "a5a10 h5h9", illegal: "h5h10"},
		{n: 10, fen: p10, pre: "a5a10", check: boardIs("9/4k4/9/n8/9/9/7C1/9/9/9/3K5/9")},
		{n: 10, fen: "9/r3k4/9/n8/9/9/C6C1/9/9/9/3K5/8M w", legal: "h5h10"},
		{n: 11, fen: p11, legal: "c8d10 c8e9", illegal: "c8b10"},
		{n: 11, fen: p11, pre: "c8d10", check: boardIs("9/4k4/9/9/9/9/9/9/9/9/3K5/9")},
	})
}

func TestSupplyRefusals(t *testing.T) {
	v := mustVariant(t, "supply")
	for _, c := range []struct{ fen, move, reason string }{
		{"m8/4k4/9/9/9/9/R8/9/9/9/3K5/6Y2 w", "a5a0",
			"only supply pieces stand on a supply line; the chariot may go there only to exchange with an enemy supply piece (both leave)"},
		{"9/1n2k4/9/9/9/9/1RR6/9/9/9/3K5/G8 w", "c5c10",
			"your oil (油) is lost: your chariots may not enter the enemy bottom line, except to exchange with an enemy piece there (both leave)"},
		{"9/3k5/9/9/9/9/9/9/9/4K4/9/9 w", "e2e1", "your cloth (布) is lost: your general may not go back onto your bottom line"},
		{"9/4k4/9/9/9/9/9/9/9/9/3K5/2F6 w", "c0a0", "a fodder does not move like that"},
	} {
		checkRefusal(t, mustPosition(t, v, c.fen), c.move, c.reason)
	}
}

func TestSupplyRandomGames(t *testing.T) {
	v := mustVariant(t, "supply")
	games, plies := 6, 200
	if small() {
		games, plies = 2, 60
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(2000+g)), plies)
	}
	// Supply pieces in reach, some already lost.
	randomGameFrom(t, v, "m3t4/r1bak4/4n4/2c6/p1p1p3p/5R3/9/P3P1P1P/1C2B4/4C4/4KAB1R/G3T1Y2 w - - 0 1", newRand(20), plies)
}

// supplyRef is supply.md for the reference generator.
func supplyRef() refRules {
	lost := func(p *refPos, red bool, letter byte) bool {
		r := 0
		if !red {
			r, letter = 11, letter|0x20
		}
		for f := 0; f < 9; f++ {
			if p.at(f, r) == letter {
				return false
			}
		}
		return true
	}
	keepers := map[byte]byte{'P': 'G', 'N': 'F', 'R': 'Y', 'C': 'M', 'K': 'T'}
	return refRules{king: 'K',
		gen: func(p *refPos, f, r int) [][2]int {
			c := p.at(f, r)
			red := isRed(c)
			rel := func(y int) int {
				if red {
					return y
				}
				return 11 - y
			}
			palace := func(x, y int) bool { return x >= 3 && x <= 5 && rel(y) >= 1 && rel(y) <= 3 }
			switch c | 0x20 {
			case 'k':
				return refStep(p, f, r, refOrth, palace)
			case 'a':
				return refStep(p, f, r, refDiag4, palace)
			case 'b':
				return refDiag(p, f, r, 2, func(_, y int) bool { return rel(y) >= 1 && rel(y) <= 5 })
			case 'r':
				return refRide(p, f, r, refOrth, nil)
			case 'c':
				return refCannon(p, f, r, refOrth, nil)
			case 'n':
				return refLame(p, f, r, 1, 2, nil)
			case 'p':
				return refSoldier(p, f, r, func(_, y int) bool { return rel(y) >= 6 })
			case 'g', 'f', 't', 'y', 'm':
				return refStep(p, f, r, [][2]int{{1, 0}, {-1, 0}}, nil)
			}
			panic("supply ref: no piece " + string(c))
		},
		classify: func(p *refPos, m refMove) int {
			c, t := p.at(m.f0, m.r0), p.at(m.f1, m.r1)
			red := isRed(c)
			up := byte(unicode.ToUpper(rune(c)))
			if strings.IndexByte("GFTYM", up) >= 0 {
				if t != 0 {
					return refDrop
				}
				return refNormal
			}
			if m.r1 == 0 || m.r1 == 11 {
				if t != 0 {
					return refExchange
				}
				return refDrop
			}
			if k, ok := keepers[up]; ok && lost(p, red, k) {
				line := 10 // the enemy bottom line
				if red == (up == 'K') {
					line = 1
				}
				if m.r1 == line && m.r0 != line {
					if t != 0 && up != 'K' {
						return refExchange
					}
					return refDrop
				}
			}
			return refNormal
		}}
}

func TestSupplyPerft(t *testing.T) {
	v := mustVariant(t, "supply")
	depth := 2
	if small() {
		depth = 1
	}
	for _, fen := range []string{
		"m3t4/r1bak4/4n4/2c6/p1p1p3p/5R3/9/P3P1P1P/1C2B4/4C4/4KAB1R/G3T1Y2 w",
		"m8/4k4/9/9/9/9/R8/9/9/9/3K5/6Y2 w",
		"9/1n2k4/9/9/9/9/1RR6/9/9/9/3K5/G8 w",
		"2y6/2P1k4/9/9/9/9/9/9/9/9/3K5/9 w",
		"9/r3k4/9/n8/9/9/C6C1/9/9/9/3K5/9 w",
		"9/3ak4/9/2N6/9/9/9/9/9/9/3K5/9 w",
		"g1f6/2ba1k3/2P3P2/1N2b4/4C4/9/9/4r4/4c4/4n4/3AK4/3Y1M3 w"} {
		p := mustPosition(t, v, fen)
		refCheck(t, supplyRef(), p.Perft(depth+1), fen, 9, 12, depth+1)
	}
}

// TestBoardOptions: fuhe on the board variants uses their corner points (supply's
// moved up with its board); the house rules are refused.
func TestBoardOptions(t *testing.T) {
	reg := testRegistry()
	for slug, want := range map[string]string{"weiguo": "a2/i2", "bianfang": "a2/i2", "jianghe": "a2/i2", "supply": "a3/i3", "jianshou": "a2/i2", "yunduan": "a2/j2"} {
		v, err := reg.Build(slug, []string{"fuhe"})
		if err != nil {
			t.Errorf("%s fuhe: %v", slug, err)
			continue
		}
		if !strings.Contains(v.Summary, "("+want+" for Red") {
			t.Errorf("%s fuhe: corner points not %s: %s", slug, want, v.Summary)
		}
		if _, err := reg.Build(slug, []string{"kill-horse"}); err == nil || !strings.Contains(err.Error(), "house rule of xiangqi") {
			t.Errorf("%s kill-horse: %v", slug, err)
		}
	}
}
