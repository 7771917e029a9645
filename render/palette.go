package render

import (
	"image/color"
	"sync/atomic"
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
	// lut maps a 15-bit colour (5 bits per channel) to its nearest palette index
	// plus one; 0 means not yet looked up. It fills lazily, because only a few
	// thousand of its cells are ever used, and atomically, because images are
	// composed concurrently. An entry depends only on its cell, so racing writers
	// store the same value.
	lut [1 << 15]atomic.Uint32
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
	// The second armies' inks last: the colours above keep their indexes.
	for _, ink := range t.Ink2 {
		if ink.A != 0 {
			ramp(t.Face, ink, 10)
			ramp(t.Rim, ink, 4)
		}
	}
	if len(cols) > 256 {
		cols = cols[:256]
	}
	q := &quant{}
	for _, c := range cols {
		q.pal = append(q.pal, c)
		q.rgb = append(q.rgb, [3]int32{int32(c.R), int32(c.G), int32(c.B)})
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

// index is the lookup-table quantization used on the hot path: the palette
// colour nearest to the centre of the 5-bit cell of (r, g, b).
func (q *quant) index(r, g, b uint32) uint8 {
	k := (r>>3)<<10 | (g>>3)<<5 | b>>3
	if v := q.lut[k].Load(); v != 0 {
		return uint8(v - 1)
	}
	i := q.nearest(int32(r>>3)<<3|4, int32(g>>3)<<3|4, int32(b>>3)<<3|4)
	q.lut[k].Store(uint32(i) + 1)
	return i
}

// exact quantizes images made once (backgrounds, sprites): an exact search,
// memoized because those images have few distinct colours.
type exact struct {
	q    *quant
	memo map[uint32]uint8
	// last is the previous colour plus one and its index: most pixels repeat
	// their left neighbour.
	last    uint32
	lastIdx uint8
}

func newExact(q *quant) *exact { return &exact{q: q, memo: map[uint32]uint8{}} }

func (e *exact) index(r, g, b uint8) uint8 {
	k := uint32(r)<<16 | uint32(g)<<8 | uint32(b)
	if k+1 == e.last {
		return e.lastIdx
	}
	i, ok := e.memo[k]
	if !ok {
		i = e.q.nearest(int32(r), int32(g), int32(b))
		e.memo[k] = i
	}
	e.last, e.lastIdx = k+1, i
	return i
}
