package variants

import (
	"os"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

func rank0Is(want string) func(t *testing.T, g *rules.Game) {
	return func(t *testing.T, g *rules.Game) {
		t.Helper()
		if got := rank(g.Position().FEN(), 0, 10); got != want {
			t.Errorf("rank 0 is %s, want %s", got, want)
		}
	}
}

// TestYunduan is yunduan.md "Test cases", one row per case.
func TestYunduan(t *testing.T) {
	v := mustVariant(t, "yunduan")
	const p6 = "3k6/10/10/9p/10/10/8PP/10/10/4K5"
	runBoardCases(t, v, []boardCase{
		{n: 1, fen: YunduanStart, legal: "a0c0 g0i0 j0j3", illegal: "c0g0 j0j6"},
		{n: 1, fen: YunduanStart, pre: "a0c0", check: rank0Is("FNRAKABNRY")},
		{n: 2, fen: "3k6/10/10/10/10/2B1F5/10/10/10/4K5 w", legal: "e4g6 e4c6 c4a2 e4c2", illegal: "c4e6"},
		{n: 3, fen: "3k6/10/10/10/10/10/10/10/10/F1R1K5 w", legal: "a0c0"},
		{n: 3, fen: "3k6/10/10/10/10/10/10/10/10/F1R1K5 w", pre: "a0c0", check: rank0Is("R1B1K5")},
		{n: 4, fen: "3k6/10/10/10/10/10/10/10/10/RNn1K5 w", illegal: "a0c0"},
		{n: 4, fen: "3k6/10/10/10/10/10/10/10/10/R1n1K5 w", legal: "a0c0", pre: "", check: nil},
		{n: 4, fen: "3k6/10/10/10/10/10/10/10/10/R1n1K5 w", pre: "a0c0", check: rank0Is("2R1K5")},
		{n: 5, fen: "5k4/10/10/6P3/10/2P7/4P5/10/10/4K5 w",
			legal: "e3d4 e3f4 e3d3 e3f3 c4c3 c4b5 c4d5 g6f7 g6h6", illegal: "e3e4 e3e2 c4c5 g6g7 g6g5"},
		{n: 6, fen: p6 + " w", legal: "j3j6 i3h4", illegal: "i3i4 i3j4"},
		{n: 6, fen: p6 + " b", legal: "j6j3"},
		{n: 7, fen: "3k6/10/2p7/10/2Y7/10/10/10/10/4K5 w", legal: "c5c7 c5f5", illegal: "c5c8 c5g5 c5d6"},
		{n: 8, fen: "3k6/10/10/10/10/10/10/9Y/10/4K5 w", legal: "j2j7 j2i2", illegal: "j2j8 j2j4"},
		{n: 9, fen: "3k6/10/10/10/10/10/10/5A4/5K4/10 w", legal: "f1g1 f2g1 f1e1"},
		{n: 9, fen: "3k6/10/10/10/10/10/10/10/6K3/10 w", legal: "g1f1", illegal: "g1g0 g1g2 g1h1"},
		{n: 9, fen: "3k6/10/10/10/10/10/10/10/6A3/4K5 w", legal: "g1f0 g1f2", illegal: "g1h0 g1h2"},
		{n: 10, fen: "10/6k3/10/10/10/10/10/10/5K4/10 w", legal: "f1e1", illegal: "f1g1"},
	})
}

func TestYunduanRandomGames(t *testing.T) {
	v := mustVariant(t, "yunduan")
	games, plies := 6, 200
	if small() {
		games, plies = 2, 60
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(2200+g)), plies)
	}
}

// yunduanRef is yunduan.md for the reference generator: its own geometry with
// the holes j4 j5 and the pass j3-j6 (one step for steps, slides and cannon
// lines only), and the cloud swaps as extra moves.
type yunduanRef struct{ refRules }

func ydHole(f, r int) bool { return f == 9 && (r == 4 || r == 5) }

// ydNext is the point one orthogonal step from (f, r), through the pass.
func ydNext(p *refPos, f, r, df, dr int) (int, int, bool) {
	if f == 9 && df == 0 && (r == 3 && dr == 1 || r == 6 && dr == -1) {
		return 9, r + 3*dr, true
	}
	x, y := f+df, r+dr
	return x, y, p.on(x, y) && !ydHole(x, y)
}

func ydGen(p *refPos, f, r int) [][2]int {
	c := p.at(f, r)
	red := isRed(c)
	fw := fwdOf(c)
	exists := func(x, y int) bool { return p.on(x, y) && !ydHole(x, y) }
	empty := func(x, y int) bool { return exists(x, y) && p.at(x, y) == 0 }
	var out [][2]int
	slide := func(max int, cannon bool) {
		for _, d := range refOrth {
			x, y, n, screens := f, r, 0, 0
			for {
				var ok bool
				if x, y, ok = ydNext(p, x, y, d[0], d[1]); !ok {
					break
				}
				n++
				if max > 0 && n > max {
					break
				}
				occupied := p.at(x, y) != 0
				switch {
				case !cannon && !occupied:
					out = append(out, [2]int{x, y})
					continue
				case !cannon:
					out = append(out, [2]int{x, y})
				case screens == 0 && !occupied:
					out = append(out, [2]int{x, y})
					continue
				case screens == 0:
					screens = 1
					continue
				case !occupied:
					continue
				default:
					out = append(out, [2]int{x, y})
				}
				break
			}
		}
	}
	palace := func(x, y int) bool {
		if red {
			return x >= 3 && x <= 5 && y <= 2 || x == 6 && y == 1
		}
		return x >= 3 && x <= 5 && y >= 7 || x == 6 && y == 8
	}
	step := func(dirs [][2]int, ok func(x, y int) bool) {
		for _, d := range dirs {
			if x, y, e := ydNext(p, f, r, d[0], d[1]); e && (ok == nil || ok(x, y)) {
				out = append(out, [2]int{x, y})
			}
		}
	}
	diag := func(n int, ok func(x, y int) bool) {
		for _, d := range refDiag4 {
			x, y := f+n*d[0], r+n*d[1]
			if exists(x, y) && (ok == nil || ok(x, y)) && empty(f+d[0], r+d[1]) {
				out = append(out, [2]int{x, y})
			}
		}
	}
	switch c | 0x20 {
	case 'k':
		step(refOrth, palace)
	case 'a':
		for _, d := range refDiag4 {
			if x, y := f+d[0], r+d[1]; exists(x, y) && palace(x, y) {
				out = append(out, [2]int{x, y})
			}
		}
	case 'b':
		diag(2, func(_, y int) bool { return (y <= 4) == red })
	case 'f':
		diag(2, nil)
	case 'y':
		slide(3, false)
	case 'r':
		slide(0, false)
	case 'c':
		slide(0, true)
	case 'n':
		for _, d := range [][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}} {
			lf, lr := f, r+d[1]/2
			if d[0] == 2 || d[0] == -2 {
				lf, lr = f+d[0]/2, r
			}
			if x, y := f+d[0], r+d[1]; exists(x, y) && empty(lf, lr) {
				out = append(out, [2]int{x, y})
			}
		}
	case 'p':
		for _, d := range [][2]int{{1, fw}, {-1, fw}, {1, 0}, {-1, 0}} {
			if x, y := f+d[0], r+d[1]; exists(x, y) {
				out = append(out, [2]int{x, y})
			}
		}
		if f == 9 {
			if x, y, ok := ydNext(p, f, r, 0, fw); ok {
				out = append(out, [2]int{x, y})
			}
		}
		if red && r == 4 || !red && r == 5 {
			if x, y := f, r-fw; exists(x, y) {
				out = append(out, [2]int{x, y})
			}
		}
	default:
		panic("yunduan ref: no piece " + string(c))
	}
	return out
}

func (yr yunduanRef) perft(p *refPos, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	try := func() {
		if !yr.attacked(p, p.black) {
			p.black = !p.black
			n += yr.perft(p, depth-1)
			p.black = !p.black
		}
	}
	for _, m := range yr.pseudo(p, p.black) {
		from, to := p.grid[m.r0][m.f0], p.grid[m.r1][m.f1]
		p.grid[m.r1][m.f1], p.grid[m.r0][m.f0] = from, 0
		try()
		p.grid[m.r0][m.f0], p.grid[m.r1][m.f1] = from, to
	}
	// Cloud swaps: both points hold own pieces; elephants change state.
	r := 0
	if p.black {
		r = 9
	}
	for _, pr := range [][2]int{{0, 2}, {6, 8}} {
		a, b := p.at(pr[0], r), p.at(pr[1], r)
		if a == 0 || b == 0 || isRed(a) == p.black || isRed(b) == p.black {
			continue
		}
		corner := func(f int) bool { return f == 0 || f == 8 }
		land := func(c byte, f int) byte {
			switch {
			case c|0x20 == 'b' && corner(f):
				return c - 'B' + 'F'
			case c|0x20 == 'f' && !corner(f):
				return c - 'F' + 'B'
			}
			return c
		}
		for i := 0; i < 2; i++ { // both directions are moves: a0c0 and c0a0
			p.grid[r][pr[0]], p.grid[r][pr[1]] = land(b, pr[0]), land(a, pr[1])
			try()
			p.grid[r][pr[0]], p.grid[r][pr[1]] = a, b
		}
	}
	return n
}

func TestYunduanPerft(t *testing.T) {
	v := mustVariant(t, "yunduan")
	ref := yunduanRef{refRules{king: 'K', gen: ydGen}}
	depth := 2
	switch {
	case os.Getenv("CHUHE_FULL_PERFT") == "1":
		depth = 3
	case small():
		depth = 1
	}
	for _, fen := range []string{
		YunduanStart,
		"r1bakab1r1/4n4y/1c3n1c2/p1p1p3p1/7p2/3P4P1/P3P1P3/1C2B2C2/9N/RN1AKAB1RY w",
		"f1rakab1r1/10/10/9p/10/10/P8P/10/10/F2K5Y b",
		"3k6/10/10/9p/10/10/8PP/10/10/4K5 w",
	} {
		p := mustPosition(t, v, fen)
		if got, want := p.Perft(depth), ref.perft(parseRef(t, fen, 10, 10), depth); got != want {
			t.Errorf("%s: perft(%d) = %d, reference %d", fen, depth, got, want)
		}
	}
}
