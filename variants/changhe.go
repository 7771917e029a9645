package variants

import "github.com/chuhe/chuhe/rules"

// Long-river xiangqi (長河象棋), as rules/changhe.md says: two standard boards
// side by side (18 files), two armies a player: Red and Magenta against Black
// and Blue-black. The second armies are their own kinds (G S X M J D Z,
// Kind.Army 1); the Black player's armies are the same kinds on side Black.
//
// The rules the atoms cannot say are changheRule's, and all of them follow
// from the board, so the position is kept consistent after every move
// (normalize) and when a FEN is read:
//   - generals are not royal kinds: the module forbids leaving a player's only
//     general attacked, and any two generals of the players facing;
//   - a colour whose general is gone is "kingless": while a piece of the
//     opponent's own colours stands in its palace the opponent moves it: its
//     pieces change side and carry Variant.Turned, so that the core's moves,
//     captures and attacks all follow the controller;
//   - kingless soldiers become kingless-soldier kinds (one step forward or
//     sideways anywhere), and the chariots, horses and cannons of a player who
//     lost a general become their upgraded kinds; these kinds are written in
//     FEN as the plain ones (Kind.FENAs) and made again when a FEN is read.
//
// Advisors and elephants stay in their own colour's palace and quarter: their
// atoms allow both halves of their board (a turned piece's zone would
// otherwise be the mirrored one) and Legal keeps them in their owner's.

// ChangheStart is the start position (changhe.md, Board).
const ChangheStart = "rnbakabnrjmxsgsxmj/18/1c5c2d5d1/p1p1p1p1pz1z1z1z1z/18/18/P1P1P1P1PZ1Z1Z1Z1Z/1C5C2D5D1/18/RNBAKABNRJMXSGSXMJ w - - 0 1"

// Kind indexes of changhe: the first army's seven as xiangqi's, then the
// second army's, the upgraded kinds and the kingless soldiers.
const (
	chGeneral2 = Soldier + 1 + iota
	chAdvisor2
	chElephant2
	chHorse2
	chChariot2
	chCannon2
	chSoldier2
	chChariotUp  // 全線車 of the first army, written R
	chHorseUp    // 騾馬, written N
	chCannonUp   // 全線炮, written C
	chChariot2Up // written J
	chHorse2Up   // written M
	chCannon2Up  // written D
	chFree       // kingless soldier, written P
	chFree2      // written Z
)

// ChangheBoard returns the 18x10 board: the long river between ranks 4 and 5,
// the inner river between files i and j (drawn), four palaces with their
// diagonals, and the zones of the kinds.
func ChangheBoard() *rules.Board {
	b := &rules.Board{Width: 18, Height: 10}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	both := func(s rules.SquareSet) rules.Zone { return rules.Zone{s, s} }
	union := func(a, c rules.SquareSet) rules.SquareSet {
		for _, sq := range c.Squares() {
			a.Add(sq)
		}
		return a
	}
	pal1, pal2 := b.Rect(3, 0, 5, 2), b.Rect(12, 0, 14, 2)
	pal1b, pal2b := b.Rect(3, 7, 5, 9), b.Rect(12, 7, 14, 9)
	own := b.RankRange(0, 4)
	var diag rules.SquareSet
	for _, c := range []int{4, 13} {
		for _, r := range []int{1, 8} {
			for _, d := range [][2]int{{0, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
				diag.Add(b.At(c+d[0], r+d[1]))
			}
		}
	}
	b.Zones = map[string]rules.Zone{
		"palace":  {pal1, pal1b},
		"palace2": {pal2, pal2b},
		// Advisors and elephants: both halves of their board (Legal keeps
		// each in its owner's).
		"palaces":  both(union(pal1, pal1b)),
		"palaces2": both(union(pal2, pal2b)),
		"board":    both(b.Rect(0, 0, 8, 9)),
		"board2":   both(b.Rect(9, 0, 17, 9)),
		"own":      {own, b.MirrorSet(own)},
		"crossed":  {b.MirrorSet(own), own},
		// The drawn palace diagonals of all four palaces (upgraded pieces).
		"palace lines": both(diag),
	}
	b.ZoneTexts = map[string]rules.Texts{
		"palace":       say("changhe.zone_palace"),
		"palace2":      say("changhe.zone_palace"),
		"palaces":      say("changhe.zone_palaces"),
		"palaces2":     say("changhe.zone_palaces"),
		"board":        say("changhe.zone_board"),
		"board2":       say("changhe.zone_board"),
		"palace lines": say("changhe.zone_palace_lines"),
	}
	at := func(n string) rules.Square { return mustSquare(b, n) }
	b.Decor = rules.Decor{
		RiverBelow: 4,
		RiverText:  [2]string{"楚河", "漢界"},
		FullSize:   true,
		Seams:      []int{8}, // the inner river between i and j
	}
	for _, f := range []string{"d", "m"} {
		g := string(rune(f[0] + 2))
		for _, r := range [][2]string{{"0", "2"}, {"7", "9"}} {
			b.Decor.Diagonals = append(b.Decor.Diagonals,
				rules.Line{From: at(f + r[0]), To: at(g + r[1])}, rules.Line{From: at(g + r[0]), To: at(f + r[1])})
		}
	}
	for _, off := range []int{0, 9} {
		for _, n := range []string{"b2", "h2", "a3", "c3", "e3", "g3", "i3", "b7", "h7", "a6", "c6", "e6", "g6", "i6"} {
			b.Decor.Marks = append(b.Decor.Marks, at(string(rune(n[0]+byte(off)))+n[1:]))
		}
	}
	return b
}

// changheKinds is the two armies' kinds, the upgraded ones and the kingless
// soldiers.
func changheKinds() []rules.Kind {
	std := XiangqiKinds()
	std[King].Atoms = rules.InZone("palace", rules.Steps(rules.Dirs4, rules.MoveOrCapture)) // facing is the module's
	std[King].Royal, std[King].StandZone = false, "palace"
	std[Advisor].Atoms = rules.InZone("palaces", rules.Steps(rules.Diag4, rules.MoveOrCapture))
	std[Advisor].StandZone = ""
	std[Elephant].Atoms = rules.InZone("board", rules.DiagonalLeaps(2, rules.MoveOrCapture))
	std[Elephant].StandZone = ""
	std[Soldier].StandZone = ""
	second := make([]rules.Kind, len(std))
	copy(second, std)
	for i, l := range []byte("GSXMJDZ") {
		second[i].Letter, second[i].WXF, second[i].Army = l, 0, 1
	}
	second[King].Atoms = rules.InZone("palace2", rules.Steps(rules.Dirs4, rules.MoveOrCapture))
	second[King].StandZone = "palace2"
	second[Advisor].Atoms = rules.InZone("palaces2", rules.Steps(rules.Diag4, rules.MoveOrCapture))
	second[Elephant].Atoms = rules.InZone("board2", rules.DiagonalLeaps(2, rules.MoveOrCapture))
	for i := range std {
		std[i].WXF = 0 // coordinates only
	}
	diag := func(atoms []rules.Atom) []rules.Atom {
		return rules.FromZone("palace lines", rules.InZone("palace lines", atoms))
	}
	up := func(base rules.Kind, letter byte, name string, extra []rules.Atom) rules.Kind {
		k := base
		k.FENAs, k.Letter, k.Name = base.Letter, letter, name
		k.Atoms = rules.Join(base.Atoms, extra)
		k.Value++
		return k
	}
	free := func(base rules.Kind, letter byte) rules.Kind {
		k := base
		k.FENAs, k.Letter, k.Name = base.Letter, letter, "kingless soldier"
		k.Atoms = rules.Steps([][2]int{{0, 1}, {1, 0}, {-1, 0}}, rules.MoveOrCapture)
		return k
	}
	kinds := append(std, second...)
	for i := range kinds {
		// A player may also hold the opponent's kingless colour (FEN
		// validation counts pieces by the side that moves them).
		if i != King && i != chGeneral2 {
			kinds[i].Max *= 2
		}
	}
	chariotUp := diag(rules.Rides(rules.Diag4, rules.MoveOrCapture, 0))
	mule := rules.LameLeaps(1, 3, 1, rules.MoveOrCapture)
	cannonUp := rules.Join(diag(rules.Rides(rules.Diag4, rules.MoveOnly, 0)), diag(rules.Hops(rules.Diag4, 1)))
	return append(kinds,
		up(std[Chariot], 'U', "full-line chariot", chariotUp),
		up(std[Horse], 'V', "mule horse", mule),
		up(std[Cannon], 'W', "full-line cannon", cannonUp),
		up(second[Chariot], 'Y', "full-line chariot", chariotUp),
		up(second[Horse], 'Q', "mule horse", mule),
		up(second[Cannon], 'T', "full-line cannon", cannonUp),
		free(std[Soldier], 'F'),
		free(second[Soldier], 'L'),
	)
}

// Changhe is Long-river xiangqi (長河象棋).
func Changhe() *rules.Variant {
	b := ChangheBoard()
	return &rules.Variant{
		Slug:   "changhe",
		Name:   "Long-river xiangqi",
		NameZh: "長河象棋",
		Summary: "Two xiangqi boards side by side (18 files): Red and Magenta against Black and Blue-black. Generals are " +
			"royal only when a player has one left; a colour that lost its general is moved by the opponent while his " +
			"piece stands in its palace; kingless soldiers step anywhere; the other colour's chariots, horses and cannons " +
			"are upgraded. Checkmate the last general to win. Moves in coordinates.",
		Guide:          changheGuide,
		Board:          b,
		Kinds:          changheKinds(),
		StartFEN:       ChangheStart,
		StalemateLoses: true,
		MoveLimit:      120,
		Repetition:     rules.RepetitionAsian,
		Turned:         chTurned,
		Modules:        []rules.Module{newChangheRule(b)},
	}
}

// chTurned marks a piece moved by the opponent of its owner.
const chTurned = rules.FlagCustom

var changheGuide = rules.Texts{
	En: "Two xiangqi boards side by side (files a–i and j–r; the inner river between i and j is crossed like any line). You play two armies: Red (a–i) and Magenta (j–r) against Black and Blue-black. Each piece keeps to its own colour's palace and quarter; chariots, horses and cannons cross both rivers.\n" +
		"• Generals: while you have both, neither is royal: they may be left attacked and captured. With one left, it is royal (no move may leave it attacked). Two generals of the two players may never face each other on an open file.\n" +
		"• Control: a colour whose general is captured is moved by the opponent while a piece of his own colours stands in that colour's palace (a black chariot on n0 takes Magenta); otherwise by its owner.\n" +
		"• Its soldiers then step one point forward or sideways anywhere, forward being their controller's.\n" +
		"• Upgrades: the player who lost a general gets, in his other colour, chariots that also slide along palace diagonals (d2f0), 騾馬 horses that also leap 1×3 (b2c5) and cannons that also move and capture along palace diagonals (d9f7).\n" +
		"• Win by checkmating the opponent's last general, or when he has no legal move.",
	Hant: "兩副象棋棋盤左右相拼（a–i 路與 j–r 路；i、j 之間的內河如一般線路可以通過）。每方兩色：紅方（a–i）與品紅（j–r）對黑方與藍黑。各子守本色的九宮與四分之一棋盤；車、馬、炮可過兩條河。\n" +
		"• 將帥：兩枚都在時都不是將：可以被攻擊、被吃。只剩一枚時它就是將（不能走成被將）。雙方的將帥不能在無子相隔的同一直線上照面。\n" +
		"• 控制：將帥被吃的那一色，只要對方本色的棋子站在它的九宮內，就由對方走（黑車到 n0 即控制品紅）；否則仍由原主走。\n" +
		"• 這時它的兵可在全盤向前或橫走一格，前方是控制者的方向。\n" +
		"• 升級：失去一枚將帥的一方，另一色的車可沿九宮斜線走（d2f0），馬成騾馬也可走目（b2c5），炮也可沿九宮斜線走與隔一子吃（d9f7）。\n" +
		"• 將死對方最後一枚將帥，或對方無子可走，即勝。",
	Hans: "两副象棋棋盘左右相拼（a–i 路与 j–r 路；i、j 之间的内河如一般线路可以通过）。每方两色：红方（a–i）与品红（j–r）对黑方与蓝黑。各子守本色的九宫与四分之一棋盘；车、马、炮可过两条河。\n" +
		"• 将帅：两枚都在时都不是将：可以被攻击、被吃。只剩一枚时它就是将（不能走成被将）。双方的将帅不能在无子相隔的同一直线上照面。\n" +
		"• 控制：将帅被吃的那一色，只要对方本色的棋子站在它的九宫内，就由对方走（黑车到 n0 即控制品红）；否则仍由原主走。\n" +
		"• 这时它的兵可在全盘向前或横走一格，前方是控制者的方向。\n" +
		"• 升级：失去一枚将帅的一方，另一色的车可沿九宫斜线走（d2f0），马成骡马也可走目（b2c5），炮也可沿九宫斜线走与隔一子吃（d9f7）。\n" +
		"• 将死对方最后一枚将帅，或对方无子可走，即胜。",
}
