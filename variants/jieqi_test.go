package variants

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/internal/testsize"
	"github.com/chuhe/chuhe/rules"
)

// The test cases of rules/jieqi.md §11 as table rows. The spec writes a
// face-down piece of unknown identity as X/x; here every position is a full view
// (`*P`, the true kind), and a row's identity is one that cannot matter.

// jieqiS1 is shuffle S1 of jieqi.md §11.
const jieqiS1 = "*n*p*c*pk*r*b*p*a/9/1*r5*c1/*p1*a1*n1*b1*p/9/9/*A1*N1*C1*B1*P/1*R5*P1/9/*P*C*R*NK*P*A*B*P w - - 0 1"

// jieqiPublicStart is the public view of every shuffle (§3, written with the
// core's `*X` for a face-down piece nobody knows).
const jieqiPublicStart = "*x*x*x*xk*x*x*x*x/9/1*x5*x1/*x1*x1*x1*x1*x/9/9/*X1*X1*X1*X1*X/1*X5*X1/9/*X*X*X*XK*X*X*X*X w R2N2B2A2C2P5r2n2b2a2c2p5 - 0 1"

func mustJieqi(t testing.TB) *rules.Variant {
	t.Helper()
	v, ok := testRegistry().Get("jieqi")
	if !ok {
		t.Fatal("no jieqi")
	}
	return v
}

// factTexts joins the texts of a report's facts.
func factTexts(r rules.Report) string {
	var out []string
	for _, f := range r.Facts {
		out = append(out, f.What+": "+f.Text)
	}
	return strings.Join(out, " | ")
}

func TestJieqiFaceDownMoves(t *testing.T) {
	v := mustJieqi(t)
	const start44 = "a0a1 a0a2 a3a4 b0a2 b0c2 b2a2 b2b1 b2b3 b2b4 b2b5 b2b6 b2b9 b2c2 b2d2 b2e2 b2f2 b2g2 c0a2 c0e2 c3c4 " +
		"d0e1 e0e1 e3e4 f0e1 g0e2 g0i2 g3g4 h0g2 h0i2 h2c2 h2d2 h2e2 h2f2 h2g2 h2h1 h2h3 h2h4 h2h5 h2h6 h2h9 h2i2 i0i1 i0i2 i3i4"
	for _, c := range []struct {
		n        int
		fen      string
		legal    string
		illegal  string
		complete bool
	}{
		// 1: the 44 moves of the xiangqi start, independent of the shuffle.
		{1, jieqiS1, start44, "", true},
		{1, JieqiStart, start44, "", true},
		// 2: face-down advisors stay in the palace; an uncrossed soldier point moves
		// forward only; an elephant point moves two diagonally.
		{2, jieqiS1, "", "d0c1 f0g1 a3b3 c0c2", false},
		// 10: the face-down d0 is pinned by the chariot on a0.
		{10, "3k5/9/9/9/9/9/9/9/9/r2*AK4 w", "e0e1 e0f0", "d0e1", true},
		// 11: a face-down cannon point captures over a face-down screen.
		{11, "3k5/9/1*p7/9/9/9/9/1*P7/9/1R2K4 b",
			"b7a7 b7b0 b7b3 b7b4 b7b5 b7b6 b7b8 b7b9 b7c7 b7d7 b7e7 b7f7 b7g7 b7h7 b7i7 d9d8", "", true},
		// 12: a face-down piece can be captured.
		{12, "4k4/9/9/*p8/R8/9/9/9/9/3K5 w",
			"a5a0 a5a1 a5a2 a5a3 a5a4 a5a6 a5b5 a5c5 a5d5 a5e5 a5f5 a5g5 a5h5 a5i5 d0d1", "", true},
		// 13: a face-down piece separates the generals.
		{13, "4k4/9/9/9/9/9/4*P4/9/9/4K4 w", "e0d0 e0e1 e0f0 e3e4", "", true},
		// 14-19, zones=free (the default): face-up advisors and elephants go anywhere.
		{14, "3k5/9/9/9/9/A8/9/9/9/4K4 w", "a4b3 a4b5 e0e1 e0f0", "", true},
		{15, "4k4/9/9/9/2B6/9/9/9/9/3K5 w", "c5a3 c5a7 c5e3 c5e7 d0d1", "", true},
		{16, "4k4/9/9/9/3b5/2B6/9/9/9/3K5 w", "c4a2 c4a6 c4e2 d0d1", "c4e6", true},
		{17, "3k5/9/9/9/9/9/9/9/9/3AK4 w", "d0c1 d0e1 e0e1 e0f0", "", true},
		{18, "3k5/9/9/9/9/9/9/9/9/3*AK4 w", "d0e1 e0e1 e0f0", "d0c1", true},
		{18, "3k5/9/9/9/9/9/9/9/9/3*RK4 w", "d0e1 e0e1 e0f0", "d0c1", true},
		{19, "3k5/9/9/9/9/9/9/9/9/P3K4 w", "a0a1 e0e1 e0f0", "", true},
		// Soldiers revealed on their own half step forward only; crossed, sideways too.
		{19, "3k5/9/9/9/9/9/9/9/4P4/5K3 w", "e1e2 f0e0 f0f1", "", true},
		{19, "3k5/9/9/4P4/9/9/9/9/9/5K3 w", "e6d6 e6e7 e6f6 f0e0 f0f1", "", true},
	} {
		t.Run(fmt.Sprint(c.n), func(t *testing.T) {
			p := mustPosition(t, v, c.fen)
			got := checkMoves(t, p, c.legal, c.illegal)
			if c.complete && strings.Join(got, " ") != c.legal {
				t.Errorf("legal moves %v, want exactly %s", got, c.legal)
			}
		})
	}
}

// TestJieqiPerftAnyShuffle: under every shuffle the start has the 44 moves of
// xiangqi and the same public view (test 1).
func TestJieqiPerftAnyShuffle(t *testing.T) {
	v := mustJieqi(t)
	rnd := newRand(20)
	for i := 0; i < 20; i++ {
		fen, err := rules.Deal(v, "", rnd)
		if err != nil {
			t.Fatal(err)
		}
		p := mustPosition(t, v, fen)
		if n := p.Perft(1); n != 44 {
			t.Errorf("%s: perft 1 = %d, want 44", fen, n)
		}
		if p.PublicFEN() != jieqiPublicStart {
			t.Errorf("public start %s", p.PublicFEN())
		}
	}
}

func TestJieqiReveals(t *testing.T) {
	v := mustJieqi(t)
	// 3: h2e2 reveals S1's soldier, which then moves forward only.
	g, err := rules.NewGame(v, jieqiS1)
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "h2e2")
	p := g.Position()
	if got, want := p.PublicFEN(), "*x*x*x*xk*x*x*x*x/9/1*x5*x1/*x1*x1*x1*x1*x/9/9/*X1*X1*X1*X1*X/1*X2P4/9/*X*X*X*XK*X*X*X*X b R2N2B2A2C2P4r2n2b2a2c2p5 - 0 1"; got != want {
		t.Errorf("public FEN after h2e2:\n%s\nwant\n%s", got, want)
	}
	if got := factTexts(g.Report()); got != "flip: Red's face-down piece from h2 turns up on e2: a soldier (兵)." {
		t.Errorf("facts %q", got)
	}
	playAll(t, g, "a9a8")
	checkMoves(t, g.Position(), "", "e2d2 e2f2 e2e1")

	// 4, 5: b2b9 reveals a chariot and takes the face-down soldier on b9 unseen;
	// a9b9 takes it back with a revealed horse.
	g, _ = rules.NewGame(v, jieqiS1)
	playAll(t, g, "b2b9")
	if got, want := g.Position().PublicFEN(), "*xR*x*xk*x*x*x*x/9/1*x5*x1/*x1*x1*x1*x1*x/9/9/*X1*X1*X1*X1*X/7*X1/9/*X*X*X*XK*X*X*X*X b R1N2B2A2C2P5r2n2b2a2c2p5 - 0 1"; got != want {
		t.Errorf("public FEN after b2b9:\n%s\nwant\n%s", got, want)
	}
	// Fields 3 and 4 per view: Red identified the soldier; Black did not.
	for _, c := range []struct {
		name, fen, want string
	}{
		{"full", g.Position().FEN(), " b R1N2B2A2C2P5r2n2b2a2c2p4 p1 0 1"},
		{"Red's", g.Position().ViewFEN(rules.RedAudience), " b R1N2B2A2C2P5r2n2b2a2c2p4 p1 0 1"},
		{"Black's", g.Position().ViewFEN(rules.BlackAudience), " b R1N2B2A2C2P5r2n2b2a2c2p5 - 0 1"},
	} {
		if !strings.HasSuffix(c.fen, c.want) {
			t.Errorf("%s FEN %s, want it to end in %q", c.name, c.fen, c.want)
		}
	}
	if back := mustPosition(t, v, g.Position().FEN()); back.Hash() != g.Position().Hash() || back.FEN() != g.Position().FEN() {
		t.Errorf("the full FEN does not read back: %s", back.FEN())
	}
	facts := factTexts(g.Report())
	if facts != "capture: Red captures a face-down piece on b9; it is taken away unseen. | flip: Red's face-down piece from b2 turns up on b9: a chariot (車)." {
		t.Errorf("facts %q", facts)
	}
	if strings.Contains(facts, "soldier") || strings.Contains(facts, "卒") {
		t.Errorf("the captured identity is public: %s", facts)
	}
	// Red alone is told what it took (§7.3); Black is told nothing.
	if r := g.Report(); len(r.Told[rules.Red]) != 2 || len(r.Told[rules.Black]) != 0 ||
		r.Told[rules.Red][0].Text != "b2b9: the face-down piece Red captured on b9 was a soldier (卒)." ||
		r.Told[rules.Red][1].Text != "Red's pool of pieces not yet seen, as Red knows it: R1N2B2A2C2P5r2n2b2a2c2p4." {
		t.Errorf("told %+v", r.Told)
	}
	playAll(t, g, "a9b9")
	if len(g.Report().Told[rules.Black]) != 0 {
		t.Errorf("taking a face-up piece tells something: %+v", g.Report().Told)
	}
	if got := factTexts(g.Report()); got != "flip: Black's face-down piece from a9 turns up on b9: a horse (馬)." {
		t.Errorf("facts after a9b9 %q", got)
	}

	// 8, 9: the same public move; the revealed kind decides what follows.
	for _, c := range []struct {
		fen, reply string
		check      bool
	}{
		{"4k4/9/9/9/9/9/9/9/9/3K4*R w", "e9e8", true},
		{"4k4/9/9/9/9/9/9/9/9/3K4*P w", "e9e8 e9f9", false},
	} {
		g, _ := rules.NewGame(v, c.fen)
		if got := strings.Join(legalTexts(g.Position()), " "); got != "d0d1 i0e0 i0f0 i0g0 i0h0 i0i1 i0i2 i0i3 i0i4 i0i5 i0i6 i0i7 i0i8 i0i9" {
			t.Errorf("%s: Red's moves %s", c.fen, got)
		}
		playAll(t, g, "i0i9")
		if g.Position().InCheck() != c.check {
			t.Errorf("%s: check %v", c.fen, !c.check)
		}
		if got := strings.Join(legalTexts(g.Position()), " "); got != c.reply {
			t.Errorf("%s: Black's replies %s, want %s", c.fen, got, c.reply)
		}
	}
}

func TestJieqiGameEnd(t *testing.T) {
	v := mustJieqi(t)
	for _, c := range []struct {
		n     int
		fen   string
		moves string
		want  rules.Outcome
	}{
		// 20: stalemate by a free advisor: Red wins.
		{20, "3k5/9/2A6/9/9/9/9/9/9/4K4 b", "", rules.Win(rules.Red, rules.ReasonStalemate)},
		// 21: bare generals: drawn at once.
		{21, "3k5/9/9/9/9/9/9/9/9/4K4 w", "", rules.Drawn(rules.ReasonMaterial)},
		// 22: a face-down piece may be anything: not drawn.
		{22, "3k5/9/9/9/9/9/*P8/9/9/4K4 w", "", rules.Outcome{}},
		// 23: 120 plies without capture or reveal.
		{23, "3k5/9/9/9/9/R8/9/9/9/4K3*R w - - 119 60", "a4a5", rules.Drawn(rules.ReasonMoveLimit)},
		// 24: a reveal resets the count.
		{24, "3k5/9/9/9/9/R8/9/9/9/4K3*R w - - 119 60", "i0i1", rules.Outcome{}},
		// 25: perpetual check as in xiangqi (its test 26): the victim completes the
		// third occurrence and the checker must change (the arbiter refuses its
		// next check), so the game goes on.
		{25, "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1", "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9", rules.Outcome{}},
	} {
		t.Run(fmt.Sprint(c.n), func(t *testing.T) {
			g, err := rules.NewGame(v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			playAll(t, g, c.moves)
			got := g.Outcome()
			want := c.want
			if want != (rules.Outcome{}) {
				want.Over = true
			}
			if got != want {
				t.Errorf("outcome %+v, want %+v", got, want)
			}
			if c.n == 24 && g.Position().Halfmove() != 0 {
				t.Errorf("capture clock %d after a reveal, want 0", g.Position().Halfmove())
			}
		})
	}
}

// TestJieqiDisclosure (26, in part): at the end the bot publishes every piece
// still face down with its true kind.
func TestJieqiDisclosure(t *testing.T) {
	v := mustJieqi(t)
	p := mustPosition(t, v, jieqiS1)
	secrets := p.Secrets()
	if len(secrets) != 2 || len(secrets[0].Pieces) != 15 || len(secrets[1].Pieces) != 15 {
		t.Fatalf("secrets %+v", secrets)
	}
	if !strings.Contains(secrets[0].Text, "the face-down piece on a0 is a soldier") {
		t.Errorf("Red's disclosure %q", secrets[0].Text)
	}
}

func TestJieqiFEN(t *testing.T) {
	v := mustJieqi(t)
	for _, c := range []struct{ fen, err string }{
		{"4k4/9/9/9/9/9/9/9/9/3K1*R3 w", ""},                // f0 is a start point (an advisor's)
		{"4k4/9/9/9/9/9/9/9/9/3K1*P*P*P*P w", ""},           // face-down soldiers on other kinds' points
		{"4k4/9/9/9/9/9/9/9/4*R4/3K5 w", "start point"},     // e1 is no start point
		{"4k4/9/9/9/9/9/9/9/9/*r2K5 w", "start point"},      // a Black piece on a Red point
		{"4k4/9/9/9/9/9/9/9/9/3KD4 w", "not a piece"},       // the palace-advisor kind
		{"4k4/9/9/9/9/9/9/9/9/R*RR*R*RK3 w", "chariot"},     // five chariots
		{"3k5/9/9/9/9/9/9/9/9/RR2K4 w - R1 0 1", "chariot"}, // two on the board, one captured face down
		{"3k5/9/9/9/9/9/9/9/9/RR2K4 w - p5 0 1", ""},        // five soldiers captured face down
		{"3k5/9/9/9/9/9/9/9/9/RR2K4 w R1 - 0 1", "pool"},    // a pool that is not the face-down pieces
		{"4k4/9/9/9/9/9/9/9/9/3K4*R w R1 - 0 1", ""},        // the pool of the full view
		{"4k4/9/9/9/9/9/9/9/9/3K4*R w - K1 0 1", "pool"},    // a general is never captured face down
	} {
		_, err := rules.NewPosition(v, c.fen)
		if c.err == "" {
			if err != nil {
				t.Errorf("%s: %v", c.fen, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want one about %s", c.fen, err, c.err)
		}
	}
}

// TestJieqiRandomGames plays random games from dealt starts: make/unmake exact,
// hashes equal to the FEN read back, coordinates read back.
func TestJieqiRandomGames(t *testing.T) {
	v := mustJieqi(t)
	games, plies := 6, 150
	if small() {
		games, plies = 2, 60
	}
	rnd := newRand(7)
	for i := 0; i < games; i++ {
		start, err := rules.Deal(v, "", rnd)
		if err != nil {
			t.Fatal(err)
		}
		dealt := *v
		dealt.StartFEN = start // randomGame starts from the variant's start
		randomGame(t, &dealt, rnd, plies)
	}
	// The options, one game each.
	for _, opts := range [][]string{{"zones zones=strict"}, {"pool pool=hide", "captured captured=none"}} {
		ov, err := testRegistry().Build("jieqi", opts)
		if err != nil {
			t.Fatal(err)
		}
		start, err := rules.Deal(ov, "", rnd)
		if err != nil {
			t.Fatal(err)
		}
		dealt := *ov
		dealt.StartFEN = start
		randomGame(t, &dealt, rnd, plies)
	}
}

// swapTwo swaps the kinds of two face-down pieces of one side that differ, picked
// by pick, in a full FEN; ok=false when there are no two such pieces.
func swapTwo(fen string, pick int) (string, bool) {
	board, rest, _ := strings.Cut(fen, " ")
	b := []byte(board)
	for _, lower := range []bool{pick%2 == 1, pick%2 == 0} {
		var at []int
		for i := 0; i+1 < len(b); i++ {
			if b[i] == '*' && (b[i+1] >= 'a') == lower {
				at = append(at, i+1)
			}
		}
		for k := 0; k < len(at)*len(at); k++ {
			i, j := at[(pick+k)%len(at)], at[(pick*7+k/len(at))%len(at)]
			if b[i] != b[j] {
				b[i], b[j] = b[j], b[i]
				return string(b) + " " + rest, true
			}
		}
	}
	return "", false
}

// TestHiddenJieqiLeaks: twin games under shuffles that differ in two pieces play
// the same moves; until one of the two is revealed, everything public is
// identical: views, FENs, move texts in every style, refusals, facts (captures
// of face-down pieces included) and outcomes. At every position the twin of the
// current position is compared too.
func TestHiddenJieqiLeaks(t *testing.T) {
	t.Parallel()
	v := mustJieqi(t)
	games, plies := leakSize()
	games *= 4
	rnd := newRand(20)
	words := []string{"h2e2P", "C2.5", "炮二平五", "d0c1", "a3b3", "reveal", "flip a0"}
	compared, twinPlies := 0, 0
	for game := 0; game < games; game++ {
		start, err := rules.Deal(v, "", rnd)
		if err != nil {
			t.Fatal(err)
		}
		twinStart, ok := swapTwo(start, game)
		if !ok {
			t.Fatal("no twin of a start")
		}
		g, _ := rules.NewGame(v, start)
		tg, err := rules.NewGame(v, twinStart)
		if err != nil {
			t.Fatal(err)
		}
		twinOn := true
		for ply := 0; ply < plies*2 && !g.Outcome().Over; ply++ {
			p := g.Position()
			where := fmt.Sprintf("game %d ply %d (%s)", game, ply, p.PublicFEN())
			cands := candidates(p, rnd, words)
			face := facesOf(p, cands, true)
			if fen, ok := swapTwo(p.FEN(), ply); ok {
				q := mustPosition(t, v, fen)
				f := facesOf(q, cands, false)
				face0 := facesOf(p, cands, false)
				if !sameFace(t, where+" position twin", face0, f) {
					return
				}
				compared++
			}
			if twinOn && !sameFace(t, where+" twin game", face, facesOf(tg.Position(), cands, true)) {
				return
			}
			ms := p.LegalMoves(nil)
			m := ms[rnd.IntN(len(ms))]
			text := rules.FormatCoord(p, m)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			if !twinOn {
				continue
			}
			tm, err := rules.ParseMove(tg.Position(), text)
			if err == nil {
				err = tg.Play(tm)
			}
			if err != nil {
				t.Fatalf("%s: %s legal in the game, not in its twin: %v", where, text, err)
			}
			if !reflect.DeepEqual(g.Report().Facts, tg.Report().Facts) {
				// Only a reveal of one of the swapped pieces may differ.
				for _, f := range g.Report().Facts {
					if f.What != "flip" && f.What != "capture" {
						t.Fatalf("%s: after %s facts differ: %s / %s", where, text, factTexts(g.Report()), factTexts(tg.Report()))
					}
				}
				twinOn = false
				continue
			}
			if g.Outcome() != tg.Outcome() {
				t.Fatalf("%s: outcomes differ", where)
			}
			twinPlies++
		}
	}
	if compared == 0 || twinPlies == 0 {
		t.Fatal("nothing compared")
	}
	t.Logf("%d position twins and %d twin-game plies compared", compared, twinPlies)
}

// TestJieqiRefusals: refused moves of face-down pieces are explained by their
// point's kind (test 2), which is public.
func TestJieqiRefusals(t *testing.T) {
	v := mustJieqi(t)
	p := mustPosition(t, v, jieqiS1)
	for move, reason := range map[string]string{
		"d0c1": "the palace advisor must stay inside its palace",
		"f0g1": "the palace advisor must stay inside its palace",
		"a3b3": "the soldier may do that only after crossing the river",
		"c0c2": "a elephant does not move like that",
	} {
		checkRefusal(t, p, move, reason)
	}
}

// TestJieqiPerftS1 records perft of shuffle S1 as a regression (depth 1 is the
// spec's 44; deeper counts depend on the shuffle, through the reveals).
func TestJieqiPerftS1(t *testing.T) {
	v := mustJieqi(t)
	p := mustPosition(t, v, jieqiS1)
	for depth, want := range []uint64{1: 44, 2: 1888, 3: 73679} {
		if depth == 0 || (depth == 3 && !testsize.Long()) {
			continue
		}
		if got := p.Perft(depth); got != want {
			t.Errorf("perft %d = %d, want %d", depth, got, want)
		}
	}
}

// TestJieqiNotation: §11.4. A face-down piece is written and read as the kind
// of its point (the one on h2 is a 炮), in every style; the revealed kind is
// told by the announcement, not in the move text (which is formatted before
// the move, when the kind is nobody's to know).
func TestJieqiNotation(t *testing.T) {
	v := mustJieqi(t)
	p := mustPosition(t, v, jieqiS1)
	for _, c := range []struct{ coord, wxf, chinese string }{
		{"h2e2", "C2.5", "炮二平五"},
		{"b0c2", "H8+7", "馬八進七"},
		{"i0i1", "R1+1", "車一進一"},
		{"b2b9", "C8+7", "炮八進七"},
		{"f0e1", "A4+5", "仕四進五"},
		{"g3g4", "P3+1", "兵三進一"},
	} {
		for _, in := range []string{c.coord, c.wxf, c.chinese} {
			m, err := rules.ParseMove(p, in)
			if err != nil {
				t.Errorf("%s: %v", in, err)
				continue
			}
			if got := rules.FormatCoord(p, m); got != c.coord {
				t.Errorf("%s reads as %s, want %s", in, got, c.coord)
			}
			if got := rules.FormatMove(p, m, rules.StyleWXF); got != c.wxf {
				t.Errorf("%s in WXF: %s, want %s", in, got, c.wxf)
			}
			if got := rules.FormatMove(p, m, rules.StyleChinese); got != c.chinese {
				t.Errorf("%s in Chinese: %s, want %s", in, got, c.chinese)
			}
		}
	}
}

// TestJieqiOptions: §6 `captured` (tests 6 and 7) and `move-limit`.
func TestJieqiOptions(t *testing.T) {
	r := testRegistry()
	for _, c := range []struct {
		opt, facts string
		told       int
	}{
		{"captured captured=capturer", "capture: Red captures a face-down piece on b9; it is taken away unseen.", 2},
		{"captured captured=none", "capture: Red captures a face-down piece on b9; it is taken away unseen.", 0},
		{"captured captured=public", "identified: Red captures a face-down piece on b9: it was a soldier (卒).", 0},
	} {
		v, err := r.Build("jieqi", []string{c.opt})
		if err != nil {
			t.Fatal(err)
		}
		g, err := rules.NewGame(v, jieqiS1)
		if err != nil {
			t.Fatal(err)
		}
		playAll(t, g, "b2b9")
		want := c.facts + " | flip: Red's face-down piece from b2 turns up on b9: a chariot (車)."
		if got := factTexts(g.Report()); got != want {
			t.Errorf("%s: facts %q, want %q", c.opt, got, want)
		}
		if n := len(g.Report().Told[rules.Red]) + len(g.Report().Told[rules.Black]); n != c.told {
			t.Errorf("%s: %d facts told privately, want %d", c.opt, n, c.told)
		}
		wantFields := "c2p5 - 0 1" // the public pool counts the captured soldier among the unknown
		if strings.HasPrefix(c.facts, "identified") {
			wantFields = "c2p4 p1 0 1"
		}
		if got := g.Position().PublicFEN(); !strings.HasSuffix(got, wantFields) {
			t.Errorf("%s: public FEN %s, want it to end in %q", c.opt, got, wantFields)
		}
	}
	v, err := r.Build("jieqi", []string{"move-limit move-limit=80"})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := rules.NewGame(v, "3k5/9/9/9/9/R8/9/9/9/4K3*R w - - 79 40")
	playAll(t, g, "a4a5")
	if o := g.Outcome(); !o.Over || o.Reason != rules.ReasonMoveLimit {
		t.Errorf("move-limit=80 after 80 plies: %+v", o)
	}
	off, err := r.Build("jieqi", []string{"move-limit move-limit=off"})
	if err != nil || off.MoveLimit != 0 {
		t.Errorf("move-limit=off: %v %d", err, off.MoveLimit)
	}
	for _, bad := range [][2]string{
		{"jieqi", "move-limit move-limit=19"}, {"jieqi", "move-limit move-limit=81"}, {"jieqi", "move-limit move-limit=x"},
		{"jieqi", "captured captured=owner"}, {"jieqi", "captured"}, {"xiangqi", "captured captured=none"},
	} {
		if _, err := r.Build(bad[0], []string{bad[1]}); err == nil {
			t.Errorf("%s %s accepted", bad[0], bad[1])
		}
	}
}

// TestJieqiZonesStrict: tests 14-19, column zones=strict: face-up advisors
// and elephants move only into their palace or their own half; a piece
// revealed outside may only move back in.
func TestJieqiZonesStrict(t *testing.T) {
	v, err := testRegistry().Build("jieqi", []string{"zones zones=strict"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		n               int
		fen, legal, bad string
	}{
		{14, "3k5/9/9/9/9/A8/9/9/9/4K4 w", "e0e1 e0f0", "a4b3 a4b5"},
		{15, "4k4/9/9/9/2B6/9/9/9/9/3K5 w", "c5a3 c5e3 d0d1", "c5a7 c5e7"},
		{16, "4k4/9/9/9/3b5/2B6/9/9/9/3K5 w", "c4a2 c4e2 d0d1", "c4a6 c4e6"},
		{17, "3k5/9/9/9/9/9/9/9/9/3AK4 w", "d0e1 e0e1 e0f0", "d0c1"},
		{18, "3k5/9/9/9/9/9/9/9/9/3*AK4 w", "d0e1 e0e1 e0f0", "d0c1"},
		{19, "3k5/9/9/9/9/9/9/9/9/P3K4 w", "a0a1 e0e1 e0f0", ""},
	} {
		t.Run(fmt.Sprint(c.n), func(t *testing.T) {
			p := mustPosition(t, v, c.fen)
			if got := checkMoves(t, p, c.legal, c.bad); strings.Join(got, " ") != c.legal {
				t.Errorf("legal moves %v, want exactly %s", got, c.legal)
			}
		})
	}
	// Insufficient material is xiangqi's rule: advisors and elephants cannot mate.
	g, err := rules.NewGame(v, "3k5/9/9/9/9/9/9/9/9/3AK4 w")
	if err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); !o.Over || o.Reason != rules.ReasonMaterial {
		t.Errorf("a general and an advisor against a general with zones=strict: %+v", o)
	}
	free, err := rules.NewGame(mustJieqi(t), "3k5/9/9/9/9/9/9/9/9/3AK4 w")
	if err != nil {
		t.Fatal(err)
	}
	if free.Outcome().Over {
		t.Errorf("zones=free: %+v", free.Outcome())
	}
}

// TestJieqiPoolOption: pool=show (the default) gives each viewer's pool to
// the board (rules.Position.Pool); pool=hide none, and FEN field 3 of every
// view is -, while the full FEN keeps it for storage.
func TestJieqiPoolOption(t *testing.T) {
	show := mustJieqi(t)
	p := mustPosition(t, show, jieqiS1)
	pool, ok := p.Pool(rules.Public)
	if !ok || pool[rules.Red][show.KindByLetter('P')] != 5 || pool[rules.Black][show.KindByLetter('R')] != 2 {
		t.Errorf("public pool %v %v", pool, ok)
	}
	if n := len(p.View(rules.Public).Hands[rules.Black]); n != 15 {
		t.Errorf("the public view shows %d of Black's pool, want 15", n)
	}
	hide, err := testRegistry().Build("jieqi", []string{"pool pool=hide"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.NewGame(hide, jieqiS1)
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "h2e2 h9g7 b2b9")
	q := g.Position()
	if _, ok := q.Pool(rules.AudienceOf(rules.Red)); ok {
		t.Error("pool=hide shows a pool")
	}
	for _, a := range []rules.Audience{rules.Public, rules.RedAudience, rules.BlackAudience} {
		if f := strings.Fields(q.ViewFEN(a)); f[2] != "-" {
			t.Errorf("pool=hide: %s view field 3 = %s", a, f[2])
		}
	}
	if f := strings.Fields(q.FEN()); f[2] == "-" {
		t.Errorf("pool=hide: the full FEN lost its pool: %s", q.FEN())
	}
	for _, f := range g.Report().Told[rules.Red] {
		if f.What == "pool" {
			t.Errorf("pool=hide: the capturer is told a pool: %s", f.Text)
		}
	}
	if _, err := testRegistry().Build("jieqi", []string{"pool pool=maybe"}); err == nil {
		t.Error("pool=maybe accepted")
	}
	if _, err := testRegistry().Build("xiangqi", []string{"zones zones=strict"}); err == nil {
		t.Error("zones= accepted on xiangqi")
	}
}
