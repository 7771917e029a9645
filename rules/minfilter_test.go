package rules

import (
	"sort"
	"strings"
	"testing"
)

// TestRideMin: a ride with Min 2 passes its first point (which must be
// empty) and stops or captures only from the second on; it attacks so too.
func TestRideMin(t *testing.T) {
	v := tinyVariant(t, func(v *Variant) {
		leaper := Rides(Dirs4, MoveOrCapture, 3)
		for i := range leaper {
			leaper[i].Min = 2
		}
		v.Kinds = append(v.Kinds, Kind{Letter: 'W', Name: "platoon", Atoms: leaper})
	})
	p, err := NewPosition(v, "4k/5/5/5/W3K w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range p.LegalMoves(nil) {
		if s := FormatCoord(p, m); strings.HasPrefix(s, "a0") {
			got = append(got, s)
		}
	}
	sort.Strings(got)
	if strings.Join(got, " ") != "a0a2 a0a3 a0c0 a0d0" {
		t.Errorf("moves %v, want a0a2 a0a3 a0c0 a0d0", got)
	}
	for _, c := range []struct {
		fen   string
		check bool
	}{
		{"k4/5/5/5/3wK w - - 0 1", false},   // the king is the first point: no attack
		{"k4/5/5/5/2w1K w - - 0 1", true},   // the second point
		{"k4/5/5/5/1w2K w - - 0 1", true},   // the third
		{"k4/5/5/5/w3K w - - 0 1", false},   // the fourth: out of range
		{"k4/5/5/5/1wP1K w - - 0 1", false}, // c0 blocks: passed points must be empty
	} {
		q, err := NewPosition(v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		e0, _ := v.Board.Parse("e0")
		if got := q.Attacked(e0, Black, true); got != c.check {
			t.Errorf("%s: e0 attacked %v, want %v", c.fen, got, c.check)
		}
	}
}

// guardRook: a rook may not be taken while a piece of its side stands right
// above it (a capture filter, as luzhan's supporters).
type guardRook struct{}

func (guardRook) ModuleName() string { return "test-guard" }

func (guardRook) MayCapture(p *Position, from, to Square) bool {
	up := p.v.Board.Step(to, 0, 1)
	return up == NoSquare || p.At(up).Empty() || p.At(up).Side() != p.At(to).Side()
}

// TestFilteredAttacks: with FilteredAttacks a royal piece the filters protect
// is not in check; without, filters limit moves only.
func TestFilteredAttacks(t *testing.T) {
	for _, filtered := range []bool{false, true} {
		v := tinyVariant(t, func(v *Variant) {
			v.Modules = []Module{guardRook{}}
			v.FilteredAttacks = filtered
		})
		e0, _ := v.Board.Parse("e0")
		// Black's rook on a0 reaches the king on e0; the pawn above guards it.
		guarded, err := NewPosition(v, "k4/5/5/4P/r3K w - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		if got := guarded.Attacked(e0, Black, true); got == filtered {
			t.Errorf("filtered=%v: the guarded king attacked %v", filtered, got)
		}
		if got := guarded.InCheck(); got == filtered {
			t.Errorf("filtered=%v: in check %v", filtered, got)
		}
		open, err := NewPosition(v, "k4/5/5/3P1/r3K w - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		if !open.Attacked(e0, Black, true) {
			t.Errorf("filtered=%v: the unguarded king is not attacked", filtered)
		}
	}
}
