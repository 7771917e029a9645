package variants

import "github.com/chuhe/chuhe/rules"

// houseGuides are the /rules texts of the house options (Option.Guide) in the
// bot's three languages: a few lines each, with an example move.
var houseGuides = map[string]rules.Texts{
	"kill-horse": {
		En: "Kill-horse (殺驚/遁馬): if Red's very first move is a cannon taking a horse (h2h9 or b2b9), Black may answer " +
			"with a horse move and then a move of another piece, as one turn: h2h9, b9c7, i9h9. Write `pass` to skip the " +
			"second move; a horse move that gives check ends the turn.",
		Hant: "殺驚（遁馬）：紅方第一步若以炮打馬（h2h9 或 b2b9），黑方這一輪可先走一步馬，再走另一枚棋子一步：h2h9、b9c7、i9h9。" +
			"第二步不走就寫 `pass`；若走馬已將軍，這一輪即結束。",
		Hans: "杀惊（遁马）：红方第一步若以炮打马（h2h9 或 b2b9），黑方这一轮可先走一步马，再走另一枚棋子一步：h2h9、b9c7、i9h9。" +
			"第二步不走就写 `pass`；若走马已将军，这一轮即结束。",
	},
	"palace-cannon": {
		En: "Palace cannon (宮廷炮): the generals may face each other on an open file when your cannon stands right behind " +
			"your own general on that file (d1e1 with your cannon on e0). Your general is the cannon's screen, so the enemy " +
			"general is in check and may not step aside: block the file or take the cannon. If your cannon is taken or " +
			"blocked while the generals face, you are in check and must end the facing at once.",
		Hant: "宮廷炮：己方炮緊貼在己方將帥後面同一直線上時，將帥可以照面（例如炮在 e0 時走 d1e1）。己方將帥當炮架，對方將帥被將軍，" +
			"且不可閃將，只能墊子或吃炮。炮被吃或被隔開而將帥仍照面時，炮方被將軍，必須立刻解除照面。",
		Hans: "宫廷炮：己方炮紧贴在己方将帅后面同一直线上时，将帅可以照面（例如炮在 e0 时走 d1e1）。己方将帅当炮架，对方将帅被将军，" +
			"且不可闪将，只能垫子或吃炮。炮被吃或被隔开而将帅仍照面时，炮方被将军，必须立刻解除照面。",
	},
	"flag": {
		En: "Check-relief flag (解將旗): a ring of 42 cells runs around the board with one flag per side (Red behind its " +
			"general on cell 0, Black on 21; FEN flags=0,21). In check, you may step your flag one cell counter-clockwise " +
			"together with the move that answers the check: F+e9e8. Not in check, with the enemy flag right behind yours, " +
			"you may spend the turn stepping your flag two cells: FF. A flag landing on the enemy flag wins. Perpetual " +
			"check is allowed; a threefold repetition is a draw.",
		Hant: "解將旗：棋盤外圍有 42 格的旗道，雙方各一面旗（紅旗在帥後第 0 格，黑旗在第 21 格；FEN flags=0,21）。" +
			"被將軍時，可在應將的同一步把旗逆時針前進一格：F+e9e8。未被將軍且敵旗緊跟在己旗後面時，可用整步把旗前進兩格：FF。" +
			"旗落在敵旗上即吃旗獲勝。不禁長將，三次重複局面為和棋。",
		Hans: "解将旗：棋盘外围有 42 格的旗道，双方各一面旗（红旗在帅后第 0 格，黑旗在第 21 格；FEN flags=0,21）。" +
			"被将军时，可在应将的同一步把旗逆时针前进一格：F+e9e8。未被将军且敌旗紧跟在己旗后面时，可用整步把旗前进两格：FF。" +
			"旗落在敌旗上即吃旗获胜。不禁长将，三次重复局面为和棋。",
	},
	"river-elephant": {
		En: "River-crossing elephant (破河象): while a side has no horse, its elephants on a2 e2 i2 c4 g4 (Black a7 e7 i7 " +
			"c5 g5) may cross the river by 用: two points one way and three the other, the leg one diagonal step towards " +
			"the target must be empty (e2c5, leg d3). In the enemy half an elephant moves only by 用, within that half or " +
			"back to one of its seven elephant points.",
		Hant: "破河象：一方沒有馬時，其位於 a2 e2 i2 c4 g4（黑方 a7 e7 i7 c5 g5）的象可走「用」字過河：一向兩點、另一向三點，" +
			"朝目標斜一步的象腳須空（e2c5，象腳 d3）。過河後只走「用」字，在敵方半場內或退回己方七個象位。",
		Hans: "破河象：一方没有马时，其位于 a2 e2 i2 c4 g4（黑方 a7 e7 i7 c5 g5）的象可走“用”字过河：一向两点、另一向三点，" +
			"朝目标斜一步的象脚须空（e2c5，象脚 d3）。过河后只走“用”字，在敌方半场内或退回己方七个象位。",
	},
	"mission-pawn": {
		En: "Mission soldier (任務兵): while a side has no chariot, a soldier in the enemy palace may also step one point " +
			"back if it stays in that palace (e8e7), also to capture; that backward step gives check too.",
		Hant: "任務兵：一方沒有車時，進入敵方九宮的兵卒可在九宮內後退一步（e8e7），也可後退吃子，並可因此將軍。",
		Hans: "任务兵：一方没有车时，进入敌方九宫的兵卒可在九宫内后退一步（e8e7），也可后退吃子，并可因此将军。",
	},
	"royal-advisor": {
		En: "Royal advisor (王者士): while a side has no cannon, its advisors may leave the palace from a corner (d0 f0 d2 " +
			"f2) one step in any of the 8 directions (d2c3); outside the palace they step one point any way, and they come " +
			"back only onto a corner. Not with dragon-advisor.",
		Hant: "王者士：一方沒有炮時，其仕士可從九宮四角（d0 f0 d2 f2）向八方走一步出宮（d2c3）；宮外向八方各走一步，" +
			"回宮只能落在四角。不可與龍戰士同用。",
		Hans: "王者士：一方没有炮时，其仕士可从九宫四角（d0 f0 d2 f2）向八方走一步出宫（d2c3）；宫外向八方各走一步，" +
			"回宫只能落在四角。不可与龙战士同用。",
	},
	"palace-strategy": {
		En: "Palace strategy (宮策略): while your general stands on a palace point, one kind of yours gets a power " +
			"(Black mirrored: f9 d9 f8 d8 f7 e7 d7 e8). d0: chariots ride the palace diagonals (d7e8). f0: cannons move " +
			"and capture along them (d7f9 over e8). d1: horses ignore the leg (h0f1). f1: elephants ignore the eye. d2: " +
			"advisors step two along a diagonal (d0f2). e2: soldiers on the own river bank step diagonally across " +
			"(c4d5). f2: soldiers on the enemy bank ride sideways (c5i5). e1: your general may face the enemy general " +
			"if that one is not on its centre: d1e1 is then check.",
		Hant: "宮策略：己方將帥站在九宮某點時，己方某一兵種得到能力（黑方對稱：f9 d9 f8 d8 f7 e7 d7 e8）。d0 全線車：車可沿九宮斜線走（d7e8）。" +
			"f0 全線炮：炮可沿斜線走、隔一子吃（d7f9）。d1 暢馬：馬不蹩腿（h0f1）。f1 象不堵：象不塞眼。d2 士闊步：仕沿斜線走一或兩點（d0f2）。" +
			"e2 斜河兵：己方河岸的兵可斜進過河（c4d5）。f2 河清卒：在敵方河岸的兵可橫行多格（c5i5）。e1 可飛將：對方將不在其宮心時可照面，" +
			"d1e1 即將軍。",
		Hans: "宫策略：己方将帅站在九宫某点时，己方某一兵种得到能力（黑方对称：f9 d9 f8 d8 f7 e7 d7 e8）。d0 全线车：车可沿九宫斜线走（d7e8）。" +
			"f0 全线炮：炮可沿斜线走、隔一子吃（d7f9）。d1 畅马：马不蹩腿（h0f1）。f1 象不堵：象不塞眼。d2 士阔步：仕沿斜线走一或两点（d0f2）。" +
			"e2 斜河兵：己方河岸的兵可斜进过河（c4d5）。f2 河清卒：在敌方河岸的兵可横行多格（c5i5）。e1 可飞将：对方将不在其宫心时可照面，" +
			"d1e1 即将军。",
	},
	"revive-pawn": {
		En: "Reviving soldier (還魂卒): right after one of your captures, your next move may instead put one of your " +
			"captured soldiers back on an empty soldier start point: P@e3 (Black P@e6). It is a whole move; if you do not " +
			"use it at once, the right lapses until your next capture.",
		Hant: "還魂卒：己方吃子後的下一步，可改為把一枚被吃的兵放回己方空著的兵卒起始點：P@e3（黑方 P@e6）。這算一整步；" +
			"不立刻使用，權利就到下次吃子前失效。",
		Hans: "还魂卒：己方吃子后的下一步，可改为把一枚被吃的兵放回己方空着的兵卒起始点：P@e3（黑方 P@e6）。这算一整步；" +
			"不立刻使用，权利就到下次吃子前失效。",
	},
	"mountain-border": {
		En: "Mountain border (河山界): the board has 11 files; the army stands one file right (general on f0) and the " +
			"outer files a and k are mountains with no points on ranks 4 and 5: a3-a6 is one step, the mountain pass " +
			"(a2a6 slides through it). The cannons start on the mountain (a2 k2). Elephants also reach a3 (k3) from d0 " +
			"or b2 (h0 or j2), not blocked on the way (d0a3). Moves are written in coordinates.",
		Hant: "河山界：棋盤 11 路，全軍右移一路（帥在 f0），最外兩路 a、k 為山界，第 4、5 線沒有點：a3–a6 算一步，是山口" +
			"（a2a6 穿過山口）。炮開局在山上（a2 k2）。象另可從 d0 或 b2（h0 或 j2）飛到 a3（k3），途中不受阻（d0a3）。著法用座標寫。",
		Hans: "河山界：棋盘 11 路，全军右移一路（帅在 f0），最外两路 a、k 为山界，第 4、5 线没有点：a3–a6 算一步，是山口" +
			"（a2a6 穿过山口）。炮开局在山上（a2 k2）。象另可从 d0 或 b2（h0 或 j2）飞到 a3（k3），途中不受阻（d0a3）。着法用坐标写。",
	},
	"dragon-advisor": {
		En: "Dragon advisor (龍戰士): while a side has no cannon, its advisors move and capture one step diagonally " +
			"anywhere on the board (d2c3, e5d6), in and out of the palace. A lone advisor can mate, so it is no " +
			"insufficient material. Not with royal-advisor.",
		Hant: "龍戰士：一方沒有炮時，其仕士可在全盤斜走、斜吃一步（d2c3、e5d6），出入九宮不限。單仕可勝單將，不算子力不足。不可與王者士同用。",
		Hans: "龙战士：一方没有炮时，其仕士可在全盘斜走、斜吃一步（d2c3、e5d6），出入九宫不限。单仕可胜单将，不算子力不足。不可与王者士同用。",
	},
	"piece": {
		En: "Players' own pieces: piece=Q后:R+N@c1 gives both sides a piece with FEN letter Q, drawn as 后, starting on c1 " +
			"(Black on the mirrored point g8). Moves in a Betza-like code: W F D A N H C Z G leap (1,0) (1,1) (2,0) (2,2) " +
			"(1,2) (3,0) (1,3) (2,3) (3,3); K one step any way; R B Q ride orthogonally, diagonally, both (R2: at most 2). " +
			"In front: m move only, c capture only, n blocked like the horse's leg (nN is the horse), p capture by jumping " +
			"one piece (mRpR is the cannon), f b s v forward, backward, sideways, vertical. Several pieces: " +
			"piece=Q:R+N@c1;Y:K@b1,h1. Then play them like any piece: c1c5.",
		Hant: "自訂棋子：piece=Q后:R+N@c1 讓雙方各有一枚 FEN 字母為 Q、棋面為「后」的棋子，開局在 c1（黑方在對稱點 g8）。" +
			"走法用類似 Betza 的代碼：W F D A N H C Z G 為跳躍 (1,0) (1,1) (2,0) (2,2) (1,2) (3,0) (1,3) (2,3) (3,3)；K 向八方一步；" +
			"R B Q 直線、斜線、兩者皆可滑行（R2：最多兩點）。前綴：m 只走不吃，c 只吃不走，n 可被蹩腿（nN 即馬），p 隔一子吃（mRpR 即炮），" +
			"f b s v 前、後、橫、直。多枚用分號：piece=Q:R+N@c1;Y:K@b1,h1。之後照常走子：c1c5。",
		Hans: "自订棋子：piece=Q后:R+N@c1 让双方各有一枚 FEN 字母为 Q、棋面为“后”的棋子，开局在 c1（黑方在对称点 g8）。" +
			"走法用类似 Betza 的代码：W F D A N H C Z G 为跳跃 (1,0) (1,1) (2,0) (2,2) (1,2) (3,0) (1,3) (2,3) (3,3)；K 向八方一步；" +
			"R B Q 直线、斜线、两者皆可滑行（R2：最多两点）。前缀：m 只走不吃，c 只吃不走，n 可被蹩腿（nN 即马），p 隔一子吃（mRpR 即炮），" +
			"f b s v 前、后、横、直。多枚用分号：piece=Q:R+N@c1;Y:K@b1,h1。之后照常走子：c1c5。",
	},
}
