package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// XiangqiStart is the standard start position (xiangqi.md §3).
const XiangqiStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// Kind indexes of standard xiangqi, in the order of XiangqiKinds.
const (
	King = iota
	Advisor
	Elephant
	Horse
	Chariot
	Cannon
	Soldier
)

// XiangqiBoard returns the 9x10 point board with palaces, river and the zones the
// standard pieces use: "palace", "own" (own half) and "crossed" (the enemy half).
func XiangqiBoard() *rules.Board {
	b := &rules.Board{Width: 9, Height: 10}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	palace := b.Rect(3, 0, 5, 2)
	own := b.RankRange(0, 4)
	advisor := b.SquaresOf("d0", "f0", "e1", "d2", "f2")
	elephant := b.SquaresOf("c0", "g0", "a2", "e2", "i2", "c4", "g4")
	soldier := b.RankRange(5, 9)
	for _, n := range []string{"a3", "c3", "e3", "g3", "i3", "a4", "c4", "e4", "g4", "i4"} {
		soldier.Add(mustSquare(b, n))
	}
	b.Zones = map[string]rules.Zone{
		"palace":  {palace, b.MirrorSet(palace)},
		"own":     {own, b.MirrorSet(own)},
		"crossed": {b.MirrorSet(own), own},
		// Where a piece may ever stand (xiangqi.md §9.4), for FEN validation.
		"advisor points":  {advisor, b.MirrorSet(advisor)},
		"elephant points": {elephant, b.MirrorSet(elephant)},
		"soldier points":  {soldier, b.MirrorSet(soldier)},
	}
	at := func(n string) rules.Square { return mustSquare(b, n) }
	b.Decor = rules.Decor{
		RiverBelow: 4,
		RiverText:  [2]string{"楚河", "漢界"},
		Diagonals: []rules.Line{
			{From: at("d0"), To: at("f2")}, {From: at("f0"), To: at("d2")},
			{From: at("d7"), To: at("f9")}, {From: at("f7"), To: at("d9")},
		},
	}
	for _, n := range []string{"b2", "h2", "a3", "c3", "e3", "g3", "i3", "b7", "h7", "a6", "c6", "e6", "g6", "i6"} {
		b.Decor.Marks = append(b.Decor.Marks, at(n))
	}
	return b
}

// XiangqiKinds returns the seven standard piece kinds (xiangqi.md §3-5).
func XiangqiKinds() []rules.Kind {
	// The facing generals (飛將): each general attacks along its file up to the first
	// piece, but only a general; it is never a move.
	facing := []rules.Atom{
		{Kind: rules.Ride, DF: 0, DR: 1, Mode: rules.AttackOnly, RoyalTarget: true},
		{Kind: rules.Ride, DF: 0, DR: -1, Mode: rules.AttackOnly, RoyalTarget: true},
	}
	return []rules.Kind{
		{Letter: 'K', WXF: 'K', Name: "general", Glyph: [2]string{"帥", "將"}, Simple: [2]string{"帅", "将"}, Royal: true,
			Max: 1, StandZone: "palace",
			Atoms: rules.Join(rules.InZone("palace", rules.Steps(rules.Dirs4, rules.MoveOrCapture)), facing)},
		{Letter: 'A', WXF: 'A', Name: "advisor", Glyph: [2]string{"仕", "士"}, Simple: [2]string{"仕", "士"}, Value: 2,
			Max: 2, StandZone: "advisor points",
			Atoms: rules.InZone("palace", rules.Steps(rules.Diag4, rules.MoveOrCapture))},
		{Letter: 'B', WXF: 'E', Name: "elephant", BlockWord: "eye", Glyph: [2]string{"相", "象"}, Simple: [2]string{"相", "象"}, Value: 2,
			Max: 2, StandZone: "elephant points",
			Atoms: rules.InZone("own", rules.DiagonalLeaps(2, rules.MoveOrCapture))},
		{Letter: 'N', WXF: 'H', Name: "horse", BlockWord: "leg", Glyph: [2]string{"馬", "馬"}, Simple: [2]string{"马", "马"}, Value: 4, Mating: true, Max: 2,
			Atoms: rules.LameLeaps(1, 2, 1, rules.MoveOrCapture)},
		{Letter: 'R', WXF: 'R', Name: "chariot", Glyph: [2]string{"車", "車"}, Simple: [2]string{"车", "车"}, Value: 9, Mating: true, Max: 2,
			Atoms: rules.Rides(rules.Dirs4, rules.MoveOrCapture, 0)},
		{Letter: 'C', WXF: 'C', Name: "cannon", Glyph: [2]string{"炮", "砲"}, Simple: [2]string{"炮", "炮"}, Value: 4, Mating: true, Max: 2,
			Atoms: rules.Join(rules.Rides(rules.Dirs4, rules.MoveOnly, 0), rules.Hops(rules.Dirs4, 1))},
		{Letter: 'P', WXF: 'P', Name: "soldier", Glyph: [2]string{"兵", "卒"}, Simple: [2]string{"兵", "卒"}, Value: 1, Mating: true,
			Max: 5, StandZone: "soldier points",
			Atoms: rules.Join(
				rules.Steps([][2]int{{0, 1}}, rules.MoveOrCapture),
				rules.FromZone("crossed", rules.Steps([][2]int{{1, 0}, {-1, 0}}, rules.MoveOrCapture)))},
	}
}

// Xiangqi is standard Chinese chess, exactly as rules/xiangqi.md says.
func Xiangqi() *rules.Variant {
	return &rules.Variant{
		Slug:   "xiangqi",
		Name:   "Xiangqi",
		NameZh: "象棋",
		Summary: "Standard Chinese chess on a 9x10 board. Capture nothing special: checkmate or stalemate " +
			"the enemy general to win. Generals may not face each other on an open file; perpetual check and perpetual chase are not allowed; " +
			"60 moves without a capture draw.",
		Guide: rules.Texts{
			En: "Standard Chinese chess on a 9×10 board: checkmate or stalemate the enemy general to win.\n" +
				"• The generals may not face each other on an open file; perpetual check and perpetual chase are forbidden (I warn at the second repetition); 60 moves without a capture are a draw.",
			Hant: "標準象棋，9×10 的棋盤：將死或困斃對方的將（帥）即勝。\n" +
				"• 將帥不能在沒有棋子相隔的同一直線上照面；禁止長將與長捉（第二次重複局面時我會提醒）；六十回合無吃子判和。",
			Hans: "标准象棋，9×10 的棋盘：将死或困毙对方的将（帅）即胜。\n" +
				"• 将帅不能在没有棋子相隔的同一直线上照面；禁止长将与长捉（第二次重复局面时我会提醒）；六十回合无吃子判和。",
		},
		Board:           XiangqiBoard(),
		Kinds:           XiangqiKinds(),
		StartFEN:        XiangqiStart,
		StalemateLoses:  true,
		MoveLimit:       120,
		Repetition:      rules.RepetitionAsian,
		XiangqiNotation: true,
	}
}
