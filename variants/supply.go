package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Supply xiangqi (補給象棋), as rules/supply.md says: the standard board moved up
// one rank between two supply lines (補給線, ranks 0 and 11) holding five supply
// pieces a side. Supply lines are closed to every other piece (the atoms of the
// standard kinds keep to the ranks 1-10, zone "field"); a capture onto a point a
// piece may not stop on is an exchange (兌): both pieces leave. Losing a supply
// piece closes the enemy bottom line to one kind (糧 soldiers, 草 horses, 油
// chariots, 彈 cannons) and the own bottom line to the general (布). The module
// supplyRules adds the exchanges and refuses the closed entries; the kinds'
// atoms still attack the bottom lines, so an exchange threat is a check.

// SupplyStart is the start position (supply.md, decisions D1-D3).
const SupplyStart = "m1y1t1f1g/rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/G1F1T1Y1M w - - 0 1"

// Kind indexes of the supply pieces, after the standard seven.
const (
	SupplyGrain      = Soldier + 1 + iota // 糧 G: soldiers
	SupplyFodder                          // 草 F: horses
	SupplyCloth                           // 布 T: the general
	SupplyOil                             // 油 Y: chariots
	SupplyAmmunition                      // 彈 M: cannons
)

// SupplyBoard is the 9×12 board. Zones: "supply line" (rank 0 / 11), "field"
// (ranks 1-10, where every other piece stays), "palace", "own" and "crossed"
// (the halves without the supply lines), "bottom line" (rank 1 / 10), the stand
// zones, and "shanjiao" (the 山角 corner points a3 i3 / a8 i8 for fuhe).
func SupplyBoard() *rules.Board {
	b := &rules.Board{Width: 9, Height: 12}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	line := b.RankRange(0, 0)
	field := b.RankRange(1, 10)
	palace := b.Rect(3, 1, 5, 3)
	own := b.RankRange(1, 5)
	crossed := b.RankRange(6, 10)
	bottom := b.RankRange(1, 1)
	advisor := b.SquaresOf("d1", "f1", "e2", "d3", "f3")
	elephant := b.SquaresOf("c1", "g1", "a3", "e3", "i3", "c5", "g5")
	soldier := b.RankRange(6, 10)
	for f := 0; f < 9; f += 2 {
		soldier.Add(b.At(f, 4))
		soldier.Add(b.At(f, 5))
	}
	corners := b.SquaresOf("a3", "i3")
	b.Zones = map[string]rules.Zone{
		"supply line":     {line, b.MirrorSet(line)},
		"field":           {field, field},
		"palace":          {palace, b.MirrorSet(palace)},
		"own":             {own, b.MirrorSet(own)},
		"crossed":         {crossed, b.MirrorSet(crossed)},
		"bottom line":     {bottom, b.MirrorSet(bottom)},
		"advisor points":  {advisor, b.MirrorSet(advisor)},
		"elephant points": {elephant, b.MirrorSet(elephant)},
		"soldier points":  {soldier, b.MirrorSet(soldier)},
		FuheZone:          {corners, b.MirrorSet(corners)},
	}
	at := func(n string) rules.Square { return mustSquare(b, n) }
	b.Decor = rules.Decor{
		RiverBelow: 5,
		RiverText:  [2]string{"楚河", "漢界"},
		Diagonals: []rules.Line{
			{From: at("d1"), To: at("f3")}, {From: at("f1"), To: at("d3")},
			{From: at("d8"), To: at("f10")}, {From: at("f8"), To: at("d10")},
		},
		// The supply lines are tinted, so that they read as lines apart.
		Shaded: []rules.SquareSet{line, b.MirrorSet(line)},
	}
	for _, n := range []string{"b3", "h3", "a4", "c4", "e4", "g4", "i4"} {
		b.Decor.Marks = append(b.Decor.Marks, at(n), b.Mirror(at(n)))
	}
	return b
}

func supplyKinds() []rules.Kind {
	k := XiangqiKinds()
	// Every standard piece stays off the supply lines: its atoms keep to the field.
	for _, i := range []int{Horse, Chariot, Cannon, Soldier} {
		for j := range k[i].Atoms {
			if k[i].Atoms[j].To == "" {
				k[i].Atoms[j].To = "field"
			}
		}
	}
	step := func() []rules.Atom {
		return rules.InZone("supply line", rules.Steps([][2]int{{1, 0}, {-1, 0}}, rules.MoveOnly))
	}
	supply := func(letter byte, name, glyph, simple string) rules.Kind {
		return rules.Kind{Letter: letter, Name: name, Glyph: [2]string{glyph, glyph}, Simple: [2]string{simple, simple},
			Max: 1, StandZone: "supply line", Atoms: step()}
	}
	return append(k,
		supply('G', "grain", "糧", "粮"),
		supply('F', "fodder", "草", "草"),
		supply('T', "cloth", "布", "布"),
		supply('Y', "oil", "油", "油"),
		supply('M', "ammunition", "彈", "弹"),
	)
}

// Supply is Supply xiangqi (補給象棋).
func Supply() *rules.Variant {
	b := SupplyBoard()
	return &rules.Variant{
		Slug:   "supply",
		Name:   "Supply xiangqi",
		NameZh: "補給象棋",
		Summary: "Xiangqi on 9×12 points: the standard board between two supply lines (ranks 0 and 11) with five " +
			"supply pieces a side (糧 G, 草 F, 布 T, 油 Y, 彈 M) that step along their line to an empty point (c0b0) " +
			"and never capture. No other piece may stop on a supply line; capturing there is an exchange (兌: " +
			"both pieces leave, a5a11). Losing 糧 closes the enemy bottom line to your soldiers, 草 to your horses, " +
			"油 to your chariots, 彈 to your cannons (a capture there becomes an exchange), and 布 closes your own " +
			"bottom line to your general; a piece already on such a line may stay and move along it.",
		Guide: rules.Texts{
			En: "Xiangqi between two supply lines. What is new:\n" +
				"• Supply pieces 糧 G (grain), 草 F (fodder), 布 T (cloth), 油 Y (oil), 彈 M (ammunition) stand on your supply line (rank 0; Black 11). One step left or right to an empty point (c0b0); they never capture or check.\n" +
				"• No other piece may stop on a supply line. Capturing a supply piece is an exchange 兌: both pieces leave the board (a5a11).\n" +
				"• Lose 糧 and your soldiers may not enter the enemy bottom line (rank 10; Black: 1), lose 草 the same for horses, 油 for chariots, 彈 for cannons: a capture there becomes an exchange. A piece already on that line may stay and move along it.\n" +
				"• Lose 布 and your general may not step back onto your own bottom line (rank 1).\n" +
				"• An exchange threat is a check. Moves in coordinates.",
			Hant: "在兩條補給線之間下的象棋。不同之處：\n" +
				"• 補給棋 糧 G、草 F、布 T、油 Y、彈 M 站在己方補給線（第 0 線；黑方第 11 線）上，沿線左右走一步到空點（c0b0），不吃子、不將軍。\n" +
				"• 其他棋子不能停在補給線上。吃補給棋即兌：雙方兩子都離開棋盤（a5a11）。\n" +
				"• 失去糧，己方兵不能進入對方底線（第 10 線；黑方第 1 線）；失去草則馬、失去油則車、失去彈則炮同樣：在那裡吃子變成兌。已在該線上的棋可留下並沿線走。\n" +
				"• 失去布，己方帥不能再回到己方底線（第 1 線）。\n" +
				"• 兌的威脅也算將軍。只用座標記譜。",
			Hans: "在两条补给线之间下的象棋。不同之处：\n" +
				"• 补给棋 粮 G、草 F、布 T、油 Y、弹 M 站在己方补给线（第 0 线；黑方第 11 线）上，沿线左右走一步到空点（c0b0），不吃子、不将军。\n" +
				"• 其他棋子不能停在补给线上。吃补给棋即兑：双方两子都离开棋盘（a5a11）。\n" +
				"• 失去粮，己方兵不能进入对方底线（第 10 线；黑方第 1 线）；失去草则马、失去油则车、失去弹则炮同样：在那里吃子变成兑。已在该线上的棋可留下并沿线走。\n" +
				"• 失去布，己方帅不能再回到己方底线（第 1 线）。\n" +
				"• 兑的威胁也算将军。只用坐标记谱。",
		},
		Board:          b,
		Kinds:          supplyKinds(),
		StartFEN:       SupplyStart,
		StalemateLoses: true,
		MoveLimit:      120,
		Repetition:     rules.RepetitionAsian,
		Modules:        []rules.Module{newSupplyRules(b)},
	}
}
