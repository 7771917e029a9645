package variants

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// Banqi (rules/banqi.md): the spec's §11 test cases as table rows, the
// options, random games and twin leak tests.

// bqL1 is layout L1 of banqi.md §11 (full view), the first player to move.
const bqL1 = "*K*p*C*a*N*r*P*b/*p*A*c*R*k*P*n*B/*P*c*p*A*b*N*r*P/*C*a*R*n*P*B*p*p - K1A2B2R2N2C2P5k1a2b2r2n2c2p5 - 0 1"

// bqRegistry is built once: Default builds every variant.
var bqRegistry = sync.OnceValue(Default)

func mustBanqi(t testing.TB, opts ...string) *rules.Variant {
	t.Helper()
	v, err := bqRegistry().Build("banqi", opts)
	if err != nil {
		t.Fatalf("banqi %v: %v", opts, err)
	}
	return v
}

// bqGame starts a game from a FEN, failing the test if it does not load.
func bqGame(t *testing.T, v *rules.Variant, fen string) *rules.Game {
	t.Helper()
	g, err := rules.NewGame(v, fen)
	if err != nil {
		t.Fatalf("NewGame(%s): %v", fen, err)
	}
	return g
}

func sorted(s string) []string {
	f := strings.Fields(s)
	sort.Strings(f)
	return f
}

// TestBanqiFlips: §11.1, tests 1-6.
func TestBanqiFlips(t *testing.T) {
	v := mustBanqi(t)
	g := bqGame(t, v, bqL1)
	p := g.Position()
	// 1: 32 flips.
	var all []string
	for r := 1; r <= 4; r++ {
		for f := 'a'; f <= 'h'; f++ {
			c := fmt.Sprintf("%c%d", f, r)
			all = append(all, c+c)
		}
	}
	sort.Strings(all)
	if got := legalTexts(p); !reflect.DeepEqual(got, all) {
		t.Fatalf("test 1: legal = %v, want the 32 flips", got)
	}
	if p.PublicFEN() != "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX - K1A2B2R2N2C2P5k1a2b2r2n2c2p5 - 0 1" {
		t.Errorf("public start FEN = %s", p.PublicFEN())
	}
	// The texts of a flip (banqi.md §9).
	for _, text := range []string{"a1a1", "a1", "A1", "flip a1", "翻 a1", "翻開a1", "翻开 a1"} {
		m, err := rules.ParseMove(p, text)
		if err != nil || m.From != 0 || m.To != 0 {
			t.Errorf("%q: %v %v", text, m, err)
		}
	}
	// 2: d3d3 reveals R: the first player is Red.
	playAll(t, g, "d3d3")
	if got, want := g.Position().PublicFEN(), "XXXXXXXX/XXXRXXXX/XXXXXXXX/XXXXXXXX b K1A2B2R1N2C2P5k1a2b2r2n2c2p5 - 0 1"; got != want {
		t.Errorf("test 2: FEN %s, want %s", got, want)
	}
	if f := g.Report().Facts; len(f) != 1 || f[0].Pieces[0].Letter != 'R' || f[0].Side != rules.Red ||
		!strings.Contains(f[0].Text, "The first player plays Red") {
		t.Errorf("test 2: facts %+v", f)
	}
	if p := g.Position(); p.Seat(rules.Red) != 0 || p.Seat(rules.Black) != 1 {
		t.Errorf("test 2: seats %d %d", p.Seat(rules.Red), p.Seat(rules.Black))
	}
	// 3: the second player (Black) flips e3: k.
	playAll(t, g, "e3")
	if got, want := g.Position().PublicFEN(), "XXXXXXXX/XXXRkXXX/XXXXXXXX/XXXXXXXX w K1A2B2R1N2C2P5a2b2r2n2c2p5 - 0 2"; got != want {
		t.Errorf("test 3: FEN %s, want %s", got, want)
	}
	// 4: d3e3 illegal; Red's legal actions are the 30 flips only.
	p = g.Position()
	got := checkMoves(t, p, "", "d3e3")
	if len(got) != 30 {
		t.Errorf("test 4: %d legal actions, want 30: %v", len(got), got)
	}
	for _, m := range got {
		if m[:2] != m[2:] {
			t.Errorf("test 4: %s is not a flip", m)
		}
	}
	checkRefusal(t, p, "d3e3", "a chariot cannot capture a general (captures go by rank: K > A > B > R > N > C > P; "+
		"the soldier takes the general, the general never a soldier, the soldier never a cannon; equal ranks may capture)")
	// 5: Red flips c3 (c); e3d3 legal for Black.
	playAll(t, g, "c3c3")
	checkMoves(t, g.Position(), "e3d3", "")
	playAll(t, g, "e3d3")

	// 6: the first player flips d3 (R), Black flips a4: a Red general, Red's.
	g = bqGame(t, v, bqL1)
	playAll(t, g, "d3d3 a4a4")
	if f := g.Report().Facts; len(f) != 1 || f[0].Side != rules.Red || f[0].Pieces[0].Letter != 'K' {
		t.Errorf("test 6: facts %+v", f)
	}
	if got := g.Position().PublicFEN(); !strings.HasPrefix(got, "KXXXXXXX/XXXRXXXX/") || !strings.Contains(got, " w ") {
		t.Errorf("test 6: FEN %s", got)
	}
}

// TestBanqiFirstFlipBlack: a first flip of a black piece makes the first
// player Black; seats and the move number follow the seat (banqi.md §3, §9).
func TestBanqiFirstFlipBlack(t *testing.T) {
	v := mustBanqi(t)
	g := bqGame(t, v, bqL1)
	playAll(t, g, "e3e3") // k
	p := g.Position()
	if p.ToMove() != rules.Red || p.Seat(rules.Black) != 0 || p.Seat(rules.Red) != 1 || p.SideOf(0) != rules.Black {
		t.Fatalf("after a black first flip: %s to move, Black's seat %d", p.ToMove(), p.Seat(rules.Black))
	}
	if got, want := p.FEN(), "*K*p*C*a*N*r*P*b/*p*A*c*R*k*P*n*B/*P*c*p*A*b*N*r*P/*C*a*R*n*P*B*p*p - K1A2B2R2N2C2P5k1a2b2r2n2c2p5 - 0 1"; got == want {
		t.Fatal("the flip changed nothing")
	}
	if got := p.PublicFEN(); got != "XXXXXXXX/XXXXkXXX/XXXXXXXX/XXXXXXXX w K1A2B2R2N2C2P5a2b2r2n2c2p5 - 0 1 seats=1" {
		t.Errorf("FEN %s", got)
	}
	playAll(t, g, "d3d3")
	if got := g.Position().PublicFEN(); !strings.HasSuffix(got, " b K1A2B2R1N2C2P5a2b2r2n2c2p5 - 0 2 seats=1") {
		t.Errorf("FEN after the second seat's move %s", got)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if got := g.Position().PublicFEN(); got != "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX - K1A2B2R2N2C2P5k1a2b2r2n2c2p5 - 0 1" {
		t.Errorf("after taking both back: %s", got)
	}
}

// TestBanqiMoves: §11.2, tests 7-17, each a complete list of legal actions.
func TestBanqiMoves(t *testing.T) {
	for _, tc := range []struct {
		name, opts, fen, legal, illegal string
	}{
		{"7", "", "8/2p5/1pKn4/2P5 w", "c1b1 c1d1 c2d2", "c2b2 c2c3 c2c1"},
		{"8", "", "8/2p5/1pKn4/2P5 b", "b2a2 b2b1 b2b3 b2c2 c3b3 c3c2 c3c4 c3d3 d2d1 d2d3 d2e2", "d2c2"},
		{"9", "", "8/a7/C1*P1k3/8 w P1", "a2a1 a2b2 a2e2 c2c2", "a2a3"},
		{"10", "", "C1p1*P3/8/8/8 w P1", "a4a3 a4b4 e4e4", "a4c4 a4g4"},
		{"11", "", "8/8/Pc6/cP6 w", "a2a3 b1c1", "a2b2 a2a1 b1a1 b1b2"},
		{"12", "", "8/8/Pc6/cP6 b", "b2b3 b2c2", "a1a2 b2b1 a1c1 b2d2"},
		{"13", "", "8/8/1Rr5/8 w", "b2a2 b2b1 b2b3 b2c2", ""},
		{"13 equal=no", "equal equal=no", "8/8/1Rr5/8 w", "b2a2 b2b1 b2b3", "b2c2"},
		{"13 equal=both", "equal equal=both", "8/8/1Rr5/8 w", "b2a2 b2b1 b2b3 b2c2", ""},
		{"14", "", "8/8/R*n6/8 w n1 - 0 30", "a2a1 a2a3 b2b2", "a2b2"},
		{"14 dark-capture", "dark-capture", "8/8/R*n6/8 w n1 - 0 30", "a2a1 a2a3 a2b2 b2b2", ""},
		{"15 dark-capture", "dark-capture", "7p/8/R*K6/8 w K1 - 0 30", "a2a1 a2a3 a2b2 b2b2", ""},
		{"16", "", "8/8/1Rnp4/8 w", "b2a2 b2b1 b2b3 b2c2", "b2c2d2"},
		{"16 chain", "chain", "8/8/1Rnp4/8 w", "b2a2 b2b1 b2b3 b2c2 b2c2d2", ""},
		{"17 rush", "chariot chariot=rush", "8/8/1R2k3/8 w", "b2a2 b2b1 b2b3 b2b4 b2c2 b2d2 b2e2", "b2f2"},
		{"17 default", "", "8/8/1R2k3/8 w", "b2a2 b2b1 b2b3 b2c2", "b2e2 b2d2"},
		{"17 rush adjacent", "chariot chariot=rush", "8/8/1Rk5/8 w", "b2a2 b2b1 b2b3 b2b4", "b2c2"},
		{"cannon=rank", "cannon cannon=rank", "8/8/1Cc5/2p4R w", "b2a2 b2b1 b2b3 b2c2 h1g1 h1h2", "b2d2"},
		{"cannon=rank soldier", "cannon cannon=rank", "8/8/1cP5/8 w", "c2c1 c2c3 c2d2", "c2b2"},
		{"rank=KRABNCP", "rank rank=KRABNCP", "8/8/1Ra5/8 w", "b2a2 b2b1 b2b3 b2c2", ""},
		{"rank default", "", "8/8/1Ra5/8 w", "b2a2 b2b1 b2b3", "b2c2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var opts []string
			if tc.opts != "" {
				opts = strings.Split(tc.opts, "|")
			}
			v := mustBanqi(t, opts...)
			p := mustPosition(t, v, tc.fen)
			got := checkMoves(t, p, tc.legal, tc.illegal)
			if !reflect.DeepEqual(got, sorted(tc.legal)) {
				t.Errorf("legal = %v, want exactly %v", got, sorted(tc.legal))
			}
		})
	}
}

// TestBanqiCaptureEffects: what tests 13-16 do when played.
func TestBanqiCaptureEffects(t *testing.T) {
	for _, tc := range []struct {
		name, opts, fen, moves, after, fact string
	}{
		{"13 equal=both", "equal equal=both", "8/8/1Rr4p/8 w", "b2c2", "8/8/7p/8 b - - 0 1", ""},
		{"13 equal=yes", "", "8/8/1Rr4p/8 w", "b2c2", "8/8/2R4p/8 b - - 0 1", ""},
		{"14 dark-capture", "dark-capture", "7p/8/R*n6/8 w n1 - 0 30", "a2b2", "7p/8/1R6/8 b - - 0 30",
			"a2b2: the face-down piece on b2 is a black horse (馬); Red's chariot takes it."},
		{"15 dark-capture fails", "dark-capture", "7p/8/R*K6/8 w K1 - 0 30", "a2b2", "7p/8/RK6/8 b - - 0 30",
			"a2b2: the face-down piece on b2 is a red general (帥); the capture fails: it stays face up, the chariot stays on a2."},
		{"dark-capture higher enemy", "dark-capture", "7p/8/R*a6/8 w a1 - 0 30", "a2b2", "7p/8/Ra6/8 b - - 0 30",
			"a2b2: the face-down piece on b2 is a black advisor (士); the capture fails: it stays face up, the chariot stays on a2."},
		{"dark-capture equal=both", "dark-capture|equal equal=both", "7p/8/R*r6/8 w r1 - 0 30", "a2b2", "7p/8/8/8 b - - 0 30",
			"a2b2: the face-down piece on b2 is a black chariot (車); both pieces leave the board."},
		{"dark-capture cannon", "dark-capture", "7p/8/CP*k5/8 w k1 - 0 30", "a2c2", "7p/8/1PC5/8 b - - 0 30",
			"a2c2: the face-down piece on c2 is a black general (將); Red's cannon takes it."},
		{"16 chain", "chain", "7K/8/1Rnp4/8 w", "b2c2d2", "7K/8/3R4/8 b - - 0 1", ""},
		{"16 chain typed in parts", "chain", "7K/8/1Rnp4/8 w", "b2c2-c2d2", "7K/8/3R4/8 b - - 0 1", ""},
		{"16 chain stops", "chain", "7K/8/1Rnp4/8 w", "b2c2", "7K/8/2Rp4/8 b - - 0 1", ""},
		{"chain ends dark", "chain|dark-capture", "7K/8/1Rn*p4/8 w p1", "b2c2d2", "7K/8/3R4/8 b - - 0 1",
			"b2c2d2: the face-down piece on d2 is a black soldier (卒); Red's chariot takes it."},
		{"17 rush", "chariot chariot=rush", "7p/8/1R2k3/8 w", "b2e2", "7p/8/4R3/8 b - - 0 1", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var opts []string
			if tc.opts != "" {
				opts = strings.Split(tc.opts, "|")
			}
			v := mustBanqi(t, opts...)
			g := bqGame(t, v, tc.fen)
			m, err := rules.ParseMove(g.Position(), tc.moves)
			if err != nil {
				t.Fatalf("%s: %v", tc.moves, err)
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			if got := g.Position().FEN(); got != tc.after {
				t.Errorf("after %s: %s, want %s", tc.moves, got, tc.after)
			}
			var facts []string
			for _, f := range g.Report().Facts {
				facts = append(facts, f.Text)
			}
			if got := strings.Join(facts, " "); got != tc.fact {
				t.Errorf("facts %q, want %q", got, tc.fact)
			}
		})
	}
}

// TestBanqiEnd: §11.3, tests 18-23, and the quiet-limit option.
func TestBanqiEnd(t *testing.T) {
	v := mustBanqi(t)
	// 18: no legal action loses.
	g := bqGame(t, v, "8/8/n7/Pc6 w")
	if o := g.Outcome(); !o.Over || o.Winner != rules.Black {
		t.Errorf("test 18: %+v, want Black to win", o)
	}
	// 19: Black has nothing left.
	g = bqGame(t, v, "8/8/Rp6/8 w")
	playAll(t, g, "a2b2")
	if o := g.Outcome(); !o.Over || o.Winner != rules.Red || o.Reason != rules.ReasonNoPieces {
		t.Errorf("test 19: %+v, want Red to win", o)
	}
	// 20: a face-down general keeps Black in the game.
	g = bqGame(t, v, "8/8/R*k6/8 w k1 - 0 30")
	playAll(t, g, "a2a3")
	if o := g.Outcome(); o.Over {
		t.Errorf("test 20: %+v, want the game to go on", o)
	}
	// 21: a quiet move at 59 draws.
	g = bqGame(t, v, "8/8/1R6/6n1 w - - 59 40")
	playAll(t, g, "b2b3")
	if o := g.Outcome(); !o.Over || !o.Draw || o.Reason != rules.ReasonMoveLimit {
		t.Errorf("test 21: %+v, want a draw by the quiet limit", o)
	}
	// 22: a flip at 59 resets the clock.
	g = bqGame(t, v, "8/8/1R*p5/6n1 w p1 - 59 40")
	playAll(t, g, "c2c2")
	if o := g.Outcome(); o.Over || g.Position().Halfmove() != 0 {
		t.Errorf("test 22: %+v, clock %d", o, g.Position().Halfmove())
	}
	// 23: threefold repetition.
	g = bqGame(t, v, "8/8/1R6/6n1 w")
	playAll(t, g, "b2b3 g1g2 b3b2 g2g1 b2b3 g1g2 b3b2")
	if g.Outcome().Over {
		t.Fatal("test 23: over before the third occurrence")
	}
	playAll(t, g, "g2g1")
	if o := g.Outcome(); !o.Over || !o.Draw || o.Reason != rules.ReasonRepetition {
		t.Errorf("test 23: %+v, want a draw by repetition", o)
	}
	// quiet-limit=20 and off.
	g = bqGame(t, mustBanqi(t, "quiet-limit quiet-limit=20"), "8/8/1R6/6n1 w - - 19 40")
	playAll(t, g, "b2b3")
	if o := g.Outcome(); !o.Over || !o.Draw {
		t.Errorf("quiet-limit=20: %+v", o)
	}
	g = bqGame(t, mustBanqi(t, "quiet-limit quiet-limit=off"), "8/8/1R6/6n1 w - - 500 300")
	playAll(t, g, "b2b3")
	if o := g.Outcome(); o.Over {
		t.Errorf("quiet-limit=off: %+v", o)
	}
	// equal=both leaving nobody a piece: a draw (a decision).
	g = bqGame(t, mustBanqi(t, "equal equal=both"), "8/8/1Rr5/8 w")
	playAll(t, g, "b2c2")
	if o := g.Outcome(); !o.Over || !o.Draw {
		t.Errorf("equal=both, both last pieces: %+v", o)
	}
}

// TestBanqiChaseLimit: with chase-limit=3, a fourth move in a row by the same
// piece ending attacking the same piece is refused, unless it is the only action.
func TestBanqiChaseLimit(t *testing.T) {
	v := mustBanqi(t, "chase-limit chase-limit=3")
	// The red chariot chases the black horse around; Black has a spare soldier.
	g := bqGame(t, v, "p7/8/8/R1n5 w")
	playAll(t, g, "a1b1 c1d1 b1c1 d1e1 c1d1 e1f1")
	p := g.Position()
	checkMoves(t, p, "d1d2", "d1e1")
	checkRefusal(t, p, "d1e1", "chase limit: the chariot on d1 may not chase the same piece a 4th time (chase-limit=3)")
	if got := p.FEN(); got != "p7/8/8/3R1n2 w - - 6 4 chase=d1.f1.3,-" {
		t.Errorf("FEN %s", got)
	}
	// Without another action the limit is waived.
	p = mustPosition(t, v, "8/8/3b4/2aR1n2 w - - 0 20 chase=d1.f1.3,-")
	checkMoves(t, p, "d1e1", "")
	p = mustPosition(t, v, "7P/8/3b4/2aR1n2 w - - 0 20 chase=d1.f1.3,-")
	checkMoves(t, p, "h4g4", "d1e1")
}

// TestBanqiFEN: loading needs the full view; the validation of §9.
func TestBanqiFEN(t *testing.T) {
	v := mustBanqi(t)
	for _, fen := range []string{
		"8/8/RX6/8 w n1 - 0 30",      // the public view does not load
		"8/8/R*n6/8 w r1 - 0 30",     // wrong pool
		"8/8/R*n6/8 - n1 - 0 30",     // '-' with a piece face up
		"8/8/RRR5/8 w",               // three chariots
		"*K*K6/8/8/8 - K2",           // two generals
		"8/8/R7/8 w - - 0 1 seats=2", // bad seats
		"8/8/8/8/8 w",                // five ranks
	} {
		if _, err := rules.NewPosition(v, fen); err == nil {
			t.Errorf("%s loads", fen)
		}
	}
	x := mustPosition(t, bqRegistry().bySlug["xiangqi"], "4k4/9/9/9/9/9/9/9/9/3K5 w")
	if _, err := rules.NewPosition(x.Variant(), "4k4/9/9/9/9/9/9/9/9/3K5 - - - 0 1"); err == nil {
		t.Error("xiangqi takes side -")
	}
	p := mustPosition(t, v, "8/8/R*n6/8 w n1 - 0 30 seats=1")
	if p.Seat(rules.Red) != 1 || p.PublicFEN() != "8/8/RX6/8 w n1 - 0 30 seats=1" {
		t.Errorf("seats=1: seat %d, %s", p.Seat(rules.Red), p.PublicFEN())
	}
}

// TestBanqiRefusals: refusals say why in words that hold no secret.
func TestBanqiRefusals(t *testing.T) {
	v := mustBanqi(t)
	p := mustPosition(t, v, bqL1)
	checkRefusal(t, p, "a1a2", "the piece on a1 lies face down: flip it first (type a1)")
	p = mustPosition(t, v, "8/8/R*n6/8 w n1 - 0 30")
	checkRefusal(t, p, "a2b2", "the piece on b2 lies face down and cannot be captured (flip it: b2)")
	p = mustPosition(t, v, "8/a7/C1*P1k3/8 w P1")
	checkRefusal(t, p, "a2a3", "a cannon captures only by jumping over exactly one piece (a screen), never next to it")
	for _, bad := range []string{"equal=maybe", "cannon=fly", "chariot=fly", "rank=KABRNCC", "rank=KAB", "quiet-limit=5", "chase-limit=2", "chain=perhaps"} {
		if _, err := bqRegistry().Build("banqi", []string{strings.Replace(bad, "=", " "+strings.SplitN(bad, "=", 2)[0]+"=", 1)}); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if _, err := bqRegistry().Build("xiangqi", []string{"chain"}); err == nil {
		t.Error("chain accepted on xiangqi")
	}
}

// bqOptionSets are the option sets the random and twin tests play.
var bqOptionSets = [][]string{
	nil, {"chain"}, {"dark-capture"}, {"equal equal=no"}, {"equal equal=both"}, {"cannon cannon=rank"},
	{"chariot chariot=rush"}, {"rank rank=KRABNCP"}, {"quiet-limit quiet-limit=20"}, {"chase-limit chase-limit=3"},
	{"chain", "dark-capture", "chariot chariot=rush", "equal equal=both"},
	{"chain", "dark-capture", "cannon cannon=rank", "chase-limit chase-limit=3"},
}

// TestBanqiRandomGames: make/unmake exact, hashes equal to the FEN read back,
// coordinates read back, under every option.
func TestBanqiRandomGames(t *testing.T) {
	games, plies := 3, 200
	if small() {
		games, plies = 1, 120
	}
	for i, opts := range bqOptionSets {
		v := mustBanqi(t, opts...)
		rnd := newRand(uint64(40 + i))
		for j := 0; j < games; j++ {
			start, err := rules.Deal(v, "", rnd)
			if err != nil {
				t.Fatal(err)
			}
			dealt := *v
			dealt.StartFEN = start
			randomGame(t, &dealt, rnd, plies)
		}
	}
}

// TestBanqiPerft records perft of layout L1 as a regression: flips only at
// first (32, then 31 each), then the first moves and captures.
func TestBanqiPerft(t *testing.T) {
	v := mustBanqi(t)
	p := mustPosition(t, v, bqL1)
	want := []uint64{1, 32, 992, 29803, 868200} // checked with an independent generator
	depth := len(want) - 1
	if small() {
		depth = 3
	}
	for d := 0; d <= depth; d++ {
		if got := p.Perft(d); got != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d])
		}
	}
}

// bqSwapTwo swaps two face-down pieces that differ (in kind or colour) in a
// full FEN, picked by pick; it returns their cells.
func bqSwapTwo(fen string, pick int) (string, [2]int, bool) {
	board, rest, _ := strings.Cut(fen, " ")
	b := []byte(board)
	var at []int
	for i := 0; i+1 < len(b); i++ {
		if b[i] == '*' {
			at = append(at, i+1)
		}
	}
	for k := 0; k < len(at)*len(at); k++ {
		i, j := at[(pick+k)%len(at)], at[(pick*7+k/len(at))%len(at)]
		if b[i] != b[j] {
			b[i], b[j] = b[j], b[i]
			return string(b) + " " + rest, [2]int{cellOf(board, i), cellOf(board, j)}, true
		}
	}
	return "", [2]int{}, false
}

// cellOf is the cell index (rules.Square) of the piece letter at byte i of a
// FEN board.
func cellOf(board string, i int) int {
	r, f := 3, 0
	for j := 0; j < i; j++ {
		c := board[j]
		switch {
		case c == '/':
			r, f = r-1, 0
		case c >= '1' && c <= '8':
			f += int(c - '0')
		case c == '*':
		default:
			f++
		}
	}
	return r*8 + f
}

// TestHiddenBanqiLeaks: twin games under deals that differ in two face-down
// pieces play the same moves; until one of the two is flipped (or attacked by
// a dark capture), everything public is identical: views, FENs, move texts,
// refusals, facts and outcomes. Under every option set.
func TestHiddenBanqiLeaks(t *testing.T) {
	t.Parallel()
	games, plies := leakSize()
	words := []string{"flip a1", "翻 c3", "c3", "a1a1", "b2c2d2", "resign"}
	sets := bqOptionSets
	if small() {
		// The two sets that combine every option, and the default.
		sets = [][]string{bqOptionSets[0], bqOptionSets[len(bqOptionSets)-2], bqOptionSets[len(bqOptionSets)-1]}
		games = 1
	}
	compared, twinPlies := 0, 0
	for i, opts := range sets {
		v := mustBanqi(t, opts...)
		rnd := newRand(uint64(90 + i))
		for game := 0; game < games; game++ {
			start, err := rules.Deal(v, "", rnd)
			if err != nil {
				t.Fatal(err)
			}
			twinStart, cells, ok := bqSwapTwo(start, game)
			if !ok {
				t.Fatal("no twin of a start")
			}
			g := bqGame(t, v, start)
			tg := bqGame(t, v, twinStart)
			twinOn := true
			for ply := 0; ply < plies*2 && !g.Outcome().Over; ply++ {
				p := g.Position()
				where := fmt.Sprintf("%v game %d ply %d (%s)", opts, game, ply, p.PublicFEN())
				cands := candidates(p, rnd, words)
				if fen, _, ok := bqSwapTwo(p.FEN(), ply); ok {
					// Both from their FEN: a position read from a FEN has no last
					// move, so neither view marks one (View.Removed).
					if !sameFace(t, where+" position twin", facesOf(mustPosition(t, v, p.FEN()), cands, false), facesOf(mustPosition(t, v, fen), cands, false)) {
						return
					}
					compared++
				}
				if twinOn && !sameFace(t, where+" twin game", facesOf(p, cands, true), facesOf(tg.Position(), cands, true)) {
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
				if !reflect.DeepEqual(g.Report().Facts, tg.Report().Facts) || g.Outcome() != tg.Outcome() {
					// Only a flip of one of the swapped pieces may differ.
					for _, f := range g.Report().Facts {
						if sq := int(f.Pieces[0].Square); sq != cells[0] && sq != cells[1] {
							t.Fatalf("%s: after %s facts differ on %d (swapped %v): %+v / %+v", where, text, sq, cells, g.Report().Facts, tg.Report().Facts)
						}
					}
					twinOn = false
					continue
				}
				twinPlies++
			}
		}
	}
	// A twin game ends at the first flip of a swapped piece, which may come
	// early; over all the option sets some must have been compared.
	if compared == 0 || twinPlies == 0 {
		t.Fatalf("nothing compared: %d positions, %d twin plies", compared, twinPlies)
	}
	t.Logf("%d position twins and %d twin-game plies compared", compared, twinPlies)
}
