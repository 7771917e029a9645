package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestBlockChessSpec: every test case of block-chess.md §10 is a row. Moves are
// checked as written (from any cell of the block); captured lists the squares
// whose pieces the move takes; win names the winner ("none": the game goes on;
// "": a test position whose result the spec does not give).
func TestBlockChessSpec(t *testing.T) {
	v := BlockChess()
	const S = BlockChessStart
	rows := []struct {
		n              int
		fen            string
		legal, illegal string
		captured       string // after the first legal move: squares that must be empty of the enemy
		win            string // "w", "b" or ""
	}{
		{1, S, "j3j4", "", "", ""},
		{2, S, "h1h2", "", "", ""},
		{3, S, "h1h3 i2i4", "", "", ""},
		{4, S, "", "h1h4", "", ""},
		{5, S, "", "e1h1", "", ""},
		{6, S, "f2f3 f2f4", "", "", ""},
		{7, S, "a1a2", "", "", ""},
		{8, S, "", "a3a6", "", ""},
		{9, S, "b3d3", "", "", ""},
		{10, S, "", "c1c2 j1j2", "", ""},
		{11, "12/12/12/12/4dd6/4OO6/4OO6/12/12/12 w", "e4e6 f5f7", "", "e6 f6", ""},
		{12, "12/12/12/12/4dd6/4OO6/4OO6/12/12/12 w", "", "e4e5", "", ""},
		{13, "12/12/12/5dd5/12/4OO6/4OO6/12/12/12 w", "", "e4e6", "", ""},
		{14, "12/12/12/5d6/5d6/4OO6/4OO6/12/12/12 w", "e4e6", "", "f6 f7", ""},
		{15, "12/12/12/4dd6/12/4OO6/4OO6/12/12/12 w", "e4e6", "", "e7 f7", ""},
		{16, "12/12/12/12/4DD6/4OO6/4OO6/12/12/12 w", "", "e4e6", "", ""},
		{17, "12/12/12/12/12/12/12/Ld10/Ld10/LL10 w", "", "a1c1", "", ""},
		{18, "12/12/12/12/12/12/12/L1d9/L1d9/LL10 w", "a1c1", "", "c2 c3", ""},
		{19, "12/12/12/12/12/12/12/Lvv9/L1v9/LL10 w", "a1c1", "", "b3 c3 c2", ""},
		{20, "12/12/12/12/12/12/12/L1dd8/L11/LL10 w", "", "a1c1", "", ""},
		{21, "12/12/12/12/12/12/12/L11/L2v8/LLvv8 w", "a1c1", "", "c1 d1 d2", ""},
		{22, "12/12/12/12/12/12/12/Ldd9/L2v8/LLvv8 w", "", "a1c1", "", ""},
		{23, "12/12/12/12/12/4OOiii3/4OOdd4/12/12/12 w", "e4g4", "", "g4 h4 g5 h5 i5", ""},
		{24, "12/12/12/12/7v4/4OO1vv3/4OOdd4/12/12/12 w", "", "e4g4", "", ""},
		{25, "12/12/12/12/12/4dd6/4DD6/12/12/12 w", "e4e5", "", "", ""},
		{26, "12/12/12/12/12/5dd5/4DD6/12/12/12 w", "", "e4e5", "", ""},
		{27, "12/12/12/12/12/12/4DDdd4/12/12/12 w", "e4g4 f4h4", "e4f4", "g4 h4", ""},
		{28, "12/12/12/12/12/12/4DD6/12/12/12 w", "e4c4 e4e3", "e4e6", "", ""},
		{29, "12/12/12/4DD6/oo10/oo10/12/12/12/12 w", "e7e8", "", "", "w"},
		{30, "12/12/12/4DD6/7oo3/7oo3/III9/12/12/12 w", "e7e8", "", "", "none"},
		{31, "12/12/4DD6/oo10/oo10/12/III9/12/12/12 b", "a6a4", "", "a4 b4 c4", "w"},
		{32, "12/L11/L11/LL10/7oo3/7oo3/12/12/12/12 w", "a7a8", "", "", "w"},
		{33, "12/12/12/12/12/12/4oo6/4oo6/4DD6/12 b", "e4e2", "", "e2 f2", "b"},
	}
	for _, r := range rows {
		t.Run(itoa(r.n), func(t *testing.T) {
			p := mustPosition(t, v, r.fen)
			for _, text := range strings.Fields(r.legal) {
				if _, err := rules.ParseMove(p, text); err != nil {
					t.Errorf("%s should be legal: %v", text, err)
				}
			}
			for _, text := range strings.Fields(r.illegal) {
				if _, err := rules.ParseMove(p, text); err == nil {
					t.Errorf("%s should be illegal", text)
				}
			}
			if r.legal == "" {
				return
			}
			first := strings.Fields(r.legal)[0]
			after := mustPosition(t, v, r.fen)
			after.Make(mustParse(t, after, first))
			for _, name := range strings.Fields(r.captured) {
				sq, _ := v.Board.Parse(name)
				if pc := after.At(sq); !pc.Empty() && pc.Side() != p.ToMove() {
					t.Errorf("after %s an enemy piece is still on %s: %s", first, name, after.FEN())
				}
			}
			if r.win == "" {
				return // a test position, not a game: one side may have nothing left
			}
			o, over := after.Outcome()
			switch r.win {
			case "none":
				if over {
					t.Errorf("after %s: %+v, want no result", first, o)
				}
			case "w", "b":
				want := rules.Red
				if r.win == "b" {
					want = rules.Black
				}
				if !over || o.Winner != want {
					t.Errorf("after %s: %+v, want a win of %s", first, o, r.win)
				}
			}
		})
	}
	// 3: the O's big step up is written from its anchor.
	p := mustPosition(t, v, S)
	if a, b := mustParse(t, p, "h1h3"), mustParse(t, p, "i2i4"); a != b || rules.FormatCoord(p, a) != "h1h3" {
		t.Errorf("h1h3 = %v, i2i4 = %v (%s)", a, b, rules.FormatCoord(p, a))
	}
	// 11: the captured domino is gone whole, and the FEN reads back.
	p = mustPosition(t, v, "12/12/12/12/4dd6/4OO6/4OO6/12/12/12 w")
	p.Make(mustParse(t, p, "e4e6"))
	if got := p.FEN(); got != "12/12/12/4OO6/4OO6/12/12/12/12/12 b - - 0 1" {
		t.Errorf("after e4e6: %s", got)
	}
}

// TestBlockChessRefusals: refusals in the blocks' terms, and bad layouts.
func TestBlockChessRefusals(t *testing.T) {
	v := BlockChess()
	for _, c := range []struct{ fen, move, want string }{
		{BlockChessStart, "h1h4", "a block moves one cell, or a big step of its own size"},
		{BlockChessStart, "e1h1", "would overlap your own square"},
		{"12/12/12/12/4dd6/4OO6/4OO6/12/12/12 w", "e4e5", "a one-cell step never captures"},
		{"12/12/12/5dd5/12/4OO6/4OO6/12/12/12 w", "e4e6", "at least two cells"},
		{BlockChessStart, "a3a6", "slide through"},
	} {
		_, err := rules.ParseMove(mustPosition(t, v, c.fen), c.move)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s in %s: %v, want %q", c.move, c.fen, err, c.want)
		}
	}
	for _, fen := range []string{
		"12/12/12/12/12/12/12/12/12/LL10 w",     // two cells are no L
		"12/12/12/12/12/12/12/L11/L11/1L10 w",   // a mirrored L (J)
		"12/12/12/12/12/12/12/12/OO8OO/OO8OO w", // two squares of one side
		"12/12/12/12/12/12/12/12/12/DD1DD7 w",   // two dominoes
	} {
		if _, err := rules.NewPosition(v, fen); err == nil {
			t.Errorf("%s should be refused", fen)
		}
	}
}

// TestBlockChessRandomGames: make/unmake exact, hash, FEN and move texts read
// back, for random games with multi-cell captures.
func TestBlockChessRandomGames(t *testing.T) {
	v := BlockChess()
	games, plies := 6, 200
	if small() {
		games, plies = 2, 60
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(3300+g)), plies)
	}
}

// TestBlockChessPerft records the start position's perft as a regression.
func TestBlockChessPerft(t *testing.T) {
	p := mustPosition(t, BlockChess(), BlockChessStart)
	for d, n := range []uint64{11, 121, 1617} {
		if got := p.Perft(d + 1); got != n {
			t.Errorf("depth %d: %d nodes, want %d", d+1, got, n)
		}
	}
}

// TestBlockChessFreeSetup: the free-setup option (block-chess.md §3): placements
// in turn, in any rotation but never mirrored, inside the home ranks, cells in
// any order; play begins when all fourteen blocks stand.
func TestBlockChessFreeSetup(t *testing.T) {
	v, err := testRegistry().Build("block-chess", []string{"free-setup"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := testRegistry().Build("xiangqi", []string{"free-setup"}); err == nil {
		t.Error("free-setup on xiangqi should be refused")
	}
	g, err := rules.NewGame(v, v.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	if g.Outcome().Over {
		t.Fatalf("an empty board before the setup: %+v", g.Outcome())
	}
	p := g.Position()
	for _, c := range []struct{ move, want string }{
		{"L b1 a1 a3 a2", ""},                        // cells in any order
		{"L a3 b3 b2 b1", ""},                        // turned twice
		{"L a1 b1 c1 c2", ""},                        // turned three times
		{"L a2 b2 c2 a1", ""},                        // turned once, written in any order
		{"L a1 a2 a3 c1", "do not form a long bend"}, // no shape
		{"L a1 a2 a3 b3", "do not form a long bend"}, // a mirrored L (J)
		{"L a1 b1 b2 b3", "do not form a long bend"}, // another J
		{"L a3 a4 a5 b3", "outside your home ranks"},
		{"h1h3", "the blocks are still being placed"},
		{"Q a1 a2", "not a move"},
	} {
		_, err := rules.ParseMove(p, c.move)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.move, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want %q", c.move, err, c.want)
		}
	}
	// Random setups: the game begins after fourteen placements, with White to
	// move, and every position reads back from its FEN with the same hash.
	rnd := newRand(14)
	for n := 0; n < 3; n++ {
		g, _ := rules.NewGame(v, v.StartFEN)
		for i := 0; setupPending(g.Position()); i++ {
			p := g.Position()
			back := mustPosition(t, v, p.FEN())
			if back.Hash() != p.Hash() {
				t.Fatalf("%s reads back with another hash", p.FEN())
			}
			legal := p.LegalMoves(nil)
			m := legal[rnd.IntN(len(legal))]
			if m.Flags&rules.FlagSpecial == 0 {
				t.Fatalf("ply %d: %s is no placement", i, rules.FormatCoord(p, m))
			}
			text := rules.FormatCoord(p, m)
			if got, err := rules.ParseMove(p, text); err != nil || got != m {
				t.Fatalf("%s reads back as %v, %v", text, got, err)
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		p := g.Position()
		if strings.Contains(p.FEN(), "[") && !strings.Contains(p.FEN(), "[]") || p.ToMove() != rules.Red || g.Outcome().Over {
			t.Fatalf("after the setup: %s, %+v", p.FEN(), g.Outcome())
		}
		for _, m := range p.LegalMoves(nil) {
			if m.Flags&rules.FlagBody == 0 {
				t.Fatalf("after the setup, %s is no block move", rules.FormatCoord(p, m))
			}
		}
		randomGameFrom(t, v, p.FEN(), newRand(uint64(n)), 20)
	}
}
