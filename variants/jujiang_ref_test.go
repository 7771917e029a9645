package variants

import (
	"testing"
)

// An independent, slow move generator for jujiang, written from
// rules/jujiang.md with no tables, zones or bodies of the core: a grid of FEN
// letters where the giant is its letter on four points. It cross-checks the
// perft counts (TestJujiangPerftCrossCheck).

// jjExists: files c-k everywhere, a b l m on the river banks only.
func jjExists(f, r int) bool {
	if f < 0 || f > 12 || r < 0 || r > 9 {
		return false
	}
	return (f >= 2 && f <= 10) || r == 4 || r == 5
}

// jjMove is a move; giant moves go from and to the lower-left points.
type jjMove struct{ f0, r0, f1, r1 int }

type jjRef struct{ p *refPos }

func (j jjRef) at(f, r int) byte {
	if !jjExists(f, r) {
		return 0
	}
	return j.p.grid[r][f]
}

// free reports whether (f, r) is an existing empty point: legs and eyes on a
// missing point block.
func (j jjRef) free(f, r int) bool { return jjExists(f, r) && j.p.grid[r][f] == 0 }

func jjPalace(red bool, f, r int) bool {
	if f < 5 || f > 7 {
		return false
	}
	if red {
		return r <= 2
	}
	return r >= 7
}

// pseudo lists side red's moves by the movement rules alone.
func (j jjRef) pseudo(red bool) []jjMove {
	var out []jjMove
	mine := func(c byte) bool { return c != 0 && isRed(c) == red }
	for r := 0; r < 10; r++ {
		for f := 0; f < 13; f++ {
			c := j.at(f, r)
			if !mine(c) {
				continue
			}
			add := func(f1, r1 int) {
				if jjExists(f1, r1) && !mine(j.at(f1, r1)) {
					out = append(out, jjMove{f, r, f1, r1})
				}
			}
			fw := 1
			if !red {
				fw = -1
			}
			switch c &^ 0x20 {
			case 'K':
				for _, d := range refOrth {
					if jjPalace(red, f+d[0], r+d[1]) {
						add(f+d[0], r+d[1])
					}
				}
			case 'A':
				for _, d := range refDiag4 {
					if jjPalace(red, f+d[0], r+d[1]) {
						add(f+d[0], r+d[1])
					}
				}
			case 'B':
				for _, d := range refDiag4 {
					tr := r + 2*d[1]
					if j.free(f+d[0], r+d[1]) && ((red && tr <= 4) || (!red && tr >= 5)) {
						add(f+2*d[0], tr)
					}
				}
			case 'N':
				for _, d := range [][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}} {
					lf, lr := f, r+d[1]/2
					if d[0] == 2 || d[0] == -2 {
						lf, lr = f+d[0]/2, r
					}
					if j.free(lf, lr) {
						add(f+d[0], r+d[1])
					}
				}
			case 'R', 'C':
				cannon := c&^0x20 == 'C'
				for _, d := range refOrth {
					screen := false
					for x, y := f+d[0], r+d[1]; jjExists(x, y); x, y = x+d[0], y+d[1] {
						t := j.at(x, y)
						switch {
						case !screen && t == 0:
							add(x, y)
							continue
						case !screen && !cannon:
							add(x, y)
						case !screen:
							screen = true
							continue
						case t == 0:
							continue
						default:
							add(x, y)
						}
						break
					}
				}
			case 'P':
				add(f, r+fw)
				if (red && r >= 5) || (!red && r <= 4) {
					add(f+1, r)
					add(f-1, r)
				}
			case 'G':
				// Only from the lower-left point, once.
				if j.at(f-1, r) == c || j.at(f, r-1) == c {
					continue
				}
				for _, d := range refOrth {
					nf, nr := f+2*d[0], r+2*d[1]
					ok := true
					for _, o := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
						x, y := nf+o[0], nr+o[1]
						if !jjExists(x, y) || (mine(j.at(x, y)) && j.at(x, y) != c) {
							ok = false
						}
					}
					if ok {
						out = append(out, jjMove{f, r, nf, nr})
					}
				}
			}
		}
	}
	return out
}

// play makes m on a copy of the grid and returns it.
func (j jjRef) play(m jjMove) jjRef {
	q := &refPos{w: 13, h: 10, grid: make([][]byte, 10), black: !j.p.black}
	for r := range q.grid {
		q.grid[r] = append([]byte(nil), j.p.grid[r]...)
	}
	n := jjRef{q}
	clearGiant := func(c byte) {
		for r := 0; r < 10; r++ {
			for f := 0; f < 13; f++ {
				if q.grid[r][f] == c {
					q.grid[r][f] = 0
				}
			}
		}
	}
	c := q.grid[m.r0][m.f0]
	if c&^0x20 == 'G' {
		clearGiant(c)
		for _, o := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
			x, y := m.f1+o[0], m.r1+o[1]
			if t := q.grid[y][x]; t != 0 && t&^0x20 == 'G' {
				clearGiant(t)
			}
			q.grid[y][x] = c
		}
		return n
	}
	if t := q.grid[m.r1][m.f1]; t != 0 && t&^0x20 == 'G' {
		clearGiant(t)
	}
	q.grid[m.r1][m.f1], q.grid[m.r0][m.f0] = c, 0
	return n
}

// attacked: side red's general can be taken, by a piece or a giant's block,
// or faces the enemy general.
func (j jjRef) attacked(red bool) bool {
	kf, kr, ef, er := -1, -1, -1, -1
	for r := 0; r < 10; r++ {
		for f := 0; f < 13; f++ {
			switch c := j.at(f, r); {
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
			open = open && j.at(kf, r) == 0
		}
		if open {
			return true
		}
	}
	for _, m := range j.pseudo(!red) {
		if j.at(m.f0, m.r0)&^0x20 == 'G' {
			if kf >= m.f1 && kf <= m.f1+1 && kr >= m.r1 && kr <= m.r1+1 {
				return true
			}
			continue
		}
		if m.f1 == kf && m.r1 == kr {
			return true
		}
	}
	return false
}

func (j jjRef) perft(depth int) uint64 {
	red := !j.p.black
	var n uint64
	for _, m := range j.pseudo(red) {
		next := j.play(m)
		if next.attacked(red) {
			continue
		}
		if depth == 1 {
			n++
		} else {
			n += next.perft(depth - 1)
		}
	}
	return n
}

// TestJujiangPerftCrossCheck compares the core's perft with the reference's
// from the start (depth 3) and from middle games with both giants in play, a
// giant next to the enemy general and pieces on the extension points (depth
// 2); one less under -short and -race.
func TestJujiangPerftCrossCheck(t *testing.T) {
	v := mustVariant(t, "jujiang")
	less := 0
	if small() {
		less = 1
	}
	for i, fen := range []string{
		JujiangStart,
		"2rnbakab1r2/13/3c2n2c3/2p1GGp1p1p2/2P1GG5gg/4p6gg/6P1P1P2/3C5C3/13/2RNBAKABNR2 w - - 0 1",
		"2rnbakab1r2/13/3c2n2c3/2p1GGp1p1p2/2P1GG5gg/4p6gg/6P1P1P2/3C5C3/13/2RNBAKABNR2 b - - 0 1",
		"5k1r5/13/6GG5/2p3GG1n3/1P4P4gg/pR1N7gg/13/6B6/13/6K6 b - - 0 1",
	} {
		p := mustPosition(t, v, fen)
		ref := jjRef{parseRef(t, fen, 13, 10)}
		depth := 2 - less
		if i == 0 {
			depth = 3 - less
		}
		for d := 1; d <= depth; d++ {
			if got, want := p.Perft(d), ref.perft(d); got != want {
				t.Errorf("%s: perft(%d) = %d, reference %d", fen, d, got, want)
			}
		}
	}
}
