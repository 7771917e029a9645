package rules

import (
	"strings"
	"testing"
)

// waitVariant adds to testVariant a once-only "wait" that keeps the turn (as
// Jinchan's reveal costs no move) and pawn moves that keep the turn (as the first
// half of Jinchan's 遁馬 double move).
func waitVariant(t *testing.T) *Variant {
	t.Helper()
	v, err := Derive(testVariant(t), Delta{Slug: "wait", Modules: []Module{&waitModule{pawn: 5}}})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

type waitModule struct {
	pawn   int
	waited VarID
	code   uint8
}

func (*waitModule) ModuleName() string { return "wait" }

func (w *waitModule) Init(c *Claims) (err error) {
	if w.waited, err = c.Var("waited"); err != nil {
		return err
	}
	w.code, err = c.Codes(1)
	return err
}

func (w *waitModule) AddMoves(p *Position, out []Move) []Move {
	if p.Var(w.waited) == 0 {
		out = append(out, Move{From: NoSquare, To: NoSquare, Flags: FlagSpecial, Aux: w.code})
	}
	return out
}

func (w *waitModule) PlayMove(p *Position, m Move) Turn {
	p.SetVar(w.waited, 1)
	return CountsPly
}

func (w *waitModule) FormatMove(p *Position, m Move) (string, bool) { return "wait", m.Aux == w.code }

func (w *waitModule) MoveAliases(p *Position, m Move) []string { return []string{"Rest Now"} }

func (w *waitModule) Refusal(p *Position, text string, m Move) string {
	if text == "wait" && p.Var(w.waited) != 0 {
		return "you have waited already"
	}
	return ""
}

func (w *waitModule) KeepsTurn(p *Position, m Move) bool { return p.At(m.To).Kind() == w.pawn }

func TestSpecialMoveKeepingTheTurnIsLegalInCheck(t *testing.T) {
	v := waitVariant(t)
	// Red's king a1 is in check from the rook on j1.
	p, err := NewPosition(v, "9k/10/10/10/10/10/10/10/10/K8r w")
	if err != nil {
		t.Fatal(err)
	}
	if !p.InCheck() {
		t.Fatal("Red should be in check")
	}
	m, err := ParseCoord(p, "wait")
	if err != nil {
		t.Fatalf("wait in check: %v", err)
	}
	hash := p.Hash()
	p.Make(m)
	if p.ToMove() != Red || p.Fullmove() != 1 {
		t.Errorf("after wait: %s to move, move %d; want Red, 1", p.ToMove(), p.Fullmove())
	}
	got := legalTexts(p)
	if strings.Join(got, " ") != "a1a2 a1b2" {
		t.Errorf("after wait the check must be answered: legal %v, want a1a2 a1b2", got)
	}
	_, err = ParseCoord(p, "wait")
	if err == nil || !strings.Contains(err.Error(), "you have waited already") {
		t.Errorf("second wait: %v, want the variant's refusal", err)
	}
	p.Unmake()
	if p.Hash() != hash || p.Var(0) != 0 {
		t.Error("unmake did not restore the position")
	}
	if m2, err := ParseCoord(p, "rest  now"); err != nil || m2 != m {
		t.Errorf("alias: %v %v", m2, err)
	}
}

func TestKeepTurn(t *testing.T) {
	v := waitVariant(t)
	// Red's pawn b1 shields the king a1 from the rook on j1; the pawn on e5 is free.
	g, err := NewGame(v, "9k/10/10/10/10/4P5/10/10/10/KP7r w")
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if _, err := ParseCoord(p, "b1b2"); err == nil {
		t.Error("b1b2 exposes the king: a turn-keeping half is tested like any move")
	}
	m, err := ParseCoord(p, "e5e6")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	if p := g.Position(); p.ToMove() != Red || g.Ply() != 1 {
		t.Errorf("after a pawn move: %s to move, ply %d; want Red, 1", p.ToMove(), g.Ply())
	}
	playAllRules(t, g, "a1a2")
	if g.Position().ToMove() != Black {
		t.Errorf("after the king move Black should move")
	}
	for g.Ply() > 0 {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if p.FEN() != "9k/10/10/10/10/4P5/10/10/10/KP7r w - - 0 1" {
		t.Errorf("undo: %s", p.FEN())
	}
}

func legalTexts(p *Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, FormatCoord(p, m))
	}
	sortStrings(out)
	return out
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func playAllRules(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, text := range strings.Fields(moves) {
		m, err := ParseCoord(g.Position(), text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
}
