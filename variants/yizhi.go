package variants

import "github.com/chuhe/chuhe/rules"

// Yi-zhi xiangqi (役志象棋, 第二類象棋), as rules/yizhi.md says: the standard
// board with 11-point palaces (Palace11Board, shared with shenniu) and a whole
// army of its own: 領 leader, 左/右 guards, 象, 騾 mules, 輿 carriages, 槍 spears,
// 役 conscripts. Pure data: every rule is an atom.

// YizhiStart is the start position (yizhi.md, decision D2): Black's 左 stands on
// Black's own left, f9.
const YizhiStart = "ymbukzbmy/9/1q5q1/i1i1i1i1i/9/9/I1I1I1I1I/1Q5Q1/9/YMBZKUBMY w - - 0 1"

// yizhiKinds are yizhi's eight kinds, the leader first.
func yizhiKinds() []rules.Kind {
	facing := []rules.Atom{
		{Kind: rules.Ride, DF: 0, DR: 1, Mode: rules.AttackOnly, RoyalTarget: true},
		{Kind: rules.Ride, DF: 0, DR: -1, Mode: rules.AttackOnly, RoyalTarget: true},
	}
	// guard is 左 (side -1: towards its owner's left) or 右 (+1): the palace
	// diagonals that are drawn, and one point sideways along the rank line.
	guard := func(side int) []rules.Atom {
		return rules.Join(palaceLineSteps("palace line", rules.Diag4, rules.MoveOrCapture),
			rules.InZone("palace", rules.Steps([][2]int{{side, 0}}, rules.MoveOrCapture)))
	}
	elephant := XiangqiKinds()[Elephant]
	elephant.WXF = 0
	elephant.Glyph, elephant.Simple = [2]string{"象", "象"}, [2]string{"象", "象"}
	return []rules.Kind{
		{Letter: 'K', Name: "leader", Glyph: [2]string{"領", "領"}, Simple: [2]string{"领", "领"}, Royal: true,
			Max: 1, StandZone: "palace",
			Atoms: rules.Join(rules.InZone("palace", rules.Steps(rules.Dirs4, rules.MoveOrCapture)), facing)},
		{Letter: 'Z', Name: "left guard", Glyph: [2]string{"左", "左"}, Simple: [2]string{"左", "左"}, Value: 2,
			Max: 1, StandZone: "palace", Atoms: guard(-1)},
		{Letter: 'U', Name: "right guard", Glyph: [2]string{"右", "右"}, Simple: [2]string{"右", "右"}, Value: 2,
			Max: 1, StandZone: "palace", Atoms: guard(1)},
		elephant,
		{Letter: 'M', Name: "mule", Glyph: [2]string{"騾", "騾"}, Simple: [2]string{"骡", "骡"}, Value: 3, Mating: true, Max: 2,
			Atoms: rules.Join(rules.LameLeaps(1, 3, 0, rules.MoveOrCapture), rules.Steps([][2]int{{0, -1}}, rules.MoveOnly))},
		{Letter: 'Y', Name: "carriage", Glyph: [2]string{"輿", "輿"}, Simple: [2]string{"舆", "舆"}, Value: 5, Mating: true, Max: 2,
			Atoms: carriageAtoms()},
		{Letter: 'Q', Name: "spear", Glyph: [2]string{"槍", "槍"}, Simple: [2]string{"枪", "枪"}, Value: 4, Mating: true, Max: 2,
			Atoms: spearAtoms()},
		{Letter: 'I', Name: "conscript", Glyph: [2]string{"役", "役"}, Simple: [2]string{"役", "役"}, Value: 1, Mating: true, Max: 5,
			Atoms: rules.Join(
				rules.Steps([][2]int{{1, 1}, {-1, 1}}, rules.MoveOrCapture),
				rules.FromZone("crossed", rules.Steps([][2]int{{0, 1}}, rules.MoveOrCapture)),
				rules.FromZone("river banks", rules.Steps([][2]int{{1, 0}, {-1, 0}}, rules.MoveOrCapture)),
				palaceLineSteps("enemy palace line", [][2]int{{1, -1}, {-1, -1}}, rules.MoveOrCapture))},
	}
}

// yizhiBoard is Palace11Board with the river banks (ranks 4 and 5, where a 役
// also steps sideways: yizhi.md D3) as the zone "river banks" of both sides.
func yizhiBoard() *rules.Board {
	b := Palace11Board()
	bank := b.RankRange(4, 5)
	b.Zones["river banks"] = rules.Zone{bank, bank}
	b.ZoneTexts["river banks"] = rules.Texts{En: "on a river bank (rank 4 or 5)", Hant: "在河界線（第 4、5 線）上", Hans: "在河界线（第 4、5 线）上"}
	return b
}

// Yizhi is Yi-zhi xiangqi (役志象棋).
func Yizhi() *rules.Variant {
	return &rules.Variant{
		Slug:   "yizhi",
		Name:   "Yi-zhi xiangqi",
		NameZh: "役志象棋",
		Summary: "Second-class xiangqi: 11-point palaces (c1 and g1 added, with diagonals d2-c1-d0) and an army of its " +
			"own: 領 leader, 左/右 guards that step along the palace diagonals and one point to their own side, " +
			"象 elephants, 騾 mules (1-3 leap, a non-capturing step back), 輿 carriages (1-2 points any way), 槍 spears " +
			"(capture over one piece at 2-3 points) and 役 conscripts (diagonally forward). Moves in coordinates.",
		Guide:          yizhiGuide,
		Board:          yizhiBoard(),
		Kinds:          yizhiKinds(),
		StartFEN:       YizhiStart,
		StalemateLoses: true,
		MoveLimit:      120,
		Repetition:     rules.RepetitionAsian,
	}
}

var yizhiGuide = rules.Texts{
	En: "Second-class xiangqi on the standard board. Each palace has 11 points: the 3×3 palace plus c1 and g1 (c8, g8), with new diagonals d2–c1–d0 and f2–g1–f0. Checkmate the enemy 領 to win. The pieces:\n" +
		"• 領 K (leader, e0): one point straight inside the palace; the two leaders may not face each other on an open file.\n" +
		"• 左 Z (d0) and 右 U (f0): one point along a drawn palace diagonal (e1f2, c1d0), or one point sideways to their owner's left (左, e1d1) or right (右, e1f1); never out of the palace.\n" +
		"• 象 B: the elephant, two points diagonally on your own half, blocked by a piece on the eye.\n" +
		"• 騾 M: leaps one point one way and three the other (e4f7), never blocked; also one point straight back without capturing (e4e3).\n" +
		"• 輿 Y: one or two points in any of 8 directions, the middle point empty (a0a2, a0c2); a one-point diagonal step never captures.\n" +
		"• 槍 Q: moves one to three points in any of 8 directions over empty points; captures only two or three points away with exactly one piece (either colour) in between (d2d5 over d3).\n" +
		"• 役 I: one point diagonally forward (c3d4); across the river also one point forward; on either river bank (ranks 4, 5) also one point sideways; in the enemy palace also one point back along a drawn diagonal (e8d7). Never straight back.\n" +
		"Moves are written in coordinates.",
	Hant: "第二類象棋，用標準棋盤。九宮擴為十一宮：3×3 的九宮加上 c1、g1（c8、g8），新增斜線 d2–c1–d0、f2–g1–f0。將死敵方的領即勝。棋子：\n" +
		"• 領 K（e0）：在宮內直走一點；雙方的領不能在同一直線上照面。\n" +
		"• 左 Z（d0）、右 U（f0）：沿宮內畫有的斜線走一點（e1f2、c1d0），或向己方的左邊（左，e1d1）或右邊（右，e1f1）橫走一點；不出宮。\n" +
		"• 象 B：在己方走田，塞象眼不能走。\n" +
		"• 騾 M：走目（橫一直三，e4f7），不蹩腿；另可直退一點，退時不吃子（e4e3）。\n" +
		"• 輿 Y：向八個方向走一或兩點，兩點時中間須空（a0a2、a0c2）；斜走一點不吃子。\n" +
		"• 槍 Q：向八個方向走一至三點，途中須空；吃子只能隔正好一子（任一方）吃兩或三點外的棋（d2d5 隔 d3）。\n" +
		"• 役 I：斜進一點（c3d4）；過河後也可直進一點；在河界線（第 4、5 線）上也可橫走一點；在敵方宮內也可沿斜線退一點（e8d7）。不能直退。\n" +
		"著法用座標書寫。",
	Hans: "第二类象棋，用标准棋盘。九宫扩为十一宫：3×3 的九宫加上 c1、g1（c8、g8），新增斜线 d2–c1–d0、f2–g1–f0。将死敌方的领即胜。棋子：\n" +
		"• 领 K（e0）：在宫内直走一点；双方的领不能在同一直线上照面。\n" +
		"• 左 Z（d0）、右 U（f0）：沿宫内画有的斜线走一点（e1f2、c1d0），或向己方的左边（左，e1d1）或右边（右，e1f1）横走一点；不出宫。\n" +
		"• 象 B：在己方走田，塞象眼不能走。\n" +
		"• 骡 M：走目（横一直三，e4f7），不蹩腿；另可直退一点，退时不吃子（e4e3）。\n" +
		"• 舆 Y：向八个方向走一或两点，两点时中间须空（a0a2、a0c2）；斜走一点不吃子。\n" +
		"• 枪 Q：向八个方向走一至三点，途中须空；吃子只能隔正好一子（任一方）吃两或三点外的棋（d2d5 隔 d3）。\n" +
		"• 役 I：斜进一点（c3d4）；过河后也可直进一点；在河界线（第 4、5 线）上也可横走一点；在敌方宫内也可沿斜线退一点（e8d7）。不能直退。\n" +
		"着法用坐标书写。",
}
