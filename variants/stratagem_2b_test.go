package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// The test cases of stratagem-pieces-19-36.md for pieces 23, 24, 25, 26, 29,
// 30, 31, 32, 33 and 34, one row each. The spec's positions already write the
// piece under test as X.

func TestStratagem23Far(t *testing.T) {
	runStratRows(t, "YA", 'X', []stratRow{
		{name: "T1", fen: "5k3/7n1/1n7/9/9/1X7/9/9/9/3K5 w", legal: "b4h8 b4b6", illegal: "b4b7"},
		{name: "T2 two targets", fen: "5k3/9/1n7/9/9/1X3n3/9/9/9/3K5 w", illegal: "b4b7 b4f4"},
		{name: "T2 one horse", fen: "5k3/9/1n7/9/9/1X7/9/9/9/3K5 w", illegal: "b4b7"},
		{loose: true, name: "T3", fen: "5k3/9/9/1p2p3p/9/1X7/9/9/9/3K5 w", legal: "b4e6 b4i6", illegal: "b4b6"},
		{loose: true, name: "T3 two soldiers", fen: "5k3/9/9/1p2p3p/9/pX7/9/9/9/3K5 w", illegal: "b4e6 b4i6 b4a4 b4b6"},
		{name: "T4", fen: "r4k1n1/9/1n7/9/9/1X4r2/9/9/9/3K5 w", legal: "b4h9 b4a9", illegal: "b4b7 b4g4"},
		{name: "T5", fen: "r4k3/9/9/9/9/9/9/2X6/9/3K5 w", legal: "c2f2"},
		{name: "T5 no check", fen: "r4k3/9/9/9/9/9/9/2X6/9/3K5 w", line: "c2f2", check: "no", legal: "a9a8"},
		{name: "T5 never the general", fen: "r4k3/9/9/9/9/9/9/2X6/9/3K5 w", line: "c2f2 a9a8", illegal: "f2f9"},
	})
	v := stratVariant(t, "YA")
	g, _ := rules.NewGame(v, "5k3/7n1/1n7/9/9/1X7/9/9/9/3K5 w")
	playAll(t, g, "b4h8")
	if got := g.Position().FEN(); !strings.HasPrefix(got, "5k3/7X1/1n7/9/9/9/9/9/9/3K5 b") {
		t.Errorf("T1 after b4h8: %s, want the 遠 on h8 and the b7 horse still there", got)
	}
	p := mustPosition(t, v, "5k3/7n1/1n7/9/9/1X7/9/9/9/3K5 w")
	checkRefusal(t, p, "b4b7", "the 遠 never takes the piece it attacks: it takes another 馬 elsewhere on the board (遠交近攻)")
	checkRefusal(t, mustPosition(t, v, "5k3/9/1n7/9/9/1X3n3/9/9/9/3K5 w"), "b4b7",
		"2 of the 遠's targets are 馬 pieces: with two or more it cannot take a 馬")
	checkRefusal(t, mustPosition(t, v, "r4k3/9/9/9/9/9/9/5X3/9/3K5 w"), "f2f9", "the 遠 never captures the general")
}

func TestStratagem24Guo(t *testing.T) {
	runStratRows(t, "GO", 'X', []stratRow{
		{loose: true, name: "T1", fen: "5k3/1r7/9/9/1p7/9/9/1X7/9/3K5 w", legal: "b2b8 b2b4", illegal: "b2b5"},
		{name: "T2 two own", fen: "5k3/1r7/9/1C7/9/1N7/9/1X7/9/3K5 w", legal: "b2b8"},
		{name: "T2 one own", fen: "5k3/1r7/9/9/9/1N7/9/1X7/9/3K5 w", illegal: "b2b8"},
		{loose: true, name: "T2 mixed", fen: "5k3/1r7/9/1p7/9/1N7/9/1X7/9/3K5 w", illegal: "b2b8"},
		{loose: true, name: "T2 two enemy", fen: "5k3/1r7/9/1p7/9/1p7/9/1X7/9/3K5 w", illegal: "b2b8"},
		{loose: true, name: "T3", fen: "5k3/9/9/7r1/5p3/9/9/5X3/9/3K5 b", check: "yes", legal: "f9e9 h6f6", illegal: "f5f4 f9f8"},
		{name: "T4 one own", fen: "5k3/9/9/9/5P3/9/9/5X3/9/3K5 b", check: "no"},
		{name: "T4 two own", fen: "5k3/9/9/9/5P3/9/5N3/5X3/9/3K5 b", check: "yes"},
		{name: "T5", fen: "4r4/4k4/9/9/9/9/9/4X4/9/3K5 w", illegal: "e2e9"},
		{name: "T5 no check", fen: "4r4/4k4/9/9/9/9/9/4X4/9/3K5 b", check: "no"},
	})
	v := looseVariant(t, stratVariant(t, "GO"))
	for _, c := range []struct{ fen, move, after string }{
		{"5k3/1r7/9/9/1p7/9/9/1X7/9/3K5 w", "b2b8", "5k3/1X7/9/9/9/9/9/9/9/3K5 b - - 0"},
		{"5k3/1r7/9/1C7/9/1N7/9/1X7/9/3K5 w", "b2b8", "5k3/1X7/9/1C7/9/1N7/9/9/9/3K5 b - - 0"},
	} {
		g, _ := rules.NewGame(v, c.fen)
		playAll(t, g, c.move)
		if got := g.Position().FEN(); !strings.HasPrefix(got, c.after) {
			t.Errorf("%s after %s: %s, want %s", c.fen, c.move, got, c.after)
		}
	}
	checkRefusal(t, mustPosition(t, v, "5k3/1r7/9/1p7/9/1N7/9/1X7/9/3K5 w"), "b2b8", "the 虢's screens may not mix colours: one enemy piece or two of your own")
	checkRefusal(t, mustPosition(t, v, "4r4/4k4/9/9/9/9/9/4X4/9/3K5 w"), "e2e9", "the 虢 may not use the general as a screen")
}

func TestStratagem25Pillar(t *testing.T) {
	runStratRows(t, "ZU", 'X', []stratRow{
		{loose: true, name: "T1", fen: "5k3/9/1p7/9/1p7/9/9/1X7/9/3K5 w", legal: "b2b4 b2b6 b2e2", illegal: "b2b5 b2b7 b2b8"},
		{name: "T2", fen: "5k3/9/9/9/2R6/9/9/2X6/9/3K5 w", legal: "c2e2+c5e5 c2c3+c5c6 c2c5+c5c8", illegal: "c2e2+c5f5 c2e2+c5c7"},
		{name: "T3", fen: "5k3/9/9/2r6/9/9/9/2X6/9/3K5 w", legal: "c2a2+c6a6"},
		{name: "T3 locked", fen: "5k3/9/9/2r6/9/9/9/2X6/9/3K5 w", line: "c2a2+c6a6", legal: "f9f8", illegal: "a6a9"},
		{name: "T3 still locked", fen: "5k3/9/9/2r6/9/9/9/2X6/9/3K5 w", line: "c2a2+c6a6 f9f8", legal: "d0d1", illegal: "a2a3+a6a7"},
		{name: "T3 free", fen: "5k3/9/9/2r6/9/9/9/2X6/9/3K5 w", line: "c2a2+c6a6 f9f8 d0d1", legal: "a6a9"},
		{loose: true, name: "T4", fen: "5k3/9/9/2p6/2R6/9/2P6/2X6/9/3K5 w", legal: "c2c4+c5c7 c2d2+c5d5", illegal: "c2d2+c3d3 c2d2+c6d6"},
		{name: "T5", fen: "5k3/9/9/2r3X2/9/9/9/9/9/3K5 w", legal: "g6i6+c6e6 g6h6 g6h6+c6d6"},
		{name: "T5 safe by the lock's end", fen: "5k3/9/9/2r3X2/9/9/9/9/9/3K5 w", line: "g6h6+c6d6 f9f8", legal: "d0e0", illegal: "h6h7 d0d1"},
	})
	v := stratVariant(t, "ZU")
	g, _ := rules.NewGame(v, "5k3/9/9/2r6/9/9/9/2X6/9/3K5 w")
	playAll(t, g, "c2a2+c6a6")
	p := g.Position()
	if got := p.FEN(); !strings.HasPrefix(got, "5k3/9/9/r8/9/9/9/X8/9/3K5 b") || !strings.Contains(got, "linked=a6:2") {
		t.Errorf("T3 after c2a2+c6a6: %s, want the rook on a6 locked for two plies", got)
	}
	checkRefusal(t, p, "a6a9", "the 車 on a6 was just moved by a 柱's linkage and is locked: it may not move this turn")
	p = mustPosition(t, v, "5k3/9/9/9/2R6/9/9/2X6/9/3K5 w")
	checkRefusal(t, p, "c2e2+c5f5", "the linked piece moves by the 柱's displacement, the same direction and number of points: c5e5, not c5f5")
	p = mustPosition(t, looseVariant(t, v), "5k3/9/9/2p6/2R6/9/2P6/2X6/9/3K5 w")
	checkRefusal(t, p, "c2d2+c3d3", "the 柱 links only a chariot, horse or cannon (of either side)")
	checkRefusal(t, p, "c2c9", "the 柱 jumps over exactly one piece, with nothing between that piece and c9")
}

func TestStratagem26Pointer(t *testing.T) {
	runStratRows(t, "ZI", 'X', []stratRow{
		{name: "T1", fen: "5k3/9/1r7/9/9/1X4n2/9/9/9/3K5 w", legal: "b4b7 b4g4 b4b6"},
		{loose: true, name: "T2 three targets", fen: "5k3/9/1r7/9/9/1X4n2/9/1p7/9/3K5 w", illegal: "b4b7 b4g4 b4b2"},
		{name: "T3 one target", fen: "5k3/9/1r7/9/9/1X7/9/9/9/3K5 w", illegal: "b4b7"},
		{name: "T4", fen: "5k3/9/9/9/9/2n2X3/9/9/9/3K5 b", check: "yes", legal: "f9e9 c4b6", illegal: "f9f8"},
	})
	v := stratVariant(t, "ZI")
	checkRefusal(t, mustPosition(t, v, "5k3/9/1r7/9/9/1X7/9/9/9/3K5 w"), "b4b7",
		"the 指 captures only when exactly two enemy pieces are its targets (the first piece in each direction); it has 1")
}

func TestStratagem29Tree(t *testing.T) {
	runStratRows(t, "SU", 'X', []stratRow{
		{name: "T1", fen: "5k3/9/9/9/9/9/9/9/2X6/3K5 w", legal: "c1c5 c1c9 c1f1 c1i1", illegal: "c1c2 c1c4 c1d1 c1e1 c1a1"},
		{name: "T2", fen: "5k3/9/9/9/9/2X6/9/9/9/3K5 w", legal: "c4c6 c4c9", illegal: "c4c5 c4c0"},
		{loose: true, name: "T3", fen: "5k3/9/1r7/9/9/1X4n2/1p7/9/9/3K5 w", legal: "b4b7 b4g4", illegal: "b4b3"},
		{name: "T3 file e", fen: "5k3/9/9/9/9/1X2n4/9/9/9/3K5 w", illegal: "b4e4 b4d4"},
		{name: "T4", fen: "5k3/9/9/9/9/9/9/5X3/9/3K5 b", check: "yes", legal: "f9e9", illegal: "f9f8"},
	})
	v := stratVariant(t, "SU")
	p := mustPosition(t, v, "5k3/9/9/9/9/9/9/9/2X6/3K5 w")
	checkRefusal(t, p, "c1e1", "the 樹 never stops on file e")
	checkRefusal(t, p, "c1c4", "a vertical 樹 move must pass over a river line (rank 4 or 5 between its start and end)")
	checkRefusal(t, p, "c1a1", "a horizontal 樹 move must pass over file e")
}

func TestStratagem30Host(t *testing.T) {
	const t2 = "5k1n1/2r6/9/9/2X6/9/2P6/9/9/3K5 b"
	const t3 = "5k3/9/9/9/r2X5/9/9/9/9/3K5 b"
	runStratRows(t, "ZH", 'X', []stratRow{
		{name: "T1", fen: "5k3/9/9/9/2p6/9/9/2X6/9/3K5 w", legal: "c2c4", illegal: "c2c5 c2c6"},
		{name: "T2", fen: t2, line: "c8c5", legal: "h9g7 c5d5 d0e0", illegal: "c5c3 f9e9"},
		{name: "T2 locked", fen: t2, line: "c8c5 h9g7", illegal: "g7e8 g7f5"},
		{name: "T2 rook", fen: t2, line: "c8c5 c5d5 f9f8", check: "yes", legal: "d0e0", illegal: "c3c4"},
		{name: "T2 lost", fen: t2, line: "c8c5 d0e0 f9f8", illegal: "h9g7"},
		{name: "T3", fen: t3, line: "a5d5", check: "yes", legal: "d5a5 d0e0 d5d4"},
		{name: "T3 locked rook", fen: t3, line: "a5d5 d5d4 f9f8", legal: "d0e0", illegal: "d0d1"},
	})
	v := stratVariant(t, "ZH")
	g, _ := rules.NewGame(v, "5k1n1/2r6/9/9/2X6/9/2P6/9/9/3K5 b")
	playAll(t, g, "c8c5")
	p := g.Position()
	if !strings.Contains(p.FEN(), "borrow=r") {
		t.Errorf("the borrowed-move right is not in the FEN: %s", p.FEN())
	}
	checkRefusal(t, p, "c5c3", "a borrowed move never captures")
	checkRefusal(t, p, "f9e9", "a borrowed move may move any enemy piece but the general")
	playAll(t, g, "h9g7")
	p = g.Position()
	if got := p.FEN(); !strings.HasPrefix(got, "5k3/9/6n2/9/2r6/9/2P6/9/9/3K5 b") || !strings.Contains(got, "borrowed=g7:1") {
		t.Errorf("after h9g7: %s, want the horse on g7 locked for Black's move", got)
	}
	checkRefusal(t, p, "g7e8", "the 馬 on g7 was just moved by a borrowed move (反客為主) and is locked: it may not move this turn")
	g, _ = rules.NewGame(v, "5k1n1/2r6/9/9/2X6/9/2P6/9/9/3K5 b")
	playAll(t, g, "c8c5 d0e0 f9f8")
	checkRefusal(t, g.Position(), "h9g7", "you may move an enemy piece only on the move right after the enemy captured your 主 (反客為主)")
}

func TestStratagem31Beauty(t *testing.T) {
	const t3 = "5k1r1/9/9/R8/7X1/9/9/9/9/1N1K5 b"
	runStratRows(t, "ME", 'X', []stratRow{
		{loose: true, name: "T1", fen: "5k3/9/9/9/3p5/3X5/9/9/9/3K5 w", legal: "d4e4 d4d3", illegal: "d4d5 d4c5"},
		{name: "T2", fen: "9/4k4/9/9/X8/9/4P4/9/9/4K4 b", legal: "e8d8 e8f8", illegal: "e8e9 e8e7"},
		{name: "T2 home", fen: "9/4k4/9/9/9/X8/4P4/9/9/4K4 b", legal: "e8e9 e8e7"},
		{name: "T3 first", fen: t3, line: "h9h5", legal: "a6a7 b0c2 a6f6", illegal: "pass"},
		{name: "T3 second", fen: t3, line: "h9h5 a6a7", legal: "b0c2 pass d0e0", illegal: "a7a8"},
		{name: "T3 second across", fen: t3, line: "h9h5 b0c2", illegal: "a6a7", legal: "d0e0 pass"},
		{name: "T3 check ends", fen: t3, line: "h9h5 a6f6", check: "yes", legal: "f9e9"},
		{name: "T3 once", fen: t3, line: "h9h5 a6a7 b0c2 f9e9", illegal: "pass"},
	})
	v := stratVariant(t, "ME")
	g, _ := rules.NewGame(v, t3)
	playAll(t, g, "h9h5")
	if got := g.Position().FEN(); !strings.Contains(got, "meiren=r") {
		t.Errorf("after h9h5: %s, want Red owed a double move", got)
	}
	playAll(t, g, "a6a7")
	p := g.Position()
	if got := p.FEN(); !strings.Contains(got, " w ") || !strings.Contains(got, "meirenfirst=a7") {
		t.Errorf("after a6a7: %s, want Red still to move, a7 the first piece", got)
	}
	checkRefusal(t, p, "a7a8", "the second move of the double move must be made with another piece")
	checkRefusal(t, mustPosition(t, v, "9/4k4/9/9/X8/9/4P4/9/9/4K4 b"), "e8e9", "the enemy 美 on a5 stands in your half: your general may move only sideways")
}

func TestStratagem33Spy(t *testing.T) {
	runStratRows(t, "FA", 'X', []stratRow{
		{name: "T1", fen: "5k3/9/r8/9/4X4/9/2p3nr1/9/9/3K5 b", legal: "a7a5 h3h4 h3h8 h3i3 c3b3 g3e4 g3f5", illegal: "a7a3 h3h1 c3c2 g3f1 g3e2"},
		{name: "T2", fen: "5k3/9/9/9/4X4/9/3r5/9/9/3K5 w", check: "no", legal: "e5e6 d0e0", illegal: "e5e4"},
		{name: "T3", fen: "5k3/9/3r5/9/4X4/9/9/9/9/3K5 w", check: "yes", legal: "d0e0 e5d5", illegal: "d0d1"},
	})
	v := stratVariant(t, "FA")
	p := mustPosition(t, v, "5k3/9/r8/9/4X4/9/2p3nr1/9/9/3K5 b")
	checkRefusal(t, p, "a7a3", "the enemy 畈 on e5 stands in your half: your pieces may not cross the river into its half")
	checkRefusal(t, p, "h3h1", "the enemy 畈 on e5 stands in your half: your pieces in its half may not move forward")
}

func TestStratagem32EmptyCity(t *testing.T) {
	runStratRows(t, "KO", 'X', []stratRow{
		{name: "T1", fen: "5k3/9/9/9/2p6/9/9/2X6/9/3K5 w", legal: "c2c4", illegal: "c2c5"},
		{loose: true, name: "T2", fen: "3k5/9/9/2X6/9/2p6/6p2/R6n1/9/4K4 w", legal: "a2a7"},
		{name: "T3", fen: "3k5/9/9/2X6/9/2p6/9/R4n3/9/4K4 w", check: "yes", legal: "a2a7"},
		{name: "T3 without", fen: "3k5/9/9/9/9/2p6/9/R4n3/9/4K4 w", check: "yes", illegal: "a2a7"},
		{name: "T4", fen: "4k4/9/9/4X4/9/9/8p/R8/9/4K4 w", legal: "a2a1", illegal: "a2a7"},
	})
	v := looseVariant(t, stratVariant(t, "KO"))
	for _, c := range []struct{ fen, after string }{
		{"3k5/9/9/2X6/9/2p6/6p2/R6n1/9/4K4 w", "3k5/9/R8/9/9/9/9/9/9/4K4 b"},
		{"3k5/9/9/2X6/9/2p6/6p1P/R6n1/9/4K4 w", "3k5/9/R8/2X6/9/2p6/6p1P/7n1/9/4K4 b"},
	} {
		g, _ := rules.NewGame(v, c.fen)
		playAll(t, g, "a2a7")
		if got := g.Position().FEN(); !strings.HasPrefix(got, c.after) {
			t.Errorf("T2 %s after a2a7: %s, want %s", c.fen, got, c.after)
		}
	}
}

func TestStratagem34Sacrifice(t *testing.T) {
	const t2 = "3k5/9/9/9/4r4/9/P8/X8/9/4K4 w"
	const t3 = "3k5/9/9/9/9/1X7/9/3n5/1N7/4K4 w"
	runStratRows(t, "KU", 'X', []stratRow{
		{name: "T1", fen: "3k5/9/9/9/9/9/P8/Xp7/9/4K4 w", check: "no", legal: "a2a1", illegal: "a2a3 a2b2"},
		{name: "T2", fen: t2, check: "yes", legal: "a2a3 e0f0", illegal: "e0d0"},
		{name: "T2 forced", fen: t2, line: "a2a3", legal: "e5d5 e5a5", illegal: "e5e6 e5e1 e5e0 d9d8"},
		{name: "T3", fen: t3, check: "yes", legal: "b4b1"},
		{name: "T3 forced", fen: t3, line: "b4b1", legal: "d2b9 d2h9", illegal: "d2b3 d2f1 d9d8"},
		{name: "T3 no start point", fen: "1r1k3r1/9/9/9/9/1X7/9/3n5/1N7/4K4 w", check: "yes", illegal: "b4b1"},
		{name: "T4 double check", fen: "3k5/9/9/9/4r4/9/P8/X2n5/9/4K4 w", check: "yes", illegal: "a2a3"},
	})
	v := stratVariant(t, "KU")
	g, _ := rules.NewGame(v, t3)
	playAll(t, g, "b4b1")
	p := g.Position()
	if got := p.FEN(); !strings.Contains(got, "kurou=B:d2") {
		t.Errorf("T3 after b4b1: %s, want the forced put-back of d2 in the FEN", got)
	}
	if n := len(p.LegalMoves(nil)); n != 2 {
		t.Errorf("T3: Black has %d legal moves, want 2 (d2b9 d2h9)", n)
	}
	checkRefusal(t, p, "d9d8", "苦肉計: the 馬 on d2 must go straight back to an empty start point of its kind in your half")
	g, _ = rules.NewGame(v, t2)
	playAll(t, g, "a2a3")
	checkRefusal(t, g.Position(), "e5e6", "苦肉計: the checking piece must move so that the enemy general is in check from nothing, and may not take it")
	checkRefusal(t, mustPosition(t, v, "3k5/9/9/9/9/9/P8/Xp7/9/4K4 w"), "a2a3", "the 苦 takes one of your own pieces only while your general is in check")
	checkRefusal(t, mustPosition(t, v, "1r1k3r1/9/9/9/9/1X7/9/3n5/1N7/4K4 w"), "b4b1",
		"苦肉計 taking the 馬 on b1 would leave the opponent no forced reply (a chariot, horse or cannon needs an empty start point to go back to)")
}

// TestStratagem2bSeries: stratagems.md §10 and §7 rows of these pieces' games.
func TestStratagem2bSeries(t *testing.T) {
	seen := map[string]bool{}
	for _, sp := range stratagemPieces() {
		if seen[sp.code] {
			t.Errorf("piece %s is listed twice", sp.code)
		}
		seen[sp.code] = true
	}
	r := testRegistry()
	zhanji, ok := r.Get("zhanji")
	if !ok {
		t.Fatal("zhanji is not registered")
	}
	// §10.3: the 樹 on c1 passes over file e; the 主 moves as a rook.
	checkMoves(t, mustPosition(t, zhanji, zhanji.StartFEN), "c1f1 g1g2", "c1d1 c1c2")
	// §7.6: a borrowed enemy 樹 moves by the 樹's rules (its rank 4 is no
	// river crossing to rank 5).
	checkMoves(t, mustPosition(t, zhanji, "3k5/9/9/9/9/2x6/9/9/9/4K4 w borrow=r"), "c4c6 c4c9 c4f4", "c4c5 c4c0 c4e4 c4a4")
	// §7.2: the 畈's river ban holds for an enemy piece moved by a borrowed
	// move (custom game: X = 畈, Y = 主).
	faZh := stratVariant(t, "FA", "ZH")
	checkMoves(t, mustPosition(t, faZh, "5k3/9/r8/9/4X4/9/9/9/9/3K5 w borrow=r"), "a7a5 a7a8", "a7a3 a7a4")
	// §7.6 戰法: a 苦 in its own half is a piece there, so the 空's trap does
	// not spring (the spec's 32 T2 with Red's 苦 on i1).
	zhanfa, _ := r.Get("zhanfa")
	g, err := rules.NewGame(zhanfa, "3k5/9/9/2X6/9/2p6/6p2/R6n1/8Y/4K4 w")
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "a2a7")
	if got := g.Position().FEN(); !strings.HasPrefix(got, "3k5/9/R8/2X6/9/2p6/6p2/7n1/8Y/4K4 b") {
		t.Errorf("zhanfa: the 苦 on i1 should block the trap: %s", got)
	}
	// §7.6 戰例: the 美 and the 畈 across the river act independently.
	zhanli, _ := r.Get("zhanli")
	checkMoves(t, mustPosition(t, zhanli, "9/3rk4/9/9/X3Y4/9/4P4/9/9/4K4 b"), "e8f8 d8d5 d8a8", "e8e7 e8e9 d8d4 d8d1")
	// §7.6: the 柱 links only rooks, horses and cannons, never the 指.
	zhanbao, _ := r.Get("zhanbao")
	checkMoves(t, mustPosition(t, zhanbao, "3k5/9/9/9/9/2Y6/9/2X6/9/4K4 w"), "c2e2", "c2e2+c4e4 c2d2+c4d4")
}

// looseVariant is v where soldiers may stand anywhere, for the spec's test
// positions with a soldier where no soldier can come (b5).
func looseVariant(t *testing.T, v *rules.Variant) *rules.Variant {
	t.Helper()
	v = v.Clone(v.Slug + "-loose")
	v.Kinds[Soldier].StandZone = ""
	if err := v.Finalize(); err != nil {
		t.Fatal(err)
	}
	return v
}
