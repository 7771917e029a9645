package render

import (
	"math"

	"github.com/chuhe/chuhe/rules"
)

// layout places a board in an image: which pixel each point or cell is drawn at.
// Lengths are in pixels; "units" are grid units (the distance between two adjacent
// points, or the side of a cell).
type layout struct {
	b     *rules.Board
	flip  bool // Black's back rank at the bottom
	cells bool
	w, h  int
	s     float64 // pixels per unit, a whole number so that lines fall on pixels
	// ux0..ux1, uy0..uy1 bound the content (points or cells, extra points, the
	// frame and half a disc) in units; y grows towards Black.
	ux0, ux1, uy0, uy1 float64
	// gx, gy are the pixel coordinates of unit (0, 0) before flipping.
	gx, gy float64
	// bands around the content for labels, in units.
	bandT, bandB, bandL, bandR float64
	coords                     Coords
	hands                      bool // a row for each side's pieces in hand (handCenter)
}

const (
	labelBand = 0.44 // room for a row of coordinate labels, in units
	thinBand  = 0.10 // room on an edge without labels
	handBand  = 0.90 // a row of pieces in hand beyond each back rank
	pointPad  = 0.62 // content reaches this far beyond the outermost points: the frame
	cellPad   = 0.10 // frame around the cells
)

// arcPad is how far the frame of a board with arcs (Decor.Arcs) moves out, in
// units: the arcs bow out that far beyond the discs on their points.
func arcPad(b *rules.Board) float64 {
	if len(b.Decor.Arcs) > 0 && !b.Cells {
		return 0.35
	}
	return 0
}

func newLayout(b *rules.Board, width int, persp rules.Side, coords Coords) *layout {
	l := &layout{b: b, flip: persp == rules.Black, cells: b.Cells, coords: coords}
	if l.cells && coords == CoordsChinese {
		l.coords = CoordsICCS
	}
	// Bounding box of the points (cell centres) in units.
	x0, y0 := 0.0, 0.0
	x1, y1 := float64(b.Width-1), float64(b.Height-1)
	for i := range b.Extra {
		x, y := b.Extra[i].X, b.Extra[i].Y
		x0, x1 = math.Min(x0, x), math.Max(x1, x)
		y0, y1 = math.Min(y0, y), math.Max(y1, y)
	}
	for _, lb := range b.Decor.Labels {
		// A label is about half a unit high: its centre stays that far in.
		x0, x1 = math.Min(x0, lb.X), math.Max(x1, lb.X)
		y0, y1 = math.Min(y0, lb.Y+pointPad-0.3), math.Max(y1, lb.Y-pointPad+0.3)
	}
	pad := pointPad + arcPad(b)
	if l.cells {
		// Cells span [f, f+1]; content is the cells plus the frame.
		x1++
		y1++
		pad = cellPad
	}
	l.ux0, l.ux1, l.uy0, l.uy1 = x0-pad, x1+pad, y0-pad, y1+pad
	l.bandT, l.bandB, l.bandL, l.bandR = thinBand, thinBand, thinBand, thinBand
	switch l.coords {
	case CoordsICCS:
		l.bandT, l.bandB, l.bandL, l.bandR = labelBand, labelBand, labelBand, labelBand
	case CoordsChinese:
		l.bandT, l.bandB = labelBand, labelBand
	}
	if b.Decor.HandRows {
		l.hands = true
		l.bandT += handBand
		l.bandB += handBand
	}
	unitsW := l.ux1 - l.ux0 + l.bandL + l.bandR
	unitsH := l.uy1 - l.uy0 + l.bandT + l.bandB
	if b.Decor.FullSize && !l.cells {
		// The unit a standard board of nine point files gets at this width.
		std := 8 + 2*pointPad + l.bandL + l.bandR
		width = max(width, min(MaxWidth, int(math.Ceil(unitsW*math.Floor(float64(width)/std)))))
	}
	l.s = math.Floor(float64(width) / unitsW)
	if l.cells {
		// Cell centres fall on whole pixels only when the cell side is even.
		l.s = math.Floor(l.s/2) * 2
	}
	l.w = width
	l.h = int(math.Ceil(unitsH * l.s))
	// Centre the content horizontally; put unit 0 on a whole pixel.
	left := (float64(width)-unitsW*l.s)/2 + l.bandL*l.s
	top := l.bandT * l.s
	if !l.flip {
		l.gx = math.Round(left - l.ux0*l.s)
		l.gy = math.Round(top + l.uy1*l.s)
	} else {
		l.gx = math.Round(left + l.ux1*l.s)
		l.gy = math.Round(top - l.uy0*l.s)
	}
	return l
}

// px maps a position in units to pixels.
func (l *layout) px(ux, uy float64) (x, y float64) {
	if l.flip {
		return l.gx - ux*l.s, l.gy + uy*l.s
	}
	return l.gx + ux*l.s, l.gy - uy*l.s
}

// center is the pixel centre of square sq: the point, or the middle of the cell.
func (l *layout) center(sq rules.Square) (x, y float64) {
	ux, uy := l.b.Point(sq)
	if l.cells {
		ux += 0.5
		uy += 0.5
	}
	return l.px(ux, uy)
}

// handCenter is the pixel centre of the i-th of n pieces in side s's hand: in the
// row beyond s's back rank, centred, closer together when there are many.
func (l *layout) handCenter(s rules.Side, i, n int) (x, y float64) {
	step := math.Min(0.8*l.s, (float64(l.w)-l.s)/float64(max(n, 1)))
	x = float64(l.w)/2 + (float64(i)-float64(n-1)/2)*step
	bottom := (s == rules.Red) != l.flip
	y = handBand / 2 * l.s
	if bottom {
		y = float64(l.h) - y
	}
	return math.Round(x), math.Round(y)
}

// contentRect is the content box in pixels: x0 < x1, y0 < y1.
func (l *layout) contentRect() (x0, y0, x1, y1 float64) {
	ax, ay := l.px(l.ux0, l.uy0)
	bx, by := l.px(l.ux1, l.uy1)
	return math.Min(ax, bx), math.Min(ay, by), math.Max(ax, bx), math.Max(ay, by)
}

// discDiameter is the diameter of a full-size piece disc in pixels.
func (l *layout) discDiameter() int {
	f := 0.90
	if l.cells {
		f = 0.86
	}
	d := int(math.Round(l.s * f))
	return d &^ 1 // even, so that the centre falls on a pixel corner
}

// lineWidth is the grid line width: even, so that lines centred on whole pixels
// cover whole pixels.
func (l *layout) lineWidth() float64 {
	return 2 * math.Max(1, math.Round(l.s/72))
}
