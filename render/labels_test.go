package render

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestPointLabels: a Decor.PointLabels point gets a ring on the point and its
// character up and right of it; a board without labels has neither there.
func TestPointLabels(t *testing.T) {
	t.Parallel()
	r := newRenderer(t, Options{})
	plain := xiangqiBoard()
	labelled := xiangqiBoard()
	labelled.Decor.PointLabels = []rules.PointLabel{{At: sq(labelled, "e4"), Text: "帥"}}
	a := render(t, r, viewOf(plain, "9/9/9/9/9/9/9/9/9/9", xiangqiGlyphs))
	b := render(t, r, viewOf(labelled, "9/9/9/9/9/9/9/9/9/9", xiangqiGlyphs))
	s := b.l.s
	// The label's ink, centred at (+0.40, -0.40) units from e4.
	ink := func(sh *shot) int {
		n := 0
		for dy := -0.14 * s; dy <= 0.14*s; dy++ {
			for dx := -0.14 * s; dx <= 0.14*s; dx++ {
				if near(sh.at("e4", 0.40*s+dx, -0.40*s+dy), sh.th.Label, 40) {
					n++
				}
			}
		}
		return n
	}
	if n := ink(a); n != 0 {
		t.Errorf("plain board: %d label pixels beside e4", n)
	}
	if n := ink(b); n < 20 {
		t.Errorf("labelled board: %d label pixels beside e4, want the character", n)
	}
	// The ring: line-coloured pixels at 0.16 units from e4, off the grid lines.
	ring := func(sh *shot) int {
		n := 0
		for dy := -0.2 * s; dy <= 0.2*s; dy++ {
			for dx := -0.2 * s; dx <= 0.2*s; dx++ {
				d2 := (dx*dx + dy*dy) / (s * s)
				if d2 < 0.12*0.12 || d2 > 0.2*0.2 || dx*dx < 16 || dy*dy < 16 {
					continue
				}
				if near(sh.at("e4", dx, dy), sh.th.Line, 60) {
					n++
				}
			}
		}
		return n
	}
	if n := ring(a); n != 0 {
		t.Errorf("plain board: %d ring pixels around e4", n)
	}
	if n := ring(b); n < 10 {
		t.Errorf("labelled board: %d ring pixels around e4, want a ring", n)
	}
}
