package render

import (
	"fmt"
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
