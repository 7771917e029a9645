package variants

import (
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// Eurasian chess (歐亞象棋, ouya.md): a chess army (White, uppercase, at the
// bottom) against a shogi army (lowercase, at the top) on 9x9 squares, each
// moving and promoting by its own game's rules, with no drops. The two armies
// share the letters K, R, B, N and P for pieces that differ (a shogi rook
// promotes, a shogi knight only jumps forward), so every kind belongs to one
// side (rules.Kind.Sides) and the FEN letter's case picks it.

// OuyaStart is the start position (ouya.md, decisions D1-D3).
const OuyaStart = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKBNRN w - - 0 1"

// ouyaBoard is the 9x9 board with the zones of both armies' pawns and
// promotions. Zones are per side; a zone one army never uses mirrors the other.
func ouyaBoard() *rules.Board {
	b := &rules.Board{Width: 9, Height: 9, Cells: true, Decor: rules.Decor{RiverBelow: -1}}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	both := func(lo, hi int) rules.Zone { return rules.Zone{b.RankRange(lo, hi), b.RankRange(8-hi, 8-lo)} }
	b.Zones = map[string]rules.Zone{
		"pawn start":     both(1, 1), // the chess pawn's double step
		"last rank":      both(8, 8), // chess promotion; shogi pawn and lance must promote
		"pawn ranks":     both(1, 7), // where a chess pawn can stand
		"promotion zone": both(6, 8), // shogi: the three farthest ranks
		"last two ranks": both(7, 8), // shogi knight must promote
		"below last":     both(0, 7), // shogi pawn and lance can stand
		"below last two": both(0, 6), // shogi knight can stand
	}
	return b
}

// ouyaChessKinds is the chess army: FIDE pieces, drawn as chess figures.
func ouyaChessKinds() []rules.Kind {
	pawn := rules.Join(
		rules.Steps([][2]int{{0, 1}}, rules.MoveOnly),
		rules.FromZone("pawn start", []rules.Atom{{Kind: rules.Leap, DF: 0, DR: 2, Blocks: [][2]int{{0, 1}}, Mode: rules.MoveOnly}}),
		rules.Steps([][2]int{{1, 1}, {-1, 1}}, rules.CaptureOnly),
	)
	w := rules.RedOnly
	return []rules.Kind{
		{Letter: 'K', Figure: 'K', Sides: w, Name: "king", Glyph: [2]string{"王", "王"}, Simple: [2]string{"王", "王"}, Royal: true, Max: 1,
			Atoms: rules.Steps(chessEight, rules.MoveOrCapture)},
		{Letter: 'Q', Figure: 'Q', Sides: w, Name: "queen", Glyph: [2]string{"后", "后"}, Simple: [2]string{"后", "后"}, Value: 9, Mating: true,
			Atoms: rules.Rides(chessEight, rules.MoveOrCapture, 0)},
		{Letter: 'R', Figure: 'R', Sides: w, Name: "rook", Glyph: [2]string{"車", "車"}, Simple: [2]string{"车", "车"}, Value: 5, Mating: true,
			Atoms: rules.Rides(rules.Dirs4, rules.MoveOrCapture, 0)},
		{Letter: 'B', Figure: 'B', Sides: w, Name: "bishop", Glyph: [2]string{"象", "象"}, Simple: [2]string{"象", "象"}, Value: 3, Mating: true,
			Atoms: rules.Rides(rules.Diag4, rules.MoveOrCapture, 0)},
		{Letter: 'N', Figure: 'N', Sides: w, Name: "knight", Glyph: [2]string{"馬", "馬"}, Simple: [2]string{"马", "马"}, Value: 3, Mating: true,
			Atoms: rules.LameLeaps(1, 2, 0, rules.MoveOrCapture)},
		{Letter: 'P', Figure: 'P', Sides: w, Name: "pawn", Glyph: [2]string{"兵", "兵"}, Simple: [2]string{"兵", "兵"},
			Value: 1, Mating: true, ResetsClock: true, StandZone: "pawn ranks",
			Promote: &rules.Promotion{Zone: "last rank", To: []byte{'Q', 'R', 'B', 'N'}, Mark: "=", Explicit: true}, Atoms: pawn},
	}
}

// Shogi movements, as seen by the side moving up (the core turns them for the
// shogi army, whose forward is towards rank 1).
var (
	shogiGold   = [][2]int{{0, 1}, {1, 1}, {-1, 1}, {1, 0}, {-1, 0}, {0, -1}}
	shogiSilver = [][2]int{{0, 1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
)

// shogiKind is one kind of the shogi army: a pentagon tile with its kanji.
func shogiKind(letter byte, name, glyph, simple string, value int, atoms []rules.Atom) rules.Kind {
	return rules.Kind{Letter: letter, Sides: rules.BlackOnly, Tile: true, Name: name,
		Glyph: [2]string{glyph, glyph}, Simple: [2]string{simple, simple}, Value: value, Mating: true, Atoms: atoms}
}

// shogiPromotion is the optional promotion of a shogi piece into kind to,
// written with `+`; must names the zone where it is compulsory ("" = none).
func shogiPromotion(to byte, must string) *rules.Promotion {
	return &rules.Promotion{Zone: "promotion zone", To: []byte{to}, Leaving: true, Optional: true, Must: must, Mark: "+", Explicit: true}
}

// ouyaShogiKinds is the shogi army and its promoted pieces.
func ouyaShogiKinds() []rules.Kind {
	gold := func() []rules.Atom { return rules.Steps(shogiGold, rules.MoveOrCapture) }
	king := shogiKind('K', "king", "玉", "玉", 0, rules.Steps(chessEight, rules.MoveOrCapture))
	king.Royal, king.Mating, king.Max = true, false, 1
	rook := shogiKind('R', "rook", "飛", "飞", 5, rules.Rides(rules.Dirs4, rules.MoveOrCapture, 0))
	rook.Promote = shogiPromotion('d', "")
	bishop := shogiKind('B', "bishop", "角", "角", 4, rules.Rides(rules.Diag4, rules.MoveOrCapture, 0))
	bishop.Promote = shogiPromotion('h', "")
	silver := shogiKind('S', "silver", "銀", "银", 3, rules.Steps(shogiSilver, rules.MoveOrCapture))
	silver.Promote = shogiPromotion('v', "")
	knight := shogiKind('N', "knight", "桂", "桂", 2, []rules.Atom{
		{Kind: rules.Leap, DF: 1, DR: 2, Mode: rules.MoveOrCapture}, {Kind: rules.Leap, DF: -1, DR: 2, Mode: rules.MoveOrCapture}})
	knight.Promote, knight.StandZone = shogiPromotion('m', "last two ranks"), "below last two"
	lance := shogiKind('L', "lance", "香", "香", 2, rules.Rides([][2]int{{0, 1}}, rules.MoveOrCapture, 0))
	lance.Promote, lance.StandZone = shogiPromotion('o', "last rank"), "below last"
	pawn := shogiKind('P', "pawn", "歩", "步", 1, rules.Steps([][2]int{{0, 1}}, rules.MoveOrCapture))
	pawn.Promote, pawn.StandZone, pawn.ResetsClock = shogiPromotion('t', "last rank"), "below last", true
	promoted := func(letter byte, name, glyph, simple string, value int, atoms []rules.Atom) rules.Kind {
		k := shogiKind(letter, name, glyph, simple, value, atoms)
		k.Promoted = true
		return k
	}
	return []rules.Kind{
		king, rook, bishop, shogiKind('G', "gold", "金", "金", 3, gold()), silver, knight, lance, pawn,
		promoted('D', "dragon", "龍", "龙", 7, rules.Join(rules.Rides(rules.Dirs4, rules.MoveOrCapture, 0), rules.Steps(rules.Diag4, rules.MoveOrCapture))),
		promoted('H', "horse", "馬", "马", 6, rules.Join(rules.Rides(rules.Diag4, rules.MoveOrCapture, 0), rules.Steps(rules.Dirs4, rules.MoveOrCapture))),
		promoted('T', "tokin", "と", "と", 3, gold()),
		promoted('O', "promoted lance", "杏", "杏", 3, gold()),
		promoted('M', "promoted knight", "圭", "圭", 3, gold()),
		promoted('V', "promoted silver", "全", "全", 3, gold()),
	}
}

// Ouya is Eurasian chess (ouya.md).
func Ouya() *rules.Variant {
	v := &rules.Variant{
		Slug: "ouya", Name: "Eurasian chess", NameZh: "歐亞象棋",
		Summary: "A chess army (White, moves first) against a shogi army on a 9x9 board. Each side moves and " +
			"promotes by its own game's rules; captured pieces leave the game (no drops). Checkmate wins.",
		Guide:              ouyaGuide,
		Board:              ouyaBoard(),
		Kinds:              append(ouyaChessKinds(), ouyaShogiKinds()...),
		StartFEN:           OuyaStart,
		StalemateLosesSide: [2]bool{rules.Black: true}, // ouya.md D4: shogi's rule for the shogi army
		MoveLimit:          100,                        // fifty moves by each side without a capture or a pawn move
		Repetition:         rules.RepetitionDraw,
		Notation:           ouyaNotation{chess: san{pawn: 'P'}},
		Modules:            []rules.Module{&castling{}, ouyaWords{}},
	}
	if err := v.Finalize(); err != nil {
		panic(fmt.Errorf("variants: ouya: %w", err))
	}
	return v
}

var ouyaGuide = rules.Texts{
	En: "Eurasian chess (歐亞象棋): 9x9 squares, files a-i, ranks 1-9. A chess army (White, uppercase, moves first) " +
		"plays a shogi army (lowercase, at the top); each moves by its own game's rules.\n" +
		"Chess side: king, queen, rook, bishop, knight, pawn as in chess, with a ninth pawn on i2 and a third knight on i1. " +
		"Pawns step two from rank 2 and must promote on rank 9 to Q, R, B or N (h8h9=Q, or h9=Q). " +
		"Castling e1g1 (O-O) and e1c1 (O-O-O) as in chess. No en passant.\n" +
		"Shogi side (forward is down): 玉 king, 飛 rook, 角 bishop, 金 gold, 銀 silver, 桂 knight (jumps two forward and one aside), " +
		"香 lance, 歩 pawn (steps and takes straight forward). A move starting or ending in ranks 1-3 may promote (c4c3+); " +
		"a pawn or lance reaching rank 1 and a knight reaching ranks 1-2 must. Promoted: 龍 dragon (rook + one diagonal step), " +
		"馬 horse (bishop + one orthogonal step), と 杏 圭 全 move as gold.\n" +
		"Captured pieces are gone for good: no drops. Checkmate wins. A chess side without a legal move draws; " +
		"a shogi side without one loses. Threefold repetition and fifty moves each without capture or pawn move draw.\n" +
		"Moves: coordinates for both (e2e4, c4c3+, h8h9=Q); White also SAN (e4, Nf3, O-O), " +
		"the shogi side also shogi style (P-d6, Sxd5, N-f2+, S-c3= to decline promotion).",
	Hant: "歐亞象棋：9×9 格，直線 a-i，橫線 1-9。國際象棋方（白方，大寫，先走）對將棋方（小寫，在上方），各按本棋規則行棋。\n" +
		"國象方：王、后、車、象、馬、兵同國際象棋，另有 i2 兵與 i1 馬。兵在第 2 橫線可走兩格，到第 9 橫線必須升變為后、車、象或馬（h8h9=Q 或 h9=Q）。" +
		"王車易位 e1g1（O-O）、e1c1（O-O-O）同國際象棋。沒有吃過路兵。\n" +
		"將棋方（向下為前）：玉、飛、角、金、銀、桂（向前跳兩格偏一格）、香、歩（直進直吃）。起點或終點在第 1-3 橫線的著法可升變（c4c3+）；" +
		"歩、香到第 1 橫線、桂到第 1-2 橫線必須升變。龍＝飛＋斜走一格，馬＝角＋直走一格，と、杏、圭、全走法同金。\n" +
		"被吃的棋子離場，不能打入。將死獲勝。國象方無子可動為和，將棋方無子可動判負。三次重複或雙方各五十步無吃子無兵步為和。\n" +
		"走法：雙方都可用座標（e2e4、c4c3+、h8h9=Q）；白方亦可用 SAN（e4、Nf3、O-O），將棋方亦可用將棋記法（P-d6、Sxd5、N-f2+，S-c3= 表示不升變）。",
	Hans: "欧亚象棋：9×9 格，直线 a-i，横线 1-9。国际象棋方（白方，大写，先走）对将棋方（小写，在上方），各按本棋规则行棋。\n" +
		"国象方：王、后、车、象、马、兵同国际象棋，另有 i2 兵与 i1 马。兵在第 2 横线可走两格，到第 9 横线必须升变为后、车、象或马（h8h9=Q 或 h9=Q）。" +
		"王车易位 e1g1（O-O）、e1c1（O-O-O）同国际象棋。没有吃过路兵。\n" +
		"将棋方（向下为前）：玉、飞、角、金、银、桂（向前跳两格偏一格）、香、步（直进直吃）。起点或终点在第 1-3 横线的着法可升变（c4c3+）；" +
		"步、香到第 1 横线、桂到第 1-2 横线必须升变。龙＝飞＋斜走一格，马＝角＋直走一格，と、杏、圭、全走法同金。\n" +
		"被吃的棋子离场，不能打入。将死获胜。国象方无子可动为和，将棋方无子可动判负。三次重复或双方各五十步无吃子无兵步为和。\n" +
		"走法：双方都可用坐标（e2e4、c4c3+、h8h9=Q）；白方亦可用 SAN（e4、Nf3、O-O），将棋方亦可用将棋记法（P-d6、Sxd5、N-f2+，S-c3= 表示不升变）。",
}
