package variants

import "github.com/chuhe/chuhe/rules"

// stratagemPiecesPart2a are the pieces of the series' second part built in
// this file's family: 19 釜, 20 混, 21 殼, 22 關, 27 假, 28 上, 35 連, 36 走
// (stratagem-pieces-19-36.md). Each built piece has its module in a file
// stratagem_2a_*.go; a piece still without atoms is named only.
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
	}
	for _, sp := range built {
		sp := sp
		switch sp.no {
		case 19:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&cauldron{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		}
	}
	return append(built, namedOnly([]stratName{
		{20, "HU", "混水摸魚", "混", "混"}, {21, "QO", "金蟬脫殼", "殼", "壳"},
		{22, "GU", "關門捉賊", "關", "关"}, {27, "JA", "假癡不癲", "假", "假"}, {28, "SA", "上屋抽梯", "上", "上"},
		{35, "LA", "連環計", "連", "连"}, {36, "ZO", "走為上", "走", "走"},
	})...)
}
