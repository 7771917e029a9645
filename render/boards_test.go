package render

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// Test boards and views, built here so that render's tests depend on nothing but
// rules. They follow the specs in shared/rules.

func mustFinalize(b *rules.Board) *rules.Board {
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	return b
}

func sq(b *rules.Board, name string) rules.Square {
	s, ok := b.Parse(name)
	if !ok {
		panic("no square " + name)
	}
	return s
}

func lines(b *rules.Board, pairs ...string) []rules.Line {
	var out []rules.Line
	for _, p := range pairs {
		a, c, _ := strings.Cut(p, "-")
		out = append(out, rules.Line{From: sq(b, a), To: sq(b, c)})
	}
	return out
}

func squares(b *rules.Board, names string) []rules.Square {
	var out []rules.Square
	for _, n := range strings.Fields(names) {
		out = append(out, sq(b, n))
	}
	return out
}

// xiangqiBoard is the standard 9x10 board (xiangqi.md §2).
func xiangqiBoard() *rules.Board {
	b := mustFinalize(&rules.Board{Width: 9, Height: 10})
	b.Decor = rules.Decor{
		RiverBelow: 4,
		RiverText:  [2]string{"楚河", "漢界"},
		Diagonals:  lines(b, "d0-f2", "f0-d2", "d7-f9", "f7-d9"),
		Marks:      squares(b, "b2 h2 a3 c3 e3 g3 i3 b7 h7 a6 c6 e6 g6 i6"),
	}
	return b
}

// cellBoard is an 8x8 chess board with the animal-chess holes marked.
func cellBoard() *rules.Board {
	b := mustFinalize(&rules.Board{Width: 8, Height: 8, Cells: true})
	b.Decor = rules.Decor{RiverBelow: -1, Marks: squares(b, "a1 h1 a8 h8")}
	return b
}

// jinchanBoard is 11x12 with 18-point palaces (jinchan.md §2).
func jinchanBoard() *rules.Board {
	b := mustFinalize(&rules.Board{Width: 11, Height: 12})
	b.Decor = rules.Decor{
		RiverBelow: 5,
		RiverText:  [2]string{"楚河", "漢界"},
		Diagonals: lines(b, "d0-g3", "h0-e3", "f0-d2", "f0-h2",
			"d11-g8", "h11-e8", "f11-d9", "f11-h9"),
		Marks: squares(b, "b2 j2 b9 j9 a4 c4 e4 g4 i4 k4 a7 c7 e7 g7 i7 k7"),
	}
	return b
}

// mountainBoard is the 11x10 mountain-border board of shanshui and heshan, with
// heshan's ring of 42 flag cells drawn around it when ring is true.
func mountainBoard(ring bool) *rules.Board {
	b := &rules.Board{Width: 11, Height: 10, Holes: []string{"a4", "a5", "k4", "k5"}}
	if ring {
		// 42 cells counterclockwise from behind f0, on a rectangle around the board.
		const x0, y0, x1, y1 = -1.3, -1.3, 11.3, 10.3
		per := 2 * ((x1 - x0) + (y1 - y0))
		step := per / 42
		for i := 0; i < 42; i++ {
			// Distance along the ring, counterclockwise from its lower left corner;
			// cell 0 lies behind f0 (x = 5).
			d := mod(float64(i)*step+5-x0, per)
			var x, y float64
			switch {
			case d < x1-x0:
				x, y = x0+d, y0
			case d < (x1-x0)+(y1-y0):
				x, y = x1, y0+d-(x1-x0)
			case d < 2*(x1-x0)+(y1-y0):
				x, y = x1-(d-(x1-x0)-(y1-y0)), y1
			default:
				x, y = x0, y1-(d-2*(x1-x0)-(y1-y0))
			}
			b.Extra = append(b.Extra, rules.ExtraPoint{
				Name: fmt.Sprintf("ring%d", i), X: x, Y: y,
				Links: map[[2]int]string{{1, 0}: fmt.Sprintf("ring%d", (i+1)%42)},
			})
		}
	}
	mustFinalize(b)
	b.Decor = rules.Decor{
		RiverBelow: 4,
		RiverText:  [2]string{"楚河", "漢界"},
		Diagonals:  lines(b, "e0-g2", "g0-e2", "e7-g9", "g7-e9", "a3-a6", "k3-k6"),
		Marks:      squares(b, "c2 i2 b3 d3 f3 h3 j3 c7 i7 b6 d6 f6 h6 j6"),
	}
	if ring {
		var set rules.SquareSet
		for i := 0; i < 42; i++ {
			set.Add(sq(b, fmt.Sprintf("ring%d", i)))
		}
		b.Decor.Shaded = []rules.SquareSet{set}
	}
	return b
}

func mod(a, m float64) float64 {
	for a >= m {
		a -= m
	}
	return a
}

// reserveBoard is the xiangqi board with an off-board reserve row of 9 slots for
// each side (the kind of area fuhe and jianshou need), shaded.
func reserveBoard() *rules.Board {
	b := &rules.Board{Width: 9, Height: 10}
	for i := 0; i < 9; i++ {
		b.Extra = append(b.Extra, rules.ExtraPoint{Name: fmt.Sprintf("r%d", i+1), X: float64(i), Y: -1.35})
	}
	for i := 0; i < 9; i++ {
		b.Extra = append(b.Extra, rules.ExtraPoint{Name: fmt.Sprintf("s%d", i+1), X: float64(8 - i), Y: 10.35})
	}
	mustFinalize(b)
	x := xiangqiBoard()
	b.Decor = x.Decor
	var red, blk rules.SquareSet
	for i := 1; i <= 9; i++ {
		red.Add(sq(b, fmt.Sprintf("r%d", i)))
		blk.Add(sq(b, fmt.Sprintf("s%d", i)))
	}
	b.Decor.Shaded = []rules.SquareSet{red, blk}
	return b
}

// supplyBoard is 9x12 with supply lines on ranks 0 and 11 (supply.md), shaded.
func supplyBoard() *rules.Board {
	b := mustFinalize(&rules.Board{Width: 9, Height: 12})
	b.Decor = rules.Decor{
		RiverBelow: 5,
		RiverText:  [2]string{"楚河", "漢界"},
		Diagonals:  lines(b, "d1-f3", "f1-d3", "d8-f10", "f8-d10"),
		Marks:      squares(b, "b3 h3 a4 c4 e4 g4 i4 b8 h8 a7 c7 e7 g7 i7"),
		Shaded:     []rules.SquareSet{b.RankRange(0, 0), b.RankRange(11, 11)},
	}
	return b
}

// glyphs maps FEN letters to traditional and simplified names, per side.
type glyphs map[byte][2][2]string // letter -> side -> {traditional, simplified}

var xiangqiGlyphs = glyphs{
	'K': {{"帥", "帅"}, {"將", "将"}},
	'A': {{"仕", "仕"}, {"士", "士"}},
	'B': {{"相", "相"}, {"象", "象"}},
	'N': {{"馬", "马"}, {"馬", "马"}},
	'R': {{"車", "车"}, {"車", "车"}},
	'C': {{"炮", "炮"}, {"砲", "炮"}},
	'P': {{"兵", "兵"}, {"卒", "卒"}},
	'J': {{"蟬", "蝉"}, {"蟬", "蝉"}},
	'G': {{"衛", "卫"}, {"衛", "卫"}},
	'F': {{"旗", "旗"}, {"旗", "旗"}},
	// Supply pieces.
	'M': {{"彈", "弹"}, {"彈", "弹"}},
	'Y': {{"油", "油"}, {"油", "油"}},
	'T': {{"布", "布"}, {"布", "布"}},
	'S': {{"草", "草"}, {"草", "草"}},
	'L': {{"糧", "粮"}, {"糧", "粮"}},
}

var animalGlyphs = glyphs{
	'T': {{"虎", "虎"}, {"虎", "虎"}},
	'E': {{"象", "象"}, {"象", "象"}},
	'L': {{"獅", "狮"}, {"獅", "狮"}},
	'O': {{"豹", "豹"}, {"豹", "豹"}},
	'W': {{"狼", "狼"}, {"狼", "狼"}},
	'G': {{"狗", "狗"}, {"狗", "狗"}},
	'F': {{"貓", "猫"}, {"貓", "猫"}},
	'M': {{"鼠", "鼠"}, {"鼠", "鼠"}},
	'U': {{"熊", "熊"}, {"熊", "熊"}},
}

// viewOf builds a public-style view from a FEN board field: ranks from the top,
// digit runs for empty points, `*X` a face-down piece of unknown kind, `*R` one
// whose kind the audience knows, `(Nr)` a horse pressing a chariot, `~` after a
// piece frozen, `^` pinned.
func viewOf(b *rules.Board, fen string, g glyphs) *rules.View {
	v := &rules.View{Board: b, Audience: rules.Public, Pieces: make([]*rules.ViewPiece, b.NumSquares()),
		LastFrom: rules.NoSquare, LastTo: rules.NoSquare}
	ranks := strings.Split(fen, "/")
	if len(ranks) != b.Height {
		panic(fmt.Sprintf("fen %q has %d ranks, want %d", fen, len(ranks), b.Height))
	}
	piece := func(s string, i *int) *rules.ViewPiece {
		down := false
		if s[*i] == '*' {
			down = true
			*i++
		}
		c := s[*i]
		*i++
		side := rules.Red
		if c >= 'a' && c <= 'z' {
			side = rules.Black
			c -= 'a' - 'A'
		}
		p := &rules.ViewPiece{Side: side, FaceDown: down}
		if c != 'X' {
			p.Letter = c
			p.Glyph, p.Simple = g[c][side][0], g[c][side][1]
		}
		for *i < len(s) && (s[*i] == '~' || s[*i] == '^') {
			p.Frozen = p.Frozen || s[*i] == '~'
			p.Pinned = p.Pinned || s[*i] == '^'
			*i++
		}
		return p
	}
	for k, rank := range ranks {
		r := b.Height - 1 - k
		f := 0
		for i := 0; i < len(rank); {
			ch := rank[i]
			switch {
			case ch >= '0' && ch <= '9':
				n := 0
				for i < len(rank) && rank[i] >= '0' && rank[i] <= '9' {
					n = n*10 + int(rank[i]-'0')
					i++
				}
				f += n
			case ch == '(':
				i++
				top := piece(rank, &i)
				top.Pressed = piece(rank, &i)
				i++ // ')'
				v.Pieces[r*b.Width+f] = top
				f++
			default:
				v.Pieces[r*b.Width+f] = piece(rank, &i)
				f++
			}
		}
		if f != b.Width {
			panic(fmt.Sprintf("fen rank %q has %d files, want %d", rank, f, b.Width))
		}
	}
	return v
}

const (
	xiangqiStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
	// After 1. 炮二平五 馬8進7 2. 馬二進三 士4進5 3. 炮五進四: the cannon took the
	// central soldier and checks over the advisor.
	xiangqiMiddle = "rnb1kab1r/4a4/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C4N2/9/RNBAKAB1R"
	jinchanStart  = "rnbak1kabnr/11/1c1j3j1c1/11/p1p1p1p1p1p/11/11/P1P1P1P1P1P/11/1C1J3J1C1/11/RNBAK1KABNR"
	animalStart   = "mfwltego/uuuuuuuu/8/8/8/8/UUUUUUUU/MFWLTEGO"
	mountainStart = "1rnbakabnr1/11/c9c/1p1p1p1p1p1/11/11/1P1P1P1P1P1/C9C/11/1RNBAKABNR1"
	supplyStart   = "m1y1t1s1l/rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/L1S1T1Y1M"
	jieqiStart    = "*x*x*x*xk*x*x*x*x/9/1*x5*x1/*x1*x1*x1*x1*x/9/9/*X1*X1*X1*X1*X/1*X5*X1/9/*X*X*X*XK*X*X*X*X"
)

// middleView is the middle game with its last move and check marked.
func middleView(b *rules.Board) *rules.View {
	v := viewOf(b, xiangqiMiddle, xiangqiGlyphs)
	v.LastFrom, v.LastTo = sq(b, "e2"), sq(b, "e6")
	v.InCheck = []rules.Square{sq(b, "e9")}
	v.ToMove = rules.Black
	return v
}

// renderers are shared between tests: a Renderer is safe for concurrent use and
// its caches are the point, and under -race making one per test is slow.
var (
	renderersMu sync.Mutex
	renderers   = map[Options]*Renderer{}
)

// newRenderer returns the shared Renderer for o.
func newRenderer(t testing.TB, o Options) *Renderer {
	t.Helper()
	renderersMu.Lock()
	defer renderersMu.Unlock()
	if r := renderers[o]; r != nil {
		return r
	}
	r := freshRenderer(t, o)
	renderers[o] = r
	return r
}

// freshRenderer returns a new Renderer with empty caches.
func freshRenderer(t testing.TB, o Options) *Renderer {
	t.Helper()
	r, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// gameViews returns n+1 views of a xiangqi game: the start and n moves (an
// opening, then the chariots shuffling), each with its last move marked.
func gameViews(n int) []*rules.View {
	b := xiangqiBoard()
	moves := strings.Fields("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h4 b7b3 b0c2 h7h3 c3c4 a9b9")
	v := viewOf(b, xiangqiStart, xiangqiGlyphs)
	views := []*rules.View{v}
	for i := 0; i < n; i++ {
		var m string
		if i < len(moves) {
			m = moves[i]
		} else {
			m = [...]string{"a0a1", "h9h8", "a1a0", "h8h9"}[(i-len(moves))%4]
		}
		from, to := sq(b, m[:2]), sq(b, m[2:])
		next := *v
		next.Pieces = append([]*rules.ViewPiece(nil), v.Pieces...)
		next.Pieces[to], next.Pieces[from] = next.Pieces[from], nil
		next.LastFrom, next.LastTo = from, to
		next.ToMove = v.ToMove.Other()
		v = &next
		views = append(views, v)
	}
	return views
}
