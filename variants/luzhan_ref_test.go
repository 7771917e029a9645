package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/internal/testsize"
)

// An independent, slow move generator for luzhan, written from
// rules/luzhan.md with no tables, zones or modules of the core (only the
// board geometry of the gongke reference, which is the same board): it
// cross-checks the perft counts (TestLuzhanPerftCrossCheck).

type lzRef struct {
	g   [11][12]byte // [file][rank], 0 = empty
	red bool
}

type lzMove struct{ f0, r0, f1, r1 int }

func lzParse(fen string) *lzRef {
	gk := gkParse(fen)
	return &lzRef{g: gk.g, red: gk.red}
}

func lzUpper(c byte) byte {
	if c >= 'a' {
		return c - 'a' + 'A'
	}
	return c
}

func lzHidden(c byte) bool { return strings.IndexByte("ZDFU", lzUpper(c)) >= 0 }

// lzLimit: a piece may not take one with this many supporters (0: no limit).
func lzLimit(c byte) int {
	switch lzUpper(c) {
	case 'S', 'L', 'T':
		return 3
	case 'Q', 'W', 'G':
		return 2
	}
	return 0
}

// supporters counts the owner's pieces of the same class joined to (f, r).
func (p *lzRef) supporters(f, r int) int {
	c := p.g[f][r]
	n := 0
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		if nf, nr, ok := gkStep(f, r, d[0], d[1]); ok {
			x := p.g[nf][nr]
			if x != 0 && isRed(x) == isRed(c) && lzHidden(x) == lzHidden(c) {
				n++
			}
		}
	}
	return n
}

func lzPalace(red bool, f, r int) bool {
	if red {
		return f >= 4 && f <= 6 && r >= 1 && r <= 3
	}
	return f >= 4 && f <= 6 && r >= 8 && r <= 10
}

// lzMidpoint: a palace point with no drawn diagonal through it.
func lzMidpoint(f, r int) bool {
	return (f == 5 && (r == 1 || r == 3 || r == 8 || r == 10)) || ((f == 4 || f == 6) && (r == 2 || r == 9))
}

// pseudo lists side red's moves by the movement and capture rules, line
// rules included, check aside.
func (p *lzRef) pseudo(red bool) []lzMove {
	var out []lzMove
	fwd := 1
	if !red {
		fwd = -1
	}
	for f := 0; f < 11; f++ {
		for r := 0; r < 12; r++ {
			c := p.g[f][r]
			if c == 0 || isRed(c) != red || lzHidden(c) {
				continue
			}
			// try adds the move to (tf, tr): move is whether an empty target
			// is allowed, take whether an enemy may be taken.
			try := func(tf, tr int, move, take bool) {
				t := p.g[tf][tr]
				line := tr == 0 || tr == 11
				switch {
				case t == 0:
					if move && !line {
						out = append(out, lzMove{f, r, tf, tr})
					}
				case isRed(t) != red && take:
					if l := lzLimit(c); l == 0 || p.supporters(tf, tr) < l {
						out = append(out, lzMove{f, r, tf, tr})
					}
				}
			}
			switch lzUpper(c) {
			case 'J':
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					if tf, tr, ok := gkStep(f, r, d[0], d[1]); ok && lzPalace(red, tf, tr) {
						try(tf, tr, true, true)
					}
				}
				if lzMidpoint(f, r) {
					for _, d := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
						if tf, tr := f+d[0], r+d[1]; lzPalace(red, tf, tr) {
							try(tf, tr, true, true)
						}
					}
				}
			case 'Y':
				if !lzMidpoint(f, r) {
					for _, d := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
						if tf, tr := f+d[0], r+d[1]; lzPalace(red, tf, tr) {
							try(tf, tr, true, true)
						}
					}
				}
				for _, d := range []int{1, -1} {
					if lzPalace(red, f+d, r) {
						try(f+d, r, true, true)
					}
				}
			case 'S', 'T':
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					cf, cr, screens := f, r, 0
					for {
						nf, nr, ok := gkStep(cf, cr, d[0], d[1])
						if !ok {
							break
						}
						cf, cr = nf, nr
						if p.g[cf][cr] == 0 {
							if screens == 0 {
								try(cf, cr, true, false)
							}
							continue
						}
						if lzUpper(c) == 'S' {
							try(cf, cr, false, true)
							break
						}
						if screens == 1 {
							try(cf, cr, false, true)
							break
						}
						screens++
					}
				}
			case 'L':
				for _, d := range [][2]int{{1, 2}, {2, 1}, {1, 3}, {3, 1}} {
					for _, sf := range []int{1, -1} {
						for _, sr := range []int{1, -1} {
							df, dr := d[0]*sf, d[1]*sr
							lf, lr := f, r+sr // the leg: one point in the long direction
							if d[0] > d[1] {
								lf, lr = f+sf, r
							}
							tf, tr := f+df, r+dr
							if gkExists(tf, tr) && gkExists(lf, lr) && p.g[lf][lr] == 0 {
								try(tf, tr, true, true)
							}
						}
					}
				}
			case 'Q', 'W':
				dirs := [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
				if lzUpper(c) == 'W' {
					dirs = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
				}
				for _, d := range dirs {
					cf, cr := f, r
					for i := 1; i <= 3; i++ {
						var ok bool
						if lzUpper(c) == 'W' {
							cf, cr, ok = gkStep(cf, cr, d[0], d[1])
						} else {
							cf, cr, ok = cf+d[0], cr+d[1], gkExists(cf+d[0], cr+d[1])
						}
						if !ok {
							break
						}
						if i > 1 {
							try(cf, cr, true, true)
						}
						if p.g[cf][cr] != 0 {
							break
						}
					}
				}
			case 'G':
				for _, d := range [][2]int{{0, fwd}, {1, 0}, {-1, 0}} {
					if tf, tr, ok := gkStep(f, r, d[0], d[1]); ok {
						try(tf, tr, true, true)
					}
				}
				if (red && r >= 6) || (!red && r <= 5) {
					for _, df := range []int{1, -1} {
						if gkExists(f+df, r+fwd) {
							try(f+df, r+fwd, true, true)
						}
					}
				}
			}
		}
	}
	return out
}

func (p *lzRef) army(red bool) (int, int, bool) {
	for f := 0; f < 11; f++ {
		for r := 0; r < 12; r++ {
			if c := p.g[f][r]; c != 0 && lzUpper(c) == 'J' && isRed(c) == red {
				return f, r, true
			}
		}
	}
	return 0, 0, false
}

// exposed: side red's 軍 can be taken, or faces the enemy 軍 on an open file.
func (p *lzRef) exposed(red bool) bool {
	f, r, ok := p.army(red)
	if !ok {
		return false
	}
	for _, m := range p.pseudo(!red) {
		if m.f1 == f && m.r1 == r {
			return true
		}
	}
	ef, er, ok := p.army(!red)
	if !ok || ef != f {
		return false
	}
	lo, hi := min(r, er), max(r, er)
	for x := lo + 1; x < hi; x++ {
		if p.g[f][x] != 0 {
			return false
		}
	}
	return true
}

func (p *lzRef) perft(depth int) uint64 {
	var n uint64
	for _, m := range p.pseudo(p.red) {
		q := *p
		t := q.g[m.f1][m.r1]
		q.g[m.f1][m.r1], q.g[m.f0][m.r0] = q.g[m.f0][m.r0], 0
		if t != 0 && (lzUpper(t) == 'Z' || lzUpper(t) == 'D') {
			q.g[m.f1][m.r1] = 0 // 同歸於盡
		}
		if q.exposed(p.red) {
			continue
		}
		q.red = !p.red
		if depth == 1 {
			n++
		} else {
			n += q.perft(depth - 1)
		}
	}
	return n
}

// TestLuzhanPerftCrossCheck: the reference generator agrees with the core on
// the start and on positions with every special rule in reach.
func TestLuzhanPerftCrossCheck(t *testing.T) {
	v := mustVariant(t, "luzhan")
	fens := []string{
		luzhanFixedStart(t, v),
		"3zdfdz3/11/6j4/11/11/11/5S1S3/11/7T3/11/4J6/11 w",
		"3ddzf4/11/6j4/3WW6/11/11/5S5/11/11/11/4J6/11 w",
		"11/11/1l4j4/wst8/11/11/1G9/11/11/1T9/4J6/11 w",
		"11/11/6j4/11/11/11/11/11/4w6/11/3GJY5/11 w",
		"3zdfdz3/2q1y1q4/1l2j1l4/wst8/1G1g7/2Q5G2/1S9/GG8W/3QL6/1T9/3GJY5/3DZFZD3 b",
	}
	for i, fen := range fens {
		depth := 3
		if i > 0 || !testsize.Long() {
			depth = 2
		}
		if i == 0 && testsize.Long() {
			if got := lzParse(fen).perft(3); got != luzhanPerft[2] {
				t.Errorf("reference perft(3) of the start = %d, recorded %d", got, luzhanPerft[2])
			}
		}
		p := mustPosition(t, v, fen)
		for d := 1; d <= depth; d++ {
			if got, want := p.Perft(d), lzParse(fen).perft(d); got != want {
				t.Errorf("%s perft(%d): core %d, reference %d", fen, d, got, want)
			}
		}
	}
}
