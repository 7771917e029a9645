package rules

import (
	"strings"
	"testing"
)

// reserveRefuser stands for a module with a reserve of its own (stratagem 27
// 假): a variant without hands, where the module says why a drop is refused.
type reserveRefuser struct{}

func (reserveRefuser) ModuleName() string { return "reserve-refuser" }

func (reserveRefuser) Refusal(p *Position, text string, m Move) string {
	if _, point, ok := strings.Cut(text, "*"); ok {
		return "nothing of the reserve may come to " + point
	}
	return ""
}

// TestDropWithoutHandsAsksTheModules: in a variant without hands a drop text is
// explained by the modules first; without one that answers, the core's words.
func TestDropWithoutHandsAsksTheModules(t *testing.T) {
	const fen = "9k/10/10/10/10/10/10/10/10/K9 w"
	v, err := Derive(testVariant(t), Delta{Slug: "reserve", Modules: []Module{reserveRefuser{}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v    *Variant
		want string
	}{
		{v, "nothing of the reserve may come to e5"},
		{testVariant(t), "you have no pawn in hand"},
	} {
		p, err := NewPosition(c.v, fen)
		if err != nil {
			t.Fatal(err)
		}
		_, err = ParseCoord(p, "P*e5")
		if ie, ok := err.(*IllegalMoveError); !ok || ie.Reason != c.want {
			t.Errorf("%s: P*e5 refused with %v, want %q", c.v.Slug, err, c.want)
		}
	}
}
