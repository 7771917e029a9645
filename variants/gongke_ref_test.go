package variants

import (
	"strings"
	"testing"
)

// An independent, slow move generator for gongke, written from rules/gongke.md
// with no tables, zones or modules of the core: it cross-checks the perft
// counts (TestGongkePerftCrossCheck).

type gkRef struct {
	g   [11][12]byte // [file][rank], 0 = empty
	red bool
}

func gkExists(f, r int) bool {
	switch {
	case f < 0 || f > 10 || r < 0 || r > 11:
		return false
	case r == 0 || r == 11:
		return f >= 3 && f <= 7
	case f == 0 || f == 10:
		return r != 5 && r != 6
	}
	return true
}

// gkStep is one step; the pass joins a4-a7 and k4-k7 along the file.
func gkStep(f, r, df, dr int) (int, int, bool) {
	if gkExists(f+df, r+dr) {
		return f + df, r + dr, true
	}
	if (f == 0 || f == 10) && df == 0 && (r == 4 && dr == 1 || r == 7 && dr == -1) {
		return f, r + 3*dr, true
	}
	return 0, 0, false
}

func gkParse(fen string) *gkRef {
	board, rest, _ := strings.Cut(fen, " ")
	p := &gkRef{red: strings.HasPrefix(rest, "w")}
	for i, row := range strings.Split(board, "/") {
		r, f := 11-i, 0
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
			p.g[f][r] = c
			f++
		}
	}
	return p
}

// ownLine reports whether (f, r) is on side red's own last-defense line.
func gkOwnLine(red bool, r int) bool { return (red && r == 0) || (!red && r == 11) }

// frozen: a piece on its enemy's line.
func (p *gkRef) frozen(f, r int) bool {
	c := p.g[f][r]
	return c != 0 && gkOwnLine(!isRed(c), r)
}

type gkMove struct{ f0, r0, f1, r1 int }

// pseudo lists side red's moves by the movement rules (own line excluded,
// frozen pieces still).
func (p *gkRef) pseudo(red bool) []gkMove {
	var out []gkMove
	own := func(c byte) bool { return c != 0 && isRed(c) == red }
	fwd := 1
	if !red {
		fwd = -1
	}
	inPalace := func(f, r int) bool {
		if red {
			return f >= 4 && f <= 6 && r >= 1 && r <= 3
		}
		return f >= 4 && f <= 6 && r >= 8 && r <= 10
	}
	ownHalf := func(r int) bool { return (red && r <= 5) || (!red && r >= 6) }
	for f := 0; f < 11; f++ {
		for r := 0; r < 12; r++ {
			c := p.g[f][r]
			if !own(c) || p.frozen(f, r) {
				continue
			}
			// mode 0 move or capture, 1 move only
			add := func(f1, r1, mode int) {
				if !gkExists(f1, r1) || gkOwnLine(red, r1) || own(p.g[f1][r1]) || (mode == 1 && p.g[f1][r1] != 0) {
					return
				}
				out = append(out, gkMove{f, r, f1, r1})
			}
			switch c &^ 0x20 {
			case 'K':
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					if inPalace(f+d[0], r+d[1]) {
						add(f+d[0], r+d[1], 0)
					}
				}
			case 'A':
				for _, d := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
					if inPalace(f+d[0], r+d[1]) {
						add(f+d[0], r+d[1], 0)
					}
				}
			case 'B':
				for _, d := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
					if gkExists(f+d[0], r+d[1]) && p.g[f+d[0]][r+d[1]] == 0 && ownHalf(r+2*d[1]) {
						add(f+2*d[0], r+2*d[1], 0)
					}
				}
			case 'N':
				for _, d := range [][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}} {
					lf, lr := f, r+d[1]/2
					if d[0] == 2 || d[0] == -2 {
						lf, lr = f+d[0]/2, r
					}
					if gkExists(lf, lr) && p.g[lf][lr] == 0 {
						add(f+d[0], r+d[1], 0)
					}
				}
			case 'R', 'C':
				cannon := c&^0x20 == 'C'
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					cf, cr, screen := f, r, false
					for {
						nf, nr, ok := gkStep(cf, cr, d[0], d[1])
						if !ok {
							break
						}
						cf, cr = nf, nr
						x := p.g[cf][cr]
						if !screen && x == 0 {
							add(cf, cr, 0)
							continue
						}
						if !screen && !cannon {
							add(cf, cr, 0)
							break
						}
						if !screen {
							screen = true
							continue
						}
						if x != 0 {
							add(cf, cr, 0)
							break
						}
					}
				}
			case 'P':
				if nf, nr, ok := gkStep(f, r, 0, fwd); ok {
					add(nf, nr, 0)
				}
				if !ownHalf(r) {
					add(f+1, r, 0)
					add(f-1, r, 0)
				}
			case 'G':
				for _, d := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
					add(f+d[0], r+d[1], 1)
				}
				seen := map[[2]int]bool{{f, r}: true}
				var walk func(cf, cr int)
				walk = func(cf, cr int) {
					for _, d := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
						of, or, tf, tr := cf+d[0], cr+d[1], cf+2*d[0], cr+2*d[1]
						if !gkExists(of, or) || p.g[of][or] == 0 || !gkExists(tf, tr) || seen[[2]int{tf, tr}] || gkOwnLine(red, tr) {
							continue
						}
						x := p.g[tf][tr]
						if own(x) {
							continue
						}
						seen[[2]int{tf, tr}] = true
						out = append(out, gkMove{f, r, tf, tr})
						if x == 0 && !gkOwnLine(!red, tr) {
							walk(tf, tr)
						}
					}
				}
				walk(f, r)
			}
		}
	}
	return out
}

func (p *gkRef) attacked(red bool) bool {
	kf, kr, ef, er := -1, -1, -1, -1
	for f := 0; f < 11; f++ {
		for r := 0; r < 12; r++ {
			switch c := p.g[f][r]; {
			case c == 'K' && red, c == 'k' && !red:
				kf, kr = f, r
			case c == 'k' && red, c == 'K' && !red:
				ef, er = f, r
			}
		}
	}
	if kf == ef {
		open := true
		for r := min(kr, er) + 1; r < max(kr, er); r++ {
			if p.g[kf][r] != 0 {
				open = false
			}
		}
		if open {
			return true
		}
	}
	for _, m := range p.pseudo(!red) {
		if m.f1 == kf && m.r1 == kr {
			return true
		}
	}
	return false
}

func (p *gkRef) perft(red bool, depth int) uint64 {
	var n uint64
	for _, m := range p.pseudo(red) {
		a, b := p.g[m.f0][m.r0], p.g[m.f1][m.r1]
		p.g[m.f1][m.r1], p.g[m.f0][m.r0] = a, 0
		if !p.attacked(red) {
			if depth == 1 {
				n++
			} else {
				n += p.perft(!red, depth-1)
			}
		}
		p.g[m.f0][m.r0], p.g[m.f1][m.r1] = a, b
	}
	return n
}

// TestGongkePerftCrossCheck compares the core's perft with the reference's
// from the start (depth 3) and from middle games with chains, frozen pieces
// and pieces next to the lines (depth 2); one less under -short and -race.
func TestGongkePerftCrossCheck(t *testing.T) {
	v := mustVariant(t, "gongke")
	less := 0
	if small() {
		less = 1
	}
	for i, fen := range []string{
		GongkeStart,
		"3R7/1r1bak3n1/5a3G1/g1c1P3c1g/1p1p3p1p1/11/2G8/1P1P3P1P1/2C5C2/3r7/1RNBAKABN2/5p5 w - - 0 1",
		"3R7/1r1bak3n1/5a3G1/g1c1P3c1g/1p1p3p1p1/11/2G8/1P1P3P1P1/2C5C2/3r7/1RNBAKABN2/5p5 b - - 0 1",
	} {
		p := mustPosition(t, v, fen)
		ref := gkParse(fen)
		depth := 2 - less
		if i == 0 {
			depth = 3 - less
		}
		for d := 1; d <= depth; d++ {
			if got, want := p.Perft(d), ref.perft(ref.red, d); got != want {
				t.Errorf("%s: perft(%d) = %d, reference %d", fen, d, got, want)
			}
		}
	}
}
