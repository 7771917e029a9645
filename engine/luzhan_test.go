package engine

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestLuzhanChoiceIgnoresHiddenPieces: land-battle games whose histories the
// engine's player sees alike, but whose opponent placed the hidden pieces
// differently, give the same choice: at the start, after a few moves, and
// where a hidden piece (bomb, mine or flag alike to the engine) can be taken.
func TestLuzhanChoiceIgnoresHiddenPieces(t *testing.T) {
	v := build(t, "luzhan")
	starts := func(red, blackA, blackB string) (string, string) {
		t.Helper()
		a, err := rules.ApplySecrets(v, "", [2]string{red, blackA})
		if err != nil {
			t.Fatal(err)
		}
		b, err := rules.ApplySecrets(v, "", [2]string{red, blackB})
		if err != nil {
			t.Fatal(err)
		}
		return a, b
	}
	a, b := starts("ZDFDZ", "DZFZD", "FZZDD")
	// Red can take e11, f11 or g11 with the 師 on f5 (Black's line has one
	// flag, and it is on f11 in one twin only).
	near := [2]string{"3dzfzd3/11/4j6/11/11/11/5S5/11/11/11/5J5/3ZDFDZ3 w - - 0 1",
		"3zfdzd3/11/4j6/11/11/11/5S5/11/11/11/5J5/3ZDFDZ3 w - - 0 1"}
	for _, tw := range []struct {
		name string
		a, b string
		line []string
	}{
		{"start", a, b, nil},
		{"after a few moves", a, b, []string{"f4f5", "f7f6", "c3c10", "b10c10"}},
		{"a hidden piece in reach", near[0], near[1], nil},
	} {
		for _, level := range []int{1, 8} {
			ga, gb := replayLine(t, v, tw.a, nil), replayLine(t, v, tw.b, nil)
			for _, text := range tw.line {
				for _, g := range []*rules.Game{ga, gb} {
					m, err := rules.ParseMove(g.Position(), text)
					if err == nil {
						err = g.Play(m)
					}
					if err != nil {
						t.Fatalf("%s: %s: %v", tw.name, text, err)
					}
				}
			}
			if ga.Position().ViewFEN(rules.RedAudience) != gb.Position().ViewFEN(rules.RedAudience) {
				t.Fatalf("%s: the twins look different to Red", tw.name)
			}
			ra, rb := twinChoice(t, ga, level), twinChoice(t, gb, level)
			if ra.Move != rb.Move || ra.Score != rb.Score {
				t.Errorf("%s level %d: %v (%d) against %v (%d): the choice depends on Black's arrangement",
					tw.name, level, ra.Move, ra.Score, rb.Move, rb.Score)
			}
		}
	}
}
