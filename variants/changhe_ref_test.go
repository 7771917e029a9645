package variants

import (
	"strings"
	"testing"
)

// An independent, slow move generator for changhe, written from
// rules/changhe.md with no tables, zones, kinds or modules of the core: a
// grid of FEN letters in their owners' case; who moves a piece, whether it is
// upgraded and how a kingless soldier steps are worked out from the grid at
// every node. It cross-checks the perft counts (TestChanghePerftCrossCheck).

type chRef struct {
	g   [18][10]byte // [file][rank], owners' letters
	red bool         // Red to move
}

const (
	chArmy0 = "KABNRCP"
	chArmy1 = "GSXMJDZ"
)

// chKind is the piece's kind within its army ('K'..'P') and its army.
func chKind(c byte) (byte, int) {
	u := c &^ 0x20
	if i := strings.IndexByte(chArmy1, u); i >= 0 {
		return chArmy0[i], 1
	}
	return u, 0
}

func chOn(f, r int) bool { return f >= 0 && f < 18 && r >= 0 && r < 10 }

// chPalace: owner red's army a palace.
func chPalace(red bool, a, f, r int) bool {
	f0 := 3 + 9*a
	if f < f0 || f > f0+2 {
		return false
	}
	if red {
		return r <= 2
	}
	return r >= 7
}

func chQuarter(red bool, a, f, r int) bool {
	if !chOn(f, r) || f < 9*a || f > 9*a+8 {
		return false
	}
	return (red && r <= 4) || (!red && r >= 5)
}

// chPalaceLine: a point of the drawn diagonals of any palace.
func chPalaceLine(f, r int) bool {
	for _, cf := range []int{4, 13} {
		for _, cr := range []int{1, 8} {
			df, dr := f-cf, r-cr
			if (df == 0 && dr == 0) || ((df == 1 || df == -1) && (dr == 1 || dr == -1)) {
				return true
			}
		}
	}
	return false
}

func chParse(fen string) *chRef {
	board, rest, _ := strings.Cut(fen, " ")
	p := &chRef{red: strings.HasPrefix(rest, "w")}
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

// general reports whether owner red's army a has its general.
func (p *chRef) general(red bool, a int) (int, int, bool) {
	want := chArmy0[0]
	if a == 1 {
		want = chArmy1[0]
	}
	if !red {
		want |= 0x20
	}
	for f := 0; f < 18; f++ {
		for r := 0; r < 10; r++ {
			if p.g[f][r] == want {
				return f, r, true
			}
		}
	}
	return 0, 0, false
}

// controller: whether Red moves the piece c.
func (p *chRef) controller(c byte) bool {
	red := isRed(c)
	_, a := chKind(c)
	if _, _, ok := p.general(red, a); ok {
		return red
	}
	for f := 0; f < 18; f++ {
		for r := 0; r < 10; r++ {
			if x := p.g[f][r]; x != 0 && isRed(x) != red && chPalace(red, a, f, r) {
				return !red
			}
		}
	}
	return red
}

type chMove struct{ f0, r0, f1, r1 int }

// pseudo lists the moves of the pieces side red controls, by their rules.
func (p *chRef) pseudo(red bool) []chMove {
	var out []chMove
	var ctrl [18][10]int8 // 1 Red, 2 Black
	for f := 0; f < 18; f++ {
		for r := 0; r < 10; r++ {
			if c := p.g[f][r]; c != 0 {
				ctrl[f][r] = 2
				if p.controller(c) {
					ctrl[f][r] = 1
				}
			}
		}
	}
	me := int8(2)
	if red {
		me = 1
	}
	var lost [2]bool // an owner has lost a general
	for i, o := range []bool{true, false} {
		_, _, g0 := p.general(o, 0)
		_, _, g1 := p.general(o, 1)
		lost[i] = !g0 || !g1
	}
	for f := 0; f < 18; f++ {
		for r := 0; r < 10; r++ {
			c := p.g[f][r]
			if c == 0 || ctrl[f][r] != me {
				continue
			}
			own := isRed(c)
			k, a := chKind(c)
			_, _, hasGeneral := p.general(own, a)
			upgraded := hasGeneral && lost[map[bool]int{true: 0, false: 1}[own]]
			add := func(f1, r1 int) {
				if chOn(f1, r1) && (p.g[f1][r1] == 0 || ctrl[f1][r1] != me) {
					out = append(out, chMove{f, r, f1, r1})
				}
			}
			slide := func(dirs [][2]int, ok func(f, r int) bool, cannon bool) {
				for _, d := range dirs {
					if ok != nil && !ok(f, r) {
						continue
					}
					screen := false
					for x, y := f+d[0], r+d[1]; chOn(x, y) && (ok == nil || ok(x, y)); x, y = x+d[0], y+d[1] {
						t := p.g[x][y]
						if !screen {
							if t == 0 {
								add(x, y)
								continue
							}
							if !cannon {
								add(x, y)
								break
							}
							screen = true
							continue
						}
						if t != 0 {
							if ctrl[x][y] != me {
								add(x, y)
							}
							break
						}
					}
				}
			}
			fw := 1
			if !red {
				fw = -1
			}
			switch k {
			case 'K':
				for _, d := range refOrth {
					if chPalace(own, a, f+d[0], r+d[1]) {
						add(f+d[0], r+d[1])
					}
				}
			case 'A':
				for _, d := range refDiag4 {
					if chPalace(own, a, f+d[0], r+d[1]) {
						add(f+d[0], r+d[1])
					}
				}
			case 'B':
				for _, d := range refDiag4 {
					if chQuarter(own, a, f+2*d[0], r+2*d[1]) && p.g[f+d[0]][r+d[1]] == 0 {
						add(f+2*d[0], r+2*d[1])
					}
				}
			case 'N':
				leaps := [][2]int{{1, 2}, {2, 1}}
				if upgraded {
					leaps = append(leaps, [2]int{1, 3}, [2]int{3, 1})
				}
				for _, l := range leaps {
					for _, sf := range []int{1, -1} {
						for _, sr := range []int{1, -1} {
							df, dr := l[0]*sf, l[1]*sr
							lf, lr := f, r+sr
							if l[0] > l[1] {
								lf, lr = f+sf, r
							}
							if chOn(f+df, r+dr) && p.g[lf][lr] == 0 {
								add(f+df, r+dr)
							}
						}
					}
				}
			case 'R', 'C':
				slide(refOrth, nil, k == 'C')
				if upgraded {
					slide(refDiag4, chPalaceLine, k == 'C')
				}
			case 'P':
				if !hasGeneral {
					add(f, r+fw)
					add(f+1, r)
					add(f-1, r)
					break
				}
				add(f, r+fw)
				if (red && r >= 5) || (!red && r <= 4) {
					add(f+1, r)
					add(f-1, r)
				}
			}
		}
	}
	return out
}

// lost reports whether, after a move of side red, that move was illegal: its
// only general attacked, or two generals of the players facing.
func (p *chRef) lost(red bool) bool {
	var gs [2][][2]int
	for i, o := range []bool{true, false} {
		for a := 0; a < 2; a++ {
			if f, r, ok := p.general(o, a); ok {
				gs[i] = append(gs[i], [2]int{f, r})
			}
		}
	}
	for _, x := range gs[0] {
		for _, y := range gs[1] {
			if x[0] != y[0] {
				continue
			}
			open := true
			for r := min(x[1], y[1]) + 1; r < max(x[1], y[1]); r++ {
				open = open && p.g[x[0]][r] == 0
			}
			if open {
				return true
			}
		}
	}
	mine := gs[1]
	if red {
		mine = gs[0]
	}
	if len(mine) != 1 {
		return false
	}
	for _, m := range p.pseudo(!red) {
		if m.f1 == mine[0][0] && m.r1 == mine[0][1] {
			return true
		}
	}
	return false
}

func (p *chRef) perft(depth int) uint64 {
	var n uint64
	for _, m := range p.pseudo(p.red) {
		a, b := p.g[m.f0][m.r0], p.g[m.f1][m.r1]
		p.g[m.f1][m.r1], p.g[m.f0][m.r0] = a, 0
		if !p.lost(p.red) {
			if depth == 1 {
				n++
			} else {
				p.red = !p.red
				n += p.perft(depth - 1)
				p.red = !p.red
			}
		}
		p.g[m.f0][m.r0], p.g[m.f1][m.r1] = a, b
	}
	return n
}

// TestChanghePerftCrossCheck compares the core's perft with the reference's
// from the start (depth 3) and, at depth 2, from positions with a lone
// general, a kingless colour controlled by either side, upgraded pieces and
// kingless soldiers; one less under -short and -race.
func TestChanghePerftCrossCheck(t *testing.T) {
	v := mustVariant(t, "changhe")
	less := 0
	if small() {
		less = 1
	}
	for i, fen := range []string{
		ChangheStart,
		"rnbakabnrjmxsgsxmj/18/1c5c2d5d1/p1p3p1pz1z1z1z1z/4p13/13Z4/P1P1P1P1PZ1Z3Z1Z/1C3C4D5D1/18/RNBAKABNRJMXSGSXMJ b - - 0 1",
		"4k7g5/18/18/18/13j4/18/15Z2/18/18/R2K9G3J w",
		"4k7g5/18/18/18/13j4/18/15Z2/18/R17/3K9G3J b",
		"rnbak1bnrjm1sgsxmj/4a13/1c5c2d6d/p1p1p1p1pz1z1z3z/18/9Z8/P1P1P1P1P2Z1Z1Z1Z/1C1R3C2D5D1/18/1NBAKABNRJMXS1SXMJ b",
		"3C1k7g4/4a13/5a12/18/18/18/18/1N1R8J5/18/4K13 w",
		"4k8g4/18/18/18/18/2p15/15Z2/2N15/13r4/3K14 b",
		"4k8g4/18/18/18/18/18/15Z2/18/13r4/3K14 w",
	} {
		p := mustPosition(t, v, fen)
		ref := chParse(fen)
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
