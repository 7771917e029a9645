package variants

import (
	"fmt"

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

func (m *far) Refusal(p *rules.Position, text string, mv rules.Move) string {
	pc, ok := m.ownMove(p, mv)
	t := p.At(mv.To)
	if !ok || t.Empty() || t.Side() == pc.Side() {
		return ""
	}
	v := p.Variant()
	g := v.Glyph(t)
	if v.Kinds[t.Kind()].Royal {
		return "the 遠 never captures the general"
	}
	switch n, target := targetsOfKind(p, mv.From, t.Kind()); {
	case n == 0:
		return fmt.Sprintf("the 遠 takes a %s only while exactly one of its targets (the first piece in each direction) is a %s; none is", g, g)
	case n >= 2:
		return fmt.Sprintf("%d of the 遠's targets are %s pieces: with two or more it cannot take a %s", n, g, g)
	case target == mv.To:
		return fmt.Sprintf("the 遠 never takes the piece it attacks: it takes another %s elsewhere on the board (遠交近攻)", g)
	}
	return ""
}
