package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestDisandai is disandai.md "Test cases", one row per case (sub-cases get
// the case number times a hundred plus one, two, three). Backs are given in the FEN field
// `backs` (a9=R: the soldier on a9 has the 車 on its back; d0=K: the advisor
// on d0 has the general).
//
// Rows 11 and 14 put a soldier where none can stand (f4, d4 on Red's own
// half): a cannon and a horse block there instead. Rows 7, 9 and 10 add a
// Black soldier on a4 so that the game is not drawn by material at once.
func TestDisandai(t *testing.T) {
	v := mustVariant(t, "disandai")
	over := func(winner rules.Side) func(t *testing.T, g *rules.Game) {
		return func(t *testing.T, g *rules.Game) {
			t.Helper()
			if o := g.Outcome(); !o.Over || o.Winner != winner || o.Draw {
				t.Errorf("outcome %+v, want a win for %v", o, winner)
			}
		}
	}
	runBoardCases(t, v, []boardCase{
		{n: 1, fen: "P4k3/9/9/9/9/9/9/9/9/4K4 w - - 0 1 backs=a9=R", legal: "a9!",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "a9! f9f8")
				pieceAt(t, g.Position(), "a9", "G")
				checkMoves(t, g.Position(), "a9a1", "")
			}},
		{n: 101, fen: "P4k3/9/9/9/9/9/9/9/9/4K4 w - - 0 1 backs=a9=N", legal: "a9!",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "a9!")
				pieceAt(t, g.Position(), "a9", "W")
				if f := g.Report().Facts; len(f) != 1 || !strings.Contains(f[0].Text, "its back is a horse") {
					t.Errorf("facts %+v", f)
				}
			}},
		{n: 2, fen: "1P3k3/9/9/9/7r1/9/9/9/9/4K4 w - - 0 1 backs=b9=R", legal: "b9!",
			check: func(t *testing.T, g *rules.Game) {
				h, _ := rules.NewGame(v, g.Position().FEN())
				playAll(t, g, "b9! h5h1")
				pieceAt(t, g.Position(), "b9", "W")
				if got := legalTexts(g.Position()); strings.Join(got, " ") != "b9!" {
					t.Errorf("legal moves %v, want only b9!", got)
				}
				checkRefusal(t, g.Position(), "e0d0", "your misflipped soldier on b9 must flip back first: b9!")
				playAll(t, h, "b9! h5e5")
				over(rules.Black)(t, h)
			}},
		{n: 3, fen: "3P5/9/5k3/9/9/9/9/9/9/4K4 w - - 0 1 backs=d9=A", legal: "d9!",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "d9! f7f8")
				pieceAt(t, g.Position(), "d9", "D")
				checkMoves(t, g.Position(), "d9e8", "d9c8")
			}},
		{n: 301, fen: "3P5/9/5k3/9/9/9/9/9/9/4K4 w - - 0 1 backs=d9=C", legal: "d9!",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "d9!")
				pieceAt(t, g.Position(), "d9", "W")
			}},
		{n: 4, fen: "5k3/9/9/9/2V6/9/9/9/9/4K4 w", legal: "c5a7 c5e7", illegal: "c5a3 c5e3"},
		// The spec's @f2 here would face the general on f9; a double flip is
		// tested as if the named advisor were the general, whatever its back
		// (docs/variants/disandai.md, D10), so @f2 is illegal in this row and
		// row 503 (a soldier on f5 between) shows the wrong flip losing.
		{n: 5, fen: "5k3/9/9/9/4r4/9/9/5A3/4K4/3A5 w - - 0 1 backs=d0=K", legal: "@d0", illegal: "@f2",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "@d0")
				pieceAt(t, g.Position(), "d0", "K")
				pieceAt(t, g.Position(), "e1", "A")
				if g.Outcome().Over {
					t.Errorf("the right double flip ended the game: %+v", g.Outcome())
				}
			}},
		{n: 503, fen: "5k3/9/9/9/4rP3/9/9/5A3/4K4/3A5 w - - 0 1 backs=d0=K", legal: "@d0 @f2",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "@f2")
				over(rules.Black)(t, g)
			}},
		{n: 501, fen: "5k3/9/9/9/9/9/9/5A3/4K4/3A5 w - - 0 1 backs=d0=K", illegal: "@d0"},
		{n: 502, fen: "5k3/9/9/9/3rr4/9/9/5A3/4K4/3A5 w - - 0 1 backs=d0=K", illegal: "@d0"},
		{n: 6, fen: "5k3/9/9/9/9/9/9/9/9/3KA4 w - - 0 1 backs=e0=K!", legal: "e0d1 e0f1", illegal: "e0e1 e0f0"},
		{n: 7, fen: "3k5/9/9/9/9/p8/9/9/9/4KA3 w", legal: "f0!",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "f0!")
				pieceAt(t, g.Position(), "f0", "H")
			}},
		{n: 701, fen: "3k5/9/9/9/9/9/9/9/9/3AKA3 w", illegal: "f0!"},
		{n: 8, fen: "3k5/9/9/9/9/9/9/7p1/6Hr1/4K4 w", legal: "g1h0", illegal: "g1f2 g1f0 g1h2"},
		{n: 801, fen: "3k5/9/9/9/9/9/9/7p1/6Hr1/4K4 b", illegal: "h1g1"},
		{n: 802, fen: "3k5/9/9/9/9/9/9/4n4/6Hr1/4K4 b", legal: "h1g1 e2g1"},
		{n: 9, fen: "3k5/3H5/9/9/9/p8/9/9/9/4K4 w", legal: "d8e9",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "d8e9")
				over(rules.Red)(t, g)
			}},
		{n: 901, fen: "3k5/9/9/9/4H4/9/9/9/9/4K4 w", legal: "e5f6 e5d6", illegal: "e5d4"},
		{n: 10, fen: "5k3/9/9/9/9/p8/9/9/9/2B1K4 w - - 0 1 backs=c0=T", legal: "c0!",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "c0! f9f8")
				pieceAt(t, g.Position(), "c0", "T")
				checkMoves(t, g.Position(), "c0e3 c0f2", "")
			}},
		{n: 1001, fen: "5k3/9/9/9/9/9/9/9/9/2B1K1B2 w - - 0 1 backs=c0=T", illegal: "c0!"},
		{n: 11, fen: "5k3/9/9/9/9/4LC3/9/9/9/4K4 w", legal: "e4f7 e4b5 e4d1", illegal: "e4h5 e4h3"},
		{n: 12, fen: "n4k3/9/P8/9/F3p2r1/9/2Z6/9/9/4K4 w", legal: "c3e5 c3a1 c3d4 a5e5 a5d5 a5a9 a5a6",
			illegal: "c3c4 a5h5 a5a8"},
		{n: 13, fen: "5k3/9/4n4/9/3P5/9/2Q6/9/9/4K4 w", legal: "c3e7 c3b5 c3e4", illegal: "c3d5"},
		{n: 1301, fen: "5k3/9/4n4/9/9/9/2Q6/9/9/4K4 w", illegal: "c3e7"},
		{n: 14, fen: "5k3/9/9/9/4n4/3N5/2U6/9/9/4K4 w", legal: "c3e5 c3c7", illegal: "c3d4"},
		{n: 15, fen: "5k3/9/n8/9/p8/9/P8/S8/9/4K4 w", legal: "a2a5 a2a1 a2i2", illegal: "a2a7 a2a4"},
		{n: 1501, fen: "5k3/9/n8/p8/p8/9/P8/S8/9/4K4 w", legal: "a2a5 a2a6 a2a7"},
		{n: 16, fen: "1n3k3/9/9/9/3X5/9/9/9/9/4K4 b", pre: "b9c7", legal: "d5e7 d5b6 d5f4", illegal: "d5c7"},
		{n: 17, fen: "5k3/9/9/9/4x4/9/9/9/9/RN2K4 w", illegal: "a0a1 a0a5", legal: "b0c2 b0a2 e0e1 e0d0"},
	})
}

func TestDisandaiRandomGames(t *testing.T) {
	v := mustVariant(t, "disandai")
	games, plies := 6, 200
	if small() {
		games, plies = 2, 50
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(3300+g)), plies)
	}
	// From a middle game where flips come quickly: soldiers near the base
	// line, one elephant, chariot, horse and cannon a side.
	mid := "2b1kab2/1P2a2P1/4c4/1r5n1/9/9/1N5R1/4C4/1p2A2p1/2B1KA3 w"
	for g := 0; g < games; g++ {
		randomGameFrom(t, v, mid+" - - 0 1 backs=b8=R,h8=N,f0=K,c0=T,h3=Z,b3=Q,e2=U,b1=C,h1=A,e8=K,c9=T,b6=Z,h6=Q,e7=U", newRand(uint64(3500+g)), plies)
	}
}

// swapBacks moves side s's secret backs to other pieces of the same kinds:
// the unshown soldier backs rotate by one, and each pair's first back goes
// to the other piece of the pair. The twin differs only in secrets.
func swapBacks(v *rules.Variant, s rules.Side) twin {
	return twin{name: "backs of " + s.String(), swap: func(fen string) (string, bool) {
		p, err := rules.NewPosition(v, fen)
		if err != nil {
			return "", false
		}
		head, field, ok := strings.Cut(fen, " backs=")
		if !ok {
			return "", false
		}
		field, tail, _ := strings.Cut(field, " ")
		b := v.Board
		var soldiers []int // indexes of s's unshown soldier entries
		entries := strings.Split(field, ",")
		moved := false
		for i, e := range entries {
			name, l, _ := strings.Cut(e, "=")
			sq, _ := b.Parse(name)
			pc := p.At(sq)
			if pc.Side() != s || strings.HasSuffix(l, "!") {
				continue
			}
			if pc.Kind() == Soldier {
				soldiers = append(soldiers, i)
				continue
			}
			// A pair's first back: to the other unshown piece of the kind.
			for other := rules.Square(0); int(other) < b.NumSquares(); other++ {
				if q := p.At(other); other != sq && !q.Empty() && q.Side() == s && q.Kind() == pc.Kind() &&
					!strings.Contains(field, b.Name(other)+"=") {
					entries[i] = b.Name(other) + "=" + l
					moved = true
					break
				}
			}
		}
		if len(soldiers) >= 2 {
			first := entries[soldiers[0]][strings.IndexByte(entries[soldiers[0]], '=')+1:]
			for j, i := range soldiers {
				name, _, _ := strings.Cut(entries[i], "=")
				next := first
				if j+1 < len(soldiers) {
					n := entries[soldiers[j+1]]
					next = n[strings.IndexByte(n, '=')+1:]
				}
				entries[i] = name + "=" + next
			}
			moved = true
		}
		if !moved {
			return "", false
		}
		out := head + " backs=" + strings.Join(entries, ",")
		if tail != "" {
			out += " " + tail
		}
		return out, true
	}}
}

// TestHiddenDisandaiLeaks: twins whose backs differ look the same to the
// public (views, FEN, legal moves, refusals, facts) until a flip shows a back.
func TestHiddenDisandaiLeaks(t *testing.T) {
	t.Parallel()
	v := mustVariant(t, "disandai")
	games, plies := leakSize()
	words := func(p *rules.Position) []string {
		return []string{"a9!", "c0!", "@d0", "@f0", "e3!", "flip a6", "b0!", "a0!"}
	}
	leakGames(t, v, []twin{swapBacks(v, rules.Red), swapBacks(v, rules.Black)}, words, games, plies*3, 33)
}

// disandaiFixedStart is the start with fixed backs for the perft records.
func disandaiFixedStart(t *testing.T, v *rules.Variant) string {
	t.Helper()
	start, err := ApplySecrets(v, "", "RNBAC K=d0 T=c0 Z=a0 Q=b0 U=b2", "CABNR K=f9 T=g9 Z=i9 Q=h9 U=h7")
	if err != nil {
		t.Fatal(err)
	}
	return start
}

// TestDisandaiPerft records the counts from the fixed start; they exceed
// xiangqi's (44, 1920, 79666) at depth 2 and 3 by the flips of a lone
// piece after a capture of its pair (TestDisandaiPerftCrossCheck confirms).
func TestDisandaiPerft(t *testing.T) {
	v := mustVariant(t, "disandai")
	p := mustPosition(t, v, disandaiFixedStart(t, v))
	want := []uint64{1, 44, 1922, 79816}
	depth := 3
	if small() {
		depth = 2
	}
	fen := p.FEN()
	for d := 1; d <= depth; d++ {
		if got := p.Perft(d); got != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d])
		}
	}
	if p.FEN() != fen {
		t.Error("perft changed the position")
	}
}

// TestDisandaiGuideMoves plays the /rules examples and checks every language
// names them.
func TestDisandaiGuideMoves(t *testing.T) {
	v := mustVariant(t, "disandai")
	for _, c := range []struct{ fen, moves string }{
		{"P4k3/9/9/9/9/9/9/9/9/4K4 w - - 0 1 backs=a9=R", "a9!"},
		{"1P3k3/9/9/9/9/p8/9/9/9/4K4 w - - 0 1 backs=b9=R", "b9! f9f8 b9!"},
		{"5k3/9/9/9/4r4/9/9/5A3/4K4/3A5 w - - 0 1 backs=d0=K", "@d0"},
		{"5k3/9/9/9/9/p8/9/9/9/2B1K4 w - - 0 1 backs=c0=T", "c0!"},
	} {
		g, err := rules.NewGame(v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		playAll(t, g, c.moves)
	}
	start, err := ApplySecrets(v, "", "RNBAC K=d0 T=c0 Z=a0 Q=b0 U=b2", "RNBAC K=d9 T=c9 Z=a9 Q=b9 U=b7")
	if err != nil || start == "" {
		t.Fatalf("the guide's /setup example: %v", err)
	}
	for _, s := range []string{disandaiGuide.En, disandaiGuide.Hant, disandaiGuide.Hans} {
		for _, want := range []string{"/setup RNBAC K=d0 T=c0 Z=a0 Q=b0 U=b2", "a9!", "b9!", "@d0", "c0!"} {
			if !strings.Contains(s, want) {
				t.Errorf("guide lacks %s", want)
			}
		}
	}
}

// TestDisandaiSetup: the answer is checked, applied, and hidden from views.
func TestDisandaiSetup(t *testing.T) {
	v := mustVariant(t, "disandai")
	cs := SecretChoices(v)
	if len(cs) != 2 || !strings.Contains(cs[0].Prompt, "Choose your backs") {
		t.Fatalf("choices %+v", cs)
	}
	for _, bad := range []string{"", "RNBA", "RNBAA K=d0 T=c0 Z=a0 Q=b0 U=b2", "RNBAC K=e0 T=c0 Z=a0 Q=b0 U=b2",
		"RNBAC T=c0 Z=a0 Q=b0 U=b2", "RNBAC K=d0 T=c0 Z=a0 Q=b0 U=b2 X=a3"} {
		if err := CheckSecret(v, "", rules.Red, bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	p := mustPosition(t, v, disandaiFixedStart(t, v))
	if pub := p.PublicFEN(); strings.Contains(pub, "backs") {
		t.Errorf("public FEN %s", pub)
	}
	own := p.ViewFEN(rules.RedAudience)
	if !strings.Contains(own, "d0=K") || strings.Contains(own, "a3=") || strings.Contains(own, "f9=K") {
		t.Errorf("Red's view %s: its pair backs only", own)
	}
	rnd := newRand(7)
	for i := 0; i < 20; i++ {
		if err := CheckSecret(v, "", rules.Black, DefaultSecret(v, rules.Black, rnd)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDisandaiDisclosure: the backs not yet shown are told at the end.
func TestDisandaiDisclosure(t *testing.T) {
	v := mustVariant(t, "disandai")
	p := mustPosition(t, v, disandaiFixedStart(t, v))
	var all string
	for _, f := range p.Secrets() {
		all += f.Text + "\n"
	}
	for _, want := range []string{"Red's backs: ", "the soldier on a3 has a chariot (車)", "the advisor on d0 has a general (帥)",
		"the advisor on f0 has a minister (臣)", "the horse on h9 has a consort (妃)", "the cannon on b7 has a stone cannon (石)"} {
		if !strings.Contains(all, want) {
			t.Errorf("disclosure lacks %q:\n%s", want, all)
		}
	}
}
