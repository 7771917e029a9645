package engine

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestDisandaiChoiceIgnoresBacks: third-generation games whose histories Red
// sees alike, but whose Black backs differ, give Red the same choice; and a
// game where Black's soldiers stand on Red's base line: Red's search draws
// Black's backs (rules.Redrawer), never reads them.
func TestDisandaiChoiceIgnoresBacks(t *testing.T) {
	v := build(t, "disandai")
	red := "RNBAC K=d0 T=c0 Z=a0 Q=b0 U=b2"
	a, err := rules.ApplySecrets(v, "", [2]string{red, "RNBAC K=d9 T=c9 Z=a9 Q=b9 U=b7"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := rules.ApplySecrets(v, "", [2]string{red, "CABNR K=f9 T=g9 Z=i9 Q=h9 U=h7"})
	if err != nil {
		t.Fatal(err)
	}
	// Black soldiers on Red's base line, ready to flip: one twin's flip there
	// is valid, the other's a misflip.
	mid := "4ka3/9/4b4/9/9/9/9/9/4A4/p1p1K4 w - - 0 1 backs=a0=R,c0=N,e1=K!"
	midB := "4ka3/9/4b4/9/9/9/9/9/4A4/p1p1K4 w - - 0 1 backs=a0=N,c0=R,e1=K!"
	for _, tw := range []struct {
		name string
		a, b string
		line []string
	}{
		{"start", a, b, nil},
		{"after a few moves", a, b, []string{"h2e2", "h7e7", "e3e4", "e6e5"}},
		{"soldiers on the base line", mid, midB, nil},
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
				t.Fatalf("%s: the twins look different to Red:\n%s\n%s", tw.name,
					ga.Position().ViewFEN(rules.RedAudience), gb.Position().ViewFEN(rules.RedAudience))
			}
			ra, rb := twinChoice(t, ga, level), twinChoice(t, gb, level)
			if ra.Move != rb.Move || ra.Score != rb.Score {
				t.Errorf("%s level %d: %v (%d) against %v (%d): the choice depends on Black's backs",
					tw.name, level, ra.Move, ra.Score, rb.Move, rb.Score)
			}
		}
	}
}
