package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// The test cases of stratagem-pieces-19-36.md for the pieces 19 釜, 20 混,
// 21 殼, 22 關, 27 假, 28 上, 35 連 and 36 走, one row each. The spec writes the
// piece under test X/x, as a game does.

func TestStratagem19Cauldron(t *testing.T) {
	runStratRows(t, "FU", 'X', []stratRow{
		{name: "T1", fen: "5k3/9/9/9/9/1pX6/9/9/9/3K5 w", legal: "c4c8", illegal: "c4b4"},
		{name: "T1 alone", fen: "5k3/9/9/9/9/1pX6/9/9/9/3K5 w", line: "c4c8 f9e9", illegal: "c8c5"},
		{name: "T1 empty", fen: "5k3/9/9/9/9/2X6/9/9/9/3K5 w", illegal: "c4c8"},
		{name: "T2", fen: "5k3/9/1c7/9/9/9/p6r1/9/2X6/2B1K4 w", legal: "c1e1"},
		{name: "T2 frozen", fen: "5k3/9/1c7/9/9/9/p6r1/9/2X6/2B1K4 w", line: "c1e1", illegal: "h3h8", legal: "a3a2 b7b2"},
		{name: "T2 frozen after entering", fen: "5k3/9/1c7/9/9/9/p6r1/9/2X6/2B1K4 w", line: "c1e1 b7b2 e0d0", illegal: "b2b7 b2b5"},
		{name: "T2 ended", fen: "5k3/9/1c7/9/9/9/p6r1/9/2X6/2B1K4 w", line: "c1e1 a3a2 e1e2", legal: "h3h8"},
		{name: "T3", fen: "5k3/9/9/9/9/3r5/9/9/4X4/3K5 w", check: "yes", legal: "d0e0", illegal: "d0d1"},
		{name: "T4", fen: "4k4/4x4/R8/6P2/9/9/9/9/9/3K5 w", legal: "g6g7 d0d0", illegal: "a7a8"},
		{name: "T4 face-down", fen: "4k4/4x4/R8/6P2/9/9/9/9/9/3K5 w", line: "d0d0 e9f9", legal: "a7a8 d0d0", illegal: "d0e0"},
		{name: "T4 face-up", fen: "4k4/4x4/R8/6P2/9/9/9/9/9/3K5 w", line: "d0d0 e9f9 d0d0 f9e9", legal: "d0e0 d0d0", illegal: "a7a8"},
		{name: "T4 no effect", fen: "4k4/9/R3x4/6P2/9/9/9/9/9/3K5 w", legal: "a7a8", illegal: "d0d0"},
		{name: "T5", fen: "r2ak4/9/9/2p6/9/4XR3/9/4r4/9/3K5 w", legal: "e4e8"},
		{name: "T5 effect B", fen: "r2ak4/9/9/2p6/9/4XR3/9/4r4/9/3K5 w", line: "e4e8", legal: "c6c5 e2e8", illegal: "e9f9 d9e8 a9a8 e8e8 e9e9"},
		{name: "zhanguo-spoils start", fen: "rnbakabnr/2x6/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/2X6/RNBAKABNR w", legal: "c1e1 c1d1 c1c2"},
	})
	v := stratVariant(t, "FU")
	g, _ := rules.NewGame(v, "4k4/4x4/R8/6P2/9/9/9/9/9/3K5 w")
	playAll(t, g, "d0d0")
	p := g.Position()
	if !strings.Contains(p.FEN(), "facedown=r") {
		t.Errorf("the face-down general is not in the FEN: %s", p.FEN())
	}
	pub := p.PublicFEN()
	if !strings.HasPrefix(pub, "4k4/4x4/R8/6P2/9/9/9/9/9/3*K5 b") {
		t.Errorf("the public FEN does not show the general face-down: %s", pub)
	}
	back := mustPosition(t, v, pub)
	if back.Hash() != p.Hash() || back.FEN() != p.FEN() {
		t.Errorf("the public FEN reads back as %s, want %s", back.FEN(), p.FEN())
	}
	if vp := p.View(rules.Public).Pieces[mustSquare(v.Board, "d0")]; !vp.FaceDown || vp.Letter != 'K' {
		t.Errorf("the image would not show the general face-down and known: %+v", vp)
	}
	// Nothing is secret: each player sees what everybody sees.
	for s := rules.Red; s <= rules.Black; s++ {
		if got := p.ViewFEN(rules.AudienceOf(s)); got != pub {
			t.Errorf("%s sees %s, the public %s", s, got, pub)
		}
	}
	checkRefusal(t, p.Clone(), "a7a8", "the chariot on a7 is Red's; it is Black's turn")
	playAll(t, g, "e9f9")
	checkRefusal(t, g.Position(), "d0e0", "your general lies face-down and cannot move; turn it face-up first (d0d0)")
	for _, c := range []struct{ fen, move, why string }{
		{"5k3/9/9/9/9/1pX6/9/9/9/3K5 w", "c4b4", "the 釜 never captures"},
		{"5k3/9/9/9/9/2X6/9/9/9/3K5 w", "c4c8", "the 釜 moves only while another piece stands orthogonally next to it; c4 has none"},
		{"4k4/4x4/R8/6P2/9/9/9/9/9/3K5 w", "a7a8", "the 車 on a7 is frozen by the 釜 on e8"},
		{"4k4/9/R3x4/6P2/9/9/9/9/9/3K5 w", "d0d0", "you may turn your general face-down only while an enemy 釜 stands on its own palace centre"},
		{"r2ak4/9/9/2p6/9/5R3/9/4r4/9/3K5 b", "e9e9", "you may turn your general face-down only while an enemy 釜 stands on its own palace centre"},
	} {
		checkRefusal(t, mustPosition(t, v, c.fen), c.move, c.why)
	}
	if vp := mustPosition(t, v, "r2ak4/9/9/2p6/9/5R3/9/4r4/9/3K5 b").View(rules.Public).Pieces[mustSquare(v.Board, "e9")]; vp.Frozen {
		t.Errorf("a piece is shown frozen without a 釜")
	}

}

// afterFEN plays line on fen in v and checks the FEN's board and side.
func afterFEN(t *testing.T, v *rules.Variant, fen, line, want string) {
	t.Helper()
	g, err := rules.NewGame(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, line)
	if got := g.Position().FEN(); !strings.HasPrefix(got, want) {
		t.Errorf("%s after %s: %s, want %s", fen, line, got, want)
	}
}

func TestStratagem35Chain(t *testing.T) {
	runStratRows(t, "LA", 'X', []stratRow{
		{name: "T1", fen: "5k3/9/9/9/2p6/2X6/9/9/9/3K5 w", legal: "c4d5 c4c6", illegal: "c4c5"},
		{name: "T1 own", fen: "5k3/9/9/9/2P6/2X6/9/9/9/3K5 w", legal: "c4c6"},
		{name: "T2", fen: "5k3/9/9/9/2pn5/2Xp5/9/9/9/3K5 w", legal: "c4e4c6c4 c4e4c6 c4e4", illegal: "c4e4c4"},
		{name: "T3", fen: "5k3/9/9/9/2pP5/2Xp5/9/9/9/3K5 w", legal: "c4e4c6c4 c4e4c6"},
		{name: "T4", fen: "9/4k4/4X4/9/9/9/4P4/9/9/4K4 b", check: "yes", legal: "e8e9 e8e7", illegal: "e8d8 e8f8"},
	})
	v := stratVariant(t, "LA")
	for _, c := range []struct{ fen, line, want string }{
		{"5k3/9/9/9/2p6/2X6/9/9/9/3K5 w", "c4c6", "5k3/9/9/2X6/9/9/9/9/9/3K5 b - - 0"},
		{"5k3/9/9/9/2P6/2X6/9/9/9/3K5 w", "c4c6", "5k3/9/9/2X6/2P6/9/9/9/9/3K5 b - - 1"},
		{"5k3/9/9/9/2pn5/2Xp5/9/9/9/3K5 w", "c4e4c6c4", "5k3/9/9/9/9/2X6/9/9/9/3K5 b - - 0"},
	} {
		afterFEN(t, v, c.fen, c.line, c.want)
	}
	afterFEN(t, v, "5k3/9/9/9/2pn5/2Xp5/9/9/9/3K5 w", "c4e4c6", "5k3/9/9/2X6/2p6/3p5/9/9/9/3K5 b")
	afterFEN(t, v, "5k3/9/9/9/2pn5/2Xp5/9/9/9/3K5 w", "c4e4", "5k3/9/9/9/2pn5/4X4/9/9/9/3K5 b")
	// The same effect by another chain is the same move.
	afterFEN(t, v, "5k3/9/9/9/2pn5/2Xp5/9/9/9/3K5 w", "c4c6e4c4", "5k3/9/9/9/9/2X6/9/9/9/3K5 b")
	afterFEN(t, v, "5k3/9/9/9/2pP5/2Xp5/9/9/9/3K5 w", "c4e4c6c4", "5k3/9/9/9/3P5/2X6/9/9/9/3K5 b")
	afterFEN(t, v, "5k3/9/9/9/2pP5/2Xp5/9/9/9/3K5 w", "c4e4c6", "5k3/9/9/2X6/2pP5/3p5/9/9/9/3K5 b")
	p := mustPosition(t, v, "5k3/9/9/9/2pn5/2Xp5/9/9/9/3K5 w")
	checkRefusal(t, p, "c4e4c4", "no piece may be jumped twice in one move: the 卒 on d4")
	checkRefusal(t, p, "c4c5", "the 連 never captures by a step: it captures by jumping")
	checkRefusal(t, p, "c4e4f6", "the 連 jumps over a neighbouring piece to the point right beyond it: e4f6 is no such jump")
	checkRefusal(t, mustPosition(t, v, "5k3/9/9/9/9/2X6/9/9/9/3K5 w"), "c4c6", "the 連 jumps only over a piece: c5 is empty")
	// With 無 (X) the 連 (Y) on c2 may be conjured onto the gap e2 or jump
	// there over d2: the jump takes the 連's letter, Yc2e2.
	wl := stratVariant(t, "WU", "LA")
	const clash = "1nbakabnr/2x6/rc5c1/p1p1p2yp/9/6p2/P1P1P1P1P/2YX1CNCB/3R5/1NBAKA2R[] w - - 20 11"
	checkMoves(t, mustPosition(t, wl, clash), "c2e2 Yc2e2", "")
	afterFEN(t, wl, clash, "Yc2e2", "1nbakabnr/2x6/rc5c1/p1p1p2yp/9/6p2/P1P1P1P1P/3XYCNCB/3R5/1NBAKA2R[] b")
	afterFEN(t, wl, clash, "c2e2", "1nbakabnr/2x6/rc5c1/p1p1p2yp/9/6p2/P1P1P1P1P/3XYCNCB/3R5/1NBAKA2R[] b")
}

// TestStratagemZhanguoSpoils is stratagems.md §10 case 2 and 戰果's note:
// a frozen 連 cannot move, and a frozen piece can be jumped and captured.
func TestStratagemZhanguoSpoils(t *testing.T) {
	v, ok := testRegistry().Get("zhanguo-spoils")
	if !ok {
		t.Fatal("zhanguo-spoils is not registered")
	}
	checkMoves(t, mustPosition(t, v, v.StartFEN), "c1e1 g1f1 g1f2 g1g2", "g1h2")
	// Black's 釜 on e8 freezes Red's pieces in Black's half: the 連 on e6 too.
	p := mustPosition(t, v, "3k5/4x4/9/4Y4/4r4/9/9/9/9/5K3 w")
	checkMoves(t, p, "f0f1", "e6e4 e6f7 e6d6")
	// Red's 釜 on e1 freezes the black chariot on e3; Red's 連 jumps it.
	afterFEN(t, v, "3k5/9/9/9/9/9/4r4/4Y4/4X4/4K4 w", "e2e4", "3k5/9/9/9/9/4Y4/9/9/4X4/4K4 b")
}

func TestStratagem21Shell(t *testing.T) {
	runStratRows(t, "QO", 'X', []stratRow{
		{name: "T1", fen: "5k3/9/9/6r2/4pn3/3pX4/9/9/9/3K5 w", legal: "e4e6 e4c4 e4f5 e4e5 e4d3", illegal: "e4g6 e4e7 e4e8"},
		{name: "T2", fen: "4k4/9/9/9/9/X8/9/9/4A4/3K5 w", legal: "d0f2 d0e0 d0d1", illegal: "d0d2"},
		{name: "T2 no shell", fen: "4k4/9/9/9/9/9/9/9/4A4/3K5 w", illegal: "d0f2"},
		{name: "T3 capture", fen: "4k4/9/9/9/9/X8/9/5n3/4A4/3K5 w", illegal: "d0f2"},
		{name: "T3 facing", fen: "5k3/9/9/9/9/X8/9/9/4A4/3K5 w", illegal: "d0f2"},
		{name: "T3 palace", fen: "3k5/9/9/9/9/X8/4R4/4K4/9/9 w", illegal: "e2e4 e2d1"},
		{name: "T4", fen: "4k4/3X5/9/9/9/9/9/9/9/3K5 b", check: "yes", legal: "e9f9", illegal: "e9e8 e9d9"},
		{name: "palace diagonal capture", fen: "5k3/9/9/9/9/X8/9/9/4n4/3K5 w", legal: "d0e1"},
	})
	v := stratVariant(t, "QO")
	afterFEN(t, v, "5k3/9/9/6r2/4pn3/3pX4/9/9/9/3K5 w", "e4e6", "5k3/9/9/4X1r2/4pn3/3p5/9/9/9/3K5 b")
	p := mustPosition(t, v, "5k3/9/9/6r2/4pn3/3pX4/9/9/9/3K5 w")
	checkRefusal(t, p, "e4g6", "the 殼 jumps only to an empty point and never captures: g6 is occupied")
	checkRefusal(t, mustPosition(t, v, "3k5/9/9/9/9/X8/4R4/4K4/9/9 w"), "e2e4", "a general jumping with its 殼 stays inside its palace")
	checkRefusal(t, mustPosition(t, v, "4k4/9/9/9/9/X8/9/5n3/4A4/3K5 w"), "d0f2", "a general jumping with its 殼 jumps only to an empty point and never captures: f2 is occupied")
}

// stackFEN writes the spec's riding general [KX] in the core's stack
// notation, top first: (XK).
func stackFEN(fen string) string {
	return strings.NewReplacer("[KX]", "(XK)", "[kx]", "(xk)").Replace(fen)
}

func TestStratagem36Runner(t *testing.T) {
	rows := []stratRow{
		{name: "T1", fen: "3k5/9/9/9/2p6/2X6/9/9/9/4K4 w", legal: "c4d5", illegal: "c4c5 c4c6"},
		{name: "T2", fen: "3k5/9/9/9/9/9/9/9/4X4/2BAK4 w", legal: "e0e1"},
		{name: "T2 two advisors", fen: "3k5/9/9/9/9/9/9/9/4X4/2BAKA3 w", illegal: "e0e1"},
		{name: "T3", fen: "5k3/9/9/9/9/9/4n4/4[KX]4/9/2BA5 w", legal: "e2d3 e2e1 Ke2e3", illegal: "e2f3 e2e3"},
		{name: "T4", fen: "9/5k3/9/9/9/9/4K4/4X4/9/2BA5 w", legal: "e3e2", illegal: "e3e4 e3d3"},
		{name: "T4 stranded", fen: "9/5k3/9/9/9/9/4K4/4X4/9/2BA5 w", line: "e2d1 f8f9", illegal: "e3e2 e3e4 e3d3 e3f3"},
		{name: "T5", fen: "5k3/2r6/9/9/9/2[KX]6/9/9/9/2BA5 w", check: "yes", legal: "c4b4 c4d5 Kc4d4", illegal: "c4c5 Kc4c5"},
	}
	for i := range rows {
		rows[i].fen = stackFEN(rows[i].fen)
	}
	runStratRows(t, "ZO", 'X', rows)
	v := stratVariant(t, "ZO")
	afterFEN(t, v, "3k5/9/9/9/9/9/9/9/4X4/2BAK4 w", "e0e1", "3k5/9/9/9/9/9/9/9/4(XK)4/2BA5 b")
	afterFEN(t, v, stackFEN("5k3/9/9/9/9/9/4n4/4[KX]4/9/2BA5 w"), "e2d3", "5k3/9/9/9/9/9/3(XK)n4/9/9/2BA5 b")
	afterFEN(t, v, stackFEN("5k3/9/9/9/9/9/4n4/4[KX]4/9/2BA5 w"), "Ke2e3", "5k3/9/9/9/9/9/4K4/4X4/9/2BA5 b - - 0")
	p := mustPosition(t, v, stackFEN("5k3/9/9/9/9/9/4n4/4[KX]4/9/2BA5 w"))
	checkRefusal(t, p, "e2e3", "the stack moves as the 走 and never captures; the general steps off to capture: Ke2e3")
	checkRefusal(t, p, "Ke2c2", "a general steps off its 走 by one orthogonal step")
	checkRefusal(t, mustPosition(t, v, "9/5k3/9/9/9/9/4K4/4X4/9/2BA5 w"), "e3e4", "the general on e3 is outside its palace: it may only step back onto its 走 next to it")
	checkRefusal(t, mustPosition(t, v, "3k5/9/9/9/9/9/9/9/4X4/2BAKA3 w"), "e0e1", "a general mounts its 走 only while its side has fewer than 2 advisors and fewer than 2 elephants")
	// The stack can be checked: the chariot on d2 attacks the general under
	// the 走 on d1, and the stack steps away or the general steps off.
	checkMoves(t, mustPosition(t, v, stackFEN("4k4/9/9/9/9/9/9/3r5/3[KX]5/9 w")), "d1c0 Kd1d2 Kd1d0", "d1d0 d1e0")
	if _, err := rules.NewPosition(v, "4k4/9/9/9/9/9/9/4(XK)4/9/9 w"); err == nil {
		t.Errorf("a general riding its 走 faces the enemy general, and the position is accepted")
	}
}

// TestStratagemZhanbei is 戰備 (殼 X + 走 Y): the 殼's powers work only for a
// general in its palace and not riding its 走 (stratagems.md §7).
func TestStratagemZhanbei(t *testing.T) {
	v, ok := testRegistry().Get("zhanbei")
	if !ok {
		t.Fatal("zhanbei is not registered")
	}
	// The general on e0 jumps e1 to e2 with the 殼; riding the 走 on e1 it
	// has only the stack's steps and its steps off.
	checkMoves(t, mustPosition(t, v, "3k5/9/9/9/9/X8/9/9/4Y4/3AK4 w"), "e0e2 e0e1", "")
	checkMoves(t, mustPosition(t, v, "3k5/9/9/9/9/X8/9/9/4(YK)4/3A5 w"), "e1e2 e1f2 Ke1e2 Ke1e0", "e1e3 d0e1 e1d2")
	afterFEN(t, v, "3k5/9/9/9/9/X8/9/9/4Y4/3AK4 w", "e0e1", "3k5/9/9/9/9/X8/9/9/4(YK)4/3A5 b")
}

// TestStratagemStackRandomGames plays random games from positions where a
// general may ride its 走 (one advisor, one elephant each), alone and with
// the other pieces of this part, so that mounts, stack moves and steps off
// get played.
func TestStratagemStackRandomGames(t *testing.T) {
	plies := 60
	if small() {
		plies = 20
	}
	for i, set := range [][]string{{"ZO"}, {"QO", "ZO"}, {"ZO", "FU"}, {"LA", "ZO"}} {
		v := stratVariant(t, set...)
		from := "2b1ka3/9/1c2x2c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2X2C1/9/2B1KA3 w"
		if set[0] != "ZO" {
			from = strings.NewReplacer("x", "y", "X", "Y").Replace(from)
		}
		for g := 0; g < 3; g++ {
			randomGameFrom(t, v, from, newRand(uint64(100*i+g)), plies)
		}
	}
}

func TestStratagem22Door(t *testing.T) {
	runStratRows(t, "GU", 'X', []stratRow{
		{name: "T1", fen: "5k3/9/9/9/9/2X6/9/9/9/3K5 w", legal: "c4b4 c4d4 c4c3", illegal: "c4c5 c4c2"},
		{name: "T2", fen: "5k3/9/9/9/9/4p4/3pX4/4p4/9/3K5 w", legal: "e3e2 e3f3", illegal: "e3e4 e3d3"},
		{name: "T2 black", fen: "5k3/9/4P4/4x4/9/9/9/9/9/3K5 b", legal: "e6e7"},
		{name: "T3", fen: "5k3/9/9/P8/9/9/r8/9/8X/3K5 b", legal: "a3a4 a3a0", illegal: "a3a5 a3a6"},
		{name: "T3 no door", fen: "5k3/9/9/P8/9/9/r8/9/9/3K5 b", legal: "a3a5 a3a6"},
		{name: "take the door", fen: "5k3/9/9/P8/9/9/9/9/r7X/3K5 b", legal: "a1i1"},
	})
	v := stratVariant(t, "GU")
	p := mustPosition(t, v, "5k3/9/9/P8/9/9/r8/9/8X/3K5 b")
	checkRefusal(t, p, "a3a5", "the 關 on i1 shuts the door: a piece in its half may not go back to its own half")
	checkRefusal(t, mustPosition(t, v, "5k3/9/9/9/9/4p4/3pX4/4p4/9/3K5 w"), "e3e4", "the 關 captures only the piece right behind it (one step back)")
}

func TestStratagem28Ladder(t *testing.T) {
	runStratRows(t, "SA", 'X', []stratRow{
		{name: "T1", fen: "5k3/9/9/9/9/9/9/2X6/9/3K5 w", legal: "c2b2 c2d2 c2c1", illegal: "c2c3"},
		{name: "T2", fen: "5k3/9/9/9/9/9/9/3pX4/4n4/3K5 w", legal: "e2e1 e2f2", illegal: "e2d2"},
		{name: "T3", fen: "5k3/9/9/9/9/9/9/X3n4/5r3/4K4 b", legal: "f1e1 f1f0 f1f2 e2d0", illegal: "f1f5 f1g1 e2c1 e2f4"},
		{name: "T3 no ladder", fen: "5k3/9/9/9/9/9/9/4n4/5r3/4K4 b", legal: "f1f5 e2c1"},
	})
	v := stratVariant(t, "SA")
	checkRefusal(t, mustPosition(t, v, "5k3/9/9/9/9/9/9/X3n4/5r3/4K4 b"), "f1f5", "the 上 on a2 took the ladder away: a piece in its palace may not leave the palace")
}

// TestStratagemZhanzhen is stratagems.md §10 case 4 and 戰陣's note: both bans
// hold at once.
func TestStratagemZhanzhen(t *testing.T) {
	v, ok := testRegistry().Get("zhanzhen")
	if !ok {
		t.Fatal("zhanzhen is not registered")
	}
	checkMoves(t, mustPosition(t, v, v.StartFEN), "c1c2 g1g2 c1b1 g1f1", "")
	// A black chariot in Red's palace: the 上 keeps it in the palace, the
	// 關 keeps it from going home; inside the palace it moves.
	checkMoves(t, mustPosition(t, v, "5k3/9/9/9/9/9/9/9/X3r3Y/3K5 b"), "e1f1 e1e2 e1d1", "e1e5 e1e3 e1g1")
}

func TestStratagem20Muddler(t *testing.T) {
	runStratRows(t, "HU", 'X', []stratRow{
		{name: "T1", fen: "5k3/9/9/9/9/9/9/2X6/9/3K5 w", legal: "c2e4 c2a4 c2d1", illegal: "c2f5 c2c3"},
		{name: "T1 river", fen: "5k3/9/9/9/9/4X4/9/9/9/3K5 w", legal: "e4f5 e4d5", illegal: "e4g6"},
		{name: "T2", fen: "4k4/9/5P3/9/5r3/4X4/9/9/9/3K5 b", legal: "f5f6 f5g5", illegal: "f5f7"},
		{name: "T3", fen: "4k4/9/9/9/3r1n3/4X4/9/9/9/3K5 w", check: "no", legal: "e4d5 d0e0", illegal: "e4f5 e4f3"},
		{name: "T3 one", fen: "4k4/9/9/9/3r5/4X4/9/9/9/5K3 w", illegal: "e4d5"},
		{name: "T4", fen: "3k1a3/4X4/9/9/9/9/9/9/9/5K3 b", check: "yes", legal: "d9d8 d9e9", illegal: "f9e8"},
	})
	v := stratVariant(t, "HU")
	checkRefusal(t, mustPosition(t, v, "4k4/9/5P3/9/5r3/4X4/9/9/9/3K5 b"), "f5f7", "the 車 on f5 is disturbed by the 混 on e4: it cannot capture")
	checkRefusal(t, mustPosition(t, v, "4k4/9/9/9/3r5/4X4/9/9/9/5K3 w"), "e4d5", "the 混 captures only one of two or more enemy pieces diagonally next to it, by one diagonal step")
	checkRefusal(t, mustPosition(t, v, "5k3/9/9/9/9/9/9/2X6/9/3K5 w"), "c2f5", "the 混 crosses the river only by a lone single diagonal step")
	// The disturbance is in no FEN field: it follows from the board.
	p := mustPosition(t, v, "4k4/9/9/9/3r1n3/4X4/9/9/9/3K5 w")
	if strings.Contains(p.FEN(), "hun") {
		t.Errorf("the FEN writes the disturbances: %s", p.FEN())
	}
	// Images show a disturbed piece with the pin badge.
	view := p.View(rules.Public)
	for _, c := range []struct {
		sq   string
		want bool
	}{{"d5", true}, {"f5", true}, {"e9", false}, {"e4", false}} {
		if got := view.Pieces[mustSquare(v.Board, c.sq)].Pinned; got != c.want {
			t.Errorf("%s shown disturbed = %v, want %v", c.sq, got, c.want)
		}
	}
}

// TestStratagemZhanshu is 戰術 (牽 X + 混 Y), stratagems.md §10 case 5: the
// pair by codes is the game, the reverse order a custom game; both pieces'
// effects hold at once.
func TestStratagemZhanshu(t *testing.T) {
	r := testRegistry()
	if slug, opts := r.Canonical(SanshiliujiSlug, []string{"qi", "hu"}); slug != "zhanshu" || len(opts) != 0 {
		t.Errorf("sanshiliuji QI HU is %s %v", slug, opts)
	}
	rev := stratVariant(t, "HU", "QI")
	if rev.Slug == "zhanshu" || rev.Kinds[rev.KindByLetter('X')].Name != "muddler" {
		t.Errorf("HU QI: %s", rev.Slug)
	}
	v, ok := r.Get("zhanshu")
	if !ok {
		t.Fatal("zhanshu is not registered")
	}
	// The black rook on d5 is pinned by the 牽 on c4 and disturbed by the 混
	// on e4: it neither captures nor checks.
	p := mustPosition(t, v, "4k4/9/9/9/3r1n3/2X1Y4/9/9/9/3K5 w")
	if p.InCheck() {
		t.Errorf("a pinned and disturbed chariot gives check")
	}
	checkMoves(t, p, "e4d5 e4f5 c4b5", "") // e4f5 frees the rook of the 混, but the 牽 still pins it
}

func TestStratagem27Feigner(t *testing.T) {
	runStratRows(t, "JA", 'X', []stratRow{
		{name: "T1", fen: "5k3/9/9/9/9/9/2p6/2X6/9/3K5 w", legal: "c2b2 c2c1", illegal: "c2c3 c2d3"},
		{name: "T2", fen: "3k5/9/9/9/9/9/9/9/2X6/R3K2N1 w", legal: "c1h0 c1a0", illegal: "c1e0"},
		{name: "T2 drop", fen: "3k5/9/9/9/9/9/9/9/2X6/R3K2N1 w", line: "c1h0 d9d8", legal: "N*b0", illegal: "N*e4"},
		{name: "T3", fen: "3k5/9/9/9/9/9/9/9/9/1N2K2X1 w - - 0 1 reserve=N", illegal: "N*b0 N*h0"},
		{name: "T4", fen: "3k5/9/9/9/4r4/9/9/9/4X4/4K2N1 w", legal: "e1e2", illegal: "e1h0 e1d1"},
	})
	v := stratVariant(t, "JA")
	g, _ := rules.NewGame(v, "3k5/9/9/9/9/9/9/9/2X6/R3K2N1 w")
	playAll(t, g, "c1h0")
	p := g.Position()
	if !strings.HasPrefix(p.FEN(), "3k5/9/9/9/9/9/9/9/9/R3K2X1 b - - 1 1 reserve=N") {
		t.Errorf("after c1h0: %s", p.FEN())
	}
	if h := p.View(rules.Public).Hands[rules.Red]; len(h) != 1 || h[0].Letter != 'N' {
		t.Errorf("the reserve is not shown: %+v", h)
	}
	playAll(t, g, "d9d8 N*b0")
	if got := g.Position().FEN(); !strings.HasPrefix(got, "9/3k5/9/9/9/9/9/9/9/RN2K2X1 b - - 3 2") || strings.Contains(got, "reserve") {
		t.Errorf("after N*b0: %s", got)
	}
	p = mustPosition(t, v, "3k5/9/9/9/9/9/9/9/2X6/R3K2N1 w")
	checkRefusal(t, p, "c1e0", "the 假 never takes the general")
	checkRefusal(t, p, "N*b0", "you have no 馬 in your reserve")
	checkRefusal(t, mustPosition(t, v, "5k3/9/9/9/9/9/2p6/2X6/9/3K5 w"), "c2c3", "the 假 never captures an enemy piece; it takes only your own pieces into your reserve")
	p = mustPosition(t, v, "3k5/9/9/9/9/9/9/9/9/R3K2X1 w - - 0 1 reserve=N")
	checkRefusal(t, p, "N*e4", "a 馬 from the reserve goes back only onto an empty start point of its kind: b0, h0")
	checkRefusal(t, p, "N*h0", "h0 is occupied")
	// An added piece goes back to its own start point, by its code or letter.
	hj := stratVariant(t, "HU", "JA")
	const q = "3k5/9/9/9/9/9/9/9/6Y2/4K4 w - - 0 1 reserve=X"
	checkMoves(t, mustPosition(t, hj, q), "HU*c1", "HU*g1")
	afterFEN(t, hj, q, "X*c1", "3k5/9/9/9/9/9/9/9/2X3Y2/4K4 b")
	afterFEN(t, hj, q, "hu*c1", "3k5/9/9/9/9/9/9/9/2X3Y2/4K4 b")
}

// TestStratagem35NoPass: a chain back to its start that takes nothing would
// be a pass, which xiangqi does not have; it is no move.
func TestStratagem35NoPass(t *testing.T) {
	runStratRows(t, "LA", 'X', []stratRow{
		{name: "own pieces only", fen: "5k3/9/9/9/2RN5/2XN5/9/9/9/3K5 w", illegal: "c4e4c6c4 c4c6e4c4"},
		{name: "one enemy", fen: "5k3/9/9/9/2Rn5/2XN5/9/9/9/3K5 w", legal: "c4e4c6c4"},
	})
}

// TestStratagem2aSeries is stratagems.md §10 case 5 for the pieces of this
// part: one piece, the same piece twice, three pieces.
func TestStratagem2aSeries(t *testing.T) {
	v := stratVariant(t, "FU")
	if !strings.HasPrefix(v.StartFEN, "rnbakabnr/2x6/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/2X6/RNBAKABNR w") || v.Kinds[v.KindByLetter('X')].Glyph[0] != "釜" {
		t.Errorf("sanshiliuji FU: %s", v.StartFEN)
	}
	for _, bad := range [][]string{{"FU", "FU"}, {"FU", "LA", "ZO"}, {"19", "fu"}} {
		if _, err := testRegistry().Build(SanshiliujiSlug, bad); err == nil {
			t.Errorf("sanshiliuji %v was accepted", bad)
		}
	}
	for _, code := range []string{"FU", "HU", "QO", "GU", "JA", "SA", "LA", "ZO"} {
		sp, _ := stratagemPiece(code)
		if !sp.built() {
			t.Errorf("%s is not built", code)
		}
	}
}
