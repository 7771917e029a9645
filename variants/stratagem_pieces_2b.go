package variants

import "github.com/chuhe/chuhe/rules"

// stratagemPiecesPart2b are the pieces of the series' second part built in
// this file's family: 23 遠, 24 虢, 25 柱, 26 指, 29 樹, 30 主, 31 美, 32 空,
// 33 畈, 34 苦 (stratagem-pieces-19-36.md). A piece without atoms is named but
// not built yet: its games are not offered.
func stratagemPiecesPart2b() []*stratPiece {
	rook := func() []rules.Atom { return rules.Rides(rules.Dirs4, rules.MoveOnly, 0) }
	built := []*stratPiece{
		{no: 23, code: "YA", stratagem: "遠交近攻", glyph: [2]string{"遠", "远"}, name: "far", value: 4,
			atoms: rook(),
			guide: rules.Texts{
				En: "遠 (YA, 23): slides like a chariot. It never takes what it attacks: when exactly one of its targets (the first piece " +
					"in each of the four directions) is of some kind, it may take any other enemy piece of that kind anywhere on the board " +
					"(two targets of a kind, or no other piece of it: no capture). It never takes the general and never gives check. " +
					"Example: with a horse on b7 its only horse target, b4h8 takes the horse on h8.",
				Hant: "遠（YA，23）：走法同車；不吃所攻擊的棋：四個方向的第一枚棋中某兵種的敵棋恰有一枚時，遠可飛吃對方其它同兵種的棋（全盤不限）；" +
					"同兵種被攻擊兩枚以上或對方沒有另一枚時不能吃。遠不吃將帥，也不將軍。例：b4h8。",
				Hans: "远（YA，23）：走法同车；不吃所攻击的棋：四个方向的第一枚棋中某兵种的敌棋恰有一枚时，远可飞吃对方其它同兵种的棋（全盘不限）；" +
					"同兵种被攻击两枚以上或对方没有另一枚时不能吃。远不吃将帅，也不将军。例：b4h8。",
			}},
		{no: 24, code: "GO", stratagem: "假道伐虢", glyph: [2]string{"虢", "虢"}, name: "guo", value: 5,
			atoms: rook(),
			guide: rules.Texts{
				En: "虢 (GO, 24): slides like a chariot. It captures along a rank or file over screens: over exactly one enemy piece (not the " +
					"general), taking the screen too, or over exactly two of your own pieces, taking only the target. Example: b2b8 over an " +
					"enemy soldier on b5 takes both b5 and b8.",
				Hant: "虢（GO，24）：走法同車；吃法：以一枚敵棋（將帥除外）作架隔子打吃，連架一起吃掉；或以兩枚己方棋作架打吃，只吃目標。架不能雙方混合。例：b2b8。",
				Hans: "虢（GO，24）：走法同车；吃法：以一枚敌棋（将帅除外）作架隔子打吃，连架一起吃掉；或以两枚己方棋作架打吃，只吃目标。架不能双方混合。例：b2b8。",
			}},
	}
	for _, sp := range built {
		sp := sp
		switch sp.no {
		case 23:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&far{stratMod{sp: sp, letter: letter}}} }
		case 24:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&guo{stratMod{sp: sp, letter: letter}}} }
		}
	}
	return append(built, namedOnly([]stratName{
		{25, "ZU", "偷梁換柱", "柱", "柱"},
		{26, "ZI", "指桑罵槐", "指", "指"}, {29, "SU", "樹上開花", "樹", "树"}, {30, "ZH", "反客為主", "主", "主"},
		{31, "ME", "美人計", "美", "美"}, {32, "KO", "空城計", "空", "空"}, {33, "FA", "反間計", "畈", "畈"},
		{34, "KU", "苦肉計", "苦", "苦"},
	})...)
}
