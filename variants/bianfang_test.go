package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

func wins(s rules.Side) func(t *testing.T, g *rules.Game) {
	return func(t *testing.T, g *rules.Game) {
		t.Helper()
		if o := g.Outcome(); !o.Over || o.Draw || o.Winner != s || o.Reason != rules.ReasonVariantGoal {
			t.Errorf("outcome %+v, want a %v win by the goal", o, s)
		}
	}
}

func goesOn(t *testing.T, g *rules.Game) {
	t.Helper()
	if o := g.Outcome(); o.Over {
		t.Errorf("game over (%+v), want it to go on", o)
	}
}

// TestBianfang is bianfang.md "Test cases", one row per case (a win row plays
// the winning move first).
func TestBianfang(t *testing.T) {
	v := mustVariant(t, "bianfang")
	runBoardCases(t, v, []boardCase{
		{n: 1, fen: "4k4/9/9/4p4/9/9/4K4/9/9/9 w", legal: "e3e4 e3d3 e3f3"},
		{n: 2, fen: "4k4/9/9/4p4/9/4K4/9/9/9/9 w", legal: "e4e3", illegal: "e4d4 e4f4 e4e5"},
		{n: 3, fen: "9/9/9/9/4k4/9/3K5/9/9/9 w", legal: "d3d2", illegal: "d3e3 d3d4"},
		{n: 4, fen: "3k5/9/9/9/9/5p3/9/3A5/9/4K4 w", legal: "d2f4 d2e1", illegal: "d2e3 d2c3"},
		{n: 5, fen: "3k5/9/9/9/9/5p3/4P4/3A5/9/4K4 w", illegal: "d2f4"},
		{n: 6, fen: "3k5/9/9/9/9/3A5/9/9/9/4K4 w", legal: "d4f2", illegal: "d4e3 d4c5 d4e5"},
		{n: 7, fen: "4k4/9/9/9/3P2P2/9/9/9/9/3K5 w", legal: "g5f5 g5g6"},
		{n: 7, fen: "4k4/9/9/9/3P2P2/9/9/9/9/3K5 w", pre: "g5f5", check: wins(rules.Red)},
		{n: 7, fen: "4k4/9/9/9/3P2P2/9/9/9/9/3K5 w", pre: "g5g6", check: goesOn},
		{n: 8, fen: "4k4/9/9/9/3P2R2/9/9/9/9/3K5 w", pre: "g5f5", check: goesOn},
		{n: 9, fen: "4k4/9/9/9/3P1aP2/9/9/9/9/3K5 w", pre: "g5f5", check: wins(rules.Red)},
		{n: 10, fen: "4k4/9/9/9/9/3p2p2/9/9/9/3K5 b", legal: "g4f4 g4g3"},
		{n: 10, fen: "4k4/9/9/9/9/3p2p2/9/9/9/3K5 b", pre: "g4f4", check: wins(rules.Black)},
		{n: 10, fen: "4k4/9/9/9/9/3p2p2/9/9/9/3K5 b", pre: "g4g3", check: goesOn},
	})
}

func TestBianfangRefusals(t *testing.T) {
	v := mustVariant(t, "bianfang")
	for _, c := range []struct{ fen, move, reason string }{
		{"3k5/9/9/9/9/5p3/4P4/3A5/9/4K4 w", "d2f4", "the advisor's way on e3 is blocked"},
		{"3k5/9/9/9/9/5p3/9/3A5/9/4K4 w", "d2e3", "an advisor passes e3 on its long step and never stops there"},
		{"4k4/9/9/4p4/9/4K4/9/9/9/9 w", "e4d4", "the general must stay inside its palace"},
		{"9/9/9/9/4k4/9/3K5/9/9/9 w", "d3e3", "the two generals would face each other on an open file"},
	} {
		checkRefusal(t, mustPosition(t, v, c.fen), c.move, c.reason)
	}
	checkRefusal(t, mustPosition(t, v, "4k4/9/3a5/9/9/9/9/9/9/3K5 b"), "d7e6", "an advisor passes e6 on its long step and never stops there")
}

// TestBianfangNotation: the long step in WXF and Chinese is the same move.
func TestBianfangNotation(t *testing.T) {
	v := mustVariant(t, "bianfang")
	p := mustPosition(t, v, "3k5/9/9/9/9/9/9/3A5/4K4/9 w")
	want, err := rules.ParseMove(p, "d2f4")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"A6+4", "仕六進四", "K5+1"} {
		m, err := rules.ParseMove(p, text)
		if text == "K5+1" {
			if err != nil || rules.FormatCoord(p, m) != "e1e2" {
				t.Errorf("%s = %v, %v", text, m, err)
			}
			continue
		}
		if err != nil || m != want {
			t.Errorf("%s = %v, %v; want d2f4", text, m, err)
		}
	}
}

// bianfangRef is bianfang.md for the reference generator.
func bianfangRef() refRules {
	kingPts := func(black bool) func(f, r int) bool {
		return func(f, r int) bool {
			if black {
				f, r = 8-f, 9-r
			}
			return f >= 3 && f <= 5 && r <= 3 || f == 4 && r == 4
		}
	}
	palace := func(black bool) func(f, r int) bool {
		return func(f, r int) bool {
			if black {
				f, r = 8-f, 9-r
			}
			return f >= 3 && f <= 5 && r <= 2
		}
	}
	return refRules{king: 'K', gen: func(p *refPos, f, r int) [][2]int {
		c := p.at(f, r)
		if out, ok := refStandard(p, f, r); ok {
			return out
		}
		black := !isRed(c)
		switch c | 0x20 {
		case 'k':
			return refStep(p, f, r, refOrth, kingPts(black))
		case 'a':
			out := refStep(p, f, r, refDiag4, palace(black))
			ends := map[[2]int][2]int{{3, 2}: {5, 4}, {5, 2}: {3, 4}, {5, 4}: {3, 2}, {3, 4}: {5, 2}}
			from := [2]int{f, r}
			if black {
				from = [2]int{8 - f, 9 - r}
			}
			if to, ok := ends[from]; ok {
				if black {
					to = [2]int{8 - to[0], 9 - to[1]}
				}
				if p.at((f+to[0])/2, (r+to[1])/2) == 0 {
					out = append(out, to)
				}
			}
			return out
		case 'b':
			own := func(_, y int) bool { return (y <= 4) == !black }
			return refDiag(p, f, r, 2, own)
		}
		panic("bianfang ref: no piece " + string(c))
	}}
}

func TestBianfangPerft(t *testing.T) {
	v := mustVariant(t, "bianfang")
	depth := 2
	if small() {
		depth = 1
	}
	for _, fen := range []string{
		"rnb1kab1r/4a4/1c2n2c1/p1p1p1p1p/3P5/9/P1P3P1P/1C2B2C1/3KA4/RN1A2BNR w",
		"3k5/4a4/9/9/9/3A1pP2/4K4/9/9/9 b",
		"9/9/9/9/4k4/3A5/3K5/5A3/9/9 w"} {
		p := mustPosition(t, v, fen)
		refCheck(t, bianfangRef(), p.Perft(depth), fen, 9, 10, depth)
	}
}

func TestBianfangRandomGames(t *testing.T) {
	v := mustVariant(t, "bianfang")
	games, plies := 6, 150
	if small() {
		games, plies = 2, 40
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(1800+g)), plies)
	}
}
