package render

import (
	"image/color"
)

// The images are paletted: encoding an 8-bit paletted PNG is several times faster
// than an RGBA one and the file is smaller. The palette is built from the theme:
// its colours plus ramps of blends between the pairs of colours that meet at an
// antialiased edge (line on wood, ink on ivory, rim on wood, ...). Everything is
// drawn with gg in RGBA once (backgrounds, sprites) and quantized to this palette;
// the few pixels blended at composition time go through a lookup table.

// quant maps colours to the palette.
type quant struct {
	pal color.Palette
	rgb [][3]int32 // palette colours, unpremultiplied 8-bit
	// lut maps a 15-bit colour (5 bits per channel) to its nearest palette index.
	lut [1 << 15]uint8
}

// shadowAlpha is the opacity of a disc's drop shadow.
const shadowAlpha = 0.30

func blend(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 0xFF}
}

var black = color.RGBA{0, 0, 0, 0xFF}

// newQuant builds the palette of theme t and its lookup table.
func newQuant(t Theme) *quant {
	var cols []color.RGBA
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		c.A = 0xFF
		if !seen[c] {
			seen[c] = true
			cols = append(cols, c)
		}
	}
	// ramp adds n-1 blends between a and b (and both ends).
	ramp := func(a, b color.RGBA, n int) {
		for i := 0; i <= n; i++ {
			add(blend(a, b, float64(i)/float64(n)))
		}
	}
	shadow := func(c color.RGBA) color.RGBA { return blend(c, black, shadowAlpha) }
	grounds := []color.RGBA{t.Board, t.Shade, t.Light, t.Dark}
	// Base colours first, so that the most common colours have low indexes.
	for _, c := range []color.RGBA{t.Board, t.Line, t.Label, t.Shade, t.Light, t.Dark,
		t.Face, t.Rim, t.Ink[0], t.Ink[1], t.Back, t.LastMove, t.Check, t.Frozen,
		t.Pinned, t.BadgeInk} {
		add(c)
	}
	ramp(t.Board, t.Line, 10)
	ramp(t.Board, t.Label, 8)
	ramp(t.Shade, t.Line, 8)
	ramp(t.Light, t.Line, 6)
	ramp(t.Dark, t.Line, 6)
	ramp(t.Light, t.Label, 4)
	ramp(t.Dark, t.Label, 4)
	ramp(t.Board, t.Shade, 4)
	for _, g := range grounds {
		ramp(g, shadow(g), 4)
		ramp(g, t.Rim, 6)
		ramp(shadow(g), t.Rim, 4)
		ramp(g, t.LastMove, 6)
		ramp(g, t.Check, 6)
	}
	ramp(shadow(t.Line), t.Rim, 3)
	ramp(t.Face, t.Rim, 6)
	ramp(t.Face, t.Ink[0], 10)
	ramp(t.Face, t.Ink[1], 10)
	ramp(t.Back, t.Face, 8)
	ramp(t.Back, t.Rim, 3)
	for _, ink := range t.Ink {
		ramp(t.Rim, ink, 4)
		ramp(ink, t.Back, 4)
	}
	ramp(t.Rim, t.Check, 4)
	ramp(t.Face, t.Check, 3)
	for _, badge := range []color.RGBA{t.Frozen, t.Pinned} {
		ramp(badge, t.BadgeInk, 6)
		ramp(badge, t.Face, 4)
		ramp(badge, t.Rim, 3)
		ramp(badge, t.Board, 3)
		ramp(badge, t.Back, 3)
	}
	if len(cols) > 256 {
		cols = cols[:256]
	}
	q := &quant{}
	for _, c := range cols {
		q.pal = append(q.pal, c)
		q.rgb = append(q.rgb, [3]int32{int32(c.R), int32(c.G), int32(c.B)})
	}
	for i := range q.lut {
		r := int32(i>>10)<<3 | 4
		g := int32(i>>5&31)<<3 | 4
		b := int32(i&31)<<3 | 4
		q.lut[i] = q.nearest(r, g, b)
	}
	return q
}

// nearest is an exact search for the palette colour closest to (r, g, b), with
// channel weights that roughly follow the eye's sensitivity.
func (q *quant) nearest(r, g, b int32) uint8 {
	best, bestD := 0, int32(1<<30)
	for i, c := range q.rgb {
		dr, dg, db := c[0]-r, c[1]-g, c[2]-b
		d := 2*dr*dr + 4*dg*dg + 3*db*db
		if d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}

// index is the lookup-table quantization used on the hot path.
func (q *quant) index(r, g, b uint32) uint8 {
	return q.lut[(r>>3)<<10|(g>>3)<<5|b>>3]
}

// exact quantizes images made once (backgrounds, sprites): an exact search,
// memoized because those images have few distinct colours.
type exact struct {
	q    *quant
	memo map[uint32]uint8
}

func (e *exact) index(r, g, b uint8) uint8 {
	k := uint32(r)<<16 | uint32(g)<<8 | uint32(b)
	if i, ok := e.memo[k]; ok {
		return i
	}
	i := e.q.nearest(int32(r), int32(g), int32(b))
	e.memo[k] = i
	return i
}
