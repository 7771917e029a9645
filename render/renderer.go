package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"

	"golang.org/x/image/font"

	"github.com/chuhe/chuhe/rules"
)

// Errors returned by Renderer methods.
var (
	// ErrNoView is returned when the view or its board is nil, or the board was
	// never finalized.
	ErrNoView = errors.New("render: no view or board")
	// ErrBoardMismatch is returned by GIF when the views are not all on one board.
	ErrBoardMismatch = errors.New("render: views are on different boards")
)

// Cache limits: a Renderer keeps backgrounds per (board, orientation) and sprites
// per (size, piece look). Variants share their boards, so these are generous; a
// caller that makes a new Board per image would otherwise grow them without end.
const (
	maxBackgrounds = 64
	maxSprites     = 4096
)

// Renderer draws board images for one set of Options. It caches what it has
// drawn once (board backgrounds, piece sprites) and is safe for concurrent use.
// Make one per options and keep it.
type Renderer struct {
	persp rules.Side
	c     *shared
}

// shared is the state of a Renderer that its From copies share.
type shared struct {
	opts  Options
	font  *Font
	q     *quant
	pngw  pngWriter
	pimgs sync.Pool // *image.Paletted scratch images for PNG

	mu      sync.RWMutex
	bgs     map[bgKey]*background
	sprites map[spriteKey]*sprite
	faces   map[int]font.Face // by pixel size in 1/4 px; used only under mu
}

type bgKey struct {
	b    *rules.Board
	flip bool
}

// background is a board drawn without pieces, quantized, with its layout.
type background struct {
	l   *layout
	img *image.Paletted
}

// New returns a Renderer for the options (zero fields take their defaults). It
// parses the embedded font and builds the palette; boards and pieces are drawn
// when first needed.
func New(opts Options) (*Renderer, error) {
	opts = opts.withDefaults()
	f, err := LoadFont()
	if err != nil {
		return nil, err
	}
	c := &shared{
		opts:    opts,
		font:    f,
		q:       newQuant(opts.Theme),
		bgs:     map[bgKey]*background{},
		sprites: map[spriteKey]*sprite{},
		faces:   map[int]font.Face{},
	}
	return &Renderer{persp: opts.Perspective, c: c}, nil
}

// Options returns the options the renderer uses, defaults filled in.
func (r *Renderer) Options() Options {
	o := r.c.opts
	o.Perspective = r.persp
	return o
}

// From returns a renderer that draws from side s's point of view (s's back rank
// at the bottom). It shares the caches of r and costs nothing to make.
func (r *Renderer) From(s rules.Side) *Renderer {
	return &Renderer{persp: s, c: r.c}
}

// Palette returns a copy of the palette of every image r makes.
func (r *Renderer) Palette() color.Palette { return append(color.Palette(nil), r.c.q.pal...) }

// Size returns the image size for board b.
func (r *Renderer) Size(b *rules.Board) (w, h int, err error) {
	bg, err := r.background(b)
	if err != nil {
		return 0, 0, err
	}
	return bg.l.w, bg.l.h, nil
}

func checkView(v *rules.View) error {
	if v == nil || v.Board == nil || v.Board.NumSquares() == 0 {
		return ErrNoView
	}
	if len(v.Pieces) > v.Board.NumSquares() {
		return fmt.Errorf("render: view has %d pieces for %d squares", len(v.Pieces), v.Board.NumSquares())
	}
	return nil
}

// background returns the cached background of board b for r's orientation,
// drawing it on first use.
func (r *Renderer) background(b *rules.Board) (*background, error) {
	if b == nil || b.NumSquares() == 0 {
		return nil, ErrNoView
	}
	k := bgKey{b, r.persp == rules.Black}
	c := r.c
	c.mu.RLock()
	bg := c.bgs[k]
	c.mu.RUnlock()
	if bg != nil {
		return bg, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if bg := c.bgs[k]; bg != nil {
		return bg, nil
	}
	l := newLayout(b, c.opts.Width, r.persp, c.opts.Coords)
	if l.s < 8 {
		return nil, fmt.Errorf("render: board %dx%d too large for width %d", b.Width, b.Height, c.opts.Width)
	}
	bg = &background{l: l, img: c.drawBackground(l)}
	if len(c.bgs) >= maxBackgrounds {
		clear(c.bgs)
	}
	c.bgs[k] = bg
	return bg, nil
}

// faceLocked returns a font face of about px pixels; c.mu must be held for writing.
func (c *shared) faceLocked(px float64) font.Face {
	k := int(math.Round(px * 4))
	if f, ok := c.faces[k]; ok {
		return f
	}
	f := c.font.face(float64(k) / 4)
	c.faces[k] = f
	return f
}
