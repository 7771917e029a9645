package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Pieces 01–18 of the series (stratagem-pieces-01-18.md). A piece without atoms
// is named but not built yet: its games are not offered.

func stratagemPieces01to18() []*stratPiece {
	ps := []*stratPiece{
		{no: 1, code: "MA", stratagem: "瞞天過海", glyph: [2]string{"瞞", "瞒"}, name: "deceiver", value: 3,
			atoms: rules.Join(rules.Steps(rules.Diag4, rules.MoveOrCapture), rules.DiagonalLeaps(2, rules.MoveOrCapture)),
			guide: rules.Texts{
				En:   "瞞 (MA, 01): one or two diagonal steps anywhere, the midpoint empty; it captures the same way. Example: c1e3.",
				Hant: "瞞（MA，01）：斜走一至兩格，全盤不限，不能越子；吃法同走法。例：c1e3。",
				Hans: "瞒（MA，01）：斜走一至两格，全盘不限，不能越子；吃法同走法。例：c1e3。",
			}},
		{no: 2, code: "WE", stratagem: "圍魏救趙", glyph: [2]string{"圍", "围"}, name: "besieger", value: 3,
			atoms: rules.Steps(rules.Dirs4, rules.MoveOnly),
			guide: rules.Texts{
				En: "圍 (WE, 02): steps one point orthogonally to an empty point, anywhere; it never lands on a piece. After it moves, every enemy " +
					"piece next to it whose orthogonal neighbours are all occupied (the edge counts) is removed. While an enemy chariot, horse " +
					"or cannon stands in your half it also moves (without capturing) as the first of those found: chariot, then horse, then cannon. Example: g1g2.",
				Hant: "圍（WE，02）：橫豎走一格，不能走到有子的點；圍走動後，與圍橫豎緊鄰的敵棋若四鄰都沒有空位（棋盤邊也算），即被圍吃。己方半場有敵車、馬或炮時，圍暫時升級，另有該棋的走法（車＞馬＞炮），但不能以此吃子。",
				Hans: "围（WE，02）：横竖走一格，不能走到有子的点；围走动后，与围横竖紧邻的敌棋若四邻都没有空位（棋盘边也算），即被围吃。己方半场有敌车、马或炮时，围暂时升级，另有该棋的走法（车＞马＞炮），但不能以此吃子。",
			}},
		{no: 3, code: "DO", stratagem: "借刀殺人", glyph: [2]string{"刀", "刀"}, name: "knife", value: 5,
			atoms: rules.Rides(rules.Dirs4, rules.MoveOnly, 0),
			guide: rules.Texts{
				En: "刀 (DO, 03): slides like a chariot without capturing; it takes a piece only by that piece's own pattern: " +
					"a chariot or cannon along a clear line from 2+ points, a soldier or general from the next point, a horse by 日, " +
					"an elephant by 田, an advisor one step diagonally (legs and eyes ignored). Example: g1g5.",
				Hant: "刀（DO，03）：走法同車，直走不吃子；吃子須用被吃子的走法：車、炮須隔兩步以上直線吃，兵、將一步吃，馬走日，象走田，士斜一步（不計蹩腿塞眼）。例：g1g5。",
				Hans: "刀（DO，03）：走法同车，直走不吃子；吃子须用被吃子的走法：车、炮须隔两步以上直线吃，兵、将一步吃，马走日，象走田，士斜一步（不计蹩腿塞眼）。例：g1g5。",
			}},
		{no: 4, code: "YI", stratagem: "以逸待勞", glyph: [2]string{"以", "以"}, name: "waiter", value: 3,
			atoms: rules.Steps(rules.Dirs4, rules.MoveOnly),
			guide: rules.Texts{
				En: "以 (YI, 04): steps one point orthogonally to an empty point, anywhere, without capturing. While an enemy chariot, horse or " +
					"cannon stands in your half it also moves and captures as the first of those found (chariot, then horse, then cannon), leg and screen included. Example: c1c2.",
				Hant: "以（YI，04）：橫豎走一格，不能吃子；己方半場有敵車、馬或炮時，以暫時升級為該棋（車＞馬＞炮），走法與吃法都同該棋。",
				Hans: "以（YI，04）：横竖走一格，不能吃子；己方半场有敌车、马或炮时，以暂时升级为该棋（车＞马＞炮），走法与吃法都同该棋。",
			}},
		{no: 5, code: "CE", stratagem: "趁火打劫", glyph: [2]string{"趁", "趁"}, name: "looter", value: 3,
			atoms: rules.InZone("own", rules.Rides(rules.Dirs4, rules.MoveOnly, 0)),
			guide: rules.Texts{
				En: "趁 (CE, 05): slides within your own half and never crosses the river. It kills along its file over exactly one piece onto the " +
					"first enemy piece beyond, in your half, only on the turn right after the opponent's move made that line. Example: c1c2.",
				Hant: "趁（CE，05）：走法同炮的直走，不能過河；縱向隔一子飛殺己方半場的敵棋，只限對方上一步造成的新局面、隨即一步。",
				Hans: "趁（CE，05）：走法同炮的直走，不能过河；纵向隔一子飞杀己方半场的敌棋，只限对方上一步造成的新局面、随即一步。",
			}},
		{no: 6, code: "SE", stratagem: "聲東擊西", glyph: [2]string{"聲", "声"}, name: "feint", value: 5,
			atoms: rules.Rides(rules.Dirs4, rules.MoveOnly, 0),
			guide: rules.Texts{
				En: "聲 (SE, 06): slides like a chariot without capturing. To capture it jumps over the first piece in one direction to an " +
					"empty point beyond, and the first piece behind its starting point (an enemy) is removed. Example: c1c3 over a piece on c2 removes an enemy on c0's side.",
				Hant: "聲（SE，06）：走法同車，直走不吃子；橫或豎隔一子反跳過去，同時拿下反方向第一枚敵棋（聲東擊西）。",
				Hans: "声（SE，06）：走法同车，直走不吃子；横或竖隔一子反跳过去，同时拿下反方向第一枚敌棋（声东击西）。",
			}},
		{no: 7, code: "WU", stratagem: "無中生有", glyph: [2]string{"無", "无"}, name: "conjurer", value: 3,
			atoms: rules.Steps(append(append([][2]int(nil), rules.Dirs4...), rules.Diag4...), rules.MoveOnly),
			guide: rules.Texts{
				En: "無 (WU, 07): steps one point in any of 8 directions to an empty point, never capturing. A gap is an empty point between " +
					"the 無 and another piece on a rank or file; instead of a move you may put one of your pieces there, from the board " +
					"(a0c5) or from your captured pieces (N*c5), if that kind may stand there. Example: g1f2.",
				Hant: "無（WU，07）：橫豎斜走一格，不能吃子；無與任何棋在橫豎線上隔一個空點時，輪到己方可把己方一枚棋（包括被吃的）直接放到這個空點（該棋須能站在那裡），如 a0c5、N*c5。",
				Hans: "无（WU，07）：横竖斜走一格，不能吃子；无与任何棋在横竖线上隔一个空点时，轮到己方可把己方一枚棋（包括被吃的）直接放到这个空点（该棋须能站在那里），如 a0c5、N*c5。",
			}},
		{no: 8, code: "AN", stratagem: "暗渡陳倉", glyph: [2]string{"暗", "暗"}, name: "detour", value: 5,
			atoms: rules.Rides(rules.Dirs4, rules.MoveOnly, 0),
			guide: rules.Texts{
				En: "暗 (AN, 08): slides like a chariot without capturing. It captures like a cannon bent at its screen: straight to the first " +
					"piece, a 90° turn there, then onto the first piece beyond if it is an enemy. No straight cannon capture. Example: a2d5 (screen a5).",
				Hant: "暗（AN，08）：走法同炮的直走；吃法為折線打吃：直走到第一枚棋（架），以架為軸折成九十度，吃折線上第一枚敵棋；不能直線打吃。",
				Hans: "暗（AN，08）：走法同炮的直走；吃法为折线打吃：直走到第一枚棋（架），以架为轴折成九十度，吃折线上第一枚敌棋；不能直线打吃。",
			}},
		{no: 9, code: "GE", stratagem: "隔岸觀火", glyph: [2]string{"隔", "隔"}, name: "watcher", value: 3,
			atoms: rules.InZone("own", rules.Rides(rules.Dirs4, rules.MoveOnly, 0)),
			guide: rules.Texts{
				En: "隔 (GE, 09): slides within your own half and never crosses the river. When the opponent's move leaves an enemy piece in your " +
					"half facing it on its file with nothing between, it may take that piece on the very next move. Example: g1g2.",
				Hant: "隔（GE，09）：直走不吃子，不能過河；敵棋走到（或對方移開中間的棋而形成）與隔縱向照面且在己方半場時，隔隨即一步可飛殺該棋；隔主動照面則無效。",
				Hans: "隔（GE，09）：直走不吃子，不能过河；敌棋走到（或对方移开中间的棋而形成）与隔纵向照面且在己方半场时，隔随即一步可飞杀该棋；隔主动照面则无效。",
			}},
		{no: 10, code: "XI", stratagem: "笑裡藏刀", glyph: [2]string{"笑", "笑"}, name: "smiler", value: 3,
			atoms: rules.Steps(rules.Diag4, rules.MoveOrCapture),
			guide: rules.Texts{
				En:   "笑 (XI, 10): one diagonal step anywhere, capturing the same way; when it takes a piece, every other enemy piece of that kind goes too. Example: c1d2.",
				Hant: "笑（XI，10）：斜走一格，全盤不限，吃法同走法；笑吃掉對方一枚棋，對方同兵種的棋全部拿下。例：c1d2。",
				Hans: "笑（XI，10）：斜走一格，全盘不限，吃法同走法；笑吃掉对方一枚棋，对方同兵种的棋全部拿下。例：c1d2。",
			}},
		{no: 11, code: "LI", stratagem: "李代桃僵", glyph: [2]string{"李", "李"}, name: "plum", value: 4,
			atoms: rules.LameLeaps(1, 2, 0, rules.MoveOrCapture),
			guide: rules.Texts{
				En: "李 (LI, 11): moves and captures by 日 anywhere, never blocked by a leg. An enemy piece a 日 from both your horse and your 李 " +
					"may not take that horse (it may take the 李). Example: c1d3.",
				Hant: "李（LI，11）：走日吃日，全盤不限，不受蹩腿；敵棋若與己方馬及李同在「日」字對角，則不能吃這匹馬（可吃李）。例：c1d3。",
				Hans: "李（LI，11）：走日吃日，全盘不限，不受蹩腿；敌棋若与己方马及李同在「日」字对角，则不能吃这匹马（可吃李）。例：c1d3。",
			}},
		{no: 12, code: "QI", stratagem: "順手牽羊", glyph: [2]string{"牽", "牵"}, name: "leash", value: 4,
			atoms: rules.Steps(rules.Diag4, rules.MoveOnly),
			guide: rules.Texts{
				En: "牽 (QI, 12): slides diagonally within a half (a lone single step to cross the river), never capturing. Enemy pieces diagonally " +
					"next to it are pinned: they never capture or give check, and are frozen for their owner's next turn when the pin starts or restarts. " +
					"If the opponent moves one of two or more pinned pieces away, your 牽 may take a still-pinned one next move. Example: c1e3.",
				Hant: "牽（QI，12）：斜走不限步數，不能過半場（過河須單獨走一步），不能吃子；與牽斜向相鄰的敵棋被牽制：不能吃子、不能將軍，牽制開始或重新開始時下一步不能走；牽制兩枚以上而對方走開其中一枚時，牽隨即一步可吃仍被牽制的棋。",
				Hans: "牵（QI，12）：斜走不限步数，不能过半场（过河须单独走一步），不能吃子；与牵斜向相邻的敌棋被牵制：不能吃子、不能将军，牵制开始或重新开始时下一步不能走；牵制两枚以上而对方走开其中一枚时，牵随即一步可吃仍被牵制的棋。",
			}},
		{no: 13, code: "DA", stratagem: "打草驚蛇", glyph: [2]string{"打", "打"}, name: "beater", value: 5,
			atoms: rules.Rides(rules.Dirs4, rules.MoveOnly, 0),
			guide: rules.Texts{
				En: "打 (DA, 13): slides like a chariot without capturing; it captures a piece k files and k ranks away along an L " +
					"with two equal legs (one of the two L paths empty). After any 打 move the opponent's next move has a bonus: horses ignore " +
					"the leg, elephants the eye, and the general may step along a palace diagonal. Example: g1g3.",
				Hant: "打（DA，13）：走法同車，直走不吃子；吃法為等邊直角折吃（兩條折線之一無子阻擋）。一方走打之後，對方隨即一步：馬不受蹩腿，象不受塞眼，將可走一步士線。",
				Hans: "打（DA，13）：走法同车，直走不吃子；吃法为等边直角折吃（两条折线之一无子阻挡）。一方走打之后，对方随即一步：马不受蹩腿，象不受塞眼，将可走一步士线。",
			}},
		{no: 14, code: "JE", stratagem: "借尸還魂", glyph: [2]string{"借", "借"}, name: "vessel", value: 3,
			atoms: rules.Rides(rules.Dirs4, rules.MoveOnly, 0),
			guide: rules.Texts{
				En: "借 (JE, 14): slides like a chariot without capturing. As a move, one of your chariots, horses or soldiers, from the board " +
					"(a0e5) or from your captured pieces (R*e5), takes its place and the 借 leaves the game; a soldier not while the 借 is in your own half. Example: c1c5, then a0c5.",
				Hant: "借（JE，14）：走法同車，不能吃子；己方車、馬、兵（包括被吃的）隨時可飛到借的位置，拿掉借（借不再回來），如 a0e5、R*e5；借在己方半場時兵不能飛。",
				Hans: "借（JE，14）：走法同车，不能吃子；己方车、马、兵（包括被吃的）随时可飞到借的位置，拿掉借（借不再回来），如 a0e5、R*e5；借在己方半场时兵不能飞。",
			}},
		{no: 15, code: "DI", stratagem: "調虎離山", glyph: [2]string{"調", "调"}, name: "lure", value: 3,
			atoms: rules.Rides(rules.Dirs4, rules.MoveOnly, 0),
			guide: rules.Texts{
				En: "調 (DI, 15): slides like a chariot without capturing. As a move it lures an enemy chariot, horse, cannon or general one or " +
					"two diagonal steps away (midpoint empty): the 調 leaves the game and that piece comes onto its point, written from the 調 " +
					"to the piece (e5g7). A general lured out of its palace never moves again. Example: g1g5.",
				Hant: "調（DI，15）：走法同車，不能吃子；可犧牲自己，把斜向一至兩格（中間無子）的敵車、馬、炮或將調到調的位置（記作調的點到該棋的點，如 e5g7）；被調出九宮的將不能再動。",
				Hans: "调（DI，15）：走法同车，不能吃子；可牺牲自己，把斜向一至两格（中间无子）的敌车、马、炮或将调到调的位置（记作调的点到该棋的点，如 e5g7）；被调出九宫的将不能再动。",
			}},
		{no: 16, code: "YU", stratagem: "欲擒故縱", glyph: [2]string{"欲", "欲"}, name: "repeller", value: 3,
			atoms: rules.Rides(rules.Dirs4, rules.MoveOnly, 0),
			guide: rules.Texts{
				En: "欲 (YU, 16): slides like a chariot and never captures. It may not stop next to (orthogonally) an enemy piece, and no enemy " +
					"piece may stop next to it; it can still be captured. Example: c1c4.",
				Hant: "欲（YU，16）：走法同炮的直走，不能吃子；欲不能停在敵棋的橫豎緊鄰點，敵棋也不能走到欲的橫豎緊鄰點；欲本身可被吃。例：c1c4。",
				Hans: "欲（YU，16）：走法同炮的直走，不能吃子；欲不能停在敌棋的横竖紧邻点，敌棋也不能走到欲的横竖紧邻点；欲本身可被吃。例：c1c4。",
			}},
		{no: 17, code: "PA", stratagem: "拋磚引玉", glyph: [2]string{"拋", "抛"}, name: "bait", value: 3,
			atoms: rules.Rides(rules.Dirs4, rules.MoveOnly, 0),
			guide: rules.Texts{
				En: "拋 (PA, 17): slides, or jumps over one piece to any empty point beyond; it never captures. When a 拋 move leaves it where " +
					"an enemy piece could take it, the opponent must take it on the next move, with any capturer; one who cannot loses. Example: g1g4.",
				Hant: "拋（PA，17）：走法同炮的走法加吃法（可直走，也可隔一子走過去），不能吃子；拋主動送吃時對方必須吃（可任選吃子的棋），不能吃則輸棋。",
				Hans: "抛（PA，17）：走法同炮的走法加吃法（可直走，也可隔一子走过去），不能吃子；抛主动送吃时对方必须吃（可任选吃子的棋），不能吃则输棋。",
			}},
		{no: 18, code: "QN", stratagem: "擒賊擒王", glyph: [2]string{"擒", "擒"}, name: "regicide", value: 4,
			atoms: rules.Join(rules.Rides(rules.Dirs4, rules.MoveOnly, 0), []rules.Atom{
				{Kind: rules.Ride, DF: 1, Mode: rules.AttackOnly, RoyalTarget: true},
				{Kind: rules.Ride, DF: -1, Mode: rules.AttackOnly, RoyalTarget: true},
				{Kind: rules.Ride, DR: 1, Mode: rules.AttackOnly, RoyalTarget: true},
				{Kind: rules.Ride, DR: -1, Mode: rules.AttackOnly, RoyalTarget: true},
			}),
			guide: rules.Texts{
				En:   "擒 (QN, 18): slides like a chariot; it captures nothing but the enemy general, along a clear line, so it gives check like a chariot. Example: g1g5.",
				Hant: "擒（QN，18）：走法同車，但只能將軍（吃將帥），不能吃其它棋。例：g1g5。",
				Hans: "擒（QN，18）：走法同车，但只能将军（吃将帅），不能吃其它棋。例：g1g5。",
			}},
	}
	for _, sp := range ps {
		sp := sp
		switch sp.no {
		case 1, 18:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&stratPlain{stratMod{sp: sp, letter: letter}}} }
		case 2:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&besieger{stratMod{sp: sp, letter: letter}}} }
		case 4:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&waiter{stratMod{sp: sp, letter: letter}}} }
		case 7:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&conjurer{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		case 14:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&vessel{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		case 15:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&lure{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		case 17:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&bait{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		case 5:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&window{stratMod: stratMod{sp: sp, letter: letter}, screened: true, field: "kill05"}}
			}
		case 9:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&window{stratMod: stratMod{sp: sp, letter: letter}, field: "kill09"}}
			}
		case 12:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&leash{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		case 3:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&knife{stratMod{sp: sp, letter: letter}}} }
		case 10:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&smiler{stratMod{sp: sp, letter: letter}}} }
		case 11:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&plum{stratMod{sp: sp, letter: letter}}} }
		case 6:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&feint{stratMod{sp: sp, letter: letter}}} }
		case 8:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&detour{stratMod{sp: sp, letter: letter}}} }
		case 13:
			sp.modules = func(letter byte) []rules.Module {
				return []rules.Module{&beater{stratMod: stratMod{sp: sp, letter: letter}}}
			}
		case 16:
			sp.modules = func(letter byte) []rules.Module { return []rules.Module{&repeller{stratMod{sp: sp, letter: letter}}} }
		}
	}
	return ps
}

// stratPlain is the module of a piece whose rules are all in its atoms (01, 18):
// it only names the piece and explains it.
type stratPlain struct{ stratMod }

// AttackNeutral: it has no effects.
func (*stratPlain) AttackNeutral() {}

// --- 03 刀: captures by the target's own pattern --------------------------

type knife struct{ stratMod }

// reaches reports whether a 刀 on from may take the piece on to by that piece's
// pattern (own-king safety aside), and if not, why (in words only when asked:
// the move generator asks too).
func (m *knife) reaches(p *rules.Position, from, to rules.Square) (bool, func() rules.Texts) {
	b := p.Variant().Board
	t := p.At(to)
	df, dr := offset(b, from, to)
	clear, dist, line := clearBetween(p, from, to)
	switch k := t.Kind(); {
	case k == King || k == Soldier:
		if line && dist == 1 {
			return true, nil
		}
		return false, func() rules.Texts { return say("strat.knife.step", glyphText(&p.Variant().Kinds[t.Kind()], t.Side())) }
	case k == Horse:
		if isHorseOffset(df, dr) {
			return true, nil
		}
		return false, func() rules.Texts { return say("strat.knife.horse") }
	case k == Elephant:
		if abs(df) == 2 && abs(dr) == 2 {
			return true, nil
		}
		return false, func() rules.Texts { return say("strat.knife.elephant") }
	case k == Advisor:
		if abs(df) == 1 && abs(dr) == 1 {
			return true, nil
		}
		return false, func() rules.Texts { return say("strat.knife.advisor") }
	default: // chariot, cannon and every added kind: as a chariot, from two or more points
		if line && clear && dist >= 2 {
			return true, nil
		}
		if line && dist == 1 {
			return false, func() rules.Texts {
				return say("strat.knife.adjacent", glyphText(&p.Variant().Kinds[t.Kind()], t.Side()))
			}
		}
		return false, func() rules.Texts { return say("strat.knife.line", glyphText(&p.Variant().Kinds[t.Kind()], t.Side())) }
	}
}

// targets are the offsets a 刀 may capture on, whatever stands there.
var knifeOffsets = func() [][2]int {
	var out [][2]int
	for _, d := range rules.Diag4 {
		out = append(out, d, [2]int{2 * d[0], 2 * d[1]})
	}
	for _, a := range rules.LameLeaps(1, 2, 0, rules.MoveOrCapture) {
		out = append(out, [2]int{a.DF, a.DR})
	}
	return out
}()

func (m *knife) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	b := p.Variant().Board
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		add := func(to rules.Square) {
			if t := p.At(to); !t.Empty() && t.Side() != s && p.Capturable(from, to) {
				if ok, _ := m.reaches(p, from, to); ok {
					out = append(out, rules.Move{From: from, To: to, Flags: rules.FlagCapture})
				}
			}
		}
		for _, d := range rules.Dirs4 {
			for to := b.Step(from, d[0], d[1]); to != rules.NoSquare; to = b.Step(to, d[0], d[1]) {
				if !p.At(to).Empty() {
					add(to)
					break
				}
			}
		}
		for _, o := range knifeOffsets {
			if to := b.Step(from, o[0], o[1]); to != rules.NoSquare {
				add(to)
			}
		}
	}
	return out
}

// Attacks: a 刀 attacks what it could take by the target's pattern.
func (m *knife) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	t := p.At(sq)
	if t.Empty() || t.Side() == by {
		return false
	}
	silent := p.Variant().NoCheckFlags
	for _, from := range m.squares(p, by) {
		if silent != 0 && p.At(from)&silent != 0 {
			continue
		}
		if ok, _ := m.reaches(p, from, sq); ok {
			return true
		}
	}
	return false
}

func (m *knife) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	pc, t := p.At(mv.From), p.At(mv.To)
	if !m.is(pc) || pc.Side() != p.ToMove() || t.Empty() || t.Side() == pc.Side() {
		return rules.Texts{}
	}
	if ok, why := m.reaches(p, mv.From, mv.To); !ok {
		return why()
	}
	return rules.Texts{}
}

// --- 10 笑: mass removal ---------------------------------------------------

type smiler struct{ stratMod }

// AfterMove: a capture by the 笑 removes every other enemy piece of the taken kind.
func (m *smiler) AfterMove(p *rules.Position, mv rules.Move) {
	c := p.Captured()
	if c.Empty() || mv.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 || !m.is(p.At(mv.To)) {
		return
	}
	b := p.Variant().Board
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Side() == c.Side() && pc.Kind() == c.Kind() {
			stratRemove(p, sq)
		}
	}
}

// --- 11 李: protection of horses -------------------------------------------

type plum struct{ stratMod }

// AttackNeutral: the filter only refuses captures of horses, never of a general.
func (*plum) AttackNeutral() {}

// protects reports whether the horse on to is protected from the piece on from.
func (m *plum) protects(p *rules.Position, from, to rules.Square) (rules.Square, bool) {
	h := p.At(to)
	if h.Empty() || h.Kind() != Horse {
		return rules.NoSquare, false
	}
	b := p.Variant().Board
	if !isHorseOffset(offset(b, to, from)) {
		return rules.NoSquare, false
	}
	for _, l := range m.squares(p, h.Side()) {
		if isHorseOffset(offset(b, l, from)) {
			return l, true
		}
	}
	return rules.NoSquare, false
}

func (m *plum) MayCapture(p *rules.Position, from, to rules.Square) bool {
	_, ok := m.protects(p, from, to)
	return !ok
}

func (m *plum) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	if l, ok := m.protects(p, mv.From, mv.To); ok && p.At(mv.From).Side() == p.ToMove() {
		b := p.Variant().Board
		return say("strat.plum.protects", b.Name(l), b.Name(mv.To), b.Name(mv.From))
	}
	return rules.Texts{}
}

// --- 16 欲: keep-away ------------------------------------------------------

type repeller struct{ stratMod }

// banned says why the piece now on to (side s) may not stand there, or nil (in
// words only when asked: Legal asks too).
func (m *repeller) banned(p *rules.Position, s rules.Side, to rules.Square) func() rules.Texts {
	b := p.Variant().Board
	pc := p.At(to)
	if pc.Empty() || pc.Side() != s {
		return nil
	}
	for _, n := range orthNeighbours(b, to) {
		q := p.At(n)
		if q.Empty() || q.Side() == s {
			continue
		}
		if m.is(q) {
			return func() rules.Texts { return say("strat.repeller.away", b.Name(n), b.Name(to)) }
		}
		if m.is(pc) {
			v, near := p.Variant(), q // the position changes before the words are asked for
			return func() rules.Texts { return say("strat.repeller.near", b.Name(to), pieceWordOf(v, near, n)) }
		}
	}
	return nil
}

func (m *repeller) Legal(p *rules.Position, mv rules.Move) bool {
	if mv.To == rules.NoSquare {
		return true
	}
	return m.banned(p, moverSide(p, mv), mv.To) == nil
}

func (m *repeller) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare && mv.Flags&rules.FlagDrop == 0 || mv.To == rules.NoSquare {
		return rules.Texts{}
	}
	s := p.ToMove()
	for _, pm := range p.PseudoMoves(nil) {
		if pm.From != mv.From || pm.To != mv.To || pm.Flags&rules.FlagSpecial != mv.Flags&rules.FlagSpecial {
			continue
		}
		p.Make(pm)
		why := m.banned(p, s, pm.To)
		p.Unmake()
		if why != nil {
			return why()
		}
	}
	if pc := p.At(mv.From); mv.From != rules.NoSquare && m.is(pc) && pc.Side() == s && !p.At(mv.To).Empty() {
		return say("strat.never_captures", m.face())
	}
	return rules.Texts{}
}

// --- 06 聲: the reverse jump -------------------------------------------------

type feint struct{ stratMod }

// firstPiece walks from sq along (df, dr) and returns the first occupied point,
// or NoSquare.
func firstPiece(p *rules.Position, sq rules.Square, df, dr int) rules.Square {
	b := p.Variant().Board
	for cur := b.Step(sq, df, dr); cur != rules.NoSquare; cur = b.Step(cur, df, dr) {
		if !p.At(cur).Empty() {
			return cur
		}
	}
	return rules.NoSquare
}

// jumps appends the reverse jumps of the 聲 on from: over the first piece in
// one direction, removing the first piece in the other.
func (m *feint) jumps(p *rules.Position, from rules.Square, out []rules.Move) []rules.Move {
	b := p.Variant().Board
	s := p.At(from).Side()
	for _, d := range rules.Dirs4 {
		t := firstPiece(p, from, -d[0], -d[1])
		if t == rules.NoSquare || p.At(t).Side() == s || !p.Capturable(from, t) {
			continue
		}
		screen := firstPiece(p, from, d[0], d[1])
		if screen == rules.NoSquare {
			continue
		}
		for q := b.Step(screen, d[0], d[1]); q != rules.NoSquare && p.At(q).Empty(); q = b.Step(q, d[0], d[1]) {
			out = append(out, rules.Move{From: from, To: q})
		}
	}
	return out
}

func (m *feint) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	for _, from := range m.squares(p, p.ToMove()) {
		if p.Movable(from) {
			out = m.jumps(p, from, out)
		}
	}
	return out
}

// AfterMove: a 聲 that passed over a piece removes the first piece behind its
// starting point.
func (m *feint) AfterMove(p *rules.Position, mv rules.Move) {
	if mv.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 || mv.From == rules.NoSquare || !m.is(p.At(mv.To)) {
		return
	}
	clear, _, line := clearBetween(p, mv.From, mv.To)
	if !line || clear {
		return
	}
	df, dr := offset(p.Variant().Board, mv.From, mv.To)
	if t := firstPiece(p, mv.From, -sign(df), -sign(dr)); t != rules.NoSquare && p.At(t).Side() != p.At(mv.To).Side() {
		stratRemove(p, t)
	}
}

// Attacks: the piece on sq is attacked when it is the first piece behind a 聲
// whose other side has a screen with an empty point right beyond it.
func (m *feint) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	b := p.Variant().Board
	silent := p.Variant().NoCheckFlags
	for _, d := range rules.Dirs4 {
		f := firstPiece(p, sq, d[0], d[1])
		if f == rules.NoSquare || !m.is(p.At(f)) || p.At(f).Side() != by || (silent != 0 && p.At(f)&silent != 0) {
			continue
		}
		screen := firstPiece(p, f, d[0], d[1])
		if screen == rules.NoSquare {
			continue
		}
		if q := b.Step(screen, d[0], d[1]); q != rules.NoSquare && p.At(q).Empty() {
			return true
		}
	}
	return false
}

func (m *feint) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	pc := p.At(mv.From)
	if !m.is(pc) || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	b := p.Variant().Board
	if t := p.At(mv.To); !t.Empty() && t.Side() != pc.Side() {
		return say("strat.feint.land")
	}
	clear, _, line := clearBetween(p, mv.From, mv.To)
	if line && !clear && p.At(mv.To).Empty() {
		df, dr := offset(b, mv.From, mv.To)
		if t := firstPiece(p, mv.From, -sign(df), -sign(dr)); t == rules.NoSquare {
			return say("strat.feint.nothing_behind", b.Name(mv.From))
		} else if p.At(t).Side() == pc.Side() {
			return say("strat.feint.own_behind", pieceWord(p, t))
		}
		return say("strat.feint.too_far", b.Name(mv.To))
	}
	return rules.Texts{}
}

// --- 08 暗: the bent cannon ---------------------------------------------------

type detour struct{ stratMod }

// bent calls f with every target of a bent path from from: the first piece in a
// direction, then 90° to the first piece beyond.
func bentTargets(p *rules.Position, from rules.Square, f func(t rules.Square) bool) bool {
	for _, d := range rules.Dirs4 {
		screen := firstPiece(p, from, d[0], d[1])
		if screen == rules.NoSquare {
			continue
		}
		for _, turn := range [2][2]int{{d[1], d[0]}, {-d[1], -d[0]}} {
			if t := firstPiece(p, screen, turn[0], turn[1]); t != rules.NoSquare && f(t) {
				return true
			}
		}
	}
	return false
}

func (m *detour) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		bentTargets(p, from, func(t rules.Square) bool {
			if p.At(t).Side() != s && p.Capturable(from, t) {
				out = append(out, rules.Move{From: from, To: t, Flags: rules.FlagCapture})
			}
			return false
		})
	}
	return out
}

func (m *detour) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	silent := p.Variant().NoCheckFlags
	for _, from := range m.squares(p, by) {
		if silent != 0 && p.At(from)&silent != 0 {
			continue
		}
		if bentTargets(p, from, func(t rules.Square) bool { return t == sq }) {
			return true
		}
	}
	return false
}

func (m *detour) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	pc, t := p.At(mv.From), p.At(mv.To)
	if !m.is(pc) || pc.Side() != p.ToMove() || t.Empty() {
		return rules.Texts{}
	}
	if t.Side() != pc.Side() {
		return say("strat.detour.path", pieceWord(p, mv.To))
	}
	return rules.Texts{}
}

// --- 13 打: the equal-leg bent capture and the 驚蛇 bonus ----------------------

type beater struct {
	stratMod
	bonus rules.VarID // side+1 whose next move has the bonus, 0 none
}

func (m *beater) Init(c *rules.Claims) error {
	if err := m.stratMod.Init(c); err != nil {
		return err
	}
	var err error
	if m.bonus, err = c.Var("bonus"); err != nil {
		return err
	}
	// jingshe=r (or b): that side's next move has the 驚蛇 bonus.
	return c.Field(sideField("jingshe", say("strat.beater.field"), m.bonus, nil))
}

// lReaches reports whether the 打 on from reaches to by an equal-leg L with one
// of the two paths (vertex included) empty.
func lReaches(p *rules.Position, from, to rules.Square) bool {
	b := p.Variant().Board
	df, dr := offset(b, from, to)
	if df == 0 || abs(df) != abs(dr) {
		return false
	}
	k := abs(df)
	sf, sr := sign(df), sign(dr)
	// Rank first (vertex on the target's file), then file first.
	for _, first := range [2][2]int{{sf, 0}, {0, sr}} {
		second := [2]int{sf - first[0], sr - first[1]}
		ok := true
		cur := from
		for i := 0; i < 2*k-1 && ok; i++ {
			d := first
			if i >= k {
				d = second
			}
			cur = b.Step(cur, d[0], d[1])
			ok = p.At(cur).Empty()
		}
		if ok {
			return true
		}
	}
	return false
}

// bonusMoves calls f with the extra moves side s has under the bonus: horses
// over a blocked leg, elephants over a blocked eye, the general along a palace
// diagonal.
func (m *beater) bonusMoves(p *rules.Position, s rules.Side, f func(from, to rules.Square) bool) bool {
	b := p.Variant().Board
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() || pc.Side() != s {
			continue
		}
		switch pc.Kind() {
		case Horse:
			for _, a := range rules.LameLeaps(1, 2, 1, rules.MoveOrCapture) {
				leg := b.Step(sq, a.Blocks[0][0], a.Blocks[0][1])
				if to := b.Step(sq, a.DF, a.DR); to != rules.NoSquare && leg != rules.NoSquare && !p.At(leg).Empty() && f(sq, to) {
					return true
				}
			}
		case Elephant:
			for _, d := range rules.Diag4 {
				eye := b.Step(sq, d[0], d[1])
				to := b.Step(sq, 2*d[0], 2*d[1])
				if to != rules.NoSquare && !p.At(eye).Empty() && b.InZone("own", s, to) && f(sq, to) {
					return true
				}
			}
		case King:
			for _, d := range rules.Diag4 {
				to := b.Step(sq, d[0], d[1])
				if to != rules.NoSquare && b.InZone("palace", s, sq) && b.InZone("palace", s, to) && onPalaceDiagonal(b, sq, to) && f(sq, to) {
					return true
				}
			}
		}
	}
	return false
}

// onPalaceDiagonal reports whether the diagonal step a→c follows a drawn palace
// line (every such step touches the palace centre).
func onPalaceDiagonal(b *rules.Board, a, c rules.Square) bool {
	for _, n := range []string{"e1", "e8"} {
		if ctr, ok := b.Parse(n); ok && (a == ctr || c == ctr) {
			return true
		}
	}
	return false
}

func (m *beater) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	b := p.Variant().Board
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		for _, d := range rules.Diag4 {
			for k := 1; ; k++ {
				to := b.Step(from, d[0]*k, d[1]*k)
				if to == rules.NoSquare {
					break
				}
				if t := p.At(to); !t.Empty() && t.Side() != s && lReaches(p, from, to) && p.Capturable(from, to) {
					out = append(out, rules.Move{From: from, To: to, Flags: rules.FlagCapture})
				}
			}
		}
	}
	if p.Var(m.bonus) == int32(s)+1 {
		m.bonusMoves(p, s, func(from, to rules.Square) bool {
			if !p.Movable(from) {
				return false
			}
			switch t := p.At(to); {
			case t.Empty():
				out = append(out, rules.Move{From: from, To: to})
			case t.Side() != s && p.Capturable(from, to):
				out = append(out, rules.Move{From: from, To: to, Flags: rules.FlagCapture})
			}
			return false
		})
	}
	return out
}

// AfterMove: a move of a 打 gives the opponent's next move the bonus; any other
// move ends it.
func (m *beater) AfterMove(p *rules.Position, mv rules.Move) {
	val := int32(0)
	if mv.Flags&(rules.FlagSpecial|rules.FlagDrop) == 0 && mv.To != rules.NoSquare && m.is(p.At(mv.To)) {
		val = int32(moverSide(p, mv).Other()) + 1
	}
	if p.Var(m.bonus) != val {
		p.SetVar(m.bonus, val)
	}
}

func (m *beater) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	silent := p.Variant().NoCheckFlags
	for _, from := range m.squares(p, by) {
		if (silent == 0 || p.At(from)&silent == 0) && lReaches(p, from, sq) {
			return true
		}
	}
	if p.Var(m.bonus) != int32(by)+1 {
		return false
	}
	return m.bonusMoves(p, by, func(from, to rules.Square) bool {
		return to == sq && (silent == 0 || p.At(from)&silent == 0)
	})
}

func (m *beater) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	pc, t := p.At(mv.From), p.At(mv.To)
	if !m.is(pc) || pc.Side() != p.ToMove() || t.Empty() || t.Side() == pc.Side() {
		return rules.Texts{}
	}
	df, dr := offset(p.Variant().Board, mv.From, mv.To)
	if df == 0 || abs(df) != abs(dr) {
		return say("strat.beater.shape")
	}
	return say("strat.beater.blocked", p.Variant().Board.Name(mv.To))
}
