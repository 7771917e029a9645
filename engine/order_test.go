package engine

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestLosingCapture: the cheap exchange test calls a capture losing when the
// victim is worth less than the capturer and the enemy guards its square, and
// only then.
func TestLosingCapture(t *testing.T) {
	// Black: general f9, horse b8 (guards a6), soldier a6, chariot b6, soldier
	// i4 (unguarded); Red: chariots a0 and i0, general d0, soldier b5.
	p := position(t, "5k3/1n7/9/pr7/1P7/8p/9/9/9/R2K4R w - - 0 1")
	e := NewEngine(Config{})
	e.prepare(p.Variant())
	e.b = newBoard(p, nil)
	for _, c := range []struct {
		move   string
		losing bool
	}{
		{"a0a6", true},  // chariot takes a soldier the horse guards
		{"i0i4", false}, // chariot takes an unguarded soldier
		{"b5b6", false}, // soldier takes a chariot: never losing
	} {
		m, err := rules.ParseCoord(p, c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.move, err)
		}
		if got := e.losingCapture(m); got != c.losing {
			t.Errorf("losingCapture(%s) = %v, want %v", c.move, got, c.losing)
		}
	}
}

// TestHistoryStaysBounded: however often a move is rewarded or punished, its
// history stays within ±historyMax, and it moves towards the side it is pushed.
func TestHistoryStaysBounded(t *testing.T) {
	var h int32
	for i := 0; i < 1000; i++ {
		updateHistory(&h, historyMax/4)
		if h > historyMax {
			t.Fatalf("after %d bonuses history is %d, above %d", i+1, h, historyMax)
		}
	}
	if h < historyMax*9/10 {
		t.Errorf("after 1000 bonuses history is %d, want near %d", h, historyMax)
	}
	for i := 0; i < 1000; i++ {
		updateHistory(&h, -historyMax/4)
		if h < -historyMax {
			t.Fatalf("after %d maluses history is %d, below %d", i+1, h, -historyMax)
		}
	}
	if h > -historyMax*9/10 {
		t.Errorf("after 1000 maluses history is %d, want near %d", h, -historyMax)
	}
}

// TestCannonOnTheGeneralsFile: a cannon on the enemy general's file earns the
// hollow-cannon bonus with nothing between, the central-cannon bonus behind two
// pieces, and nothing behind one (that is a check) or off the file.
func TestCannonOnTheGeneralsFile(t *testing.T) {
	ev := newEvaluator(xiangqi(t))
	g := rules.Square(9*9 + 4) // e9
	for _, c := range []struct {
		fen  string
		want int32
	}{
		{"4k4/9/9/9/9/9/9/4C4/9/3K5 w - - 0 1", hollowCannon},
		{"4k4/4a4/9/9/9/9/4P4/4C4/9/3K5 w - - 0 1", screenedCannon},
		{"4k4/4a4/9/9/9/9/9/4C4/9/3K5 b - - 0 1", 0},
		{"4k4/9/9/9/9/9/9/3C5/9/3K5 w - - 0 1", 0},
	} {
		p := position(t, c.fen)
		var cannon rules.Square = -1
		for sq := rules.Square(0); sq < 90; sq++ {
			if pc := p.At(sq); pc != rules.NoPiece && int(pc.Kind()) == ev.kC {
				cannon = sq
			}
		}
		if got := ev.cannonOnFile(p, cannon, g); got != c.want {
			t.Errorf("%s: cannon bonus %d, want %d", c.fen, got, c.want)
		}
	}
}

// TestCannotMateCountsLittle: a lead in advisors and elephants alone is worth
// little (they cannot mate); one soldier across the river makes it count.
func TestCannotMateCountsLittle(t *testing.T) {
	ev := newEvaluator(xiangqi(t))
	defenders := position(t, "3k5/9/9/9/9/9/9/9/9/2BAKAB2 w - - 0 1")
	if s := ev.eval(defenders); s < 0 || s > 100 {
		t.Errorf("advisors and elephants against a bare general: %d, want 0 to 100", s)
	}
	soldier := position(t, "3k5/9/9/4P4/9/9/9/9/9/2BAKAB2 w - - 0 1")
	if s := ev.eval(soldier); s < 500 {
		t.Errorf("the same and a soldier across the river: %d, want at least 500", s)
	}
}
