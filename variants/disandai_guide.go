package variants

import "github.com/chuhe/chuhe/rules"

// disandaiGuide is disandai's /rules text; its example moves are checked by
// TestDisandaiGuideMoves.
var disandaiGuide = rules.Texts{
	En: "Xiangqi where every disc has a secret back, chosen privately before the game: /setup RNBAC K=d0 T=c0 Z=a0 Q=b0 U=b2 (the soldiers' backs from file a to i, then the advisor whose back is your general, the elephant with 駝, the chariot with 助, the horse with 妃, the cannon with 拋; the others have 臣, 騾, 輔, 驫, 石).\n" +
		"• A soldier on the enemy base line may flip (a9!): on its back's point (車 a9 i9, 馬 b9 h9, 相 c9 g9, 仕 d9 f9, 炮 e9) it becomes 俥 傌 砲 丞 衛 and moves as that kind (丞 only across the river, 衛 only in the enemy palace); elsewhere it shows its back (反) and your next move must flip it back (b9!).\n" +
		"• In check, once a run of checks: the general and an advisor swap (@d0); if that advisor's back is the 臣 you lose.\n" +
		"• The last advisor (臣: one step diagonally anywhere, never captures, taken only while two enemies can take it, wins on e9), elephant (駝 (2,3) leap, 騾 (1,3) leap), chariot (助 diagonal 1–2, 輔 sideways chariot, vertical cannon), horse (妃 knight move, captures by jumping a piece; 驫 moves by the kind you moved last) or cannon (拋 captures diagonally over a screen, 石 over exactly one empty point) may flip to its back (c0!).",
	Hant: "每枚棋子背面有秘密的兵種，開局前私下選定：/setup RNBAC K=d0 T=c0 Z=a0 Q=b0 U=b2（兵的背面由 a 路至 i 路，再指定背面為帥的仕、背面為駝的相、背面為助的車、背面為妃的馬、背面為拋的炮；另一枚分別為臣、騾、輔、驫、石）。\n" +
		"• 兵到敵方底線可翻（a9!）：在背面兵種的位置（車 a9 i9、馬 b9 h9、相 c9 g9、仕 d9 f9、炮 e9）變成 俥 傌 砲 丞 衛，依該兵種走法（丞只在河對岸，衛只在敵方九宮）；位置不對則亮出背面（反），下一步必須翻回（b9!）。\n" +
		"• 被將軍時（連續被將只一次）：帥與一枚仕雙翻互換（@d0）；該仕背面是臣即輸棋。\n" +
		"• 剩下最後一枚的仕（臣：斜走一步不限位置，不能吃子，須有兩枚敵子可吃時才可被吃，走到 e9 獲勝）、相（駝 (2,3)、騾 (1,3)）、車（助斜走一二格、輔橫如車直如炮）、馬（妃走日字，隔子吃；驫依對方上一步的兵種走）、炮（拋隔子斜吃、石隔一空格吃）可翻成背面（c0!）。",
	Hans: "每枚棋子背面有秘密的兵种，开局前私下选定：/setup RNBAC K=d0 T=c0 Z=a0 Q=b0 U=b2（兵的背面由 a 路至 i 路，再指定背面为帅的仕、背面为驼的相、背面为助的车、背面为妃的马、背面为抛的炮；另一枚分别为臣、骡、辅、骉、石）。\n" +
		"• 兵到敌方底线可翻（a9!）：在背面兵种的位置（车 a9 i9、马 b9 h9、相 c9 g9、仕 d9 f9、炮 e9）变成 俥 傌 炮 丞 卫，依该兵种走法（丞只在河对岸，卫只在敌方九宫）；位置不对则亮出背面（反），下一步必须翻回（b9!）。\n" +
		"• 被将军时（连续被将只一次）：帅与一枚仕双翻互换（@d0）；该仕背面是臣即输棋。\n" +
		"• 剩下最后一枚的仕（臣：斜走一步不限位置，不能吃子，须有两枚敌子可吃时才可被吃，走到 e9 获胜）、相（驼 (2,3)、骡 (1,3)）、车（助斜走一二格、辅横如车直如炮）、马（妃走日字，隔子吃；骉依对方上一步的兵种走）、炮（抛隔子斜吃、石隔一空格吃）可翻成背面（c0!）。",
}
