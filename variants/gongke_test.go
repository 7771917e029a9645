package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestGongke is gongke.md "Test cases", one row per case.
func TestGongke(t *testing.T) {
	v := mustVariant(t, "gongke")
	runBoardCases(t, v, []boardCase{
		{n: 1, fen: "11/11/6k4/11/11/11/3G7/11/11/11/4K6/11 w", legal: "d5c6 d5e6 d5c4 d5e4", illegal: "d5d6 d5f7"},
		{n: 2, fen: "11/11/6k4/11/6n4/3p1p5/11/3P7/2G8/11/4K6/11 w", legal: "c3e5 c3c7 c3g7 c3b2 c3b4", illegal: "c3h8 c3d4",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "c3g7")
				p := g.Position()
				pieceAt(t, p, "g7", "G")
				pieceAt(t, p, "d6", "p")
				pieceAt(t, p, "f6", "p")
			}},
		// The spec's row has a black soldier on e6, where no soldier can stand
		// (docs/variants/gongke.md, Decisions): a horse stands there instead.
		{n: 3, fen: "11/11/6k4/11/5r5/4n6/3G7/11/11/11/4K6/11 w", legal: "d5f7 d5c6", illegal: "d5e6",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "d5f7")
				pieceAt(t, g.Position(), "f7", "G")
			}},
		{n: 4, fen: "11/5P5/11/6k4/11/11/11/11/11/3R7/4K6/11 w", legal: "f10f11 d2d11", illegal: "d2d0",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "f10f11 g8g9")
				checkMoves(t, g.Position(), "", "f11e11 f11g11")
				checkRefusal(t, g.Position(), "f11e11", "that piece is frozen on the enemy last-defense line for the rest of the game")
			}},
		{n: 5, fen: "3RPNP4/7P3/11/6k4/11/11/11/11/11/11/4K6/11 w", legal: "h10h11",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "h10h11")
				if o := g.Outcome(); !o.Over || o.Winner != rules.Red || o.Reason != rules.ReasonVariantGoal {
					t.Errorf("outcome %+v, want a Red win by the goal", o)
				}
			}},
		{n: 6, fen: "7P3/11/6k4/11/11/11/7r3/11/11/11/4K6/11 b", legal: "h5h10", illegal: "h5h11",
			check: func(t *testing.T, g *rules.Game) {
				checkRefusal(t, g.Position(), "h5h11", "your pieces never enter your own last-defense line, not even to capture")
			}},
		{n: 7, fen: "5R5/5k5/11/11/11/11/11/11/11/11/4K6/11 b", legal: "f10f9 f10g10", illegal: "f10e10",
			check: func(t *testing.T, g *rules.Game) {
				if g.Position().InCheck() {
					t.Error("a frozen chariot gives no check")
				}
			}},
		{n: 8, fen: "11/5r5/4G6/5k5/11/11/11/11/11/11/4K6/11 w", legal: "e9g11 e9d10 e9g7", illegal: "e9f8",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "e9g11 f10f9")
				checkMoves(t, g.Position(), "", "g11f10 g11h10")
			}},
		{n: 9, fen: "11/11/6k4/11/11/11/11/11/11/4G6/5K5/11 w", legal: "e2d1 e2d3", illegal: "e2g0"},
	})
}

// TestGongkeGazelleChecks: a gazelle's chain gives check, and the king must
// answer it.
func TestGongkeGazelleChecks(t *testing.T) {
	v := mustVariant(t, "gongke")
	// Red gazelle c5 jumps the horse d6 to e7, then the chariot f8 onto the
	// king on g9.
	p := mustPosition(t, v, "11/11/6k4/5r5/11/3n7/2G8/11/11/11/4K6/11 b")
	if !p.InCheck() {
		t.Errorf("Black should be in check from the gazelle chain: %s", p.FEN())
	}
}

// TestGongkePerft records the start counts (regressions; the spec gives none).
// Depth 1 by hand: the 44 moves of the standard start, plus b1a1 j1k1 for the
// chariots, and for each gazelle a step (a3b2) and three chain jumps over the
// soldiers (a3c5 over b4, a3e3 on over d4, a3g5 on over f4): 54.
func TestGongkePerft(t *testing.T) {
	v := mustVariant(t, "gongke")
	p := mustPosition(t, v, GongkeStart)
	want := []uint64{1, 54, 2900, 150320}
	depth := 3
	if small() {
		depth = 2
	}
	for d := 1; d <= depth; d++ {
		if got := p.Perft(d); got != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d])
		}
	}
}

func TestGongkeRandomGames(t *testing.T) {
	v := mustVariant(t, "gongke")
	games, plies := 6, 150
	if small() {
		games, plies = 2, 40
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(1900+g)), plies)
	}
}
