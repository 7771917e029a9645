package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestModuleFlagsAreDistinct: the per-piece flags the modules keep are all
// different bits, so any two pieces of the series (and the other games) can
// meet in one game without one reading the other's flag (混 and 主 once shared
// a bit: a disturbed piece read as a borrowed one).
func TestModuleFlagsAreDistinct(t *testing.T) {
	stratagem := map[string]rules.Piece{
		"lured (17)": flagLured, "linked (25)": flagLinked, "borrowed (30)": flagBorrowed,
		"forced (34)": flagForced, "disturbed (20)": flagDisturbed,
	}
	seen := map[rules.Piece]string{}
	for name, f := range stratagem {
		if f == 0 || f&(f-1) != 0 {
			t.Errorf("%s is not one bit: %#x", name, f)
		}
		if f&(0xff<<16) != 0 {
			t.Errorf("%s overlaps the piece counter: %#x", name, f)
		}
		for _, std := range []rules.Piece{rules.FlagFrozen, rules.FlagPinned, rules.FlagUsed} {
			if f == std {
				t.Errorf("%s is a standard flag", name)
			}
		}
		if other, dup := seen[f]; dup {
			t.Errorf("%s and %s share the flag %#x", name, other, f)
		}
		seen[f] = name
	}
}
