package rules

import (
	"strings"
	"testing"
)

// A stack counts as an enemy piece for both sides (凌馬), but no side may take a
// stack that holds one of its own royal pieces.
func TestStackHoldingOwnRoyalCannotBeCaptured(t *testing.T) {
	v := testVariant(t)
	// A Red jinchan horse presses the Black king on j10; a Black rook on j2 looks
	// up the file at the stack.
	p, err := NewPosition(v, "9(Mk)/10/10/10/10/10/10/10/9r/K9 b")
	if err != nil {
		t.Fatal(err)
	}
	if ms := movesFrom(p, "j2"); contains(ms, "j2j10") || !contains(ms, "j2j9") {
		t.Errorf("black rook moves %v: want j2j9 and not j2j10", ms)
	}
	_, err = ParseCoord(p, "j2j10")
	if err == nil || !strings.Contains(err.Error(), "holds your own king") {
		t.Errorf("j2j10: %v, want a refusal that names the own king in the stack", err)
	}
	// Red may take the same stack (it holds Red's horse but no Red royal piece), so
	// a Red rook looking at it checks the pressed Black king.
	p2, err := NewPosition(v, "9(Mk)/10/10/10/10/10/10/10/9R/K9 b")
	if err != nil {
		t.Fatal(err)
	}
	if !p2.InCheck() {
		t.Error("the pressed Black king should be in check from the rook on j2")
	}
	// A stack of an own horse on an enemy rook is taken by either side.
	p3, err := NewPosition(v, "9k/10/10/10/10/10/10/(Mr)9/K9/10 w")
	if err != nil {
		t.Fatal(err)
	}
	if ms := movesFrom(p3, "a2"); !contains(ms, "a2a3") {
		t.Errorf("king a2 moves %v: want a2a3 onto the stack of its own horse", ms)
	}
}
