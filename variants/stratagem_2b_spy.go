package variants

import (
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// Piece 33 畈 (反間計, the spy): one orthogonal step anywhere, never a capture.
// While a 畈 stands in the enemy's half, (a) enemy pieces standing in their
// own half may not move into the 畈 owner's half, and (b) enemy pieces
// standing in the owner's half may not move forward (nearer the owner's back
// rank). Limit (b) also stops checks (an rules.AttackFilter); limit (a) does
// not. The limits bind the enemy's ordinary moves (a LegalityTester).

type spy struct{ stratMod }

// limit says which limit a move of a piece of side s from from to to breaks
// while an enemy 畈 stands across, or "".
func spyLimit(b *rules.Board, s rules.Side, from, to rules.Square) string {
	owner := s.Other()
	switch {
	case b.InZone("own", s, from) && b.InZone("own", owner, to):
		return "your pieces may not cross the river into its half"
	case b.InZone("own", owner, from):
		_, fr, _ := b.Coords(from)
		_, tr, _ := b.Coords(to)
		if (s == rules.Red && tr > fr) || (s == rules.Black && tr < fr) {
			return "your pieces in its half may not move forward"
		}
	}
	return ""
}

// Legal: the enemy of a 畈 that stood across before the move kept to the
// limits. A 畈 the move took stood across before it. The piece judged is the
// one that arrived on the move's target point, whoever moved it: a piece
// moved by another piece's effect (a borrowed move, §7.2) obeys the limits
// too.
func (m *spy) Legal(p *rules.Position, mv rules.Move) bool {
	if mv.Flags&rules.FlagDrop != 0 || mv.From == rules.NoSquare || mv.To == rules.NoSquare {
		return true
	}
	pc := p.At(mv.To)
	if pc.Empty() {
		return true
	}
	s := pc.Side()
	b := p.Variant().Board
	c := p.Captured()
	if m.across(p, s.Other()) == rules.NoSquare && !(m.is(c) && c.Side() != s && b.InZone("own", s, mv.To)) {
		return true
	}
	return spyLimit(b, s, mv.From, mv.To) == ""
}

// MayAttack: a crossed enemy piece gives no forward check. A piece in its
// own half still attacks across the river.
func (m *spy) MayAttack(p *rules.Position, from, to rules.Square) bool {
	pc := p.At(from)
	if pc.Empty() || m.across(p, pc.Side().Other()) == rules.NoSquare {
		return true
	}
	b := p.Variant().Board
	if !b.InZone("own", pc.Side().Other(), from) {
		return true
	}
	return spyLimit(b, pc.Side(), from, to) == ""
}

func (m *spy) Refusal(p *rules.Position, text string, mv rules.Move) string {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return ""
	}
	s := p.ToMove()
	pc := p.At(mv.From)
	if pc.Empty() || pc.Side() != s {
		return ""
	}
	b := p.Variant().Board
	if sq := m.across(p, s.Other()); sq != rules.NoSquare {
		if why := spyLimit(b, s, mv.From, mv.To); why != "" {
			return fmt.Sprintf("the enemy 畈 on %s stands in your half: %s", b.Name(sq), why)
		}
	}
	if m.is(pc) && !p.At(mv.To).Empty() {
		return "the 畈 never captures"
	}
	return ""
}
