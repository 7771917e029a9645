package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Piece 33 畈 (反間計, the spy): one orthogonal step anywhere, never a capture.
// While a 畈 stands in the enemy's half, (a) enemy pieces standing in their
// own half may not move into the 畈 owner's half, and (b) enemy pieces
// standing in the owner's half may not move forward (nearer the owner's back
// rank). Limit (b) also stops checks (an rules.AttackFilter); limit (a) does
// not. The limits bind the enemy's ordinary moves (a LegalityTester).

type spy struct{ stratMod }

// The limits an enemy 畈 standing across puts on a side's moves (spyLimit).
const (
	spyFree    = iota
	spyCross   // a piece in its own half may not cross the river
	spyForward // a piece across the river may not move forward
)

// spyLimit says which limit a move of a piece of side s from from to to breaks
// while an enemy 畈 stands across, or spyFree.
func spyLimit(b *rules.Board, s rules.Side, from, to rules.Square) int {
	owner := s.Other()
	switch {
	case b.InZone("own", s, from) && b.InZone("own", owner, to):
		return spyCross
	case b.InZone("own", owner, from):
		_, fr, _ := b.Coords(from)
		_, tr, _ := b.Coords(to)
		if (s == rules.Red && tr > fr) || (s == rules.Black && tr < fr) {
			return spyForward
		}
	}
	return spyFree
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
	return spyLimit(b, s, mv.From, mv.To) == spyFree
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
	return spyLimit(b, pc.Side(), from, to) == spyFree
}

func (m *spy) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	s := p.ToMove()
	pc := p.At(mv.From)
	if pc.Empty() || pc.Side() != s {
		return rules.Texts{}
	}
	b := p.Variant().Board
	if sq := m.across(p, s.Other()); sq != rules.NoSquare {
		switch spyLimit(b, s, mv.From, mv.To) {
		case spyCross:
			return say("strat.spy.cross", b.Name(sq))
		case spyForward:
			return say("strat.spy.forward", b.Name(sq))
		}
	}
	if m.is(pc) && !p.At(mv.To).Empty() {
		return say("strat.never_captures", m.face())
	}
	return rules.Texts{}
}
