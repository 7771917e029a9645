package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Piece 17 拋: moves as a cannon that never captures; a 拋 move that leaves it
// where an enemy piece could take it is an offer, and the opponent's next move
// must take it. A side that cannot is left without a legal move, and loses as
// a side without a legal move does (stratagem-pieces-01-18.md §5).

type bait struct {
	stratMod
	offer rules.VarID // point+1 of the 拋 offered to the side to move; -1 while testing a move that ignored it
}

func (m *bait) Init(c *rules.Claims) error {
	if err := m.stratMod.Init(c); err != nil {
		return err
	}
	var err error
	if m.offer, err = c.Var("offer"); err != nil {
		return err
	}
	// offer=f6: the side to move must take the 拋 on f6.
	return c.Field(rules.Field{Key: "offer",
		Write: func(p *rules.Position) string {
			if v := p.Var(m.offer); v > 0 {
				return p.Variant().Board.Name(rules.Square(v - 1))
			}
			return ""
		},
		Read: func(p *rules.Position, text string) error {
			if text == "" {
				return nil
			}
			sq, ok := p.Variant().Board.Parse(text)
			if pc := p.At(sq); !ok || !m.is(pc) || pc.Side() == p.ToMove() {
				return sayErr("strat.bait.field", text)
			}
			p.SetVar(m.offer, int32(sq)+1)
			return nil
		}})
}

func (m *bait) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	b := p.Variant().Board
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		for _, d := range rules.Dirs4 {
			screen := firstPiece(p, from, d[0], d[1])
			if screen == rules.NoSquare {
				continue
			}
			for q := b.Step(screen, d[0], d[1]); q != rules.NoSquare && p.At(q).Empty(); q = b.Step(q, d[0], d[1]) {
				out = append(out, rules.Move{From: from, To: q})
			}
		}
	}
	return out
}

// AfterMove: a move that ignored a pending offer is marked (Legal refuses it);
// a 拋 move onto an attacked point makes a new offer; any other move ends it.
func (m *bait) AfterMove(p *rules.Position, mv rules.Move) {
	old := p.Var(m.offer)
	val := int32(0)
	if old > 0 && (mv.To != rules.Square(old-1) || mv.Flags&rules.FlagCapture == 0) {
		val = -1
	} else if mv.Flags&(rules.FlagSpecial|rules.FlagDrop) == 0 && mv.To != rules.NoSquare && m.is(p.At(mv.To)) {
		if s := p.At(mv.To).Side(); p.Attacked(mv.To, s.Other(), false) {
			val = int32(mv.To) + 1
		}
	}
	if val != old {
		p.SetVar(m.offer, val)
	}
}

func (m *bait) Legal(p *rules.Position, mv rules.Move) bool { return p.Var(m.offer) >= 0 }

func (m *bait) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if v := p.Var(m.offer); v > 0 {
		return say("strat.bait.offered", p.Variant().Board.Name(rules.Square(v-1)))
	}
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare {
		return rules.Texts{}
	}
	if pc, t := p.At(mv.From), p.At(mv.To); m.is(pc) && pc.Side() == p.ToMove() && !t.Empty() {
		return say("strat.bait.capture")
	}
	return rules.Texts{}
}
