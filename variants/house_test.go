package variants

import (
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// houseVariant builds xiangqi with the given house options (space separated).
func houseVariant(t testing.TB, opts string) *rules.Variant {
	t.Helper()
	v, err := testRegistry().Build("xiangqi", strings.Fields(opts))
	if err != nil {
		t.Fatalf("Build(xiangqi %s): %v", opts, err)
	}
	return v
}

// houseCase is one test case of house-rules.md.
type houseCase struct {
	id, opts string
	fen      string // "" = the start position
	pre      string // moves played first
	legal    string
	illegal  string
	// from and list: the complete list of legal moves from square from.
	from, list string
	// refuse is a move refused with reason.
	refuse, reason string
	inCheck        bool
	check          func(t *testing.T, g *rules.Game)
}

func runHouseCases(t *testing.T, cases []houseCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.id+" "+c.opts, func(t *testing.T) {
			v := houseVariant(t, c.opts)
			g, err := rules.NewGame(v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			playAll(t, g, c.pre)
			p := g.Position()
			got := checkMoves(t, p, c.legal, c.illegal)
			if c.from != "" {
				var from []string
				for _, m := range got {
					if strings.HasPrefix(m, c.from) {
						from = append(from, m)
					}
				}
				want := strings.Fields(c.list)
				sort.Strings(want)
				if strings.Join(from, " ") != strings.Join(want, " ") {
					t.Errorf("moves from %s = %v, want %v", c.from, from, want)
				}
			}
			if c.refuse != "" {
				checkRefusal(t, p, c.refuse, c.reason)
			}
			if p.InCheck() != c.inCheck {
				t.Errorf("InCheck = %v, want %v", p.InCheck(), c.inCheck)
			}
			if c.check != nil {
				c.check(t, g)
			}
		})
	}
}

// toMove checks the side to move.
func toMove(s rules.Side) func(t *testing.T, g *rules.Game) {
	return func(t *testing.T, g *rules.Game) {
		t.Helper()
		if got := g.Position().ToMove(); got != s {
			t.Errorf("to move: %v, want %v", got, s)
		}
	}
}

// fenHas checks that the FEN holds a field and reads back to the same hash.
func fenHas(field string, s rules.Side) func(t *testing.T, g *rules.Game) {
	return func(t *testing.T, g *rules.Game) {
		t.Helper()
		toMove(s)(t, g)
		p := g.Position()
		fen := p.FEN()
		if field != "" && !strings.Contains(" "+fen+" ", " "+field+" ") {
			t.Errorf("FEN %s lacks %s", fen, field)
		}
		back, err := rules.NewPosition(p.Variant(), fen)
		if err != nil {
			t.Fatalf("FEN %s does not read back: %v", fen, err)
		}
		if back.Hash() != p.Hash() {
			t.Errorf("FEN %s reads back with another hash", fen)
		}
	}
}

// TestHouseKillHorse is house-rules.md rule 1.
func TestHouseKillHorse(t *testing.T) {
	runHouseCases(t, []houseCase{
		{id: "1.1", opts: "kill-horse", pre: "h2h9 b9c7 i9h9", check: fenHas("", rules.Red)},
		{id: "1.1 dun=h", opts: "kill-horse", pre: "h2h9", legal: "b9c7 i9h9", check: fenHas("dun=h", rules.Black)},
		{id: "1.1 dun=c7", opts: "kill-horse", pre: "h2h9 b9c7", legal: "i9h9 pass", check: fenHas("dun=c7", rules.Black)},
		{id: "1.2", opts: "kill-horse", pre: "h2h9 i9h9", check: fenHas("", rules.Red)},
		{id: "1.3", opts: "kill-horse", pre: "h2h9 b9c7", illegal: "c7e8", refuse: "c7e8",
			reason: "the second move of 遁馬 must be made with another piece"},
		{id: "1.4", opts: "kill-horse", pre: "h2h9 b9c7 pass", check: fenHas("", rules.Red)},
		{id: "1.4 b2b9", opts: "kill-horse", pre: "b2b9 h9g7", legal: "pass", check: toMove(rules.Black)},
		{id: "1.5", opts: "kill-horse", pre: "h2e2 h9g7", illegal: "b9c7", check: fenHas("", rules.Red)},
		{id: "1.5 not first move", opts: "kill-horse", pre: "h0g2 h9g7 b2b9", check: func(t *testing.T, g *rules.Game) {
			if fen := g.Position().FEN(); strings.Contains(fen, "dun=") {
				t.Errorf("kill-horse offered after a later capture: %s", fen)
			}
		}},
		{id: "1 off", opts: "", pre: "h2h9 b9c7", check: toMove(rules.Red)},
		// A flip of fuhe is a whole move: it ends Black's answer and the offer.
		{id: "1 flip", opts: "kill-horse fuhe", fen: "rnbakabnr/9/*rc5c*p/p1p1p1p1p/9/9/P1P1P1P1P/*RC5C*P/9/RNBAKABNR w - - 0 1",
			pre: "h2h9 a7a7", check: func(t *testing.T, g *rules.Game) {
				fenHas("", rules.Red)(t, g)
				if fen := g.Position().FEN(); strings.Contains(fen, "dun=") {
					t.Errorf("the offer outlives Black's flip: %s", fen)
				}
			}},
	})
}

// TestHouseRiverElephant is house-rules.md rule 4.
func TestHouseRiverElephant(t *testing.T) {
	const bc5 = "4k4/9/9/9/2B6/9/9/9/9/3K5 w - - 0 1"
	runHouseCases(t, []houseCase{
		{id: "4.1", opts: "river-elephant", fen: "4k4/9/9/9/9/9/9/4B4/9/3K5 w - - 0 1", legal: "e2c5 e2g5",
			from: "e2", list: "e2c0 e2g0 e2c4 e2g4 e2c5 e2g5"},
		{id: "4.1 off", opts: "", fen: "4k4/9/9/9/9/9/9/4B4/9/3K5 w - - 0 1", from: "e2", list: "e2c0 e2g0 e2c4 e2g4"},
		{id: "4.2", opts: "river-elephant", fen: "4k4/9/9/9/9/9/9/4B4/9/N2K5 w - - 0 1", illegal: "e2c5 e2g5",
			refuse: "e2c5", reason: "an elephant crosses the river (破河象) only while its side has no horse"},
		{id: "4.3", opts: "river-elephant", fen: bc5, from: "c5", list: "c5a8 c5e8 c5f7 c5a2 c5e2"},
		{id: "4.4", opts: "river-elephant", fen: bc5, illegal: "c5e7 c5f3 c5c6 c5a3 c5e3", refuse: "c5e3",
			reason: "an elephant in the enemy half moves only by 用 (破河象): two points one way and three the other"},
		{id: "4.5", opts: "river-elephant", fen: "4k4/9/9/3n5/2B6/9/9/9/9/3K5 w - - 0 1", legal: "c5a8",
			illegal: "c5e8 c5f7"},
		{id: "4.6", opts: "river-elephant", fen: "4k4/9/9/9/9/2B6/9/9/9/3K5 w - - 0 1", legal: "c4a7 c4e7 c4f6"},
		{id: "4 gives check", opts: "river-elephant", fen: "9/4k4/9/9/6B2/9/9/9/9/3K5 b - - 0 1", inCheck: true,
			from: "e8", list: "e8e7 e8e9 e8f8"}, // B g5 attacks e8 by 用 (leg f6); d8 faces the king d0
		{id: "4 validation", opts: "river-elephant", fen: bc5, legal: "c5a8"},
		{id: "4 black", opts: "river-elephant", fen: "4k4/9/4b4/9/9/9/9/9/9/3K5 b - - 0 1", from: "e7",
			list: "e7c9 e7g9 e7c5 e7g5 e7c4 e7g4"},
	})
	if _, err := rules.NewPosition(houseVariant(t, ""), bc5); err == nil {
		t.Errorf("an elephant on c5 is valid without river-elephant")
	}
}

// TestHouseMissionPawn is house-rules.md rule 5.
func TestHouseMissionPawn(t *testing.T) {
	runHouseCases(t, []houseCase{
		{id: "5.1", opts: "mission-pawn", fen: "3k5/4P4/9/9/9/9/9/9/9/4K4 w - - 0 1", legal: "e8e7"},
		{id: "5.2", opts: "mission-pawn", fen: "3k5/9/4P4/9/9/9/9/9/9/4K4 w - - 0 1", illegal: "e7e6"},
		{id: "5.3", opts: "mission-pawn", fen: "3k5/4P4/9/9/9/9/9/9/9/R3K4 w - - 0 1", illegal: "e8e7",
			refuse: "e8e7", reason: "a soldier steps back in the enemy palace (任務兵) only while its side has no chariot"},
		{id: "5.4", opts: "mission-pawn", fen: "3k5/2P6/9/9/9/9/9/9/9/4K4 w - - 0 1", illegal: "c8c7"},
		{id: "5.5", opts: "mission-pawn", fen: "9/4P4/4k4/9/9/9/9/9/9/3K5 b - - 0 1", inCheck: true,
			from: "e7", list: "e7e8 e7f7"},
		{id: "5.5 off", opts: "", fen: "9/4P4/4k4/9/9/9/9/9/9/3K5 b - - 0 1", inCheck: false},
		{id: "5 black", opts: "mission-pawn", fen: "4k4/9/9/9/9/9/9/9/4p4/3K5 b - - 0 1", legal: "e1e2"},
	})
}

// TestHouseRoyalAdvisor is house-rules.md rule 6.
func TestHouseRoyalAdvisor(t *testing.T) {
	const ad2 = "4k4/9/9/9/9/9/9/3A5/9/5K3 w - - 0 1"
	runHouseCases(t, []houseCase{
		{id: "6.1", opts: "royal-advisor", fen: ad2, from: "d2", list: "d2c1 d2c2 d2c3 d2d3 d2e3 d2e1"},
		{id: "6.2", opts: "royal-advisor", fen: ad2, illegal: "d2d1 d2e2"},
		{id: "6.3", opts: "royal-advisor", fen: "4k4/9/9/9/9/2A6/9/9/9/5K3 w - - 0 1", from: "c4",
			list: "c4b3 c4b4 c4b5 c4c3 c4c5 c4d3 c4d4 c4d5"},
		{id: "6.4", opts: "royal-advisor", fen: "4k4/9/9/9/9/9/9/9/2A6/5K3 w - - 0 1", legal: "c1d0 c1d2",
			illegal: "c1d1"},
		{id: "6.4 enter", opts: "royal-advisor", fen: "4k4/9/9/9/9/9/3A5/9/9/5K3 w - - 0 1", legal: "d3d2",
			illegal: "d3e2", refuse: "d3e2", reason: "an advisor enters its palace only onto a corner (王者士)"},
		{id: "6.5", opts: "royal-advisor", fen: "4k4/9/9/9/9/9/9/3A5/9/1C3K3 w - - 0 1", illegal: "d2c3",
			refuse: "d2c3", reason: "an advisor leaves the palace (王者士) only while its side has no cannon"},
		{id: "6 enemy palace", opts: "royal-advisor", fen: "3k5/9/4A4/9/9/9/9/9/9/5K3 w - - 0 1", inCheck: false,
			from: "e7", list: "e7d7 e7f7 e7d6 e7e6 e7f6 e7d8 e7e8 e7f8"},
		{id: "6 gives check", opts: "royal-advisor", fen: "3k5/3A5/9/9/9/9/9/9/9/5K3 b - - 0 1", inCheck: true},
	})
}

// TestHouseDragonAdvisor is house-rules.md rule 10.
func TestHouseDragonAdvisor(t *testing.T) {
	const ad2 = "4k4/9/9/9/9/9/9/3A5/9/5K3 w - - 0 1"
	runHouseCases(t, []houseCase{
		{id: "10.1", opts: "dragon-advisor", fen: ad2, from: "d2", list: "d2c1 d2c3 d2e1 d2e3"},
		{id: "10.2", opts: "dragon-advisor", fen: ad2, illegal: "d2d3 d2c2"},
		{id: "10.3", opts: "dragon-advisor", fen: "4k4/9/9/9/4A4/9/9/9/9/5K3 w - - 0 1", legal: "e5d6 e5f6 e5d4 e5f4",
			illegal: "e5e6", from: "e5", list: "e5d6 e5f6 e5d4 e5f4"},
		{id: "10.4", opts: "dragon-advisor", fen: "4k4/9/9/9/9/9/9/3A5/9/1C3K3 w - - 0 1", illegal: "d2c3",
			refuse: "d2c3", reason: "an advisor leaves the palace diagonals (龍戰士) only while its side has no cannon"},
		{id: "10.6", opts: "dragon-advisor", fen: ad2, pre: "d2e3", check: func(t *testing.T, g *rules.Game) {
			if g.Outcome().Over {
				t.Errorf("a lone dragon advisor against a king is drawn: %v", g.Outcome())
			}
		}},
		{id: "10.6 off", opts: "", fen: ad2, check: func(t *testing.T, g *rules.Game) {
			if o := g.Outcome(); !o.Over || !o.Draw {
				t.Errorf("lone advisor against a king: %+v, want a draw", o)
			}
		}},
		{id: "10 dragon in the enemy palace checks", opts: "dragon-advisor", fen: "3k5/4A4/9/9/9/9/9/9/9/5K3 b - - 0 1",
			inCheck: true},
	})
}

// TestHouseAdvisorConflict is house-rules.md 10.5: both advisor rules are refused,
// in either order, with the spec's words.
func TestHouseAdvisorConflict(t *testing.T) {
	for _, opts := range [][]string{{"royal-advisor", "dragon-advisor"}, {"dragon-advisor", "royal-advisor"}} {
		_, err := testRegistry().Build("xiangqi", opts)
		var ce *rules.ConflictError
		if !errors.As(err, &ce) {
			t.Fatalf("Build(%v) = %v, want a conflict", opts, err)
		}
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Err.Error() != advisorConflict ||
			!strings.HasPrefix(oe.Err.Error(), "龍戰士不能與王者士同用") {
			t.Errorf("Build(%v): %v", opts, err)
		}
	}
}

// TestHouseRevivePawn is house-rules.md rule 8.
func TestHouseRevivePawn(t *testing.T) {
	const f81 = "4k4/9/9/9/4p4/9/P1P3P1P/9/4R4/4K4 w - - 0 1"
	soldiers := func(n int) func(t *testing.T, g *rules.Game) {
		return func(t *testing.T, g *rules.Game) {
			p := g.Position()
			if got := 5 - newRevivePawn(p.Variant()).captured(p, rules.Red); got != n {
				t.Errorf("Red has %d soldiers, want %d", got, n)
			}
			fenHas("", rules.Black)(t, g)
		}
	}
	runHouseCases(t, []houseCase{
		{id: "8.1", opts: "revive-pawn", fen: f81, pre: "e1e5 e9d9 P@e3", check: soldiers(5)},
		{id: "8.1 field", opts: "revive-pawn", fen: f81, pre: "e1e5", inCheck: true, check: fenHas("revive=w", rules.Black)},
		{id: "8.1 field read", opts: "revive-pawn", fen: f81, pre: "e1e5 e9d9", legal: "P@e3 e5e6",
			check: fenHas("revive=w", rules.Red)},
		{id: "8.2", opts: "revive-pawn", fen: f81, pre: "e1e2 e9d9", illegal: "P@e3", refuse: "P@e3",
			reason: "a soldier may be revived (還魂卒) only on the move right after one of your captures"},
		{id: "8.3", opts: "revive-pawn", fen: f81, pre: "e1e5 e9d9 e5e6 d9d8", illegal: "P@e3", refuse: "P@e3",
			reason: "a soldier may be revived (還魂卒) only on the move right after one of your captures"},
		{id: "8.4", opts: "revive-pawn", fen: "4k4/9/9/9/4p4/9/P1P1R1P1P/9/9/4K4 w - - 0 1", pre: "e3e5 e9d9",
			legal: "P@e3", illegal: "P@c3", refuse: "P@c3", reason: "c3 is occupied"},
		{id: "8.4 not a start point", opts: "revive-pawn", fen: "4k4/9/9/9/4p4/9/P1P1R1P1P/9/9/4K4 w - - 0 1",
			pre: "e3e5 e9d9", illegal: "P@e4", refuse: "P@e4",
			reason: "a revived soldier goes back on one of your soldier start points (a3 c3 e3 g3 i3)"},
		{id: "8.5", opts: "revive-pawn", pre: "h2h9 a9a8", illegal: "P@a3", refuse: "P@a3",
			reason: "you have no captured soldier to revive", check: fenHas("revive=w", rules.Red)},
		{id: "8 black", opts: "revive-pawn", fen: "4k4/9/9/9/4p4/9/P1P3P1P/9/4R4/4K4 b - - 0 1 revive=b", legal: "P@e6 P@a6"},
	})
}

// TestHouseSummaries: every house option shows a summary and a guide for /rules.
func TestHouseSummaries(t *testing.T) {
	for _, o := range houseOptions() {
		got, ok := testRegistry().Option(o.Name)
		if !ok || len(got.Summary) < 40 || got.Summary[0] < 'a' || got.Summary[0] > 'z' {
			// The bot capitalizes the first byte of a summary: it must be a letter.
			t.Errorf("option %s: summary %q", o.Name, got.Summary)
		}
		if g := got.Guide; g.En == "" || g.Hant == "" || g.Hans == "" {
			t.Errorf("option %s: /rules guide missing in a language: %+v", o.Name, g)
		}
		v := houseVariant(t, o.Name)
		if gs := v.Guides(); len(gs) == 0 || !strings.Contains(v.Summary, gs[len(gs)-1]) {
			t.Errorf("option %s: guide missing from the summary %q", o.Name, v.Summary)
		}
	}
	if _, err := testRegistry().Build("jinchan", []string{"river-elephant"}); err == nil {
		t.Errorf("a xiangqi house rule applied to jinchan")
	}
	if _, err := testRegistry().Build("xiangqi", []string{"mission-pawn", "mission-pawn"}); err == nil {
		t.Errorf("an option applied twice")
	}
}

// houseNames are the house options implemented, in the spec's order.
var houseNames = []string{"kill-horse", "palace-cannon", "flag", "river-elephant", "mission-pawn", "royal-advisor", "palace-strategy", "mountain-border", "dragon-advisor", "revive-pawn"}

// houseRandomFENs are start positions where the conditions hold (no horse, no
// chariot, no cannon), so that random games play the powers.
var houseRandomFENs = []string{
	"",
	"2bakab2/9/9/p1p1p1p1p/9/9/P1P1P1P1P/9/9/2BAKAB2 w - - 0 1",
	"3akab2/3P5/9/p1p3p1p/2p6/9/P1P3P1P/4B4/9/2BAKA3 w - - 0 1",
}

// mountainRandomFENs are houseRandomFENs on the mountain board, with pieces on
// the mountain files and next to the passes.
var mountainRandomFENs = []string{
	"",
	"2rbakab3/11/c10/1p1p1p1p1p1/11/11/1P1P1P1P1P1/10C/11/3BAKAB1R1 w - - 0 1",
	"4akab3/4P6/11/1p1p3p1p1/3p7/11/1P1P3P1P1/1B3B5/11/4AKA4 w - - 0 1",
}

// TestHouseRandomGames plays random games of every house option alone, with
// fuhe, and with every other allowed option, checking make/unmake, hashes and
// read-back of FENs and moves after every ply (randomGame).
func TestHouseRandomGames(t *testing.T) {
	games, plies := 1, 60
	if small() {
		plies = 20
	}
	var combos [][]string
	for i, a := range houseNames {
		combos = append(combos, []string{a}, []string{a, "fuhe"})
		for _, b := range houseNames[i+1:] {
			if a == "royal-advisor" && b == "dragon-advisor" {
				continue
			}
			combos = append(combos, []string{a, b})
		}
	}
	combos = append(combos, []string{"kill-horse", "palace-cannon", "river-elephant", "mission-pawn", "dragon-advisor", "palace-strategy", "revive-pawn", "fuhe"})
	for ci, opts := range combos {
		v, err := testRegistry().Build("xiangqi", opts)
		if err != nil {
			t.Fatalf("Build(%v): %v", opts, err)
		}
		t.Run(strings.Join(opts, "+"), func(t *testing.T) {
			t.Parallel()
			fens := houseRandomFENs
			if v.Board.Width == 11 {
				fens = mountainRandomFENs
			}
			for fi, fen := range fens {
				if fen != "" && v.HasModule("fuhe") {
					continue // the corner points must be free: only the start
				}
				for g := 0; g < games; g++ {
					randomGameFrom(t, v, fen, newRand(uint64(ci*1000+fi*10+g)), plies)
				}
			}
		})
	}
}

// TestHouseFENValidation: the options widen where pieces may stand and what
// mates (house-rules.md §2).
func TestHouseFENValidation(t *testing.T) {
	cases := []struct {
		opts, fen string
		ok        bool
	}{
		{"", "4k4/9/9/9/9/2A6/9/9/9/5K3 w - - 0 1", false},
		{"royal-advisor", "4k4/9/9/9/9/2A6/9/9/9/5K3 w - - 0 1", true},
		{"dragon-advisor", "4k4/9/9/9/9/2A6/9/9/9/5K3 w - - 0 1", true},
		{"", "4k4/9/9/9/2B6/9/9/9/9/3K5 w - - 0 1", false},
		{"river-elephant", "4k4/9/9/9/2B6/9/9/9/9/3K5 w - - 0 1", true},
		{"river-elephant", "4k4/9/9/9/9/9/2B6/9/9/3K5 w - - 0 1", false}, // own half, not an elephant point
		{"revive-pawn", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 revive=x", false},
		{"kill-horse", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 dun=h", false}, // needs Black to move
	}
	for _, c := range cases {
		_, err := rules.NewPosition(houseVariant(t, c.opts), c.fen)
		if (err == nil) != c.ok {
			t.Errorf("[%s] %s: err = %v, want ok=%v", c.opts, c.fen, err, c.ok)
		}
	}
	// Insufficient material: a lone elephant mates with river-elephant.
	for _, opts := range []string{"", "river-elephant"} {
		g, err := rules.NewGame(houseVariant(t, opts), "4k4/9/9/9/9/9/9/9/9/3K2B2 w - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		if opts != "" {
			playAll(t, g, "g0e2")
		}
		if o := g.Outcome(); o.Over != (opts == "") {
			t.Errorf("[%s] king and elephant against a king: %+v", opts, o)
		}
	}
}

// TestHousePalaceStrategy is house-rules.md rule 7, powers 1-7 (可飛將, 7.9 and
// 7.10, is not built).
func TestHousePalaceStrategy(t *testing.T) {
	const ps = "palace-strategy"
	runHouseCases(t, []houseCase{
		{id: "7.1", opts: ps, fen: "4k4/9/9/9/9/9/9/9/3K5/6BN1 w - - 0 1", legal: "h0f1 h0i2 h0g2"},
		{id: "7.1 d0", opts: ps, fen: "4k4/9/9/9/9/9/9/9/9/3K2BN1 w - - 0 1", illegal: "h0f1", refuse: "h0f1",
			reason: "a horse ignores its leg (暢馬) only while your general stands on d1 (Black f8)"},
		{id: "7.2", opts: ps, fen: "4ka3/9/3R5/9/9/9/9/9/9/3K5 w - - 0 1", legal: "d7e8 d7f9"},
		{id: "7.2 d1", opts: ps, fen: "4ka3/9/3R5/9/9/9/9/9/3K5/9 w - - 0 1", illegal: "d7e8 d7f9", refuse: "d7e8",
			reason: "chariots ride the palace diagonals (全線車) only while your general stands on d0 (Black f9)"},
		{id: "7.3", opts: ps, fen: "4ka3/4a4/3C5/9/9/9/9/9/9/5K3 w - - 0 1", legal: "d7f9", illegal: "d7e8"},
		{id: "7.3 move", opts: ps, fen: "4k4/9/3C5/9/9/9/9/9/9/5K3 w - - 0 1", legal: "d7e8 d7f9"},
		{id: "7.4", opts: ps, fen: "4k4/9/9/9/9/9/9/9/5K3/6B2 w - - 0 1", legal: "g0e2 g0i2"},
		{id: "7.4 off", opts: "", fen: "4k4/9/9/9/9/9/9/9/5K3/6B2 w - - 0 1", illegal: "g0e2"},
		{id: "7.5", opts: ps, fen: "4k4/9/9/9/9/9/9/3K5/9/3A5 w - - 0 1", legal: "d0e1 d0f2", from: "d0", list: "d0e1 d0f2"},
		{id: "7.5 blocked", opts: ps, fen: "4k4/9/9/9/9/9/9/3K5/4A4/3A5 w - - 0 1", illegal: "d0f2"},
		{id: "7.6", opts: ps, fen: "3k5/9/9/9/9/2P6/9/4K4/9/9 w - - 0 1", legal: "c4b5 c4d5 c4c5", from: "c4",
			list: "c4b5 c4d5 c4c5"},
		{id: "7.7", opts: ps, fen: "3k5/9/9/9/3n5/2P6/9/4K4/9/9 w - - 0 1", illegal: "c4d5"},
		{id: "7.8", opts: ps, fen: "3k5/9/9/9/2P6/9/9/5K3/9/9 w - - 0 1", legal: "c5a5 c5i5", from: "c5",
			list: "c5a5 c5b5 c5c6 c5d5 c5e5 c5f5 c5g5 c5h5 c5i5"},
		{id: "7.8 e2", opts: ps, fen: "3k5/9/9/9/2P6/9/9/4K4/9/9 w - - 0 1", illegal: "c5a5 c5i5", refuse: "c5i5",
			reason: "a soldier rides sideways along the enemy river bank (河清卒) only while your general stands on f2 (Black d7)"},
		// 7.9/7.10 with a Red soldier on a6, so that bare generals do not end the game
		// at once (insufficient material).
		{id: "7.9", opts: ps, fen: "4k4/9/9/P8/9/9/9/9/3K5/9 w - - 0 1", pre: "d1e1", inCheck: true, from: "e9", list: "e9d9 e9f9",
			illegal: "e9e8"},
		{id: "7.9 without the option", opts: "", fen: "4k4/9/9/9/9/9/9/9/3K5/9 w - - 0 1", illegal: "d1e1"},
		{id: "7.10", opts: ps, fen: "9/4k4/9/P8/9/9/9/9/3K5/9 w - - 0 1", illegal: "d1e1"},
		{id: "7.9 black", opts: ps, fen: "9/3k5/9/9/9/9/p8/9/9/4K4 b - - 0 1", pre: "d8e8", inCheck: true, from: "e0", list: "e0d0 e0f0",
			illegal: "e0e1"},
		{id: "7.9 stays", opts: ps, fen: "4k4/4n4/9/9/9/9/9/9/4K4/R8 b - - 0 1", legal: "e9d9 e9f9", illegal: "e8c7 e8g7 e8d6 e8f6"},
		{id: "7.9 with 2", opts: ps + " palace-cannon", fen: "4k4/9/9/P8/9/9/9/9/3K5/9 w - - 0 1", pre: "d1e1", inCheck: true,
			from: "e9", list: "e9d9 e9f9", illegal: "e9e8"},
		{id: "7.10 with 2", opts: ps + " palace-cannon", fen: "9/4k4/9/P8/9/9/9/9/3K5/9 w - - 0 1", illegal: "d1e1"},
		{id: "7.9 with 9", opts: "mountain-border " + ps, fen: "5k5/11/11/P10/11/11/11/11/4K6/11 w - - 0 1", pre: "e1f1", inCheck: true,
			from: "f9", list: "f9e9 f9g9"},
		{id: "7 gives check", opts: ps, fen: "4k4/9/9/9/9/9/9/9/9/3K1R3 b - - 0 1", inCheck: false},
		{id: "7 chariot check", opts: ps, fen: "5k3/9/3R5/9/9/9/9/9/9/3K5 b - - 0 1", inCheck: true},
		{id: "7 black 暢馬", opts: ps, fen: "1n7/1P3k3/9/9/9/9/9/9/9/3K5 b - - 0 1", legal: "b9c7 b9a7"},
		{id: "7 black 暢馬 off", opts: ps, fen: "1n7/1P2k4/9/9/9/9/9/9/9/3K5 b - - 0 1", illegal: "b9c7 b9a7"},
	})
}

// TestHousePalaceCannon is house-rules.md rule 2.
func TestHousePalaceCannon(t *testing.T) {
	const pc = "palace-cannon"
	over := func(winner rules.Side) func(t *testing.T, g *rules.Game) {
		return func(t *testing.T, g *rules.Game) {
			if o := g.Outcome(); !o.Over || o.Draw || o.Winner != winner {
				t.Errorf("outcome %+v, want a win of %v", o, winner)
			}
		}
	}
	runHouseCases(t, []houseCase{
		{id: "2.1", opts: pc, fen: "4k4/9/9/9/9/9/9/9/3K5/4C4 w - - 0 1", legal: "d1e1"},
		{id: "2.1 off", opts: "", fen: "4k4/9/9/9/9/9/9/9/3K5/4C4 w - - 0 1", illegal: "d1e1"},
		{id: "2.1 mate", opts: pc, fen: "4k4/9/9/9/9/9/9/9/3K5/4C4 w - - 0 1", pre: "d1e1", inCheck: true,
			illegal: "e9d9 e9f9 e9e8", refuse: "e9f9",
			reason: "your general is in check by the palace cannon (宮廷炮) and may not move: put a piece between the generals or take the cannon",
			check:  over(rules.Red)},
		{id: "2.2", opts: pc, fen: "3ak4/9/9/9/9/9/9/9/3K5/4C4 w - - 0 1", pre: "d1e1", inCheck: true,
			illegal: "e9f9", from: "", check: func(t *testing.T, g *rules.Game) {
				if got := legalTexts(g.Position()); strings.Join(got, " ") != "d9e8" {
					t.Errorf("legal moves %v, want only d9e8", got)
				}
			}},
		{id: "2.3", opts: pc, fen: "4k4/9/9/9/9/9/9/9/3K5/r3C4 w - - 0 1", pre: "d1e1 a0e0", inCheck: true,
			check: func(t *testing.T, g *rules.Game) {
				if got := legalTexts(g.Position()); strings.Join(got, " ") != "e1d1 e1f1" {
					t.Errorf("legal moves %v, want e1d1 e1f1", got)
				}
			}},
		{id: "2.4", opts: pc, fen: "4k4/9/9/9/9/9/9/3Kn4/4A4/4C4 w - - 0 1", illegal: "d2e2", refuse: "d2e2",
			reason: "the two generals would face each other on an open file without your cannon right behind your general (宮廷炮)"},
		{id: "2.4 not in check", opts: pc, fen: "4k4/9/9/9/9/9/9/3Kn4/4A4/4C4 w - - 0 1", inCheck: false, legal: "d2d1"},
		{id: "2 black", opts: pc, fen: "4c4/3k5/9/9/9/9/9/9/9/4K4 b - - 0 1", pre: "d8e8", inCheck: true,
			check: func(t *testing.T, g *rules.Game) { over(rules.Black)(t, g) }},
		{id: "2 plain facing", opts: pc, fen: "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", legal: "e0e1 e0f0", illegal: "e0d0"},
	})
}
