package variants

import "github.com/chuhe/chuhe/rules"

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
