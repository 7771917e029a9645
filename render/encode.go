package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"time"

	"github.com/chuhe/chuhe/rules"
)

// PNG returns the view as a PNG file: 8-bit paletted, fastest compression. Two
// equal views give byte-identical files.
func (r *Renderer) PNG(v *rules.View) ([]byte, error) {
	if err := checkView(v); err != nil {
		return nil, err
	}
	bg, err := r.background(v.Board)
	if err != nil {
		return nil, err
	}
	img := r.scratch(bg)
	r.compose(img, bg, v)
	out, err := r.encodePNG(img)
	r.c.pimgs.Put(img)
	return out, err
}

// scratch returns a pooled image of bg's size.
func (r *Renderer) scratch(bg *background) *image.Paletted {
	if img, ok := r.c.pimgs.Get().(*image.Paletted); ok && img.Rect == bg.img.Rect {
		return img
	}
	return image.NewPaletted(bg.img.Rect, bg.img.Palette)
}

func (r *Renderer) encodePNG(img *image.Paletted) ([]byte, error) {
	return r.c.pngw.encode(img), nil
}

// GIF returns an animated GIF of the views, one frame each, shown for delay
// (the last frame three times as long), looping. All views must be on one board.
// Frames after the first hold only the rectangle that changed.
func (r *Renderer) GIF(views []*rules.View, delay time.Duration) ([]byte, error) {
	if len(views) == 0 {
		return nil, ErrNoView
	}
	for _, v := range views {
		if err := checkView(v); err != nil {
			return nil, err
		}
		if v.Board != views[0].Board {
			return nil, ErrBoardMismatch
		}
	}
	bg, err := r.background(views[0].Board)
	if err != nil {
		return nil, err
	}
	cs := max(2, int(delay/(10*time.Millisecond)))
	// The palette has a spare entry for transparency when it has fewer than 256
	// colours (the built-in themes do): later frames then mark the unchanged
	// pixels of their rectangle transparent, which LZW packs into almost nothing.
	pal := bg.img.Palette
	trans := -1
	if len(pal) < 256 {
		trans = len(pal)
		pal = append(append(color.Palette(nil), pal...), color.RGBA{})
	}
	g := &gif.GIF{
		Config: image.Config{ColorModel: pal, Width: bg.l.w, Height: bg.l.h},
	}
	var prev *image.Paletted
	for _, v := range views {
		cur := image.NewPaletted(bg.img.Rect, pal)
		r.compose(cur, bg, v)
		frame := cur
		if prev != nil {
			d := diffRect(prev, cur)
			if d.Empty() {
				g.Delay[len(g.Delay)-1] += cs
				continue
			}
			frame = image.NewPaletted(d, pal)
			for y := d.Min.Y; y < d.Max.Y; y++ {
				for x := d.Min.X; x < d.Max.X; x++ {
					i := cur.PixOffset(x, y)
					p := cur.Pix[i]
					if trans >= 0 && p == prev.Pix[i] {
						p = uint8(trans)
					}
					frame.Pix[frame.PixOffset(x, y)] = p
				}
			}
		}
		g.Image = append(g.Image, frame)
		g.Delay = append(g.Delay, cs)
		g.Disposal = append(g.Disposal, gif.DisposalNone)
		prev = cur
	}
	g.Delay[len(g.Delay)-1] += 2 * cs
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, g); err != nil {
		return nil, fmt.Errorf("render: encode gif: %w", err)
	}
	return buf.Bytes(), nil
}

// diffRect is the smallest rectangle holding every pixel where a and b differ.
func diffRect(a, b *image.Paletted) image.Rectangle {
	w, h := a.Rect.Dx(), a.Rect.Dy()
	x0, y0, x1, y1 := w, h, -1, -1
	for y := 0; y < h; y++ {
		ra := a.Pix[y*a.Stride : y*a.Stride+w]
		rb := b.Pix[y*b.Stride : y*b.Stride+w]
		if bytes.Equal(ra, rb) {
			continue
		}
		y0 = min(y0, y)
		y1 = y
		for x := 0; x < w; x++ {
			if ra[x] != rb[x] {
				x0 = min(x0, x)
				break
			}
		}
		for x := w - 1; x >= 0; x-- {
			if ra[x] != rb[x] {
				x1 = max(x1, x)
				break
			}
		}
	}
	if y1 < 0 {
		return image.Rectangle{}
	}
	return image.Rect(x0, y0, x1+1, y1+1).Add(a.Rect.Min)
}
