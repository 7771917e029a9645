package rules

import (
	"strings"
	"testing"
)

// giantVariant is a jujiang-like test board (jujiang.md): a 9x10 point board with
// kings, chariots, soldiers and a giant general, a 2x2 body that moves two points
// orthogonally onto the next block, never blocked, and takes every enemy piece
// there. It proves that the body mechanism of block chess serves the giant too.
func giantVariant(t *testing.T) *Variant {
	t.Helper()
	var steps []BodyStep
	for _, d := range Dirs4 {
		steps = append(steps, BodyStep{DF: 2 * d[0], DR: 2 * d[1], Mode: MoveOrCapture})
	}
	v := &Variant{
		Slug:  "giant-test",
		Board: &Board{Width: 9, Height: 10},
		Kinds: []Kind{
			{Letter: 'K', Name: "general", Royal: true, Atoms: Steps(Dirs4, MoveOrCapture)},
			{Letter: 'R', Name: "chariot", Atoms: Rides(Dirs4, MoveOrCapture, 0)},
			{Letter: 'P', Name: "soldier", Atoms: Steps([][2]int{{0, 1}}, MoveOrCapture)},
			{Letter: 'G', Name: "giant", Body: &Body{Shape: [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}}, Steps: steps}},
		},
	}
	if err := v.Finalize(); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestBodyGiant(t *testing.T) {
	v := giantVariant(t)
	// Jujiang case 2 (on a 9-file board): the giant on c4 d4 c5 d5 takes three
	// pieces at once by c4c6.
	p, err := NewPosition(v, "5k3/9/2rp5/2p6/2GG5/2GG5/9/9/9/6K2 w")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(movesFrom(p, "c4"), " ")
	if got != "c4a4 c4c2 c4c6 c4e4" {
		t.Errorf("giant moves %s, want c4a4 c4c2 c4c6 c4e4", got)
	}
	m := parseOK(t, p, "d5d7") // written from another point of the giant
	if FormatCoord(p, m) != "c4c6" || m.Flags&FlagCapture == 0 {
		t.Fatalf("d5d7 = %s, flags %v", FormatCoord(p, m), m.Flags)
	}
	fen := p.FEN()
	p.Make(m)
	if got := p.FEN(); got != "5k3/9/2GG5/2GG5/9/9/9/9/9/6K2 b - - 0 1" {
		t.Errorf("after c4c6: %s", got)
	}
	p.Unmake()
	if p.FEN() != fen {
		t.Errorf("unmake: %s", p.FEN())
	}
	// Case 3: an own piece on the target block forbids the move.
	p, _ = NewPosition(v, "5k3/9/9/3P5/2GG5/2GG5/9/9/9/6K2 w")
	if _, err := ParseCoord(p, "c4c6"); err == nil {
		t.Error("c4c6 onto an own soldier should be illegal")
	}
	// Case 4: a soldier that takes one point of the giant takes it all.
	p, _ = NewPosition(v, "5k3/9/9/2p6/2GG5/2GG5/9/9/9/6K2 b")
	p.Make(parseOK(t, p, "c6c5"))
	if got := p.FEN(); got != "5k3/9/9/9/2p6/9/9/9/9/6K2 w - - 0 2" {
		t.Errorf("after c6c5: %s", got)
	}
	// Case 6: the giant gives check to a general on a block it could move to,
	// and its points block a chariot's line like any piece.
	p, err = NewPosition(v, "6k2/9/6GG1/6GG1/9/9/9/9/9/3K5 b")
	if err != nil {
		t.Fatal(err)
	}
	if !p.InCheck() {
		t.Error("the general on g9 should be in check from the giant on g7")
	}
	p, _ = NewPosition(v, "k3r4/9/9/9/4GG3/4GG3/9/9/9/4K4 w")
	if p.InCheck() {
		t.Error("the giant on e4 blocks the chariot: the general on e0 is not in check")
	}
	// Bad shapes are refused.
	for _, bad := range []string{"4k4/9/9/9/9/9/4GG3/9/9/4K4 w", "4k4/9/9/9/9/4G4/4GG3/9/9/4K4 w"} {
		if _, err := NewPosition(v, bad); err == nil {
			t.Errorf("%s: a giant of the wrong shape should be refused", bad)
		}
	}
}
