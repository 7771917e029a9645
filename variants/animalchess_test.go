package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestAnimalChessSpec: every test case of animal-chess.md §9 is a row. Pools
// are the hands of the FEN: [E] is White's captured elephant.
func TestAnimalChessSpec(t *testing.T) {
	v := AnimalChess()
	vs := AnimalChessSnake()
	const start = AnimalChessStart
	const snakeStart = "mfwltego/uuuuuuuu/6s1/8/8/1S6/UUUUUUUU/MFWLTEGO"
	rows := []struct {
		n              int
		snake          bool
		fen            string
		legal, illegal string
	}{
		{1, false, start, "g1h4 b1c3 e2d3", ""},
		{2, false, start, "h1h7", ""},
		{3, false, start, "", "d1b4 e2e3 a1h1"},
		{4, false, "4t3/8/8/8/3L4/8/8/4T3 w", "d4f7 d4a6 d4g2", ""},
		{5, false, "4t3/8/8/8/3L4/8/8/4T3 w", "", "d4f6"},
		{6, false, "4t3/5u2/8/4u3/3L4/8/8/4T3 w", "", "d4f7 d4g6"},
		{7, false, "4t3/5u2/8/4u3/3L4/8/8/4T3 w", "d4b7", ""},
		{8, false, "4t3/5u2/8/8/3L4/8/8/4T3 w", "d4f7", ""},
		{9, false, "7t/8/8/4u3/8/8/4U3/3uO2T w", "e1e5", ""},
		{10, false, "7t/8/8/4u3/8/8/4U3/3uO2T w", "", "e1e3 e1d1 e1h1"},
		{11, false, "7t/8/8/4u3/8/8/4U3/3uO2T w", "e1g1", ""},
		{12, false, "7t/8/8/4u3/8/8/4U3/1u1uO2T w", "e1b1", ""},
		{13, false, "7t/6u1/5U2/8/3W4/3u4/8/T7 w", "d4g7", ""},
		{14, false, "7t/6u1/5U2/8/3W4/3u4/8/T7 w", "d4e5 d4c3", ""},
		{15, false, "7t/6u1/5U2/8/3W4/3u4/8/T7 w", "", "d4f6 d4d3"},
		{16, false, "7t/6u1/5U2/8/3W4/8/8/T7 w", "d4d3", "d4d5"},
		{17, false, "7t/8/8/3uu3/3G4/8/8/T7 w", "d4e7 d4g5 d4d3", ""},
		{18, false, "7t/8/8/3uu3/3G4/8/8/T7 w", "", "d4d5 d4e6"},
		{19, false, "7t/8/8/3uu3/3G4/3u4/8/T7 w", "", "d4d3"},
		{20, false, "7t/8/8/4g3/8/8/8/T7 b", "e5e6 e5f2", "e5e4"},
		{21, false, "3t4/8/8/8/8/8/8/M1UT4 w", "a1h1 a1a8", ""},
		{22, false, "3t4/8/8/8/8/8/8/M1UT4 w", "", "a1h8"},
		{23, false, "3t4/8/8/8/8/8/8/M1UT3u w", "", "a1h1"},
		{24, false, "m2t4/8/8/8/8/8/8/M1UT4 w", "", "a1a8"},
		{25, false, "3t4/8/8/8/8/8/1M6/2UT4 w", "b2a1", "b2h1"},
		{26, false, "7t/8/8/3u4/3E4/8/8/T7 b", "", "d5d4 d5c4"},
		{27, false, "7t/8/8/3u4/3Ef3/8/8/T7 b", "d5d4 e4c3", ""},
		{28, false, "7t/8/8/3u4/3E4/2f5/8/T7 b", "c3e2", "d5d4"},
		{29, false, "8/8/8/8/8/8/8/Te5t b", "h1g2", ""},
		{30, false, "8/8/8/8/8/8/8/Te5t w", "", "a1a2 a1b1"},
		{31, false, "8/8/8/8/8/8/8/TE5t w", "a1a2", ""},
		{32, false, "7t/8/8/3u4/2uU4/8/8/T7 w", "d4d5 d4c4", ""},
		{33, false, "7t/8/8/3u4/2uU4/8/8/T7 w", "d4e5 d4c5", ""},
		{34, false, "7t/8/8/8/2uU4/8/8/T7 w", "", "d4d5"},
		{35, false, "7t/8/8/2u5/3U4/8/8/T7 w", "", "d4c5"},
		{36, false, "7t/8/8/8/3U4/8/8/T7 w", "", "d4d3 d4e3"},
		{37, false, "7t/8/8/8/2u5/2U5/8/T7 b", "c4c3 c4d3 c4b3", ""},
		{38, false, "7t/8/8/8/2u5/3U4/8/T7 b", "", "c4d3"},
		{39, false, "7t/8/8/3U4/8/8/3e4/T7[E] w", "d5=E", ""},
		{40, false, "7t/8/8/3U4/8/8/3e4/T7 w", "", "d5=E"},
		{41, false, "7t/8/8/3U4/8/8/3e4/T7[EF] w", "", "d5=F"},
		{42, false, "7t/3e4/8/3U4/8/8/8/T7[E] w", "", "d5=E"},
		{43, false, "7t/8/8/3U4/3u4/3W4/3e4/T2f4[EFU] w", "d5=E d5=F", "d5=U"},
		{44, false, "t7/8/8/3E4/8/8/3u4/7T[e] b", "d2=E", ""},
		{45, false, "7t/8/8/3Ue3/8/8/3e4/T7[E] w", "", "d5=E"},
		{46, false, "8/8/8/8/8/3t4/8/3TO3 w", "d1e2 d1d2", ""},
		{47, false, "8/8/8/8/8/3t4/3T4/4O3 b", "d3d2", ""},
		{48, true, "7t/8/8/8/3S4/8/8/T7 w", "d4c5 d4d8 d4c1 d4a5 d4h4", ""},
		{49, true, "7t/8/8/8/3S4/8/8/T7 w", "", "d4e3 d4b6 d4d5"},
		{50, true, "7t/8/3u4/8/3S4/8/8/T7 w", "d4d6", "d4c7"},
		{51, true, "7t/2u5/8/8/3S4/8/8/T7 w", "d4c7", "d4d8 d4d7"},
		{52, true, "7t/8/8/8/8/8/8/S3T3 w", "a1b2 a1c1 a1d2", "a1a2"},
		{53, true, "S6t/8/8/8/8/8/8/4T3 w", "", "a8b7"},
		{54, true, "7S/8/8/8/8/8/8/t3T3 w", "h8g7 h8h6", "h8f8"},
		{55, true, "7t/8/8/4s3/8/8/8/T7 b", "e5f4 e5e1 e5h4 e5a5 e5f8 e5d4", ""},
		{56, true, "7t/8/8/4s3/8/8/8/T7 b", "", "e5d6 e5c3"},
		{57, true, snakeStart + " w", "b3b7 b3c4 b3a4 b3h3", ""},
		{58, true, snakeStart + " b", "g6g2 g6a6 g6h5 g6f5", ""},
	}
	for _, r := range rows {
		t.Run(itoa(r.n), func(t *testing.T) {
			vv := v
			if r.snake {
				vv = vs
			}
			checkMoves(t, mustPosition(t, vv, r.fen), r.legal, r.illegal)
		})
	}
	// 30: White has no legal move and loses; 47: taking the tiger wins.
	g, err := rules.NewGame(v, "8/8/8/8/8/8/8/Te5t w")
	if err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); !o.Over || o.Winner != rules.Black {
		t.Errorf("30: %+v, want Black wins (White cannot move)", o)
	}
	g, _ = rules.NewGame(v, "8/8/8/8/8/3t4/3T4/4O3 b")
	playAll(t, g, "d3d2")
	if o := g.Outcome(); !o.Over || o.Winner != rules.Black || o.Reason != rules.ReasonVariantGoal {
		t.Errorf("47: %+v, want Black wins by taking the tiger", o)
	}
	// 39: the elephant comes back; 2: the captured bear goes to Black's pool.
	p := mustPosition(t, v, "7t/8/8/3U4/8/8/3e4/T7[E] w")
	p.Make(mustParse(t, p, "d5=E"))
	if got := p.FEN(); !strings.HasPrefix(got, "7t/8/8/3E4/8/8/3e4/T7[] b") {
		t.Errorf("39: after d5=E: %s", got)
	}
	p = mustPosition(t, v, start)
	p.Make(mustParse(t, p, "h1h7"))
	if got := p.FEN(); !strings.HasPrefix(got, "mfwltego/uuuuuuuO/8/8/8/8/UUUUUUUU/MFWLTEG1[u] b") {
		t.Errorf("2: after h1h7: %s", got)
	}
	// 50, 51: the snake captures on its last square.
	p = mustPosition(t, vs, "7t/2u5/8/8/3S4/8/8/T7 w")
	if m := mustParse(t, p, "d4c7"); m.Flags&rules.FlagCapture == 0 {
		t.Error("51: d4c7 should capture")
	}
}

// TestAnimalChessRefusals: refusals in the animals' own terms.
func TestAnimalChessRefusals(t *testing.T) {
	v := AnimalChess()
	for _, c := range []struct{ fen, move, want string }{
		{"7t/8/8/3U4/8/8/3e4/T7 w", "d5=E", "you have no captured elephant to bring back"},
		{"7t/8/8/3U4/8/8/3e4/T7[EF] w", "d5=F", "no enemy cat stands behind the bear on d5"},
		{"7t/8/8/3Ue3/8/8/3e4/T7[E] w", "d5=E", "wrapped by an enemy elephant's trunk"},
		{"7t/8/8/3U4/8/8/3e4/T7[E] w", "d4=E", "no bear of yours on d4"},
		{"7t/8/8/3u4/3E4/8/8/T7 b", "d5d4", "frozen"},
		{AnimalChessStart, "e2e3", "a bear steps straight forward or sideways only to capture"},
		{"7t/8/8/8/3U4/8/8/T7 w", "d4d3", "a bear never moves backward"},
		{"7t/8/8/2u5/3U4/8/8/T7 w", "d4c5", "a bear never captures diagonally"},
	} {
		_, err := rules.ParseMove(mustPosition(t, v, c.fen), c.move)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s in %s: %v, want %q", c.move, c.fen, err, c.want)
		}
	}
	vs := AnimalChessSnake()
	_, err := rules.ParseMove(mustPosition(t, vs, "7t/8/8/8/3S4/8/8/T7 w"), "d4e3")
	if err == nil || !strings.Contains(err.Error(), "zigzags") {
		t.Errorf("d4e3: %v, want the snake's path explained", err)
	}
	if _, err := testRegistry().Build("xiangqi", []string{"snake"}); err == nil {
		t.Error("the snake option on xiangqi should be refused")
	}
	if v, err := testRegistry().Build("animal-chess", []string{"snake"}); err != nil || v.StartFEN != vs.StartFEN {
		t.Errorf("animal-chess snake: %v", err)
	}
}

// TestAnimalChessRandomGames: make/unmake, hash, FEN and move texts read back.
func TestAnimalChessRandomGames(t *testing.T) {
	games, plies := 6, 160
	if small() {
		games, plies = 2, 60
	}
	for _, v := range []*rules.Variant{AnimalChess(), AnimalChessSnake()} {
		for g := 0; g < games; g++ {
			randomGame(t, v, newRand(uint64(4700+g)), plies)
		}
	}
}

// TestAnimalChessPerft records the start positions' perft as a regression.
func TestAnimalChessPerft(t *testing.T) {
	for _, c := range []struct {
		v    *rules.Variant
		want []uint64
	}{
		{AnimalChess(), []uint64{19, 362, 7653}},
		{AnimalChessSnake(), []uint64{27, 732, 20040}},
	} {
		p := mustPosition(t, c.v, c.v.StartFEN)
		for d, n := range c.want {
			if got := p.Perft(d + 1); got != n {
				t.Errorf("%s depth %d: %d nodes, want %d", c.v.Slug, d+1, got, n)
			}
		}
	}
}
