package variants

import (
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// River-and-mountain xiangqi (河山象棋, rules/heshan.md): xiangqi on the shared
// mountain board (MountainBoard, MountainKinds, MountainStart: cannons on the
// mountain, elephants' free flying points a3 k3) with the check-relief flag
// ring of house rule 3 (flagRule, FlagRing). It is a composition: the
// mountain-border option applied to xiangqi, then the flag module, under its
// own slug and guide. The optional rule set heshan-palace is not offered (see
// docs/variants/heshan.md).

// HeshanStart is the start position: the mountain start with both flags on
// their start cells.
const HeshanStart = MountainStart + " flags=0,21"

// Heshan is River-and-mountain xiangqi.
func Heshan() *rules.Variant {
	base, err := mountainBorder().Apply(Xiangqi(), nil)
	if err != nil {
		panic(fmt.Errorf("heshan: %w", err))
	}
	v, err := rules.Derive(base, rules.Delta{
		Slug:   "heshan",
		Name:   "River-and-mountain xiangqi",
		NameZh: "河山象棋",
		Summary: "Xiangqi on the mountain board (11 files, a3-a6 one step; cannons start on the mountain, elephants " +
			"also reach a3 k3) with a check-relief flag per side on a 42-cell ring: in check you may step your flag " +
			"along with the answer (F+f0e0); with the enemy flag right behind yours you may step two (FF); a flag " +
			"landing on the enemy flag wins. Moves in coordinates.",
		Guide:   heshanGuide,
		Modules: []rules.Module{newFlagRule()},
	})
	if err != nil {
		panic(fmt.Errorf("heshan: %w", err))
	}
	v.StartFEN = HeshanStart
	return v
}

var heshanGuide = say("heshan.guide")
