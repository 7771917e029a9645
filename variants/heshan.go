package variants

import (
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// River-and-mountain xiangqi (河山象棋, rules/heshan.md): xiangqi on the shared
// mountain board (MountainBoard, MountainKinds, MountainStart: cannons on the
// mountain, elephants' free flying points a3 k3) with the check-relief flag
// ring of house rule 3 (flagRule, FlagRing). It is a composition: the
// mountain-border option applied to xiangqi, then the flag module, under its
// own slug and guide. The optional rule set heshan-palace is not offered (see
// docs/variants/heshan.md).

// HeshanStart is the start position: the mountain start with both flags on
// their start cells.
const HeshanStart = MountainStart + " flags=0,21"

// Heshan is River-and-mountain xiangqi.
func Heshan() *rules.Variant {
	base, err := mountainBorder().Apply(Xiangqi(), nil)
	if err != nil {
		panic(fmt.Errorf("heshan: %w", err))
	}
	v, err := rules.Derive(base, rules.Delta{
		Slug:   "heshan",
		Name:   "River-and-mountain xiangqi",
		NameZh: "河山象棋",
		Summary: "Xiangqi on the mountain board (11 files, a3-a6 one step; cannons start on the mountain, elephants " +
			"also reach a3 k3) with a check-relief flag per side on a 42-cell ring: in check you may step your flag " +
			"along with the answer (F+f0e0); with the enemy flag right behind yours you may step two (FF); a flag " +
			"landing on the enemy flag wins. Moves in coordinates.",
		Guide:   heshanGuide,
		Modules: []rules.Module{newFlagRule()},
	})
	if err != nil {
		panic(fmt.Errorf("heshan: %w", err))
	}
	v.StartFEN = HeshanStart
	return v
}

var heshanGuide = rules.Texts{
	En: "Xiangqi on the mountain board: 11 files, the general starts on f0, the outer files a and k are mountains with no points on ranks 4–5, and a3–a6 is one step (the mountain pass). What is new:\n" +
		"• The cannons start on the mountain (a2 k2, a7 k7) and slide through the pass (a2a6).\n" +
		"• An elephant also flies to a3 (k3) from d0 or b2 (h0 or j2), never blocked on the way (d0a3), and only back the same way.\n" +
		"• A ring of 42 cells runs around the board with one flag per side (Red on cell 0, Black on 21; FEN flags=0,21). In check, you may step your flag one cell counter-clockwise together with the move that answers the check: F+f0e0.\n" +
		"• Not in check, with the enemy flag right behind yours, you may spend the turn stepping your flag two cells: FF.\n" +
		"• A flag landing on the enemy flag captures it and wins. Perpetual check is allowed (the checked side's flag runs); a threefold repetition is a draw.\n" +
		"Moves are written in coordinates.",
	Hant: "在山界棋盤上下的象棋：11 路，帥在 f0，兩側 a、k 兩路是山，第 4、5 線沒有點，a3–a6 一步相通（山口）。不同之處：\n" +
		"• 炮開局在山上（a2 k2、a7 k7），可穿過山口（a2a6）。\n" +
		"• 相另有兩個自由飛點 a3（k3）：從 d0 或 b2（h0 或 j2）飛到，途經的點不塞眼（d0a3），只能原路飛回。\n" +
		"• 棋盤外圍有 42 格的解將旗道，雙方各一面旗（紅旗第 0 格，黑旗第 21 格；FEN flags=0,21）。被將軍時，可在應將的同一步把旗逆時針前進一格：F+f0e0。\n" +
		"• 未被將軍且敵旗緊跟在己旗後面時，可用整步把旗前進兩格：FF。\n" +
		"• 旗落在敵旗上即吃旗獲勝。不禁長將（被將方的旗會被追著走），三次重複局面為和棋。\n" +
		"著法用座標書寫。",
	Hans: "在山界棋盘上下的象棋：11 路，帅在 f0，两侧 a、k 两路是山，第 4、5 线没有点，a3–a6 一步相通（山口）。不同之处：\n" +
		"• 炮开局在山上（a2 k2、a7 k7），可穿过山口（a2a6）。\n" +
		"• 相另有两个自由飞点 a3（k3）：从 d0 或 b2（h0 或 j2）飞到，途经的点不塞眼（d0a3），只能原路飞回。\n" +
		"• 棋盘外围有 42 格的解将旗道，双方各一面旗（红旗第 0 格，黑旗第 21 格；FEN flags=0,21）。被将军时，可在应将的同一步把旗逆时针前进一格：F+f0e0。\n" +
		"• 未被将军且敌旗紧跟在己旗后面时，可用整步把旗前进两格：FF。\n" +
		"• 旗落在敌旗上即吃旗获胜。不禁长将（被将方的旗会被追着走），三次重复局面为和棋。\n" +
		"着法用坐标书写。",
}
