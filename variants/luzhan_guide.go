package variants

import "github.com/chuhe/chuhe/rules"

// luzhanGuide is luzhan's /rules text; its example moves are checked by
// TestLuzhanGuideMoves.
var luzhanGuide = rules.Texts{
	En: "Army chess on the mountain board: 11 files (a4–a7 is one step, the mountain pass) and a last-defense line of five points behind each back rank (d0–h0 Red, d11–h11 Black).\n" +
		"• Before the game place your hidden pieces privately on your line, files d to h: two bombs Z (炸彈), two mines D (地雷), one flag F (軍旗): /setup ZDFDZ. The others see five hidden pieces (暗).\n" +
		"• 軍 J (royal): one step in the palace, diagonally only from an edge midpoint (f1e2). 營 Y: one step along a palace diagonal or sideways. 師 S: chariot. 旅 L: 日 or 目 leap, one leg (d3g4). 團 T: moves like a chariot, captures like a cannon. 連 Q: diagonally to the 2nd or 3rd point (d3f5). 排 W: straight to the 2nd or 3rd point (a1a3). 工兵 G: a step forward or sideways, also diagonally forward across the river.\n" +
		"• Capture limits: 師 旅 團 may not take a piece with 3 supporters, 連 排 工兵 not one with 2. Supporters are the owner's pieces on the joined points around it, visible pieces counting visible ones, hidden pieces hidden ones. 軍 and 營 have no limit, and check obeys the limits too.\n" +
		"• Never enter your own line; enter the enemy line only by taking a hidden piece there (f5f11). A bomb or mine destroys its taker too; taking the flag wins at once. Mating the 軍 wins; a side with no move loses.",
	Hant: "在山界棋盤上下的軍棋：11 路（a4–a7 一步相通），兩端各有五點的最後防線（紅 d0–h0，黑 d11–h11）。\n" +
		"• 開局前私下把暗棋排在己方防線 d 至 h 路：炸彈 Z 兩枚、地雷 D 兩枚、軍旗 F 一枚：/setup ZDFDZ。對方只看到五枚暗棋（暗）。\n" +
		"• 軍 J（主帥）：九宮內一步，只可從邊中點斜走（f1e2）。營 Y：沿九宮斜線一步或橫走一步。師 S：如車。旅 L：日或目，只一個馬腿（d3g4）。團 T：走如車，吃如炮。連 Q：斜走第二或第三點（d3f5）。排 W：直走第二或第三點（a1a3）。工兵 G：前進或橫走一步，過河後也可斜前一步。\n" +
		"• 吃子限制：師、旅、團不能吃有 3 個保護的棋，連、排、工兵不能吃有 2 個的。保護＝四周相連點上的同方棋，明棋只算明棋，暗棋只算暗棋。軍、營不受限制，將軍也依此限制。\n" +
		"• 不能進入己方防線；只可吃敵方防線上的暗棋進入（f5f11）。吃到炸彈或地雷同歸於盡；吃到軍旗立即獲勝。將死對方軍獲勝；無棋可走判負。",
	Hans: "在山界棋盘上下的军棋：11 路（a4–a7 一步相通），两端各有五点的最后防线（红 d0–h0，黑 d11–h11）。\n" +
		"• 开局前私下把暗棋排在己方防线 d 至 h 路：炸弹 Z 两枚、地雷 D 两枚、军旗 F 一枚：/setup ZDFDZ。对方只看到五枚暗棋（暗）。\n" +
		"• 军 J（主帅）：九宫内一步，只可从边中点斜走（f1e2）。营 Y：沿九宫斜线一步或横走一步。师 S：如车。旅 L：日或目，只一个马腿（d3g4）。团 T：走如车，吃如炮。连 Q：斜走第二或第三点（d3f5）。排 W：直走第二或第三点（a1a3）。工兵 G：前进或横走一步，过河后也可斜前一步。\n" +
		"• 吃子限制：师、旅、团不能吃有 3 个保护的棋，连、排、工兵不能吃有 2 个的。保护＝四周相连点上的同方棋，明棋只算明棋，暗棋只算暗棋。军、营不受限制，将军也依此限制。\n" +
		"• 不能进入己方防线；只可吃敌方防线上的暗棋进入（f5f11）。吃到炸弹或地雷同归于尽；吃到军旗立即获胜。将死对方军获胜；无棋可走判负。",
}
