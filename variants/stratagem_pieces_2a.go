package variants

import "github.com/chuhe/chuhe/rules"

// stratagemPiecesPart2a are the pieces of the series' second part built in
// this file's family: 19 釜, 20 混, 21 殼, 22 關, 27 假, 28 上, 35 連, 36 走
// (stratagem-pieces-19-36.md). Each piece has its module in a file
// stratagem_2a_*.go.
func stratagemPiecesPart2a() []*stratPiece {
	built := []*stratPiece{
		{no: 19, code: "FU", stratagem: "釜底抽薪", glyph: [2]string{"釜", "釜"}, name: "cauldron", value: 4,
			atoms: rules.Rides(rules.Dirs4, rules.MoveOnly, 0),
			guide: rules.Texts{
				En: "釜 (FU, 19): slides like a chariot without capturing, and only while another piece stands orthogonally next to it. " +
					"On your palace centre (e1/e8) it freezes every enemy piece in your half but soldiers; on the enemy's palace centre it freezes " +
					"every enemy piece in their own half but soldiers, the general too. Frozen pieces still give check. While an enemy 釜 sits on its " +
					"own centre you may turn your general face-down (e0e0): none of your pieces is frozen by it then, but the general cannot move; " +
					"the same move turns it face-up. Example: c1e1.",
				Hant: "釜（FU，19）：走法同車，不能吃子；須有棋（任何一方）橫豎緊鄰才能走。釜在己方九宮中心（e1/e8）時，凍結己方半場內除兵卒外的所有敵棋；" +
					"在敵方九宮中心時，凍結敵方半場內除兵卒外的所有敵棋（包括將帥）。被凍結的棋仍可將軍。敵釜在其九宮中心時，可用一步把己方將帥翻成背面（如 e0e0）：" +
					"己方棋不再被凍結，但將帥不能走；再走一次 e0e0 翻回。例：c1e1。",
				Hans: "釜（FU，19）：走法同车，不能吃子；须有棋（任何一方）横竖紧邻才能走。釜在己方九宫中心（e1/e8）时，冻结己方半场内除兵卒外的所有敌棋；" +
					"在敌方九宫中心时，冻结敌方半场内除兵卒外的所有敌棋（包括将帅）。被冻结的棋仍可将军。敌釜在其九宫中心时，可用一步把己方将帅翻成背面（如 e0e0）：" +
					"己方棋不再被冻结，但将帅不能走；再走一次 e0e0 翻回。例：c1e1。",
			}},
		{no: 35, code: "LA", stratagem: "連環計", glyph: [2]string{"連", "连"}, name: "chain", value: 3,
			atoms: rules.Steps(king8, rules.MoveOnly),
			guide: rules.Texts{
				En: "連 (LA, 35): steps one point in any of 8 directions to an empty point, never capturing so. Or it jumps, checkers-style: " +
					"over a piece of either colour next to it (8 directions) to the empty point beyond, again and again, never over the same piece twice; " +
					"write every landing point (c4e4c6c4). A chain that ends where it started takes every enemy piece it jumped; any other takes the " +
					"last jumped piece if it is an enemy. Example: g1g3 over g2.",
				Hant: "連（LA，35）：橫豎斜走一格到空點，不能這樣吃子；或像跳棋一樣連跳：越過緊鄰（八方向）的任何一方棋，落在其後的空點，可連續跳，" +
					"同一枚棋不能跳兩次；寫出每個落點（如 c4e4c6c4）。最後跳回原位，則吃掉跳過的所有敵棋；否則只吃最後跳過的那枚敵棋。例：g1g3。",
				Hans: "连（LA，35）：横竖斜走一格到空点，不能这样吃子；或像跳棋一样连跳：越过紧邻（八方向）的任何一方棋，落在其后的空点，可连续跳，" +
					"同一枚棋不能跳两次；写出每个落点（如 c4e4c6c4）。最后跳回原位，则吃掉跳过的所有敌棋；否则只吃最后跳过的那枚敌棋。例：g1g3。",
			}},
		{no: 21, code: "QO", stratagem: "金蟬脫殼", glyph: [2]string{"殼", "壳"}, name: "shell", value: 3,
			atoms: rules.Steps(king8, rules.MoveOrCapture),
			guide: rules.Texts{
				En: "殼 (QO, 21): steps one point in any of 8 directions anywhere, capturing so; or jumps over one neighbouring piece (either colour) " +
					"to the empty point right beyond, never capturing, one jump a move. While your 殼 is on the board your general also steps along " +
					"the palace diagonals (capturing) and jumps over a neighbouring piece along a rank, file or palace diagonal to an empty point, " +
					"always inside the palace. Example: d0f2 (the general jumps e1).",
				Hant: "殼（QO，21）：橫豎斜走一格，全盤不限，吃法同走法；或越過緊鄰（八方向）的一枚棋跳到其後的空點，跳不能吃子，也不能連跳。" +
					"己方殼在盤上時，將帥另可沿九宮斜線走一格（可吃子），並可沿橫、豎或九宮斜線越過緊鄰的棋跳到空點，都不能出九宮。例：d0f2。",
				Hans: "壳（QO，21）：横竖斜走一格，全盘不限，吃法同走法；或越过紧邻（八方向）的一枚棋跳到其后的空点，跳不能吃子，也不能连跳。" +
					"己方壳在盘上时，将帅另可沿九宫斜线走一格（可吃子），并可沿横、竖或九宫斜线越过紧邻的棋跳到空点，都不能出九宫。例：d0f2。",
			}},
		{no: 36, code: "ZO", stratagem: "走為上", glyph: [2]string{"走", "走"}, name: "runner", value: 2,
			atoms: rules.Steps(king8, rules.MoveOnly),
			guide: rules.Texts{
				En: "走 (ZO, 36): steps one point in any of 8 directions anywhere, never capturing. While you have fewer than 2 advisors and fewer " +
					"than 2 elephants, your general may step onto its 走 inside the palace (e0e1): the stack then moves as the 走 (e1d2), anywhere, " +
					"without capturing, and can be checked. The general steps off by one orthogonal step, capturing or not: Ke2e3. Outside the palace " +
					"a general off its 走 can only step back onto it. Example: g1f2.",
				Hant: "走（ZO，36）：橫豎斜走一格，全盤不限，不能吃子。己方士、象都不全（各少於兩枚）時，將帥可在九宮內走到走上（如 e0e1），" +
					"此後整疊按走的走法移動（如 e1d2），不能吃子，仍可被將軍；將帥以橫豎一步走下（可吃子），記作 Ke2e3。" +
					"九宮外走下的將帥只能走回走上。例：g1f2。",
				Hans: "走（ZO，36）：横竖斜走一格，全盘不限，不能吃子。己方士、象都不全（各少于两枚）时，将帅可在九宫内走到走上（如 e0e1），" +
					"此后整叠按走的走法移动（如 e1d2），不能吃子，仍可被将军；将帅以横竖一步走下（可吃子），记作 Ke2e3。" +
					"九宫外走下的将帅只能走回走上。例：g1f2。",
			}},
		{no: 22, code: "GU", stratagem: "關門捉賊", glyph: [2]string{"關", "关"}, name: "door", value: 2,
			atoms: trapAtoms("own"),
			guide: rules.Texts{
				En: "關 (GU, 22): steps one point orthogonally, never leaving your half; it captures only the enemy piece right behind it " +
					"(one step towards your back rank). While it stands, an enemy piece in your half may not go back to its own half (it may move " +
					"within your half, or take the 關). Example: c1b1.",
				Hant: "關（GU，22）：橫豎走一格，不能過河；只能吃身後緊鄰的敵棋（向己方底線一步）。關在盤上時，在己方半場的敵棋不能走回其本方半場" +
					"（可在己方半場內走動，或吃關）。例：c1b1。",
				Hans: "关（GU，22）：横竖走一格，不能过河；只能吃身后紧邻的敌棋（向己方底线一步）。关在盘上时，在己方半场的敌棋不能走回其本方半场" +
					"（可在己方半场内走动，或吃关）。例：c1b1。",
			}},
		{no: 28, code: "SA", stratagem: "上屋抽梯", glyph: [2]string{"上", "上"}, name: "ladder", value: 2,
			atoms: trapAtoms(backRanks),
			guide: rules.Texts{
				En: "上 (SA, 28): steps one point orthogonally on your three back ranks (0–2 for Red, 7–9 for Black), on any file; it captures " +
					"only the enemy piece right behind it. While it stands, an enemy piece in your palace may not leave the palace (it may move " +
					"within it, or take the 上). Example: g1f1.",
				Hant: "上（SA，28）：橫豎走一格，只在己方底三線（紅 0–2，黑 7–9），各路皆可；只能吃身後緊鄰的敵棋。上在盤上時，在己方九宮內的敵棋" +
					"不能走出九宮（可在九宮內走動，或吃上）。例：g1f1。",
				Hans: "上（SA，28）：横竖走一格，只在己方底三线（红 0–2，黑 7–9），各路皆可；只能吃身后紧邻的敌棋。上在盘上时，在己方九宫内的敌棋" +
					"不能走出九宫（可在九宫内走动，或吃上）。例：g1f1。",
			}},
		{no: 20, code: "HU", stratagem: "混水摸魚", glyph: [2]string{"混", "混"}, name: "muddler", value: 3,
			atoms: rules.Steps(rules.Diag4, rules.MoveOnly),
			guide: rules.Texts{
				En: "混 (HU, 20): slides diagonally within a half and crosses the river only by a lone single diagonal step; it moves onto empty " +
					"points. Enemy pieces diagonally next to it are disturbed: they move but never capture, so they give no check. When two or more " +
					"enemy pieces are disturbed by it at the start of your move, the 混 may take one of them by one diagonal step. Example: g1e3.",
				Hant: "混（HU，20）：斜走不限步數，不能過半場（過河須單獨斜走一步），不吃子時只走空點。與混斜向相鄰的敵棋被混擾：可走但不能吃子，也不能將軍。" +
					"輪到己方時若有兩枚以上敵棋被同一混擾，混可斜走一步吃其中一枚。例：g1e3。",
				Hans: "混（HU，20）：斜走不限步数，不能过半场（过河须单独斜走一步），不吃子时只走空点。与混斜向相邻的敌棋被混扰：可走但不能吃子，也不能将军。" +
					"轮到己方时若有两枚以上敌棋被同一混扰，混可斜走一步吃其中一枚。例：g1e3。",
			}},
		{no: 27, code: "JA", stratagem: "假癡不癲", glyph: [2]string{"假", "假"}, name: "feigner", value: 2,
			atoms: rules.Steps(rules.Dirs4, rules.MoveOnly),
			guide: rules.Texts{
				En: "假 (JA, 27): steps one point orthogonally to an empty point, anywhere; it never captures an enemy piece. As a move it may jump " +
					"onto any of your pieces but the general (c1h0): that piece goes into your reserve. As a move you may put a piece of your reserve " +
					"back on an empty start point of its kind: N*b0, P*e3, or an added piece by its code, HU*g1. The reserve is public and stays " +
					"after the 假 is lost. Example: c1h0, then N*h0.",
				Hant: "假（JA，27）：橫豎走一格到空點，全盤不限，不能吃敵棋。可用一步把假直接放到己方任一棋（將帥除外）的位置，把該棋收入己方備用（如 c1h0）；" +
					"也可用一步把備用的棋放回該兵種的空初始位（如 N*b0、P*e3，加入的棋用代號，如 HU*g1）。備用公開，假被吃後仍可用。例：c1h0，再 N*h0。",
				Hans: "假（JA，27）：横竖走一格到空点，全盘不限，不能吃敌棋。可用一步把假直接放到己方任一棋（将帅除外）的位置，把该棋收入己方备用（如 c1h0）；" +
					"也可用一步把备用的棋放回该兵种的空初始位（如 N*b0、P*e3，加入的棋用代号，如 HU*g1）。备用公开，假被吃后仍可用。例：c1h0，再 N*h0。",
			}},
	}
	for _, sp := range built {
		sp := sp
		switch sp.no {
		case 19:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&cauldron{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		case 35:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&chainer{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		case 21:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&shell{stratMod{sp: sp, letter: letter}}} }
		case 36:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&runner{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		case 22:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{newDoor(sp, letter)} }
		case 28:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{newLadder(sp, letter)} }
		case 20:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&muddler{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		case 27:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&feigner{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		}
	}
	return built
}
