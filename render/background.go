package render

import (
	"image"
	"image/color"
	"math"
	"strconv"
	"unicode"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"github.com/chuhe/chuhe/rules"
)

// Backgrounds are drawn with gg once per board and orientation, then quantized.
// Nothing here is on the hot path.

// drawBackground draws the board without pieces. c.mu must be held for writing.
func (c *shared) drawBackground(l *layout) *image.Paletted {
	dc := gg.NewContext(l.w, l.h)
	dc.SetColor(c.opts.Theme.Board)
	dc.Clear()
	if l.cells {
		c.drawCells(dc, l)
	} else {
		c.drawPoints(dc, l)
	}
	c.drawLabels(dc, l)
	return c.quantize(dc.Image().(*image.RGBA))
}

// quantize maps an opaque RGBA image to the palette, exactly.
func (c *shared) quantize(src *image.RGBA) *image.Paletted {
	b := src.Bounds()
	dst := image.NewPaletted(b, c.q.pal)
	e := newExact(c.q)
	for y := 0; y < b.Dy(); y++ {
		s := src.Pix[y*src.Stride : y*src.Stride+4*b.Dx()]
		d := dst.Pix[y*dst.Stride : y*dst.Stride+b.Dx()]
		for x := range d {
			d[x] = e.index(s[4*x], s[4*x+1], s[4*x+2])
		}
	}
	return dst
}

// riverOf returns the rank below the river and whether there is one. A river
// below rank 1 is taken for none: Decor's zero value says RiverBelow 0, and
// no game has its river on the edge of the board.
func riverOf(b *rules.Board) (int, bool) {
	rb := b.Decor.RiverBelow
	return rb, rb >= 1 && rb+1 < b.Height
}

// segment is a straight line between two squares' centres.
type segment struct{ a, b rules.Square }

// gridSegments returns the orthogonal lines of a point board: runs of adjacent
// existing points along each rank and file, broken at holes and, for the inner
// files, at the river.
func gridSegments(b *rules.Board) []segment {
	var segs []segment
	run := func(at func(i int) rules.Square, n int, broken func(i int) bool) {
		start := rules.NoSquare
		prev := rules.NoSquare
		for i := 0; i <= n; i++ {
			sq := rules.NoSquare
			if i < n {
				sq = at(i)
			}
			if sq != rules.NoSquare && prev != rules.NoSquare && !broken(i) {
				prev = sq
				continue
			}
			if start != rules.NoSquare && prev != start {
				segs = append(segs, segment{start, prev})
			}
			start, prev = sq, sq
		}
	}
	for r := 0; r < b.Height; r++ {
		run(func(f int) rules.Square { return b.At(f, r) }, b.Width, func(int) bool { return false })
	}
	// The files that run through the river: the outermost ones that have points
	// on both banks (on a mountain board the mountain files have none there).
	// Each river breaks the inner files on its own.
	through := map[[2]int]bool{} // (file, rank above the river)
	above := map[int]bool{}
	for _, rv := range riversOf(b) {
		rb := rv.Below
		above[rb+1] = true
		lo, hi := -1, -1
		for f := 0; f < b.Width; f++ {
			if b.At(f, rb) != rules.NoSquare && b.At(f, rb+1) != rules.NoSquare {
				if lo < 0 {
					lo = f
				}
				hi = f
			}
		}
		through[[2]int{lo, rb + 1}], through[[2]int{hi, rb + 1}] = true, true
	}
	for f := 0; f < b.Width; f++ {
		broken := func(r int) bool { return above[r] && !through[[2]int{f, r}] }
		run(func(r int) rules.Square { return b.At(f, r) }, b.Height, broken)
	}
	return segs
}

// extraLinks returns the lines from extra points to the squares they link to,
// each once.
func extraLinks(b *rules.Board) []segment {
	var segs []segment
	seen := map[segment]bool{}
	base := b.Width * b.Height
	for i, e := range b.Extra {
		sq := rules.Square(base + i)
		for _, name := range sortedLinkNames(e.Links) {
			to, ok := b.Parse(name)
			if !ok {
				continue
			}
			s := segment{min(sq, to), max(sq, to)}
			if !seen[s] {
				seen[s] = true
				segs = append(segs, s)
			}
		}
	}
	return segs
}

// sortedLinkNames lists link targets in a fixed order (map order is random, and
// drawing order must not be).
func sortedLinkNames(links map[[2]int]string) []string {
	var dirs [][2]int
	for d := range links {
		dirs = append(dirs, d)
	}
	for i := 1; i < len(dirs); i++ {
		for j := i; j > 0 && (dirs[j][0] < dirs[j-1][0] || dirs[j][0] == dirs[j-1][0] && dirs[j][1] < dirs[j-1][1]); j-- {
			dirs[j], dirs[j-1] = dirs[j-1], dirs[j]
		}
	}
	names := make([]string, len(dirs))
	for i, d := range dirs {
		names[i] = links[d]
	}
	return names
}

func (c *shared) drawPoints(dc *gg.Context, l *layout) {
	th := c.opts.Theme
	b := l.b
	s := l.s
	lw := l.lineWidth()

	// Shaded zones: a square of one unit around each grid point, so that
	// neighbours merge into one area; a rounded slot around each extra point,
	// whose neighbours need not be one unit away.
	if len(b.Decor.Shaded) > 0 {
		for _, set := range b.Decor.Shaded {
			for _, sq := range set.Squares() {
				if !b.Exists(sq) {
					continue
				}
				x, y := l.center(sq)
				if _, _, grid := b.Coords(sq); grid {
					dc.DrawRectangle(x-s/2, y-s/2, s, s)
				} else {
					dc.DrawRoundedRectangle(x-s*0.46, y-s*0.46, s*0.92, s*0.92, s*0.14)
				}
			}
		}
		dc.SetColor(th.Shade)
		dc.Fill()
	}

	// Frame around the grid.
	x0, y0 := l.px(0, 0)
	x1, y1 := l.px(float64(b.Width-1), float64(b.Height-1))
	fo := math.Round(s * (0.56 + arcPad(b)))
	fw := lw + 2
	dc.DrawRectangle(math.Min(x0, x1)-fo, math.Min(y0, y1)-fo, math.Abs(x1-x0)+2*fo, math.Abs(y1-y0)+2*fo)
	dc.SetColor(th.Line)
	dc.SetLineWidth(fw)
	dc.Stroke()

	// Grid lines, links to extra points, diagonals.
	dc.SetLineWidth(lw)
	dc.SetLineCap(gg.LineCapSquare)
	for _, sg := range append(gridSegments(b), extraLinks(b)...) {
		ax, ay := l.center(sg.a)
		bx, by := l.center(sg.b)
		dc.DrawLine(ax, ay, bx, by)
	}
	dc.Stroke()
	dc.SetLineCap(gg.LineCapButt)
	for _, d := range b.Decor.Diagonals {
		if !b.Exists(d.From) || !b.Exists(d.To) {
			continue
		}
		ax, ay := l.center(d.From)
		bx, by := l.center(d.To)
		dc.DrawLine(ax, ay, bx, by)
	}
	dc.Stroke()

	// Arcs: a quadratic curve bowed away from the board's centre, its middle
	// about 0.78 units beyond the chord between two points one file apart.
	if len(b.Decor.Arcs) > 0 {
		cx, cy := float64(b.Width-1)/2, float64(b.Height-1)/2
		for _, a := range b.Decor.Arcs {
			ax, ay := b.Point(a.From)
			bx, by := b.Point(a.To)
			mx, my := (ax+bx)/2, (ay+by)/2
			nx, ny := -(by - ay), bx-ax
			if nx*(mx-cx)+ny*(my-cy) < 0 {
				nx, ny = -nx, -ny
			}
			k := 0.78 / math.Max(1, math.Hypot(nx, ny)) * 2
			x0, y0 := l.px(ax, ay)
			x1, y1 := l.px(mx+nx*k, my+ny*k)
			x2, y2 := l.px(bx, by)
			dc.MoveTo(x0, y0)
			dc.QuadraticTo(x1, y1, x2, y2)
		}
		dc.Stroke()
	}

	// Seams: a double line halfway between two files, from the first rank to
	// the last.
	for _, f := range b.Decor.Seams {
		for _, off := range []float64{-0.09, 0.09} {
			ax, ay := l.px(float64(f)+0.5+off, 0)
			bx, by := l.px(float64(f)+0.5+off, float64(b.Height-1))
			dc.DrawLine(ax, ay, bx, by)
		}
	}
	dc.Stroke()

	// Extra points without links get a small dot, so that a reserve slot shows.
	for i, e := range b.Extra {
		if len(e.Links) == 0 {
			x, y := l.center(rules.Square(b.Width*b.Height + i))
			dc.DrawCircle(x, y, lw*1.5)
		}
	}
	dc.Fill()

	// Corner marks of the soldier and cannon points.
	g := math.Max(3, math.Round(s*0.07))
	arm := math.Round(s * 0.17)
	mw := math.Max(2, lw*0.75)
	dc.SetLineWidth(mw)
	dc.SetLineCap(gg.LineCapSquare)
	for _, sq := range b.Decor.Marks {
		f, r, ok := b.Coords(sq)
		if !ok || !b.Exists(sq) {
			continue
		}
		x, y := l.center(sq)
		for _, dx := range []int{-1, 1} {
			for _, dy := range []int{-1, 1} {
				if b.At(f+dx, r) == rules.NoSquare || b.At(f, r+dy) == rules.NoSquare {
					continue
				}
				nx, _ := l.center(b.At(f+dx, r))
				_, ny := l.center(b.At(f, r+dy))
				sx, sy := math.Copysign(1, nx-x), math.Copysign(1, ny-y)
				dc.MoveTo(x+sx*g, y+sy*(g+arm))
				dc.LineTo(x+sx*g, y+sy*g)
				dc.LineTo(x+sx*(g+arm), y+sy*g)
			}
		}
	}
	dc.Stroke()

	c.drawPointLabels(dc, l)
	c.drawRiverText(dc, l)

	if len(b.Decor.Labels) > 0 {
		face := c.faceLocked(s * 0.36)
		dc.SetColor(th.Label)
		for _, lb := range b.Decor.Labels {
			x, y := l.px(lb.X, lb.Y)
			drawLabel(dc, face, lb.Text, x, y)
		}
	}
}

// drawPointLabels draws Decor.PointLabels: a ring on the point and the label in the
// corner up and right of it as the viewer sees it, outside a piece's disc, so
// it shows whether the point is taken or not.
func (c *shared) drawPointLabels(dc *gg.Context, l *layout) {
	b := l.b
	if len(b.Decor.PointLabels) == 0 {
		return
	}
	s := l.s
	dc.SetColor(c.opts.Theme.Line)
	dc.SetLineWidth(math.Max(1.5, l.lineWidth()*0.75))
	for _, pl := range b.Decor.PointLabels {
		if !b.Exists(pl.At) {
			continue
		}
		x, y := l.center(pl.At)
		dc.DrawCircle(x, y, s*0.16)
		dc.Stroke()
	}
	face := c.faceLocked(s * 0.32)
	dc.SetColor(c.opts.Theme.Label)
	for _, pl := range b.Decor.PointLabels {
		if !b.Exists(pl.At) {
			continue
		}
		x, y := l.center(pl.At)
		drawGlyph(dc, face, pl.Text, x+s*0.40, y-s*0.40)
	}
}

// drawRiverText writes RiverText in the river, each half centred on its half of
// the board, upright for the viewer.
func (c *shared) drawRiverText(dc *gg.Context, l *layout) {
	b := l.b
	rivers := riversOf(b)
	if len(rivers) == 0 {
		return
	}
	face := c.faceLocked(l.s * 0.56)
	dc.SetColor(c.opts.Theme.Line)
	for _, rv := range rivers {
		uy := float64(rv.Below) + 0.5
		off := 0.0
		if l.cells {
			uy += 0.5
			off = 0.5
		}
		w := float64(b.Width - 1)
		for i, t := range rv.Text {
			rs := []rune(t)
			cx, cy := l.px(off+w*(0.25+0.5*float64(i)), uy)
			for j, r := range rs {
				x := cx + (float64(j)-float64(len(rs)-1)/2)*l.s*1.05
				drawGlyph(dc, face, string(r), x, cy)
			}
		}
	}
}

func (c *shared) drawCells(dc *gg.Context, l *layout) {
	th := c.opts.Theme
	b := l.b
	s := l.s
	lw := l.lineWidth()
	shaded := func(sq rules.Square) bool {
		for i := range b.Decor.Shaded {
			if b.Decor.Shaded[i].Has(sq) {
				return true
			}
		}
		return false
	}
	cell := func(sq rules.Square) (x, y float64) {
		cx, cy := l.center(sq)
		return cx - s/2, cy - s/2
	}
	// Light cells, dark cells (a1 is dark), shaded cells, extra cells.
	for pass := 0; pass < 3; pass++ {
		for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
			if !b.Exists(sq) {
				continue
			}
			kind := 0 // light
			if f, r, ok := b.Coords(sq); ok && (f+r)%2 == 0 {
				kind = 1
			}
			if shaded(sq) {
				kind = 2
			}
			if kind != pass {
				continue
			}
			x, y := cell(sq)
			dc.DrawRectangle(x, y, s, s)
		}
		dc.SetColor([]color.Color{th.Light, th.Dark, th.Shade}[pass])
		dc.Fill()
	}
	// Border around the grid and around extra cells.
	x0, y0 := l.px(0, 0)
	x1, y1 := l.px(float64(b.Width), float64(b.Height))
	dc.SetColor(th.Line)
	dc.SetLineWidth(lw)
	dc.DrawRectangle(math.Min(x0, x1), math.Min(y0, y1), math.Abs(x1-x0), math.Abs(y1-y0))
	for i := range b.Extra {
		x, y := cell(rules.Square(b.Width*b.Height + i))
		dc.DrawRectangle(x, y, s, s)
	}
	dc.Stroke()
	// River: a double line between its ranks.
	for _, rv := range riversOf(b) {
		ax, ay := l.px(0, float64(rv.Below+1))
		bx, by := l.px(float64(b.Width), float64(rv.Below+1))
		dc.SetLineWidth(2 * lw)
		dc.DrawLine(ax, ay, bx, by)
		dc.Stroke()
	}
	// Diagonals between cell centres.
	dc.SetLineWidth(lw / 2)
	for _, d := range b.Decor.Diagonals {
		if b.Exists(d.From) && b.Exists(d.To) {
			ax, ay := l.center(d.From)
			bx, by := l.center(d.To)
			dc.DrawLine(ax, ay, bx, by)
		}
	}
	dc.Stroke()
	// Marks: an inset frame in the cell (the rat's holes of animal chess).
	in := math.Round(s * 0.07)
	dc.SetLineWidth(lw)
	for _, sq := range b.Decor.Marks {
		if b.Exists(sq) {
			x, y := cell(sq)
			dc.DrawRectangle(x+in, y+in, s-2*in, s-2*in)
		}
	}
	dc.Stroke()
	c.drawRiverText(dc, l)
}

// fileLabel is the label of file f on the edge of side s for the layout's style.
func fileLabel(l *layout, f int, s rules.Side) string {
	if l.coords == CoordsChinese {
		if s == rules.Red {
			return chineseNumber(l.b.Width - f)
		}
		return strconv.Itoa(f + 1)
	}
	return string(rune('a' + f))
}

// chineseNumber writes 1..99 in Chinese numerals (一, 十, 十一, 二十一).
func chineseNumber(n int) string {
	digits := []rune("〇一二三四五六七八九")
	switch {
	case n < 10:
		return string(digits[n])
	case n < 20:
		if n == 10 {
			return "十"
		}
		return "十" + string(digits[n-10])
	default:
		s := string(digits[n/10]) + "十"
		if n%10 != 0 {
			s += string(digits[n%10])
		}
		return s
	}
}

func (c *shared) drawLabels(dc *gg.Context, l *layout) {
	if l.coords == CoordsNone {
		return
	}
	b := l.b
	face := c.faceLocked(l.s * 0.34)
	dc.SetColor(c.opts.Theme.Label)
	x0, y0, _, y1 := l.contentRect()
	off := 0.0
	if l.cells {
		off = 0.5
	}
	bottom := rules.Red
	if l.flip {
		bottom = rules.Black
	}
	// Labels sit in their band next to the content, inside the hand rows.
	bandB, bandT := l.bandB, l.bandT
	if l.hands {
		bandB, bandT = bandB-handBand, bandT-handBand
	}
	yb := y1 + bandB*l.s*0.5
	yt := y0 - bandT*l.s*0.5
	for f := 0; f < b.Width; f++ {
		x, _ := l.px(float64(f)+off, 0)
		switch l.coords {
		case CoordsICCS:
			drawLabel(dc, face, fileLabel(l, f, bottom), x, yb)
		case CoordsChinese:
			drawLabel(dc, face, fileLabel(l, f, bottom), x, yb)
			drawLabel(dc, face, fileLabel(l, f, bottom.Other()), x, yt)
		}
	}
	if l.coords == CoordsICCS {
		xl := x0 - l.bandL*l.s*0.5
		for r := 0; r < b.Height; r++ {
			_, y := l.px(0, float64(r)+off)
			n := r
			if l.cells {
				n = r + 1
			}
			drawLabel(dc, face, strconv.Itoa(n), xl, y)
		}
	}
}

// drawGlyph draws s with its ink box centred on (x, y): right for a Chinese
// character, whose ink fills its em box unevenly.
func drawGlyph(dc *gg.Context, face font.Face, s string, x, y float64) {
	bb, _ := font.BoundString(face, s)
	cx := float64(bb.Min.X+bb.Max.X) / 128
	cy := float64(bb.Min.Y+bb.Max.Y) / 128
	dc.SetFontFace(face)
	dc.DrawString(s, math.Round((x-cx)*4)/4, math.Round((y-cy)*4)/4)
}

// drawLabel centres a label on (x, y): Chinese labels by their ink, others
// horizontally by ink and vertically by the height of a digit, so that a row of
// letters and digits shares one baseline.
func drawLabel(dc *gg.Context, face font.Face, s string, x, y float64) {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			drawGlyph(dc, face, s, x, y)
			return
		}
	}
	bb, _ := font.BoundString(face, s)
	ref, _ := font.BoundString(face, "0")
	cx := float64(bb.Min.X+bb.Max.X) / 128
	cy := float64(ref.Min.Y+ref.Max.Y) / 128
	dc.SetFontFace(face)
	dc.DrawString(s, math.Round(x-cx), math.Round(y-cy))
}
