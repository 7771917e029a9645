package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

func mustFuhe(t testing.TB) *rules.Variant {
	t.Helper()
	v, err := testRegistry().Build("xiangqi", []string{"fuhe"})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// fuheS is position S of fuhe.md §9: Red chose a2=R i2=C, Black a7=n i7=p.
const fuheS = "rnbakabnr/9/*nc5c*p/p1p1p1p1p/9/9/P1P1P1P1P/*RC5C*C/9/RNBAKABNR w"

// TestFuhe is fuhe.md §9, one row per test case, on standard xiangqi.
func TestFuhe(t *testing.T) {
	v := mustFuhe(t)
	sq := func(n string) rules.Square { return mustSquare(v.Board, n) }
	sB := strings.Replace(fuheS, " w", " b", 1)
	cases := []struct {
		n        int
		name     string
		fen      string
		pre      string
		legal    string
		illegal  string
		complete bool
		check    func(t *testing.T, g *rules.Game)
	}{
		{n: 1, name: "flip a chariot", fen: fuheS, pre: "a2a2",
			check: func(t *testing.T, g *rules.Game) {
				p := g.Position()
				if pc := p.At(sq("a2")); pc.FaceDown() || pc.Kind() != Chariot {
					t.Errorf("a2 = %v", pc)
				}
				if got := strings.Split(p.PublicFEN(), "/")[7]; got != "RC5C*X" {
					t.Errorf("public rank 2 = %s, want RC5C*X", got)
				}
				if p.ToMove() != rules.Black {
					t.Error("a flip is the whole move")
				}
			}},
		{n: 2, name: "flip a cannon", fen: fuheS, pre: "i2i2",
			check: func(t *testing.T, g *rules.Game) {
				f := g.Report().Facts
				if len(f) != 1 || f[0].What != "flip" || f[0].Text != "Red turns the piece on i2 face up: a cannon (炮)." {
					t.Errorf("facts %+v", f)
				}
			}},
		{n: 3, name: "not Red's piece", fen: fuheS, illegal: "a7a7"},
		{n: 4, name: "a face-down piece cannot move", fen: fuheS, illegal: "a2a1"},
		{n: 5, name: "an own face-down piece blocks", fen: fuheS, legal: "a0a1", illegal: "a0a2"},
		{n: 6, name: "no piece enters a face-down piece's point", fen: fuheS, illegal: "b2a2 h2i2 c0a2"},
		{n: 7, name: "cannon takes horse as usual", fen: fuheS, legal: "h2h9"},
		{n: 8, name: "Black flips", fen: sB, legal: "a7a7 a6a5", illegal: "b7a7"},
		{n: 9, name: "a face-down piece cannot be captured", fen: "3k5/9/9/9/r8/9/9/*C8/9/4K4 b",
			legal: "a5a3", illegal: "a5a2 a5a1"},
		{n: 10, name: "not from the side either", fen: "3k5/9/9/9/9/9/9/*R3r4/9/5K3 b", legal: "e2b2", illegal: "e2a2"},
		{n: 11, name: "a face-down piece is a cannon screen", fen: "3k5/9/c8/9/9/9/9/*R8/9/R4K3 b", pre: "a7a0",
			check: func(t *testing.T, g *rules.Game) {
				if pc := g.Position().At(sq("a0")); pc.Kind() != Cannon || pc.Side() != rules.Black {
					t.Errorf("a0 = %v", pc)
				}
			}},
		{n: 12, name: "no cannon jump onto a face-down piece", fen: "3k5/9/c8/9/p8/9/9/*R8/9/4K4 b", illegal: "a7a2"},
		{n: 13, name: "a face-down piece blocks a horse leg", fen: "3k5/9/9/9/9/9/9/*R8/N8/4K4 w",
			legal: "a1c2 a1c0", illegal: "a1b3"},
		{n: 14, name: "a flip does not answer check", fen: "3k5/9/9/9/9/9/9/*R8/9/4K3r w", legal: "e0e1", illegal: "a2a2"},
		{n: 15, name: "a flip when not in check", fen: "3k5/9/9/9/9/9/9/*R8/9/4K4 w", legal: "a2a2"},
		{n: 16, name: "a face-up piece on the corner point", fen: "3k5/9/9/9/r8/9/9/R8/9/4K4 b", legal: "a5a2",
			check: func(t *testing.T, g *rules.Game) {
				g2, err := rules.NewGame(g.Variant(), "3k5/9/9/9/r8/9/9/R8/9/4K4 w")
				if err != nil {
					t.Fatal(err)
				}
				if _, err := rules.ParseMove(g2.Position(), "a2a2"); err == nil {
					t.Error("a2a2 flips a face-up piece back")
				}
			}},
		{n: 17, name: "only a flip left, in check: mate", fen: "4k4/3r1r3/9/9/9/9/9/*R3r4/9/4K4 w", complete: true,
			check: func(t *testing.T, g *rules.Game) {
				if o := g.Outcome(); o != rules.Win(rules.Black, rules.ReasonCheckmate) {
					t.Errorf("outcome %+v", o)
				}
			}},
		{n: 18, name: "a flip saves from stalemate", fen: "3k5/3r1r3/9/9/9/9/9/*R8/r8/4K4 w", legal: "a2a2", complete: true,
			check: func(t *testing.T, g *rules.Game) {
				if g.Outcome().Over {
					t.Errorf("outcome %+v", g.Outcome())
				}
			}},
		{n: 19, name: "a revealed elephant", fen: "3k5/9/9/9/9/9/9/B8/9/4K4 w", legal: "a2c4 a2c0"},
		{n: 20, name: "no material draw while a piece lies face down", fen: "3k1a3/9/9/9/9/9/9/*B8/9/4K4 w", legal: "a2a2",
			check: func(t *testing.T, g *rules.Game) {
				if g.Outcome().Over {
					t.Errorf("before the flip: %+v", g.Outcome())
				}
				playAll(t, g, "a2a2")
				if o := g.Outcome(); o != rules.Drawn(rules.ReasonMaterial) {
					t.Errorf("after the flip: %+v, want a draw by material", o)
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
			got := checkMoves(t, p, c.legal, c.illegal)
			if c.complete && strings.Join(got, " ") != c.legal {
				t.Errorf("legal moves %v, want exactly %q", got, c.legal)
			}
			if c.check != nil {
				c.check(t, g)
			}
		})
	}
}

// TestFuheExplain checks the refusals of the option, ready for a user.
func TestFuheExplain(t *testing.T) {
	v := mustFuhe(t)
	cases := []struct{ fen, move, reason string }{
		{fuheS, "a7a7", "the piece on a7 is Black's; you may flip only your own"},
		{fuheS, "a7a6", "the face-down piece on a7 is Black's; it is Red's turn"},
		{fuheS, "flip a7", "the piece on a7 is Black's; you may flip only your own"},
		{fuheS, "a2a1", "the piece on a2 lies face down and cannot move"},
		{fuheS, "a0a2", "a2 is occupied by your own face-down piece"},
		{fuheS, "flip b2", "the cannon on b2 is face up already; a flip turns a face-down piece up, once"},
		{fuheS, "flip b3", "there is no piece on b3 to flip"},
		{"3k5/9/9/9/r8/9/9/*C8/9/4K4 b", "a5a2", "the piece on a2 cannot be captured"},
		{"3k5/9/9/9/9/9/9/*R8/9/4K3r w", "a2a2", "you are in check and a2a2 does not answer it"},
		{"3k5/9/9/9/9/9/9/*R8/9/4K3r w", "flip a2", "you are in check and a2a2 does not answer it"},
		{"3k5/9/9/9/r8/9/9/R8/9/4K4 w", "a2a2", "the chariot on a2 is face up already; a flip turns a face-down piece up, once"},
	}
	for _, c := range cases {
		t.Run(c.move, func(t *testing.T) {
			p := mustPosition(t, v, c.fen)
			checkRefusal(t, p, c.move, c.reason)
		})
	}
}

// TestFuheSetup covers the secret choice of fuhe.md §5 and the views it makes.
func TestFuheSetup(t *testing.T) {
	v := mustFuhe(t)
	choices, err := rules.SecretChoices(v, "")
	if err != nil || len(choices) != 2 {
		t.Fatalf("choices %+v, %v", choices, err)
	}
	if c := choices[0]; c.Example != "a2=R i2=P" || !strings.Contains(c.Prompt, "a2 and i2? Choose from R N C B P") {
		t.Errorf("Red's choice %+v", c)
	}
	if c := choices[1]; c.Example != "a7=R i7=P" {
		t.Errorf("Black's choice %+v", c)
	}
	fen, err := rules.ApplySecrets(v, "", [2]string{"a2=R i2=C", "a7=n I7=P"})
	if err != nil {
		t.Fatal(err)
	}
	if want := fuheS + " - - 0 1"; fen != want {
		t.Errorf("ApplySecrets = %s\nwant           %s", fen, want)
	}
	if fen2, err := rules.ApplySecrets(v, "", [2]string{"a2=車 i2:炮", "a7=马 i7=卒"}); err != nil || fen2 != fen {
		t.Errorf("with Chinese characters: %s, %v", fen2, err)
	}
	for _, c := range []struct {
		side          rules.Side
		answer, error string
	}{
		{rules.Red, "a2=N i2=N", ""},
		{rules.Red, "a2=b i2=p", ""},
		{rules.Red, "a2=R", "say which piece lies face down on i2"},
		{rules.Red, "a2=R a2=C", "a2 is named twice"},
		{rules.Red, "a2=A i2=R", "after a2= put one letter of the menu: R N C B P"},
		{rules.Red, "a2=K i2=R", "after a2= put one letter of the menu"},
		{rules.Red, "b2=R i2=R", "“b2” is not one of your corner points (a2 and i2)"},
		{rules.Black, "a2=R i2=R", "“a2” is not one of your corner points (a7 and i7)"},
		{rules.Red, "a2=R i2=R now", `unexpected "now"`},
		{rules.Red, "a2=RR i2=R", "after a2= put one letter"},
	} {
		err := rules.CheckSecret(v, "", c.side, c.answer)
		if (c.error == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.error)) {
			t.Errorf("CheckSecret(%s, %q) = %v, want %q", c.side, c.answer, err, c.error)
		}
	}
	rnd := newRand(3)
	for i := 0; i < 30; i++ {
		for s := rules.Red; s <= rules.Black; s++ {
			if a := rules.DefaultSecret(v, "", s, rnd); rules.CheckSecret(v, "", s, a) != nil {
				t.Errorf("default %q invalid", a)
			}
		}
	}
	p := mustPosition(t, v, fen)
	if got := p.PublicFEN(); got != "rnbakabnr/9/*xc5c*x/p1p1p1p1p/9/9/P1P1P1P1P/*XC5C*X/9/RNBAKABNR w - - 0 1" {
		t.Errorf("public FEN %s", got)
	}
	if got := p.View(rules.RedAudience).FEN(); got != "rnbakabnr/9/*xc5c*x/p1p1p1p1p/9/9/P1P1P1P1P/*RC5C*C/9/RNBAKABNR" {
		t.Errorf("Red's view %s", got)
	}
	if got := p.View(rules.BlackAudience).FEN(); got != "rnbakabnr/9/*nc5c*p/p1p1p1p1p/9/9/P1P1P1P1P/*XC5C*X/9/RNBAKABNR" {
		t.Errorf("Black's view %s", got)
	}
	s := p.Secrets()
	if len(s) != 2 || s[0].Text != "Red: the face-down piece on a2 is a chariot; the face-down piece on i2 is a cannon." {
		t.Errorf("Secrets() = %+v", s)
	}
	g, _ := rules.NewGame(v, fen)
	playAll(t, g, "a2a2")
	if r := g.Report(); r.Private != [2]bool{true, false} {
		t.Errorf("after Red's flip: %+v; Red's private board changed, Black's did not", r)
	}
	playAll(t, g, "a7a7 i2i2")
	if r := g.Report(); r.Private != [2]bool{} || g.Position().HasSecrets(rules.Red) {
		t.Errorf("after Red's last flip: %+v", r)
	}
}

// TestFuheOption checks the option on other boards and its refusals.
func TestFuheOption(t *testing.T) {
	r := testRegistry()
	t.Run("refused where a corner point is taken", func(t *testing.T) {
		x := Xiangqi().Clone("cornered")
		x.StartFEN = "rnbakabnr/9/c7c/p1p1p1p1p/9/9/P1P1P1P1P/C7C/9/RNBAKABNR w - - 0 1"
		if err := x.Finalize(); err != nil {
			t.Fatal(err)
		}
		if _, err := Fuhe().Apply(x, nil); err == nil || !strings.Contains(err.Error(), "corner point a2") {
			t.Errorf("Apply: %v", err)
		}
	})
	t.Run("a menu kind that cannot stand there", func(t *testing.T) {
		x, _ := r.Get("xiangqi")
		if _, err := FuheWith("RA").Apply(x, nil); err == nil || !strings.Contains(err.Error(), "A cannot lie face down") {
			t.Errorf("Apply: %v", err)
		}
	})
	t.Run("not twice", func(t *testing.T) {
		if _, err := r.Build("xiangqi", []string{"fuhe", "fuhe"}); err == nil {
			t.Error("fuhe applied twice")
		}
	})
	t.Run("named corner points leave out the elephant where it cannot go", func(t *testing.T) {
		x := Xiangqi().Clone("mountain")
		b := x.Board
		red := b.SquaresOf("a1", "i1")
		x.Board.Zones[FuheZone] = rules.Zone{red, b.MirrorSet(red)}
		if err := x.Finalize(); err != nil {
			t.Fatal(err)
		}
		v, err := Fuhe().Apply(x, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := v.Finalize(); err != nil {
			t.Fatal(err)
		}
		c, _ := rules.SecretChoices(v, "")
		if !strings.Contains(c[0].Prompt, "a1 and i1? Choose from R N C P ") || c[1].Example != "a8=R i8=P" {
			t.Errorf("choices %+v", c)
		}
	})
	t.Run("on jinchan, with both secrets in one answer", func(t *testing.T) {
		v, err := r.Build("jinchan", []string{"fuhe"})
		if err != nil {
			t.Fatal(err)
		}
		c, _ := rules.SecretChoices(v, "")
		if !strings.Contains(c[0].Prompt, "real e0") || !strings.Contains(c[0].Prompt, "a2 and k2") ||
			c[0].Example != "real e0 a2=R k2=P" {
			t.Errorf("choices %+v", c)
		}
		fen, err := rules.ApplySecrets(v, "", [2]string{"real g0 a2=R k2=B", "k9=p a9=j real e11"})
		if err == nil {
			t.Errorf("a cicada is not in the menu: %s", fen)
		}
		fen, err = rules.ApplySecrets(v, "", [2]string{"real g0 a2=R k2=B", "k9=p a9=n real e11"})
		if err != nil {
			t.Fatal(err)
		}
		g, err := rules.NewGame(v, fen)
		if err != nil {
			t.Fatal(err)
		}
		playAll(t, g, "k2k2 reveal k9k9")
		if f := g.Report().Facts; len(f) != 1 || f[0].What != "flip" {
			t.Errorf("facts %+v", f)
		}
		if got := g.Position().PublicFEN(); !strings.Contains(got, "/*xc1j3j1cp/") || !strings.Contains(got, "/*XC1J3J1CB/") {
			t.Errorf("public %s", got)
		}
	})
	t.Run("validation", func(t *testing.T) {
		v := mustFuhe(t)
		for _, c := range []struct{ fen, err string }{
			{"3k5/9/9/9/9/9/9/9/*R8/4K4 w", "only lie on its owner's corner points"},
			{"3k5/9/9/9/9/9/9/*A8/9/4K4 w", "a advisor cannot lie face down"},
			{"3k5/9/9/9/9/9/*r8/9/9/4K4 w", "only lie on its owner's corner points"},
			{"rnbakabnr/9/*nc5c*p/p1p1p1p1p/9/9/P1P1P1P1P/*RC5C*C/R8/RNBAKABNR w", "at most 2 reserves"},
			{"rnbakabnr/9/*nc5c*p/p1p1p1p1p/9/9/P1P1P1P1P/PC5C*C/9/RNBAKABNR w", ""},
		} {
			_, err := rules.NewPosition(v, c.fen)
			if (c.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.err)) {
				t.Errorf("%s: %v, want %q", c.fen, err, c.err)
			}
		}
	})
}
