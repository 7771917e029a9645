package variants

import (
	"testing"
)

// An independent, slow move generator for shanshui, written from
// rules/shanshui.md with no tables, zones or modules of the core (it shares only
// the mountain board's point test mtExists and pass step mtStep with the
// mountain-border reference): it cross-checks the perft counts. It leaves out
// the 雄's change (no hand is kept), so it is used only on positions where no
// change can arise within the depth (no 雄 of the side that has a pile).

type ssRefMove struct {
	f0, r0, f1, r1 int
	takes          [][2]int // points whose pieces the move removes (landing or jumped)
	flip           bool
}

type ssRef struct{ g [11][10]byte }

func ssUpper(c byte) byte { return c &^ 0x20 }

var ssRefFlip = map[byte]byte{'R': 'Y', 'Y': 'R', 'N': 'T', 'T': 'N', 'C': 'Q', 'Q': 'C', 'B': 'S', 'S': 'B',
	'A': 'W', 'W': 'A', 'K': 'J', 'J': 'K', 'P': 'X', 'X': 'P'}

func (p *ssRef) own(c byte, red bool) bool   { return c != 0 && isRed(c) == red }
func (p *ssRef) enemy(c byte, red bool) bool { return c != 0 && isRed(c) != red }

// base lists the movement-rule moves of side red, before flips.
func (p *ssRef) base(red bool) []ssRefMove {
	var out []ssRefMove
	fwd := 1
	if !red {
		fwd = -1
	}
	inPalace := func(f, r int) bool {
		if red {
			return f >= 4 && f <= 6 && r >= 0 && r <= 2
		}
		return f >= 4 && f <= 6 && r >= 7 && r <= 9
	}
	ownHalf := func(r int) bool { return (red && r <= 4) || (!red && r >= 5) }
	// rel turns a Red point name's coordinates into the side's (180° rotation).
	rel := func(f, r int) (int, int) {
		if red {
			return f, r
		}
		return 10 - f, 9 - r
	}
	field := func(f, r int) bool {
		for _, q := range [][2]int{{3, 0}, {7, 0}, {1, 2}, {5, 2}, {9, 2}, {3, 4}, {7, 4}} {
			if x, y := rel(q[0], q[1]); x == f && y == r {
				return true
			}
		}
		return false
	}
	for f := 0; f < 11; f++ {
		for r := 0; r < 10; r++ {
			c := p.g[f][r]
			if !p.own(c, red) {
				continue
			}
			// add a move to (f1, r1): mode 0 move or capture, 1 move only, 2 capture only.
			add := func(f1, r1, mode int) {
				if !mtExists(f1, r1) {
					return
				}
				x := p.g[f1][r1]
				switch {
				case x == 0 && mode != 2:
					out = append(out, ssRefMove{f0: f, r0: r, f1: f1, r1: r1})
				case p.enemy(x, red) && mode != 1:
					out = append(out, ssRefMove{f0: f, r0: r, f1: f1, r1: r1, takes: [][2]int{{f1, r1}}})
				}
			}
			// ride walks up to n points (0 = any) through empty points.
			ride := func(df, dr, n, mode int) {
				cf, cr := f, r
				for i := 1; n == 0 || i <= n; i++ {
					nf, nr, ok := mtStep(cf, cr, df, dr)
					if !ok {
						return
					}
					cf, cr = nf, nr
					add(cf, cr, mode)
					if p.g[cf][cr] != 0 {
						return
					}
				}
			}
			// hop captures over exactly one piece within n points (0 = any).
			hop := func(df, dr, n int) {
				cf, cr, screens := f, r, 0
				for i := 1; n == 0 || i <= n; i++ {
					nf, nr, ok := mtStep(cf, cr, df, dr)
					if !ok {
						return
					}
					cf, cr = nf, nr
					if p.g[cf][cr] == 0 {
						continue
					}
					if screens == 1 {
						add(cf, cr, 2)
						return
					}
					screens++
				}
			}
			empty := func(f, r int) bool { return mtExists(f, r) && p.g[f][r] == 0 }
			orth := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
			diag := [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
			// The mountain moves of 相/丞 as (from, passed..., to) in Red's names.
			mountain := [][][2]int{{{3, 0}, {2, 1}, {1, 2}, {0, 3}}, {{7, 0}, {8, 1}, {9, 2}, {10, 3}},
				{{1, 2}, {0, 3}}, {{9, 2}, {10, 3}}}
			switch ssUpper(c) {
			case 'K', 'J':
				for _, d := range orth {
					if inPalace(f+d[0], r+d[1]) {
						add(f+d[0], r+d[1], 0)
					}
				}
			case 'A':
				for _, d := range diag {
					if inPalace(f+d[0], r+d[1]) {
						add(f+d[0], r+d[1], 0)
					}
				}
			case 'W':
				for _, d := range diag {
					if inPalace(f+d[0], r+d[1]) {
						add(f+d[0], r+d[1], 0)
						if p.g[f+d[0]][r+d[1]] == 0 && inPalace(f+2*d[0], r+2*d[1]) {
							add(f+2*d[0], r+2*d[1], 0)
						}
					}
				}
			case 'B', 'S':
				minister := ssUpper(c) == 'S'
				if field(f, r) {
					for _, d := range diag {
						ef, er, tf, tr := f+d[0], r+d[1], f+2*d[0], r+2*d[1]
						if !mtExists(tf, tr) || !ownHalf(tr) {
							continue
						}
						e := p.g[ef][er]
						switch {
						case !minister && e == 0:
							add(tf, tr, 0)
						case minister && e == 0:
							add(tf, tr, 1)
						case minister && p.enemy(e, red) && p.g[tf][tr] == 0:
							out = append(out, ssRefMove{f0: f, r0: r, f1: tf, r1: tr, takes: [][2]int{{ef, er}}})
						}
					}
				}
				for _, line := range mountain {
					for _, rev := range []bool{false, true} {
						pts := make([][2]int, len(line))
						for i, q := range line {
							j := i
							if rev {
								j = len(line) - 1 - i
							}
							pts[j][0], pts[j][1] = rel(q[0], q[1])
						}
						if pts[0][0] != f || pts[0][1] != r {
							continue
						}
						to := pts[len(pts)-1]
						if !minister {
							add(to[0], to[1], 0)
							continue
						}
						if p.g[to[0]][to[1]] != 0 {
							continue
						}
						var takes [][2]int
						ok := true
						for _, q := range pts[1 : len(pts)-1] {
							x := p.g[q[0]][q[1]]
							if p.own(x, red) {
								ok = false
							} else if x != 0 {
								takes = append(takes, q)
							}
						}
						if ok {
							out = append(out, ssRefMove{f0: f, r0: r, f1: to[0], r1: to[1], takes: takes})
						}
					}
				}
			case 'N':
				for _, d := range [][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}} {
					lf, lr := f, r+d[1]/2
					if d[0] == 2 || d[0] == -2 {
						lf, lr = f+d[0]/2, r
					}
					if empty(lf, lr) {
						add(f+d[0], r+d[1], 0)
					}
				}
			case 'T':
				for _, d := range [][2]int{{2, 3}, {-2, 3}, {2, -3}, {-2, -3}, {3, 2}, {-3, 2}, {3, -2}, {-3, -2}} {
					if empty(f+d[0]/abs(d[0]), r+d[1]/abs(d[1])) {
						add(f+d[0], r+d[1], 0)
					}
				}
			case 'R':
				for _, d := range orth {
					ride(d[0], d[1], 0, 0)
				}
			case 'C':
				for _, d := range orth {
					ride(d[0], d[1], 0, 1)
					hop(d[0], d[1], 0)
				}
			case 'Y':
				for _, d := range orth {
					ride(d[0], d[1], 2, 0)
				}
				for _, d := range diag {
					add(f+d[0], r+d[1], 1)
					if empty(f+d[0], r+d[1]) {
						add(f+2*d[0], r+2*d[1], 0)
					}
				}
			case 'Q':
				for _, d := range append(orth, diag...) {
					ride(d[0], d[1], 3, 1)
					hop(d[0], d[1], 3)
				}
			case 'P':
				if nf, nr, ok := mtStep(f, r, 0, fwd); ok {
					add(nf, nr, 0)
				}
				if !ownHalf(r) {
					add(f+1, r, 0)
					add(f-1, r, 0)
				}
			case 'X':
				add(f+1, r+fwd, 1)
				add(f-1, r+fwd, 1)
				if nf, nr, ok := mtStep(f, r, 0, fwd); ok {
					add(nf, nr, 2)
				}
				add(f+1, r, 2)
				add(f-1, r, 2)
			}
		}
	}
	return out
}

// royal finds side red's royal.
func (p *ssRef) royal(red bool) (int, int) {
	for f := 0; f < 11; f++ {
		for r := 0; r < 10; r++ {
			if c := p.g[f][r]; p.own(c, red) && (ssUpper(c) == 'K' || ssUpper(c) == 'J') {
				return f, r
			}
		}
	}
	return -1, -1
}

// facing reports whether the two royals stand on one file with nothing between.
func (p *ssRef) facing() bool {
	rf, rr := p.royal(true)
	bf, br := p.royal(false)
	if rf != bf || rf < 0 {
		return false
	}
	for r := rr + 1; r < br; r++ {
		if p.g[rf][r] != 0 {
			return false
		}
	}
	return true
}

// attacked: side red's royal can be taken, or an enemy 君 faces it.
func (p *ssRef) attacked(red bool) bool {
	kf, kr := p.royal(red)
	for _, m := range p.base(!red) {
		for _, t := range m.takes {
			if t[0] == kf && t[1] == kr {
				return true
			}
		}
	}
	ef, er := p.royal(!red)
	return p.facing() && ssUpper(p.g[ef][er]) == 'J'
}

// legal lists side red's legal moves with their flipping twins.
func (p *ssRef) legal(red bool) []ssRefMove {
	check := p.attacked(red)
	var out []ssRefMove
	for _, m := range p.base(red) {
		for _, flip := range []bool{false, true} {
			if flip && !check && len(m.takes) == 0 {
				continue
			}
			m.flip = flip
			undo := p.make(m)
			kf, kr := p.royal(true)
			bf, br := p.royal(false)
			kings := ssUpper(p.g[kf][kr]) == 'K' && ssUpper(p.g[bf][br]) == 'K'
			if !p.attacked(red) && !(kings && p.facing()) {
				out = append(out, m)
			}
			p.g = undo
		}
	}
	return out
}

func (p *ssRef) make(m ssRefMove) [11][10]byte {
	undo := p.g
	c := p.g[m.f0][m.r0]
	for _, t := range m.takes {
		p.g[t[0]][t[1]] = 0
	}
	if m.flip {
		c = ssRefFlip[ssUpper(c)] | c&0x20
	}
	p.g[m.f0][m.r0] = 0
	p.g[m.f1][m.r1] = c
	return undo
}

func (p *ssRef) perft(red bool, depth int) uint64 {
	moves := p.legal(red)
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		undo := p.make(m)
		n += p.perft(!red, depth-1)
		p.g = undo
	}
	return n
}

// TestShanshuiPerftCrossCheck compares the core's perft with the reference's
// from the start and from a middle game with every back kind on the board.
func TestShanshuiPerftCrossCheck(t *testing.T) {
	v := mustVariant(t, "shanshui")
	// The reference is slow: depth 3 from the start only, depth 2 elsewhere
	// (one less under -short and -race).
	less := 0
	if small() {
		less = 1
	}
	for i, fen := range []string{
		ShanshuiStart,
		"1r1sw1k1n2/11/2q3wy3/1p1p1x1p1p1/11/11/1PXP3T1P1/2Q5C2/5W5/1Y1S1J1BNR1 w - - 0 1",
		"1r1sw1k1n2/11/2q3wy3/1p1p1x1p1p1/11/11/1PXP3T1P1/2Q5C2/5W5/1Y1S1J1BNR1 b - - 0 1",
		"4k6/11/3r7/11/11/11/4p6/1n3S5/2p8/3S1K3R1 w - - 0 1",
	} {
		p := mustPosition(t, v, fen)
		mp := mtParse(t, fen)
		ref := &ssRef{g: mp.g}
		depth := 2 - less
		if i == 0 {
			depth = 3 - less
		}
		for d := 1; d <= depth; d++ {
			if got, want := p.Perft(d), ref.perft(mp.red, d); got != want {
				t.Errorf("%s: perft(%d) = %d, reference %d", fen, d, got, want)
			}
		}
	}
}
