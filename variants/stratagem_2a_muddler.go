package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Piece 20 混 (混水摸魚): it moves as 12 牽 does (diagonal slides within a
// half, a lone single step across the river). An enemy piece diagonally next
// to it is disturbed (flagDisturbed): it moves but never captures, so it gives
// no check. With two or more enemy pieces disturbed at the start of its move,
// the 混 may take one of them by a single diagonal step.
//
// The flags follow from the board: they are recomputed after every move and
// when a position is read, so they need no FEN field of their own; the field
// "hun" this module claims only recomputes them on reading and is never
// written.

// flagDisturbed marks a piece diagonally next to an enemy 混. 牽's pins use
// FlagPinned, and 戰術 has both pieces, so the 混 has a flag of its own.
const flagDisturbed = rules.FlagCustomHigh

type muddler struct{ stratMod }

// Extend: disturbed pieces give no check.
func (m *muddler) Extend(v *rules.Variant) error {
	v.NoCheckFlags |= flagDisturbed
	return nil
}

func (m *muddler) Init(c *rules.Claims) error {
	if err := m.stratMod.Init(c); err != nil {
		return err
	}
	return c.Field(rules.Field{Key: "hun",
		Write: func(*rules.Position) string { return "" },
		Read: func(p *rules.Position, text string) error {
			if text != "" {
				return sayErr("strat.muddler.field", text)
			}
			m.redisturb(p)
			return nil
		}})
}

// disturber returns the point of the enemy 混 diagonally next to sq, or NoSquare.
func (m *muddler) disturber(p *rules.Position, sq rules.Square) rules.Square {
	pc := p.At(sq)
	if pc.Empty() {
		return rules.NoSquare
	}
	b := p.Variant().Board
	for _, d := range rules.Diag4 {
		if n := b.Step(sq, d[0], d[1]); n != rules.NoSquare {
			if q := p.At(n); m.is(q) && q.Side() != pc.Side() {
				return n
			}
		}
	}
	return rules.NoSquare
}

// redisturb sets flagDisturbed on exactly the disturbed pieces.
func (m *muddler) redisturb(p *rules.Position) {
	b := p.Variant().Board
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() {
			continue
		}
		if on := m.disturber(p, sq) != rules.NoSquare; pc.Has(flagDisturbed) != on {
			p.Set(sq, pc.With(flagDisturbed, on))
		}
	}
}

// disturbed lists the enemy pieces diagonally next to the 混 on sq.
func (m *muddler) disturbed(p *rules.Position, sq rules.Square) []rules.Square {
	b := p.Variant().Board
	s := p.At(sq).Side()
	var out []rules.Square
	for _, d := range rules.Diag4 {
		if n := b.Step(sq, d[0], d[1]); n != rules.NoSquare {
			if q := p.At(n); !q.Empty() && q.Side() != s {
				out = append(out, n)
			}
		}
	}
	return out
}

func (m *muddler) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		out = halfDiagSlides(p, from, s, out)
		if vs := m.disturbed(p, from); len(vs) >= 2 {
			for _, to := range vs {
				if p.Capturable(from, to) {
					out = append(out, rules.Move{From: from, To: to, Flags: rules.FlagCapture})
				}
			}
		}
	}
	return out
}

// halfDiagSlides appends the diagonal slides of two or more points that stay
// within the half the piece on from stands in (12 牽 and 20 混; their atoms
// make the single steps, the river crossing included).
func halfDiagSlides(p *rules.Position, from rules.Square, s rules.Side, out []rules.Move) []rules.Move {
	b := p.Variant().Board
	own := b.InZone("own", s, from)
	for _, d := range rules.Diag4 {
		for k, to := 1, b.Step(from, d[0], d[1]); to != rules.NoSquare && p.At(to).Empty() && b.InZone("own", s, to) == own; k, to = k+1, b.Step(to, d[0], d[1]) {
			if k > 1 {
				out = append(out, rules.Move{From: from, To: to})
			}
		}
	}
	return out
}

// MayCapture: a disturbed piece never captures.
func (m *muddler) MayCapture(p *rules.Position, from, to rules.Square) bool {
	return !p.At(from).Has(flagDisturbed)
}

// MarkView gives disturbed pieces the pin badge: like a piece 牽 pins, a
// disturbed piece neither captures nor gives check.
func (m *muddler) MarkView(p *rules.Position, v *rules.View) {
	for sq, vp := range v.Pieces {
		if vp != nil && !vp.Token && p.At(rules.Square(sq)).Has(flagDisturbed) {
			vp.Pinned = true
		}
	}
}

// AfterMove: the disturbances follow the new position.
func (m *muddler) AfterMove(p *rules.Position, mv rules.Move) { m.redisturb(p) }

// Attacks: a 混 attacks the pieces it could take: one of two or more enemy
// pieces diagonally next to it.
func (m *muddler) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	t := p.At(sq)
	if t.Empty() || t.Side() == by {
		return false
	}
	hun := m.disturber(p, sq)
	if hun == rules.NoSquare || p.At(hun)&p.Variant().NoCheckFlags != 0 {
		return false
	}
	return len(m.disturbed(p, hun)) >= 2
}

func (m *muddler) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 {
		return rules.Texts{}
	}
	b := p.Variant().Board
	s := p.ToMove()
	pc, t := p.At(mv.From), p.At(mv.To)
	if pc.Empty() || pc.Side() != s {
		return rules.Texts{}
	}
	if pc.Has(flagDisturbed) && !t.Empty() && t.Side() != s {
		if hun := m.disturber(p, mv.From); hun != rules.NoSquare {
			return say("strat.muddler.disturbed", pieceWord(p, mv.From), b.Name(hun))
		}
	}
	if !m.is(pc) {
		return rules.Texts{}
	}
	df, dr := offset(b, mv.From, mv.To)
	switch {
	case !t.Empty() && t.Side() != s:
		return say("strat.muddler.capture")
	case abs(df) == abs(dr) && b.InZone("own", s, mv.From) != b.InZone("own", s, mv.To):
		return say("strat.diagonal_river", m.face())
	}
	return rules.Texts{}
}
