package variants

import (
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// Giant-general xiangqi (巨將象棋), as rules/jujiang.md says: the standard board
// two files right on a 13-file grid whose outer files a, b, l, m have only the
// river-bank points (a 2×2 block at each end of the river), and one giant a
// side: a 2×2 multi-cell piece (rules.Body) that shifts its whole block two
// points orthogonally onto the next block, never blocked, and takes every
// enemy piece there. Any piece that captures onto one of its points takes it
// all. It is not royal; the general stays the only royal piece.

// JujiangStart is the start position (jujiang.md, Board).
const JujiangStart = "2rnbakabnr2/13/3c5c3/2p1p1p1p1p2/GG9gg/GG9gg/2P1P1P1P1P2/3C5C3/13/2RNBAKABNR2 w - - 0 1"

// jujiangShift is how many files right the standard points stand.
const jujiangShift = 2

// JujiangGiant is the kind index of the giant, after the standard seven.
const JujiangGiant = Soldier + 1

// JujiangBoard returns the 13x10 board: files c-k on every rank, files a, b,
// l, m on ranks 4 and 5 only, with XiangqiBoard's zones on the shifted points
// ("own" and "crossed" take the extension points of their half: a soldier
// that has crossed may step onto them).
func JujiangBoard() *rules.Board {
	b := &rules.Board{Width: 13, Height: 10}
	for _, f := range "ablm" {
		for r := 0; r < 10; r++ {
			if r != 4 && r != 5 {
				b.Holes = append(b.Holes, fmt.Sprintf("%c%d", f, r))
			}
		}
	}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	shift := func(names ...string) []string {
		out := make([]string, len(names))
		for i, n := range names {
			out[i] = string(rune(n[0]+jujiangShift)) + n[1:]
		}
		return out
	}
	zone := func(names ...string) rules.Zone {
		s := b.SquaresOf(shift(names...)...)
		return rules.Zone{s, b.MirrorSet(s)}
	}
	palace := b.Rect(2+jujiangShift+1, 0, 2+jujiangShift+3, 2)
	own := b.RankRange(0, 4)
	soldier := b.RankRange(5, 9)
	for _, n := range shift("a3", "c3", "e3", "g3", "i3", "a4", "c4", "e4", "g4", "i4") {
		soldier.Add(mustSquare(b, n))
	}
	b.Zones = map[string]rules.Zone{
		"palace":          {palace, b.MirrorSet(palace)},
		"own":             {own, b.MirrorSet(own)},
		"crossed":         {b.MirrorSet(own), own},
		"advisor points":  zone("d0", "f0", "e1", "d2", "f2"),
		"elephant points": zone("c0", "g0", "a2", "e2", "i2", "c4", "g4"),
		"soldier points":  {soldier, b.MirrorSet(soldier)},
	}
	at := func(n string) rules.Square { return mustSquare(b, shift(n)[0]) }
	b.Decor = rules.Decor{
		RiverBelow: 4,
		RiverText:  [2]string{"楚河", "漢界"},
		Diagonals: []rules.Line{
			{From: at("d0"), To: at("f2")}, {From: at("f0"), To: at("d2")},
			{From: at("d7"), To: at("f9")}, {From: at("f7"), To: at("d9")},
		},
		FullSize: true,
	}
	// The inner files of the extension blocks cross the river too (jujiang.md:
	// b4-b5, l4-l5), as the outer ones a and m do.
	b.Decor.Diagonals = append(b.Decor.Diagonals, rules.Line{From: mustSquare(b, "b4"), To: mustSquare(b, "b5")},
		rules.Line{From: mustSquare(b, "l4"), To: mustSquare(b, "l5")})
	for _, n := range []string{"b2", "h2", "a3", "c3", "e3", "g3", "i3", "b7", "h7", "a6", "c6", "e6", "g6", "i6"} {
		b.Decor.Marks = append(b.Decor.Marks, at(n))
	}
	return b
}

// jujiangKinds is the standard set plus the giant (巨帥/巨將, G): a 2×2 body
// whose steps are the four shifts of two points, move or capture.
func jujiangKinds() []rules.Kind {
	var steps []rules.BodyStep
	for _, d := range rules.Dirs4 {
		steps = append(steps, rules.BodyStep{DF: 2 * d[0], DR: 2 * d[1], Mode: rules.MoveOrCapture})
	}
	return append(XiangqiKinds(), rules.Kind{
		Letter: 'G', Name: "giant", Glyph: [2]string{"巨帥", "巨將"}, Simple: [2]string{"巨帅", "巨将"},
		// It never stops attacking and takes up to four pieces a move.
		Value: 8, Mating: true, Max: 1,
		Body: &rules.Body{Shape: [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}}, Steps: steps},
	})
}

// Jujiang is Giant-general xiangqi (巨將象棋).
func Jujiang() *rules.Variant {
	return &rules.Variant{
		Slug:   "jujiang",
		Name:   "Giant-general xiangqi",
		NameZh: "巨將象棋",
		Summary: "Xiangqi on 13 files: the standard board (files c-k) plus a 2×2 block of points at each end of the river " +
			"(a4 b4 a5 b5, l4 m4 l5 m5). Each side adds a giant (巨帥 G) covering four points: it shifts its whole block " +
			"two points straight (a4c4), never blocked, and takes every enemy piece on its new block; a piece that " +
			"captures onto any point of the giant takes all of it. The giant is not royal. Moves in coordinates.",
		Guide:          jujiangGuide,
		Board:          JujiangBoard(),
		Kinds:          jujiangKinds(),
		StartFEN:       JujiangStart,
		StalemateLoses: true,
		MoveLimit:      120,
		Repetition:     rules.RepetitionAsian,
		Modules:        []rules.Module{jujiangRule{}},
	}
}

var jujiangGuide = rules.Texts{
	En: "Xiangqi on 13 files: the usual board is files c–k, and each end of the river has a 2×2 block of extra points (a4 b4 a5 b5 and l4 m4 l5 m5). What is new:\n" +
		"• Giant 巨帥 G: covers a 2×2 block of points and is named by its lower-left point (Red's starts as a4, Black's as l4). It shifts the whole block two points left, right, up or down onto the next block (a4c4), never blocked, anywhere on the board. All four new points must exist and hold no piece of yours; every enemy piece there is captured at once.\n" +
		"• Any enemy piece that captures onto one point of a giant takes the whole giant. For all other moves its four points are ordinary occupied points (they block chariots, legs and eyes, and screen cannons).\n" +
		"• A general on a block the giant could move to is in check. The giant is not royal: losing it loses a piece.\n" +
		"• The extra points are ordinary points for chariots, horses, cannons and crossed soldiers (g5a5); elephants never reach them.\n" +
		"Moves in coordinates; a giant's move may be written from any of its points (b5d5 = a4c4).",
	Hant: "十三路的象棋：標準棋盤在 c–k 路，河界兩端各加一塊 2×2 的點位（a4 b4 a5 b5 與 l4 m4 l5 m5）。不同之處：\n" +
		"• 巨帥 G：佔 2×2 四個點位，以左下角的點稱呼（紅方起於 a4，黑方起於 l4）。整塊向左、右、上、下平移兩點到相鄰的一塊（a4c4），不會被阻擋，全盤皆可走。新的四點都必須存在、不能有己方棋子；其上的敵子一次全部吃掉。\n" +
		"• 敵子吃到巨帥任一點，就吃掉整個巨帥。其他走法把它的四點當成普通有子的點（擋車、蹩馬腿、塞象眼、作炮架）。\n" +
		"• 將（帥）站在巨帥可走到的塊上即被將軍。巨帥不是將：失去它只是失一子。\n" +
		"• 擴展點對車、馬、炮和過河兵都是普通點位（g5a5）；相永遠走不到。\n" +
		"用座標記譜；巨帥可從它任一點寫（b5d5 即 a4c4）。",
	Hans: "十三路的象棋：标准棋盘在 c–k 路，河界两端各加一块 2×2 的点位（a4 b4 a5 b5 与 l4 m4 l5 m5）。不同之处：\n" +
		"• 巨帅 G：占 2×2 四个点位，以左下角的点称呼（红方起于 a4，黑方起于 l4）。整块向左、右、上、下平移两点到相邻的一块（a4c4），不会被阻挡，全盘皆可走。新的四点都必须存在、不能有己方棋子；其上的敌子一次全部吃掉。\n" +
		"• 敌子吃到巨帅任一点，就吃掉整个巨帅。其他走法把它的四点当成普通有子的点（挡车、蹩马腿、塞象眼、作炮架）。\n" +
		"• 将（帅）站在巨帅可走到的块上即被将军。巨帅不是将：失去它只是失一子。\n" +
		"• 扩展点对车、马、炮和过河兵都是普通点位（g5a5）；相永远走不到。\n" +
		"用坐标记谱；巨帅可从它任一点写（b5d5 即 a4c4）。",
}

// jujiangRule explains refused giant moves and legs or eyes on missing points
// in the pieces' own terms; the giant's moves themselves are the core's body
// moves.
type jujiangRule struct{}

func (jujiangRule) ModuleName() string { return "jujiang" }

func (jujiangRule) Guide() string {
	return "The giant (巨帥 G) shifts its 2×2 block two points straight (a4c4) and takes every enemy piece on the new block."
}

// RefusalTexts says why a giant may not make a shift, or why a horse or an
// elephant is stopped by a missing point.
func (jujiangRule) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.To == rules.NoSquare {
		return rules.Texts{}
	}
	b := p.Variant().Board
	pc := p.At(m.From)
	if pc.Empty() || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	ff, fr, ok1 := b.Coords(m.From)
	tf, tr, ok2 := b.Coords(m.To)
	if !ok1 || !ok2 {
		return rules.Texts{}
	}
	df, dr := tf-ff, tr-fr
	// The leg or eye, from the point of view of the mover.
	var lf, lr int
	key := "jujiang.horse_leg_off"
	switch {
	case pc.Kind() == JujiangGiant:
		return giantRefusal(p, pc, m.From, df, dr)
	case pc.Kind() == Elephant && abs(df) == 2 && abs(dr) == 2:
		lf, lr = df/2, dr/2
		key = "jujiang.elephant_eye_off"
	case pc.Kind() == Horse && abs(df) == 1 && abs(dr) == 2:
		lr = dr / 2
	case pc.Kind() == Horse && abs(df) == 2 && abs(dr) == 1:
		lf = df / 2
	default:
		return rules.Texts{}
	}
	if b.At(ff+lf, fr+lr) != rules.NoSquare {
		return rules.Texts{}
	}
	return say(key, fmt.Sprintf("%c%d", 'a'+ff+lf, fr+lr))
}

// giantRefusal explains a refused shift of the giant pc (any of its points on
// from) by (df, dr).
func giantRefusal(p *rules.Position, pc rules.Piece, from rules.Square, df, dr int) rules.Texts {
	v := p.Variant()
	b := v.Board
	giant := pieceText(&v.Kinds[JujiangGiant], pc.Side())
	if !(df == 0 && abs(dr) == 2) && !(dr == 0 && abs(df) == 2) {
		return say("jujiang.giant_two", giant)
	}
	for _, c := range p.BodyCells(from) {
		f, r, _ := b.Coords(c)
		t := b.At(f+df, r+dr)
		if t == rules.NoSquare {
			return say("jujiang.giant_off_board", giant, fmt.Sprintf("%c%d", 'a'+f+df, r+dr))
		}
		if x := p.At(t); !x.Empty() && x.Side() == pc.Side() && x.Kind() != JujiangGiant {
			return say("jujiang.giant_own", giant, pieceText(&v.Kinds[x.Kind()], x.Side()), b.Name(t))
		}
	}
	if p.InCheck() {
		return say("jujiang.giant_check")
	}
	return say("jujiang.giant_self_check", giant)
}
