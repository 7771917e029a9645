package variants

import (
	"strings"
	"testing"
)

// An independent, slow move generator for shanhe written from rules/shanhe.md
// with no tables, zones or modules of the core: the corners-only outer files,
// the 10-point palace and its lines, the 御, and the function points spelt out
// here. TestShanheRefPerft cross-checks the core's perft against it.

type shRef struct {
	g   [11][10]byte
	red bool
}

type shMove struct{ f0, r0, f1, r1 int }

func shExists(f, r int) bool {
	if f < 0 || f > 10 || r < 0 || r > 9 {
		return false
	}
	return (f != 0 && f != 10) || r == 0 || r == 9
}

// shPalace reports whether (f, r) is in side red's 10-point palace.
func shPalace(red bool, f, r int) bool {
	if !red {
		f, r = 10-f, 9-r
	}
	return (f >= 4 && f <= 6 && r >= 0 && r <= 2) || (f == 5 && r == 3)
}

// shSeg reports a drawn palace diagonal between two neighbouring points.
func shSeg(f0, r0, f1, r1 int) bool {
	segs := [][4]int{{4, 0, 5, 1}, {5, 1, 6, 2}, {6, 0, 5, 1}, {5, 1, 4, 2}, {4, 2, 5, 3}, {6, 2, 5, 3}}
	for _, s := range segs {
		for _, q := range [][4]int{s, {10 - s[0], 9 - s[1], 10 - s[2], 9 - s[3]}} {
			if (q[0] == f0 && q[1] == r0 && q[2] == f1 && q[3] == r1) || (q[2] == f0 && q[3] == r0 && q[0] == f1 && q[1] == r1) {
				return true
			}
		}
	}
	return false
}

func shParse(fen string) *shRef {
	board, rest, _ := strings.Cut(fen, " ")
	p := &shRef{red: !strings.HasPrefix(rest, "b")}
	for i, row := range strings.Split(board, "/") {
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '0' && c <= '9' {
				n := int(c - '0')
				if j+1 < len(row) && row[j+1] >= '0' && row[j+1] <= '9' {
					n = n*10 + int(row[j+1]-'0')
					j++
				}
				f += n
				continue
			}
			p.g[f][9-i] = c
			f++
		}
	}
	return p
}

// power is +1 when side red's function point for kind (K, A or B) boosts it,
// -1 when it binds it, 0 otherwise.
func (p *shRef) power(red bool, kind byte) int {
	pts := map[byte][2]int{'K': {5, 3}, 'A': {7, 3}, 'B': {3, 3}}[kind]
	f, r := pts[0], pts[1]
	if !red {
		f, r = 10-f, 9-r
	}
	c := p.g[f][r]
	if c == 0 {
		return 0
	}
	hasY := func(side bool) bool {
		for x := 0; x < 11; x++ {
			for y := 0; y < 10; y++ {
				if (side && p.g[x][y] == 'Y') || (!side && p.g[x][y] == 'y') {
					return true
				}
			}
		}
		return false
	}
	owner := isRed(c)
	if !hasY(owner) {
		return 0
	}
	if owner == red {
		return 1
	}
	return -1
}

func (p *shRef) pseudo(red bool) []shMove {
	var out []shMove
	own := func(c byte) bool { return c != 0 && isRed(c) == red }
	add := func(f0, r0, f1, r1 int) {
		if shExists(f1, r1) && !own(p.g[f1][r1]) {
			out = append(out, shMove{f0, r0, f1, r1})
		}
	}
	empty := func(f, r int) bool { return shExists(f, r) && p.g[f][r] == 0 }
	fwd, base := 1, 0
	if !red {
		fwd, base = -1, 9
	}
	ownHalf := func(r int) bool { return (red && r <= 4) || (!red && r >= 5) }
	pw := map[byte]int{'K': p.power(red, 'K'), 'A': p.power(red, 'A'), 'B': p.power(red, 'B')}
	orth := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diag := [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	for f := 0; f < 11; f++ {
		for r := 0; r < 10; r++ {
			c := p.g[f][r]
			if c == 0 || isRed(c) != red {
				continue
			}
			k := c &^ 0x20
			if pw[k] < 0 {
				continue // bound
			}
			switch k {
			case 'K':
				for _, d := range orth {
					if shPalace(red, f+d[0], r+d[1]) {
						add(f, r, f+d[0], r+d[1])
						if pw[k] > 0 && empty(f+d[0], r+d[1]) && shPalace(red, f+2*d[0], r+2*d[1]) {
							add(f, r, f+2*d[0], r+2*d[1])
						}
					}
				}
			case 'A':
				for _, d := range diag {
					if !shPalace(red, f, r) || !shSeg(f, r, f+d[0], r+d[1]) {
						continue
					}
					add(f, r, f+d[0], r+d[1])
					if pw[k] > 0 && empty(f+d[0], r+d[1]) && shSeg(f+d[0], r+d[1], f+2*d[0], r+2*d[1]) {
						add(f, r, f+2*d[0], r+2*d[1])
					}
				}
			case 'B':
				seen := map[[2]int]bool{}
				for _, d := range diag {
					lf, lr := f+2*d[0], r+2*d[1]
					if !empty(f+d[0], r+d[1]) || !shExists(lf, lr) || !ownHalf(lr) {
						continue
					}
					add(f, r, lf, lr)
					if pw[k] <= 0 || p.g[lf][lr] != 0 {
						continue
					}
					for _, e := range diag {
						tf, tr := lf+2*e[0], lr+2*e[1]
						if (tf == f && tr == r) || seen[[2]int{tf, tr}] || !empty(lf+e[0], lr+e[1]) || !shExists(tf, tr) || !ownHalf(tr) || own(p.g[tf][tr]) {
							continue
						}
						seen[[2]int{tf, tr}] = true
						add(f, r, tf, tr)
					}
				}
			case 'N':
				for _, d := range [][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}} {
					lf, lr := f, r+d[1]/2
					if abs(d[0]) == 2 {
						lf, lr = f+d[0]/2, r
					}
					tf, tr := f+d[0], r+d[1]
					corner := (tf == 0 || tf == 10) && (tr == 0 || tr == 9)
					if empty(lf, lr) && !corner {
						add(f, r, tf, tr)
					}
				}
			case 'R', 'C':
				for _, d := range orth {
					screen := false
					for cf, cr := f+d[0], r+d[1]; shExists(cf, cr); cf, cr = cf+d[0], cr+d[1] {
						x := p.g[cf][cr]
						if !screen {
							if x == 0 {
								add(f, r, cf, cr)
								continue
							}
							if k == 'R' {
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
			case 'Y':
				if r == base {
					add(f, r, f+1, r)
					add(f, r, f-1, r)
				}
			}
		}
	}
	return out
}

func (p *shRef) attacked(red bool) bool {
	kf, kr, facing := refKings(11, 10, func(f, r int) byte { return p.g[f][r] }, red)
	if facing {
		return true
	}
	for _, m := range p.pseudo(!red) {
		if m.f1 == kf && m.r1 == kr {
			return true
		}
	}
	return false
}

func (p *shRef) perft(depth int) uint64 {
	return refPerft(depth, func() []shMove { return p.pseudo(p.red) }, func(m shMove) func() {
		moved, took := p.g[m.f0][m.r0], p.g[m.f1][m.r1]
		p.g[m.f1][m.r1], p.g[m.f0][m.r0] = moved, 0
		p.red = !p.red
		return func() { p.red = !p.red; p.g[m.f0][m.r0], p.g[m.f1][m.r1] = moved, took }
	}, func() bool { return p.attacked(!p.red) })
}

// shanheRefFENs: boosts and binds on both sides, one side without 御, the
// general on f3, pieces on the corners.
var shanheRefFENs = []string{
	"y3akab1r1/11/2c2b5/1p3P1p3/11/11/3p1K1P3/2C3A4/11/YR1BA2BN2 w - - 0 1",
	"y3akab1r1/11/2c2b5/1p3P1p3/11/11/3p1K1P3/2C3A4/11/YR1BA2BN2 b - - 0 1",
	"4k6/5a5/11/11/11/11/3p1n1P3/11/11/3BAK1B3 w - - 0 1",
}

// TestShanheRefPerft cross-checks the core against shRef from the start (depth
// 3, 2 under -short) and the middle positions (depth 2).
func TestShanheRefPerft(t *testing.T) {
	v := shanheVariant(t)
	depth := 3
	if small() {
		depth = 2
	}
	for _, fen := range append([]string{ShanheStart}, shanheRefFENs...) {
		d := depth
		if fen != ShanheStart {
			d = 2 // the reference is slow; depth 3 agrees too (24453, 31540, 961)
		}
		got := mustPosition(t, v, fen).Perft(d)
		if want := shParse(fen).perft(d); got != want {
			t.Errorf("%s: perft(%d) = %d, independent generator %d", fen, d, got, want)
		}
	}
}
