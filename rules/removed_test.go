package rules_test

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestViewRemovedOnlyForExtraCaptures: an ordinary move or capture marks
// nothing besides its own points (the brackets show them); the squares of
// pieces taken besides the target are tested with the stratagem 圍, which
// captures by surrounding (variants.TestStratagem02Besieger).
func TestViewRemovedOnlyForExtraCaptures(t *testing.T) {
	v := xiangqi(t)
	g, err := rules.NewGame(v, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"h2e2", "h7e7", "e2e6"} { // e2e6 takes a soldier
		mv, err := rules.ParseMove(g.Position(), m)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if err := g.Play(mv); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if got := g.Position().View(rules.Public).Removed; len(got) != 0 {
			t.Errorf("after %s: removed %v, want none", m, got)
		}
	}
}
