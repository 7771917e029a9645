package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Pieces 02 圍 and 04 以: a one-point step that upgrades while an enemy chariot,
// horse or cannon stands in the owner's half (車 > 馬 > 炮).

// upgradeMode is the mode of side s's upgrading pieces: Chariot, Horse, Cannon
// or -1.
func upgradeMode(p *rules.Position, s rules.Side) int {
	b := p.Variant().Board
	best := -1
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() || pc.Side() == s || !b.InZone("own", s, sq) {
			continue
		}
		switch k := pc.Kind(); k {
		case Chariot:
			return Chariot
		case Horse:
			best = Horse
		case Cannon:
			if best < 0 {
				best = Cannon
			}
		}
	}
	return best
}

// modeWord names the kind whose movement an upgraded piece borrows.
func modeWord(mode int) rules.Texts {
	switch mode {
	case Chariot:
		return say("strat.mode.chariot")
	case Horse:
		return say("strat.mode.horse")
	}
	return say("strat.mode.cannon")
}

// modeMoves calls f with the mode moves of the piece on from (side s): to an
// empty point, or, with captures, onto an enemy piece. Steps of one point are
// left out (the basic step makes them).
func modeMoves(p *rules.Position, from rules.Square, mode int, captures bool, f func(to rules.Square, capture bool) bool) bool {
	b := p.Variant().Board
	s := p.At(from).Side()
	enemy := func(sq rules.Square) bool {
		t := p.At(sq)
		return !t.Empty() && t.Side() != s && p.Capturable(from, sq)
	}
	switch mode {
	case Chariot, Cannon:
		for _, d := range rules.Dirs4 {
			dist := 0
			to := b.Step(from, d[0], d[1])
			for ; to != rules.NoSquare && p.At(to).Empty(); to = b.Step(to, d[0], d[1]) {
				if dist++; dist > 1 && f(to, false) {
					return true
				}
			}
			if to == rules.NoSquare {
				continue
			}
			if mode == Chariot {
				if captures && enemy(to) && f(to, true) {
					return true
				}
				continue
			}
			// Cannon: over the screen on to.
			for q := b.Step(to, d[0], d[1]); q != rules.NoSquare; q = b.Step(q, d[0], d[1]) {
				if p.At(q).Empty() {
					if !captures && f(q, false) { // the 圍's jump to an empty point
						return true
					}
					continue
				}
				if captures && enemy(q) && f(q, true) {
					return true
				}
				break
			}
		}
	case Horse:
		for _, a := range rules.LameLeaps(1, 2, 1, rules.MoveOrCapture) {
			to := b.Step(from, a.DF, a.DR)
			leg := b.Step(from, a.Blocks[0][0], a.Blocks[0][1])
			if to == rules.NoSquare || !p.At(leg).Empty() {
				continue
			}
			if p.At(to).Empty() {
				if f(to, false) {
					return true
				}
			} else if captures && enemy(to) && f(to, true) {
				return true
			}
		}
	}
	return false
}

// --- 04 以 --------------------------------------------------------------------

type waiter struct{ stratMod }

func (m *waiter) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	mode := upgradeMode(p, s)
	if mode < 0 {
		return out
	}
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		modeMoves(p, from, mode, true, func(to rules.Square, capture bool) bool {
			mv := rules.Move{From: from, To: to}
			if capture {
				mv.Flags = rules.FlagCapture
			}
			out = append(out, mv)
			return false
		})
	}
	return out
}

func (m *waiter) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	if t := p.At(sq); t.Empty() || t.Side() == by {
		return false
	}
	mode := upgradeMode(p, by)
	if mode < 0 {
		return false
	}
	silent := p.Variant().NoCheckFlags
	for _, from := range m.squares(p, by) {
		if silent != 0 && p.At(from)&silent != 0 {
			continue
		}
		if modeMoves(p, from, mode, true, func(to rules.Square, capture bool) bool { return capture && to == sq }) {
			return true
		}
	}
	return false
}

func (m *waiter) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	pc := p.At(mv.From)
	if !m.is(pc) || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	mode := upgradeMode(p, pc.Side())
	t := p.At(mv.To)
	if mode < 0 {
		if !t.Empty() && t.Side() != pc.Side() {
			return say("strat.waiter.capture")
		}
		return say("strat.upgrade.plain", m.face())
	}
	return say("strat.waiter.upgraded", modeWord(mode))
}

// --- 02 圍 --------------------------------------------------------------------

type besieger struct{ stratMod }

func (m *besieger) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	mode := upgradeMode(p, s)
	if mode < 0 {
		return out
	}
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		modeMoves(p, from, mode, false, func(to rules.Square, _ bool) bool {
			out = append(out, rules.Move{From: from, To: to})
			return false
		})
	}
	return out
}

// enclosed reports whether every orthogonal neighbour of sq is occupied,
// counting filled as occupied and vacated as empty.
func enclosed(p *rules.Position, sq, filled, vacated rules.Square) bool {
	b := p.Variant().Board
	for _, n := range orthNeighbours(b, sq) {
		if n != filled && (n == vacated || p.At(n).Empty()) {
			return false
		}
	}
	return true
}

// AfterMove: a 圍 that moved removes every enemy neighbour left without an
// empty neighbour, all found first, then removed together.
func (m *besieger) AfterMove(p *rules.Position, mv rules.Move) {
	if mv.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 || mv.To == rules.NoSquare || !m.is(p.At(mv.To)) {
		return
	}
	b := p.Variant().Board
	s := p.At(mv.To).Side()
	var caught []rules.Square
	for _, n := range orthNeighbours(b, mv.To) {
		t := p.At(n)
		if t.Empty() || t.Side() == s || p.Variant().Kinds[t.Kind()].Royal {
			continue // a general is never left enclosed: that would have been check
		}
		if enclosed(p, n, rules.NoSquare, rules.NoSquare) {
			caught = append(caught, n)
		}
	}
	for _, sq := range caught {
		stratRemove(p, sq)
	}
}

// Attacks: a 圍 attacks a piece it could enclose with one move.
func (m *besieger) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	if t := p.At(sq); t.Empty() || t.Side() == by {
		return false
	}
	b := p.Variant().Board
	silent := p.Variant().NoCheckFlags
	mode := upgradeMode(p, by)
	for _, from := range m.squares(p, by) {
		if silent != 0 && p.At(from)&silent != 0 {
			continue
		}
		try := func(to rules.Square) bool { return adjacentOrth(b, to, sq) && enclosed(p, sq, to, from) }
		for _, n := range orthNeighbours(b, from) {
			if p.At(n).Empty() && try(n) {
				return true
			}
		}
		if mode >= 0 && modeMoves(p, from, mode, false, func(to rules.Square, _ bool) bool { return try(to) }) {
			return true
		}
	}
	return false
}

func (m *besieger) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	pc := p.At(mv.From)
	if !m.is(pc) || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	if !p.At(mv.To).Empty() {
		return say("strat.besieger.occupied", p.Variant().Board.Name(mv.To))
	}
	if mode := upgradeMode(p, pc.Side()); mode >= 0 {
		return say("strat.besieger.upgraded", modeWord(mode))
	}
	return say("strat.upgrade.plain", m.face())
}
