package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Cloud xiangqi (雲端象棋), as rules/yunduan.md says: the standard board with a
// mountain file j on the right (points j0-j3 and j6-j9, j3-j6 one step: the
// mountain pass of the core, rules.Board.Passes, as on the mountain board of
// mountain.go), 10-point palaces that reach g1 / g8 on that side, a 雲 per side
// that slides up to three points, soldiers that step diagonally forward and
// sideways, and cloud points (a0 c0 g0 i0, a9 c9 g9 i9) whose linked pairs swap
// two own pieces (cloudSwap); an elephant swapped onto its own corner is freed
// (F) and crosses the river. The board is not symmetric (both palace points and
// the mountain are on the right), so Black's zones are given, not rotated.

// YunduanStart is the start position (yunduan.md, D6).
const YunduanStart = "rnbakabnry/10/1c5c2/p1p1p1p1p1/10/10/P1P1P1P1P1/1C5C2/10/RNBAKABNRY w - - 0 1"

// Kind indexes of yunduan beyond the standard seven.
const (
	YunduanCloud = Soldier + 1 + iota // 雲 Y
	YunduanFreed                      // freed elephant F
)

// yunduanClouds are the linked cloud points of each side (yunduan.md, D1).
var yunduanClouds = [2][2][2]string{
	{{"a0", "c0"}, {"g0", "i0"}},
	{{"a9", "c9"}, {"g9", "i9"}},
}

// YunduanBoard is the 10×10 board: zones "palace" (10 points), "own",
// "crossed", "bank" (the own river bank, where a soldier may step back),
// "mountain file" (file j, for both sides), "corner" (the own back-rank corners,
// where a swapped elephant is freed) and the stand zones.
func YunduanBoard() *rules.Board {
	b := &rules.Board{Width: 10, Height: 10, Holes: []string{"j4", "j5"},
		Passes: []rules.Pass{{From: "j3", To: "j6"}}}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	set := b.SquaresOf
	palR := b.Rect(3, 0, 5, 2)
	palR.Add(mustSquare(b, "g1"))
	palB := b.Rect(3, 7, 5, 9)
	palB.Add(mustSquare(b, "g8"))
	two := func(r, bl rules.SquareSet) rules.Zone { return rules.Zone{r, bl} }
	mountain := b.Rect(9, 0, 9, 9)
	elephR := set("c0", "g0", "a2", "e2", "i2", "c4", "g4")
	elephB := set("c9", "g9", "a7", "e7", "i7", "c5", "g5")
	// The freed elephant's lattice (the other half of the 田 points).
	var freedR, freedB rules.SquareSet
	for sq := rules.Square(0); int(sq) < b.Width*b.Height; sq++ {
		f, r, _ := b.Coords(sq)
		if !b.Exists(sq) || f > 8 {
			continue
		}
		if f%2 == 0 && r%2 == 0 && (f+r)%4 == 0 {
			freedR.Add(sq)
		}
		if f%2 == 0 && r%2 == 1 && (f+(9-r))%4 == 0 {
			freedB.Add(sq)
		}
	}
	advR := set("d0", "f0", "e1", "d2", "f2", "g1")
	advB := set("d9", "f9", "e8", "d7", "f7", "g8")
	b.Zones = map[string]rules.Zone{
		"palace":          two(palR, palB),
		"own":             two(b.RankRange(0, 4), b.RankRange(5, 9)),
		"crossed":         two(b.RankRange(5, 9), b.RankRange(0, 4)),
		"bank":            two(b.RankRange(4, 4), b.RankRange(5, 5)),
		"mountain file":   two(mountain, mountain),
		"corner":          two(set("a0", "i0"), set("a9", "i9")),
		"advisor points":  two(advR, advB),
		"elephant points": two(elephR, elephB),
		"freed points":    two(freedR, freedB),
	}
	at := func(n string) rules.Square { return mustSquare(b, n) }
	var clouds rules.SquareSet
	for _, side := range yunduanClouds {
		for _, pair := range side {
			clouds.Add(at(pair[0]))
			clouds.Add(at(pair[1]))
		}
	}
	b.Decor = rules.Decor{
		RiverBelow: 4,
		RiverText:  [2]string{"楚河", "漢界"},
		Diagonals: []rules.Line{
			{From: at("d0"), To: at("f2")}, {From: at("f0"), To: at("d2")},
			{From: at("f0"), To: at("g1")}, {From: at("f2"), To: at("g1")},
			{From: at("d7"), To: at("f9")}, {From: at("f7"), To: at("d9")},
			{From: at("f9"), To: at("g8")}, {From: at("f7"), To: at("g8")},
			{From: at("j3"), To: at("j6")}, // the pass, drawn across the river
		},
		Shaded: []rules.SquareSet{mountain, clouds},
	}
	// The cloud links, bowed out beyond the back ranks.
	for _, side := range yunduanClouds {
		for _, pair := range side {
			b.Decor.Arcs = append(b.Decor.Arcs, rules.Line{From: at(pair[0]), To: at(pair[1])})
		}
	}
	for _, n := range []string{"b2", "h2", "a3", "c3", "e3", "g3", "i3", "b7", "h7", "a6", "c6", "e6", "g6", "i6"} {
		b.Decor.Marks = append(b.Decor.Marks, at(n))
	}
	return b
}

func yunduanKinds() []rules.Kind {
	k := XiangqiKinds()
	k[Soldier].StandZone = "" // soldiers step sideways and diagonally anywhere
	k[Soldier].Max = 5
	k[Soldier].Atoms = rules.Join(
		rules.Steps([][2]int{{1, 1}, {-1, 1}, {1, 0}, {-1, 0}}, rules.MoveOrCapture),
		rules.FromZone("mountain file", rules.InZone("mountain file", rules.Steps([][2]int{{0, 1}}, rules.MoveOrCapture))),
		rules.FromZone("bank", rules.Steps([][2]int{{0, -1}}, rules.MoveOrCapture)),
	)
	return append(k,
		rules.Kind{Letter: 'Y', Name: "cloud ladder", Glyph: [2]string{"雲", "雲"}, Simple: [2]string{"云", "云"},
			Value: 5, Mating: true, Max: 1, Atoms: rules.Rides(rules.Dirs4, rules.MoveOrCapture, 3)},
		rules.Kind{Letter: 'F', Name: "freed elephant", BlockWord: "eye", Glyph: [2]string{"相", "象"}, Simple: [2]string{"相", "象"},
			Value: 3, Mating: true, Max: 2, StandZone: "freed points", Marked: true, Atoms: rules.DiagonalLeaps(2, rules.MoveOrCapture)},
	)
}

// Yunduan is Cloud xiangqi (雲端象棋).
func Yunduan() *rules.Variant {
	b := YunduanBoard()
	return &rules.Variant{
		Slug:   "yunduan",
		Name:   "Cloud xiangqi",
		NameZh: "雲端象棋",
		Summary: "Xiangqi on 10 files: a mountain file j (j3-j6 is one step across the river), 10-point palaces " +
			"reaching g1/g8, a 雲 (Y) a side that slides one to three points straight (j0j3), soldiers that step " +
			"diagonally forward or sideways (e3d4, e3d3), straight only along the mountain (j3j6), and back from their " +
			"river bank. Linked cloud points a0-c0 and g0-i0 (Black a9-c9, g9-i9) swap two own pieces (a0c0); an " +
			"elephant swapped onto its corner is freed (F) and may cross the river.",
		Guide: rules.Texts{
			En: "Xiangqi with a mountain file and clouds. What is new:\n" +
				"• File j is the mountain: j4 and j5 do not exist, and j3–j6 is one step (a chariot slides j2j7).\n" +
				"• 雲 Y (j0): one to three points straight, no jumping, captures as it moves (j0j3).\n" +
				"• Soldiers step diagonally forward or sideways (e3d4, e3d3), never straight, except along the mountain (j3j6); from their own river bank they may step straight back.\n" +
				"• Palaces have a tenth point, g1 (Black g8): f1g1 for the general, f0g1 for an advisor. Generals may not face on file g either.\n" +
				"• Cloud swap: a0c0, g0i0 (Black a9c9, g9i9) swap two of your own pieces on linked clouds, whatever stands between. An elephant swapped onto its corner (a0c0) is freed and may cross the river; swapped back it is an ordinary elephant again.\n" +
				"Moves in coordinates.",
			Hant: "有山界和雲端的象棋。不同之處：\n" +
				"• j 路是山界：沒有 j4、j5，j3–j6 算一步（車可 j2j7）。\n" +
				"• 雲 Y（j0）：直走一到三格，不能越子，走到即吃（j0j3）。\n" +
				"• 兵卒斜向前或橫走一步（e3d4、e3d3），不能直走，山界除外（j3j6）；在己方河岸可直退一步。\n" +
				"• 九宮多一點 g1（黑方 g8）：帥可 f1g1，仕可 f0g1。將帥在 g 路也不能照面。\n" +
				"• 雲端換位：a0c0、g0i0（黑方 a9c9、g9i9）把相連雲端上的兩枚己方棋子互換，不受其間棋子影響。相換到己方角點（a0c0）即成為可過河的象；換回原位又是普通的相。\n" +
				"只用座標記譜。",
			Hans: "有山界和云端的象棋。不同之处：\n" +
				"• j 路是山界：没有 j4、j5，j3–j6 算一步（车可 j2j7）。\n" +
				"• 云 Y（j0）：直走一到三格，不能越子，走到即吃（j0j3）。\n" +
				"• 兵卒斜向前或横走一步（e3d4、e3d3），不能直走，山界除外（j3j6）；在己方河岸可直退一步。\n" +
				"• 九宫多一点 g1（黑方 g8）：帅可 f1g1，仕可 f0g1。将帅在 g 路也不能照面。\n" +
				"• 云端换位：a0c0、g0i0（黑方 a9c9、g9i9）把相连云端上的两枚己方棋子互换，不受其间棋子影响。相换到己方角点（a0c0）即成为可过河的象；换回原位又是普通的相。\n" +
				"只用坐标记谱。",
		},
		Board:          b,
		Kinds:          yunduanKinds(),
		StartFEN:       YunduanStart,
		StalemateLoses: true,
		MoveLimit:      120,
		Repetition:     rules.RepetitionAsian,
		Modules:        []rules.Module{newCloudSwap(b)},
	}
}

// cloudSwap is the cloud swap: a special move between two linked cloud points
// of the mover that both hold its own pieces. An elephant swapped onto its own
// corner becomes a freed elephant; a freed one swapped off it a plain one.
type cloudSwap struct {
	pairs  [2][2][2]rules.Square
	corner [2]rules.SquareSet
	code   uint8
}

func newCloudSwap(b *rules.Board) *cloudSwap {
	c := &cloudSwap{corner: [2]rules.SquareSet{b.Zones["corner"][rules.Red], b.Zones["corner"][rules.Black]}}
	for s, side := range yunduanClouds {
		for i, pair := range side {
			c.pairs[s][i] = [2]rules.Square{mustSquare(b, pair[0]), mustSquare(b, pair[1])}
		}
	}
	return c
}

func (*cloudSwap) ModuleName() string { return "cloud-swap" }

func (c *cloudSwap) Init(cl *rules.Claims) (err error) {
	c.code, err = cl.Codes(1)
	return err
}

func (c *cloudSwap) own(p *rules.Position, sq rules.Square) bool {
	pc := p.At(sq)
	return !pc.Empty() && pc.Side() == p.ToMove() && !pc.FaceDown() && p.Movable(sq)
}

func (c *cloudSwap) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	for _, pr := range c.pairs[p.ToMove()] {
		if c.own(p, pr[0]) && c.own(p, pr[1]) {
			out = append(out,
				rules.Move{From: pr[0], To: pr[1], Flags: rules.FlagSpecial, Aux: c.code},
				rules.Move{From: pr[1], To: pr[0], Flags: rules.FlagSpecial, Aux: c.code})
		}
	}
	return out
}

// PlayMove swaps the two pieces; the elephant's state follows where it lands.
func (c *cloudSwap) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	a, b := p.At(m.From), p.At(m.To)
	p.Set(m.To, c.landed(p.ToMove(), a, m.To))
	p.Set(m.From, c.landed(p.ToMove(), b, m.From))
	return rules.EndsTurn | rules.CountsPly
}

// landed is piece pc of side s after a swap put it on sq.
func (c *cloudSwap) landed(s rules.Side, pc rules.Piece, sq rules.Square) rules.Piece {
	switch k := pc.Kind(); {
	case k == Elephant && c.corner[s].Has(sq):
		return rules.NewPiece(YunduanFreed, s)
	case k == YunduanFreed && !c.corner[s].Has(sq):
		return rules.NewPiece(Elephant, s)
	}
	return pc
}

func (c *cloudSwap) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux != c.code {
		return "", false
	}
	b := p.Variant().Board
	return b.Name(m.From) + b.Name(m.To), true
}

func (c *cloudSwap) MoveAliases(p *rules.Position, m rules.Move) []string {
	if m.Aux != c.code {
		return nil
	}
	b := p.Variant().Board
	return []string{"swap " + b.Name(m.From) + b.Name(m.To), "換" + b.Name(m.From) + b.Name(m.To)}
}
