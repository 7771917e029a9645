package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Pieces 07 無 and 14 借, which bring pieces back: both keep each side's
// captured list (the spec's §4.4) as that side's hand (FEN `[Rn]` after the
// board), and put a piece from the board or from the list onto a point.

// keepsList is the part of 07 and 14 that fills the captured lists: every
// capture or removal of a non-royal piece adds it to its owner's list. Only one
// module of a game does it (07 when both are in the game).
type keepsList struct{ fills bool }

// extendHands switches the hands on: a piece in a side's hand is one of its own
// pieces the opponent took.
func extendHands(v *rules.Variant) error {
	v.Hands = true
	return nil
}

func (k *keepsList) afterCapture(p *rules.Position) {
	c := p.Captured()
	if !k.fills || c.Empty() || p.Variant().Kinds[c.Kind()].Royal {
		return
	}
	p.SetHand(c.Side(), c.Kind(), p.Hand(c.Side(), c.Kind())+1)
}

// inMoves reports whether out already holds a move from from to to.
func inMoves(out []rules.Move, from, to rules.Square) bool {
	for _, m := range out {
		if m.From == from && m.To == to && m.Flags&(rules.FlagSpecial|rules.FlagDrop) == 0 {
			return true
		}
	}
	return false
}

// --- 07 無 --------------------------------------------------------------------

type conjurer struct {
	stratMod
	keepsList
}

func (m *conjurer) Extend(v *rules.Variant) error { return extendHands(v) }

func (m *conjurer) Init(c *rules.Claims) error {
	m.fills = true
	return m.stratMod.Init(c)
}

// gaps lists the gap points of side s's 無: an empty point between the 無 and
// another piece on a rank or file.
func (m *conjurer) gaps(p *rules.Position, s rules.Side) []rules.Square {
	b := p.Variant().Board
	var out []rules.Square
	for _, u := range m.squares(p, s) {
		for _, d := range rules.Dirs4 {
			g := b.Step(u, d[0], d[1])
			if g == rules.NoSquare || !p.At(g).Empty() {
				continue
			}
			if far := b.Step(g, d[0], d[1]); far != rules.NoSquare && !p.At(far).Empty() {
				out = append(out, g)
			}
		}
	}
	return out
}

func (m *conjurer) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	v := p.Variant()
	b := v.Board
	gaps := m.gaps(p, s)
	if len(gaps) == 0 {
		return out
	}
	start := len(out)
	for _, g := range gaps {
		for k := range v.Kinds {
			if k != m.kind && p.Hand(s, k) > 0 && v.MayStand(k, s, g) && !dropIn(out[start:], k, g) {
				out = append(out, rules.Move{From: rules.NoSquare, To: g, Flags: rules.FlagDrop, Aux: uint8(k)})
			}
		}
		for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
			pc := p.At(sq)
			if pc.Empty() || pc.Side() != s || m.is(pc) || !v.MayStand(pc.Kind(), s, g) || !p.Movable(sq) || inMoves(out, sq, g) {
				continue
			}
			out = append(out, rules.Move{From: sq, To: g})
		}
	}
	return out
}

func dropIn(out []rules.Move, k int, to rules.Square) bool {
	for _, m := range out {
		if m.Flags&rules.FlagDrop != 0 && int(m.Aux) == k && m.To == to {
			return true
		}
	}
	return false
}

func (m *conjurer) AfterMove(p *rules.Position, mv rules.Move) { m.afterCapture(p) }

func (m *conjurer) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	s := p.ToMove()
	b := p.Variant().Board
	isGap := false
	for _, g := range m.gaps(p, s) {
		isGap = isGap || g == mv.To
	}
	var k int
	switch {
	case mv.Flags&rules.FlagDrop != 0:
		k = int(mv.Aux)
		if !p.At(mv.To).Empty() {
			return rules.Texts{}
		}
		if !isGap {
			return say("strat.conjurer.gap", b.Name(mv.To))
		}
	case mv.From != rules.NoSquare:
		pc := p.At(mv.From)
		if pc.Empty() || pc.Side() != s {
			return rules.Texts{}
		}
		if m.is(pc) {
			if !p.At(mv.To).Empty() {
				return say("strat.never_captures", m.face())
			}
			return rules.Texts{}
		}
		if !isGap {
			return rules.Texts{}
		}
		k = pc.Kind()
	default:
		return rules.Texts{}
	}
	if !p.Variant().MayStand(k, s, mv.To) {
		kind := pieceText(&p.Variant().Kinds[k], s)
		kind.En = anA(kind.En) + " " + kind.En
		return say("strat.conjurer.stand", kind, b.Name(mv.To))
	}
	return rules.Texts{}
}

// --- 14 借 --------------------------------------------------------------------

type vessel struct {
	stratMod
	keepsList
}

func (m *vessel) Extend(v *rules.Variant) error { return extendHands(v) }

func (m *vessel) Init(c *rules.Claims) error {
	m.fills = !c.Variant().HasModule("stratagem-07")
	return m.stratMod.Init(c)
}

// flyKinds: the kinds that may take the 借's place.
func flyKind(k int) bool { return k == Chariot || k == Horse || k == Soldier }

// soldierBarred reports whether a soldier may not take the place of the 借 on sq
// (it stands in its owner's own half).
func soldierBarred(p *rules.Position, sq rules.Square, s rules.Side) bool {
	return p.Variant().Board.InZone("own", s, sq)
}

func (m *vessel) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	b := p.Variant().Board
	for _, e := range m.squares(p, s) {
		if !p.Movable(e) {
			continue // a held 借 cannot be given up either
		}
		for k := range p.Variant().Kinds {
			if flyKind(k) && p.Hand(s, k) > 0 && !(k == Soldier && soldierBarred(p, e, s)) {
				out = append(out, rules.Move{From: rules.NoSquare, To: e, Flags: rules.FlagDrop, Aux: uint8(k)})
			}
		}
		for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
			pc := p.At(sq)
			if pc.Empty() || pc.Side() != s || !flyKind(pc.Kind()) || (pc.Kind() == Soldier && soldierBarred(p, e, s)) || !p.Movable(sq) {
				continue
			}
			out = append(out, rules.Move{From: sq, To: e})
		}
	}
	return out
}

func (m *vessel) AfterMove(p *rules.Position, mv rules.Move) { m.afterCapture(p) }

func (m *vessel) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	s := p.ToMove()
	t := p.At(mv.To)
	if mv.From != rules.NoSquare {
		if pc := p.At(mv.From); m.is(pc) && pc.Side() == s && !t.Empty() && t.Side() != s {
			return say("strat.never_captures", m.face())
		}
	}
	if !m.is(t) || t.Side() != s {
		return rules.Texts{}
	}
	k := int(mv.Aux)
	if mv.Flags&rules.FlagDrop == 0 {
		pc := p.At(mv.From)
		if pc.Empty() || pc.Side() != s {
			return rules.Texts{}
		}
		k = pc.Kind()
	}
	switch {
	case !flyKind(k):
		return say("strat.vessel.kinds")
	case k == Soldier && soldierBarred(p, mv.To, s):
		return say("strat.vessel.soldier")
	}
	return rules.Texts{}
}
