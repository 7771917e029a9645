package variants

import (
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Piece 12 牽: diagonal slides within a half (a lone step to cross the river);
// enemy pieces diagonally next to it are pinned (FlagPinned: they never
// capture and attack nothing), and frozen (FlagFrozen) for their owner's next
// turn when the pin starts or restarts; the 順手 capture opportunity is a
// variable. The pinned flags follow from the board; the frozen ones are the FEN
// field frozen=e6,c6 and the opportunity shunshou=1.

type leash struct {
	stratMod
	chance rules.VarID // 1: the side to move may take a pinned piece with its 牽
}

// Extend: pinned and frozen pieces give no check.
func (m *leash) Extend(v *rules.Variant) error {
	v.NoCheckFlags |= rules.FlagPinned | rules.FlagFrozen
	return nil
}

func (m *leash) Init(c *rules.Claims) error {
	if err := m.stratMod.Init(c); err != nil {
		return err
	}
	var err error
	if m.chance, err = c.Var("chance"); err != nil {
		return err
	}
	if err := c.Field(rules.Field{Key: "shunshou",
		Write: func(p *rules.Position) string {
			if p.Var(m.chance) != 0 {
				return "1"
			}
			return ""
		},
		Read: func(p *rules.Position, text string) error {
			m.repin(p)
			switch text {
			case "":
			case "1":
				p.SetVar(m.chance, 1)
			default:
				return sayErr("strat.leash.chance_field", text)
			}
			return nil
		}}); err != nil {
		return err
	}
	return c.Field(rules.Field{Key: "frozen",
		Write: func(p *rules.Position) string {
			b := p.Variant().Board
			var out []string
			for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
				if p.At(sq).Has(rules.FlagFrozen) {
					out = append(out, b.Name(sq))
				}
			}
			return strings.Join(out, ",")
		},
		Read: func(p *rules.Position, text string) error {
			if text == "" {
				return nil
			}
			m.repin(p)
			for _, name := range strings.Split(text, ",") {
				sq, ok := p.Variant().Board.Parse(name)
				if !ok || !p.At(sq).Has(rules.FlagPinned) {
					return sayErr("strat.leash.frozen_field", text)
				}
				p.Set(sq, p.At(sq).With(rules.FlagFrozen, true))
			}
			return nil
		}})
}

// pinner returns the point of the enemy 牽 diagonally next to sq, or NoSquare.
func (m *leash) pinner(p *rules.Position, sq rules.Square) rules.Square {
	pc := p.At(sq)
	if pc.Empty() {
		return rules.NoSquare
	}
	b := p.Variant().Board
	for _, d := range rules.Diag4 {
		if n := b.Step(sq, d[0], d[1]); n != rules.NoSquare {
			if q := p.At(n); m.is(q) && q.Side() != pc.Side() {
				return n
			}
		}
	}
	return rules.NoSquare
}

// repin sets FlagPinned on exactly the pinned pieces and returns the points
// whose pin started now (they were not pinned).
func (m *leash) repin(p *rules.Position) []rules.Square {
	b := p.Variant().Board
	var started []rules.Square
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() {
			continue
		}
		pinned := m.pinner(p, sq) != rules.NoSquare
		if pinned && !pc.Has(rules.FlagPinned) {
			started = append(started, sq)
		}
		if pc.Has(rules.FlagPinned) != pinned || (!pinned && pc.Has(rules.FlagFrozen)) {
			p.Set(sq, pc.With(rules.FlagPinned, pinned).With(rules.FlagFrozen, pc.Has(rules.FlagFrozen) && pinned))
		}
	}
	return started
}

func (m *leash) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	b := p.Variant().Board
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		out = halfDiagSlides(p, from, s, out)
		for _, d := range rules.Diag4 {
			if p.Var(m.chance) != 0 {
				if to := b.Step(from, d[0], d[1]); to != rules.NoSquare {
					if t := p.At(to); !t.Empty() && t.Side() != s && t.Has(rules.FlagPinned) && p.Capturable(from, to) {
						out = append(out, rules.Move{From: from, To: to, Flags: rules.FlagCapture})
					}
				}
			}
		}
	}
	return out
}

// MayMove: a frozen piece does not move.
func (m *leash) MayMove(p *rules.Position, sq rules.Square) bool {
	return !p.At(sq).Has(rules.FlagFrozen)
}

// MayCapture: a pinned piece never captures.
func (m *leash) MayCapture(p *rules.Position, from, to rules.Square) bool {
	return !p.At(from).Has(rules.FlagPinned)
}

// AfterMove: the mover's freezes are spent; pins are recomputed, and a pin that
// starts, or whose piece or 牽 moved, freezes for the owner's next turn; the
// opportunity opens when the opponent moved one of two or more pinned pieces
// away from this 牽.
func (m *leash) AfterMove(p *rules.Position, mv rules.Move) {
	b := p.Variant().Board
	mover := moverSide(p, mv)
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Side() == mover && pc.Has(rules.FlagFrozen) {
			p.Set(sq, pc.With(rules.FlagFrozen, false))
		}
	}
	// Was the moved piece pinned by the opponent's 牽 before it moved?
	chance := int32(0)
	if mv.From != rules.NoSquare && mv.Flags&rules.FlagSpecial == 0 && mv.To != rules.NoSquare {
		for _, l := range m.squares(p, mover.Other()) {
			if !isDiagNeighbour(b, l, mv.From) || isDiagNeighbour(b, l, mv.To) {
				continue
			}
			n := 1 // the piece that left
			for _, d := range rules.Diag4 {
				if x := b.Step(l, d[0], d[1]); x != rules.NoSquare && !p.At(x).Empty() && p.At(x).Side() == mover {
					n++
				}
			}
			if n >= 2 {
				chance = 1
			}
		}
	}
	for _, sq := range m.repin(p) {
		p.Set(sq, p.At(sq).With(rules.FlagFrozen, true))
	}
	// Restarts: the moved piece, or the pieces next to a 牽 that moved.
	if mv.To != rules.NoSquare {
		if pc := p.At(mv.To); pc.Has(rules.FlagPinned) {
			p.Set(mv.To, pc.With(rules.FlagFrozen, true))
		}
		if m.is(p.At(mv.To)) {
			for _, d := range rules.Diag4 {
				if x := b.Step(mv.To, d[0], d[1]); x != rules.NoSquare {
					if pc := p.At(x); pc.Has(rules.FlagPinned) && m.pinner(p, x) == mv.To {
						p.Set(x, pc.With(rules.FlagFrozen, true))
					}
				}
			}
		}
	}
	if p.MidTurn() {
		chance = 0
	}
	if p.Var(m.chance) != chance {
		p.SetVar(m.chance, chance)
	}
}

func isDiagNeighbour(b *rules.Board, a, c rules.Square) bool {
	df, dr := offset(b, a, c)
	return abs(df) == 1 && abs(dr) == 1
}

func (m *leash) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	b := p.Variant().Board
	pc, t := p.At(mv.From), p.At(mv.To)
	if pc.Empty() || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	if pc.Has(rules.FlagFrozen) {
		return say("strat.leash.frozen", pieceWord(p, mv.From), b.Name(m.pinner(p, mv.From)))
	}
	if pc.Has(rules.FlagPinned) && !t.Empty() && t.Side() != pc.Side() {
		return say("strat.leash.pinned", pieceWord(p, mv.From), b.Name(m.pinner(p, mv.From)))
	}
	if !m.is(pc) {
		return rules.Texts{}
	}
	if !t.Empty() {
		if t.Side() != pc.Side() {
			return say("strat.leash.capture")
		}
		return rules.Texts{}
	}
	if df, dr := offset(b, mv.From, mv.To); abs(df) == abs(dr) && b.InZone("own", pc.Side(), mv.From) != b.InZone("own", pc.Side(), mv.To) {
		return say("strat.diagonal_river", m.face())
	}
	return rules.Texts{}
}

// Attacks: a 牽 attacks only through the opportunity: a pinned piece next to it
// while its side, to move, has the chance.
func (m *leash) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	if p.Var(m.chance) == 0 || p.ToMove() != by {
		return false
	}
	t := p.At(sq)
	if t.Empty() || t.Side() == by || !t.Has(rules.FlagPinned) {
		return false
	}
	l := m.pinner(p, sq)
	return l != rules.NoSquare && p.At(l)&p.Variant().NoCheckFlags == 0
}
