package render

import (
	"image"
	"image/color"
	"math"
	"unicode/utf8"

	"github.com/fogleman/gg"

	"github.com/chuhe/chuhe/rules"
)

// A sprite is a small picture drawn once with gg (a piece disc, a mark, a badge)
// and kept ready to copy onto a paletted board: runs of opaque pixels as palette
// indexes, and the antialiased edge pixels as premultiplied colours to blend with
// whatever lies below. lila-gif does the same with its sprite sheets.
type sprite struct {
	ox, oy int // top-left corner relative to the anchor pixel
	rows   []spriteRow
}

type spriteRow struct {
	spans []span
	parts []part
}

// span is a run of opaque pixels starting at x.
type span struct {
	x   int
	idx []uint8
}

// part is an edge pixel: premultiplied 8-bit colour and its alpha.
type part struct {
	x          int
	r, g, b, a uint32
}

// spriteOf cuts an RGBA picture into a sprite anchored at (ax, ay) of the picture.
func (c *shared) spriteOf(src *image.RGBA, ax, ay int) *sprite {
	e := newExact(c.q)
	b := src.Bounds()
	sp := &sprite{ox: -ax, oy: -ay, rows: make([]spriteRow, b.Dy())}
	for y := 0; y < b.Dy(); y++ {
		row := &sp.rows[y]
		pix := src.Pix[y*src.Stride:]
		var cur *span
		for x := 0; x < b.Dx(); x++ {
			r, g, bl, a := pix[4*x], pix[4*x+1], pix[4*x+2], pix[4*x+3]
			switch a {
			case 0:
				cur = nil
			case 0xFF:
				if cur == nil {
					row.spans = append(row.spans, span{x: x})
					cur = &row.spans[len(row.spans)-1]
				}
				cur.idx = append(cur.idx, e.index(r, g, bl))
			default:
				cur = nil
				row.parts = append(row.parts, part{x, uint32(r), uint32(g), uint32(bl), uint32(a)})
			}
		}
	}
	return sp
}

// spriteKind says what a sprite shows.
type spriteKind uint8

const (
	spritePiece spriteKind = iota
	spriteLastMove
	spriteCheck
	spriteFrozen
	spritePinned
	// spriteTurned: the badge of a piece moved by the opponent of its owner
	// (ViewPiece.Turned), in the ink of the side that moves it (side).
	spriteTurned
	// spriteMarked: the badge of a kind that asks for one (ViewPiece.Marked),
	// in the piece's side's ink (side).
	spriteMarked
	spriteFigure // a chess figure (figures.go)
	spriteBlock  // a square of a multi-cell piece (figures.go)
	spriteTile   // a shogi-style pentagon tile (figures.go)
	spriteRemoved
)

// spriteKey identifies a sprite. A piece sprite depends only on the disc size, the
// side, whether it lies face down and the text on it: a hidden piece has no text,
// so every hidden piece of a side looks the same, whatever it truly is.
type spriteKey struct {
	kind  spriteKind
	size  int // disc diameter, or unit size for marks
	cells bool
	side  rules.Side
	down  bool
	text  string
	// figure is the chess figure of a spriteFigure; joins the joined edges of
	// a spriteBlock.
	figure byte
	joins  uint8
	// neutral: a face-down piece of unknown colour (banqi), drawn without the
	// band of a side's colour.
	neutral bool
	// up: a spriteTile points up the image (else down); promoted: its glyph
	// is written in the promoted colour.
	up, promoted bool
	// army 1 inks the piece with its side's second-army colour (Theme.Ink2).
	army uint8
}

// getSprite returns the cached sprite for k, drawing it on first use.
func (c *shared) getSprite(k spriteKey) *sprite {
	c.mu.RLock()
	sp := c.sprites[k]
	c.mu.RUnlock()
	if sp != nil {
		return sp
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if sp := c.sprites[k]; sp != nil {
		return sp
	}
	switch k.kind {
	case spritePiece:
		sp = c.drawPiece(k)
	case spriteLastMove:
		sp = c.drawLastMove(k)
	case spriteCheck:
		sp = c.drawCheck(k)
	case spriteRemoved:
		sp = c.drawRemoved(k)
	case spriteFigure:
		sp = c.drawFigure(k)
	case spriteBlock:
		sp = c.drawBlock(k)
	case spriteTile:
		sp = c.drawTile(k)
	default:
		sp = c.drawBadge(k)
	}
	if len(c.sprites) >= maxSprites {
		clear(c.sprites)
	}
	c.sprites[k] = sp
	return sp
}

// canvas returns a transparent gg context of side n.
func canvas(n int) *gg.Context {
	return gg.NewContext(n, n)
}

func rgba(c color.RGBA, alpha float64) color.NRGBA {
	return color.NRGBA{c.R, c.G, c.B, uint8(math.Round(alpha * 255))}
}

// shadowOffset is how far a disc's shadow falls, down and right.
func shadowOffset(d int) float64 { return math.Max(1, math.Round(float64(d)*0.035)) }

// pieceCanvas is the canvas of a piece of size d: its side n, with room for
// the shadow plus margin pixels; the shadow offset, centre and half size.
func pieceCanvas(d, margin int) (dc *gg.Context, n int, so, cx, cy, R float64) {
	so = shadowOffset(d)
	n = d + 2*(int(so)+margin)
	return canvas(n), n, so, float64(n) / 2, float64(n) / 2, float64(d) / 2
}

// drawPiece draws a piece disc of diameter k.size. The disc is centred on a pixel
// corner, which is where board points lie.
func (c *shared) drawPiece(k spriteKey) *sprite {
	th := c.opts.Theme
	dc, n, so, cx, cy, R := pieceCanvas(k.size, 2)
	ink := th.Ink[k.side]
	if k.army == 1 && th.Ink2[k.side].A != 0 {
		ink = th.Ink2[k.side]
	}
	if k.neutral {
		ink = th.Back
	}

	// Shadow, rim, face.
	dc.DrawCircle(cx+so, cy+so, R)
	dc.SetColor(rgba(black, shadowAlpha))
	dc.Fill()
	dc.DrawCircle(cx, cy, R)
	dc.SetColor(th.Rim)
	dc.Fill()
	rim := math.Max(2, math.Round(R*0.09))
	dc.DrawCircle(cx, cy, R-rim)
	dc.SetColor(th.Face)
	dc.Fill()
	if k.down {
		// The back: a band in the side's colour, the back colour inside, and
		// nothing of the kind unless the viewer may know it.
		dc.DrawCircle(cx, cy, R-rim*1.6)
		dc.SetColor(ink)
		dc.Fill()
		dc.DrawCircle(cx, cy, R*0.66)
		dc.SetColor(th.Back)
		dc.Fill()
		if k.text == "" {
			dc.DrawCircle(cx, cy, R*0.36)
			dc.SetColor(th.Face)
			dc.SetLineWidth(math.Max(1, R*0.04))
			dc.Stroke()
		} else {
			c.drawPieceText(dc, k.text, cx, cy, R*0.80, th.Face)
		}
		return c.spriteOf(dc.Image().(*image.RGBA), n/2, n/2)
	}
	// The engraved ring in the side's colour.
	dc.DrawCircle(cx, cy, R*0.80)
	dc.SetColor(ink)
	dc.SetLineWidth(math.Max(1.5, R*0.055))
	dc.Stroke()
	c.drawPieceText(dc, k.text, cx, cy, R, ink)
	return c.spriteOf(dc.Image().(*image.RGBA), n/2, n/2)
}

// drawPieceText writes a piece's name in a disc of radius R: one character
// large, two or more smaller and side by side.
func (c *shared) drawPieceText(dc *gg.Context, text string, cx, cy, R float64, col color.RGBA) {
	n := utf8.RuneCountInString(text)
	if n == 0 {
		text, n = "?", 1
	}
	px := R * 1.16
	switch {
	case n == 2:
		px = R * 0.72
	case n > 2:
		px = R * 1.45 / float64(n)
	}
	face := c.faceLocked(px)
	dc.SetColor(col)
	if n == 1 {
		drawGlyph(dc, face, text, cx, cy)
		return
	}
	step := px * 0.98
	i := 0
	for _, r := range text {
		x := cx + (float64(i)-float64(n-1)/2)*step
		drawGlyph(dc, face, string(r), x, cy)
		i++
	}
}

// drawLastMove draws the four corner brackets around a point or cell of side
// k.size that mark the last move.
func (c *shared) drawLastMove(k spriteKey) *sprite {
	s := float64(k.size)
	w := math.Max(2, math.Round(s/24))
	hs := math.Round(s * 0.49)
	if k.cells {
		hs = s/2 - w/2 - math.Round(s*0.03)
	}
	arm := math.Round(s * 0.16)
	n := int(2*(hs+w)) + 4
	n += n & 1
	dc := canvas(n)
	cx, cy := float64(n)/2, float64(n)/2
	dc.SetColor(c.opts.Theme.LastMove)
	dc.SetLineWidth(w)
	dc.SetLineCap(gg.LineCapSquare)
	for _, sx := range []float64{-1, 1} {
		for _, sy := range []float64{-1, 1} {
			dc.MoveTo(cx+sx*hs, cy+sy*(hs-arm))
			dc.LineTo(cx+sx*hs, cy+sy*hs)
			dc.LineTo(cx+sx*(hs-arm), cy+sy*hs)
		}
	}
	dc.Stroke()
	return c.spriteOf(dc.Image().(*image.RGBA), n/2, n/2)
}

// drawRemoved draws the cross, in the last move's colour, on a point whose
// piece the last move took besides the one on its target (several captures at
// once), for a point of side k.size.
func (c *shared) drawRemoved(k spriteKey) *sprite {
	s := float64(k.size)
	w := math.Max(2, math.Round(s/16))
	arm := math.Round(s * 0.2)
	n := int(2*(arm+w)) + 4
	n += n & 1
	dc := canvas(n)
	cx, cy := float64(n)/2, float64(n)/2
	dc.SetColor(c.opts.Theme.LastMove)
	dc.SetLineWidth(w)
	dc.SetLineCap(gg.LineCapRound)
	dc.DrawLine(cx-arm, cy-arm, cx+arm, cy+arm)
	dc.DrawLine(cx-arm, cy+arm, cx+arm, cy-arm)
	dc.Stroke()
	return c.spriteOf(dc.Image().(*image.RGBA), n/2, n/2)
}

// drawCheck draws the red ring around a general in check, for a disc of
// diameter k.size.
func (c *shared) drawCheck(k spriteKey) *sprite {
	d := float64(k.size)
	w := math.Max(3, math.Round(d*0.07))
	r := d/2 + w*0.35
	n := int(2*(r+w)) + 4
	n += n & 1
	dc := canvas(n)
	cx, cy := float64(n)/2, float64(n)/2
	dc.DrawCircle(cx, cy, r)
	dc.SetColor(c.opts.Theme.Check)
	dc.SetLineWidth(w)
	dc.Stroke()
	return c.spriteOf(dc.Image().(*image.RGBA), n/2, n/2)
}

// drawBadge draws the frozen or pinned badge of a disc of diameter k.size; its
// anchor is the disc centre, the badge sits at the disc's upper right.
func (c *shared) drawBadge(k spriteKey) *sprite {
	th := c.opts.Theme
	d := float64(k.size)
	rb := math.Max(5, math.Round(d*0.2))
	off := math.Round(d * 0.35)
	n := int(2*(off+rb)) + 6
	n += n & 1
	dc := canvas(n)
	cx, cy := float64(n)/2+off, float64(n)/2-off
	fill := th.Frozen
	switch k.kind {
	case spritePinned:
		fill = th.Pinned
	case spriteTurned:
		// Upper left, a plain disc: whose hand moves the piece now.
		cx, fill = float64(n)/2-off, th.Ink[k.side]
	case spriteMarked:
		// Lower right, a disc with a star: the piece is in its special state.
		cy, fill = float64(n)/2+off, th.Ink[k.side]
	}
	dc.DrawCircle(cx, cy, rb)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(th.BadgeInk)
	dc.SetLineWidth(math.Max(1, rb*0.14))
	dc.Stroke()
	lw := math.Max(1.2, rb*0.18)
	dc.SetLineWidth(lw)
	dc.SetLineCap(gg.LineCapRound)
	switch k.kind {
	case spriteTurned:
	case spriteMarked:
		// A five-pointed star in the badge ink.
		dc.SetColor(th.BadgeInk)
		for i := 0; i < 10; i++ {
			rr := rb * 0.62
			if i%2 == 1 {
				rr = rb * 0.26
			}
			a := float64(i)*math.Pi/5 - math.Pi/2
			dc.LineTo(cx+rr*math.Cos(a), cy+rr*math.Sin(a))
		}
		dc.ClosePath()
		dc.Fill()
	case spriteFrozen:
		// A snowflake: three strokes through the centre, with small barbs.
		for i := 0; i < 3; i++ {
			a := float64(i)*math.Pi/3 + math.Pi/2
			dx, dy := math.Cos(a)*rb*0.62, math.Sin(a)*rb*0.62
			dc.DrawLine(cx-dx, cy-dy, cx+dx, cy+dy)
		}
		dc.Stroke()
	default:
		// A pushpin: round head, short body, needle to the lower left.
		hx, hy := cx+rb*0.18, cy-rb*0.18
		dc.DrawLine(hx, hy, cx-rb*0.55, cy+rb*0.55)
		dc.Stroke()
		dc.DrawCircle(hx, hy, rb*0.30)
		dc.Fill()
	}
	return c.spriteOf(dc.Image().(*image.RGBA), n/2, n/2)
}
