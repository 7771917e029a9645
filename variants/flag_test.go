package variants

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// outcome checks how the game ended.
func outcome(over, draw bool, winner rules.Side, reason rules.Reason) func(t *testing.T, g *rules.Game) {
	return func(t *testing.T, g *rules.Game) {
		t.Helper()
		o := g.Outcome()
		if o.Over != over || (over && (o.Draw != draw || o.Reason != reason || (!draw && o.Winner != winner))) {
			t.Errorf("outcome %+v, want over=%v draw=%v winner=%v reason=%s", o, over, draw, winner, reason)
		}
	}
}

// TestHouseFlag is house-rules.md rule 3 (解將旗), with heshan.md's flag cases
// on the mountain board.
func TestHouseFlag(t *testing.T) {
	const f31 = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1 flags=0,21"
	runHouseCases(t, []houseCase{
		{id: "3.1", opts: "flag", fen: f31, pre: "a8a9 F+e9e8 a9a8 F+e8e9", check: fenHas("flags=0,23", rules.Red)},
		{id: "3.1 in check", opts: "flag", fen: f31, pre: "a8a9", inCheck: true, legal: "F+e9e8 e9e8", illegal: "F+e9f9 FF"},
		{id: "3.1 start field", opts: "flag", check: fenHas("flags=0,21", rules.Red)},
		{id: "3.2", opts: "flag", fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 flags=0,21",
			pre: "h2e2", legal: "h9g7", illegal: "F+h9g7", refuse: "F+h9g7",
			reason: "your flag steps along with a move (F+) only when you are in check at the start of your turn; play h9g7 without F+"},
		{id: "3.3", opts: "flag", fen: "3k5/9/9/9/9/9/9/9/9/r3K4 w - - 0 1 flags=20,21", inCheck: true, legal: "F+e0e1",
			pre: "", check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "F+e0e1")
				outcome(true, false, rules.Red, rules.ReasonVariantGoal)(t, g)
			}},
		{id: "3.4", opts: "flag", fen: "3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1 flags=20,21", pre: "FF", check: fenHas("flags=20,23", rules.Red)},
		{id: "3.4 red may not", opts: "flag", fen: "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1 flags=20,21", illegal: "FF", refuse: "FF",
			reason: "FF moves your flag two cells only when the enemy flag stands right behind it (your flag is on cell 20, the enemy's on 21)"},
		{id: "3.5", opts: "flag", fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1 flags=0,21", illegal: "FF"},
		{id: "3.6", opts: "flag", fen: f31, pre: "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9",
			check: outcome(true, true, rules.Red, rules.ReasonRepetition)},
		// FF in check is refused with its reason.
		{id: "FF not in check", opts: "flag", fen: "4k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1 flags=20,21", legal: "FF"},
		{id: "FF in check", opts: "flag", fen: "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1 flags=20,21", inCheck: true, illegal: "FF", refuse: "FF",
			reason: "you are in check: answer it (your flag may step along, F+ and the move); FF is only for a side not in check"},
		// heshan.md 1-3 on the mountain board.
		{id: "heshan 1", opts: "mountain-border flag", fen: "6k4/11/11/11/4r6/11/11/11/11/4K6 w - - 0 1", inCheck: true,
			legal: "F+e0f0 e0f0", illegal: "F+e0e1"},
		{id: "heshan 1 no check", opts: "mountain-border flag", fen: "6k4/11/11/11/11/11/11/11/11/4K6 w - - 0 1", illegal: "F+e0f0"},
		{id: "heshan 2", opts: "mountain-border flag", fen: "6k4/11/11/11/4r6/11/11/11/11/4K6 w - - 0 1 flags=20,21", inCheck: true,
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "F+e0f0")
				outcome(true, false, rules.Red, rules.ReasonVariantGoal)(t, g)
			}},
		{id: "heshan 3", opts: "mountain-border flag", fen: "6k4/11/11/11/11/11/11/11/11/R3K6 b - - 0 1 flags=20,21",
			pre: "FF", check: fenHas("flags=20,23", rules.Red)},
		{id: "heshan 3 red", opts: "mountain-border flag", fen: "6k4/11/11/11/11/11/11/11/11/R3K6 w - - 0 1 flags=20,21", illegal: "FF"},
		{id: "heshan 3 in check", opts: "mountain-border flag", fen: "6k4/11/11/11/11/11/11/11/11/4K1R4 b - - 0 1 flags=20,21",
			inCheck: true, illegal: "FF"},
	})
}

// TestFlagFEN: bad flags= fields are refused with what to write instead.
func TestFlagFEN(t *testing.T) {
	v := houseVariant(t, "flag")
	for _, bad := range []string{"flags=0", "flags=0,42", "flags=3,3", "flags=a,b"} {
		_, err := rules.NewPosition(v, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 "+bad)
		if err == nil || !strings.Contains(err.Error(), "flags=") {
			t.Errorf("%s: err = %v", bad, err)
		}
	}
}

// flagPerft is perft of xiangqi with the flag, played out on plain xiangqi: a
// side in check has every legal move twice (with and without F+), and FF is
// added where the side to move is not in check and the enemy flag stands right
// behind its own (cells tracked here). Like the core's perft for every variant
// with goals, it does not stop where a flag takes the other (the game's end is
// Game's business, not the move tree's). It shares no code with the flag module
// but the plain move generator.
func flagPerft(p *rules.Position, cells [2]int, depth int) uint64 {
	s := p.ToMove()
	in := p.InCheck()
	var n uint64
	if !in && cells[s.Other()] == (cells[s]+41)%42 {
		c := cells
		c[s] = (c[s] + 2) % 42
		if depth == 1 {
			n++
		} else {
			p.Make(rules.PassMove)
			n += flagPerft(p, c, depth-1)
			p.Unmake()
		}
	}
	for _, m := range p.LegalMoves(nil) {
		for _, step := range []int{0, 1} {
			if step == 1 && !in {
				continue
			}
			c := cells
			c[s] = (c[s] + step) % 42
			if depth == 1 {
				n++
				continue
			}
			p.Make(m)
			n += flagPerft(p, c, depth-1)
			p.Unmake()
		}
	}
	return n
}

// TestFlagPerftSimulated cross-checks the flag rows of testdata/house-perft.txt.
func TestFlagPerftSimulated(t *testing.T) {
	depth := 4
	if small() {
		depth = 3
	}
	plain := mustXiangqi(t)
	fv := houseVariant(t, "flag")
	for _, c := range []struct {
		fen   string
		cells [2]int
		d     int
	}{
		{"", [2]int{0, 21}, depth},
		{"4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1", [2]int{20, 21}, depth},
		{"r1bakab1r/9/2n1c1n2/p3p1p1p/2p6/6P2/P1P1P3P/2N1C1N2/9/R1BAKAB1R w - - 0 1", [2]int{5, 4}, 3},
	} {
		fen := c.fen
		if fen == "" {
			fen = XiangqiStart
		}
		full := fen + " flags=" + strconv.Itoa(c.cells[0]) + "," + strconv.Itoa(c.cells[1])
		got := mustPosition(t, fv, full).Perft(c.d)
		want := flagPerft(mustPosition(t, plain, fen), c.cells, c.d)
		if got != want {
			t.Errorf("flag perft(%d) of %s = %d, simulated %d", c.d, full, got, want)
		}
		t.Logf("flag perft(%d) %s: %d (plain %d)", c.d, full, got, mustPosition(t, plain, fen).Perft(c.d))
	}
	// On the mountain board, against plain mountain-border.
	mv, mf := houseVariant(t, "mountain-border"), houseVariant(t, "mountain-border flag")
	if got, want := mustPosition(t, mf, mf.StartFEN).Perft(depth), flagPerft(mustPosition(t, mv, mv.StartFEN), [2]int{0, 21}, depth); got != want {
		t.Errorf("mountain-border flag perft(%d) = %d, simulated %d", depth, got, want)
	}
}
