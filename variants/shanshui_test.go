package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// pieceAt checks what stands on a square: a FEN letter, or "" for empty.
func pieceAt(t *testing.T, p *rules.Position, name, want string) {
	t.Helper()
	sq, ok := p.Variant().Board.Parse(name)
	if !ok {
		t.Fatalf("no point %s", name)
	}
	got := ""
	if pc := p.At(sq); !pc.Empty() {
		l := p.Variant().Kinds[pc.Kind()].Letter
		if pc.Side() == rules.Black {
			l += 'a' - 'A'
		}
		got = string(l)
	}
	if got != want {
		t.Errorf("%s holds %q, want %q (%s)", name, got, want, p.FEN())
	}
}

// TestShanshui is shanshui.md "Test cases", one row per case.
func TestShanshui(t *testing.T) {
	v := mustVariant(t, "shanshui")
	after := func(move string, check func(t *testing.T, p *rules.Position)) func(t *testing.T, g *rules.Game) {
		return func(t *testing.T, g *rules.Game) {
			t.Helper()
			playAll(t, g, move)
			check(t, g.Position())
		}
	}
	runBoardCases(t, v, []boardCase{
		{n: 1, fen: "6k4/11/11/11/3pp6/3Y7/11/11/11/4K6 w", legal: "d4d5 d4c5 d4b6 d4d2 d4b4", illegal: "d4e5 d4f6 d4d6",
			check: after("d4d5", func(t *testing.T, p *rules.Position) { pieceAt(t, p, "d5", "Y") })},
		{n: 2, fen: "6k4/11/11/11/11/11/4P6/3T7/11/4K6 w", legal: "d2b5 d2g0 d2a0", illegal: "d2f5 d2g4 d2a4"},
		{n: 3, fen: "6k4/11/11/11/3r7/5n5/2pP7/3Q7/11/4K6 w", legal: "d2d5 d2e3 d2d1 d2a2", illegal: "d2d4 d2f4 d2c3 d2g5 d2b4",
			check: after("d2d5", func(t *testing.T, p *rules.Position) { pieceAt(t, p, "d5", "Q"); pieceAt(t, p, "d3", "P") })},
		{n: 4, fen: "6k4/11/11/11/11/11/4p6/5S5/6N4/3nK6 w", legal: "f2d4 f2h4", illegal: "f2h0 f2d0",
			check: after("f2d4", func(t *testing.T, p *rules.Position) { pieceAt(t, p, "d4", "S"); pieceAt(t, p, "e3", "") })},
		{n: 5, fen: "6k4/11/11/11/11/11/11/1r9/2p8/3SK6 w", legal: "d0a3 d0f2",
			check: after("d0a3", func(t *testing.T, p *rules.Position) {
				pieceAt(t, p, "a3", "S")
				pieceAt(t, p, "b2", "")
				pieceAt(t, p, "c1", "")
				if p.Hand(rules.Black, Chariot) != 1 || p.Hand(rules.Black, Soldier) != 1 {
					t.Errorf("Black's pile after d0a3: %s", p.FEN())
				}
			})},
		{n: 51, fen: "6k4/11/11/11/11/11/11/1r9/2N8/3SK6 w", illegal: "d0a3"},
		{n: 6, fen: "6k4/11/11/11/11/11/r10/1n9/2N8/3BK6 w", legal: "d0a3 d0f2", illegal: "d0b2",
			check: after("d0a3", func(t *testing.T, p *rules.Position) { pieceAt(t, p, "a3", "B"); pieceAt(t, p, "b2", "n") })},
		{n: 7, fen: "6k4/11/11/11/11/11/11/11/11/4WK5 w", legal: "e0g2 e0f1"},
		{n: 71, fen: "6k4/11/11/11/11/11/11/11/5N5/4WK5 w", illegal: "e0g2"},
		// Bare royals are a draw by material for Game: the check is made on
		// the position.
		{n: 8, fen: "5k5/11/11/11/11/11/11/11/11/4J6 w", legal: "e0f0",
			check: func(t *testing.T, g *rules.Game) {
				p := g.Position()
				m, err := rules.ParseMove(p, "e0f0")
				if err != nil {
					t.Fatal(err)
				}
				p.Make(m)
				if !p.InCheck() {
					t.Errorf("Black should be in check: %s", p.FEN())
				}
			}},
		{n: 81, fen: "5k5/11/11/11/11/11/11/11/11/4K6 w", illegal: "e0f0"},
		{n: 82, fen: "5k5/11/11/11/11/11/11/11/11/5J5 b", legal: "f9e9 f9g9", illegal: "f9f8",
			check: func(t *testing.T, g *rules.Game) {
				if !g.Position().InCheck() {
					t.Error("Black should be in check")
				}
			}},
		{n: 9, fen: "6k4/11/11/3pp6/2pX7/11/11/11/11/4K6 w", legal: "d5c6 d5d6 d5c5", illegal: "d5e6 d5e5 d5d4"},
		{n: 10, fen: "6k4/11/11/4X6/11/11/11/4r6/11/5K5[R] w", legal: "e6=R",
			check: after("e6=R", func(t *testing.T, p *rules.Position) {
				pieceAt(t, p, "e6", "R")
				if p.Hand(rules.Red, Chariot) != 0 || p.Hand(rules.Red, Soldier) != 1 {
					t.Errorf("Red's pile after e6=R: %s", p.FEN())
				}
			})},
		{n: 101, fen: "6k4/11/11/4X6/11/11/11/4r6/11/5K5 w", illegal: "e6=R"},
		{n: 102, fen: "6k4/11/11/7X3/7b3/11/11/11/11/5K5[RB] w", illegal: "h6=B h6=R"},
		{n: 11, fen: "6k4/11/1n9/11/11/11/11/11/11/1R2K6 w", legal: "b0b7* b0b7", illegal: "b0b5*",
			check: after("b0b7*", func(t *testing.T, p *rules.Position) {
				pieceAt(t, p, "b7", "Y")
				if p.Hand(rules.Black, Horse) != 1 {
					t.Errorf("Black's pile after b0b7*: %s", p.FEN())
				}
			})},
		{n: 12, fen: "6k4/11/11/11/11/5r5/11/11/11/5K5 w", legal: "f0e0* f0g0*", illegal: "f0g0",
			check: after("f0g0*", func(t *testing.T, p *rules.Position) {
				pieceAt(t, p, "g0", "J")
				if !p.InCheck() {
					t.Errorf("Black should be in check from the 君: %s", p.FEN())
				}
			})},
	})
}

// TestShanshuiMore: rows the spec implies beyond its numbered cases.
func TestShanshuiMore(t *testing.T) {
	v := mustVariant(t, "shanshui")
	runBoardCases(t, v, []boardCase{
		// A flip goes both ways: 輿 back to 車 on the next capture.
		{n: 1, fen: "6k4/1n9/11/11/11/11/11/11/11/1Y2K6 w", illegal: "b0b8*"},
		{n: 2, fen: "6k4/11/1n9/11/11/11/11/11/11/1Y2K6 w", legal: "b0b2", illegal: "b0b7 b0b7*"},
		{n: 3, fen: "6k4/11/11/11/11/11/11/1n9/11/1Y2K6 w", legal: "b0b2 b0b2*",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "b0b2*")
				pieceAt(t, g.Position(), "b2", "R")
			}},
		// The minister's captures may flip it too (to a 相).
		{n: 4, fen: "6k4/11/11/11/11/11/4p6/5S5/11/4K6 w", legal: "f2d4*",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "f2d4*")
				pieceAt(t, g.Position(), "d4", "B")
			}},
		// Two ordinary kings facing: a move that opens the file is illegal.
		{n: 5, fen: "5k5/11/11/11/11/11/11/11/5N5/5K5 w", illegal: "f1d2 f1h2"},
		// The 君 may be faced by its own choice only: an ordinary king may not
		// step in front of an enemy 君.
		{n: 6, fen: "5j5/11/11/11/11/11/11/11/11/4K6 w", illegal: "e0f0", legal: "e0e1"},
	})
}

// TestShanshuiRefusals: a refused flip or change says what to type.
func TestShanshuiRefusals(t *testing.T) {
	v := mustVariant(t, "shanshui")
	p := mustPosition(t, v, "6k4/11/1n9/11/11/11/11/11/11/1R2K6 w")
	checkRefusal(t, p, "b0b5*", "a piece turns over (翻面, the * after a move) only at the end of a move that captures or "+
		"answers a check, and the position after it must be legal: type the move without *")
	p = mustPosition(t, v, "6k4/11/11/11/11/5r5/11/11/11/5K5 w")
	checkRefusal(t, p, "f0g0", "the two kings would face each other on an open file: only a 君 may face a king "+
		"(or flip your king with *, if this move captures or answers a check)")
	p = mustPosition(t, v, "6k4/11/11/4X6/11/11/11/4r6/11/5K5 w")
	checkRefusal(t, p, "e6=R", "a 雄 changes (變化, e6=R) only into a chariot, horse, cannon or soldier disc of yours "+
		"that was captured, when an enemy piece of that disc type stands behind it on its file, showing the face you name")
}

// TestShanshuiPerft records the start counts (regressions; the spec gives
// none). Depth 1 is counted by hand: the 44 moves of the standard start, plus
// the chariots' b0a0 j0k0, the cannons' c2a2 i2k2, the elephants' free
// mountain moves d0a3 h0k3, and the flipping twins of the two captures
// c2c9 i2i9 (c2c9* i2i9*): 52.
func TestShanshuiPerft(t *testing.T) {
	v := mustVariant(t, "shanshui")
	p := mustPosition(t, v, ShanshuiStart)
	want := []uint64{1, 52, 2662, 131935}
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

func TestShanshuiRandomGames(t *testing.T) {
	v := mustVariant(t, "shanshui")
	games, plies := 6, 150
	if small() {
		games, plies = 2, 40
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(1800+g)), plies)
	}
}
