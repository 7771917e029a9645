package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestCannonChessSpec: every test case of cannon-chess.md §9 is a row.
func TestCannonChessSpec(t *testing.T) {
	v := CannonChess()
	const start = CannonChessStart
	rows := []struct {
		n              int
		fen            string
		legal, illegal string
	}{
		{1, start, "e2e4 i1h3", ""},
		{2, start, "", "e2e5"},
		{3, start, "", "d1d3"},
		{4, start, "", "f1h1 f1g1"},
		{5, "5k4/10/10/10/10/10/10/4n5/10/4G4K w", "e1e3", ""},
		{6, "5k4/10/10/10/10/10/10/4n5/10/4G4K w", "e1e2 e1a5", ""},
		{7, "5k4/10/10/10/10/10/10/4n5/10/4G4K w", "", "e1e4"},
		{8, "5k4/10/10/10/10/10/10/4n5/4P5/4G4K w", "", "e1e3"},
		{9, "5k4/10/10/10/10/10/4n5/10/4P5/4G4K w", "e1e4", "e1e3"},
		{10, "5k4/10/p9/10/n9/P9/n9/10/P9/G8K w", "a1a4 a1a6", ""},
		{11, "5k4/10/p9/10/n9/P9/n9/10/P9/G8K w", "", "a1a8"},
		{12, "5k4/10/p9/10/n9/P9/n9/10/P9/G8K w", "", "a1a2 a1a3"},
		{13, "5k4/10/10/10/10/10/10/10/n9/G8K w", "", "a1a2"},
		{14, "5k4/10/10/10/10/10/10/3n6/10/1G7K w", "b1d3", ""},
		{15, "5k4/10/10/10/10/10/10/3n6/2p7/1G7K w", "", "b1d3"},
		{16, "5k4/10/10/10/10/5n4/10/3n6/2p7/1G7K w", "b1f5", ""},
		{18, "10/10/5k4/3n1p4/4B5/5G4/10/10/10/K9 b", "f7e6", ""},
		{19, "10/10/5k4/3n1p4/4B5/5G4/10/10/10/K9 b", "d7f6", ""},
		{20, "10/10/5k4/3n1p4/4B5/5G4/10/10/10/K9 b", "f8f9", ""},
		{21, "10/10/5k4/3n1p4/4B5/5G4/10/10/10/K9 b", "", "f7f6"},
		{22, "10/10/5k4/3n1p4/4B5/5G4/10/10/10/K9 b", "", "d7e5 d7b8"},
		{23, "6k3/10/10/10/10/10/10/10/10/2g2K4 w", "f1f2 f1e2", "f1e1"},
		{24, "10/10/10/10/10/4k5/10/10/3NP5/4G4K w", "d2e4", ""},
		{25, "10/10/10/10/10/4k5/4N5/10/4P5/4G4K b", "e5e6", "e5e4"},
		{26, "5k4/3p6/10/4P5/10/10/10/10/10/5K4 b", "d9d7", ""},
		{27, "5k4/10/10/3pP5/10/10/10/10/10/5K4 w - d8", "e7d8", ""},
		{27, "5k4/10/10/3pP5/10/10/10/10/10/5K4 w", "", "e7d8"},
		{28, "9k/4P5/10/10/10/10/10/10/10/K9 w", "e9e10g e9e10q e9e10r e9e10b e9e10n", "e9e10k e9e10p"},
	}
	for _, r := range rows {
		t.Run(itoa(r.n), func(t *testing.T) {
			checkMoves(t, mustPosition(t, v, r.fen), r.legal, r.illegal)
		})
	}
	// 5, 9, 10: the cannon captures.
	for _, c := range []struct{ fen, move, taken string }{
		{"5k4/10/10/10/10/10/10/4n5/10/4G4K w", "e1e3", "e3"},
		{"5k4/10/10/10/10/10/4n5/10/4P5/4G4K w", "e1e4", "e4"},
		{"5k4/10/p9/10/n9/P9/n9/10/P9/G8K w", "a1a6", "a6"},
	} {
		p := mustPosition(t, v, c.fen)
		m, err := rules.ParseMove(p, c.move)
		if err != nil || m.Flags&rules.FlagCapture == 0 {
			t.Errorf("%s: %v, flags %v: want a capture", c.move, err, m.Flags)
		}
	}
	// 4: the refusal names the missing rule.
	checkRefusal(t, mustPosition(t, v, "5k4/10/10/10/10/10/10/10/10/R4K3R w"), "f1h1",
		"there is no castling in this game: the king moves one square at a time")
	// 8, 11, 13: the cannon's refusals say how it captures.
	checkRefusal(t, mustPosition(t, v, "5k4/10/p9/10/n9/P9/n9/10/P9/G8K w"), "a1a8",
		"a cannon takes only when exactly one square between it and its target is empty; between a1 and a8, 2 are (a3, a7)")
	checkRefusal(t, mustPosition(t, v, "5k4/10/10/10/10/10/10/4n5/4P5/4G4K w"), "e1e3",
		"a cannon takes only when exactly one square between it and its target is empty; between e1 and e3 none is")
	checkRefusal(t, mustPosition(t, v, "5k4/10/10/10/10/10/10/10/n9/G8K w"), "a1a2",
		"a cannon cannot take a piece next to it: exactly one square between it and its target must be empty")
	// 17: Black is in check from the cannon on f5; 23: White on f1 is not.
	if p := mustPosition(t, v, "10/10/5k4/3n1p4/4B5/5G4/10/10/10/K9 b"); !p.InCheck() {
		t.Error("17: Black should be in check (f6 the only empty square between f5 and f8)")
	}
	if p := mustPosition(t, v, "6k3/10/10/10/10/10/10/10/10/2g2K4 w"); p.InCheck() {
		t.Error("23: White on f1 is not in check (d1 and e1 are both empty)")
	}
	// 24: the knight's move gives check by filling a square.
	p := mustPosition(t, v, "10/10/10/10/10/4k5/10/10/3NP5/4G4K w")
	p.Make(mustParse(t, p, "d2e4"))
	if !p.InCheck() {
		t.Error("24: d2e4 should give check")
	}
	// 27: en passant removes the pawn on d7.
	p = mustPosition(t, v, "5k4/3p6/10/4P5/10/10/10/10/10/5K4 b")
	p.Make(mustParse(t, p, "d9d7"))
	if !strings.Contains(p.FEN(), " w - d8 ") {
		t.Errorf("after d9d7 FEN %s, want the en-passant square d8", p.FEN())
	}
	p.Make(mustParse(t, p, "e7d8"))
	if got := p.FEN(); got != "5k4/10/3P6/10/10/10/10/10/10/5K4 b - - 0 2" {
		t.Errorf("after e7d8 FEN %s", got)
	}
	// 28: promotion.
	p = mustPosition(t, v, "9k/4P5/10/10/10/10/10/10/10/K9 w")
	p.Make(mustParse(t, p, "e9e10g"))
	if got := p.FEN(); !strings.HasPrefix(got, "4G4k/") {
		t.Errorf("after e9e10g FEN %s, want a white cannon on e10", got)
	}
	p = mustPosition(t, v, "9k/4P5/10/10/10/10/10/10/10/K9 w")
	if a, b := mustParse(t, p, "e9e10"), mustParse(t, p, "e9e10q"); a != b {
		t.Errorf("e9e10 = %v, e9e10q = %v: want the same move", a, b)
	}
}

func mustParse(t *testing.T, p *rules.Position, text string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(p, text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return m
}

// TestCannonChessSAN: SAN is read and written, with captures, disambiguation,
// promotions, en passant and check marks.
func TestCannonChessSAN(t *testing.T) {
	v := CannonChess()
	rows := []struct {
		fen, san, coord string
	}{
		{CannonChessStart, "e4", "e2e4"},
		{CannonChessStart, "Nh3", "i1h3"},
		{"5k4/10/10/10/10/10/10/4n5/10/4G4K w", "Gxe3", "e1e3"},
		{"5k4/10/10/10/10/10/10/4n5/10/4G4K w", "Ga5", "e1a5"},
		{"9k/4P5/10/10/10/10/10/10/10/K9 w", "e10=G", "e9e10g"},
		{"9k/4P5/10/10/10/10/10/10/10/K9 w", "e10=Q+", "e9e10q"},
		{"5k4/10/10/3pP5/10/10/10/10/10/5K4 w - d8", "exd8", "e7d8"},
		{"5k4/10/10/10/10/10/10/10/5K4/R8R w", "Rad1", "a1d1"},
		{"5k4/10/10/10/10/10/R9/10/10/R4K4 w", "R4a2", "a4a2"},
		{"9k/10/10/10/10/10/10/10/10/K5R3 w", "Rg10+", "g1g10"},
		{"9k/10/10/10/10/10/10/10/8R1/K7R1 w", "Rj1#", "i1j1"},
	}
	for _, r := range rows {
		p := mustPosition(t, v, r.fen)
		m, err := rules.ParseMove(p, r.coord)
		if err != nil {
			t.Fatalf("%s: %v", r.coord, err)
		}
		if got := rules.FormatMove(p, m, rules.StyleWXF); got != r.san {
			t.Errorf("%s in %s writes %q, want %q", r.coord, r.fen, got, r.san)
		}
		if back, err := rules.ParseMove(p, r.san); err != nil || back != m {
			t.Errorf("%s reads as %v, %v; want %v", r.san, back, err, m)
		}
	}
	p := mustPosition(t, v, CannonChessStart)
	for _, in := range []string{"Nxf3", "e5", "Ke2"} {
		_, err := rules.ParseMove(p, in)
		if _, ok := err.(*rules.IllegalMoveError); !ok {
			t.Errorf("%s: %v, want a refusal", in, err)
		}
	}
	if _, err := rules.ParseMove(p, "hello"); err == nil || !strings.Contains(err.Error(), "SAN") {
		t.Errorf("hello: %v, want a reply that names SAN", err)
	}
	p = mustPosition(t, v, "5k4/10/10/10/10/10/10/10/5K4/R8R w")
	if _, err := rules.ParseMove(p, "Rd1"); err == nil || !strings.Contains(err.Error(), "Rad1 or Rjd1") {
		t.Errorf("Rd1 with two rooks: %v", err)
	}
}

// TestCannonChessEnds: checkmate, stalemate, the fifty-move rule, threefold
// repetition and the dead positions (cannon-chess.md §7).
func TestCannonChessEnds(t *testing.T) {
	v := CannonChess()
	end := func(fen, moves string) rules.Outcome {
		t.Helper()
		g, err := rules.NewGame(v, fen)
		if err != nil {
			t.Fatal(err)
		}
		playAll(t, g, moves)
		return g.Outcome()
	}
	if o := end("9k/10/10/10/10/10/10/10/8R1/K7R1 w", "i1j1"); !o.Over || o.Winner != rules.Red || o.Reason != rules.ReasonCheckmate {
		t.Errorf("mate: %+v", o)
	}
	// Black king j10, white king h8, queen i8 after the move: no move, not in check.
	if o := end("9k/10/7K2/10/10/8Q1/10/10/10/10 w", "i5i8"); !o.Over || !o.Draw || o.Reason != rules.ReasonStalemate {
		t.Errorf("stalemate: %+v", o)
	}
	if o := end("9k/10/10/10/10/10/10/10/10/K7R1 w - - 99 80", "i1i2"); !o.Over || !o.Draw || o.Reason != rules.ReasonMoveLimit {
		t.Errorf("fifty moves: %+v", o)
	}
	if o := end("9k/10/10/10/10/10/10/10/P9/1K6R1 w - - 99 80", "a2a3"); o.Over {
		t.Errorf("a pawn move resets the count: got %+v", o)
	}
	if o := end("9k/10/10/10/10/10/10/10/10/K7R1 w", "a1a2 j10j9 a2a1 j9j10 a1a2 j10j9 a2a1 j9j10"); !o.Over || !o.Draw || o.Reason != rules.ReasonRepetition {
		t.Errorf("threefold repetition: %+v", o)
	}
	if o := end("9k/10/10/10/10/10/10/10/8r1/K6B2 w", "h1i2"); !o.Over || !o.Draw || o.Reason != rules.ReasonMaterial {
		t.Errorf("K+B vs K after taking the rook: %+v", o)
	}
	for _, fen := range []string{"9k/10/10/10/10/10/10/10/10/K7BB w", "9k/10/10/10/10/10/10/10/10/K7G1 w", "9k/10/10/10/10/10/10/10/10/K7Nn w"} {
		p := mustPosition(t, v, fen)
		if o, over := p.Outcome(); over {
			t.Errorf("%s: %+v, the game goes on", fen, o)
		}
	}
}

// TestCannonChessRandomGames: make/unmake exact, hash equal to the hash read back
// from the FEN, legal moves read back from their text (randomGame).
func TestCannonChessRandomGames(t *testing.T) {
	v := CannonChess()
	games, plies := 8, 160
	if small() {
		games, plies = 2, 60
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(1900+g)), plies)
	}
}
