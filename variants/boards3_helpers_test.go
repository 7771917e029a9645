package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// specCase is one test case of a variant's spec: a position (fen, "" = the
// start), moves played first, moves that must be legal and illegal, whether
// the side to move is in check, and an extra check of the game.
type specCase struct {
	id, fen, pre    string
	legal, illegal  string
	inCheck         bool
	refuse, reason  string
	check           func(t *testing.T, g *rules.Game)
	noCheckRecorded bool // inCheck is not tested (the row says nothing of it)
}

// runSpecCases runs cases on variant v.
func runSpecCases(t *testing.T, v *rules.Variant, cases []specCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			g, err := rules.NewGame(v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			playAll(t, g, c.pre)
			p := g.Position()
			if !c.noCheckRecorded && p.InCheck() != c.inCheck {
				t.Errorf("in check = %v, want %v", p.InCheck(), c.inCheck)
			}
			checkMoves(t, p, c.legal, c.illegal)
			if c.refuse != "" {
				checkRefusal(t, p, c.refuse, c.reason)
			}
			if c.check != nil {
				c.check(t, g)
			}
		})
	}
}
