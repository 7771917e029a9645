package rules

import (
	"errors"
	"sort"
	"strings"
	"testing"
)

// These tests prove that the core expresses pieces of other variants with data and
// primitives only: no code below is specific to any of them.

var eightDirs = append(append([][2]int{}, Dirs4...), Diag4...)

// testVariant is a 10x10 cell board with pieces taken from several specs.
func testVariant(t *testing.T) *Variant {
	t.Helper()
	v := &Variant{
		Slug:   "generality",
		Board:  &Board{Width: 10, Height: 10, Cells: true},
		Stacks: true,
		Kinds: []Kind{
			{Letter: 'K', Name: "king", Royal: true, Atoms: Steps(eightDirs, MoveOrCapture)},
			// Jinchan horse (jinchan.md §4): 日 with one leg, may capture; 目 with two
			// legs, never captures but presses a lone enemy piece (凌馬).
			{Letter: 'M', Name: "jinchan horse", BlockWord: "leg",
				Atoms: Join(LameLeaps(1, 2, 1, MoveOrCapture), LameLeaps(1, 3, 2, StackOnto))},
			// Animal-chess wolf (animal-chess.md §4): slides diagonally to empty squares,
			// captures diagonally over one screen, and steps straight back without capturing.
			{Letter: 'W', Name: "wolf",
				Atoms: Join(Rides(Diag4, MoveOnly, 0), Hops(Diag4, 1), Steps([][2]int{{0, -1}}, MoveOnly))},
			// Cannon-chess cannon (cannon-chess.md §4): moves as a queen to empty squares,
			// captures when exactly one square between is empty.
			{Letter: 'G', Name: "gap cannon",
				Atoms: Join(Rides(eightDirs, MoveOnly, 0), gapHops(eightDirs, 1))},
			// Animal-chess elephant's trunk (animal-chess.md §5.1): freezes a lone
			// orthogonally adjacent enemy.
			{Letter: 'E', Name: "trunk elephant", Atoms: Steps(Dirs4, MoveOrCapture),
				Freeze: &Aura{Dirs: Dirs4, OnlyLone: true}},
			{Letter: 'P', Name: "pawn", Atoms: Steps([][2]int{{0, 1}}, MoveOrCapture)},
			{Letter: 'R', Name: "rook", Atoms: Rides(Dirs4, MoveOrCapture, 0)},
		},
	}
	if err := v.Finalize(); err != nil {
		t.Fatal(err)
	}
	return v
}

func gapHops(dirs [][2]int, gaps int) []Atom {
	var out []Atom
	for _, d := range dirs {
		out = append(out, Atom{Kind: GapHop, DF: d[0], DR: d[1], Gaps: gaps, Mode: CaptureOnly})
	}
	return out
}

func movesFrom(p *Position, from string) []string {
	sq, _ := p.v.Board.Parse(from)
	var out []string
	for _, m := range p.LegalMoves(nil) {
		if m.From == sq {
			out = append(out, FormatCoord(p, m))
		}
	}
	sort.Strings(out)
	return out
}

func parseOK(t *testing.T, p *Position, text string) Move {
	t.Helper()
	m, err := ParseCoord(p, text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return m
}

func TestGeneralityJinchanHorse(t *testing.T) {
	v := testVariant(t)
	// Red horse e5, Black rook f8 (a 目 away), Black king j10, Red king a1.
	p, err := NewPosition(v, "9k/10/5r4/10/10/4M5/10/10/10/K9 w")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(movesFrom(p, "e5"), " ")
	want := "e5b4 e5b6 e5c4 e5c6 e5d2 e5d3 e5d7 e5d8 e5f2 e5f3 e5f7 e5f8 e5g4 e5g6 e5h4 e5h6"
	if got != want {
		t.Fatalf("horse moves = %s\nwant          %s", got, want)
	}
	m := parseOK(t, p, "e5f8")
	if m.Flags&FlagStack == 0 {
		t.Fatalf("e5f8 flags = %v, want a stack", m.Flags)
	}
	p.Make(m)
	f8, _ := v.Board.Parse("f8")
	if p.Under(f8).Kind() != 6 || p.At(f8).Kind() != 1 {
		t.Fatalf("after e5f8: top %v under %v", p.At(f8), p.Under(f8))
	}
	if ms := movesFrom(p, "f8"); len(ms) != 0 {
		t.Errorf("the pressed rook moves: %v", ms)
	}
	if got := p.View(Public).FEN(); got != "9k/10/5(Mr)4/10/10/10/10/10/10/K9" {
		t.Errorf("view FEN = %s", got)
	}
	p.Make(parseOK(t, p, "j10j9"))
	p.Make(parseOK(t, p, "f8g6")) // the rider leaves by 日: the rook is free again
	if p.At(f8).Kind() != 6 || p.Under(f8) != NoPiece {
		t.Errorf("after the rider left: f8 = %v, under %v", p.At(f8), p.Under(f8))
	}
	for i := 0; i < 3; i++ {
		p.Unmake()
	}
	if p.FEN() != "9k/10/5r4/10/10/4M5/10/10/10/K9 w - - 0 1" {
		t.Errorf("unmake did not restore the position: %s", p.FEN())
	}
	// Legs: the near leg blocks 日 and 目; the far leg only 目.
	p2, _ := NewPosition(v, "9k/10/5r4/4P5/10/4M5/10/10/10/K9 w")
	if ms := movesFrom(p2, "e5"); contains(ms, "e5f8") || !contains(ms, "e5f7") {
		t.Errorf("far leg e7 blocked: moves %v, want f7 but not f8", ms)
	}
	_, err = ParseCoord(p2, "e5f8")
	if err == nil || !strings.Contains(err.Error(), "leg on e7 is blocked") {
		t.Errorf("e5f8 with the far leg blocked: %v", err)
	}
	p3, _ := NewPosition(v, "9k/10/5r4/10/4P5/4M5/10/10/10/K9 w")
	if ms := movesFrom(p3, "e5"); contains(ms, "e5f8") || contains(ms, "e5f7") {
		t.Errorf("near leg e6 blocked: moves %v", ms)
	}
}

func TestGeneralityWolf(t *testing.T) {
	v := testVariant(t)
	// Wolf c3; screen e5 (Black pawn); enemy rook g7; enemy rook h8 beyond it.
	p, err := NewPosition(v, "9k/10/7r2/6r3/10/4p5/10/2W7/10/K9 w")
	if err != nil {
		t.Fatal(err)
	}
	got := movesFrom(p, "c3")
	for _, m := range []string{"c3g7", "c3d4", "c3b4", "c3a5", "c3b2", "c3a1", "c3d2", "c3c2"} {
		if m == "c3a1" {
			continue // own king there
		}
		if !contains(got, m) {
			t.Errorf("%s should be legal; got %v", m, got)
		}
	}
	for _, m := range []string{"c3e5", "c3h8", "c3c4", "c3f6"} {
		if contains(got, m) {
			t.Errorf("%s should be illegal (adjacent-screen capture, second target, forward step, hop to empty)", m)
		}
	}
	g7, _ := v.Board.Parse("g7")
	if !p.Attacked(g7, Red, false) {
		t.Error("the wolf should attack g7 over its screen")
	}
}

func TestGeneralityGapCannon(t *testing.T) {
	v := testVariant(t)
	// Rank 2: G b2, own pawn c2, d2 empty, enemy e2, f2 empty, enemy g2.
	p, err := NewPosition(v, "9k/10/10/10/10/10/10/10/1GP1r1r3/K9 w")
	if err != nil {
		t.Fatal(err)
	}
	got := movesFrom(p, "b2")
	if !contains(got, "b2e2") {
		t.Errorf("b2e2 (exactly one empty between) should be legal: %v", got)
	}
	if contains(got, "b2g2") || contains(got, "b2d2") {
		t.Errorf("b2g2 (two empty between) and b2d2 (blocked) must be illegal: %v", got)
	}
	if !contains(got, "b2b10") {
		t.Errorf("queen-like move along the file should be legal: %v", got)
	}
	e2, _ := v.Board.Parse("e2")
	g2, _ := v.Board.Parse("g2")
	if !p.Attacked(e2, Red, false) || p.Attacked(g2, Red, false) {
		t.Error("the gap cannon attacks e2 and not g2")
	}
}

func TestGeneralityFreeze(t *testing.T) {
	v := testVariant(t)
	// Red trunk elephant e5; a lone Black rook d5 next to it is frozen.
	p, err := NewPosition(v, "9k/10/10/10/10/3rE5/10/10/10/K9 b")
	if err != nil {
		t.Fatal(err)
	}
	if ms := movesFrom(p, "d5"); len(ms) != 0 {
		t.Errorf("the frozen rook moves: %v", ms)
	}
	if vp := p.View(Public).Pieces[p.mustSquare("d5")]; vp == nil || !vp.Frozen {
		t.Error("the view should mark d5 frozen")
	}
	_, err = ParseCoord(p, "d5d9")
	if err == nil || !strings.Contains(err.Error(), "frozen") {
		t.Errorf("moving a frozen piece: %v, want a refusal that says it is frozen", err)
	}
	// A frozen piece still attacks: the rook gives check along rank 5.
	p2, _ := NewPosition(v, "9k/10/10/10/10/K2rE5/10/10/10/10 w")
	if !p2.InCheck() {
		t.Error("a frozen rook should still give check")
	}
	// Two enemies next to the elephant: neither is frozen.
	p3, _ := NewPosition(v, "9k/10/10/10/4r5/3rE5/10/10/10/K9 b")
	if ms := movesFrom(p3, "d5"); len(ms) == 0 {
		t.Error("with two enemies adjacent, the trunk wraps none")
	}
}

func (p *Position) mustSquare(name string) Square {
	sq, ok := p.v.Board.Parse(name)
	if !ok {
		panic(name)
	}
	return sq
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestPrimaryReason: a move that breaks two rules is refused for the rule of the
// piece's movement first (a general two points away "moves one point"), not for
// what stands on the target.
func TestPrimaryReason(t *testing.T) {
	v := testVariant(t)
	p, err := NewPosition(v, "9k/10/10/10/10/10/10/10/10/K1P7 w")
	if err != nil {
		t.Fatal(err)
	}
	_, err = ParseCoord(p, "a1c1")
	var ill *IllegalMoveError
	if !errors.As(err, &ill) || strings.Contains(ill.Reason, "occupied") {
		t.Errorf("a1c1 (king two points onto its own pawn): %v, want the king's movement as the reason", err)
	}
	if _, err = ParseCoord(p, "a1b1"); err != nil {
		t.Errorf("a1b1: %v", err)
	}
}
