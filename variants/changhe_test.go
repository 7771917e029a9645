package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// checkOutcome fails unless the game is over with winner w and reason r.
func checkOutcome(t *testing.T, g *rules.Game, w rules.Side, r rules.Reason) {
	t.Helper()
	if o := g.Outcome(); !o.Over || o.Draw || o.Winner != w || o.Reason != r {
		t.Errorf("outcome %+v, want a %v win by %s", o, w, r)
	}
}

// TestChanghe is changhe.md "Test cases", one row per case.
func TestChanghe(t *testing.T) {
	v := mustVariant(t, "changhe")
	runBoardCases(t, v, []boardCase{
		{n: 1, fen: "4k7g5/18/18/18/18/6B11/18/8B9/18/3K9G4 w", legal: "i2g0 g4e2", illegal: "i2k4 i2k0 g4i6",
			check: func(t *testing.T, g *rules.Game) {
				checkRefusal(t, g.Position(), "i2k4", "an elephant stays in its own colour's quarter: it crosses neither the long river nor the inner river")
			}},
		{n: 2, fen: "4k7g5/18/18/18/13j4/18/15Z2/18/18/R2K9G3J w", legal: "a0a1",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "a0a1")
				checkMoves(t, g.Position(), "n5n0", "")
				playAll(t, g, "n5n0")
				p := g.Position()
				pieceAt(t, p, "a1", "U") // upgraded: a full-line chariot
				pieceAt(t, p, "r0", "j") // Magenta's chariot, moved by Black
				if o := g.Outcome(); o.Over {
					t.Fatalf("game over: %+v", o)
				}
				checkMoves(t, p, "d0d1", "r0q0 p3p4 d0e0")
				checkRefusal(t, p, "r0q0", "your magenta pieces have lost their general and are moved by black while a piece of theirs stands in the magenta palace")
				checkRefusal(t, p, "d0e0", "your general on e0 is your only one: no move may leave it attacked")
				checkRefusal(t, p, "d0d2", "a general does not move like that")
			}},
		{n: 3, fen: "4k7g5/18/18/18/18/18/15Z2/18/13R4/3K9j3J w", legal: "n1n0 d0d1", illegal: "r0q0 d0e0",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "n1n0")
				p := g.Position()
				pieceAt(t, p, "r0", "J") // Red's again
				pieceAt(t, p, "n0", "U")
				playAll(t, g, "e9e8")
				checkMoves(t, g.Position(), "r0q0 p3p4 p3o3", "")
			}},
		{n: 4, fen: "3C1k7g4/4a13/5a12/18/18/18/18/1N1R8J5/18/4K13 w", legal: "d2f0 d2e1 d9f7 b2c5", illegal: "m2o0",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "d9f7")
				pieceAt(t, g.Position(), "f7", "W")
			}},
		{n: 5, fen: "4k8g4/18/18/18/18/18/15Z2/18/18/3K14 w", legal: "p3o3 p3p4", illegal: "p3p2"},
		{n: 5, fen: "4k8g4/18/18/18/18/18/15Z2/18/13r4/3K14 b", legal: "p3p2 p3q3", illegal: "p3p4",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "p3p2")
				pieceAt(t, g.Position(), "p2", "l") // a kingless soldier, moved by Black
			}},
		{n: 6, fen: "4k7g5/18/18/18/7r10/18/18/18/r17/3K14 b", legal: "h5h0",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "h5h0")
				checkOutcome(t, g, rules.Black, rules.ReasonCheckmate)
			}},
		{n: 6, fen: "4k7g5/18/18/18/7r10/18/18/18/r17/3K9G4 b", legal: "h5h0",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "h5h0")
				if o := g.Outcome(); o.Over {
					t.Fatalf("Red still has two generals, yet %+v", o)
				}
				checkMoves(t, g.Position(), "n0n1", "")
				playAll(t, g, "n0n1 h0d0")
				p := g.Position()
				pieceAt(t, p, "d0", "r")
				checkMoves(t, p, "n1n2", "n1n0 n1o1 n1m1")
				checkRefusal(t, p, "n1n0", "your general on n0 is your only one: no move may leave it attacked")
			}},
		{n: 7, fen: "4k7g5/18/18/18/18/18/18/18/18/3K9G4 w", legal: "n0n1", illegal: "d0e0 n0m0",
			check: func(t *testing.T, g *rules.Game) {
				checkRefusal(t, g.Position(), "d0e0", "two generals of the two players would face each other on an open file")
			}},
	})
}

// TestChangheFEN: a position with a turned colour and upgrades reads back
// from its own FEN, hash and all; the FEN writes the plain letters.
func TestChangheFEN(t *testing.T) {
	v := mustVariant(t, "changhe")
	g, err := rules.NewGame(v, "4k7g5/18/18/18/13j4/18/15Z2/18/18/R2K9G3J w")
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "a0a1 n5n0")
	p := g.Position()
	fen := p.FEN()
	want := "4k7g5/18/18/18/18/18/15z2/18/R17/3K9j3j w - - 0 2 turned=r0,p3"
	if fen != want {
		t.Errorf("FEN %s, want %s", fen, want)
	}
	back := mustPosition(t, v, fen)
	if back.Hash() != p.Hash() || back.FEN() != fen {
		t.Errorf("read back: %s (hash %x, want %x)", back.FEN(), back.Hash(), p.Hash())
	}
	// The public FEN writes owners' letters and no field, and reads back the same.
	if pub := p.PublicFEN(); mustPosition(t, v, pub).Hash() != p.Hash() {
		t.Errorf("public FEN %s reads back as %s", pub, mustPosition(t, v, pub).FEN())
	}
	// The same position in the owners' letters, without the field.
	owners := mustPosition(t, v, "4k7g5/18/18/18/18/18/15Z2/18/R17/3K9j3J w - - 0 2")
	if owners.Hash() != p.Hash() {
		t.Errorf("owners' FEN reads as %s", owners.FEN())
	}
}

// TestChangheViewColours: views show each army's pieces in their owner's
// colours, a turned piece too.
func TestChangheViewColours(t *testing.T) {
	v := mustVariant(t, "changhe")
	p := mustPosition(t, v, "4k7g5/18/18/18/18/18/15Z2/18/18/R2K9j3J w")
	view := p.View(rules.Public)
	for _, c := range []struct {
		sq     string
		side   rules.Side
		army   uint8
		turned bool
	}{{"a0", rules.Red, 0, false}, {"r0", rules.Red, 1, true}, {"p3", rules.Red, 1, true}, {"n0", rules.Black, 1, false}, {"e9", rules.Black, 0, false}} {
		vp := view.Pieces[mustSquare(v.Board, c.sq)]
		if vp == nil || vp.Side != c.side || vp.Army != c.army || vp.Turned != c.turned {
			t.Errorf("%s: %+v, want side %v army %d turned %v", c.sq, vp, c.side, c.army, c.turned)
		}
	}
}

// TestChanghePerft records the start counts (regressions; the spec gives
// none). Depth 1 by hand: 44 moves of each standard start, plus h2j2 and
// k2i2 (the cannons across the inner river, where the standard board ends):
// 90.
func TestChanghePerft(t *testing.T) {
	v := mustVariant(t, "changhe")
	p := mustPosition(t, v, ChangheStart)
	want := []uint64{1, 90, 8082, 729802}
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

func TestChangheRandomGames(t *testing.T) {
	v := mustVariant(t, "changhe")
	games, plies := 6, 200
	if small() {
		games, plies = 2, 60
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(1800+g)), plies)
	}
}

// TestChangheMaterial: the second army's soldier counts as attacking material
// (changhe.md, End of game); generals alone draw.
func TestChangheMaterial(t *testing.T) {
	v := mustVariant(t, "changhe")
	if o, over := mustPosition(t, v, "4k7g5/18/18/18/18/18/15Z2/18/18/3K9G4 w").Outcome(); over {
		t.Errorf("a magenta soldier on the board: %+v", o)
	}
	if o, over := mustPosition(t, v, "4k7g5/18/18/18/18/18/18/18/18/3K10G3 w").Outcome(); !over || !o.Draw {
		t.Errorf("four bare generals: %+v, want a draw", o)
	}
}
