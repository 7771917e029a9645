package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Landscape xiangqi (山水象棋, 雄兵象棋), as rules/shanshui.md says: xiangqi on
// the shared mountain-border board (MountainBoard) with two-sided discs. Every
// piece has a fixed, public back kind (車/輿, 馬/駝, 炮/槍, 相/丞, 仕/衛, 帥/君,
// 兵/雄); a move that captures, or that answers a check, may end with the piece
// turned over (`b0b7*`). A 雄 may instead be exchanged for an own captured disc
// whose type an enemy piece behind it shows (`e6=R`). The captured piles are
// the hands of the position (Variant.Hands): a side's hand holds its own discs
// the enemy took, counted under the front kind.

// ShanshuiStart is the start position (shanshui.md, decision D2).
const ShanshuiStart = "1rnbakabnr1/11/2c5c2/1p1p1p1p1p1/11/11/1P1P1P1P1P1/2C5C2/11/1RNBAKABNR1 w - - 0 1"

// Kind indexes of shanshui's back kinds, after the standard seven.
const (
	ShanshuiCarriage  = Soldier + 1 + iota // 輿 Y
	ShanshuiCamel                          // 駝 T
	ShanshuiSpear                          // 槍 Q
	ShanshuiMinister                       // 丞 S
	ShanshuiGuard                          // 衛 W
	ShanshuiSovereign                      // 君 J
	ShanshuiHero                           // 雄 X
)

// shanshuiFlip is the other face of each kind, by kind index.
var shanshuiFlip = [...]int{
	King: ShanshuiSovereign, Advisor: ShanshuiGuard, Elephant: ShanshuiMinister, Horse: ShanshuiCamel,
	Chariot: ShanshuiCarriage, Cannon: ShanshuiSpear, Soldier: ShanshuiHero,
	ShanshuiCarriage: Chariot, ShanshuiCamel: Horse, ShanshuiSpear: Cannon, ShanshuiMinister: Elephant,
	ShanshuiGuard: Advisor, ShanshuiSovereign: King, ShanshuiHero: Soldier,
}

// shanshuiDisc is the disc type of a kind: its front kind (the index its
// captured pile counts it under).
func shanshuiDisc(k int) int {
	if k > Soldier {
		return shanshuiFlip[k]
	}
	return k
}

// shanshuiKinds are the seven fronts (the mountain board's elephant, kings that
// face only as the module says) and the seven backs.
func shanshuiKinds() []rules.Kind {
	k := MountainKinds()
	facing := []rules.Atom{
		{Kind: rules.Ride, DF: 0, DR: 1, Mode: rules.AttackOnly, RoyalTarget: true},
		{Kind: rules.Ride, DF: 0, DR: -1, Mode: rules.AttackOnly, RoyalTarget: true},
	}
	palaceSteps := rules.InZone("palace", rules.Steps(rules.Dirs4, rules.MoveOrCapture))
	// The ordinary king attacks nothing along its file: two ordinary kings may
	// not face (shanshuiRule.Legal), and one may face a 君 only when it is the
	// 君's side that made it so (shanshui.md rule 2).
	k[King].Atoms = rules.InZone("palace", rules.Steps(rules.Dirs4, rules.MoveOrCapture))
	// A soldier brought back by a 雄 may stand where a soldier never could.
	k[Soldier].StandZone = ""
	for i := range k {
		k[i].Max = 0 // discs turn over: the counts are per disc (the module checks them)
	}
	k[King].Max = 1
	tuo := make([]rules.Atom, 0, 8)
	for _, sf := range []int{1, -1} {
		for _, sr := range []int{1, -1} {
			for _, d := range [][2]int{{2 * sf, 3 * sr}, {3 * sf, 2 * sr}} {
				tuo = append(tuo, rules.Atom{Kind: rules.Leap, DF: d[0], DR: d[1], Mode: rules.MoveOrCapture, Blocks: [][2]int{{sf, sr}}})
			}
		}
	}
	leap := func(zone string, df, dr int, blocks ...[2]int) rules.Atom {
		return rules.Atom{Kind: rules.Leap, DF: df, DR: dr, Mode: rules.MoveOnly, From: zone, To: "own", Blocks: blocks}
	}
	return append(k,
		rules.Kind{Letter: 'Y', Name: "carriage", Glyph: [2]string{"輿", "輿"}, Simple: [2]string{"舆", "舆"}, Value: 5, Mating: true,
			Atoms: carriageAtoms()},
		rules.Kind{Letter: 'T', Name: "camel", BlockWord: "leg", Glyph: [2]string{"駝", "駝"}, Simple: [2]string{"驼", "驼"}, Value: 4, Mating: true,
			Atoms: tuo},
		rules.Kind{Letter: 'Q', Name: "spear", Glyph: [2]string{"槍", "槍"}, Simple: [2]string{"枪", "枪"}, Value: 4, Mating: true,
			Atoms: spearAtoms()},
		// The minister's captures (the piece on the eye, the pieces passed on the
		// big 田) are shanshuiRule's special moves; its atoms are its plain moves.
		rules.Kind{Letter: 'S', Name: "minister", BlockWord: "eye", Glyph: [2]string{"丞", "丞"}, Simple: [2]string{"丞", "丞"}, Value: 2,
			StandZone: "elephant points",
			Atoms: rules.Join(
				rules.FromZone("elephant field", rules.InZone("own", rules.DiagonalLeaps(2, rules.MoveOnly))),
				[]rules.Atom{
					leap("mountain d0", -3, 3, [2]int{-1, 1}, [2]int{-2, 2}), leap("mountain h0", 3, 3, [2]int{1, 1}, [2]int{2, 2}),
					leap("mountain b2", -1, 1), leap("mountain j2", 1, 1),
					leap("mountain a3", 3, -3, [2]int{1, -1}, [2]int{2, -2}), leap("mountain a3", 1, -1),
					leap("mountain k3", -3, -3, [2]int{-1, -1}, [2]int{-2, -2}), leap("mountain k3", -1, -1),
				})},
		rules.Kind{Letter: 'W', Name: "guard", Glyph: [2]string{"衛", "衛"}, Simple: [2]string{"卫", "卫"}, Value: 2,
			StandZone: "advisor points", Atoms: rules.InZone("palace", rules.Rides(rules.Diag4, rules.MoveOrCapture, 2))},
		rules.Kind{Letter: 'J', Name: "sovereign", Glyph: [2]string{"君", "君"}, Simple: [2]string{"君", "君"}, Royal: true, Max: 1,
			StandZone: "palace", Atoms: rules.Join(palaceSteps, facing)},
		rules.Kind{Letter: 'X', Name: "hero", Glyph: [2]string{"雄", "雄"}, Simple: [2]string{"雄", "雄"}, Value: 2, Mating: true,
			Atoms: rules.Join(rules.Steps([][2]int{{1, 1}, {-1, 1}}, rules.MoveOnly),
				rules.Steps([][2]int{{0, 1}, {1, 0}, {-1, 0}}, rules.CaptureOnly))},
	)
}

// carriageAtoms are the 輿's moves (shanshui, yizhi): 1 or 2 points in any of
// 8 directions, the middle point empty; a 1-point diagonal step never captures.
func carriageAtoms() []rules.Atom {
	return rules.Join(rules.Rides(rules.Dirs4, rules.MoveOrCapture, 2), rules.Steps(rules.Diag4, rules.MoveOnly),
		rules.DiagonalLeaps(2, rules.MoveOrCapture))
}

// spearAtoms are the 槍's moves (shanshui, yizhi): 1-3 points in any of 8
// directions over empty points; captures only at 2 or 3 points over exactly
// one piece.
func spearAtoms() []rules.Atom {
	all8 := append(append([][2]int{}, rules.Dirs4...), rules.Diag4...)
	return rules.Join(rules.Rides(all8, rules.MoveOnly, 3), hopsInRange(all8, 3))
}

// hopsInRange are cannon captures limited to rng points: the spear's capture at
// distance 2 or 3 over exactly one piece.
func hopsInRange(dirs [][2]int, rng int) []rules.Atom {
	out := rules.Hops(dirs, 1)
	for i := range out {
		out[i].Range = rng
	}
	return out
}

// Shanshui is Landscape xiangqi (山水象棋).
func Shanshui() *rules.Variant {
	b := MountainBoard()
	return &rules.Variant{
		Slug:   "shanshui",
		Name:   "Landscape xiangqi",
		NameZh: "山水象棋",
		Summary: "Xiangqi on the mountain-border board (11 files; a3-a6 is one step) with two-sided pieces: each has a " +
			"public back (車/輿 Y, 馬/駝 T, 炮/槍 Q, 相/丞 S, 仕/衛 W, 帥/君 J, 兵/雄 X). A move that captures or answers " +
			"a check may end with the piece turned over (b0b7*); a 雄 may turn into a captured disc of yours whose type an " +
			"enemy piece behind it shows (e6=R). Moves in coordinates.",
		Guide:          shanshuiGuide,
		Board:          b,
		Kinds:          shanshuiKinds(),
		StartFEN:       ShanshuiStart,
		Hands:          true,
		StalemateLoses: true,
		MoveLimit:      120,
		Repetition:     rules.RepetitionAsian,
		Modules:        []rules.Module{newShanshuiRule(b)},
	}
}

var shanshuiGuide = rules.Texts{
	En: "Xiangqi on the mountain-border board: 11 files, the outer files a and k have no points on ranks 4–5 and a3–a6 is one step (the mountain pass). Every piece is a disc with a public back:\n" +
		"• 輿 Y (車): 1 or 2 points in any of 8 directions, the middle point empty; a 1-point diagonal move never captures.\n" +
		"• 駝 T (馬): leaps 2+3; blocked by the diagonal neighbour towards the target.\n" +
		"• 槍 Q (炮): moves 1–3 points in 8 directions; captures only at 2 or 3 points over exactly one piece.\n" +
		"• 丞 S (相): elephant points of its own half; never captures by landing: a 田 over an enemy takes it (f2d4), the big 田 d0a3 takes every enemy it passes. 相 and 丞 also go d0a3, b2a3 (h0k3, j2k3).\n" +
		"• 衛 W (仕): 1 or 2 points along the palace diagonals. 君 J (帥): steps like the king and attacks along an open file: a 君 may face the enemy king (that is check), two ordinary kings may not.\n" +
		"• 雄 X (兵): moves 1 point diagonally forward; captures 1 point forward or sideways.\n" +
		"• Flip: a move that captures, or that answers a check, may end with the piece turned over: add * (b0b7*). Flips go both ways.\n" +
		"• Change: a 雄 may become one of your captured chariot, horse, cannon or soldier discs if an enemy piece of that disc type stands behind it on its file, showing that face (e6=R). Captured discs are shown as hands.",
	Hant: "在山界棋盤上下的象棋：11 路，a、k 兩路在第 4–5 線沒有點，a3–a6 一步相通（山口）。每枚棋都是兩面棋，背面公開：\n" +
		"• 輿 Y（車）：八方向走一或兩格，中間須空；斜走一格不能吃子。\n" +
		"• 駝 T（馬）：走「用」字（2+3）；朝目標的斜鄰點有子即不能走。\n" +
		"• 槍 Q（炮）：八方向走一至三格；只能隔正好一子吃兩或三格外的子。\n" +
		"• 丞 S（相）：在己方相點上走；不以落點吃子：田字眼上是敵子則跳吃（f2d4），大田 d0a3 吃掉經過的所有敵子。相與丞都可走 d0a3、b2a3（h0k3、j2k3）。\n" +
		"• 衛 W（仕）：沿九宮斜線走一或兩格。君 J（帥）：走法同帥，並可沿空直線飛將：君可與敵將照面（即將軍），兩個普通將帥不能照面。\n" +
		"• 雄 X（兵）：斜前走一格；直前或橫走一格吃子。\n" +
		"• 翻面：吃子的一步，或應將的一步，走完可把該棋翻面：加 *（b0b7*）。可翻回。\n" +
		"• 變化：雄身後同一直線上有某種敵棋（車輿、馬駝、炮槍、兵雄）時，可換回己方被吃的同類棋，顯示同一面（e6=R）。被吃的棋顯示在手上。",
	Hans: "在山界棋盘上下的象棋：11 路，a、k 两路在第 4–5 线没有点，a3–a6 一步相通（山口）。每枚棋都是两面棋，背面公开：\n" +
		"• 舆 Y（车）：八方向走一或两格，中间须空；斜走一格不能吃子。\n" +
		"• 驼 T（马）：走“用”字（2+3）；朝目标的斜邻点有子即不能走。\n" +
		"• 枪 Q（炮）：八方向走一至三格；只能隔正好一子吃两或三格外的子。\n" +
		"• 丞 S（相）：在己方相点上走；不以落点吃子：田字眼上是敌子则跳吃（f2d4），大田 d0a3 吃掉经过的所有敌子。相与丞都可走 d0a3、b2a3（h0k3、j2k3）。\n" +
		"• 卫 W（仕）：沿九宫斜线走一或两格。君 J（帅）：走法同帅，并可沿空直线飞将：君可与敌将照面（即将军），两个普通将帅不能照面。\n" +
		"• 雄 X（兵）：斜前走一格；直前或横走一格吃子。\n" +
		"• 翻面：吃子的一步，或应将的一步，走完可把该棋翻面：加 *（b0b7*）。可翻回。\n" +
		"• 变化：雄身后同一直线上有某种敌棋（车舆、马驼、炮枪、兵雄）时，可换回己方被吃的同类棋，显示同一面（e6=R）。被吃的棋显示在手上。",
}
