package rules

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// Tests of the core's state and flags beyond the atoms: pieces that give no check
// while frozen, a pass when stuck, kinds whose moves reset the capture clock,
// pieces on points off the grid in the FEN, and key=value fields.

// tinyVariant is a 5x5 point board with a king, a rook and a pawn a side, and one
// off-grid point r1 (a recovery slot beside the board).
func tinyVariant(t *testing.T, change func(v *Variant)) *Variant {
	t.Helper()
	v := &Variant{
		Slug:  "tiny",
		Board: &Board{Width: 5, Height: 5, Extra: []ExtraPoint{{Name: "r1", X: 6, Y: 0}}},
		Kinds: []Kind{
			{Letter: 'K', Name: "king", Royal: true, Atoms: Steps(Dirs4, MoveOrCapture)},
			{Letter: 'R', Name: "rook", Atoms: Rides(Dirs4, MoveOrCapture, 0)},
			{Letter: 'P', Name: "pawn", ResetsClock: true, Atoms: Steps([][2]int{{0, 1}}, MoveOrCapture)},
		},
		StartFEN:   "4k/5/5/5/K2R1 w - - 0 1",
		MoveLimit:  10,
		Repetition: RepetitionDraw,
	}
	if change != nil {
		change(v)
	}
	if err := v.Finalize(); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestNoCheckFlags(t *testing.T) {
	plain := tinyVariant(t, nil)
	silent := tinyVariant(t, func(v *Variant) { v.NoCheckFlags = FlagFrozen })
	// Black's rook on a4 would check Red's king on a0.
	for _, c := range []struct {
		v     *Variant
		check bool
	}{{plain, true}, {silent, false}} {
		p, err := NewPosition(c.v, "r3k/5/5/5/K4 w - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		a4, _ := c.v.Board.Parse("a4")
		p.Set(a4, p.At(a4).With(FlagFrozen, true))
		if got := p.InCheck(); got != c.check {
			t.Errorf("NoCheckFlags %v: frozen rook gives check %v, want %v", c.v.NoCheckFlags, got, c.check)
		}
		if n := len(p.LegalMoves(nil)); c.check && n != 1 || !c.check && n != 2 {
			t.Errorf("NoCheckFlags %v: %d legal moves", c.v.NoCheckFlags, n)
		}
	}
}

// noDownAttack is an AttackFilter: Black's pieces attack nothing below them.
type noDownAttack struct{}

func (noDownAttack) ModuleName() string { return "no-down-attack" }

func (noDownAttack) MayAttack(p *Position, from, to Square) bool {
	_, fr, _ := p.v.Board.Coords(from)
	_, tr, _ := p.v.Board.Coords(to)
	return p.At(from).Side() != Black || tr >= fr
}

func TestAttackFilter(t *testing.T) {
	v := tinyVariant(t, func(v *Variant) { v.Modules = append(v.Modules, noDownAttack{}) })
	if v.Quick() {
		t.Errorf("a variant with an AttackFilter takes the fast path")
	}
	for _, c := range []struct {
		fen   string
		check bool
	}{
		{"4k/5/5/5/r3K w - - 0 1", true},  // beside: a rook's attack along the rank
		{"K3k/5/5/5/r4 w - - 0 1", true},  // from below
		{"r3k/5/5/5/K4 w - - 0 1", false}, // from above: filtered (a ray)
		{"4k/5/5/p4/K4 w - - 0 1", false}, // the pawn's step down: filtered (a leap)
	} {
		p, err := NewPosition(v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.InCheck(); got != c.check {
			t.Errorf("%s: in check %v, want %v", c.fen, got, c.check)
		}
		// Nothing attacks down the a-file: Red's king may step up it.
		if c.fen == "r3k/5/5/5/K4 w - - 0 1" && !hasLegalText(p, "a0a1") {
			t.Errorf("%s: a0a1 should be legal", c.fen)
		}
	}
}

func hasLegalText(p *Position, text string) bool {
	for _, m := range p.LegalMoves(nil) {
		if FormatCoord(p, m) == text {
			return true
		}
	}
	return false
}

func TestPassWhenStuck(t *testing.T) {
	v := tinyVariant(t, func(v *Variant) { v.PassWhenStuck = true; v.StalemateLoses = true })
	// Red's king on a4 is boxed in by its own pawns, which cannot move: a pass.
	p, err := NewPosition(v, "KP2k/P4/5/5/5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	legal := p.LegalMoves(nil)
	if len(legal) != 1 || legal[0] != PassMove || FormatCoord(p, legal[0]) != "pass" {
		t.Fatalf("legal moves when stuck: %v", legal)
	}
	if m, err := ParseCoord(p, "pass"); err != nil || m != PassMove {
		t.Fatalf("pass: %v %v", m, err)
	}
	if n := p.Perft(1); n != 1 {
		t.Errorf("perft 1 = %d, want 1 (the pass)", n)
	}
	g, err := NewGame(v, p.FEN())
	if err != nil {
		t.Fatal(err)
	}
	if g.Outcome().Over {
		t.Fatalf("a side that passes is not stalemated: %+v", g.Outcome())
	}
	if err := g.Play(PassMove); err != nil || g.Position().ToMove() != Black {
		t.Fatalf("after pass: %v, %s to move", err, g.Position().ToMove())
	}
}

func TestResetsClock(t *testing.T) {
	v := tinyVariant(t, nil)
	g, err := NewGame(v, "4k/5/5/5/K3P w - - 7 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"e0e1", "e4d4"} {
		m, err := ParseCoord(g.Position(), text)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if h := g.Position().Halfmove(); h != 1 {
		t.Errorf("capture clock after a pawn move and a king move: %d, want 1", h)
	}
}

func TestOffBoardPointsInFEN(t *testing.T) {
	v := tinyVariant(t, nil)
	fen := "4k/5/5/5/K2R1 w - - 0 1 off=r1:r"
	p, err := NewPosition(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	r1, _ := v.Board.Parse("r1")
	if pc := p.At(r1); pc.Empty() || pc.Side() != Black || v.Kinds[pc.Kind()].Name != "rook" {
		t.Fatalf("r1 holds %v", pc)
	}
	if got := p.FEN(); got != fen {
		t.Errorf("FEN = %s, want %s", got, fen)
	}
	if got := p.PublicFEN(); !strings.HasSuffix(got, "off=r1:r") {
		t.Errorf("public FEN = %s", got)
	}
	for _, bad := range []string{"off=a1:r", "off=r1:x", "off=r1:r,r1:r", "off=zz"} {
		if _, err := NewPosition(v, "4k/5/5/5/K2R1 w - - 0 1 "+bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if _, err := NewPosition(v, "4k/5/5/5/K2R1 w - - 0 1 flags=1"); err == nil || !strings.Contains(err.Error(), "no field flags=") {
		t.Errorf("an unclaimed key field: %v", err)
	}
}

// TestFaceDownAs: with FaceDownAs a face-down piece moves and attacks as the kind
// that starts on its point (jieqi), whatever it truly is.
func TestFaceDownAs(t *testing.T) {
	v := tinyVariant(t, func(v *Variant) { v.FaceDownAs = map[string]byte{"d0": 'R', "d4": 'R'} })
	// A face-down pawn on d0 moves as a rook (and may take the face-down piece on d4).
	p, err := NewPosition(v, "k2*p1/5/5/5/3*PK w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range p.LegalMoves(nil) {
		if FormatCoord(p, m)[:2] == "d0" {
			got = append(got, FormatCoord(p, m))
		}
	}
	sort.Strings(got)
	if strings.Join(got, " ") != "d0a0 d0b0 d0c0 d0d1 d0d2 d0d3 d0d4" {
		t.Errorf("face-down piece on d0 moves %v, want a rook's moves", got)
	}
	q, err := NewPosition(v, "3*pk/5/5/5/3K1 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if !q.InCheck() {
		t.Errorf("a face-down black piece on d4 should check the king on d0 as a rook")
	}
	plain := tinyVariant(t, nil)
	r, err := NewPosition(plain, "3*pk/5/5/5/3K1 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if r.InCheck() {
		t.Errorf("without FaceDownAs a face-down piece gives no check")
	}
}

// swapDealer deals by chance: it swaps Red's two face-down pieces or not.
type swapDealer struct{}

func (swapDealer) ModuleName() string { return "swap-dealer" }

func (swapDealer) Deal(p *Position, rnd *rand.Rand) error {
	a, _ := p.Variant().Board.Parse("a0")
	b, _ := p.Variant().Board.Parse("b0")
	if rnd.IntN(2) == 1 {
		pa, pb := p.At(a), p.At(b)
		p.Set(a, pb)
		p.Set(b, pa)
	}
	return nil
}

// TestDeal: a Dealer's chance secrets are drawn when a game is created, the
// dealt start differs only in the secrets, and a variant without dealers keeps
// its start.
func TestDeal(t *testing.T) {
	v, err := Derive(tinyVariant(t, nil), Delta{Slug: "dealt", Modules: []Module{swapDealer{}}})
	if err != nil {
		t.Fatal(err)
	}
	if !v.Deals() || v.HasSetup() {
		t.Fatalf("Deals %v HasSetup %v", v.Deals(), v.HasSetup())
	}
	start := "4k/5/5/5/*R*PK2 w - - 0 1"
	seen := map[string]bool{}
	for seed := uint64(0); seed < 20; seed++ {
		fen, err := Deal(v, start, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		seen[fen] = true
		p, err := NewPosition(v, fen)
		if err != nil {
			t.Fatal(err)
		}
		q, _ := NewPosition(v, start)
		if p.PublicFEN() != q.PublicFEN() {
			t.Errorf("dealt public FEN %s, want %s", p.PublicFEN(), q.PublicFEN())
		}
	}
	if !seen[start] || !seen["4k/5/5/5/*P*RK2 w - - 0 1"] || len(seen) != 2 {
		t.Errorf("deals %v, want both orders", seen)
	}
	if _, err := Deal(v, "bad", rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("a bad start was dealt")
	}
	plain := tinyVariant(t, nil)
	if fen, err := Deal(plain, "", rand.New(rand.NewPCG(1, 1))); err != nil || fen != plain.StartFEN || plain.Deals() {
		t.Errorf("no dealer: %s %v", fen, err)
	}
}

// TestFaceDownAsExplain: a refused move of a face-down piece that moves as its
// point's kind is explained by that kind, the same whatever the piece truly is.
func TestFaceDownAsExplain(t *testing.T) {
	v := tinyVariant(t, func(v *Variant) { v.FaceDownAs = map[string]byte{"d0": 'R'} })
	var reasons []string
	for _, fen := range []string{"k4/5/5/5/3*PK w - - 0 1", "k4/5/5/5/3*RK w - - 0 1"} {
		p, err := NewPosition(v, fen)
		if err != nil {
			t.Fatal(err)
		}
		_, err = ParseCoord(p, "d0c1")
		ie, ok := err.(*IllegalMoveError)
		if !ok {
			t.Fatalf("%s: d0c1: %v", fen, err)
		}
		if strings.Contains(ie.Reason, "cannot move") || !strings.Contains(ie.Reason, "rook") {
			t.Errorf("%s: reason %q, want one about the rook's moves", fen, ie.Reason)
		}
		reasons = append(reasons, ie.Error()+strings.Join(ie.Legal, " "))
	}
	if reasons[0] != reasons[1] {
		t.Errorf("the refusal depends on the hidden kind:\n%s\n%s", reasons[0], reasons[1])
	}
}

// TestFaceDownAsAttacksByPoint: the fast legality test and the attack test see
// a face-down piece as its point's kind, never its hidden one: a hidden rook on
// a pawn's point pins nothing.
func TestFaceDownAsAttacksByPoint(t *testing.T) {
	v := tinyVariant(t, func(v *Variant) { v.FaceDownAs = map[string]byte{"d4": 'P'} })
	var lists []string
	for _, fen := range []string{"k2*p1/5/3R1/5/3K1 w - - 0 1", "k2*r1/5/3R1/5/3K1 w - - 0 1"} {
		p, err := NewPosition(v, fen)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range p.LegalMoves(nil) {
			got = append(got, FormatCoord(p, m))
		}
		sort.Strings(got)
		lists = append(lists, strings.Join(got, " "))
		if p.InCheck() {
			t.Errorf("%s: in check", fen)
		}
		m, err := ParseCoord(p, "d2c2")
		if err != nil || !p.IsLegal(m) {
			t.Errorf("%s: d2c2 (off the file of a hidden piece) refused: %v", fen, err)
		}
	}
	if lists[0] != lists[1] {
		t.Errorf("legal moves depend on the hidden kind:\n%s\n%s", lists[0], lists[1])
	}
}

// captureTeller tells the capturer of a face-down piece what it was.
type captureTeller struct{}

func (captureTeller) ModuleName() string { return "capture-teller" }

func (captureTeller) Tell(p *Position, m Move) (told [2][]Fact) {
	if t := p.At(m.To); m.Flags&FlagCapture != 0 && t.FaceDown() {
		k := p.Variant().Kinds[t.Kind()]
		told[p.ToMove()] = []Fact{{What: "identified", Side: t.Side(),
			Pieces: []Shown{{Square: m.To, Side: t.Side(), Letter: k.Letter, Name: k.Name}}, Text: "it was a " + k.Name}}
	}
	return told
}

// TestTeller: a Teller's facts go to one side's Report.Told only, not to the
// public facts or the log, are listed by Game.Told, and go with Undo.
func TestTeller(t *testing.T) {
	v, err := Derive(tinyVariant(t, func(v *Variant) { v.FaceDownAs = map[string]byte{"d3": 'P'} }),
		Delta{Slug: "told", Modules: []Module{captureTeller{}}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(v, "k4/3*r1/5/5/3RK w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseCoord(g.Position(), "d0d3")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	r := g.Report()
	if len(r.Facts) != 0 || len(r.Told[Black]) != 0 || len(r.Told[Red]) != 1 || r.Told[Red][0].Text != "it was a rook" {
		t.Fatalf("report %+v", r)
	}
	var logs strings.Builder
	fmt.Fprint(&logs, r.LogValue())
	if strings.Contains(logs.String(), "rook") {
		t.Errorf("the log shows a told fact: %s", logs.String())
	}
	if told := g.Told(); len(told) != 1 || told[0].Side != Black {
		t.Errorf("Game.Told %+v", told)
	}
	if err := g.Undo(); err != nil || len(g.Told()) != 0 {
		t.Errorf("after undo: %v %+v", err, g.Told())
	}
}

// secretCounter keeps a number in a FEN field that only Red may see.
type secretCounter struct{ id *VarID }

func (secretCounter) ModuleName() string { return "secret-counter" }

func (s secretCounter) Init(c *Claims) error {
	id, err := c.Var("n")
	if err != nil {
		return err
	}
	*s.id = id
	return c.Field(Field{Key: "n",
		Write: func(p *Position) string {
			if p.Var(*s.id) == 0 {
				return ""
			}
			return fmt.Sprint(p.Var(*s.id))
		},
		Read: func(p *Position, text string) error {
			if text == "" {
				return nil
			}
			var n int32
			_, err := fmt.Sscan(text, &n)
			p.SetVar(*s.id, n)
			return err
		},
		View: func(p *Position, a Audience) string {
			if a != RedAudience || p.Var(*s.id) == 0 {
				return ""
			}
			return fmt.Sprint(p.Var(*s.id))
		},
	})
}

// TestFieldView: a field with View writes per audience in view FENs; the full
// FEN keeps Write's text.
func TestFieldView(t *testing.T) {
	v, err := Derive(tinyVariant(t, nil), Delta{Slug: "counted", Modules: []Module{secretCounter{id: new(VarID)}}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPosition(v, "4k/5/5/5/K2R1 w - - 0 1 n=5")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.FEN(); !strings.HasSuffix(got, " n=5") {
		t.Errorf("full FEN %s", got)
	}
	if got := p.PublicFEN(); strings.Contains(got, "n=") {
		t.Errorf("public FEN shows the secret: %s", got)
	}
	if got := p.ViewFEN(BlackAudience); strings.Contains(got, "n=") {
		t.Errorf("Black's FEN shows Red's secret: %s", got)
	}
	if got := p.ViewFEN(RedAudience); !strings.HasSuffix(got, " n=5") {
		t.Errorf("Red's FEN %s", got)
	}
}
