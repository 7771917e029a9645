package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

func shenniuVariant(t testing.TB) *rules.Variant {
	t.Helper()
	v, ok := testRegistry().Get("shenniu")
	if !ok {
		t.Fatal("shenniu is not registered")
	}
	return v
}

// boardHas checks the board part of the game's FEN.
func boardHas(board string) func(t *testing.T, g *rules.Game) {
	return func(t *testing.T, g *rules.Game) {
		t.Helper()
		if got, _, _ := strings.Cut(g.Position().FEN(), " "); got != board {
			t.Errorf("board %s, want %s", got, board)
		}
	}
}

// TestShenniu is every test case of rules/shenniu.md, one row each. Row 2 puts
// a Red soldier on a2, where no soldier can stand: a Red chariot blocks a2
// instead (docs/variants/shenniu.md).
func TestShenniu(t *testing.T) {
	runSpecCases(t, shenniuVariant(t), []specCase{
		{id: "1 palace", fen: "5k3/9/9/9/9/9/9/3A5/3K5/9 w - - 0 1", legal: "d1c1 d1d0 d2c1 d2e1"},
		{id: "1 palace lines", fen: "5k3/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1", illegal: "e1c1 d0c1 d0c0"},
		{id: "1 advisor on a side point", fen: "5k3/9/9/9/9/9/9/9/2A6/4K4 w - - 0 1", legal: "c1d0 c1d2", illegal: "c1b0 c1b2 c1d1"},
		{id: "2 ox move", fen: "5k3/9/9/9/9/9/9/R8/O7O/3K5 w - - 0 1", legal: "a1b3&i1h4 a1c2&i1h4 a1b4&i1h3",
			illegal: "a1b3&i1h3 a1b3 a1a2&i1h4", refuse: "a1b3&i1h3",
			reason: "one ox makes a 日 leap (one and two points) and the other a 目 leap (one and three points)"},
		{id: "2 one ox alone", fen: "5k3/9/9/9/9/9/9/R8/O7O/3K5 w - - 0 1", refuse: "a1b3",
			reason: "both oxen move in one turn: write both legs joined by &, one 日 and one 目 leap, like a1b3&i1h4"},
		{id: "2 the other order", fen: "5k3/9/9/9/9/9/9/R8/O7O/3K5 w - - 0 1",
			check: func(t *testing.T, g *rules.Game) {
				a, err1 := rules.ParseMove(g.Position(), "i1h4&a1b3")
				b, err2 := rules.ParseMove(g.Position(), "a1b3&i1h4")
				if err1 != nil || err2 != nil || a != b {
					t.Errorf("i1h4&a1b3 = %v, %v; a1b3&i1h4 = %v, %v", a, err1, b, err2)
				}
			}},
		{id: "3 flank capture", fen: "5k3/9/9/9/4r4/9/6O2/2O6/9/3K5 w - - 0 1", legal: "c2d4&g3f6",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "c2d4&g3f6")
				boardHas("5k3/9/9/5O3/9/3O5/9/9/9/3K5")(t, g)
			}},
		{id: "4 ox check", fen: "4k4/9/2O6/6O2/9/9/9/9/9/3K5 b - - 0 1", inCheck: true, legal: "e9e8 e9f9", illegal: "e9d9"},
		{id: "5 order", fen: "5k3/9/9/9/9/9/1O7/9/O8/3K5 w - - 0 1", legal: "b3c6&a1b3", illegal: "a1b3&b3c5 a1b3&b3c6"},
		{id: "6 both oxen lost", fen: "5k3/9/9/9/r8/9/9/9/O7O/4K4 b - - 0 1", legal: "a5a1",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "a5a1")
				boardHas("5k3/9/9/9/9/9/9/9/r8/4K4")(t, g)
			}},
		// A piece that steps between the oxen itself is safe; the oxen must
		// re-form the flank to take it.
		{id: "stepping between is safe", fen: "5k3/9/9/9/9/1r7/9/9/9/O1O1K4 b - - 0 1",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "b4b0")
				boardHas("5k3/9/9/9/9/9/9/9/9/OrO1K4")(t, g)
			}},
		// Flanking an enemy ox takes both enemy oxen.
		{id: "flanking an ox", fen: "5k3/9/9/9/9/9/2o1o4/9/4O4/O2K5 w - - 0 1",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "a0b3&e1d3")
				boardHas("5k3/9/9/9/9/9/1O1O5/9/9/3K5")(t, g)
			}},
	})
}

// TestShenniuFEN: a side has both oxen or none.
func TestShenniuFEN(t *testing.T) {
	_, err := rules.NewPosition(shenniuVariant(t), "5k3/9/9/9/9/9/9/9/O8/3K5 w - - 0 1")
	if err == nil || !strings.Contains(err.Error(), "one ox") {
		t.Errorf("a lone ox: err = %v", err)
	}
}

// TestShenniuRandomGames: make/unmake exact, hash equal to the FEN read back,
// every legal move read back from its text, no panic.
func TestShenniuRandomGames(t *testing.T) {
	playRandomGames(t, shenniuVariant(t), 900, 6, 200)
}

// TestShenniuPerft records the start perft: 50 at depth 1 (xiangqi's 44 less
// the chariots' four steps the oxen block, plus the advisors' d0c1 and f0g1,
// plus 8 ox moves: a1 has 日 b3 c2 and 目 b4 d2, i1 日 h3 g2 and 目 h4 f2, so
// 2×2 + 2×2), cross-checked with the independent generator of
// shenniu_ref_test.go.
func TestShenniuPerft(t *testing.T) {
	checkPerft(t, shenniuVariant(t), ShenniuStart, []uint64{50, 2462, 124228})
}
