package variants

import (
	"sort"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

func mustJinchan(t testing.TB) *rules.Variant {
	t.Helper()
	v, ok := testRegistry().Get("jinchan")
	if !ok {
		t.Fatal("jinchan not registered")
	}
	return v
}

// jinchanStart is the true start with Red's real general on red and Black's on
// black.
func jinchanStart(t testing.TB, red, black string) string {
	t.Helper()
	fen, err := rules.ApplySecrets(mustJinchan(t), "", [2]string{"real " + red, "real " + black})
	if err != nil {
		t.Fatal(err)
	}
	return fen
}

// pieceMoves lists the legal moves that move a piece (no reveal or pass), sorted.
func pieceMoves(p *rules.Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		if m.Flags&rules.FlagSpecial == 0 {
			out = append(out, rules.FormatCoord(p, m))
		}
	}
	sort.Strings(out)
	return out
}

func boardField(fen string) string { b, _, _ := strings.Cut(fen, " "); return b }

func rank(fen string, r, height int) string { return strings.Split(boardField(fen), "/")[height-1-r] }

// TestJinchan is jinchan.md §11, one row per test case. Positions are server
// FENs; "start" is the start with both real generals on e0/e11. A complete list
// counts the piece moves; the reveal, when offered, is listed in legal.
func TestJinchan(t *testing.T) {
	v := mustJinchan(t)
	start := jinchanStart(t, "e0", "e11")
	const (
		p6  = "5k5/11/11/11/11/11/11/11/11/4K6/11/2B8 w wb - 0 1"
		p8  = "5k5/11/11/11/11/11/11/11/2B8/11/11/3K7 w wb - 0 1"
		p10 = "5k5/11/11/11/11/11/11/4p6/11/4N6/11/6K4 w wb - 0 1"
		p12 = "6k4/11/11/11/11/11/r4r5/11/11/4N6/11/3K1R5 w wb - 0 1"
		p19 = "5k5/11/11/11/4P6/4n6/11/11/11/11/11/3K7 w wb - 0 1"
		p23 = "6k4/11/11/11/11/6n4/5p5/4C6/11/11/11/3K7 w wb - 0 1"
		p27 = "6k4/11/11/4n6/11/11/11/3p7/4J6/11/11/3K7 w wb - 0 1"
		p29 = "6kN3/3R7/11/4r2N3/11/11/11/11/11/11/11/3K7 w wb - 0 1"
		p34 = "5k1a3/6R4/11/4r6/8N2/11/11/11/11/11/11/3K7 w wb - 0 1"
		p36 = "5k5/11/11/11/11/11/4r6/11/11/11/11/4D1K4 w b - 0 1"
		p38 = "5k5/11/11/11/11/11/4r6/11/11/11/11/4K1D4 w b - 0 1"
		p39 = "5k5/11/3r7/11/11/11/4r6/11/11/11/11/4D1K4 w b - 0 1"
		p40 = "5k5/11/3r7/11/11/11/4r6/11/11/11/11/4K1D4 w b - 0 1"
		p41 = "4k6/11/11/11/11/11/4N6/11/11/11/11/4D1K4 w b - 0 1"
		p43 = "5k5/11/11/11/11/11/11/11/11/11/11/R3(nD)1K4 w b - 0 1"
	)
	sq := func(n string) rules.Square { return mustSquare(v.Board, n) }
	cases := []struct {
		n        int
		name     string
		fen      string
		pre      string // moves played first
		legal    string
		illegal  string
		complete bool // legal (without reveal and pass) is every piece move
		check    func(t *testing.T, g *rules.Game)
	}{
		{n: 1, name: "horse 日 moves", fen: start, legal: "b0a2 b0c2"},
		{n: 2, name: "horse legs", fen: start, illegal: "b0d1 b0c3"},
		{n: 3, name: "elephant 2 and 3 steps", fen: start, legal: "c0f3 c0e2 c0a2"},
		{n: 4, name: "cicada slides, generals step", fen: start, legal: "d2d8 e0f0 e0e1"},
		{n: 5, name: "cicada never captures straight or moves diagonally", fen: start, illegal: "d2d9 d2c3 d2e3"},
		{n: 6, name: "elephant 2 steps", fen: p6, legal: "c0a2"},
		{n: 7, name: "elephant eye and own piece", fen: p6, illegal: "c0f3 c0e2"},
		{n: 8, name: "elephant from c3", fen: p8, legal: "c3a1 c3a5 c3e1 c3e5 c3f0"},
		{n: 9, name: "elephant stays on its side", fen: p8, illegal: "c3f6 c3e7"},
		{n: 10, name: "twelve horse moves", fen: p10,
			legal: "e2d4 e2f4 e2c1 e2c3 e2g1 e2g3 e2d0 e2f0 e2b1 e2b3 e2h1 e2h3",
			check: func(t *testing.T, g *rules.Game) {
				var got []string
				for _, m := range pieceMoves(g.Position()) {
					if strings.HasPrefix(m, "e2") {
						got = append(got, m)
					}
				}
				if len(got) != 12 {
					t.Errorf("horse moves %v, want 12", got)
				}
			}},
		{n: 11, name: "目 far leg", fen: p10, illegal: "e2d5 e2f5"},
		{n: 12, name: "目 onto a lone enemy stacks", fen: p12, pre: "e2f5",
			check: func(t *testing.T, g *rules.Game) {
				p := g.Position()
				if p.At(sq("f5")).Kind() != JinchanHorse || p.Under(sq("f5")).Kind() != JinchanChariot || p.Halfmove() != 1 {
					t.Errorf("f5: top %v under %v, clock %d; want (Nr) and no capture", p.At(sq("f5")), p.Under(sq("f5")), p.Halfmove())
				}
				if !strings.Contains(p.FEN(), "(Nr)") || !strings.Contains(p.PublicFEN(), "(Nr)") {
					t.Errorf("FEN %s", p.FEN())
				}
			}},
		{n: 13, name: "pressed rook cannot move", fen: p12, pre: "e2f5", illegal: "f5f9"},
		{n: 14, name: "the owner of the pressed piece takes the stack", fen: p12, pre: "e2f5 a5f5",
			check: func(t *testing.T, g *rules.Game) {
				p := g.Position()
				if got := p.At(sq("f5")); got.Kind() != JinchanChariot || got.Side() != rules.Black || !p.Under(sq("f5")).Empty() ||
					!p.At(sq("a5")).Empty() || p.Halfmove() != 0 {
					t.Errorf("after a5f5: %s", p.FEN())
				}
			}},
		{n: 15, name: "the rider's side takes the stack", fen: p12, pre: "e2f5 g11g10 f0f5",
			check: func(t *testing.T, g *rules.Game) {
				p := g.Position()
				if got := p.At(sq("f5")); got.Kind() != JinchanChariot || got.Side() != rules.Red || !p.Under(sq("f5")).Empty() {
					t.Errorf("after f0f5: %s", p.FEN())
				}
			}},
		{n: 16, name: "the rider leaves by 日", fen: p12, pre: "e2f5 g11g10 f5e7",
			check: func(t *testing.T, g *rules.Game) {
				p := g.Position()
				if got := p.At(sq("f5")); got.Kind() != JinchanChariot || got.Side() != rules.Black || !p.Under(sq("f5")).Empty() {
					t.Errorf("after f5e7: %s", p.FEN())
				}
				if ms := movesFromSq(p, "f5"); len(ms) == 0 {
					t.Error("the freed rook should move again")
				}
			}},
		{n: 17, name: "目 onto an own piece", fen: "6k4/11/11/11/11/11/r2R1r5/11/11/4N6/11/3K7 w wb - 0 1",
			legal: "e2f5", illegal: "e2d5"},
		{n: 18, name: "stack on the general: 困斃", fen: "5k5/11/11/4N6/11/11/11/11/11/11/11/3K7 w wb - 0 1", pre: "e8f11",
			check: func(t *testing.T, g *rules.Game) {
				if o := g.Outcome(); o != rules.Win(rules.Red, rules.ReasonStalemate) || g.Position().InCheck() {
					t.Errorf("outcome %+v, in check %v; want Red wins by stalemate", o, g.Position().InCheck())
				}
			}},
		{n: 19, name: "backward exchange", fen: p19, pre: "e7e6",
			check: func(t *testing.T, g *rules.Game) {
				p := g.Position()
				if !p.At(sq("e7")).Empty() || !p.At(sq("e6")).Empty() || p.Halfmove() != 0 {
					t.Errorf("after e7e6: %s", p.FEN())
				}
			}},
		{n: 20, name: "crossed soldier", fen: p19, legal: "e7e8 e7d7 e7f7"},
		{n: 21, name: "no exchange before crossing", fen: "5k5/11/11/11/11/11/4P6/4n6/11/11/11/3K7 w wb - 0 1",
			legal: "e5e6", illegal: "e5e4"},
		{n: 22, name: "never backwards onto an empty point", fen: "5k5/11/11/11/4P6/11/11/11/11/11/11/3K7 w wb - 0 1",
			illegal: "e7e6"},
		{n: 23, name: "diagonal cannon jump", fen: p23, pre: "e4g6",
			check: func(t *testing.T, g *rules.Game) {
				p := g.Position()
				if got := p.At(sq("g6")); got.Kind() != JinchanCannon || got.Side() != rules.Red || p.At(sq("f5")).Empty() {
					t.Errorf("after e4g6: %s", p.FEN())
				}
			}},
		{n: 24, name: "no diagonal move or adjacent capture", fen: p23, illegal: "e4f5"},
		{n: 25, name: "no screen", fen: "6k4/11/11/11/11/6n4/11/4C6/11/11/11/3K7 w wb - 0 1", illegal: "e4g6"},
		{n: 26, name: "only three adjacent points", fen: "6k4/11/11/11/7n3/11/5p5/4C6/11/11/11/3K7 w wb - 0 1", illegal: "e4h7"},
		{n: 27, name: "cicada", fen: p27, legal: "e3d4 e3e7 e3a3"},
		{n: 28, name: "cicada limits", fen: p27, illegal: "e3f4 e3e8"},
		{n: 29, name: "chariot checks", fen: p29, pre: "d10g10",
			check: func(t *testing.T, g *rules.Game) {
				if p := g.Position(); !p.InCheck() || len(p.CheckedRoyals(rules.Black)) != 1 || p.CheckedRoyals(rules.Black)[0] != sq("g11") {
					t.Error("Black's general on g11 should be in check")
				}
			}},
		{n: 30, name: "g10 is protected", fen: p29, pre: "d10g10", illegal: "g11g10"},
		{n: 31, name: "f11 is not on a string line", fen: p29, pre: "d10g10", legal: "g11f11"},
		{n: 32, name: "string chariot captures along its line", fen: p29, pre: "d10g10 g11f11", legal: "g10e8"},
		{n: 33, name: "no diagonal move without capture", fen: p29, pre: "d10g10 g11f11", illegal: "g10f9"},
		{n: 34, name: "an enemy is no anchor", fen: p34, illegal: "g10e8"},
		{n: 35, name: "a new anchor gives check", fen: p34, pre: "i7h9",
			check: func(t *testing.T, g *rules.Game) {
				if !g.Position().InCheck() {
					t.Error("the string chariot g10 should check f11")
				}
			}},
		{n: 36, name: "decoy in check", fen: p36, legal: "e0d0 reveal", complete: true,
			check: func(t *testing.T, g *rules.Game) {
				if !g.Position().InCheck() {
					t.Error("Red should be in check (the decoy on e0 is attacked)")
				}
			}},
		{n: 37, name: "reveal, then the guard may be left attacked", fen: p36, pre: "reveal g0h0"},
		{n: 37, name: "complete list after reveal", fen: p36, pre: "reveal",
			legal: "e0d0 e0e1 e0e2 e0e3 e0f0 g0g1 g0h0", complete: true,
			check: func(t *testing.T, g *rules.Game) {
				p := g.Position()
				if p.At(sq("e0")).Kind() != JinchanGuard || p.ToMove() != rules.Red || p.InCheck() {
					t.Errorf("after reveal: %s", p.FEN())
				}
			}},
		{n: 38, name: "reveal does not help the real general", fen: p38, pre: "reveal", illegal: "g0h0",
			check: func(t *testing.T, g *rules.Game) {
				if !g.Position().InCheck() {
					t.Error("the real general on e0 should stay in check")
				}
			}},
		{n: 39, name: "forced reveal, game goes on", fen: p39,
			legal: "e0d0 e0e1 e0e2 e0e3 e0f0 g0g1 g0h0", complete: true,
			check: func(t *testing.T, g *rules.Game) {
				r := g.Report()
				if len(r.Facts) != 1 || !r.Facts[0].Forced || r.Facts[0].What != "reveal" || g.Outcome().Over {
					t.Errorf("report %+v, outcome %+v: want an announced forced reveal and the game going on", r, g.Outcome())
				}
				if r.Facts[0].Text != "Red has no move with its generals hidden, so they are revealed: "+
					"the one on g0 is the real general; the one on e0 was the decoy and is now a guard (衛)." {
					t.Errorf("fact text %q", r.Facts[0].Text)
				}
			}},
		{n: 40, name: "forced reveal, then mate", fen: p40,
			check: func(t *testing.T, g *rules.Game) {
				if len(g.Report().Facts) != 1 || g.Outcome() != rules.Win(rules.Black, rules.ReasonCheckmate) {
					t.Errorf("facts %+v, outcome %+v: want a forced reveal and Black winning", g.Report().Facts, g.Outcome())
				}
			}},
		{n: 41, name: "unrevealed decoy faces", fen: p41, illegal: "e5d7"},
		{n: 42, name: "after reveal the guard does not face", fen: p41, pre: "reveal", legal: "e5d7"},
		{n: 43, name: "no capture of a stack with the own unrevealed general", fen: p43, illegal: "a0e0 e0d0"},
		{n: 44, name: "after reveal the stack with the guard may be taken", fen: p43, pre: "reveal a0e0",
			check: func(t *testing.T, g *rules.Game) {
				p := g.Position()
				if got := p.At(sq("e0")); got.Kind() != JinchanChariot || !p.Under(sq("e0")).Empty() {
					t.Errorf("after a0e0: %s", p.FEN())
				}
			}},
		{n: 45, name: "server and public FEN", fen: jinchanStart(t, "g0", "e11"),
			check: func(t *testing.T, g *rules.Game) {
				p := g.Position()
				if got := rank(p.FEN(), 0, 12); got != "RNBAD1KABNR" {
					t.Errorf("server rank 0 = %s", got)
				}
				if got := rank(p.PublicFEN(), 0, 12); got != "RNBAK1KABNR" {
					t.Errorf("public rank 0 = %s", got)
				}
				playAll(t, g, "reveal")
				p = g.Position()
				for _, fen := range []string{p.FEN(), p.PublicFEN()} {
					if rank(fen, 0, 12) != "RNBAG1KABNR" || strings.Fields(fen)[2] != "w" {
						t.Errorf("after reveal: %s", fen)
					}
				}
			}},
		{n: 46, name: "殺驚 and 遁馬", fen: start, pre: "b2b11 j11i9",
			check: func(t *testing.T, g *rules.Game) {
				p := g.Position()
				if f := strings.Fields(p.FEN()); f[3] != "i9" || f[1] != "b" {
					t.Errorf("after j11i9: %s", p.FEN())
				}
				playAll(t, g, "a11b11")
				p = g.Position()
				if p.ToMove() != rules.Red || strings.Fields(p.FEN())[3] != "-" {
					t.Errorf("after a11b11: %s", p.FEN())
				}
			}},
		{n: 47, name: "one ordinary move after 殺驚", fen: start, pre: "b2b11 a11b11",
			check: func(t *testing.T, g *rules.Game) {
				if g.Position().ToMove() != rules.Red {
					t.Error("Red should move")
				}
			}},
		{n: 48, name: "遁馬 second move with another piece", fen: start, pre: "b2b11 j11i9", illegal: "i9h7"},
		{n: 49, name: "遁馬 pass", fen: start, pre: "b2b11 j11i9 pass",
			check: func(t *testing.T, g *rules.Game) {
				if p := g.Position(); p.ToMove() != rules.Red || p.Fullmove() != 2 {
					t.Errorf("after pass: %s", p.FEN())
				}
			}},
	}
	for _, c := range cases {
		t.Run(itoa(c.n)+" "+c.name, func(t *testing.T) {
			g, err := rules.NewGame(v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			playAll(t, g, c.pre)
			p := g.Position()
			checkMoves(t, p, c.legal, c.illegal)
			if c.complete {
				var want []string
				for _, m := range strings.Fields(c.legal) {
					if m != "reveal" && m != "pass" {
						want = append(want, m)
					}
				}
				sort.Strings(want)
				if pm := pieceMoves(p); strings.Join(pm, " ") != strings.Join(want, " ") {
					t.Errorf("piece moves %v, want exactly %v", pm, want)
				}
			}
			if c.check != nil {
				c.check(t, g)
			}
		})
	}
}

func movesFromSq(p *rules.Position, from string) []string {
	sq := mustSquare(p.Variant().Board, from)
	var out []string
	for _, m := range p.LegalMoves(nil) {
		if m.From == sq {
			out = append(out, rules.FormatCoord(p, m))
		}
	}
	return out
}

// TestJinchanExplain checks that Jinchan's refusals say why, ready for a user.
func TestJinchanExplain(t *testing.T) {
	v := mustJinchan(t)
	start := jinchanStart(t, "e0", "e11")
	cases := []struct{ fen, pre, move, reason string }{
		{start, "", "b0d1", "the horse's leg on c0 is blocked"},
		{start, "", "b0c3", "the horse's leg on b2 is blocked"},
		{start, "", "pass", "pass is only for skipping the second move of 遁馬"},
		{start, "b2b11 j11i9", "i9h7", "the second move of 遁馬 must be made with another piece"},
		{start, "b2b11 j11i9", "reveal", "a reveal comes before moving, not between the two halves of 遁馬"},
		{start, "reveal", "reveal", "Red has already revealed its generals"},
		{JinchanStart, "", "reveal", "which general is real has not been chosen in this game"},
		{"5k5/11/11/11/11/11/11/11/11/11/11/R3(nD)1K4 w b - 0 1", "", "a0e0",
			"the stack on e0 holds your own general; you may not capture it"},
		{"4k6/11/11/11/11/11/4N6/11/11/11/11/4D1K4 w b - 0 1", "", "e5d7",
			"the two generals would face each other on an open file"},
		{"5k5/11/11/11/11/11/4r6/11/11/11/11/4K1D4 w b - 0 1", "reveal", "g0h0",
			"you are in check, and this move does not answer it"},
		{"6kN3/3R7/11/4r2N3/11/11/11/11/11/11/11/3K7 w wb - 0 1", "d10g10 g11f11", "g10f9",
			"the chariot moves that way only to capture"},
		{"5k1a3/6R4/11/4r6/8N2/11/11/11/11/11/11/3K7 w wb - 0 1", "", "g10e8",
			"the chariot may go that way only while its own piece stands alone on h11"},
		{"6k4/11/11/11/11/11/r4r5/11/11/4N6/11/3K1R5 w wb - 0 1", "e2f5", "f5f9",
			"the horse on f5 is Red's; it is Black's turn"},
	}
	for _, c := range cases {
		t.Run(c.move, func(t *testing.T) {
			g, err := rules.NewGame(v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			playAll(t, g, c.pre)
			checkRefusal(t, g.Position(), c.move, c.reason)
		})
	}
}

// TestJinchanSecret covers the secret choice of jinchan.md §5.2: prompts,
// answers, defaults, and the views it makes.
func TestJinchanSecret(t *testing.T) {
	v := mustJinchan(t)
	choices, err := rules.SecretChoices(v, "")
	if err != nil || len(choices) != 2 {
		t.Fatalf("choices %+v, %v", choices, err)
	}
	if c := choices[1]; c.Side != rules.Black || strings.Join(c.Answers, "|") != "real e11|real g11" ||
		!strings.Contains(c.Prompt, "`real e11` or `real g11`") {
		t.Errorf("Black's choice %+v", c)
	}
	for _, c := range []struct {
		side   rules.Side
		answer string
		err    string
	}{
		{rules.Red, "real e0", ""},
		{rules.Red, "REAL G0", ""},
		{rules.Red, "g0", ""},
		{rules.Red, "real=e0", ""},
		{rules.Black, "real g11", ""},
		{rules.Red, "", "empty"},
		{rules.Red, "real", "say which general is real: real e0 or real g0"},
		{rules.Red, "real e5", "e5 is not one of your generals"},
		{rules.Red, "real e11", "e11 is not one of your generals"},
		{rules.Red, "real z99", "“z99” is not a point"},
		{rules.Red, "real e0 real g0", "only one general"},
		{rules.Red, "please", "say which general is real"},
		{rules.Red, "real e0 now", `unexpected "now"`},
	} {
		err := rules.CheckSecret(v, "", c.side, c.answer)
		if (c.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("CheckSecret(%s, %q) = %v, want %q", c.side, c.answer, err, c.err)
		}
	}
	// No error text repeats which general is real.
	if err := rules.CheckSecret(v, "", rules.Red, "real g0 now"); err != nil && strings.Contains(err.Error(), "g0") {
		t.Errorf("error %q repeats the secret", err)
	}
	if _, err := rules.ApplySecrets(v, jinchanStart(t, "e0", "e11"), [2]string{"real e0", "real e11"}); err == nil {
		t.Error("secrets applied twice")
	}
	// A custom start with the roles set (test 39) asks nobody.
	custom := "5k5/11/3r7/11/11/11/4r6/11/11/11/11/4D1K4 w b - 0 1"
	if c, err := rules.SecretChoices(v, custom); err != nil || c != nil {
		t.Errorf("choices of a start with the roles set: %+v, %v", c, err)
	}
	if fen, err := rules.ApplySecrets(v, custom, [2]string{"", ""}); err != nil || fen != custom {
		t.Errorf("ApplySecrets(%s) = %s, %v", custom, fen, err)
	}
	// Only Black still chooses.
	half := "rnbak1kabnr/11/1c1j3j1c1/11/p1p1p1p1p1p/11/11/P1P1P1P1P1P/11/1C1J3J1C1/11/RNBAD1KABNR w - - 0 1"
	if c, _ := rules.SecretChoices(v, half); len(c) != 1 || c[0].Side != rules.Black {
		t.Errorf("choices with Red's roles set: %+v", c)
	}
	rnd := newRand(7)
	seen := map[string]bool{}
	for i := 0; i < 40; i++ {
		a := rules.DefaultSecret(v, "", rules.Black, rnd)
		seen[a] = true
		if err := rules.CheckSecret(v, "", rules.Black, a); err != nil {
			t.Errorf("default %q: %v", a, err)
		}
	}
	if len(seen) != 2 {
		t.Errorf("defaults %v: want both generals chosen sometimes", seen)
	}
	// Views: the public sees two generals, the owner its decoy.
	p := mustPosition(t, v, jinchanStart(t, "g0", "e11"))
	e0 := mustSquare(v.Board, "e0")
	if vp := p.View(rules.Public).Pieces[e0]; vp.Letter != 'K' || vp.Glyph != "帥" {
		t.Errorf("public e0 = %+v", vp)
	}
	if vp := p.View(rules.BlackAudience).Pieces[e0]; vp.Letter != 'K' {
		t.Errorf("Black sees e0 as %+v", vp)
	}
	if vp := p.View(rules.RedAudience).Pieces[e0]; vp.Letter != 'D' {
		t.Errorf("Red sees e0 as %+v", vp)
	}
	if !p.HasSecrets(rules.Red) || !p.HasSecrets(rules.Black) {
		t.Error("both sides hold a secret")
	}
	s := p.Secrets()
	if len(s) != 2 || s[0].Text != "Red: the general on e0 is a decoy general." ||
		s[1].Text != "Black: the general on g11 is a decoy general." {
		t.Errorf("Secrets() = %+v", s)
	}
}

// TestJinchanGame covers what the tables do not: 遁馬 ended by check, the
// reports of a game, material, and make/unmake consistency over random games.
func TestJinchanGame(t *testing.T) {
	v := mustJinchan(t)
	t.Run("a checking 遁馬 horse ends the turn", func(t *testing.T) {
		fen := "5k5/11/11/11/11/11/11/2n8/11/11/11/4K6 b wb h 0 1"
		g, err := rules.NewGame(v, fen)
		if err != nil {
			t.Fatal(err)
		}
		playAll(t, g, "c4d2")
		if p := g.Position(); p.ToMove() != rules.Red || strings.Fields(p.FEN())[3] != "-" {
			t.Errorf("after the checking horse move: %s", p.FEN())
		}
		g, _ = rules.NewGame(v, fen)
		playAll(t, g, "c4b6")
		if p := g.Position(); p.ToMove() != rules.Black || strings.Fields(p.FEN())[3] != "b6" {
			t.Errorf("after the quiet horse move: %s", p.FEN())
		}
	})
	t.Run("reveal keeps the 遁馬 offer", func(t *testing.T) {
		g, _ := rules.NewGame(v, jinchanStart(t, "e0", "g11"))
		playAll(t, g, "b2b11 reveal j11i9 a11b11")
		if p := g.Position(); p.ToMove() != rules.Red {
			t.Errorf("after reveal and both halves: %s", p.FEN())
		}
	})
	t.Run("a reveal elsewhere is not 殺驚", func(t *testing.T) {
		g, _ := rules.NewGame(v, jinchanStart(t, "e0", "g11"))
		playAll(t, g, "reveal b2b11")
		if f := strings.Fields(g.Position().FEN()); f[3] != "h" {
			t.Errorf("Red's reveal before b2b11 keeps the start position: %v", f)
		}
		g, _ = rules.NewGame(v, jinchanStart(t, "e0", "g11"))
		playAll(t, g, "h2h3 h9h8 b2b11")
		if f := strings.Fields(g.Position().FEN()); f[3] != "-" {
			t.Errorf("not the first move: %v", f)
		}
	})
	t.Run("reports", func(t *testing.T) {
		g, _ := rules.NewGame(v, jinchanStart(t, "g0", "e11"))
		if r := g.Report(); r.Private != [2]bool{true, true} {
			t.Errorf("start: %+v", r)
		}
		playAll(t, g, "e0e1") // the decoy moves: its owner needs a new private board
		if r := g.Report(); r.Private != [2]bool{true, false} || len(r.Facts) != 0 {
			t.Errorf("after the decoy moved: %+v", r)
		}
		playAll(t, g, "e11e10") // the real general moves: nothing new to show privately
		if r := g.Report(); r.Private != [2]bool{} {
			t.Errorf("after the real general moved: %+v", r)
		}
		playAll(t, g, "reveal")
		r := g.Report()
		if len(r.Facts) != 1 || r.Facts[0].Forced || r.Private != [2]bool{} ||
			r.Facts[0].Text != "Red reveals its generals: the one on g0 is the real general; the one on e1 was the decoy and is now a guard (衛)." {
			t.Errorf("after reveal: %+v", r)
		}
		if len(g.Moves()) != 3 || g.Position().ToMove() != rules.Red {
			t.Errorf("the reveal is a ply that keeps the turn: %d moves, %s to move", len(g.Moves()), g.Position().ToMove())
		}
		if err := g.Undo(); err != nil || g.Position().HasSecrets(rules.Red) != true {
			t.Errorf("undo of the reveal: %v", err)
		}
	})
	t.Run("insufficient material", func(t *testing.T) {
		g, _ := rules.NewGame(v, "3a1k5/11/11/11/11/11/11/11/11/11/11/4K1G4 w wb - 0 1")
		if g.Outcome() != rules.Drawn(rules.ReasonMaterial) {
			t.Errorf("generals, advisor and guard only: %+v", g.Outcome())
		}
		g, _ = rules.NewGame(v, "3a1k5/11/11/11/11/11/11/11/11/11/J10/4K1G4 w wb - 0 1")
		if g.Outcome().Over {
			t.Errorf("a cicada can mate: %+v", g.Outcome())
		}
	})
	t.Run("make and unmake stay exact in random games", func(t *testing.T) {
		rnd := newRand(11)
		for game := 0; game < 12; game++ {
			g, _ := rules.NewGame(v, jinchanStart(t, []string{"e0", "g0"}[game%2], []string{"e11", "g11"}[game/2%2]))
			for ply := 0; ply < 120 && !g.Outcome().Over; ply++ {
				p := g.Position()
				fen := p.FEN()
				q, err := rules.NewPosition(v, fen)
				if err != nil {
					t.Fatalf("game %d ply %d: %s does not load: %v", game, ply, fen, err)
				}
				if q.Hash() != p.Hash() {
					t.Fatalf("game %d ply %d: incremental hash differs from the loaded one: %s", game, ply, fen)
				}
				ms := p.LegalMoves(nil)
				if n := q.Perft(1); n != uint64(len(ms)) {
					t.Fatalf("perft(1) = %d, legal moves %d", n, len(ms))
				}
				if p.FEN() != fen {
					t.Fatal("LegalMoves changed the position")
				}
				if err := g.Play(ms[rnd.IntN(len(ms))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}
