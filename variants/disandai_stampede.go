package variants

import "github.com/chuhe/chuhe/rules"

// The 驫 (disandai.md rule 8) moves and captures by the basic rule of the kind
// the opponent's last move showed, without zone limits: its moves are read
// from that kind's atoms here, To zones dropped (an advisor steps diagonally
// anywhere), From zones kept (a soldier goes sideways only across the river).

// stampedeRule is the kind whose rule a 驫 of side s uses now, or -1.
func (r *disandaiRule) stampedeRule(p *rules.Position, s rules.Side) int {
	return int(p.Var(r.last[s.Other()])) - 1
}

// justMoved reports whether sq holds a piece the opponent of side s has just
// moved (the 驫 may not take it): only while it is s's turn.
func (r *disandaiRule) justMoved(p *rules.Position, s rules.Side, sq rules.Square) bool {
	if p.ToMove() != s {
		return false
	}
	from, to := p.LastMove()
	return sq == from || sq == to
}

// stampedeVisit calls visit for every target of the 驫 on from, with whether
// it captures there; visit returns true to stop.
func (r *disandaiRule) stampedeVisit(p *rules.Position, from rules.Square, visit func(to rules.Square, capture bool) bool) {
	s := p.At(from).Side()
	k := r.stampedeRule(p, s)
	if k < 0 || k >= len(p.Variant().Kinds) {
		return
	}
	b := r.b
	enemy := func(sq rules.Square) bool {
		t := p.At(sq)
		return !t.Empty() && t.Side() != s && !r.justMoved(p, s, sq) && r.MayCapture(p, from, sq)
	}
	for _, a := range p.Variant().Kinds[k].Atoms {
		if a.Mode == rules.AttackOnly || a.RoyalTarget || (a.From != "" && !b.InZone(a.From, s, from)) {
			continue
		}
		moves := a.Mode == rules.MoveOrCapture || a.Mode == rules.MoveOnly
		takes := a.Mode == rules.MoveOrCapture || a.Mode == rules.CaptureOnly
		df, dr := a.DF, a.DR
		if s == rules.Black {
			df, dr = -df, -dr
		}
		cur := from
		switch a.Kind {
		case rules.Leap:
			to := b.Step(from, df, dr)
			if to == rules.NoSquare {
				continue
			}
			blocked := false
			for _, bl := range a.Blocks {
				bf, br := bl[0], bl[1]
				if s == rules.Black {
					bf, br = -bf, -br
				}
				if bsq := b.Near(from, bf, br); bsq == rules.NoSquare || !p.At(bsq).Empty() {
					blocked = true
				}
			}
			switch {
			case blocked:
			case p.At(to).Empty():
				if moves && visit(to, false) {
					return
				}
			case takes && enemy(to):
				if visit(to, true) {
					return
				}
			}
		case rules.Ride:
			for i := 1; a.Range == 0 || i <= a.Range; i++ {
				if cur = b.Step(cur, df, dr); cur == rules.NoSquare {
					break
				}
				if p.At(cur).Empty() {
					if moves && i >= a.Min && visit(cur, false) {
						return
					}
					continue
				}
				if takes && i >= a.Min && enemy(cur) && visit(cur, true) {
					return
				}
				break
			}
		case rules.Hop:
			screens := 0
			for i := 1; a.Range == 0 || i <= a.Range; i++ {
				if cur = b.Step(cur, df, dr); cur == rules.NoSquare {
					break
				}
				if p.At(cur).Empty() {
					continue
				}
				if screens < a.Screens {
					screens++
					continue
				}
				if enemy(cur) && visit(cur, true) {
					return
				}
				break
			}
		case rules.GapHop:
			gaps := 0
			for {
				if cur = b.Step(cur, df, dr); cur == rules.NoSquare {
					break
				}
				if p.At(cur).Empty() {
					if gaps++; gaps > a.Gaps {
						break
					}
					continue
				}
				if gaps == a.Gaps && enemy(cur) && visit(cur, true) {
					return
				}
			}
		}
	}
}

// stampedeMoves appends the moves of the 驫 on from.
func (r *disandaiRule) stampedeMoves(p *rules.Position, from rules.Square, out []rules.Move) []rules.Move {
	r.stampedeVisit(p, from, func(to rules.Square, capture bool) bool {
		m := rules.Move{From: from, To: to, Flags: rules.FlagSpecial, Aux: r.stamp}
		if capture {
			m.Flags |= rules.FlagCapture
		}
		out = append(out, m)
		return false
	})
	return out
}

// Attacks: a 驫 of side by that could take what stands on sq (by the rule of
// the move just made, in a legality test). Scratch 1 leaves them out: check
// as rules 1 and 2 see it.
func (r *disandaiRule) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	if p.Var(r.scratch) == 1 {
		return false
	}
	hit := false
	for from := rules.Square(0); int(from) < r.b.NumSquares() && !hit; from++ {
		if pc := p.At(from); !pc.Empty() && pc.Side() == by && pc.Kind() == DdStampede {
			r.stampedeVisit(p, from, func(to rules.Square, capture bool) bool {
				hit = capture && to == sq
				return hit
			})
		}
	}
	return hit
}
