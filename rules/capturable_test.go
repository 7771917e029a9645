package rules

import (
	"fmt"
	"testing"
)

// holdPawn holds every pawn (it may not move) and protects every rook from
// capture: the two module answers Movable and Capturable must honour.
type holdPawn struct{}

func (holdPawn) ModuleName() string { return "test-hold-pawn" }

func (holdPawn) MayMove(p *Position, sq Square) bool {
	return p.At(sq).Kind() != 2
}

func (holdPawn) MayCapture(p *Position, from, to Square) bool {
	return p.At(to).Kind() != 1
}

func TestCapturableAndMovable(t *testing.T) {
	plain := tinyVariant(t, nil)
	held := tinyVariant(t, func(v *Variant) { v.Modules = []Module{holdPawn{}} })
	const fen = "4k/5/1p3/1R1r1/K1P2 w - - 0 1"
	cases := []struct {
		v                 *Variant
		from, to          string
		capturable        bool
		movable, movable2 bool // from, and c0 (the Red pawn)
	}{
		{v: plain, from: "b1", to: "d1", capturable: true, movable: true, movable2: true},
		{v: plain, from: "b1", to: "b2", capturable: true, movable: true, movable2: true},
		{v: plain, from: "b1", to: "a0", capturable: false, movable: true, movable2: true}, // own piece
		{v: plain, from: "b1", to: "c1", capturable: false, movable: true, movable2: true}, // empty
		{v: held, from: "b1", to: "d1", capturable: false, movable: true, movable2: false}, // rooks protected, pawns held
		{v: held, from: "b1", to: "b2", capturable: true, movable: true, movable2: false},
		{v: held, from: "c1", to: "b1", capturable: false, movable: false, movable2: false}, // empty source
	}
	for _, c := range cases {
		p, err := NewPosition(c.v, fen)
		if err != nil {
			t.Fatal(err)
		}
		b := c.v.Board
		from, _ := b.Parse(c.from)
		to, _ := b.Parse(c.to)
		pawn, _ := b.Parse("c0")
		if got := p.Capturable(from, to); got != c.capturable {
			t.Errorf("%s: Capturable(%s, %s) = %v, want %v", fmt.Sprint(len(c.v.Modules), " modules"), c.from, c.to, got, c.capturable)
		}
		if got := p.Movable(from); got != c.movable {
			t.Errorf("Movable(%s) = %v, want %v", c.from, got, c.movable)
		}
		if got := p.Movable(pawn); got != c.movable2 {
			t.Errorf("Movable(c0) = %v, want %v", got, c.movable2)
		}
	}
}
