package render

import (
	"fmt"
	"math"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestBlocksJoin: the squares of one multi-cell piece run into each other (the
// border between them is the piece's face), while two pieces side by side keep
// the board between them; seen from Black, the joins turn with the board.
func TestBlocksJoin(t *testing.T) {
	t.Parallel()
	b := mustFinalize(&rules.Board{Width: 6, Height: 4, Cells: true})
	v := &rules.View{Board: b, Pieces: make([]*rules.ViewPiece, b.NumSquares()), LastFrom: rules.NoSquare, LastTo: rules.NoSquare}
	put := func(name string, side rules.Side, joins uint8) {
		sq, _ := b.Parse(name)
		v.Pieces[sq] = &rules.ViewPiece{Side: side, Letter: 'D', Glyph: "短", Simple: "短", Joins: joins}
	}
	// A White domino on b2 c2, a Black one on d2 e2 right next to it.
	put("b2", rules.Red, 1)
	put("c2", rules.Red, 4)
	put("d2", rules.Black, 1)
	put("e2", rules.Black, 4)
	for _, persp := range []rules.Side{rules.Red, rules.Black} {
		s := render(t, newRenderer(t, Options{Perspective: persp}), v)
		s.expect("inside the white domino, between b2 and c2 (near the top edge)", s.between("b2", "c2", 0.5), s.th.Face)
		if got := s.between("c2", "d2", 0.5); near(got, s.th.Face, 24) {
			t.Errorf("perspective %v: the two dominoes are joined between c2 and d2", persp)
		}
	}
}

// TestFigures: a kind with a chess figure is drawn as the figure, white figures
// light with dark outlines and black ones dark.
func TestFigures(t *testing.T) {
	t.Parallel()
	b := mustFinalize(&rules.Board{Width: 8, Height: 8, Cells: true})
	v := &rules.View{Board: b, Pieces: make([]*rules.ViewPiece, b.NumSquares()), LastFrom: rules.NoSquare, LastTo: rules.NoSquare}
	for i, f := range []byte("KQRBNPG") {
		sq := b.At(i, 1)
		v.Pieces[sq] = &rules.ViewPiece{Side: rules.Red, Letter: f, Figure: f}
		v.Pieces[b.At(i, 6)] = &rules.ViewPiece{Side: rules.Black, Letter: f, Figure: f}
	}
	s := render(t, newRenderer(t, Options{}), v)
	for i := 0; i < 7; i++ {
		w := b.Name(b.At(i, 1))
		k := b.Name(b.At(i, 6))
		if n := s.inkCount(w, s.l.s*0.45, s.th.Ink[rules.Black]); n == 0 {
			t.Errorf("white figure %c on %s has no dark outline", "KQRBNPG"[i], w)
		}
		if n := s.inkCount(k, s.l.s*0.45, s.th.Ink[rules.Black]); n < s.inkCount(w, s.l.s*0.45, s.th.Ink[rules.Black]) {
			t.Errorf("black figure %c on %s is not darker than the white one", "KQRBNPG"[i], k)
		}
	}
}

// TestTiles: a shogi kind (Kind.Tile) is a pentagon whose tip points at the
// opponent, as seen from either side; a promoted one has its glyph in the
// promoted (red) ink, an unpromoted one has none of it.
func TestTiles(t *testing.T) {
	t.Parallel()
	b := mustFinalize(&rules.Board{Width: 6, Height: 3, Cells: true})
	v := &rules.View{Board: b, Pieces: make([]*rules.ViewPiece, b.NumSquares()), LastFrom: rules.NoSquare, LastTo: rules.NoSquare}
	put := func(name string, side rules.Side, glyph string, promoted bool) {
		sq, _ := b.Parse(name)
		v.Pieces[sq] = &rules.ViewPiece{Side: side, Letter: 'S', Glyph: glyph, Simple: glyph, Tile: true, Promoted: promoted}
	}
	put("b2", rules.Red, "銀", false)
	put("d2", rules.Black, "銀", false)
	put("f2", rules.Black, "全", true)
	for _, persp := range []rules.Side{rules.Red, rules.Black} {
		s := render(t, newRenderer(t, Options{Perspective: persp}), v)
		R := float64(s.l.discDiameter()) / 2
		for _, c := range []struct {
			name string
			up   bool
		}{{"b2", persp == rules.Red}, {"d2", persp == rules.Black}} {
			tip, base := -0.85*R, 0.85*R // the corners beside the tip are board, beside the base tile
			if !c.up {
				tip, base = base, tip
			}
			if got := s.at(c.name, -0.72*R, tip); near(got, s.th.Face, 20) {
				t.Errorf("perspective %v: %s: the corner beside the tip is tile (%v), want board", persp, c.name, got)
			}
			s.expect(fmt.Sprintf("perspective %v: %s: the corner beside the base", persp, c.name), s.at(c.name, -0.72*R, base), s.th.Face)
		}
		if n := s.inkCount("f2", R*0.6, s.th.Ink[rules.Red]); n == 0 {
			t.Errorf("perspective %v: the promoted tile has no promoted ink", persp)
		}
		if n := s.inkCount("d2", R*0.6, s.th.Ink[rules.Red]); n != 0 {
			t.Errorf("perspective %v: the unpromoted tile has %d pixels of promoted ink", persp, n)
		}
	}
}

// TestBodyOnPoints: a multi-cell piece on a point board (the jujiang giant) is
// one large disc across its 2×2 block, from either side, on a board drawn
// wide enough (Decor.FullSize) that its pieces are as large as the standard
// board's.
func TestBodyOnPoints(t *testing.T) {
	t.Parallel()
	b := mustFinalize(&rules.Board{Width: 13, Height: 6})
	b.Decor = rules.Decor{RiverBelow: -1, FullSize: true}
	v := &rules.View{Board: b, Pieces: make([]*rules.ViewPiece, b.NumSquares()), LastFrom: rules.NoSquare, LastTo: rules.NoSquare}
	put := func(name string, joins uint8) {
		v.Pieces[sq(b, name)] = &rules.ViewPiece{Side: rules.Red, Letter: 'G', Glyph: "巨帥", Simple: "巨帅", Joins: joins}
	}
	put("b1", 1|2)
	put("c1", 4|2)
	put("b2", 1|8)
	put("c2", 4|8)
	v.Pieces[sq(b, "f1")] = &rules.ViewPiece{Side: rules.Black, Letter: 'R', Glyph: "車"}
	v.Pieces[sq(b, "g1")] = &rules.ViewPiece{Side: rules.Black, Letter: 'R', Glyph: "車"}
	std, _, err := newRenderer(t, Options{}).Size(mustFinalize(&rules.Board{Width: 9, Height: 10}))
	if err != nil {
		t.Fatal(err)
	}
	for _, persp := range []rules.Side{rules.Red, rules.Black} {
		s := render(t, newRenderer(t, Options{Perspective: persp}), v)
		if w := s.img.Bounds().Dx(); w <= std {
			t.Errorf("a 13-file FullSize board is %d px wide, no wider than the standard %d", w, std)
		}
		s.expect("inside the giant's disc, between b1 and c1", s.between("b1", "c1", 0.5), s.th.Face)
		s.expect("inside the giant's disc, between b2 and c2", s.between("b2", "c2", 0.5), s.th.Face)
		s.expect("inside the giant's disc, between b1 and b2", s.between("b1", "b2", 0.5), s.th.Face)
		if got := s.between("f1", "g1", 0.5); near(got, s.th.Face, 24) {
			t.Errorf("perspective %v: two ordinary discs run into each other", persp)
		}
	}
}

// TestSecondArmies: a kind of a second army (changhe's magenta and blue-black
// sets) is inked in its side's Ink2, from either side; a turned piece keeps
// its owner's colours (the view says so); a seam is drawn between two files.
func TestSecondArmies(t *testing.T) {
	t.Parallel()
	b := mustFinalize(&rules.Board{Width: 18, Height: 10})
	b.Decor = rules.Decor{RiverBelow: 4, Seams: []int{8}, FullSize: true}
	v := &rules.View{Board: b, Pieces: make([]*rules.ViewPiece, b.NumSquares()), LastFrom: rules.NoSquare, LastTo: rules.NoSquare}
	put := func(name string, side rules.Side, army uint8) {
		v.Pieces[sq(b, name)] = &rules.ViewPiece{Side: side, Letter: 'R', Glyph: "車", Army: army}
	}
	put("a0", rules.Red, 0)
	put("j0", rules.Red, 1)
	put("a9", rules.Black, 0)
	put("j9", rules.Black, 1)
	// A magenta soldier that Black moves now.
	v.Pieces[sq(b, "m3")] = &rules.ViewPiece{Side: rules.Red, Letter: 'Z', Glyph: "兵", Army: 1, Turned: true}
	for _, persp := range []rules.Side{rules.Red, rules.Black} {
		s := render(t, newRenderer(t, Options{Perspective: persp}), v)
		for _, c := range []struct {
			at   string
			side rules.Side
			two  bool
		}{{"a0", rules.Red, false}, {"j0", rules.Red, true}, {"a9", rules.Black, false}, {"j9", rules.Black, true}} {
			ink, other := s.th.Ink[c.side], s.th.Ink2[c.side]
			if c.two {
				ink, other = other, ink
			}
			if n, m := s.inkCount(c.at, s.l.s*0.4, ink), s.inkCount(c.at, s.l.s*0.4, other); n < 20 || m >= n {
				t.Errorf("perspective %v: %s has %d pixels of its ink and %d of the other army's", persp, c.at, n, m)
			}
		}
		off := math.Round(float64(s.l.discDiameter()) * 0.35)
		s.expect("the turned soldier's badge, in the ink of the side that moves it", s.at("m3", -off, -off), s.th.Ink[rules.Black])
		if got := s.at("j0", -off, -off); near(got, s.th.Ink[rules.Black], 40) {
			t.Errorf("perspective %v: a badge on a piece its owner moves", persp)
		}
		// In the river, where no rank line runs.
		x, y := s.l.px(8.5-0.09, 4.5)
		s.expect("the seam between i and j", s.pixel(x, y), s.th.Line)
		x, y = s.l.px(8.5, 4.5)
		s.expect("between the seam's two lines", s.pixel(x, y), s.th.Board)
	}
}

// TestLabels: a board label (jianshou's recovery zones) is drawn at its point,
// upright from either side, and the image grows to hold it.
func TestLabels(t *testing.T) {
	t.Parallel()
	b := mustFinalize(&rules.Board{Width: 9, Height: 10})
	plain := mustFinalize(&rules.Board{Width: 9, Height: 10})
	b.Decor = rules.Decor{RiverBelow: 4, Labels: []rules.Label{{X: 4, Y: -1, Text: "w 車馬炮"}}}
	plain.Decor = rules.Decor{RiverBelow: 4}
	v := &rules.View{Board: b, Pieces: make([]*rules.ViewPiece, b.NumSquares()), LastFrom: rules.NoSquare, LastTo: rules.NoSquare}
	for _, persp := range []rules.Side{rules.Red, rules.Black} {
		r := newRenderer(t, Options{Perspective: persp})
		s := render(t, r, v)
		_, hPlain, err := r.Size(plain)
		if err != nil {
			t.Fatal(err)
		}
		if h := s.img.Bounds().Dy(); h <= hPlain {
			t.Errorf("perspective %v: height %d with a label below the board, %d without", persp, h, hPlain)
		}
		x, y := s.l.px(4, -1)
		n := 0
		for dy := -s.l.s * 0.25; dy <= s.l.s*0.25; dy++ {
			for dx := -s.l.s * 1.2; dx <= s.l.s*1.2; dx++ {
				if near(s.pixel(x+dx, y+dy), s.th.Label, 40) {
					n++
				}
			}
		}
		if n < 30 {
			t.Errorf("perspective %v: %d label pixels at the label's point", persp, n)
		}
	}
}

// TestArcsAndMarks: an arc (yunduan's cloud link) bows out beyond the edge
// rank, inside the frame, from either side; a marked kind (the freed
// elephant) wears a badge in its side's ink at the lower right.
func TestArcsAndMarks(t *testing.T) {
	t.Parallel()
	b := mustFinalize(&rules.Board{Width: 9, Height: 10})
	b.Decor = rules.Decor{RiverBelow: 4, Arcs: lines(b, "a0-c0")}
	v := &rules.View{Board: b, Pieces: make([]*rules.ViewPiece, b.NumSquares()), LastFrom: rules.NoSquare, LastTo: rules.NoSquare}
	v.Pieces[sq(b, "e5")] = &rules.ViewPiece{Side: rules.Black, Letter: 'F', Glyph: "象", Marked: true}
	v.Pieces[sq(b, "g5")] = &rules.ViewPiece{Side: rules.Black, Letter: 'B', Glyph: "象"}
	for _, persp := range []rules.Side{rules.Red, rules.Black} {
		s := render(t, newRenderer(t, Options{Perspective: persp}), v)
		x, y := s.l.px(1, -0.78)
		found := false
		for dy := -2.0; dy <= 2; dy++ {
			found = found || near(s.pixel(x, y+dy), s.th.Line, 40)
		}
		if !found {
			t.Errorf("perspective %v: no arc at its apex below b0", persp)
		}
		if x, y := s.l.px(5, -0.78); near(s.pixel(x, y), s.th.Line, 40) {
			t.Errorf("perspective %v: an arc below f0, where none is", persp)
		}
		off := math.Round(float64(s.l.discDiameter()) * 0.35)
		rb := math.Max(5, math.Round(float64(s.l.discDiameter())*0.2))
		s.expect("the freed elephant's badge, below its star", s.at("e5", off, off+rb*0.8), s.th.Ink[rules.Black])
		if got := s.at("g5", off, off+rb*0.8); near(got, s.th.Ink[rules.Black], 40) {
			t.Errorf("perspective %v: a badge on a plain elephant", persp)
		}
	}
}
