package variants

import "github.com/chuhe/chuhe/rules"

// Piece 32 空 (空城計, the empty-city stratagem): a chariot's slide that never
// captures. After any move of side A, if A's 空 is on the board, A has no
// advisor and no elephant, A's general is its only piece in its own half and
// at least one enemy piece stands there, then every enemy piece in A's half is
// removed, and A's 空 with them. The removal is part of the move (an
// AfterMover), so the move's legality is judged after it.

type emptyCity struct{ stratMod }

// AfterMove: the trap springs for the mover.
func (m *emptyCity) AfterMove(p *rules.Position, mv rules.Move) {
	a := moverSide(p, mv)
	kos := m.squares(p, a)
	if len(kos) == 0 {
		return
	}
	v := p.Variant()
	b := v.Board
	var enemies []rules.Square
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() {
			continue
		}
		k := pc.Kind()
		if pc.Side() == a && (k == Advisor || k == Elephant) {
			return
		}
		if !b.InZone("own", a, sq) {
			continue
		}
		switch {
		case pc.Side() != a:
			enemies = append(enemies, sq)
		case !v.Kinds[k].Royal:
			return // another own piece in A's half
		}
	}
	if len(enemies) == 0 {
		return
	}
	for _, sq := range enemies {
		stratRemove(p, sq)
	}
	for _, sq := range kos {
		p.Set(sq, rules.NoPiece)
	}
}

func (m *emptyCity) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	pc, ok := m.ownMove(p, mv)
	if ok && !p.At(mv.To).Empty() && p.At(mv.To).Side() != pc.Side() {
		return say("strat.never_captures", m.face())
	}
	return rules.Texts{}
}
