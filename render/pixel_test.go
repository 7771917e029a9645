package render

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"math"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/rules"
)

// shot is a decoded image with the layout that placed it, so that tests can look
// at the pixels of a given square.
type shot struct {
	t   *testing.T
	img image.Image
	l   *layout
	th  Theme
}

func render(t *testing.T, r *Renderer, v *rules.View) *shot {
	t.Helper()
	data, err := r.PNG(v)
	if err != nil {
		t.Fatal(err)
	}
	bg, err := r.background(v.Board)
	if err != nil {
		t.Fatal(err)
	}
	return &shot{t: t, img: decodePNG(t, data), l: bg.l, th: r.c.opts.Theme}
}

// at returns the colour at the pixel (x, y) relative to the centre of square name.
func (s *shot) at(name string, dx, dy float64) color.RGBA {
	x, y := s.l.center(sq(s.l.b, name))
	return s.pixel(x+dx, y+dy)
}

func (s *shot) pixel(x, y float64) color.RGBA {
	r, g, b, _ := s.img.At(int(math.Floor(x)), int(math.Floor(y))).RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xFF}
}

// between returns the colour at the point a fraction f of the way from square a to b.
func (s *shot) between(a, b string, f float64) color.RGBA {
	ax, ay := s.l.center(sq(s.l.b, a))
	bx, by := s.l.center(sq(s.l.b, b))
	return s.pixel(ax+(bx-ax)*f, ay+(by-ay)*f)
}

func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return d(a.R, b.R) <= tol && d(a.G, b.G) <= tol && d(a.B, b.B) <= tol
}

func (s *shot) expect(what string, got, want color.RGBA) {
	s.t.Helper()
	if !near(got, want, 24) {
		s.t.Errorf("%s: colour %v, want %v", what, got, want)
	}
}

// inkCount counts the pixels within radius rad of square name's centre that are
// close to colour c.
func (s *shot) inkCount(name string, rad float64, c color.RGBA) int {
	x, y := s.l.center(sq(s.l.b, name))
	n := 0
	for dy := -rad; dy <= rad; dy++ {
		for dx := -rad; dx <= rad; dx++ {
			if dx*dx+dy*dy <= rad*rad && near(s.pixel(x+dx, y+dy), c, 40) {
				n++
			}
		}
	}
	return n
}

func TestPiecesAtTheirPoints(t *testing.T) {
	t.Parallel()
	for _, persp := range []rules.Side{rules.Red, rules.Black} {
		t.Run(persp.String(), func(t *testing.T) {
			r := newRenderer(t, Options{Perspective: persp})
			b := xiangqiBoard()
			s := render(t, r, viewOf(b, xiangqiStart, xiangqiGlyphs))
			R := float64(s.l.discDiameter()) / 2
			for _, tc := range []struct {
				names string
				side  rules.Side
			}{
				{"a0 b0 c0 d0 e0 f0 g0 h0 i0 b2 h2 a3 c3 e3 g3 i3", rules.Red},
				{"a9 b9 c9 d9 e9 f9 g9 h9 i9 b7 h7 a6 c6 e6 g6 i6", rules.Black},
			} {
				for _, n := range splitNames(tc.names) {
					own := s.inkCount(n, R*0.7, s.th.Ink[tc.side])
					other := s.inkCount(n, R*0.7, s.th.Ink[tc.side.Other()])
					if own < 20 || other > own/10 {
						t.Errorf("%s: %d pixels of %s ink, %d of the other", n, own, tc.side, other)
					}
					// Between the engraved ring and the rim lies the ivory face.
					s.expect(n+" face", s.at(n, R*0.87, 0), s.th.Face)
				}
			}
			// Red's general is at the bottom when seen from Red, at the top from Black.
			_, y := s.l.center(sq(b, "e0"))
			if bottom := y > float64(s.l.h)/2; bottom != (persp == rules.Red) {
				t.Errorf("e0 drawn at y=%v of %d", y, s.l.h)
			}
		})
	}
}

func splitNames(s string) []string {
	var out []string
	for _, f := range bytes.Fields([]byte(s)) {
		out = append(out, string(f))
	}
	return out
}

func TestGridLines(t *testing.T) {
	t.Parallel()
	for _, persp := range []rules.Side{rules.Red, rules.Black} {
		t.Run(persp.String(), func(t *testing.T) {
			r := newRenderer(t, Options{Perspective: persp})
			b := xiangqiBoard()
			s := render(t, r, viewOf(b, "9/9/9/9/9/9/9/9/9/9", xiangqiGlyphs))
			th := s.th
			// Points and the lines between them.
			s.expect("point e2", s.at("e2", 0, 0), th.Line)
			s.expect("rank line b1-c1", s.between("b1", "c1", 0.5), th.Line)
			s.expect("file line b1-b2", s.between("b1", "b2", 0.5), th.Line)
			s.expect("inside a cell", s.between("b1", "c2", 0.5), th.Board)
			// The river breaks the inner files, not the outer ones.
			s.expect("river at e", s.between("e4", "e5", 0.5), th.Board)
			s.expect("river at b", s.between("b4", "b5", 0.5), th.Board)
			s.expect("river at a", s.between("a4", "a5", 0.5), th.Line)
			s.expect("river at i", s.between("i4", "i5", 0.5), th.Line)
			// Palace diagonals, and none outside the palace.
			s.expect("palace diagonal", s.between("d0", "f2", 0.25), th.Line)
			s.expect("palace diagonal", s.between("f7", "d9", 0.75), th.Line)
			s.expect("no diagonal", s.between("a0", "c2", 0.25), th.Board)
			// Corner marks of e3: the arm of its upper right mark, not of the
			// other quadrants' gap; a3 has marks only towards the board.
			g := math.Max(3, math.Round(s.l.s*0.07))
			arm := math.Round(s.l.s * 0.17)
			right := 1.0
			if persp == rules.Black {
				right = -1
			}
			s.expect("mark e3 arm", s.at("e3", right*(g+arm/2), -right*g), th.Line)
			s.expect("mark e3 corner gap", s.at("e3", right*(g/2), -right*(g/2)), th.Board)
			s.expect("no mark left of a3", s.at("a3", -right*(g+arm/2), -right*g), th.Board)
			s.expect("mark right of a3", s.at("a3", right*(g+arm/2), -right*g), th.Line)
			// River text: 楚 sits in the river, a quarter of the way across.
			x, y := s.l.px(2-0.525, 4.5)
			n := 0
			for dy := -s.l.s / 4; dy <= s.l.s/4; dy++ {
				for dx := -s.l.s / 4; dx <= s.l.s/4; dx++ {
					if near(s.pixel(x+dx, y+dy), th.Line, 30) {
						n++
					}
				}
			}
			if n < 30 {
				t.Errorf("river text: %d ink pixels where 楚 should be", n)
			}
		})
	}
}

func TestMarks(t *testing.T) {
	t.Parallel()
	r := newRenderer(t, Options{})
	b := xiangqiBoard()
	v := middleView(b)
	s := render(t, r, v)
	th := s.th
	hs := math.Round(s.l.s * 0.49)
	// Last-move brackets at both ends of the move, at the corners.
	s.expect("last move from", s.at("e2", hs, hs), th.LastMove)
	s.expect("last move to", s.at("e6", -hs, -hs), th.LastMove)
	s.expect("no bracket mid-side", s.at("e2", 0, hs), th.Line) // the file line below e2
	// The ring around Black's general, in check.
	d := float64(s.l.discDiameter())
	w := math.Max(3, math.Round(d*0.07))
	s.expect("check ring", s.at("e9", d/2+w*0.35, 0), th.Check)
	s.expect("no ring on Red's general", s.at("e0", 0, -(d/2+w*0.35)), th.Line)
}

func TestFaceDownAndBadges(t *testing.T) {
	t.Parallel()
	r := newRenderer(t, Options{})
	b := xiangqiBoard()
	v := viewOf(b, "4k4/9/9/9/9/9/9/9/4*x4/*XN~P^1*R3K", xiangqiGlyphs)
	s := render(t, r, v)
	th := s.th
	R := float64(s.l.discDiameter()) / 2
	// A face-down piece: a band of its side's colour, the back inside.
	s.expect("red back band", s.at("a0", R*0.75, 0), th.Ink[rules.Red])
	s.expect("red back", s.at("a0", 0, 0), th.Back)
	s.expect("black back band", s.at("e1", R*0.75, 0), th.Ink[rules.Black])
	// A face-down piece whose kind the viewer knows shows it in ivory on the back.
	if n := s.inkCount("e0", R*0.6, th.Face); n < 20 {
		t.Errorf("known face-down piece: %d ivory pixels", n)
	}
	if n := s.inkCount("a0", R*0.3, th.Face); n != 0 {
		t.Errorf("unknown face-down piece: %d ivory pixels at its centre", n)
	}
	// Badges at the upper right of the disc.
	d := float64(s.l.discDiameter())
	off := math.Round(d * 0.35)
	rb := math.Max(5, math.Round(d*0.2))
	s.expect("frozen badge", s.at("b0", off+rb*0.5, -off), th.Frozen)
	s.expect("pinned badge", s.at("c0", off+rb*0.5, -off+rb*0.5), th.Pinned)
	s.expect("no badge", s.at("e9", off+rb*0.5, -off), th.Board)
}

func TestStack(t *testing.T) {
	t.Parallel()
	r := newRenderer(t, Options{})
	b := jinchanBoard()
	v := viewOf(b, "11/11/11/11/11/11/5(Nr)5/11/11/11/11/11", xiangqiGlyphs)
	s := render(t, r, v)
	d := float64(s.l.discDiameter())
	so := math.Round(d * 0.17)
	// The pressed black piece peeks out at the lower left, the red one on top.
	if n := s.inkCount("f5", d*0.2, s.th.Ink[rules.Red]); n < 10 {
		t.Errorf("top piece: %d red pixels", n)
	}
	x, y := s.l.center(sq(b, "f5"))
	black := 0
	for dy := 0.0; dy < so+d*0.3; dy++ {
		for dx := -so - d*0.3; dx < 0; dx++ {
			if near(s.pixel(x+dx, y+dy), s.th.Ink[rules.Black], 40) {
				black++
			}
		}
	}
	if black < 10 {
		t.Errorf("pressed piece: %d black pixels at the lower left", black)
	}
}

func TestCellBoard(t *testing.T) {
	t.Parallel()
	r := newRenderer(t, Options{})
	b := cellBoard()
	s := render(t, r, viewOf(b, "8/8/8/8/8/8/8/8", animalGlyphs))
	th := s.th
	q := s.l.s * 0.3
	s.expect("a2 light", s.at("a2", q, q), th.Light)
	s.expect("b2 dark", s.at("b2", q, q), th.Dark)
	s.expect("h8 dark", s.at("h8", 0, 0), th.Dark)
	// a1 is dark and marked with an inset frame.
	s.expect("a1 dark", s.at("a1", 0, 0), th.Dark)
	in := math.Round(s.l.s * 0.07)
	s.expect("a1 mark", s.at("a1", s.l.s/2-in, 0), th.Line)
	s.expect("b1 unmarked", s.at("b1", s.l.s/2-in, 0), th.Light)
	// Pieces sit in the middle of their cells.
	s = render(t, r, viewOf(b, animalStart, animalGlyphs))
	if n := s.inkCount("e1", s.l.s*0.3, th.Ink[rules.Red]); n < 20 {
		t.Errorf("e1: %d red pixels", n)
	}
}

func TestExtraPoints(t *testing.T) {
	t.Parallel()
	r := newRenderer(t, Options{})
	b := reserveBoard()
	v := viewOf(b, "9/9/9/9/9/9/9/9/9/9", xiangqiGlyphs)
	v.Pieces[sq(b, "r3")] = &rules.ViewPiece{Side: rules.Red, Letter: 'C', Glyph: "炮"}
	s := render(t, r, v)
	s.expect("reserve slot shaded", s.at("r1", s.l.s*0.3, s.l.s*0.3), s.th.Shade)
	s.expect("reserve slot dot", s.at("r1", 0, 0), s.th.Line)
	if n := s.inkCount("r3", s.l.s*0.3, s.th.Ink[rules.Red]); n < 20 {
		t.Errorf("reserve piece: %d red pixels", n)
	}
	// The reserve lies below the board for Red, above it for Black.
	_, yr := s.l.center(sq(b, "r1"))
	_, y0 := s.l.center(sq(b, "a0"))
	if yr <= y0 {
		t.Errorf("reserve at y=%v, rank 0 at y=%v", yr, y0)
	}
}

// TestHiddenIdentity: two true positions that differ only in what their
// face-down pieces are give views that hide that, and the views give
// byte-identical images.
func TestHiddenIdentity(t *testing.T) {
	t.Parallel()
	b := xiangqiBoard()
	truths := []string{
		"*r*n*b*akabnr/9/1*c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1*C5C1/9/*R*N*B*AKABNR",
		"*c*p*n*akabnr/9/1*r5c1/p1p1p1p1p/9/9/P1P1P1P1P/1*B5C1/9/*P*C*R*NKABNR",
	}
	public := func(true string) *rules.View {
		v := viewOf(b, true, xiangqiGlyphs)
		for _, p := range v.Pieces {
			if p != nil && p.FaceDown {
				// What rules.Position.View does for an audience that may not know.
				p.Letter, p.Glyph, p.Simple = 0, "", ""
			}
		}
		return v
	}
	for _, o := range []Options{{}, {Simplified: true, Perspective: rules.Black, Coords: CoordsChinese}} {
		r := newRenderer(t, o)
		a, err := r.PNG(public(truths[0]))
		if err != nil {
			t.Fatal(err)
		}
		c, err := r.PNG(public(truths[1]))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, c) {
			t.Errorf("%+v: public images of different hidden kinds differ", o)
		}
		// The owner's view, which knows the kinds, does differ.
		own, err := r.PNG(viewOf(b, truths[0], xiangqiGlyphs))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(a, own) {
			t.Error("owner's image equals the public one")
		}
	}
}

func TestDeterministic(t *testing.T) {
	t.Parallel()
	v := middleView(xiangqiBoard())
	var first []byte
	for i := 0; i < 2; i++ {
		// A new renderer, then the shared one: same bytes from cold and warm caches.
		r := freshRenderer(t, Options{Coords: CoordsChinese})
		if i == 1 {
			r = newRenderer(t, Options{Coords: CoordsChinese})
		}
		for j := 0; j < 2; j++ {
			got, err := r.PNG(v)
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = got
			} else if !bytes.Equal(first, got) {
				t.Fatalf("renderer %d, image %d differs", i, j)
			}
		}
	}
}

func TestConcurrent(t *testing.T) {
	t.Parallel()
	r := freshRenderer(t, Options{})
	views := []*rules.View{
		viewOf(xiangqiBoard(), xiangqiStart, xiangqiGlyphs),
		middleView(xiangqiBoard()),
		viewOf(jinchanBoard(), jinchanStart, xiangqiGlyphs),
		viewOf(cellBoard(), animalStart, animalGlyphs),
	}
	want := make([][2][]byte, len(views))
	ref := newRenderer(t, Options{})
	for i, v := range views {
		for s := range 2 {
			var err error
			if want[i][s], err = ref.From(rules.Side(s)).PNG(v); err != nil {
				t.Fatal(err)
			}
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for k := range 4 {
				i, s := (g+k)%len(views), (g+k)%2
				got, err := r.From(rules.Side(s)).PNG(views[i])
				if err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(got, want[i][s]) {
					t.Errorf("goroutine %d: view %d side %d differs", g, i, s)
				}
			}
		})
	}
	wg.Wait()
}

func TestSizeAndLimits(t *testing.T) {
	t.Parallel()
	r := newRenderer(t, Options{})
	v := middleView(xiangqiBoard())
	data, err := r.PNG(v)
	if err != nil {
		t.Fatal(err)
	}
	var img image.Image = decodePNG(t, data)
	if w := img.Bounds().Dx(); w != DefaultWidth {
		t.Errorf("width %d, want %d", w, DefaultWidth)
	}
	if h := img.Bounds().Dy(); h < 750 || h > 850 {
		t.Errorf("height %d", h)
	}
	if len(data) > 60<<10 {
		t.Errorf("PNG is %d bytes, more than 60 KB", len(data))
	}
	if n := len(r.Palette()); n > 256 || n < 100 {
		t.Errorf("palette of %d colours", n)
	}
	// Widths are clamped; a small board is drawn at the width asked.
	for _, w := range []int{1, 5000} {
		if got := freshRenderer(t, Options{Width: w}).Options().Width; got != max(MinWidth, min(MaxWidth, w)) {
			t.Errorf("width %d gave %d", w, got)
		}
	}
	img, err = newRenderer(t, Options{Width: 300}).Draw(v)
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Dx(); got != 300 {
		t.Errorf("width 300 gave %d", got)
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	r := newRenderer(t, Options{})
	if _, err := r.PNG(nil); !errors.Is(err, ErrNoView) {
		t.Errorf("nil view: %v", err)
	}
	if _, err := r.PNG(&rules.View{}); !errors.Is(err, ErrNoView) {
		t.Errorf("no board: %v", err)
	}
	if _, err := r.PNG(&rules.View{Board: &rules.Board{Width: 9, Height: 10}}); !errors.Is(err, ErrNoView) {
		t.Errorf("board not finalized: %v", err)
	}
	b := xiangqiBoard()
	if _, err := r.PNG(&rules.View{Board: b, Pieces: make([]*rules.ViewPiece, 91)}); err == nil {
		t.Error("too many pieces: no error")
	}
	// Out-of-range marks are ignored, not a crash.
	v := viewOf(b, xiangqiStart, xiangqiGlyphs)
	v.LastFrom, v.LastTo, v.InCheck = 500, -7, []rules.Square{-1, 90}
	if _, err := r.PNG(v); err != nil {
		t.Error(err)
	}
	if _, err := r.GIF(nil, time.Second); !errors.Is(err, ErrNoView) {
		t.Errorf("GIF of nothing: %v", err)
	}
	other := viewOf(xiangqiBoard(), xiangqiStart, xiangqiGlyphs)
	if _, err := r.GIF([]*rules.View{v, other}, time.Second); !errors.Is(err, ErrBoardMismatch) {
		t.Errorf("GIF across boards: %v", err)
	}
}

func TestGIF(t *testing.T) {
	t.Parallel()
	r := newRenderer(t, Options{})
	views := gameViews(14)
	data, err := r.GIF(views, 800*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != len(views) {
		t.Fatalf("%d frames, want %d", len(g.Image), len(views))
	}
	if g.Delay[0] != 80 || g.Delay[len(g.Delay)-1] != 240 {
		t.Errorf("delays %v", g.Delay)
	}
	// Frames after the first hold only what changed: a rectangle, and in it
	// transparency where nothing changed.
	if per := (len(data) - 60<<10) / (len(views) - 1); per > 12<<10 {
		t.Errorf("%d bytes: %d per move", len(data), per)
	}
	// Playing the frames gives the last position.
	want, err := r.Draw(views[len(views)-1])
	if err != nil {
		t.Fatal(err)
	}
	full := g.Image[0].Bounds()
	canvas := image.NewPaletted(full, g.Image[0].Palette)
	for _, f := range g.Image {
		for y := f.Rect.Min.Y; y < f.Rect.Max.Y; y++ {
			for x := f.Rect.Min.X; x < f.Rect.Max.X; x++ {
				if p := f.Pix[f.PixOffset(x, y)]; int(p) < len(want.Palette) {
					canvas.Pix[canvas.PixOffset(x, y)] = p
				}
			}
		}
	}
	for i := range want.Pix {
		if want.Palette[want.Pix[i]] != canvas.Palette[canvas.Pix[i]] {
			t.Fatalf("last frame differs at pixel %d", i)
		}
	}
	t.Logf("GIF of %d frames: %d bytes", len(g.Image), len(data))
}

func TestNoRiverByDefault(t *testing.T) {
	t.Parallel()
	// A board whose Decor was left zero (RiverBelow 0) has no river.
	b := mustFinalize(&rules.Board{Width: 9, Height: 10})
	s := render(t, newRenderer(t, Options{}), viewOf(b, "9/9/9/9/9/9/9/9/9/9", xiangqiGlyphs))
	s.expect("file line between ranks 0 and 1", s.between("e0", "e1", 0.5), s.th.Line)
	c := mustFinalize(&rules.Board{Width: 8, Height: 8, Cells: true})
	s = render(t, newRenderer(t, Options{}), viewOf(c, "8/8/8/8/8/8/8/8", animalGlyphs))
	s.expect("no river line between ranks 1 and 2", s.between("a1", "a2", 0.53), s.th.Light)
}

func TestCoordinateLabels(t *testing.T) {
	t.Parallel()
	b := xiangqiBoard()
	v := viewOf(b, "9/9/9/9/9/9/9/9/9/9", xiangqiGlyphs)
	// labelInk counts label-coloured pixels in the band beyond the frame, above
	// (edge -1) or below (edge 1) file f.
	labelInk := func(s *shot, f int, edge float64) int {
		x, _ := s.l.center(b.At(f, 0))
		_, y0, _, y1 := s.l.contentRect()
		y := y1 + s.l.bandB*s.l.s/2
		if edge < 0 {
			y = y0 - s.l.bandT*s.l.s/2
		}
		n := 0
		for dy := -s.l.s / 5; dy <= s.l.s/5; dy++ {
			for dx := -s.l.s / 5; dx <= s.l.s/5; dx++ {
				if near(s.pixel(x+dx, y+dy), s.th.Label, 40) {
					n++
				}
			}
		}
		return n
	}
	iccs := render(t, newRenderer(t, Options{}), v)
	chinese := render(t, newRenderer(t, Options{Coords: CoordsChinese}), v)
	none := render(t, newRenderer(t, Options{Coords: CoordsNone}), v)
	for f := 0; f < 9; f++ {
		if labelInk(iccs, f, 1) == 0 || labelInk(iccs, f, -1) != 0 {
			t.Errorf("ICCS: file %d: a letter below only", f)
		}
		if labelInk(chinese, f, 1) == 0 || labelInk(chinese, f, -1) == 0 {
			t.Errorf("Chinese: file %d: numbers on both edges", f)
		}
	}
	// Without labels there are no bands for them.
	if none.l.s <= iccs.l.s {
		t.Errorf("no labels: %v px per unit; ICCS: %v", none.l.s, iccs.l.s)
	}
	if got := fileLabel(chinese.l, 8, rules.Red); got != "一" {
		t.Errorf("Red's file i is %q", got)
	}
	if got := fileLabel(chinese.l, 0, rules.Red); got != "九" {
		t.Errorf("Red's file a is %q", got)
	}
	if got := fileLabel(chinese.l, 0, rules.Black); got != "1" {
		t.Errorf("Black's file a is %q", got)
	}
	if chineseNumber(11) != "十一" || chineseNumber(10) != "十" || chineseNumber(21) != "二十一" {
		t.Error("chineseNumber")
	}
	for _, c := range []Coords{CoordsICCS, CoordsChinese, CoordsNone} {
		if got, ok := ParseCoords(c.String()); !ok || got != c {
			t.Errorf("ParseCoords(%q) = %v, %v", c.String(), got, ok)
		}
	}
}

// TestRandomViews draws random views on every test board, orientation and
// style: no panic, the right size, the same bytes twice.
func TestRandomViews(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	boards := []*rules.Board{xiangqiBoard(), cellBoard(), jinchanBoard(), mountainBoard(true), reserveBoard(), supplyBoard()}
	names := []string{"帥", "車", "蟬", "兵卒", "山河象", ""}
	randomPiece := func() *rules.ViewPiece {
		p := &rules.ViewPiece{Side: rules.Side(rng.IntN(2)), FaceDown: rng.IntN(4) == 0,
			Frozen: rng.IntN(8) == 0, Pinned: rng.IntN(8) == 0}
		if rng.IntN(5) > 0 {
			p.Letter = byte('A' + rng.IntN(26))
			p.Glyph = names[rng.IntN(len(names))]
			p.Simple = names[rng.IntN(len(names))]
		}
		return p
	}
	for i := 0; i < 6; i++ {
		b := boards[i%len(boards)]
		v := &rules.View{Board: b, Pieces: make([]*rules.ViewPiece, rng.IntN(b.NumSquares()+1)),
			LastFrom: rules.Square(rng.IntN(b.NumSquares()+4) - 2), LastTo: rules.Square(rng.IntN(b.NumSquares()))}
		for j := range v.Pieces {
			if rng.IntN(3) == 0 {
				v.Pieces[j] = randomPiece()
				if rng.IntN(6) == 0 {
					v.Pieces[j].Pressed = randomPiece()
				}
			}
		}
		v.InCheck = []rules.Square{rules.Square(rng.IntN(b.NumSquares()))}
		o := Options{Simplified: i%2 == 0, Coords: Coords(i % 3), Perspective: rules.Side(i / 3 % 2)}
		r := newRenderer(t, o)
		a, err := r.PNG(v)
		if err != nil {
			t.Fatal(err)
		}
		c, err := r.PNG(v)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, c) {
			t.Errorf("view %d: two images differ", i)
		}
		if img := decodePNG(t, a); img.Bounds().Dx() != DefaultWidth {
			t.Errorf("view %d: width %d", i, img.Bounds().Dx())
		}
	}
}

// TestHands: pieces in hand are drawn in the row beyond their side's back rank,
// Red's at the bottom seen from Red.
func TestHands(t *testing.T) {
	t.Parallel()
	b := xiangqiBoard()
	b.Decor.HandRows = true
	r := newRenderer(t, Options{})
	v := viewOf(b, xiangqiStart, xiangqiGlyphs)
	v.Hands[rules.Red] = []*rules.ViewPiece{{Side: rules.Red, Letter: 'R', Glyph: "俥", Simple: "俥"}}
	v.Hands[rules.Black] = []*rules.ViewPiece{{Side: rules.Black, Letter: 'N', Glyph: "馬", Simple: "马"}, {Side: rules.Black, Letter: 'N', Glyph: "馬", Simple: "马"}}
	s := render(t, r, v)
	x, y := s.l.handCenter(rules.Red, 0, 1)
	if y < float64(s.l.h)*0.9 {
		t.Errorf("Red's hand at y=%v of %d, want the bottom row", y, s.l.h)
	}
	s.expect("Red's hand piece face", s.pixel(x+float64(s.l.discDiameter())*0.78/2*0.87, y), s.th.Face)
	for i := 0; i < 2; i++ {
		x, y := s.l.handCenter(rules.Black, i, 2)
		if y > float64(s.l.h)*0.1 {
			t.Errorf("Black's hand at y=%v, want the top row", y)
		}
		s.expect("Black's hand piece face", s.pixel(x+float64(s.l.discDiameter())*0.78/2*0.87, y), s.th.Face)
	}
	// The same view without hands leaves the rows empty.
	v.Hands = [2][]*rules.ViewPiece{}
	e := render(t, r, v)
	if got := e.pixel(x, y); near(got, e.th.Face, 24) {
		t.Errorf("an empty hand row shows a piece face")
	}
}

// TestRemovedCross: a point whose piece the last move took besides its target
// gets a cross in the last move's colour on its diagonals; without the mark the
// same pixels are the board's.
func TestRemovedCross(t *testing.T) {
	t.Parallel()
	r := newRenderer(t, Options{})
	b := xiangqiBoard()
	v := middleView(b)
	name := ""
	for _, n := range []string{"a6", "b6", "c6", "d6", "f6", "g6", "h6", "i6", "b5", "d5", "f5", "h5"} {
		if v.Pieces[sq(b, n)] == nil {
			name = n
			break
		}
	}
	if name == "" {
		t.Fatal("no empty point to mark")
	}
	plain := render(t, r, v)
	v.Removed = []rules.Square{sq(b, name)}
	marked := render(t, r, v)
	off := math.Round(plain.l.s*0.2) * 0.6 // on the cross's arm, off the grid lines
	for _, d := range [][2]float64{{off, off}, {-off, off}, {off, -off}, {-off, -off}} {
		marked.expect("cross arm", marked.at(name, d[0], d[1]), marked.th.LastMove)
		if near(plain.at(name, d[0], d[1]), plain.th.LastMove, 24) {
			t.Errorf("%s without the mark already has the cross colour at %v", name, d)
		}
	}
}
