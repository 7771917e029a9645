package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Piece 21 殼 (金蟬脫殼): a king step in 8 directions that captures (its atoms),
// or one jump over a neighbouring piece of either colour to the empty point
// beyond, never capturing. While a side's 殼 is on the board its general also
// steps along the palace diagonals (capturing) and jumps over a neighbouring
// piece along a rank, file or palace diagonal, staying in the palace.

// The module is not AttackNeutral: with 走 (36) an enemy general may stand
// where this side's general attacks it along a palace diagonal.
type shell struct{ stratMod }

// jumpTarget is the landing point of a jump from from over its neighbour in
// direction d, or NoSquare when there is nothing to jump or nowhere to land.
func jumpTarget(p *rules.Position, from rules.Square, d [2]int) rules.Square {
	b := p.Variant().Board
	over := b.Step(from, d[0], d[1])
	if over == rules.NoSquare || p.At(over).Empty() {
		return rules.NoSquare
	}
	to := b.Step(over, d[0], d[1])
	if to == rules.NoSquare || !p.At(to).Empty() {
		return rules.NoSquare
	}
	return to
}

// generalMoves calls f with the extra moves of side s's general while s has
// a 殼: palace-diagonal steps (to may hold an enemy) and jumps.
func (m *shell) generalMoves(p *rules.Position, s rules.Side, f func(from, to rules.Square) bool) bool {
	if len(m.squares(p, s)) == 0 {
		return false
	}
	b := p.Variant().Board
	for _, k := range p.Royals(s) {
		// A general riding its 走 (36) stands under it: no 殼 power for it.
		if !b.InZone("palace", s, k) || p.At(k).Kind() != King {
			continue
		}
		for _, d := range king8 {
			diag := d[0] != 0 && d[1] != 0
			if step := b.Step(k, d[0], d[1]); diag && step != rules.NoSquare && b.InZone("palace", s, step) && onPalaceDiagonal(b, k, step) {
				if t := p.At(step); (t.Empty() || t.Side() != s) && f(k, step) {
					return true
				}
			}
			to := jumpTarget(p, k, d)
			if to == rules.NoSquare || !b.InZone("palace", s, to) {
				continue
			}
			if over := b.Step(k, d[0], d[1]); diag && !(onPalaceDiagonal(b, k, over) && onPalaceDiagonal(b, over, to)) {
				continue
			}
			if f(k, to) {
				return true
			}
		}
	}
	return false
}

func (m *shell) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		for _, d := range king8 {
			if to := jumpTarget(p, from, d); to != rules.NoSquare && !inMoves(out, from, to) {
				out = append(out, rules.Move{From: from, To: to})
			}
		}
	}
	m.generalMoves(p, s, func(from, to rules.Square) bool {
		if !p.Movable(from) || inMoves(out, from, to) {
			return false
		}
		switch t := p.At(to); {
		case t.Empty():
			out = append(out, rules.Move{From: from, To: to})
		case p.Capturable(from, to):
			out = append(out, rules.Move{From: from, To: to, Flags: rules.FlagCapture})
		}
		return false
	})
	return out
}

// Attacks: the general of a side with a 殼 attacks along its palace
// diagonals (the 殼's own attacks are its atoms').
func (m *shell) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	silent := p.Variant().NoCheckFlags
	return m.generalMoves(p, by, func(from, to rules.Square) bool {
		return to == sq && !p.At(to).Empty() && (silent == 0 || p.At(from)&silent == 0)
	})
}

func (m *shell) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 {
		return rules.Texts{}
	}
	pc := p.At(mv.From)
	if pc.Empty() || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	b := p.Variant().Board
	df, dr := offset(b, mv.From, mv.To)
	jumpShape := (abs(df) == 2 || df == 0) && (abs(dr) == 2 || dr == 0)
	if !jumpShape {
		return rules.Texts{}
	}
	over := b.Step(mv.From, df/2, dr/2)
	who := say("strat.shell.who")
	if pc.Kind() == King {
		if len(m.squares(p, pc.Side())) == 0 {
			return rules.Texts{}
		}
		who = say("strat.shell.who_general")
		if !b.InZone("palace", pc.Side(), mv.To) {
			return say("strat.shell.palace")
		}
	} else if !m.is(pc) {
		return rules.Texts{}
	}
	switch {
	case p.At(over).Empty():
		return say("strat.shell.over_empty", who, b.Name(over))
	case !p.At(mv.To).Empty():
		return say("strat.shell.land_occupied", who, b.Name(mv.To))
	}
	return rules.Texts{}
}
