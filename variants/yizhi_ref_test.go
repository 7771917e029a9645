package variants

import (
	"strings"
	"testing"
)

// An independent, slow move generator for yizhi written from rules/yizhi.md
// with no tables, zones or atoms of the core: the 11-point palaces and their
// drawn diagonals are spelt out here. TestYizhiPerft cross-checks the core's
// perft against it.

type yzRef struct {
	g   [9][10]byte // [file][rank]
	red bool
}

type yzMove struct{ f0, r0, f1, r1 int }

// yzSegs are the drawn unit diagonals of Red's palace; Black's are their
// 180-degree turn.
var yzSegs = [][4]int{
	{3, 0, 4, 1}, {4, 1, 5, 2}, {5, 0, 4, 1}, {4, 1, 3, 2},
	{2, 1, 3, 0}, {2, 1, 3, 2}, {6, 1, 5, 0}, {6, 1, 5, 2},
}

func yzSeg(f0, r0, f1, r1 int) bool {
	for _, s := range yzSegs {
		for _, q := range [][4]int{s, {8 - s[0], 9 - s[1], 8 - s[2], 9 - s[3]}} {
			if (q[0] == f0 && q[1] == r0 && q[2] == f1 && q[3] == r1) || (q[2] == f0 && q[3] == r0 && q[0] == f1 && q[1] == r1) {
				return true
			}
		}
	}
	return false
}

// yzPalace reports whether (f, r) is in Red's (red) or Black's 11-point palace.
func yzPalace(red bool, f, r int) bool {
	if !red {
		f, r = 8-f, 9-r
	}
	return (f >= 3 && f <= 5 && r >= 0 && r <= 2) || (r == 1 && (f == 2 || f == 6))
}

func yzParse(fen string) *yzRef {
	board, rest, _ := strings.Cut(fen, " ")
	p := &yzRef{red: !strings.HasPrefix(rest, "b")}
	for i, row := range strings.Split(board, "/") {
		f := 0
		for _, c := range []byte(row) {
			if c >= '1' && c <= '9' {
				f += int(c - '0')
				continue
			}
			p.g[f][9-i] = c
			f++
		}
	}
	return p
}

func (p *yzRef) pseudo(red bool) []yzMove {
	var out []yzMove
	on := func(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 10 }
	own := func(c byte) bool { return c != 0 && isRed(c) == red }
	// add: mode 0 move or capture, 1 move only.
	add := func(f0, r0, f1, r1, mode int) {
		if !on(f1, r1) || own(p.g[f1][r1]) || (mode == 1 && p.g[f1][r1] != 0) {
			return
		}
		out = append(out, yzMove{f0, r0, f1, r1})
	}
	fwd, left := 1, -1
	if !red {
		fwd, left = -1, 1
	}
	all8 := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	diag := all8[4:]
	for f := 0; f < 9; f++ {
		for r := 0; r < 10; r++ {
			c := p.g[f][r]
			if c == 0 || isRed(c) != red {
				continue
			}
			switch c &^ 0x20 {
			case 'K':
				for _, d := range all8[:4] {
					if yzPalace(red, f+d[0], r+d[1]) {
						add(f, r, f+d[0], r+d[1], 0)
					}
				}
			case 'Z', 'U':
				for _, d := range diag {
					if yzPalace(red, f, r) && yzSeg(f, r, f+d[0], r+d[1]) {
						add(f, r, f+d[0], r+d[1], 0)
					}
				}
				side := left
				if c&^0x20 == 'U' {
					side = -left
				}
				if yzPalace(red, f+side, r) {
					add(f, r, f+side, r, 0)
				}
			case 'B':
				for _, d := range diag {
					tr := r + 2*d[1]
					if on(f+d[0], r+d[1]) && p.g[f+d[0]][r+d[1]] == 0 && ((red && tr <= 4) || (!red && tr >= 5)) {
						add(f, r, f+2*d[0], tr, 0)
					}
				}
			case 'M':
				for _, d := range [][2]int{{1, 3}, {-1, 3}, {1, -3}, {-1, -3}, {3, 1}, {-3, 1}, {3, -1}, {-3, -1}} {
					add(f, r, f+d[0], r+d[1], 0)
				}
				add(f, r, f, r-fwd, 1)
			case 'Y':
				for i, d := range all8 {
					mode := 0
					if i >= 4 {
						mode = 1
					}
					add(f, r, f+d[0], r+d[1], mode)
					if on(f+d[0], r+d[1]) && p.g[f+d[0]][r+d[1]] == 0 {
						add(f, r, f+2*d[0], r+2*d[1], 0)
					}
				}
			case 'Q':
				for _, d := range all8 {
					screens := 0
					for k := 1; k <= 3 && on(f+k*d[0], r+k*d[1]); k++ {
						x := p.g[f+k*d[0]][r+k*d[1]]
						if x == 0 {
							if screens == 0 {
								add(f, r, f+k*d[0], r+k*d[1], 1)
							}
							continue
						}
						if screens == 1 {
							add(f, r, f+k*d[0], r+k*d[1], 0)
							break
						}
						screens++
					}
				}
			case 'I':
				add(f, r, f+1, r+fwd, 0)
				add(f, r, f-1, r+fwd, 0)
				if (red && r >= 5) || (!red && r <= 4) {
					add(f, r, f, r+fwd, 0)
				}
				if r == 4 || r == 5 {
					add(f, r, f+1, r, 0)
					add(f, r, f-1, r, 0)
				}
				if yzPalace(!red, f, r) {
					for _, df := range []int{1, -1} {
						if yzSeg(f, r, f+df, r-fwd) {
							add(f, r, f+df, r-fwd, 0)
						}
					}
				}
			}
		}
	}
	return out
}

// attacked reports whether the leader of side red is attacked or faces the other.
func (p *yzRef) attacked(red bool) bool {
	kf, kr, facing := refKings(9, 10, func(f, r int) byte { return p.g[f][r] }, red)
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

func (p *yzRef) perft(depth int) uint64 {
	return refPerft(depth, func() []yzMove { return p.pseudo(p.red) }, func(m yzMove) func() {
		moved, took := p.g[m.f0][m.r0], p.g[m.f1][m.r1]
		p.g[m.f1][m.r1], p.g[m.f0][m.r0] = moved, 0
		p.red = !p.red
		return func() { p.red = !p.red; p.g[m.f0][m.r0], p.g[m.f1][m.r1] = moved, took }
	}, func() bool { return p.attacked(!p.red) })
}

// yizhiRefFENs are middle positions for the cross-check: conscripts on the
// banks and in the enemy palace, guards on the side points, spears with screens.
var yizhiRefFENs = []string{
	"y1b1k1b1y/2I1z1I2/1q1u3q1/i3m3i/2I1Q1i2/2i1I4/I8/1Q2Y4/2Z1M1U2/Y1B1K1B2 w - - 0 1",
	"y1b1k1b1y/2I1z1I2/1q1u3q1/i3m3i/2I1Q1i2/2i1I4/I8/1Q2Y4/2Z1M1U2/Y1B1K1B2 b - - 0 1",
}

// TestYizhiRefPerft cross-checks the core against yzRef from the start and the
// middle positions.
func TestYizhiRefPerft(t *testing.T) {
	v := yizhiVariant(t)
	depth := 3
	if small() {
		depth = 2
	}
	for _, fen := range append([]string{YizhiStart}, yizhiRefFENs...) {
		d := depth
		if fen != YizhiStart {
			d = 2
		}
		got := mustPosition(t, v, fen).Perft(d)
		if want := yzParse(fen).perft(d); got != want {
			t.Errorf("%s: perft(%d) = %d, independent generator %d", fen, d, got, want)
		}
	}
}
