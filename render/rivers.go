package render

import "github.com/chuhe/chuhe/rules"

// riversOf lists the rivers of a board: the main one (Decor.RiverBelow and
// RiverText) and Decor.MoreRivers, each only when it lies inside the board.
func riversOf(b *rules.Board) []rules.River {
	var out []rules.River
	if rb, ok := riverOf(b); ok {
		out = append(out, rules.River{Below: rb, Text: b.Decor.RiverText})
	}
	for _, rv := range b.Decor.MoreRivers {
		if rv.Below >= 1 && rv.Below+1 < b.Height {
			out = append(out, rv)
		}
	}
	return out
}
