package variants

import "github.com/chuhe/chuhe/rules"

// stratagemPiecesPart2b are the pieces of the series' second part built in
// this file's family: 23 遠, 24 虢, 25 柱, 26 指, 29 樹, 30 主, 31 美, 32 空,
// 33 畈, 34 苦 (stratagem-pieces-19-36.md), all built; each has one module in
// its own file, variants/stratagem_2b_*.go.
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
		{no: 25, code: "ZU", stratagem: "偷梁換柱", glyph: [2]string{"柱", "柱"}, name: "pillar", value: 3,
			atoms: rook(),
			guide: rules.Texts{
				En: "柱 (ZU, 25): moves like a cannon (a slide, or a jump over one piece to an empty point) but never captures. It may drag " +
					"one chariot, horse or cannon of either side along (the first piece on one of its lines, or the second across one piece): " +
					"that piece moves first by the same displacement and the same kind of move, then the 柱; write both, like c2e2+c5e5. " +
					"The dragged piece may not move, and gives no check, for the next two plies.",
				Hant: "柱（ZU，25）：走法同炮的走法加吃法（直走或隔一子走過去），不能吃子；可聯動雙方一枚車、馬或炮（直線上第一枚，或隔一子的第二枚）：" +
					"該棋先以同方向、同步數、同走法移動，柱隨後移動，記作 c2e2+c5e5。被聯動的棋隨後兩步內不能走動，也不將軍。",
				Hans: "柱（ZU，25）：走法同炮的走法加吃法（直走或隔一子走过去），不能吃子；可联动双方一枚车、马或炮（直线上第一枚，或隔一子的第二枚）：" +
					"该棋先以同方向、同步数、同走法移动，柱随后移动，记作 c2e2+c5e5。被联动的棋随后两步内不能走动，也不将军。",
			}},
		{no: 26, code: "ZI", stratagem: "指桑罵槐", glyph: [2]string{"指", "指"}, name: "pointer", value: 4,
			atoms: rook(),
			guide: rules.Texts{
				En: "指 (ZI, 26): slides like a chariot; it captures like a chariot only when exactly two enemy pieces are its targets " +
					"(the first piece in each direction; the general counts), and then takes either. Example: with a rook on b7 and a horse " +
					"on g4 as its only targets, b4g4.",
				Hant: "指（ZI，26）：走法同車；四個方向第一枚棋中恰有兩枚敵棋（將帥也算）時，才能像車一樣吃其中一枚。例：b4g4。",
				Hans: "指（ZI，26）：走法同车；四个方向第一枚棋中恰有两枚敌棋（将帅也算）时，才能像车一样吃其中一枚。例：b4g4。",
			}},
		{no: 29, code: "SU", stratagem: "樹上開花", glyph: [2]string{"樹", "树"}, name: "tree", value: 4,
			atoms: []rules.Atom{}, // every move is the module's
			guide: rules.Texts{
				En: "樹 (SU, 29): moves and captures like a chariot, but it never stops on file e, a vertical move must pass over a river " +
					"line (rank 4 or 5 strictly between start and end), and a sideways move must pass over file e. Example: c1c5 or c1f1.",
				Hant: "樹（SU，29）：走法吃法同車，但不能停在中線（e 線）；縱向每步至少跨過一條河界線（第 4 或第 5 線在起點與終點之間），橫向每步須跨過中線。例：c1c5、c1f1。",
				Hans: "树（SU，29）：走法吃法同车，但不能停在中线（e 线）；纵向每步至少跨过一条河界线（第 4 或第 5 线在起点与终点之间），横向每步须跨过中线。例：c1c5、c1f1。",
			}},
		{no: 30, code: "ZH", stratagem: "反客為主", glyph: [2]string{"主", "主"}, name: "host", value: 3,
			atoms: rook(),
			guide: rules.Texts{
				En: "主 (ZH, 30): slides like a chariot and never captures. When the enemy captures your 主, your very next move may move " +
					"one enemy piece (not the general) by its own rules, without capturing, written as an ordinary move (h9g7); the " +
					"enemy may not move that piece on its next move.",
				Hant: "主（ZH，30）：走法同車，不能吃子。對方吃掉你的主後，你隨即一步可按對方棋子本身的走法走對方一枚棋（將帥除外），不能吃子，記作普通著法（如 h9g7）；對方下一步不能走這枚棋。",
				Hans: "主（ZH，30）：走法同车，不能吃子。对方吃掉你的主后，你随即一步可按对方棋子本身的走法走对方一枚棋（将帅除外），不能吃子，记作普通着法（如 h9g7）；对方下一步不能走这枚棋。",
			}},
		{no: 31, code: "ME", stratagem: "美人計", glyph: [2]string{"美", "美"}, name: "beauty", value: 2,
			atoms: rules.Steps(rules.Dirs4, rules.MoveOnly),
			guide: rules.Texts{
				En: "美 (ME, 31): steps one point orthogonally anywhere, never capturing. While it stands in the enemy's half, the enemy " +
					"general may move only sideways. When your 美 is taken, your next turn is a double move: a first move (if it gives " +
					"check, that is all), then a move of another piece standing in your own half, or pass. Example: a6a7, then b0c2.",
				Hant: "美（ME，31）：橫豎走一格，全盤不限，不能吃子；美過河時，對方將帥只能橫走。美被吃後，己方下一輪可連走兩步：先走任一步（若將軍則到此為止），再走另一枚位於本方半場的棋，或 pass。例：a6a7，再 b0c2。",
				Hans: "美（ME，31）：横竖走一格，全盘不限，不能吃子；美过河时，对方将帅只能横走。美被吃后，己方下一轮可连走两步：先走任一步（若将军则到此为止），再走另一枚位于本方半场的棋，或 pass。例：a6a7，再 b0c2。",
			}},
		{no: 33, code: "FA", stratagem: "反間計", glyph: [2]string{"畈", "畈"}, name: "spy", value: 2,
			atoms: rules.Steps(rules.Dirs4, rules.MoveOnly),
			guide: rules.Texts{
				En: "畈 (FA, 33): steps one point orthogonally anywhere, never capturing. While it stands in the enemy's half, enemy pieces " +
					"in their own half may not cross into yours, and enemy pieces in your half may not move forward (sideways and back, " +
					"even home over the river, stay allowed; they give no forward check). Example: e4e5.",
				Hant: "畈（FA，33）：橫豎走一格，全盤不限，不能吃子。畈過河後，對方本界的棋不能過河，已過河的對方棋不能前進（只能橫走或後退，可退回本界；向前將軍無效）。例：e4e5。",
				Hans: "畈（FA，33）：横竖走一格，全盘不限，不能吃子。畈过河后，对方本界的棋不能过河，已过河的对方棋不能前进（只能横走或后退，可退回本界；向前将军无效）。例：e4e5。",
			}},
		{no: 32, code: "KO", stratagem: "空城計", glyph: [2]string{"空", "空"}, name: "empty city", value: 3,
			atoms: rook(),
			guide: rules.Texts{
				En: "空 (KO, 32): slides like a chariot and never captures. Once: after any move of yours, if your 空 is on the board, you have " +
					"no advisor and no elephant, your general is your only piece in your own half and an enemy piece stands there, every " +
					"enemy piece in your half is removed, and your 空 too. Example: a2a7 clears your half.",
				Hant: "空（KO，32）：走法同車，不能吃子。己方走棋後，若空仍在、士象皆無、本界內己方只剩老將且有敵棋，則本界內所有敵棋全部拿下，空也一併拿下（只能用一次）。例：a2a7。",
				Hans: "空（KO，32）：走法同车，不能吃子。己方走棋后，若空仍在、士象皆无、本界内己方只剩老将且有敌棋，则本界内所有敌棋全部拿下，空也一并拿下（只能用一次）。例：a2a7。",
			}},
		{no: 34, code: "KU", stratagem: "苦肉計", glyph: [2]string{"苦", "苦"}, name: "sacrifice", value: 3,
			atoms: rook(),
			guide: rules.Texts{
				En: "苦 (KU, 34): slides like a chariot and never takes an enemy piece. When your general is in check from exactly one piece, " +
					"the 苦 may take one of your own pieces along a line (a2a3). Then the checking piece's next move is forced: after a " +
					"soldier, advisor, elephant or added piece it must move so that your general is in check from nothing (not taking it); " +
					"after a chariot, horse or cannon it goes straight back to an empty start point of its kind (d2b9).",
				Hant: "苦（KU，34）：走法同車，不吃敵棋。己方老將只被一枚敵棋將軍時，苦可沿直線吃己方一枚棋（將帥除外），如 a2a3；對方下一步被迫：吃的是兵、士、象或新增棋時，將軍的棋須走開，解除將軍（不能吃將）；吃的是車、馬、炮時，將軍的棋須直接退回同兵種本方的空初始位置（如 d2b9）。",
				Hans: "苦（KU，34）：走法同车，不吃敌棋。己方老将只被一枚敌棋将军时，苦可沿直线吃己方一枚棋（将帅除外），如 a2a3；对方下一步被迫：吃的是兵、士、象或新增棋时，将军的棋须走开，解除将军（不能吃将）；吃的是车、马、炮时，将军的棋须直接退回同兵种本方的空初始位置（如 d2b9）。",
			}},
	}
	for _, sp := range built {
		sp := sp
		switch sp.no {
		case 23:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&far{stratMod{sp: sp, letter: letter}}} }
		case 24:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&guo{stratMod{sp: sp, letter: letter}}} }
		case 25:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&pillar{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		case 26:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&pointer{stratMod{sp: sp, letter: letter}}} }
		case 29:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&tree{stratMod{sp: sp, letter: letter}}} }
		case 31:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&beauty{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		case 33:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&spy{stratMod{sp: sp, letter: letter}}} }
		case 32:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&emptyCity{stratMod{sp: sp, letter: letter}}} }
		case 34:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&sacrifice{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		case 30:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&host{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		}
	}
	return built
}
