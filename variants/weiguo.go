package variants

import "github.com/chuhe/chuhe/rules"

// Defend-the-State xiangqi (衛國象棋), as rules/weiguo.md says: the standard board
// with 18-point palaces (十八宮, the shape Jinchan uses, see palace18), two mules
// (騾, 目 leaps) and two guards (衛, palace rooks) a side, and elephants that step
// two or three points diagonally anywhere. Pure data: no rule module.

// WeiguoStart is the start position (weiguo.md, decision D3).
const WeiguoStart = "rnbakabnr/2mg1gm2/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/2MG1GM2/RNBAKABNR w - - 0 1"

// Kind indexes of weiguo beyond the standard seven.
const (
	WeiguoMule  = Soldier + 1 + iota // 騾, M
	WeiguoGuard                      // 衛, G
)

// WeiguoBoard is the 9x10 board with 18-point palaces: "palace" is the 十八宮,
// "advisor points" its eight points of the advisors' colour, "elephant points"
// the points of the elephants' colour (they keep it: every diagonal step does).
func WeiguoBoard() *rules.Board {
	b := XiangqiBoard()
	pal := palace18(b, 4)
	var adv, eleph rules.SquareSet
	for _, sq := range pal.Squares() {
		if f, r, _ := b.Coords(sq); (f+r)%2 == 1 {
			adv.Add(sq)
		}
	}
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		if f, r, _ := b.Coords(sq); (f+r)%2 == 0 {
			eleph.Add(sq)
		}
	}
	b.Zones["palace"] = rules.Zone{pal, b.MirrorSet(pal)}
	b.Zones["advisor points"] = rules.Zone{adv, b.MirrorSet(adv)}
	b.Zones["elephant points"] = rules.Zone{eleph, b.MirrorSet(eleph)}
	both, black := pal, b.MirrorSet(pal)
	for _, sq := range black.Squares() {
		both.Add(sq)
	}
	b.Decor.Diagonals = palaceLines(b, both)
	return b
}

func weiguoKinds() []rules.Kind {
	k := XiangqiKinds()
	// The general and the advisor keep their atoms: "palace" is now the 十八宮.
	k[Elephant].Atoms = rules.Join(rules.DiagonalLeaps(2, rules.MoveOrCapture), rules.DiagonalLeaps(3, rules.MoveOrCapture))
	k[Elephant].Mating = true // it crosses the river (weiguo.md, End of game)
	k[Elephant].Value = 3
	return append(k,
		rules.Kind{Letter: 'M', Name: "mule", BlockWord: "leg", Glyph: [2]string{"騾", "騾"}, Simple: [2]string{"骡", "骡"},
			Value: 4, Mating: true, Max: 2, Atoms: rules.LameLeaps(1, 3, 1, rules.MoveOrCapture)},
		rules.Kind{Letter: 'G', Name: "guard", Glyph: [2]string{"衛", "衛"}, Simple: [2]string{"卫", "卫"},
			Value: 2, Max: 2, StandZone: "palace", Atoms: rules.InZone("palace", rules.Rides(rules.Dirs4, rules.MoveOrCapture, 0))},
	)
}

// Weiguo is Defend-the-State xiangqi (衛國象棋).
func Weiguo() *rules.Variant {
	return &rules.Variant{
		Slug:   "weiguo",
		Name:   "Defend-the-State xiangqi",
		NameZh: "衛國象棋",
		Summary: "Xiangqi with 18-point palaces (the 3×3 palace widened to files c-g plus d3 e3 f3) where generals, " +
			"advisors and guards move; two guards (衛 G: slide straight inside the palace, d1d3) and two mules " +
			"(騾 M: 目 leap, one across and three along, leg as the horse's, c1b4) a side; elephants step two or " +
			"three points diagonally anywhere, never jumping (c0a2, c2f5). Moves in coordinates.",
		Guide: rules.Texts{
			En: "Xiangqi with bigger palaces and two new pieces a side. What is new:\n" +
				"• The palace (十八宮) is files c–g on your first three ranks plus d3 e3 f3; every cell has both diagonals. Generals step straight, advisors diagonally, anywhere inside it.\n" +
				"• Guard 衛 G (d1, f1): slides straight any distance, never leaving the palace (d1d3, d1g1).\n" +
				"• Mule 騾 M (c1, g1): a 目 leap, one across and three along; blocked by the point next to it in the long direction, like a horse's leg (c1b4, c1d4).\n" +
				"• Elephant: exactly two or three points diagonally, anywhere on the board, never jumping (c0a2; later c2f5).\n" +
				"Moves in coordinates only.",
			Hant: "象棋加大九宮，每方多兩種新棋。不同之處：\n" +
				"• 九宮擴為十八宮：己方前三線的 c–g 路，加上 d3 e3 f3；每格都有斜線。帥直走、仕斜走，都可走遍十八宮。\n" +
				"• 衛 G（d1、f1）：在宮內直走任意格，不出宮（d1d3、d1g1）。\n" +
				"• 騾 M（c1、g1）：走目，橫一直三；長邊方向緊鄰的點有子即蹩腿，同馬（c1b4、c1d4）。\n" +
				"• 相：斜走正好兩格或三格，可過河，不能越子（c0a2；之後 c2f5）。\n" +
				"只用座標記譜。",
			Hans: "象棋加大九宫，每方多两种新棋。不同之处：\n" +
				"• 九宫扩为十八宫：己方前三线的 c–g 路，加上 d3 e3 f3；每格都有斜线。帅直走、仕斜走，都可走遍十八宫。\n" +
				"• 卫 G（d1、f1）：在宫内直走任意格，不出宫（d1d3、d1g1）。\n" +
				"• 骡 M（c1、g1）：走目，横一直三；长边方向紧邻的点有子即蹩腿，同马（c1b4、c1d4）。\n" +
				"• 相：斜走正好两格或三格，可过河，不能越子（c0a2；之后 c2f5）。\n" +
				"只用坐标记谱。",
		},
		Board:          WeiguoBoard(),
		Kinds:          weiguoKinds(),
		StartFEN:       WeiguoStart,
		StalemateLoses: true,
		MoveLimit:      120,
		Repetition:     rules.RepetitionAsian,
	}
}
