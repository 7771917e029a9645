package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Piece 26 指 (指桑罵槐, point at the mulberry and curse the locust): a chariot
// that captures only when it has exactly two rook targets (the first piece in
// each direction, when it is an enemy; the general counts), and then either
// one. It gives check when the general and exactly one other piece are its
// targets.

type pointer struct{ stratMod }

func (m *pointer) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	for _, from := range m.squares(p, p.ToMove()) {
		if !p.Movable(from) {
			continue
		}
		if ts := rookTargets(p, from); len(ts) == 2 {
			for _, t := range ts {
				if p.Capturable(from, t) {
					out = append(out, rules.Move{From: from, To: t, Flags: rules.FlagCapture})
				}
			}
		}
	}
	return out
}

func (m *pointer) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	for _, from := range m.checkers(p, by) {
		if ts := rookTargets(p, from); len(ts) == 2 && (ts[0] == sq || ts[1] == sq) {
			return true
		}
	}
	return false
}

func (m *pointer) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	pc, ok := m.ownMove(p, mv)
	t := p.At(mv.To)
	if !ok || t.Empty() || t.Side() == pc.Side() {
		return rules.Texts{}
	}
	if n := len(rookTargets(p, mv.From)); n != 2 {
		return say("strat.pointer.targets", n)
	}
	return rules.Texts{}
}
