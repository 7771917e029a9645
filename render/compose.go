package render

// This file is the hot path: every image is its board's cached background with
// cached sprites copied on top. Nothing here draws with gg.

import (
	"image"
	"math"

	"github.com/chuhe/chuhe/rules"
)

// Draw returns the image of the view, seen from r's perspective. It draws only
// what the view holds: a piece whose identity the view hides is a plain back.
// The image is new and belongs to the caller.
func (r *Renderer) Draw(v *rules.View) (*image.Paletted, error) {
	if err := checkView(v); err != nil {
		return nil, err
	}
	bg, err := r.background(v.Board)
	if err != nil {
		return nil, err
	}
	dst := image.NewPaletted(bg.img.Rect, bg.img.Palette)
	r.compose(dst, bg, v)
	return dst, nil
}

// compose copies the background of v's board into dst (which has its size) and
// the view's marks and pieces on top.
func (r *Renderer) compose(dst *image.Paletted, bg *background, v *rules.View) {
	c := r.c
	l := bg.l
	b := v.Board
	copy(dst.Pix, bg.img.Pix)
	d := l.discDiameter()
	unit := int(l.s)

	at := func(sq rules.Square) (int, int, bool) {
		if !b.Exists(sq) {
			return 0, 0, false
		}
		x, y := l.center(sq)
		return int(math.Round(x)), int(math.Round(y)), true
	}

	// Last move: brackets under the pieces.
	mark := c.getSprite(spriteKey{kind: spriteLastMove, size: unit, cells: l.cells})
	for _, sq := range [...]rules.Square{v.LastFrom, v.LastTo} {
		if x, y, ok := at(sq); ok {
			c.blit(dst, mark, x, y)
		}
	}
	// Pieces the last move took besides the one on its target: a cross where
	// each stood, so the picture tells what the chat says.
	if len(v.Removed) > 0 {
		cross := c.getSprite(spriteKey{kind: spriteRemoved, size: unit})
		for _, sq := range v.Removed {
			if x, y, ok := at(sq); ok {
				c.blit(dst, cross, x, y)
			}
		}
	}

	// Pieces. A stack shows the pressed piece small at the lower left and the
	// piece on top of it small at the upper right, overlapping it.
	small := int(math.Round(float64(d)*0.78)) &^ 1
	so := int(math.Round(float64(d) * 0.17))
	for i, p := range v.Pieces {
		if p == nil {
			continue
		}
		x, y, ok := at(rules.Square(i))
		if !ok {
			continue
		}
		if p.Pressed != nil {
			c.blit(dst, c.getSprite(r.pieceKey(p.Pressed, small)), x-so, y+so)
			r.badges(dst, p.Pressed, small, x-so, y+so)
			c.blit(dst, c.getSprite(r.pieceKey(p, small)), x+so, y-so)
			r.badges(dst, p, small, x+so, y-so)
			continue
		}
		if p.Joins != 0 && p.Letter != 0 && !l.cells {
			// A multi-cell piece on points (the jujiang giant): one large disc
			// across its block, drawn once, from its lowest-leftmost point.
			if p.Joins&(4|8) != 0 {
				continue
			}
			cx, cy, size := l.bodyDisc(rules.Square(i), v, d)
			c.blit(dst, c.getSprite(r.pieceKey(p, size)), cx, cy)
			r.badges(dst, p, size, cx, cy)
			continue
		}
		if p.Joins != 0 && p.Letter != 0 {
			// A square of a multi-cell piece: a tile joined to its neighbours.
			k := r.pieceKey(p, unit)
			k.kind, k.joins, k.figure = spriteBlock, p.Joins, 0
			if l.flip {
				k.joins = flipJoins(p.Joins)
			}
			c.blit(dst, c.getSprite(k), x, y)
			continue
		}
		k := r.pieceKey(p, d)
		if k.kind == spriteTile {
			k.up = (p.Side == rules.Red) != l.flip // the tip points at the opponent
		}
		c.blit(dst, c.getSprite(k), x, y)
		r.badges(dst, p, d, x, y)
	}

	// Pieces in hand, small, in the rows beyond the back ranks.
	if l.hands {
		for side, hand := range v.Hands {
			for i, p := range hand {
				x, y := l.handCenter(rules.Side(side), i, len(hand))
				c.blit(dst, c.getSprite(r.pieceKey(p, small)), int(x), int(y))
			}
		}
	}

	// Generals in check.
	if len(v.InCheck) > 0 {
		ring := c.getSprite(spriteKey{kind: spriteCheck, size: d})
		for _, sq := range v.InCheck {
			if x, y, ok := at(sq); ok {
				c.blit(dst, ring, x, y)
			}
		}
	}
}

// pieceKey is the look of p as a disc of diameter d. Only what the view says
// goes in: with Letter 0 the identity is hidden, and so is any glyph.
func (r *Renderer) pieceKey(p *rules.ViewPiece, d int) spriteKey {
	k := spriteKey{kind: spritePiece, size: d, side: p.Side, down: p.FaceDown, neutral: p.NoColour, army: p.Army}
	if p.Letter == 0 {
		k.down = true // a piece of unknown identity shows its back
		return k
	}
	if p.Figure != 0 && !p.FaceDown {
		k.kind, k.figure = spriteFigure, p.Figure
		return k
	}
	if p.Tile && !p.FaceDown {
		k.kind, k.promoted = spriteTile, p.Promoted
	}
	first, second := p.Glyph, p.Simple
	if r.c.opts.Simplified {
		first, second = second, first
	}
	switch {
	case first != "":
		k.text = first
	case second != "":
		k.text = second
	default:
		k.text = string(rune(p.Letter))
	}
	return k
}

func (r *Renderer) badges(dst *image.Paletted, p *rules.ViewPiece, d, x, y int) {
	if p.Frozen {
		r.c.blit(dst, r.c.getSprite(spriteKey{kind: spriteFrozen, size: d}), x, y)
	}
	if p.Marked {
		r.c.blit(dst, r.c.getSprite(spriteKey{kind: spriteMarked, size: d, side: p.Side}), x, y)
	}
	if p.Turned {
		r.c.blit(dst, r.c.getSprite(spriteKey{kind: spriteTurned, size: d, side: p.Side.Other()}), x, y)
	}
	if p.Pinned {
		// Both badges at once: the pin goes to the lower right.
		k := spriteKey{kind: spritePinned, size: d}
		if p.Frozen {
			r.c.blit(dst, r.c.getSprite(k), x, y+int(math.Round(float64(d)*0.72)))
			return
		}
		r.c.blit(dst, r.c.getSprite(k), x, y)
	}
}

// blit copies sprite sp anchored at pixel (x, y) onto dst, clipped to dst.
func (c *shared) blit(dst *image.Paletted, sp *sprite, x, y int) {
	w, h := dst.Rect.Dx(), dst.Rect.Dy()
	rgb := c.q.rgb
	for j := range sp.rows {
		yy := y + sp.oy + j
		if yy < 0 || yy >= h {
			continue
		}
		row := dst.Pix[yy*dst.Stride : yy*dst.Stride+w]
		sr := &sp.rows[j]
		x0 := x + sp.ox
		for _, s := range sr.spans {
			xs := x0 + s.x
			idx := s.idx
			if xs < 0 {
				if -xs >= len(idx) {
					continue
				}
				idx = idx[-xs:]
				xs = 0
			}
			if xs >= w {
				continue
			}
			copy(row[xs:], idx)
		}
		for _, p := range sr.parts {
			xx := x0 + p.x
			if xx < 0 || xx >= w {
				continue
			}
			under := rgb[row[xx]]
			ia := 255 - p.a
			rr := p.r + (uint32(under[0])*ia+127)/255
			gg := p.g + (uint32(under[1])*ia+127)/255
			bb := p.b + (uint32(under[2])*ia+127)/255
			row[xx] = c.q.index(min(rr, 255), min(gg, 255), min(bb, 255))
		}
	}
}

// bodyDisc is the centre and diameter of the disc that draws the multi-cell
// piece whose lowest-leftmost point is anchor on a point board: centred on its
// bounding box, as wide as the box's shorter side plus one ordinary disc.
func (l *layout) bodyDisc(anchor rules.Square, v *rules.View, d int) (int, int, int) {
	b := v.Board
	f0, r0, _ := b.Coords(anchor)
	f1, r1 := f0, r0
	seen := map[rules.Square]bool{anchor: true}
	todo := []rules.Square{anchor}
	for len(todo) > 0 {
		sq := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		f, r, _ := b.Coords(sq)
		f0, r0, f1, r1 = min(f0, f), min(r0, r), max(f1, f), max(r1, r)
		for bit, dir := range [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}} {
			if v.Pieces[sq].Joins&(1<<bit) == 0 {
				continue
			}
			n := b.At(f+dir[0], r+dir[1])
			if n != rules.NoSquare && int(n) < len(v.Pieces) && v.Pieces[n] != nil && !seen[n] {
				seen[n] = true
				todo = append(todo, n)
			}
		}
	}
	x, y := l.px(float64(f0+f1)/2, float64(r0+r1)/2)
	size := (int(math.Round(float64(min(f1-f0, r1-r0))*l.s)) + d) &^ 1
	return int(math.Round(x)), int(math.Round(y)), size
}
