package variants

import (
	"strings"
	"testing"
)

// An independent, slow move generator for shenniu written from
// rules/shenniu.md with no tables, zones or modules of the core: standard
// pieces on the 11-point palaces (yzPalace, yzSeg of yizhi_ref_test.go), the
// oxen's double move, flank capture and flank check by trying every ox move.
// TestShenniuRefPerft cross-checks the core's perft against it.

type snRef struct {
	g   [9][10]byte
	red bool
}

// snMove is a board move (ox false) or an ox move: the oxen on (f0,r0) and
// (f2,r2) land on (f1,r1) and (f3,r3).
type snMove struct {
	ox                             bool
	f0, r0, f1, r1, f2, r2, f3, r3 int
}

func snOn(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 10 }

// snLeap is 1 for a 日 leap, 2 for a 目 leap, 0 otherwise.
func snLeap(df, dr int) int {
	switch abs(df) * abs(dr) {
	case 2:
		return 1
	case 3:
		return 2
	}
	return 0
}

func (p *snRef) pseudo(red bool) []snMove {
	var out []snMove
	own := func(c byte) bool { return c != 0 && isRed(c) == red }
	add := func(f0, r0, f1, r1 int) {
		if snOn(f1, r1) && !own(p.g[f1][r1]) {
			out = append(out, snMove{f0: f0, r0: r0, f1: f1, r1: r1})
		}
	}
	fwd := 1
	if !red {
		fwd = -1
	}
	ownHalf := func(r int) bool { return (red && r <= 4) || (!red && r >= 5) }
	var oxen [][2]int
	for f := 0; f < 9; f++ {
		for r := 0; r < 10; r++ {
			c := p.g[f][r]
			if c == 0 || isRed(c) != red {
				continue
			}
			switch c &^ 0x20 {
			case 'K':
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					if yzPalace(red, f+d[0], r+d[1]) {
						add(f, r, f+d[0], r+d[1])
					}
				}
			case 'A':
				for _, d := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
					if yzPalace(red, f, r) && yzSeg(f, r, f+d[0], r+d[1]) {
						add(f, r, f+d[0], r+d[1])
					}
				}
			case 'B':
				for _, d := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
					if snOn(f+d[0], r+d[1]) && p.g[f+d[0]][r+d[1]] == 0 && ownHalf(r+2*d[1]) {
						add(f, r, f+2*d[0], r+2*d[1])
					}
				}
			case 'N':
				for _, d := range [][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}} {
					lf, lr := f, r+d[1]/2
					if abs(d[0]) == 2 {
						lf, lr = f+d[0]/2, r
					}
					if snOn(lf, lr) && p.g[lf][lr] == 0 {
						add(f, r, f+d[0], r+d[1])
					}
				}
			case 'R', 'C':
				cannon := c&^0x20 == 'C'
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					screen := false
					for cf, cr := f+d[0], r+d[1]; snOn(cf, cr); cf, cr = cf+d[0], cr+d[1] {
						x := p.g[cf][cr]
						if !screen {
							if x == 0 {
								add(f, r, cf, cr)
								continue
							}
							if !cannon {
								add(f, r, cf, cr)
								break
							}
							screen = true
							continue
						}
						if x != 0 {
							add(f, r, cf, cr)
							break
						}
					}
				}
			case 'P':
				add(f, r, f, r+fwd)
				if !ownHalf(r) {
					add(f, r, f+1, r)
					add(f, r, f-1, r)
				}
			case 'O':
				oxen = append(oxen, [2]int{f, r})
			}
		}
	}
	if len(oxen) != 2 {
		return out
	}
	a, b := oxen[0], oxen[1]
	empty := func(f, r int) bool { return p.g[f][r] == 0 }
	// Every point one or two (日) or one and three (目) points away.
	var leaps [][2]int
	for df := -3; df <= 3; df++ {
		for dr := -3; dr <= 3; dr++ {
			if snLeap(df, dr) != 0 {
				leaps = append(leaps, [2]int{df, dr})
			}
		}
	}
	for _, va := range leaps {
		fa, ra := a[0]+va[0], a[1]+va[1]
		if !snOn(fa, ra) {
			continue
		}
		for _, vb := range leaps {
			fb, rb := b[0]+vb[0], b[1]+vb[1]
			if !snOn(fb, rb) || snLeap(va[0], va[1]) == snLeap(vb[0], vb[1]) || (fa == fb && ra == rb) {
				continue
			}
			aFirst := empty(fa, ra) && (empty(fb, rb) || (fb == a[0] && rb == a[1]))
			bFirst := empty(fb, rb) && (empty(fa, ra) || (fa == b[0] && ra == b[1]))
			if aFirst || bFirst {
				out = append(out, snMove{true, a[0], a[1], fa, ra, b[0], b[1], fb, rb})
			}
		}
	}
	return out
}

// dropOxen removes both oxen of the colour of the captured piece c, if an ox.
func (p *snRef) dropOxen(c byte) {
	if c&^0x20 != 'O' {
		return
	}
	for f := 0; f < 9; f++ {
		for r := 0; r < 10; r++ {
			if p.g[f][r] == c {
				p.g[f][r] = 0
			}
		}
	}
}

// play returns the position after m.
func (p *snRef) play(m snMove) *snRef {
	q := *p
	if !m.ox {
		c := q.g[m.f1][m.r1]
		q.g[m.f1][m.r1], q.g[m.f0][m.r0] = q.g[m.f0][m.r0], 0
		q.dropOxen(c)
		q.red = !q.red
		return &q
	}
	ox := q.g[m.f0][m.r0]
	q.g[m.f0][m.r0], q.g[m.f2][m.r2] = 0, 0
	q.g[m.f1][m.r1], q.g[m.f3][m.r3] = ox, ox
	df, dr := m.f3-m.f1, m.r3-m.r1
	if (df == 0 || abs(df) == 2) && (dr == 0 || abs(dr) == 2) {
		mf, mr := m.f1+df/2, m.r1+dr/2
		if c := q.g[mf][mr]; c != 0 && isRed(c) != p.red {
			q.g[mf][mr] = 0
			q.dropOxen(c)
		}
	}
	q.red = !q.red
	return &q
}

// attacked reports whether the general of side red can be taken or flanked by
// the other side's next move, or faces the other general.
func (p *snRef) attacked(red bool) bool {
	kf, kr, facing := refKings(9, 10, func(f, r int) byte { return p.g[f][r] }, red)
	if facing {
		return true
	}
	for _, m := range p.pseudo(!red) {
		if !m.ox && m.f1 == kf && m.r1 == kr {
			return true
		}
		if m.ox && m.f1+m.f3 == 2*kf && m.r1+m.r3 == 2*kr && abs(m.f1-kf) <= 1 && abs(m.r1-kr) <= 1 {
			return true
		}
	}
	return false
}

func (p *snRef) perft(depth int) uint64 {
	return refPerft(depth, func() []snMove { return p.pseudo(p.red) }, func(m snMove) func() {
		old := *p
		*p = *p.play(m)
		return func() { *p = old }
	}, func() bool { return p.attacked(!p.red) })
}

// shenniuRefFENs are middle positions: oxen that can flank a king, an ox next
// to enemy pieces, advisors on the side points.
var shenniuRefFENs = []string{
	"r1bak1b1r/2o1a1o2/2n3n2/p1c1p1p1p/4C4/2p6/P1P1P1P1P/1C2O1N2/2A3O2/RNB1KAB1R w - - 0 1",
	"r1bak1b1r/2o1a1o2/2n3n2/p1c1p1p1p/4C4/2p6/P1P1P1P1P/1C2O1N2/2A3O2/RNB1KAB1R b - - 0 1",
	// Spec rows 3, 4 and 6 and an ox flanking an ox: flank captures and checks.
	"5k3/9/9/9/4r4/9/6O2/2O6/9/3K5 w - - 0 1",
	"4k4/9/2O6/6O2/9/9/9/9/9/3K5 b - - 0 1",
	"5k3/9/9/9/r8/9/9/9/O7O/4K4 b - - 0 1",
	"5k3/9/9/9/9/9/2o1o4/9/4O4/O2K5 w - - 0 1",
}

// TestShenniuRefPerft cross-checks the core against snRef from the start and
// the positions with one side's oxen (to depth 3, 2 under -short) and the
// positions with both sides' oxen (depth 2).
func TestShenniuRefPerft(t *testing.T) {
	v := shenniuVariant(t)
	depth := 3
	if small() {
		depth = 2
	}
	for _, fen := range append([]string{ShenniuStart}, shenniuRefFENs...) {
		d := depth
		if fen != ShenniuStart && strings.Count(fen, "O")+strings.Count(fen, "o") > 2 {
			d = 2 // positions with many moves: depth 2 keeps the test short
		}
		y := yzParse(fen)
		ref := &snRef{g: y.g, red: y.red}
		got := mustPosition(t, v, fen).Perft(d)
		if want := ref.perft(d); got != want {
			t.Errorf("%s: perft(%d) = %d, independent generator %d", fen, d, got, want)
		}
		t.Logf("%s: perft(%d) = %d", fen, d, got)
	}
}
