package variants

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/internal/testsize"
	"github.com/chuhe/chuhe/rules"
)

// The test cases of stratagem-pieces-01-18.md, one row each. The spec's test
// positions write each piece with its own letter (M for 瞞, W for 圍, …); a game
// writes it X, so specFEN turns the piece's letter into X on the board field.

func stratVariant(t testing.TB, codes ...string) *rules.Variant {
	t.Helper()
	return stratVariantIn(t, testRegistry(), codes...)
}

// stratVariantIn builds a custom game with a registry made once by the caller.
func stratVariantIn(t testing.TB, r *Registry, codes ...string) *rules.Variant {
	t.Helper()
	v, err := r.Build(SanshiliujiSlug, codes)
	if err != nil {
		t.Fatalf("sanshiliuji %v: %v", codes, err)
	}
	return v
}

func specFEN(fen string, letter byte) string {
	board, rest, _ := strings.Cut(fen, " ")
	board = strings.NewReplacer(string(letter), "X", string(letter+'a'-'A'), "x").Replace(board)
	return board + " " + rest
}

// stratRow is one spec row: from the position (after the moves of line), the
// moves of legal are legal and those of illegal are not; check says whether the
// side to move is then in check ("" = not tested).
type stratRow struct {
	name    string
	fen     string
	line    string
	legal   string
	illegal string
	check   string // "yes", "no" or ""
	over    string // the outcome's winner after line: "red", "black" or ""
	extra   bool   // the position has more pieces of a kind than a game allows
	loose   bool   // the position has soldiers where no soldier can stand (b5)
}

func runStratRows(t *testing.T, code string, letter byte, rows []stratRow) {
	t.Helper()
	v := stratVariant(t, code)
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			v := v
			if r.loose {
				v = looseVariant(t, v)
			}
			if r.extra {
				v = v.Clone(v.Slug + "-extra")
				v.ExtraPieces = 1
				if err := v.Finalize(); err != nil {
					t.Fatal(err)
				}
			}
			g, err := rules.NewGame(v, specFEN(r.fen, letter))
			if err != nil {
				t.Fatalf("position: %v", err)
			}
			playAll(t, g, r.line)
			p := g.Position()
			checkMoves(t, p, r.legal, r.illegal)
			switch r.check {
			case "yes", "no":
				if got := p.InCheck(); got != (r.check == "yes") {
					t.Errorf("in check = %v, want %s (%s)", got, r.check, p.FEN())
				}
			}
			if r.over != "" {
				o := g.Outcome()
				if !o.Over || o.Winner.String() != r.over {
					t.Errorf("outcome %+v, want a win for %s", o, r.over)
				}
			}
		})
	}
}

func TestStratagem01Deceiver(t *testing.T) {
	runStratRows(t, "MA", 'M', []stratRow{
		{name: "T1", fen: "5k3/9/9/6p2/3P5/4M4/5n3/9/9/4K4 w", legal: "e4g6 e4f3 e4f5 e4c2", illegal: "e4c6 e4d5 e4g2 e4e5 e4h7"},
		{name: "T2 check", fen: "4k4/9/9/8p/M8/9/9/9/9/3K5 w", line: "a5c7", check: "yes", legal: "e9e8", illegal: "i6i5 e9d9"},
		{name: "T3", fen: "9/4k4/9/9/2M6/9/9/9/9/3K5 b", legal: "e8f8 e8e9", illegal: "e8e7"},
	})
}

func TestStratagem02Besieger(t *testing.T) {
	runStratRows(t, "WE", 'W', []stratRow{
		{name: "T1", fen: "5k3/9/9/p8/n8/PW7/9/9/9/4K4 w", legal: "b4b5 b4c4", illegal: "b4a4 b4b6"},
		{name: "T2", fen: "3k5/9/9/9/9/9/P8/4w4/9/3AKA3 w", check: "yes", legal: "d0e1 f0e1 e0e1", illegal: "a3a4"},
		{name: "T3", fen: "5k3/9/9/9/9/6n2/8r/W8/9/4K4 w", legal: "a2a6 a2i2", illegal: "a2b4 a2c3"},
		{name: "T3 horse mode", fen: "5k3/9/9/9/9/6n2/8r/W8/9/4K4 b", line: "i3i7", legal: "a2b4 a2c3 a2a3", illegal: "a2a6"},
	})
	v := stratVariant(t, "WE")
	g, _ := rules.NewGame(v, "5k3/9/9/p8/n8/PX7/9/9/9/4K4 w")
	playAll(t, g, "b4b5")
	if got := g.Position().FEN(); !strings.HasPrefix(got, "5k3/9/9/p8/1X7/P8/9/9/9/4K4 b - - 0") {
		t.Errorf("T1 after b4b5: %s, want n a5 removed and the clock reset", got)
	}
	// The picture shows what the chat says: the surrounded horse's point is
	// marked in the view as removed by the move (besides its from and to).
	if got := g.Position().View(rules.Public).Removed; len(got) != 1 || v.Board.Name(got[0]) != "a5" {
		t.Errorf("T1 after b4b5: view removed %v, want [a5]", got)
	}
	checkRefusal(t, mustPosition(t, v, "5k3/9/9/p8/n8/PX7/9/9/9/4K4 w"), "b4a4",
		"the 圍 never lands on a piece: it captures by surrounding (move it next to an enemy piece whose other neighbours are all occupied); a4 is occupied")
}

func TestStratagem04Waiter(t *testing.T) {
	runStratRows(t, "YI", 'Y', []stratRow{
		{name: "T1", fen: "5k3/9/9/9/4p4/4Y4/9/9/9/3K5 w", legal: "e4d4", illegal: "e4e5 e4e6"},
		{name: "T2", fen: "5k3/9/4r4/9/4p4/4Y4/9/7c1/9/3K5 w", legal: "e4e7 e4a4", illegal: "e4e5 e4e6"},
		{name: "T3", fen: "5k3/9/R8/9/3y5/9/9/9/9/3K5 w", check: "yes", legal: "a7a4 d0e0", illegal: "a7a8 d0d1"},
	})
}

func TestStratagem03Knife(t *testing.T) {
	runStratRows(t, "DO", 'D', []stratRow{
		{name: "T1", fen: "5k3/9/9/9/4r1n2/1c2Dp3/9/4p4/9/3K5 w", legal: "e4b4 e4f4 e4g5 e4e3", illegal: "e4e5 e4e2 e4a4"},
		{name: "T2", fen: "2b1k4/3na4/4D4/9/6b2/9/9/9/9/3K5 w", legal: "e7c9 e7g5", illegal: "e7e8 e7d8"},
		{name: "T2 no check", fen: "2b1k4/3na4/4D4/9/6b2/9/9/9/9/3K5 b", check: "no"},
		{name: "T3", fen: "9/9/4k4/5D3/9/9/9/9/9/5K3 b", legal: "e7e8 e7d7", illegal: "e7f7"},
	})
}

func TestStratagem05Looter(t *testing.T) {
	runStratRows(t, "CE", 'Q', []stratRow{
		{name: "T1", fen: "5k3/9/9/9/9/9/9/2Q1B1p2/9/4K4 w", legal: "c2c4 c2d2", illegal: "c2c5 c2g2"},
		{name: "T2", fen: "3k5/9/9/9/9/7r1/2P5P/9/2Q6/4K4 b", line: "h4c4", legal: "c1c4"},
		{name: "T2 lapsed", fen: "3k5/9/9/9/9/7r1/2P5P/9/2Q6/4K4 b", line: "h4c4 i3i4 d9d8", illegal: "c1c4"},
		{name: "T3", fen: "3k5/9/9/9/9/2r6/2P6/Q8/9/4K4 w", line: "a2c2 d9d8", illegal: "c2c4"},
	})
}

func TestStratagem09Watcher(t *testing.T) {
	runStratRows(t, "GE", 'G', []stratRow{
		{name: "T1", fen: "3k5/9/9/7r1/9/7r1/8P/9/2G6/4K4 b", line: "h4c4", legal: "c1c4"},
		{name: "T1 lapsed", fen: "3k5/9/9/7r1/9/7r1/8P/9/2G6/4K4 b", line: "h4c4 i3i4 d9d8", illegal: "c1c4"},
		{name: "T1 river", fen: "3k5/9/9/7r1/9/7r1/8P/9/2G6/4K4 b", line: "h6c6", illegal: "c1c6"},
		{name: "T2", fen: "3k5/9/9/9/9/2r6/9/G8/9/4K4 w", line: "a2c2 d9d8", illegal: "c2c4"},
		{name: "T3", fen: "3k5/9/9/9/9/2r6/9/2n6/2G6/4K4 b", line: "c2e3", legal: "c1c4"},
	})
	v := stratVariant(t, "GE")
	g, _ := rules.NewGame(v, "3k5/9/9/7r1/9/7r1/8P/9/2X6/4K4 b")
	playAll(t, g, "h4c4")
	p := g.Position()
	if !strings.Contains(p.FEN(), "kill09=c4") {
		t.Errorf("the open kill is not in the FEN: %s", p.FEN())
	}
	playAll(t, g, "i3i4 d9d8")
	checkRefusal(t, g.Position(), "c1c4", "the 隔 kills only on the turn right after the opponent's move brings the target into line; this line was not made by the last move")
}

func TestStratagem06Feint(t *testing.T) {
	runStratRows(t, "SE", 'S', []stratRow{
		{name: "T1", fen: "5k3/9/9/4P4/9/2N1S1P2/9/4r4/9/3K5 w", legal: "e4e7 e4e9 e4e5 e4e3", illegal: "e4e6 e4e2 e4h4"},
		{name: "T2", fen: "3ak4/9/9/8p/S8/9/9/4B4/9/4K4 w", line: "a5e5", check: "yes", legal: "d9e8 e9f9", illegal: "i6i5 e9e8"},
		{name: "T3", fen: "5k3/9/r1S1c1n2/9/9/9/9/9/9/4K4 w", legal: "c7f7 c7b7", illegal: "c7g7 c7e7 c7a7"},
	})
	v := stratVariant(t, "SE")
	for _, c := range []struct{ fen, move, after string }{
		{"5k3/9/9/4P4/9/2N1X1P2/9/4r4/9/3K5 w", "e4e7", "5k3/9/4X4/4P4/9/2N3P2/9/9/9/3K5 b"},
		{"5k3/9/9/4P4/9/2N1X1P2/9/4r4/9/3K5 w", "e4e9", "4Xk3/9/9/4P4/9/2N3P2/9/9/9/3K5 b"},
		{"5k3/9/9/4P4/9/2N1X1P2/9/4r4/9/3K5 w", "e4e5", "5k3/9/9/4P4/4X4/2N3P2/9/4r4/9/3K5 b"},
		{"5k3/9/r1X1c1n2/9/9/9/9/9/9/4K4 w", "c7f7", "5k3/9/4cXn2/9/9/9/9/9/9/4K4 b"},
	} {
		g, _ := rules.NewGame(v, c.fen)
		playAll(t, g, c.move)
		if got := g.Position().FEN(); !strings.HasPrefix(got, c.after) {
			t.Errorf("%s after %s: %s, want %s", c.fen, c.move, got, c.after)
		}
	}
	checkRefusal(t, mustPosition(t, v, "5k3/9/9/4P4/9/2N1X1P2/9/4r4/9/3K5 w"), "e4h4",
		"the 聲 jumps only to capture: the first piece behind it, the 馬 on c4, is your own")
}

func TestStratagem08Detour(t *testing.T) {
	runStratRows(t, "AN", 'J', []stratRow{
		{name: "T1", fen: "5k3/9/r8/9/P2n5/9/9/J8/9/4K4 w", legal: "a2d5 a2a4", illegal: "a2a7 a2a6"},
		{name: "T2", fen: "3ak2n1/9/9/8p/1J7/9/9/9/9/3K5 w", line: "b5h5", check: "yes", legal: "e9e8 h9g7", illegal: "i6i5 e9f9 d9e8"},
		{name: "T3", fen: "5k3/9/9/1R2p1p2/9/4J4/9/9/9/3K5 w", legal: "e4g6 e4e5", illegal: "e4b6 e4e6"},
	})
}

func TestStratagem07Conjurer(t *testing.T) {
	runStratRows(t, "WU", 'U', []stratRow{
		{name: "T1", fen: "5k3/9/9/2p6/3n5/2U6/P8/9/9/R2AK4[N] w", legal: "a0c5 a3c5 N*c5 c4b5 c4c5", illegal: "d0c5 e0c5 c4d5"},
		{name: "T2", fen: "3k5/9/9/9/r8/9/6U2/9/9/2B1KA3 b", line: "a5g5", legal: "c0g4", illegal: "f0g4"},
		{name: "T3", fen: "4k4/9/9/9/3n5/4N4/P2U5/9/9/1N2K4 w", legal: "b0d4", illegal: "e4d4 a3d4 b0c3"},
	})
	// T4 needs the 聲 too: 戰國象棋 (X = 聲, Y = 無).
	v, _ := testRegistry().Get("zhanguo")
	g, err := rules.NewGame(v, "4k4/9/9/9/9/rX1N1Y3/9/9/9/3K5 w")
	if err != nil {
		t.Fatal(err)
	}
	checkMoves(t, g.Position(), "b4e4 d4e4 d0d1", "d0e0")
	playAll(t, g, "b4e4")
	if got := g.Position().FEN(); !strings.HasPrefix(got, "4k4/9/9/9/9/3NXY3/9/9/9/3K5[r] b") {
		t.Errorf("T4 after b4e4: %s, want r a4 removed (and in Black's captured list)", got)
	}
	u := stratVariant(t, "WU")
	p := mustPosition(t, u, "5k3/9/9/2p6/3n5/2X6/P8/9/9/R2AK4[N] w")
	checkRefusal(t, p, "d0c5", "the 無 may conjure an advisor only onto a point where it may stand; c5 is not one")
	checkRefusal(t, p, "N*c6", "c6 is occupied")
	g, _ = rules.NewGame(u, "5k3/9/9/2p6/3n5/2X6/P8/9/9/R2AK4[N] w")
	playAll(t, g, "N*c5 c6c5")
	if got := g.Position().FEN(); !strings.HasPrefix(got, "5k3/9/9/9/2pn5/2X6/P8/9/9/R2AK4[N] w") {
		t.Errorf("the conjured horse, taken, goes back to Red's list: %s", got)
	}
}

func TestStratagem14Vessel(t *testing.T) {
	runStratRows(t, "JE", 'E', []stratRow{
		{name: "T1", fen: "3k5/9/9/4p4/4E4/9/P8/9/9/RN2K4[R] w", legal: "a0e5 b0e5 a3e5 R*e5 e5a5", illegal: "e5e6"},
		{name: "T2", fen: "3k5/9/9/9/9/9/P5E2/9/9/R3K4[P] w", legal: "a0g3", illegal: "a3g3 P*g3"},
		{name: "T3", fen: "3k5/9/4r4/9/9/9/4E4/9/9/R3K4 w", legal: "a0e3 a0a1", illegal: "e3d3"},
	})
	v := stratVariant(t, "JE")
	p := mustPosition(t, v, "3k5/9/9/9/9/9/P5X2/9/9/R3K4[P] w")
	checkRefusal(t, p, "a3g3", "a soldier may not take the place of a 借 that stands in your own half")
	checkRefusal(t, p, "P*g3", "a soldier may not take the place of a 借 that stands in your own half")
	g, _ := rules.NewGame(v, "3k5/9/9/4p4/4X4/9/P8/9/9/RN2K4[R] w")
	playAll(t, g, "R*e5")
	if got := g.Position().FEN(); !strings.HasPrefix(got, "3k5/9/9/4p4/4R4/9/P8/9/9/RN2K4[] b") {
		t.Errorf("after R*e5: %s", got)
	}
}

func TestStratagem10Smiler(t *testing.T) {
	runStratRows(t, "XI", 'X', []stratRow{
		{name: "T1", fen: "1n3k3/9/9/9/5n3/4X4/3N5/9/9/3K5 w", legal: "e4f5 e4d5", illegal: "e4d3 e4e5 e4g6"},
		{name: "T3", fen: "4k4/9/9/2p1p4/1X7/9/9/9/9/4K4 w", legal: "b5a6 b5c4", illegal: "b5c6"},
	})
	v := stratVariant(t, "XI")
	g, _ := rules.NewGame(v, "1n3k3/9/9/9/5n3/4X4/3N5/9/9/3K5 w")
	playAll(t, g, "e4f5")
	if got := g.Position().FEN(); !strings.HasPrefix(got, "5k3/9/9/9/5X3/9/3N5/9/9/3K5 b") {
		t.Errorf("T1 after e4f5: %s, want both black horses gone", got)
	}
	g, _ = rules.NewGame(v, "5k2r/9/9/p1p1p1p1p/3X5/9/9/9/9/3K5 w")
	playAll(t, g, "d5e6")
	if got := g.Position().FEN(); !strings.HasPrefix(got, "5k2r/9/9/4X4/9/9/9/9/9/3K5 b") {
		t.Errorf("T2 after d5e6: %s, want every black soldier gone", got)
	}
}

func TestStratagem11Plum(t *testing.T) {
	runStratRows(t, "LI", 'L', []stratRow{
		{name: "T1", fen: "3k5/9/9/9/4p1n2/3NLR3/4P4/9/9/3K5 w", legal: "e4g5 e4d6 e4c3", illegal: "e4e6 e4f5"},
		{name: "T2", fen: "5k3/9/9/5n3/9/4N1L2/9/9/9/3K5 b", legal: "f6g4", illegal: "f6e4"},
		{name: "T3", fen: "5k3/9/9/5n3/9/4N4/6L2/9/9/3K5 b", legal: "f6e4"},
	})
	v := stratVariant(t, "LI")
	p := mustPosition(t, v, "5k3/9/9/5n3/9/4N1X2/9/9/9/3K5 b")
	checkRefusal(t, p, "f6e4", "the 李 on g4 protects the horse on e4: the piece on f6 stands a 日 from both, so it may not take the horse (it may take the 李)")
}

func TestStratagem12Leash(t *testing.T) {
	runStratRows(t, "QI", 'T', []stratRow{
		{name: "T1", fen: "3k5/9/9/9/9/2T6/9/n8/9/4K4 w", legal: "c4d5 c4b3 c4e2 c4g0", illegal: "c4e6 c4a2"},
		{name: "T2 frozen", fen: "3k5/9/9/2p1r4/9/2T6/4P3P/9/9/4K4 w", line: "c4d5", legal: "d9d8", illegal: "e6e8 c6c5"},
		{name: "T2 pinned", fen: "3k5/9/9/2p1r4/9/2T6/4P3P/9/9/4K4 w", line: "c4d5 d9d8 i3i4", legal: "e6e8", illegal: "e6e3"},
		{name: "T2 chance", fen: "3k5/9/9/2p1r4/9/2T6/4P3P/9/9/4K4 w", line: "c4d5 d9d8 i3i4 e6e8", legal: "d5c6"},
		{name: "T2 no chance", fen: "3k5/9/9/2p1r4/9/2T6/4P3P/9/9/4K4 w", line: "c4d5 d9d8 i3i4 e6e8 i4i5 d8d9", illegal: "d5c6"},
		{name: "T3 frozen", fen: "2b1k4/9/9/pT7/9/9/8P/9/9/3K5 w", line: "b6d8", legal: "a6a5", illegal: "e9f9 c9a7"},
		{name: "T3 king", fen: "2b1k4/9/9/pT7/9/9/8P/9/9/3K5 w", line: "b6d8 a6a5 i3i4", legal: "e9f9", illegal: "c9a7"},
		{name: "T3 chance", fen: "2b1k4/9/9/pT7/9/9/8P/9/9/3K5 w", line: "b6d8 a6a5 i3i4 e9f9", legal: "d8c9"},
		{name: "T4", fen: "3k5/9/9/9/9/2T6/1n7/3A5/9/4K4 b", legal: "b3a1 b3c1 b3d4", illegal: "b3d2"},
	})
	v := stratVariant(t, "QI")
	g, _ := rules.NewGame(v, "3k5/9/9/2p1r4/9/2X6/4P3P/9/9/4K4 w")
	playAll(t, g, "c4d5")
	p := g.Position()
	if !strings.Contains(p.FEN(), "frozen=c6,e6") {
		t.Errorf("the freezes are not in the FEN: %s", p.FEN())
	}
	checkRefusal(t, p, "e6e8", "the 車 on e6 is pinned by the 牽 on d5 and frozen this turn")
	if vp := p.View(rules.Public).Pieces[mustSquare(v.Board, "e6")]; !vp.Frozen || !vp.Pinned {
		t.Errorf("the image would not show the pin and the freeze: %+v", vp)
	}
}

func TestStratagem13Beater(t *testing.T) {
	runStratRows(t, "DA", 'H', []stratRow{
		{name: "T1", fen: "5k3/9/4r4/6p2/3n5/4HN3/9/9/9/3K5 w", legal: "e4g6 e4d5 e4e6", illegal: "e4e7 e4e8"},
		{name: "T2 bonus", fen: "2b4n1/3ck2r1/9/9/9/9/8P/H8/9/3K5 w", line: "a2a3", legal: "h9g7 c9e7 e8f7"},
		{name: "T2 no bonus", fen: "2b4n1/3ck2r1/9/9/9/9/8P/H8/9/3K5 w", line: "i3i4", illegal: "h9g7 c9e7 e8f7"},
		{name: "T2 lapsed", fen: "2b4n1/3ck2r1/9/9/9/9/8P/H8/9/3K5 w", line: "a2a3 d8d5 i3i4", illegal: "h9g7"},
		{name: "T3", fen: "3k5/9/9/9/9/9/8P/H4An2/4K4/9 w", legal: "i3i4", illegal: "a2a3 a2a1"},
	})
}

func TestStratagem15Lure(t *testing.T) {
	runStratRows(t, "DI", 'O', []stratRow{
		{name: "T1", fen: "5k3/9/2c3r2/9/4O4/3N1p3/2n6/9/9/3K5 w", legal: "e5g7 e5c7 e5e9", illegal: "e5c3 e5f4"},
		{name: "T2", fen: "9/3k5/9/R4O3/9/9/9/9/9/4K4 w", line: "f6d8", check: "yes", illegal: "f6f7 f6f5", over: "red"},
		{name: "T3", fen: "4k4/9/9/9/4r4/9/2O6/9/9/4K4 w", check: "yes", legal: "e0d0", illegal: "c3e5"},
		{name: "T3 d9", fen: "3k5/9/9/9/4r4/9/2O6/9/9/4K4 w", legal: "c3e5"},
	})
	v := stratVariant(t, "DI")
	g, _ := rules.NewGame(v, "5k3/9/2c3r2/9/4X4/3N1p3/2n6/9/9/3K5 w")
	playAll(t, g, "e5g7")
	if got := g.Position().FEN(); !strings.HasPrefix(got, "5k3/9/2c6/9/4r4/3N1p3/2n6/9/9/3K5 b") {
		t.Errorf("T1 after e5g7: %s", got)
	}
	g, _ = rules.NewGame(v, "9/3k5/9/R4X3/9/9/9/9/9/4K4 w")
	playAll(t, g, "f6d8")
	p := g.Position()
	if got := p.FEN(); !strings.Contains(got, "lured=f6") {
		t.Errorf("T2: the lured general is not in the FEN: %s", got)
	}
	checkRefusal(t, p, "f6f7", "the general on f6 was lured out of its palace by a 調 and may never move again")
	checkRefusal(t, mustPosition(t, v, "5k3/9/2c3r2/9/4X4/3N1p3/2n6/9/9/3K5 w"), "e5f4", "the 調 lures only a chariot, horse, cannon or general")
}

func TestStratagem16Repeller(t *testing.T) {
	runStratRows(t, "YU", 'V', []stratRow{
		{name: "T1", fen: "5k3/9/9/4p4/9/4V1n2/9/9/9/3K5 w", legal: "e4d4 e4e3 e4a4", illegal: "e4e5 e4f4 e4e6"},
		{name: "T2", extra: true, fen: "5k3/4r4/9/9/r8/4V4/r3N4/9/9/3K5 b", legal: "a5d5 e8e6 e8e4", illegal: "a5e5 e8e5 a3e3"},
		{name: "T3", fen: "3k5/9/9/9/9/9/9/4V4/r3K4/9 w", check: "yes", legal: "e1e0", illegal: "e2d2 e1f1"},
		{name: "T4", fen: "4k4/9/4V4/9/9/9/9/9/9/4K4 b", legal: "e9d9 e9f9", illegal: "e9e8"},
	})
	v := stratVariant(t, "YU")
	p := mustPosition(t, v, "5k3/9/9/4p4/9/4X1n2/9/9/9/3K5 w")
	checkRefusal(t, p, "e4e5", "the 欲 may not stop next to an enemy piece: e5 is next to the 卒 on e6")
	p = mustPosition(t, v, "4k4/9/4X4/9/9/9/9/9/9/4K4 b")
	checkRefusal(t, p, "e9e8", "the enemy 欲 on e7 keeps pieces away: e8 is next to it")
}

func TestStratagem17Bait(t *testing.T) {
	runStratRows(t, "PA", 'F', []stratRow{
		{name: "T1", fen: "5k3/9/9/4p4/9/9/4P4/4F4/9/3K5 w", legal: "e2e4 e2a2", illegal: "e2e6 e2e7"},
		{name: "T1 offer", fen: "5k3/9/9/4p4/9/9/4P4/4F4/9/3K5 w", line: "e2e5", legal: "e6e5", illegal: "f9f8"},
		{name: "T2", fen: "5k3/9/4n4/p8/7r1/9/9/3F5/9/3K5 w", line: "d2d5", legal: "h5d5 e7d5", illegal: "f9f8 a6a5"},
		{name: "T2b", fen: "5k3/9/4n4/p8/3F3r1/9/9/9/9/3K5 w", line: "d0e0", legal: "f9f8"},
		{name: "T3", fen: "4k4/4n4/9/9/9/9/9/4RF3/9/3K5 w", line: "f2f6", over: "red"},
	})
	v := stratVariant(t, "PA")
	g, _ := rules.NewGame(v, "5k3/9/9/4p4/9/9/4P4/4X4/9/3K5 w")
	playAll(t, g, "e2e5")
	p := g.Position()
	if !strings.Contains(p.FEN(), "offer=e5") {
		t.Errorf("the offer is not in the FEN: %s", p.FEN())
	}
	checkRefusal(t, p, "f9f8", "the 拋 on e5 was offered: you must take it now")
}

func TestStratagem18Regicide(t *testing.T) {
	runStratRows(t, "QN", 'Z', []stratRow{
		{name: "T1", fen: "5k3/9/9/4p4/9/r3Z4/9/9/9/3K5 w", legal: "e4e5 e4b4", illegal: "e4e6 e4a4"},
		{name: "T2", fen: "5k3/4a4/9/9/Z8/9/9/9/9/3K5 w", line: "a5a9", check: "yes", legal: "e8d9 f9f8", illegal: "f9e9"},
		{name: "T3", fen: "5k3/9/Z3r4/9/9/9/9/9/9/4K4 w", check: "yes", legal: "e0d0", illegal: "a7e7 e0f0 e0e1"},
	})
}

// TestStratagemSeries covers stratagems.md §3, §5, §6 and §10 for the pieces
// that are built.
func TestStratagemSeries(t *testing.T) {
	r := testRegistry()
	const start2 = "rnbakabnr/2x3y2/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/2X3Y2/RNBAKABNR w"
	for _, g := range stratagemGames {
		x, _ := stratagemPiece(g.x)
		y, _ := stratagemPiece(g.y)
		v, ok := r.Get(g.slug)
		if !x.built() || !y.built() {
			if ok {
				t.Errorf("%s is registered but its pieces are not built", g.slug)
			}
			continue
		}
		if !ok {
			t.Errorf("%s is not registered", g.slug)
			continue
		}
		if !strings.HasPrefix(v.StartFEN, start2) {
			t.Errorf("%s starts %s", g.slug, v.StartFEN)
		}
		p := mustPosition(t, v, v.StartFEN)
		legal := legalTexts(p)
		xq, _ := r.Get("xiangqi")
		for _, m := range legalTexts(mustPosition(t, xq, XiangqiStart)) {
			if !contains(legal, m) {
				t.Errorf("%s: standard opening move %s is not legal", g.slug, m)
			}
		}
		// The same pair by options is the named game.
		if slug, opts := r.Canonical(SanshiliujiSlug, []string{strings.ToLower(g.x), g.y}); slug != g.slug || len(opts) != 0 {
			t.Errorf("sanshiliuji %s %s is stored as %s %v, want %s", g.x, g.y, slug, opts, g.slug)
		}
	}
	v := stratVariant(t, "MA")
	if !strings.HasPrefix(v.StartFEN, "rnbakabnr/2x6/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/2X6/RNBAKABNR w") {
		t.Errorf("one piece: %s", v.StartFEN)
	}
	if v1 := stratVariant(t, "1"); v1.StartFEN != v.StartFEN || v1.Slug != v.Slug {
		t.Errorf("piece 1 by number: %s", v1.Slug)
	}
	rev := stratVariant(t, "DO", "MA")
	if rev.Slug == "zhanzheng" || !strings.HasPrefix(rev.StartFEN, start2) || rev.Kinds[rev.KindByLetter('X')].Name != "knife" {
		t.Errorf("reversed pair: %s %s", rev.Slug, rev.StartFEN)
	}
	if slug, opts := r.Canonical(SanshiliujiSlug, []string{"do", "ma"}); slug != SanshiliujiSlug || len(opts) != 2 {
		t.Errorf("reversed pair stored as %s %v", slug, opts)
	}
	for _, bad := range [][]string{nil, {"MA", "MA"}, {"MA", "DO", "XI"}, {"37"}, {"zz"}} {
		if _, err := r.Build(SanshiliujiSlug, bad); err == nil {
			t.Errorf("sanshiliuji %v was accepted", bad)
		}
	}
	if _, err := r.Build("xiangqi", []string{"ma"}); err == nil {
		t.Errorf("a stratagem piece on plain xiangqi was accepted")
	}
}

// TestStratagemRandomGames plays random games of each built piece alone and
// with every other built piece: make/unmake exact, hash consistent, no panic.
func TestStratagemRandomGames(t *testing.T) {
	var built []string
	for _, sp := range stratagemPieces() {
		if sp.built() {
			built = append(built, sp.code)
		}
	}
	// Every piece alone and with every other (both orders in full runs); the
	// pairs' games are short under -short and the race detector.
	plies, pairPlies := 60, 40
	switch {
	case !testsize.Long() && raceEnabled:
		plies, pairPlies = 16, 6
	case small():
		plies, pairPlies = 24, 10
	}
	var sets [][]string
	for i, a := range built {
		sets = append(sets, []string{a})
		for j, b := range built {
			if i != j && (i < j || !small()) {
				sets = append(sets, []string{a, b})
			}
		}
	}
	r := testRegistry()
	for n, set := range sets {
		v := stratVariantIn(t, r, set...)
		n, k := n, plies
		if len(set) == 2 {
			k = pairPlies
		}
		t.Run(strings.Join(set, "-"), func(t *testing.T) {
			t.Parallel()
			randomGame(t, v, newRand(uint64(n)), k)
		})
	}
}

func Example_stratagemGuide() {
	v, _ := testRegistry().Get("zhanzheng")
	fmt.Println(strings.Split(v.Guide.En, "\n")[1])
	// Output: X = 瞞 (MA, 01): one or two diagonal steps anywhere, the midpoint empty; it captures the same way. Example: c1e3.
}

// TestStratagemPiecesInXiangqiNotation: an added piece is written and read in
// WXF by its FEN letter and in Chinese by its glyph, like the standard pieces.
func TestStratagemPiecesInXiangqiNotation(t *testing.T) {
	v, ok := testRegistry().Get("zhanzheng") // X = 瞞 on c1, Y = 刀 (DO) on g1
	if !ok {
		t.Fatal("zhanzheng is not registered")
	}
	p := mustPosition(t, v, v.StartFEN)
	for _, c := range []struct{ coord, wxf, zh, zhs string }{
		{"c1d2", "X7+6", "瞞七進六", "瞒七进六"},
		{"g1e1", "Y3.5", "刀三平五", "刀三平五"},
	} {
		m, err := rules.ParseMove(p, c.coord)
		if err != nil {
			t.Fatalf("%s: %v", c.coord, err)
		}
		for style, want := range map[rules.Style]string{rules.StyleWXF: c.wxf, rules.StyleChinese: c.zh, rules.StyleChineseSimplified: c.zhs} {
			if got := rules.FormatMove(p, m, style); got != want {
				t.Errorf("%s in %s: %q, want %q", c.coord, style, got, want)
			}
			back, err := rules.ParseMove(p, want)
			if err != nil || back != m {
				t.Errorf("%q read back as %v (%v), want %s", want, back, err, c.coord)
			}
		}
	}
}
