package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestHouseMountainBorder is house-rules.md rule 9 (河山界), with heshan.md's
// board cases 4-6 and the other options' points shifted one file right.
func TestHouseMountainBorder(t *testing.T) {
	const mb = "mountain-border"
	runHouseCases(t, []houseCase{
		{id: "9.1", opts: mb, legal: "a2a3 a2a6 a2j2", illegal: "a2a4 a2a7"},
		{id: "9.1 chariot", opts: mb, fen: "4k6/11/11/11/11/11/11/R10/11/5K5 w - - 0 1",
			from: "a2", list: "a2a0 a2a1 a2a3 a2a6 a2a7 a2a8 a2a9 a2b2 a2c2 a2d2 a2e2 a2f2 a2g2 a2h2 a2i2 a2j2 a2k2"},
		{id: "9.2", opts: mb, illegal: "a2a7", refuse: "a2a4", reason: "there is no point a4 on this board"},
		{id: "9.3", opts: mb, fen: "4k6/11/11/11/11/11/11/1B9/11/5K5 w - - 0 1", from: "b2", list: "b2a3 b2d0 b2d4", illegal: "b2a1"},
		{id: "9.4", opts: mb, fen: "4k6/11/11/11/11/11/11/11/11/3B1K5 w - - 0 1", legal: "d0a3 d0b2 d0f2"},
		{id: "9.5", opts: mb, fen: "4k6/11/11/11/11/11/N10/11/11/5K5 w - - 0 1", legal: "a3b1 a3c2 a3c4", illegal: "a3b5 a3b7"},
		{id: "9.6", opts: mb, fen: "4k6/11/11/1P9/11/11/11/11/11/5K5 w - - 0 1", legal: "b6a6 b6b7 b6c6"},
		{id: "9.7", opts: mb, fen: "4k6/11/11/11/1P9/11/11/11/11/5K5 w - - 0 1", legal: "b5b6 b5c5", illegal: "b5a5"},
		// A soldier on the enemy mountain keeps going forward, never back through the pass.
		{id: "mountain soldier", opts: mb, fen: "4k6/11/11/P10/11/11/11/11/11/5K5 w - - 0 1", from: "a6", list: "a6a7 a6b6"},
		// A cannon's screen and target may lie across the pass.
		{id: "pass cannon screen", opts: mb, fen: "4k6/11/11/11/11/11/p10/C10/11/5K5 w - - 0 1", illegal: "a2a3 a2a6"},
		{id: "pass cannon capture", opts: mb, fen: "4k6/11/11/r10/11/11/p10/C10/11/5K5 w - - 0 1", legal: "a2a6"},
		{id: "pass chariot capture", opts: mb, fen: "4k6/11/11/n10/11/11/11/R10/11/5K5 w - - 0 1", legal: "a2a6", illegal: "a2a7"},
		// heshan.md 4-6.
		{id: "heshan 4", opts: mb, fen: "6k4/11/11/11/11/11/11/1n9/2N8/3BK6 w - - 0 1", legal: "d0a3 d0f2", illegal: "d0b2"},
		{id: "heshan 5", opts: mb, fen: "6k4/11/11/11/11/11/10r/9B1/11/4K2B3 w - - 0 1", legal: "h0k3 j2k3"},
		{id: "heshan 6", opts: mb, legal: "a2a6 a2a0 a2b2", illegal: "a2a7"},
		{id: "elephant a3 back", opts: mb, fen: "4k6/11/11/11/11/11/B10/11/11/5K5 w - - 0 1", from: "a3", list: "a3b2 a3d0"},
		{id: "black elephant k6", opts: mb, fen: "4k6/11/11/10b/11/11/11/11/11/5K5 b - - 0 1", from: "k6", list: "k6h9 k6j7"},
		// Kill-horse: no effect (no cannon can take a horse on move 1).
		{id: "1 with 9", opts: mb + " kill-horse", pre: "a2a3", check: fenHas("", rules.Black)},
		// Points named by the other rules move one file right.
		{id: "7.1 with 9", opts: mb + " palace-strategy", fen: "5k5/11/11/11/11/11/11/11/4K6/7BN2 w - - 0 1", legal: "i0g1"},
		{id: "7.1 with 9, d0", opts: mb + " palace-strategy", fen: "5k5/11/11/11/11/11/11/11/11/4K2BN2 w - - 0 1", illegal: "i0g1"},
		{id: "8.4 with 9", opts: mb + " revive-pawn", fen: "5k5/11/11/11/5p5/11/1P1P1R1P1P1/11/11/5K5 w - - 0 1",
			pre: "f3f5 f9e9", legal: "P@f3", illegal: "P@e3"},
		{id: "4.1 with 9", opts: mb + " river-elephant", fen: "5k5/11/11/11/11/11/11/5B5/11/4K6 w - - 0 1",
			from: "f2", list: "f2d0 f2h0 f2d4 f2h4 f2d5 f2h5"},
		{id: "4 a3 does not cross", opts: mb + " river-elephant", fen: "5k5/11/11/11/11/11/B10/11/11/4K6 w - - 0 1",
			from: "a3", list: "a3b2 a3d0"},
		{id: "2.1 with 9", opts: mb + " palace-cannon", fen: "5k5/11/11/11/11/11/11/11/4K6/5C5 w - - 0 1",
			pre: "e1f1", inCheck: true, check: func(t *testing.T, g *rules.Game) {
				if g.Position().HasLegalMove() {
					t.Errorf("black should be mated by the palace cannon")
				}
			}},
	})
}

// TestMountainOrder: mountain-border changes the board, so it is applied first
// whatever its place in the list, and twice is refused.
func TestMountainOrder(t *testing.T) {
	a := houseVariant(t, "revive-pawn mountain-border")
	b := houseVariant(t, "mountain-border revive-pawn")
	if a.Slug != b.Slug || a.StartFEN != b.StartFEN || a.Board.Width != 11 {
		t.Errorf("order changes the game: %s %s / %s %s", a.Slug, a.StartFEN, b.Slug, b.StartFEN)
	}
	if _, err := testRegistry().Build("xiangqi", []string{"mountain-border", "mountain-border"}); err == nil {
		t.Error("mountain-border twice accepted")
	}
	if _, err := testRegistry().Build("jinchan", []string{"mountain-border"}); err == nil || !strings.Contains(err.Error(), "house rule of xiangqi") {
		t.Errorf("jinchan mountain-border: %v", err)
	}
}
