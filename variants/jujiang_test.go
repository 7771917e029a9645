package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestJujiang is jujiang.md "Test cases", one row per case.
func TestJujiang(t *testing.T) {
	v := mustVariant(t, "jujiang")
	runBoardCases(t, v, []boardCase{
		{n: 1, fen: JujiangStart, legal: "a4c4", illegal: "a4b4 a4a6 a4a2",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "a4c4")
				checkMoves(t, g.Position(), "l4j4", "l4k4 l4l6")
				p := g.Position()
				for _, sq := range []string{"c4", "d4", "c5", "d5"} {
					pieceAt(t, p, sq, "G")
				}
				for _, sq := range []string{"a4", "b4", "a5", "b5"} {
					pieceAt(t, p, sq, "")
				}
			}},
		{n: 2, fen: "5k7/13/2nc9/2p10/2GG9/2GG9/13/13/13/6K6 w", legal: "c4c6 c4e4 c4a4 c4c2",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "c4c6")
				p := g.Position()
				for _, sq := range []string{"c6", "d6", "c7", "d7"} {
					pieceAt(t, p, sq, "G")
				}
				for _, sq := range []string{"c4", "d4", "c5", "d5"} {
					pieceAt(t, p, sq, "")
				}
				if got, want := p.FEN(), "5k7/13/2GG9/2GG9/13/13/13/13/13/6K6 b - - 0 1"; got != want {
					t.Errorf("after c4c6: %s, want %s", got, want)
				}
			}},
		{n: 3, fen: "5k7/13/13/3P9/2GG9/2GG9/13/13/13/6K6 w", legal: "c4e4", illegal: "c4c6",
			check: func(t *testing.T, g *rules.Game) {
				checkRefusal(t, g.Position(), "c4c6", "the giant's new block holds your own soldier on d6")
			}},
		{n: 4, fen: "5k7/13/13/2p10/2GG9/2GG9/13/13/13/6K6 b", legal: "c6c5",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "c6c5")
				p := g.Position()
				pieceAt(t, p, "c5", "p")
				for _, sq := range []string{"c4", "d4", "d5"} {
					pieceAt(t, p, sq, "")
				}
			}},
		{n: 5, fen: "5k7/13/3gg8/3gg8/2GG9/2GG9/13/13/13/6K6 w", legal: "c4c6",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "c4c6")
				p := g.Position()
				for _, sq := range []string{"c6", "d6", "c7", "d7"} {
					pieceAt(t, p, sq, "G")
				}
				pieceAt(t, p, "e6", "")
				pieceAt(t, p, "e7", "")
				if got := p.FEN(); got != "5k7/13/2GG9/2GG9/13/13/13/13/13/6K6 b - - 0 1" {
					t.Errorf("after c4c6: %s", got)
				}
			}},
		{n: 6, fen: "6k6/13/6GG5/6GG2r2/13/13/13/13/13/5K7 b", legal: "k6h6", illegal: "g9f9 g9g8 k6k5",
			check: func(t *testing.T, g *rules.Game) {
				if !g.Position().InCheck() {
					t.Error("Black should be in check from the giant on g6")
				}
				checkRefusal(t, g.Position(), "g9f9", "the two generals would face each other on an open file")
				playAll(t, g, "k6h6")
				p := g.Position()
				pieceAt(t, p, "h6", "r")
				for _, sq := range []string{"g6", "g7", "h7"} {
					pieceAt(t, p, sq, "")
				}
			}},
		{n: 7, fen: "5k7/13/13/13/6R6/13/2N10/2B10/13/6K6 w", legal: "c3b5 c2e4 g5a5", illegal: "c3a4 c2a4",
			check: func(t *testing.T, g *rules.Game) {
				checkRefusal(t, g.Position(), "c3a4", "the horse's leg would be b3, which is not a point of this board")
				checkRefusal(t, g.Position(), "c2a4", "the elephant's eye would be b3, which is not a point of this board")
			}},
	})
}

// TestJujiangRefusals: a refused giant move is explained in the giant's terms.
func TestJujiangRefusals(t *testing.T) {
	v := mustVariant(t, "jujiang")
	for _, c := range []struct{ fen, move, reason string }{
		{JujiangStart, "a4b4", "the giant shifts its whole block exactly two points left, right, up or down onto the next block (a4c4)"},
		{JujiangStart, "a4a6", "there is no point a6 on this board"},
		{"5k7/13/13/2GG9/2GG9/13/13/13/13/6K6 w", "c5a5", "the giant's new block would need the point a6, which is not on this board"},
		// The chariot on g5 checks the general on g0; the giant's shift does
		// not block the file.
		{"6k6/13/13/13/6r6/13/13/2GG9/2GG9/6K6 w", "c1e1", "you are in check, and this shift does not answer it"},
		// The giant on g1 blocks that file; leaving it would expose the general.
		{"6k6/13/13/13/6r6/13/13/6GG5/6GG5/6K6 w", "g1e1", "the giant's shift would leave your general in check"},
	} {
		p := mustPosition(t, v, c.fen)
		checkRefusal(t, p, c.move, c.reason)
	}
}

// TestJujiangPerft records the start counts (regressions; the spec gives none).
// Depth 1 by hand: the 44 moves of the standard start and one shift of the
// giant (a4c4): 45.
func TestJujiangPerft(t *testing.T) {
	v := mustVariant(t, "jujiang")
	p := mustPosition(t, v, JujiangStart)
	want := []uint64{1, 45, 2006, 85122}
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

func TestJujiangRandomGames(t *testing.T) {
	v := mustVariant(t, "jujiang")
	games, plies := 6, 150
	if small() {
		games, plies = 2, 40
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(1700+g)), plies)
	}
}

// TestJujiangMaterial: the giant is attacking material; two bare generals
// are a draw.
func TestJujiangMaterial(t *testing.T) {
	v := mustVariant(t, "jujiang")
	if o, over := mustPosition(t, v, "5k7/13/13/13/2GG9/2GG9/13/13/13/6K6 w").Outcome(); over {
		t.Errorf("a giant against a bare general: %+v", o)
	}
	if o, over := mustPosition(t, v, "5k7/13/13/13/13/13/13/13/13/6K6 w").Outcome(); !over || !o.Draw {
		t.Errorf("two bare generals: %+v, want a draw", o)
	}
}
