package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Piece 23 遠 (遠交近攻, befriend the far, attack the near): a chariot's slide,
// and a capture that skips the piece it attacks. When exactly one of its rook
// targets is of a kind, it may take any other enemy piece of that kind, wherever
// it stands. It never takes the general, so it never gives check, and it has no
// Attacker.

type far struct{ stratMod }

// rookTargets returns the rook targets of the piece on from: the first piece in
// each of the four directions, when it is an enemy of that piece.
func rookTargets(p *rules.Position, from rules.Square) []rules.Square {
	s := p.At(from).Side()
	out := make([]rules.Square, 0, 4)
	for _, d := range rules.Dirs4 {
		if t := firstPiece(p, from, d[0], d[1]); t != rules.NoSquare && p.At(t).Side() != s {
			out = append(out, t)
		}
	}
	return out
}

// targetsOfKind counts the rook targets of the 遠 on from of kind k and returns
// the last one.
func targetsOfKind(p *rules.Position, from rules.Square, k int) (int, rules.Square) {
	n, last := 0, rules.NoSquare
	for _, t := range rookTargets(p, from) {
		if p.At(t).Kind() == k {
			n, last = n+1, t
		}
	}
	return n, last
}

func (m *far) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	v := p.Variant()
	b := v.Board
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		for _, t := range rookTargets(p, from) {
			k := p.At(t).Kind()
			if v.Kinds[k].Royal {
				continue
			}
			if n, _ := targetsOfKind(p, from, k); n != 1 {
				continue
			}
			for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
				if pc := p.At(sq); sq != t && !pc.Empty() && pc.Side() != s && pc.Kind() == k && p.Capturable(from, sq) {
					out = append(out, rules.Move{From: from, To: sq, Flags: rules.FlagCapture})
				}
			}
		}
	}
	return out
}

func (m *far) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	pc, ok := m.ownMove(p, mv)
	t := p.At(mv.To)
	if !ok || t.Empty() || t.Side() == pc.Side() {
		return rules.Texts{}
	}
	v := p.Variant()
	g := glyphText(&v.Kinds[t.Kind()], t.Side())
	if v.Kinds[t.Kind()].Royal {
		return say("strat.far.general")
	}
	switch n, target := targetsOfKind(p, mv.From, t.Kind()); {
	case n == 0:
		return say("strat.far.none", g)
	case n >= 2:
		return say("strat.far.many", n, g)
	case target == mv.To:
		return say("strat.far.attacked", g)
	}
	return rules.Texts{}
}
