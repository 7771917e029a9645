package variants

import (
	"errors"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestChanghePerpetualCheckOfALoneGeneral: a lone general is royal, so checking
// it again and again is a perpetual check under the base rules (the checker
// may not go on), not a plain repetition that draws.
func TestChanghePerpetualCheckOfALoneGeneral(t *testing.T) {
	v, ok := testRegistry().Get("changhe")
	if !ok {
		t.Fatal("changhe is not registered")
	}
	g, err := rules.NewGame(v, "4k13/18/18/18/18/18/18/18/18/R2K14 w")
	if err != nil {
		t.Fatal(err)
	}
	cycle := []string{"a0a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9"}
	for i, text := range cycle {
		m, err := rules.ParseMove(g.Position(), text)
		if err == nil {
			err = g.Play(m)
		}
		var ie *rules.IllegalMoveError
		switch {
		case err != nil && errors.As(err, &ie) && ie.Key == "repeat_check":
			return // the arbiter stops the checker: perpetual check
		case err != nil:
			t.Fatalf("move %d %s: %v", i, text, err)
		}
		if i%2 == 0 && !g.Position().InCheck() {
			t.Fatalf("after %s the lone general is not in check", text)
		}
		if o := g.Outcome(); o.Over {
			if o.Winner != rules.Black || o.Reason != rules.ReasonPerpetual {
				t.Fatalf("after %s: %+v, want Black to win by perpetual check", text, o)
			}
			return
		}
	}
	t.Fatalf("the checks went on without a verdict: %+v", g.Outcome())
}
