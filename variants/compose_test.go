package variants

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/internal/testsize"
	"github.com/chuhe/chuhe/rules"
)

// Two rule modules written only for this test, to show that modules compose: a
// piece whose move freezes the enemy pieces next to its target for their side's
// next two turns, and captured pieces going to the capturer's hand, to be dropped
// back on an empty point of its own half. Neither knows the other or fuhe; the
// test combines them every way and plays random games.

// freezer adds the kind Z (moves one point orthogonally, like a general outside
// the palace); after a Z moves, every enemy piece orthogonally next to it is
// frozen (FlagFrozen, counter 2) and may not move for its side's next two turns.
type freezer struct{ kind int }

func (*freezer) ModuleName() string { return "test-freezer" }

// Init claims the FEN field that keeps the freezes: frozen=d3:2,e6:1.
func (f *freezer) Init(c *rules.Claims) error {
	return c.Field(rules.Field{Key: "frozen", Write: f.writeFrozen, Read: f.readFrozen})
}

func (f *freezer) writeFrozen(p *rules.Position) string {
	b := p.Variant().Board
	var parts []string
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		if pc := p.At(sq); pc.Has(rules.FlagFrozen) {
			parts = append(parts, fmt.Sprintf("%s:%d", b.Name(sq), pc.Counter()))
		}
	}
	return strings.Join(parts, ",")
}

func (f *freezer) readFrozen(p *rules.Position, text string) error {
	if text == "" {
		return nil
	}
	b := p.Variant().Board
	for _, part := range strings.Split(text, ",") {
		name, n, ok := strings.Cut(part, ":")
		sq, okSq := b.Parse(name)
		var count int
		if _, err := fmt.Sscanf(n, "%d", &count); err != nil || !ok || !okSq || count < 1 || count > 2 || p.At(sq).Empty() {
			return fmt.Errorf("%q: want point:turns, like d3:2", part)
		}
		p.Set(sq, p.At(sq).With(rules.FlagFrozen, true).WithCounter(count))
	}
	return nil
}

func (f *freezer) Extend(v *rules.Variant) error {
	f.kind = len(v.Kinds)
	v.Kinds = append(v.Kinds, rules.Kind{Letter: 'Z', Name: "freezer", Glyph: [2]string{"凍", "凍"}, Simple: [2]string{"冻", "冻"},
		Value: 2, Mating: true, Max: 1, Atoms: rules.Steps(rules.Dirs4, rules.MoveOrCapture)})
	return nil
}

func (f *freezer) MayMove(p *rules.Position, sq rules.Square) bool {
	return !p.At(sq).Has(rules.FlagFrozen)
}

func (f *freezer) AfterMove(p *rules.Position, m rules.Move) {
	b := p.Variant().Board
	mover := p.ToMove().Other() // the turn has passed
	if p.MidTurn() || m.Flags&rules.FlagSpecial != 0 {
		mover = p.ToMove()
	}
	// The side that just moved has spent one of its frozen turns.
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() || pc.Side() != mover || !pc.Has(rules.FlagFrozen) {
			continue
		}
		if n := pc.Counter() - 1; n > 0 {
			p.Set(sq, pc.WithCounter(n))
		} else {
			p.Set(sq, pc.With(rules.FlagFrozen, false).WithCounter(0))
		}
	}
	if m.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 || p.At(m.To).Kind() != f.kind {
		return
	}
	for _, d := range rules.Dirs4 {
		sq := b.Step(m.To, d[0], d[1])
		if sq == rules.NoSquare {
			continue
		}
		if pc := p.At(sq); !pc.Empty() && pc.Side() != mover && !pc.FaceDown() {
			p.Set(sq, pc.With(rules.FlagFrozen, true).WithCounter(2))
		}
	}
}

// pocket sends captured pieces to the capturer's hand and lets them be dropped
// on an empty point of the dropper's own half ("own" zone).
type pocket struct{}

func (pocket) ModuleName() string { return "test-pocket" }

func (pocket) Extend(v *rules.Variant) error {
	v.Hands = true
	for i := range v.Kinds {
		v.Kinds[i].Max = 0 // dropped pieces come on top of the usual numbers
	}
	return nil
}

func (pocket) AfterMove(p *rules.Position, m rules.Move) {
	c := p.Captured()
	if c.Empty() || p.Variant().Kinds[c.Kind()].Royal {
		return
	}
	mover := c.Side().Other()
	p.SetHand(mover, c.Kind(), p.Hand(mover, c.Kind())+1)
}

func (pocket) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	v := p.Variant()
	s := p.ToMove()
	if p.MidTurn() {
		return out
	}
	for k := range v.Kinds {
		if p.Hand(s, k) == 0 {
			continue
		}
		for sq := rules.Square(0); int(sq) < v.Board.NumSquares(); sq++ {
			if p.At(sq).Empty() && v.MayStand(k, s, sq) && v.Board.InZone("own", s, sq) {
				out = append(out, rules.Move{From: rules.NoSquare, To: sq, Flags: rules.FlagDrop, Aux: uint8(k)})
			}
		}
	}
	return out
}

// composed builds xiangqi or jinchan with any of the test modules and fuhe.
func composed(t testing.TB, base string, freeze, drops, fuhe bool) *rules.Variant {
	t.Helper()
	v, ok := testRegistry().Get(base)
	if !ok {
		t.Fatalf("no %s", base)
	}
	var err error
	if freeze {
		place := map[byte][]string{'Z': {"b1"}, 'z': {"h8"}}
		if base == "jinchan" {
			place = map[byte][]string{'Z': {"a1"}, 'z': {"k10"}}
		}
		v, err = rules.Derive(v, rules.Delta{Slug: v.Slug + "+freeze", Modules: []rules.Module{&freezer{}}, Place: place})
		if err != nil {
			t.Fatalf("freeze on %s: %v", base, err)
		}
	}
	if drops {
		if v, err = rules.Derive(v, rules.Delta{Slug: v.Slug + "+drops", Modules: []rules.Module{pocket{}}}); err != nil {
			t.Fatalf("drops on %s: %v", base, err)
		}
	}
	if fuhe {
		if v, err = Fuhe().Apply(v, nil); err != nil {
			t.Fatalf("fuhe on %s: %v", v.Slug, err)
		}
	}
	return v
}

// TestModulesCompose plays random games of every combination and checks after
// every move that make/unmake of every legal move is exact, that the hash is the
// hash of the position read back from its FEN, and that every legal move reads
// back from its own text.
func TestModulesCompose(t *testing.T) {
	games, plies := 2, 60
	if !testsize.Long() {
		games, plies = 1, 40
	}
	for _, base := range []string{"xiangqi", "jinchan"} {
		for mask := 0; mask < 8; mask++ {
			freeze, drops, fuhe := mask&1 != 0, mask&2 != 0, mask&4 != 0
			v := composed(t, base, freeze, drops, fuhe)
			t.Run(v.Slug, func(t *testing.T) {
				t.Parallel()
				for g := 0; g < games; g++ {
					randomGame(t, v, newRand(uint64(mask*100+g)), plies)
				}
			})
		}
	}
}

func randomGame(t *testing.T, v *rules.Variant, rnd *rand.Rand, plies int) {
	t.Helper()
	randomGameFrom(t, v, "", rnd, plies)
}

// randomGameFrom is randomGame from the public start position from ("" = the
// variant's start).
func randomGameFrom(t *testing.T, v *rules.Variant, from string, rnd *rand.Rand, plies int) {
	t.Helper()
	var answers [2]string
	for s := rules.Red; s <= rules.Black; s++ {
		answers[s] = rules.DefaultSecret(v, from, s, rnd)
	}
	start := v.StartFEN
	if from != "" {
		start = from
	}
	if v.HasSetup() {
		var err error
		if start, err = rules.ApplySecrets(v, from, answers); err != nil {
			t.Fatalf("secrets %q: %v", answers, err)
		}
	}
	g, err := rules.NewGame(v, start)
	if err != nil {
		t.Fatalf("start %s: %v", start, err)
	}
	for i := 0; i < plies && !g.Outcome().Over; i++ {
		p := g.Position()
		fen, hash := p.FEN(), p.Hash()
		back, err := rules.NewPosition(v, fen)
		if err != nil {
			t.Fatalf("ply %d: FEN %s does not read back: %v", i, fen, err)
		}
		if back.Hash() != hash {
			t.Fatalf("ply %d: hash %x, read back from %s: %x", i, hash, fen, back.Hash())
		}
		legal := p.LegalMoves(nil)
		for j, m := range legal {
			text := rules.FormatCoord(p, m)
			if j%8 == i%8 || m.Flags&(rules.FlagDrop|rules.FlagSpecial) != 0 { // a sample: ParseCoord is slow
				if got, err := rules.ParseCoord(p, text); err != nil || got != m {
					t.Fatalf("ply %d %s: %s reads back as %v, %v", i, fen, text, got, err)
				}
			}
			p.Make(m)
			p.Unmake()
			if p.FEN() != fen || p.Hash() != hash {
				t.Fatalf("ply %d: make/unmake of %s changed %s to %s", i, text, fen, p.FEN())
			}
		}
		if len(legal) == 0 {
			t.Fatalf("ply %d: no legal move but the game goes on: %s", i, fen)
		}
		m := legal[rnd.IntN(len(legal))]
		// Prefer the modules' moves now and then, so that they get played.
		for _, x := range legal {
			if x.Flags&(rules.FlagDrop|rules.FlagSpecial) != 0 && rnd.IntN(3) == 0 {
				m = x
				break
			}
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("ply %d: play %s: %v", i, rules.FormatCoord(p, m), err)
		}
	}
}

// TestModulesComposeEffects checks each test module's effect in the combination
// of both with fuhe: a freeze lasts the frozen side's next two turns, a capture
// fills the capturer's hand, a drop empties it, a face-down reserve is neither
// frozen nor taken.
func TestModulesComposeEffects(t *testing.T) {
	v := composed(t, "xiangqi", true, true, true)
	if !v.Hands || !v.HasModule("fuhe") || !v.HasModule("test-freezer") || !v.HasModule("test-pocket") {
		t.Fatalf("modules of %s: %v", v.Slug, v.Modules)
	}
	// Red: freezer c2, chariot a0, reserve (face-down chariot) on a2; Black: soldier
	// d3 next to c3, horse h7.
	g, err := rules.NewGame(v, "4k4/9/7n1/9/9/9/3p5/*R1Z6/9/R2K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "c2c3")
	p := g.Position()
	d3 := mustSquare(v.Board, "d3")
	if pc := p.At(d3); !pc.Has(rules.FlagFrozen) || pc.Counter() != 2 {
		t.Fatalf("d3 after c2c3: frozen %v counter %d", pc.Has(rules.FlagFrozen), pc.Counter())
	}
	if a2 := p.At(mustSquare(v.Board, "a2")); a2.Has(rules.FlagFrozen) {
		t.Errorf("a face-down reserve was frozen")
	}
	checkRefusal(t, p, "d3d2", "the soldier on d3 may not move now (it is held)")
	playAll(t, g, "h7g5 a0a1")
	checkRefusal(t, g.Position(), "d3d2", "the soldier on d3 may not move now (it is held)") // Black's second frozen turn
	playAll(t, g, "g5f3 a1b1")
	playAll(t, g, "d3d2") // free again
	// Red's chariot takes the horse on f3: the horse goes to Red's hand; dropping
	// it empties the hand.
	playAll(t, g, "b1f1 e9e8 f1f3")
	p = g.Position()
	if p.Hand(rules.Red, Horse) != 1 || !strings.Contains(p.FEN(), "[N]") {
		t.Fatalf("after taking the horse: %s", p.FEN())
	}
	playAll(t, g, "e8e9 N*e2")
	if p := g.Position(); p.Hand(rules.Red, Horse) != 0 || p.At(mustSquare(v.Board, "e2")).Kind() != Horse {
		t.Errorf("after the drop: %s", p.FEN())
	}
}

func TestComposeFENFields(t *testing.T) {
	v := composed(t, "xiangqi", false, true, false)
	p := mustPosition(t, v, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R[Nr] w - - 0 1")
	if p.Hand(rules.Red, Horse) != 1 || p.Hand(rules.Black, Chariot) != 1 {
		t.Fatalf("hands: %s", p.FEN())
	}
	if got := p.FEN(); !strings.Contains(got, "[Nr]") {
		t.Errorf("FEN %s lost the hands", got)
	}
	m, err := rules.ParseCoord(p, "N*e2")
	if err != nil {
		t.Fatalf("drop: %v", err)
	}
	if text := rules.FormatCoord(p, m); text != "N*e2" {
		t.Errorf("drop written %q", text)
	}
	if _, err := rules.ParseCoord(p, "R*e3"); err == nil || !strings.Contains(err.Error(), "no chariot in hand") {
		t.Errorf("drop of a piece not in hand: %v", err)
	}
	if _, err := rules.ParseCoord(p, "N*e6"); err == nil {
		t.Errorf("drop into the enemy half was accepted")
	}
}

// TestPortFixes covers what the port onto modules fixed: 殺驚/遁馬 fires in
// jinchan with fuhe reserves on the board; a reveal costs no ply on the capture
// clock; check marks are listed by square, whatever the secrets.
func TestPortFixes(t *testing.T) {
	t.Run("kill-horse with fuhe", func(t *testing.T) {
		v, err := testRegistry().Build("jinchan", []string{"fuhe"})
		if err != nil {
			t.Fatal(err)
		}
		start, err := rules.ApplySecrets(v, "", [2]string{"real e0 a2=R k2=C", "real e11 a9=N k9=P"})
		if err != nil {
			t.Fatal(err)
		}
		g, err := rules.NewGame(v, start)
		if err != nil {
			t.Fatal(err)
		}
		playAll(t, g, "b2b11 j11i9")
		if p := g.Position(); p.ToMove() != rules.Black || !p.MidTurn() {
			t.Fatalf("after b2b11 j11i9 in jinchan+fuhe: %s to move, mid-turn %v; want Black's second move", p.ToMove(), p.MidTurn())
		}
		playAll(t, g, "pass")
		if p := g.Position(); p.ToMove() != rules.Red {
			t.Errorf("after pass: %s to move", p.ToMove())
		}
	})
	t.Run("a reveal costs no ply", func(t *testing.T) {
		v := mustJinchan(t)
		start := jinchanStart(t, "e0", "e11")
		board, _, _ := strings.Cut(start, " ")
		g, err := rules.NewGame(v, board+" w - - 119 80")
		if err != nil {
			t.Fatal(err)
		}
		playAll(t, g, "reveal")
		if o := g.Outcome(); o.Over || g.Position().Halfmove() != 119 {
			t.Fatalf("after a reveal at capture clock 119: %+v, clock %d", o, g.Position().Halfmove())
		}
		playAll(t, g, "a0a1")
		if o := g.Outcome(); !o.Over || o.Reason != rules.ReasonMoveLimit {
			t.Errorf("the move after the reveal should reach the limit: %+v", o)
		}
	})
	t.Run("check marks by square", func(t *testing.T) {
		v := mustJinchan(t)
		// Both Red generals are attacked by Black's chariots; only Red knows which
		// is the decoy.
		for _, fen := range []string{
			"4k1k4/11/11/11/11/11/4r1r4/11/11/11/11/4K1D4 w - - 0 1",
			"4k1k4/11/11/11/11/11/4r1r4/11/11/11/11/4D1K4 w - - 0 1",
		} {
			p := mustPosition(t, v, fen)
			in := p.View(rules.Public).InCheck
			if len(in) != 2 || in[0] > in[1] {
				t.Errorf("%s: public check marks %v, want both generals by square", fen, in)
			}
		}
	})
}

// conflicting is a module that declares it cannot be played with the test
// freezer, as royal-advisor and dragon-advisor exclude each other.
type conflicting struct{}

func (conflicting) ModuleName() string { return "test-thaw" }

func (conflicting) ConflictsWith() ([]string, string) {
	return []string{"test-freezer"}, "test-thaw cannot be played with test-freezer: one melts what the other freezes"
}

func TestDeclaredConflict(t *testing.T) {
	v := composed(t, "xiangqi", true, false, false)
	_, err := rules.Derive(v, rules.Delta{Slug: "thaw", Modules: []rules.Module{conflicting{}}})
	var c *rules.ConflictError
	if !errors.As(err, &c) || !strings.Contains(err.Error(), "one melts what the other freezes") {
		t.Fatalf("conflicting modules: %v", err)
	}
	if _, err := rules.Derive(v, rules.Delta{Slug: "twice", Modules: []rules.Module{&freezer{}}}); err == nil {
		t.Errorf("a module added twice was accepted")
	}
}
