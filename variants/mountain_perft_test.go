package variants

import (
	"strings"
	"testing"
)

// An independent, slow move generator for xiangqi on the mountain board
// (house-rules.md rule 9), written from the spec with no rules tables, zones or
// passes of the core: it cross-checks the perft rows of mountain-border in
// testdata/house-perft.txt (TestMountainPerftCrossCheck).

type mtPos struct {
	g   [11][10]byte // [file][rank], 0 = empty
	red bool         // Red to move
}

func mtExists(f, r int) bool {
	if f < 0 || f > 10 || r < 0 || r > 9 {
		return false
	}
	return !((f == 0 || f == 10) && (r == 4 || r == 5))
}

// mtStep is one orthogonal or diagonal step; the mountain pass joins a3-a6 and
// k3-k6 for orthogonal steps along the file.
func mtStep(f, r, df, dr int) (int, int, bool) {
	if mtExists(f+df, r+dr) {
		return f + df, r + dr, true
	}
	if (f == 0 || f == 10) && df == 0 {
		if r == 3 && dr == 1 {
			return f, 6, true
		}
		if r == 6 && dr == -1 {
			return f, 3, true
		}
	}
	return 0, 0, false
}

func mtParse(t *testing.T, fen string) *mtPos {
	t.Helper()
	board, rest, _ := strings.Cut(fen, " ")
	p := &mtPos{red: strings.HasPrefix(rest, "w")}
	for i, row := range strings.Split(board, "/") {
		r, f := 9-i, 0
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

type mtMove struct{ f0, r0, f1, r1 int }

// pseudo lists the moves of the side red that follow the movement rules.
func (p *mtPos) pseudo(red bool) []mtMove {
	var out []mtMove
	own := func(c byte) bool { return c != 0 && isRed(c) == red }
	add := func(f0, r0, f1, r1 int) {
		if mtExists(f1, r1) && !own(p.g[f1][r1]) {
			out = append(out, mtMove{f0, r0, f1, r1})
		}
	}
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
	for f := 0; f < 11; f++ {
		for r := 0; r < 10; r++ {
			c := p.g[f][r]
			if c == 0 || isRed(c) != red {
				continue
			}
			switch strings.ToUpper(string(c)) {
			case "K":
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					if inPalace(f+d[0], r+d[1]) {
						add(f, r, f+d[0], r+d[1])
					}
				}
			case "A":
				for _, d := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
					if inPalace(f+d[0], r+d[1]) {
						add(f, r, f+d[0], r+d[1])
					}
				}
			case "B":
				// The mountain moves (both sides, by name): d0/b2 <-> a3, h0/j2 <-> k3.
				pairs := [][4]int{{3, 0, 0, 3}, {1, 2, 0, 3}, {7, 0, 10, 3}, {9, 2, 10, 3},
					{3, 9, 0, 6}, {1, 7, 0, 6}, {7, 9, 10, 6}, {9, 7, 10, 6}}
				for _, q := range pairs {
					if q[0] == f && q[1] == r {
						add(f, r, q[2], q[3])
					}
					if q[2] == f && q[3] == r {
						add(f, r, q[0], q[1])
					}
				}
				if f == 0 || f == 10 {
					continue
				}
				for _, d := range [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
					ef, er := f+d[0], r+d[1]
					if mtExists(ef, er) && p.g[ef][er] == 0 && ownHalf(r+2*d[1]) {
						add(f, r, f+2*d[0], r+2*d[1])
					}
				}
			case "N":
				for _, d := range [][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}} {
					lf, lr := f, r+d[1]/2
					if d[0] == 2 || d[0] == -2 {
						lf, lr = f+d[0]/2, r
					}
					if mtExists(lf, lr) && p.g[lf][lr] == 0 {
						add(f, r, f+d[0], r+d[1])
					}
				}
			case "R", "C":
				cannon := c == 'C' || c == 'c'
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					cf, cr := f, r
					screen := false
					for {
						nf, nr, ok := mtStep(cf, cr, d[0], d[1])
						if !ok {
							break
						}
						cf, cr = nf, nr
						x := p.g[cf][cr]
						switch {
						case !screen && x == 0:
							add(f, r, cf, cr)
							continue
						case !screen && !cannon:
							add(f, r, cf, cr)
						case !screen:
							screen = true
							continue
						case x != 0:
							add(f, r, cf, cr)
						default:
							continue
						}
						break
					}
				}
			case "P":
				if nf, nr, ok := mtStep(f, r, 0, fwd); ok {
					add(f, r, nf, nr)
				}
				if !ownHalf(r) {
					for _, df := range []int{1, -1} {
						if nf, nr, ok := mtStep(f, r, df, 0); ok {
							add(f, r, nf, nr)
						}
					}
				}
			}
		}
	}
	return out
}

// attacked reports whether the general of side red stands attacked (or faces
// the other general).
func (p *mtPos) attacked(red bool) bool {
	kf, kr, ef, er := -1, -1, -1, -1
	for f := 0; f < 11; f++ {
		for r := 0; r < 10; r++ {
			switch c := p.g[f][r]; {
			case c == 'K' && red, c == 'k' && !red:
				kf, kr = f, r
			case c == 'k' && red, c == 'K' && !red:
				ef, er = f, r
			}
		}
	}
	if kf == ef {
		lo, hi := min(kr, er), max(kr, er)
		open := true
		for r := lo + 1; r < hi; r++ {
			open = open && p.g[kf][r] == 0
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

func (p *mtPos) perft(depth int) uint64 {
	var n uint64
	for _, m := range p.pseudo(p.red) {
		moved, took := p.g[m.f0][m.r0], p.g[m.f1][m.r1]
		p.g[m.f1][m.r1], p.g[m.f0][m.r0] = moved, 0
		if !p.attacked(p.red) {
			if depth == 1 {
				n++
			} else {
				p.red = !p.red
				n += p.perft(depth - 1)
				p.red = !p.red
			}
		}
		p.g[m.f0][m.r0], p.g[m.f1][m.r1] = moved, took
	}
	return n
}

// TestMountainPerftCrossCheck: the core's perft of xiangqi with mountain-border
// equals the independent generator's from the start and the random-game
// positions, to depth 3 (depth 2 under -short and -race).
func TestMountainPerftCrossCheck(t *testing.T) {
	v := houseVariant(t, "mountain-border")
	depth := 3
	if small() {
		depth = 2
	}
	for _, fen := range append([]string{MountainStart}, mountainRandomFENs[1:]...) {
		p := mustPosition(t, v, fen)
		want := mtParse(t, fen).perft(depth)
		if got := p.Perft(depth); got != want {
			t.Errorf("%s: perft(%d) = %d, independent generator %d", fen, depth, got, want)
		}
	}
}
