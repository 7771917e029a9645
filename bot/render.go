package bot

import (
	"fmt"
	"sync"

	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/rules"
)

// imageRenderer draws boards with the render package: one render.Renderer per
// look (glyph set, edge labels), made when first needed and kept, turned with
// From for a Black player's private board.
type imageRenderer struct {
	base render.Options

	mu    sync.Mutex
	looks map[look]*render.Renderer
}

type look struct {
	simplified bool
	coords     render.Coords
}

// NewRenderer returns the production Renderer. base sets what every image shares
// (width, theme); the glyphs, labels and orientation follow each chat's
// ImageOptions.
func NewRenderer(base render.Options) Renderer {
	return &imageRenderer{base: base, looks: map[look]*render.Renderer{}}
}

// Board implements Renderer.
func (r *imageRenderer) Board(v *rules.View, o ImageOptions) ([]byte, error) {
	rr, err := r.look(o)
	if err != nil {
		return nil, err
	}
	return rr.PNG(v)
}

// look is the renderer of o's glyphs, labels and orientation, made once.
func (r *imageRenderer) look(o ImageOptions) (*render.Renderer, error) {
	k := look{simplified: o.Simplified, coords: render.CoordsICCS}
	if o.Labels != "" && o.Labels != rules.StyleCoord {
		k.coords = render.CoordsChinese
	}
	r.mu.Lock()
	rr, ok := r.looks[k]
	if !ok {
		opts := r.base
		opts.Simplified, opts.Coords, opts.Perspective = k.simplified, k.coords, rules.Red
		var err error
		rr, err = render.New(opts)
		if err != nil {
			r.mu.Unlock()
			return nil, fmt.Errorf("bot: make renderer: %w", err)
		}
		r.looks[k] = rr
	}
	r.mu.Unlock()
	if o.Flip {
		rr = rr.From(rules.Black)
	}
	return rr, nil
}

// missingGlyphs lists the characters of v's piece kinds that the board font
// cannot draw (a players' piece named with a character the font lacks), each
// once, in kind order.
func missingGlyphs(v *rules.Variant) []rune {
	var out []rune
	seen := map[rune]bool{}
	for _, k := range v.Kinds {
		for _, g := range append(k.Glyph[:], k.Simple[:]...) {
			for _, r := range render.MissingGlyphs(g) {
				if !seen[r] {
					seen[r] = true
					out = append(out, r)
				}
			}
		}
	}
	return out
}
