package render

// Chess figures, shogi tiles and multi-cell blocks: pieces of cell-board games
// that are not discs with a glyph. A kind that names a chess figure
// (rules.Kind.Figure) is drawn as that figure in vector shapes; a shogi kind
// (rules.Kind.Tile) as a pentagon tile pointing at the opponent, its glyph
// upright (a chat image is read, not turned), in red when the piece is
// promoted, as shogi sets print promoted sides; a square of a multi-cell piece
// (ViewPiece.Joins) is drawn as a tile that runs into its neighbours of the same
// piece, so that the piece shows as one joined shape.

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"

	"github.com/chuhe/chuhe/rules"
)

// figureColors: white figures are the disc face with dark outlines, black ones
// dark with light details, as a chess player expects.
func (c *shared) figureColors(s rules.Side) (fill, stroke color.RGBA) {
	th := c.opts.Theme
	if s == rules.Red {
		return th.Face, th.Ink[rules.Black]
	}
	return th.Ink[rules.Black], th.Face
}

// drawFigure draws chess figure k.figure (K Q R B N P, or G for the cannon) of
// height about k.size.
func (c *shared) drawFigure(k spriteKey) *sprite {
	dc, n, _, cx, cy, R := pieceCanvas(k.size, 3)
	fill, stroke := c.figureColors(k.side)
	pt := func(x, y float64) (float64, float64) { return cx + x*R, cy + y*R }
	poly := func(pts ...float64) {
		for i := 0; i+1 < len(pts); i += 2 {
			x, y := pt(pts[i], pts[i+1])
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		dc.ClosePath()
	}
	circle := func(x, y, r float64) {
		px, py := pt(x, y)
		dc.DrawCircle(px, py, r*R)
	}
	lw := math.Max(1.5, R*0.085)
	paint := func(shape func()) {
		shape()
		dc.SetColor(fill)
		dc.FillPreserve()
		dc.SetColor(stroke)
		dc.SetLineWidth(lw)
		dc.SetLineJoin(gg.LineJoinRound)
		dc.Stroke()
	}
	line := func(x0, y0, x1, y1 float64) {
		ax, ay := pt(x0, y0)
		bx, by := pt(x1, y1)
		dc.DrawLine(ax, ay, bx, by)
		dc.SetColor(stroke)
		dc.SetLineWidth(lw)
		dc.SetLineCap(gg.LineCapRound)
		dc.Stroke()
	}
	base := func() { paint(func() { poly(-0.62, 0.62, 0.62, 0.62, 0.62, 0.84, -0.62, 0.84) }) }
	switch k.figure {
	case 'P':
		paint(func() { poly(-0.38, 0.62, -0.14, -0.12, 0.14, -0.12, 0.38, 0.62) })
		paint(func() { circle(0, -0.36, 0.26) })
		base()
	case 'R':
		paint(func() { poly(-0.4, 0.62, -0.34, -0.3, 0.34, -0.3, 0.4, 0.62) })
		paint(func() {
			poly(-0.55, -0.3, -0.55, -0.8, -0.33, -0.8, -0.33, -0.6, -0.11, -0.6, -0.11, -0.8, 0.11, -0.8,
				0.11, -0.6, 0.33, -0.6, 0.33, -0.8, 0.55, -0.8, 0.55, -0.3)
		})
		base()
	case 'B':
		paint(func() { poly(-0.3, 0.62, -0.12, 0.15, 0.12, 0.15, 0.3, 0.62) })
		paint(func() {
			px, py := pt(0, -0.2)
			dc.DrawEllipse(px, py, 0.34*R, 0.44*R)
		})
		line(0.12, -0.42, -0.08, -0.12)
		paint(func() { circle(0, -0.74, 0.1) })
		base()
	case 'N':
		paint(func() {
			poly(-0.42, 0.62, -0.3, 0.15, -0.52, 0.05, -0.6, -0.22, -0.18, -0.62, -0.08, -0.86, 0.08, -0.66,
				0.4, -0.42, 0.52, 0.05, 0.36, 0.3, 0.46, 0.62)
		})
		circle(-0.18, -0.36, 0.07)
		dc.SetColor(stroke)
		dc.Fill()
		base()
	case 'Q':
		paint(func() {
			poly(-0.5, 0.62, -0.66, -0.5, -0.3, -0.02, 0, -0.66, 0.3, -0.02, 0.66, -0.5, 0.5, 0.62)
		})
		for _, x := range []float64{-0.66, 0, 0.66} {
			y := -0.5
			if x == 0 {
				y = -0.66
			}
			paint(func() { circle(x, y-0.08, 0.1) })
		}
		base()
	case 'K':
		paint(func() { poly(-0.5, 0.62, -0.62, -0.28, 0.62, -0.28, 0.5, 0.62) })
		line(0, -0.9, 0, -0.32)
		line(-0.2, -0.68, 0.2, -0.68)
		line(-0.42, 0.2, 0.42, 0.2)
		base()
	case 'G':
		// A cannon: a barrel on a wheel.
		paint(func() { poly(-0.7, 0.05, 0.55, -0.62, 0.72, -0.34, -0.52, 0.34) })
		paint(func() { circle(-0.08, 0.34, 0.32) })
		paint(func() { circle(-0.08, 0.34, 0.1) })
		base()
	default:
		paint(func() { circle(0, 0, 0.6) })
	}
	return c.spriteOf(dc.Image().(*image.RGBA), n/2, n/2)
}

// drawBlock draws one square of a multi-cell piece: a tile of side k.size that
// reaches the edges it shares with its piece's other squares (k.joins: 1 right,
// 2 up, 4 left, 8 down as drawn) and has a rim on the others.
func (c *shared) drawBlock(k spriteKey) *sprite {
	th := c.opts.Theme
	u := k.size
	n := u + 2
	dc := canvas(n)
	o := 1.0 // the tile is drawn at [o, o+u]
	in := math.Round(float64(u) * 0.08)
	x0, y0, x1, y1 := o+in, o+in, o+float64(u)-in, o+float64(u)-in
	if k.joins&1 != 0 {
		x1 = o + float64(u) + 1
	}
	if k.joins&2 != 0 {
		y0 = o - 1
	}
	if k.joins&4 != 0 {
		x0 = o - 1
	}
	if k.joins&8 != 0 {
		y1 = o + float64(u) + 1
	}
	ink := th.Ink[k.side]
	dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
	dc.SetColor(ink)
	dc.Fill()
	// The face, inset from the rim on the open sides only.
	rim := math.Max(2, math.Round(float64(u)*0.07))
	fx0, fy0, fx1, fy1 := x0+rim, y0+rim, x1-rim, y1-rim
	if k.joins&1 != 0 {
		fx1 = x1
	}
	if k.joins&2 != 0 {
		fy0 = y0
	}
	if k.joins&4 != 0 {
		fx0 = x0
	}
	if k.joins&8 != 0 {
		fy1 = y1
	}
	dc.DrawRectangle(fx0, fy0, fx1-fx0, fy1-fy0)
	dc.SetColor(th.Face)
	dc.Fill()
	if k.text != "" {
		c.drawPieceText(dc, k.text, o+float64(u)/2, o+float64(u)/2, float64(u)*0.32, ink)
	}
	return c.spriteOf(dc.Image().(*image.RGBA), n/2, n/2)
}

// flipJoins turns join bits by 180 degrees, for a board drawn from Black's side.
func flipJoins(j uint8) uint8 { return (j&3)<<2 | (j>>2)&3 }

// drawTile draws a shogi piece: a pentagon of height about k.size with its tip
// up (k.up) or down, and its glyph upright, in the promoted colour (Red's ink)
// for a promoted piece.
func (c *shared) drawTile(k spriteKey) *sprite {
	th := c.opts.Theme
	dc, n, so, cx, cy, R := pieceCanvas(k.size, 3)
	dir := 1.0 // +1: tip up
	if !k.up {
		dir = -1
	}
	// Tip, shoulders, base corners: a tile a little narrower than tall.
	pts := [][2]float64{{0, -0.98}, {0.66, -0.62}, {0.84, 0.92}, {-0.84, 0.92}, {-0.66, -0.62}}
	path := func(dx, dy, scale float64) {
		for i, q := range pts {
			x, y := cx+dx+q[0]*R*scale, cy+dy+q[1]*R*scale*dir
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		dc.ClosePath()
	}
	path(so, so, 1)
	dc.SetColor(rgba(black, shadowAlpha))
	dc.Fill()
	path(0, 0, 1)
	dc.SetColor(th.Face)
	dc.FillPreserve()
	dc.SetColor(th.Rim)
	dc.SetLineWidth(math.Max(1.5, R*0.07))
	dc.SetLineJoin(gg.LineJoinRound)
	dc.Stroke()
	ink := th.Ink[rules.Black]
	if k.promoted {
		ink = th.Ink[rules.Red]
	}
	// The glyph sits a little towards the wide end, away from the tip.
	c.drawPieceText(dc, k.text, cx, cy+R*0.12*dir, R*0.92, ink)
	return c.spriteOf(dc.Image().(*image.RGBA), n/2, n/2)
}
