package render

import (
	"image/color"

	"github.com/chuhe/chuhe/rules"
)

// Coords is how the edges of the board are labelled.
type Coords uint8

// Coordinate styles.
const (
	// CoordsICCS labels files a, b, c, ... along the bottom edge and ranks along
	// the left edge (0.. on point boards, 1.. on cell boards), as the square names are.
	CoordsICCS Coords = iota
	// CoordsChinese labels the files as xiangqi players count them: Red's numbers
	// 九 .. 一 along Red's edge and Black's 1 .. 9 along Black's edge (each side
	// counts from its own right). Cell boards have no such numbers and get
	// CoordsICCS instead.
	CoordsChinese
	// CoordsNone draws no labels.
	CoordsNone
)

func (c Coords) String() string {
	switch c {
	case CoordsICCS:
		return "iccs"
	case CoordsChinese:
		return "chinese"
	case CoordsNone:
		return "none"
	}
	return "coords(?)"
}

// ParseCoords reads a coordinate style name as String writes it.
func ParseCoords(s string) (Coords, bool) {
	for _, c := range []Coords{CoordsICCS, CoordsChinese, CoordsNone} {
		if c.String() == s {
			return c, true
		}
	}
	return CoordsICCS, false
}

// DefaultWidth is the image width when Options.Width is zero: wide enough for a
// phone screen at full resolution, small enough to upload fast.
const DefaultWidth = 720

// Width limits: outside them Options.Width is clamped.
const (
	MinWidth = 240
	MaxWidth = 2048
)

// Options say how a Renderer draws. The zero value is a 720 px wide board in
// the Wood theme, traditional characters, ICCS coordinates, seen from Red.
type Options struct {
	// Width is the image width in pixels (default DefaultWidth). The height follows
	// from the board's shape.
	Width int
	// Simplified draws simplified characters (帅 马 车) instead of traditional ones.
	Simplified bool
	// Coords is the labelling of the edges.
	Coords Coords
	// Perspective is the side whose back rank is at the bottom of the image.
	// Renderer.From gives the other orientation without a second Renderer.
	Perspective rules.Side
	// Theme holds the colours; the zero Theme means Wood().
	Theme Theme
}

// Theme is a set of colours. Every colour must be opaque. Renderers quantize to a
// palette built from these colours and blends between them, so a theme of many
// unrelated colours degrades gracefully but may band.
type Theme struct {
	Name string
	// Board is the wood of a point board and the frame of a cell board.
	Board color.RGBA
	// Line is grid lines, palace diagonals, marks, frames and river text.
	Line color.RGBA
	// Label is the coordinate labels.
	Label color.RGBA
	// Shade tints shaded zones (reserves, flag rings).
	Shade color.RGBA
	// Light and Dark are the cells of cell boards.
	Light, Dark color.RGBA
	// Face is the face of a piece disc; Rim its edge.
	Face, Rim color.RGBA
	// Ink is the glyph and ring colour of each side: Ink[rules.Red], Ink[rules.Black].
	Ink [2]color.RGBA
	// Ink2 is the ink of each side's second army (rules.Kind.Army 1: changhe's
	// magenta and blue-black sets).
	Ink2 [2]color.RGBA
	// Back is the back of a face-down piece.
	Back color.RGBA
	// LastMove marks the last move's from and to points.
	LastMove color.RGBA
	// Check is the ring around a general in check.
	Check color.RGBA
	// Frozen and Pinned are the badge colours; BadgeInk draws the badge icons.
	Frozen, Pinned, BadgeInk color.RGBA
}

// Wood is the default theme: a light wooden board with dark brown lines, ivory
// discs with red and black characters.
func Wood() Theme {
	return Theme{
		Name:     "wood",
		Board:    color.RGBA{0xEE, 0xCF, 0x97, 0xFF},
		Line:     color.RGBA{0x5A, 0x35, 0x18, 0xFF},
		Label:    color.RGBA{0x6B, 0x45, 0x24, 0xFF},
		Shade:    color.RGBA{0xD9, 0xB0, 0x72, 0xFF},
		Light:    color.RGBA{0xF0, 0xD9, 0xB5, 0xFF},
		Dark:     color.RGBA{0xB5, 0x88, 0x63, 0xFF},
		Face:     color.RGBA{0xFB, 0xEE, 0xD2, 0xFF},
		Rim:      color.RGBA{0xB0, 0x7A, 0x42, 0xFF},
		Ink:      [2]color.RGBA{{0xC0, 0x16, 0x16, 0xFF}, {0x1E, 0x1E, 0x1E, 0xFF}},
		Ink2:     [2]color.RGBA{{0xC2, 0x1E, 0x8F, 0xFF}, {0x1C, 0x3A, 0x8C, 0xFF}},
		Back:     color.RGBA{0x2F, 0x5E, 0x4E, 0xFF},
		LastMove: color.RGBA{0x1F, 0x5F, 0xD0, 0xFF},
		Check:    color.RGBA{0xE8, 0x14, 0x14, 0xFF},
		Frozen:   color.RGBA{0x3E, 0x9B, 0xDB, 0xFF},
		Pinned:   color.RGBA{0x8A, 0x3F, 0xB5, 0xFF},
		BadgeInk: color.RGBA{0xFF, 0xFF, 0xFF, 0xFF},
	}
}

// Jade is a green-board theme with the same pieces.
func Jade() Theme {
	t := Wood()
	t.Name = "jade"
	t.Board = color.RGBA{0xCF, 0xE3, 0xC8, 0xFF}
	t.Line = color.RGBA{0x27, 0x4A, 0x33, 0xFF}
	t.Label = color.RGBA{0x33, 0x5C, 0x42, 0xFF}
	t.Shade = color.RGBA{0xB3, 0xCF, 0xA9, 0xFF}
	t.Light = color.RGBA{0xE4, 0xEE, 0xD8, 0xFF}
	t.Dark = color.RGBA{0x86, 0xA6, 0x6F, 0xFF}
	t.Rim = color.RGBA{0x8E, 0x6A, 0x3F, 0xFF}
	t.Back = color.RGBA{0x6B, 0x3A, 0x22, 0xFF}
	return t
}

// withDefaults fills zero fields.
func (o Options) withDefaults() Options {
	if o.Width == 0 {
		o.Width = DefaultWidth
	}
	o.Width = max(MinWidth, min(MaxWidth, o.Width))
	if o.Theme.Board.A == 0 {
		o.Theme = Wood()
	}
	if o.Coords > CoordsNone {
		o.Coords = CoordsICCS
	}
	if o.Perspective != rules.Black {
		o.Perspective = rules.Red
	}
	return o
}
