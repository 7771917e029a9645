package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

func shanheVariant(t testing.TB) *rules.Variant {
	t.Helper()
	v, ok := testRegistry().Get("shanhe")
	if !ok {
		t.Fatal("shanhe is not registered")
	}
	return v
}

// TestShanhe is every test case of rules/shanhe.md, one row each (with and
// without the 御 where the spec says so).
func TestShanhe(t *testing.T) {
	const (
		bound  = "your general is bound: an enemy piece stands on your function point f3"
		needs  = "that needs the boost: your own piece on your function point f3 (while you have a 御)"
		counts = "that needs the boost, and your piece on f3 counts only while you still have a 御"
	)
	runSpecCases(t, shanheVariant(t), []specCase{
		{id: "1 king boost", fen: "4k6/11/11/11/11/11/5P5/11/11/Y4K5 w - - 0 1", legal: "f0f2 f0f1", illegal: "f0e0"},
		{id: "1 without the 御", fen: "4k6/11/11/11/11/11/5P5/11/11/5K5 w - - 0 1", legal: "f0f1", illegal: "f0f2",
			refuse: "f0f2", reason: counts},
		{id: "1 no piece on f3", fen: "4k6/11/11/11/11/11/11/11/11/Y4K5 w - - 0 1", illegal: "f0f2", refuse: "f0f2", reason: needs},
		{id: "2 king bound", fen: "y3k6/11/11/11/11/11/5n5/11/11/Y4K5 w - - 0 1", illegal: "f0f1 f0g0",
			refuse: "f0g0", reason: bound},
		{id: "2 without the black 御", fen: "4k6/11/11/11/11/11/5n5/11/11/Y4K5 w - - 0 1", legal: "f0f1 f0g0"},
		{id: "3 bound king mated", fen: "y3k6/11/11/11/11/11/5r5/11/11/Y4K5 w - - 0 1", inCheck: true, illegal: "f0g0 f0e0 a0b0",
			check: func(t *testing.T, g *rules.Game) {
				if len(g.Position().LegalMoves(nil)) != 0 {
					t.Errorf("legal moves %v, want none", legalTexts(g.Position()))
				}
				outcome(true, false, rules.Black, rules.ReasonCheckmate)(t, g)
			}},
		{id: "3 without the black 御", fen: "4k6/11/11/11/11/11/5r5/11/11/Y4K5 w - - 0 1", inCheck: true, legal: "f0g0", illegal: "f0e0"},
		{id: "4 advisor boost", fen: "4k6/11/11/11/11/11/7P3/11/11/Y3AK5 w - - 0 1", legal: "e0g2 e0f1"},
		{id: "4 without the 御", fen: "4k6/11/11/11/11/11/7P3/11/11/4AK5 w - - 0 1", legal: "e0f1", illegal: "e0g2"},
		{id: "5 elephant boost", fen: "4k6/11/11/11/11/11/3P7/11/11/Y2B1K5 w - - 0 1", legal: "d0h4 d0d4 d0h0 d0f2"},
		{id: "5 without the 御", fen: "4k6/11/11/11/11/11/3P7/11/11/3B1K5 w - - 0 1", legal: "d0f2", illegal: "d0h4 d0d4"},
		{id: "6 elephants bound", fen: "y3k6/11/11/11/11/11/3p7/11/11/Y2B1K5 w - - 0 1", illegal: "d0f2 d0b2",
			refuse: "d0f2", reason: "your elephants are bound: an enemy piece stands on your function point d3"},
		{id: "7 御", fen: "4k6/11/11/11/11/11/11/11/11/Yr3K5 w - - 0 1", inCheck: true, legal: "a0b0 f0f1", illegal: "a0a1"},
		// The 10th palace point: the general reaches f3 from f2, advisors from e2 and g2.
		{id: "palace point", fen: "4k6/11/11/11/11/11/11/6A4/5K5/11 w - - 0 1", legal: "f1f2 f1g1 g2f3", illegal: "g2h3 f1e1"}, // f1e1 faces e9,
		{id: "general on f3 boosts itself", fen: "4k6/11/11/11/11/11/5K5/11/11/Y10 w - - 0 1", legal: "f3f1 f3f2"},
		// Elephant double steps need both eyes and the point between empty,
		// never end on the start, and capture only on the final point.
		{id: "elephant blocked", fen: "4k6/11/11/11/11/11/3P7/11/4p6/Y2B1K5 w - - 0 1", legal: "d0b2 d0d4", illegal: "d0h4 d0h0 d0f2 d0d0"},
		{id: "elephant captures at the end", fen: "4k6/11/11/11/7p3/11/3P7/11/11/Y2B1K5 w - - 0 1", legal: "d0h4"},
		// A horse never lands on a corner; a chariot reaches it along the base line.
		{id: "corners", fen: "4k6/11/11/11/11/11/11/11/2N8/1R3K5 w - - 0 1", legal: "b0a0", illegal: "c1a0"},
	})
}

// TestShanheRandomGames: make/unmake exact, hash equal to the FEN read back,
// every legal move read back from its text, no panic.
func TestShanheRandomGames(t *testing.T) {
	playRandomGames(t, shanheVariant(t), 1100, 6, 200)
}

// TestShanhePerft records the start perft: 51 at depth 1 (xiangqi's 44 plus the
// boosts the own soldiers on d3 f3 h3 give at once: f0f2, e0g2, g0e2, d0d4,
// d0h4, h0d4, h0h4), cross-checked in TestShanheRefPerft.
func TestShanhePerft(t *testing.T) {
	checkPerft(t, shanheVariant(t), ShanheStart, []uint64{51, 2579, 123230})
}
