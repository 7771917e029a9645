package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Piece 24 虢 (假道伐虢, borrow a road to attack Guo): a chariot's slide, and a
// capture over screens along a rank or file: over exactly one enemy piece (not
// the general), which is taken too, or over exactly two own pieces. The target
// is the first enemy piece after the screens. It gives check when the general
// is such a target.

type guo struct{ stratMod }

// guoTarget walks from the 虢 on from along (df, dr) and returns the target of
// a valid capture and the enemy screen it takes along (NoSquare for two own
// screens); ok=false when the screens give no capture. A general is never a
// screen.
func guoTarget(p *rules.Position, from rules.Square, df, dr int) (target, screen rules.Square, ok bool) {
	v := p.Variant()
	s := p.At(from).Side()
	first := firstPiece(p, from, df, dr)
	if first == rules.NoSquare {
		return rules.NoSquare, rules.NoSquare, false
	}
	second := firstPiece(p, first, df, dr)
	if second == rules.NoSquare {
		return rules.NoSquare, rules.NoSquare, false
	}
	f, sc := p.At(first), p.At(second)
	if f.Side() != s {
		if v.Kinds[f.Kind()].Royal || sc.Side() == s {
			return rules.NoSquare, rules.NoSquare, false
		}
		return second, first, true
	}
	if sc.Side() != s {
		return rules.NoSquare, rules.NoSquare, false // one own screen
	}
	third := firstPiece(p, second, df, dr)
	if third == rules.NoSquare || p.At(third).Side() == s {
		return rules.NoSquare, rules.NoSquare, false
	}
	return third, rules.NoSquare, true
}

func (m *guo) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	for _, from := range m.squares(p, p.ToMove()) {
		if !p.Movable(from) {
			continue
		}
		for _, d := range rules.Dirs4 {
			if t, _, ok := guoTarget(p, from, d[0], d[1]); ok && p.Capturable(from, t) {
				out = append(out, rules.Move{From: from, To: t, Flags: rules.FlagCapture})
			}
		}
	}
	return out
}

// AfterMove: a capture over one enemy screen takes the screen too. The
// capture is the only 虢 move that lands past pieces, and after it the one
// piece between is that screen.
func (m *guo) AfterMove(p *rules.Position, mv rules.Move) {
	if mv.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 || mv.Flags&rules.FlagCapture == 0 || mv.From == rules.NoSquare || !m.is(p.At(mv.To)) {
		return
	}
	b := p.Variant().Board
	df, dr := offset(b, mv.From, mv.To)
	if df != 0 && dr != 0 {
		return
	}
	s := p.At(mv.To).Side()
	var between []rules.Square
	for sq := b.Step(mv.From, sign(df), sign(dr)); sq != mv.To && sq != rules.NoSquare; sq = b.Step(sq, sign(df), sign(dr)) {
		if !p.At(sq).Empty() {
			between = append(between, sq)
		}
	}
	if len(between) == 1 && p.At(between[0]).Side() != s {
		stratRemove(p, between[0])
	}
}

// Attacks: the piece on sq is attacked when it is the target of a valid
// capture of a 虢 of by.
func (m *guo) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	b := p.Variant().Board
	for _, from := range m.checkers(p, by) {
		df, dr := offset(b, from, sq)
		if (df != 0 && dr != 0) || from == sq {
			continue
		}
		if t, _, ok := guoTarget(p, from, sign(df), sign(dr)); ok && t == sq {
			return true
		}
	}
	return false
}

func (m *guo) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	pc, ok := m.ownMove(p, mv)
	t := p.At(mv.To)
	if !ok || t.Empty() || t.Side() == pc.Side() {
		return rules.Texts{}
	}
	b := p.Variant().Board
	df, dr := offset(b, mv.From, mv.To)
	if df != 0 && dr != 0 {
		return say("strat.guo.line")
	}
	var own, enemy int
	royal := false
	for sq := b.Step(mv.From, sign(df), sign(dr)); sq != mv.To; sq = b.Step(sq, sign(df), sign(dr)) {
		if q := p.At(sq); !q.Empty() {
			if q.Side() == pc.Side() {
				own++
			} else {
				enemy++
				royal = royal || p.Variant().Kinds[q.Kind()].Royal
			}
		}
	}
	switch {
	case royal:
		return say("strat.guo.general")
	case own == 0 && enemy == 0:
		return say("strat.guo.no_screen")
	case own > 0 && enemy > 0:
		return say("strat.guo.mixed")
	case enemy > 1:
		return say("strat.guo.enemy_count", enemy)
	case own != 2:
		return say("strat.guo.own_count", own)
	}
	return rules.Texts{}
}
