package variants

import (
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// Extended palaces shared by several variants of seed 004 and by Jinchan. Each
// is defined once here and placed on a board by its centre file.

// palace18 is Red's 18-point palace (十八宮) centred on file cf: the 5×3 block of
// files cf-2..cf+2 on ranks 0-2 plus the three points cf-1..cf+1 on rank 3.
// Jinchan (cf = f on 11 files) and weiguo (cf = e on 9 files) use it.
func palace18(b *rules.Board, cf int) rules.SquareSet {
	p := b.Rect(cf-2, 0, cf+2, 2)
	for f := cf - 1; f <= cf+1; f++ {
		p.Add(b.At(f, 3))
	}
	return p
}

// palaceLines returns the unit diagonal lines between points of a palace (both
// sides' palaces given as one set), each once: the drawn diagonals of a palace
// whose every cell is crossed (weiguo's 十八宮).
func palaceLines(b *rules.Board, pal rules.SquareSet) []rules.Line {
	var out []rules.Line
	for _, sq := range pal.Squares() {
		f, r, ok := b.Coords(sq)
		if !ok {
			continue
		}
		for _, df := range []int{1, -1} {
			to := b.At(f+df, r+1)
			if to != rules.NoSquare && pal.Has(to) {
				out = append(out, rules.Line{From: sq, To: to})
			}
		}
	}
	return out
}

// palace15 returns Red's 15-point border palace of bianfang (邊防象棋) centred on
// file cf: the king's points (the 3×3 palace, the three points of rank 3 and the
// centre of rank 4) and the advisor's (the five standard ones and the two border
// points cf±1 on rank 4).
func palace15(b *rules.Board, cf int) (king, advisor, border rules.SquareSet) {
	king = b.Rect(cf-1, 0, cf+1, 3)
	king.Add(b.At(cf, 4))
	for _, p := range [][2]int{{-1, 0}, {1, 0}, {0, 1}, {-1, 2}, {1, 2}, {-1, 4}, {1, 4}} {
		advisor.Add(b.At(cf+p[0], p[1]))
	}
	border.Add(b.At(cf-1, 4))
	border.Add(b.At(cf+1, 4))
	return king, advisor, border
}

// palace11 is Red's 11-point palace (十一宮, shenniu.md and yizhi.md) centred on
// file cf: the 3×3 palace plus the side points cf-2 and cf+2 on rank 1, with
// its drawn diagonals as one-step segments: the standard cross through the
// centre and, from each front corner, a V down through the side point to the
// back corner (d2-c1-d0, f2-g1-f0). The side points join d1/f1 along the rank
// line, which is drawn anyway.
func palace11(b *rules.Board, cf int) (rules.SquareSet, []rules.Line) {
	pal := b.Rect(cf-1, 0, cf+1, 2)
	pal.Add(b.At(cf-2, 1))
	pal.Add(b.At(cf+2, 1))
	at := func(df, r int) rules.Square { return b.At(cf+df, r) }
	lines := []rules.Line{
		{From: at(-1, 0), To: at(0, 1)}, {From: at(0, 1), To: at(1, 2)},
		{From: at(1, 0), To: at(0, 1)}, {From: at(0, 1), To: at(-1, 2)},
		{From: at(-2, 1), To: at(-1, 0)}, {From: at(-2, 1), To: at(-1, 2)},
		{From: at(2, 1), To: at(1, 0)}, {From: at(2, 1), To: at(1, 2)},
	}
	return pal, lines
}

// Palace11Board is the 9×10 board with 11-point palaces: "palace" is the 十一宮
// of each side, "advisor points" its seven points on drawn diagonals, and the
// zones of palaceLineSteps. The diagonals of both palaces are drawn.
func Palace11Board() *rules.Board {
	b := XiangqiBoard()
	pal, lines := palace11(b, 4)
	adv := b.SquaresOf("d0", "f0", "e1", "d2", "f2", "c1", "g1")
	b.Zones["advisor points"] = rules.Zone{adv, b.MirrorSet(adv)}
	b.Decor.Diagonals = nil
	setPalace(b, pal, lines)
	return b
}

// palace10 is Red's 10-point palace of shanhe (山河象棋) centred on file cf: the
// 3×3 palace plus the point in front of it, (cf, 3), with the standard cross
// and two new advisor lines from the front corners to that point.
func palace10(b *rules.Board, cf int) (rules.SquareSet, []rules.Line) {
	pal := b.Rect(cf-1, 0, cf+1, 2)
	pal.Add(b.At(cf, 3))
	at := func(df, r int) rules.Square { return b.At(cf+df, r) }
	lines := []rules.Line{
		{From: at(-1, 0), To: at(0, 1)}, {From: at(0, 1), To: at(1, 2)},
		{From: at(1, 0), To: at(0, 1)}, {From: at(0, 1), To: at(-1, 2)},
		{From: at(-1, 2), To: at(0, 3)}, {From: at(1, 2), To: at(0, 3)},
	}
	return pal, lines
}

// setPalace makes pal (Red's; Black's is its mirror) the "palace" zone of b,
// with lines (Red's one-step diagonals, mirrored for Black) drawn and as the
// zones of palaceLineSteps, described for refusals.
func setPalace(b *rules.Board, pal rules.SquareSet, lines []rules.Line) {
	b.Zones["palace"] = rules.Zone{pal, b.MirrorSet(pal)}
	all := append([]rules.Line(nil), lines...)
	for _, l := range lines {
		all = append(all, rules.Line{From: b.Mirror(l.From), To: b.Mirror(l.To)})
	}
	if b.ZoneTexts == nil {
		b.ZoneTexts = map[string]rules.Texts{}
	}
	for _, d := range rules.Diag4 {
		// Red's set: points of its own palace (resp. Black's) with a drawn
		// segment one step along d; Black's is the mirror, as its atoms turn.
		own, enemy := lineStarts(b, all, d, pal), lineStarts(b, all, d, b.MirrorSet(pal))
		b.Zones[palaceLineZone("palace line", d)] = rules.Zone{own, b.MirrorSet(own)}
		b.Zones[palaceLineZone("enemy palace line", d)] = rules.Zone{enemy, b.MirrorSet(enemy)}
		b.ZoneTexts[palaceLineZone("palace line", d)] = rules.Texts{
			En: "along a drawn diagonal of its palace", Hant: "沿宮內畫有的斜線", Hans: "沿宫内画有的斜线"}
		b.ZoneTexts[palaceLineZone("enemy palace line", d)] = rules.Texts{
			En: "along a drawn diagonal of the enemy palace", Hant: "沿敵方宮內畫有的斜線", Hans: "沿敌方宫内画有的斜线"}
	}
	b.Decor.Diagonals = append(b.Decor.Diagonals, all...)
}

// palaceLineZone names the zone of the points in a palace from which a drawn
// diagonal goes one step along d.
func palaceLineZone(prefix string, d [2]int) string {
	return fmt.Sprintf("%s %+d%+d", prefix, d[0], d[1])
}

// lineStarts returns the points of within from which one of the segments
// leads one step along d.
func lineStarts(b *rules.Board, segs []rules.Line, d [2]int, within rules.SquareSet) rules.SquareSet {
	var out rules.SquareSet
	for _, l := range segs {
		for _, e := range [][2]rules.Square{{l.From, l.To}, {l.To, l.From}} {
			if within.Has(e[0]) && b.Step(e[0], d[0], d[1]) == e[1] {
				out.Add(e[0])
			}
		}
	}
	return out
}

// palaceLineSteps are one-point diagonal steps along the drawn diagonals of a
// Palace11Board palace: prefix "palace line" for the own palace, "enemy palace
// line" for the enemy's. Only the directions dirs are taken.
func palaceLineSteps(prefix string, dirs [][2]int, mode rules.Mode) []rules.Atom {
	out := make([]rules.Atom, 0, len(dirs))
	for _, d := range dirs {
		out = append(out, rules.Atom{Kind: rules.Leap, DF: d[0], DR: d[1], Mode: mode, From: palaceLineZone(prefix, d)})
	}
	return out
}
