package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// heshanPalaceVariant is heshan with the optional rule set heshan-palace.
func heshanPalaceVariant(t *testing.T) *rules.Variant {
	t.Helper()
	v, err := testRegistry().Build("heshan", []string{heshanPalaceName})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestHeshanPalace is heshan.md's optional rule set heshan-palace (攻策略九宮),
// a row for each of its sentences (the spec has no numbered cases for it).
func TestHeshanPalace(t *testing.T) {
	v := heshanPalaceVariant(t)
	const (
		open    = "6k4/11/11/11/1R9/9r1/11/11/11/4K6 w - - 0 1 flags=0,21"    // f0 empty, flags on their start cells
		inPal   = "6k4/11/11/11/1R9/9r1/11/11/11/4KF5 w - - 0 1 flags=-,21"   // Red's flag on f0
		taken   = "6k4/11/11/11/1R3r5/11/11/11/11/4KF5 b - - 0 1 flags=-,21"  // a Black chariot aims at it
		checked = "4k6/11/11/11/4R6/11/11/11/11/6K4 b - - 0 1 flags=-,41"     // Red's palace flag is gone
		horse   = "6k4/11/11/11/11/11/11/11/2R1F6/2N2K5 w - - 0 1 flags=-,21" // the flag on e1 (暢馬's point)
		noHorse = "6k4/11/11/11/11/11/11/11/2R2F5/2N2K5 w - - 0 1 flags=-,21" // the flag on the centre f1
		blocked = "6k4/11/11/11/11/11/11/11/11/4K3r2 w - - 0 1 flags=0,21"    // Red in check along rank 0
	)
	runSpecCases(t, v, []specCase{
		{id: "a flag on its start cell steps onto the general's start point", fen: open, legal: "F@f0",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "F@f0")
				fenHas("flags=-,21", rules.Black)(t, g)
				if !strings.HasPrefix(g.Position().FEN(), "6k4/11/11/11/1R9/9r1/11/11/11/4KF5 ") {
					t.Errorf("FEN %s: no flag on f0", g.Position().FEN())
				}
			}},
		{id: "not onto an occupied point", fen: "", illegal: "F@f0", refuse: "F@f0",
			reason: "your flag steps into the palace only from its start cell 0, onto f0 when that point is empty: F@f0"},
		{id: "only from its start cell", fen: strings.Replace(open, "flags=0,21", "flags=1,21", 1), illegal: "F@f0"},
		{id: "in check only as an answer", fen: blocked, inCheck: true, legal: "F@f0"},
		{id: "in check, a step that does not answer is illegal", fen: "6k4/11/11/11/4r6/11/11/11/11/4K6 w - - 0 1 flags=0,21",
			inCheck: true, illegal: "F@f0"},
		{id: "in the palace it steps like the general", fen: inPal, legal: "f0f1 f0g0", illegal: "f0f2 f0e1"},
		{id: "it never leaves the palace by a step", fen: strings.Replace(inPal, "4KF5", "4K1F4", 1), legal: "g0g1 g0f0",
			illegal: "g0h0"},
		{id: "from the general's start point back onto its start cell", fen: inPal, legal: "F@0",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "F@0")
				fenHas("flags=0,21", rules.Black)(t, g)
			}},
		{id: "back only from that point", fen: strings.Replace(inPal, "4KF5", "4K6", 1) + "", illegal: "F@0"},
		{id: "back onto the enemy flag captures it", fen: strings.Replace(inPal, "flags=-,21", "flags=-,0", 1), legal: "F@0",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "F@0")
				outcome(true, false, rules.Red, rules.ReasonVariantGoal)(t, g)
			}},
		{id: "it is captured like any piece", fen: taken, legal: "f5f0",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "f5f0")
				if g.Outcome().Over {
					t.Errorf("capturing the flag ended the game: %+v", g.Outcome())
				}
				fenHas("flags=-,21", rules.Red)(t, g)
			}},
		{id: "an attacked flag is no check", fen: strings.Replace(taken, " b ", " w ", 1), legal: "f0f1"},
		{id: "a captured palace flag's start cell wins for the enemy flag", fen: checked, inCheck: true, legal: "F+e9f9",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "F+e9f9")
				outcome(true, false, rules.Black, rules.ReasonVariantGoal)(t, g)
				if d := g.Outcome().DetailTexts; d.Hant != "敵旗到達被吃九宮旗的起點格" {
					t.Errorf("goal %+v", d)
				}
			}},
		{id: "F+ and FF need a flag on the ring", fen: inPal, refuse: "FF",
			reason: "your flag is in its palace, not on the ring: F+ and FF are for a flag on the ring"},
		{id: "on a palace-strategy point it switches the power on", fen: horse, legal: "c0b2"},
		{id: "not on the centre: the general's facing power is not the flag's", fen: noHorse, illegal: "c0b2"},
	})
}

// TestHeshanPalaceOption: the rule set only on heshan, the same game as
// `heshan palace-strategy`, its FEN field read and refused.
func TestHeshanPalaceOption(t *testing.T) {
	r := testRegistry()
	v := heshanPalaceVariant(t)
	same, err := r.Build("heshan", []string{"palace-strategy"})
	if err != nil || !same.HasModule(heshanPalaceName) || !same.HasModule("palace-strategy") {
		t.Fatalf("heshan palace-strategy: %v", err)
	}
	if _, err := r.Build("xiangqi", []string{heshanPalaceName}); err == nil {
		t.Error("heshan-palace on xiangqi")
	}
	if _, err := r.Build("heshan", []string{heshanPalaceName, "palace-strategy"}); err == nil {
		t.Error("palace-strategy twice")
	}
	if _, err := rules.NewGame(Heshan(), "6k4/11/11/11/11/11/11/11/11/4KF5 w - - 0 1 flags=-,21"); err == nil {
		t.Error("heshan without the rule set read flags=-")
	}
	if _, err := rules.NewGame(v, "6k4/11/11/11/11/11/11/11/11/4KF5 w - - 0 1 flags=-,-"); err != nil {
		t.Errorf("both flags off the ring: %v", err)
	}
	if v.NameZhHans != "河山象棋（攻策略九宫）" {
		t.Errorf("simplified name %q", v.NameZhHans)
	}
}

// TestHeshanPalaceRandomGames: make/unmake, hash and notation stay exact with
// the palace flag.
func TestHeshanPalaceRandomGames(t *testing.T) {
	playRandomGames(t, heshanPalaceVariant(t), 18, 6, 200)
}

// TestHeshanPalacePerft: the start perft of heshan-palace (50, 2556, 118870),
// cross-checked (not under -short): its
// leaves are those of xiangqi with mountain-border, flag and palace-strategy
// (the same game without the palace flag) plus the flag's own entries, which
// can first come at ply 3 (after Red's general left f0).
func TestHeshanPalacePerft(t *testing.T) {
	v := heshanPalaceVariant(t)
	checkPerft(t, v, v.StartFEN, []uint64{50, 2556, 118870})
	if small() {
		return
	}
	plain, err := testRegistry().Build("xiangqi", []string{"mountain-border", "flag", "palace-strategy"})
	if err != nil {
		t.Fatal(err)
	}
	const depth = 3
	var leaves, entries uint64
	var walk func(p *rules.Position, d int)
	walk = func(p *rules.Position, d int) {
		for _, m := range p.LegalMoves(nil) {
			if d == 1 {
				leaves++
				if strings.HasPrefix(rules.FormatCoord(p, m), "F@") {
					entries++
				}
				continue
			}
			p.Make(m)
			walk(p, d-1)
			p.Unmake()
		}
	}
	walk(mustPosition(t, v, v.StartFEN), depth)
	want := mustPosition(t, plain, v.StartFEN).Perft(depth)
	if leaves != want+entries || entries == 0 {
		t.Errorf("perft(%d) = %d with %d flag entries; without the palace flag %d", depth, leaves, entries, want)
	}
	t.Logf("perft 1-%d: 50, 2556, %d (%d of them F@f0)", depth, leaves, entries)
}
