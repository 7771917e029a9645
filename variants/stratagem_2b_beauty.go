package variants

import (
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Piece 31 美 (美人計, the beauty trap): one orthogonal step anywhere, never a
// capture. While a 美 stands in the enemy's half, the enemy general may move
// only sideways. When a side loses its 美, its next turn is a double move: any
// move, then (unless the first gave check) a move of another piece standing in
// its own half, or `pass`. The double move is the project's two-ply turn
// (rules.TurnKeeper, as jianghe's middle rule): the spec's one-message text
// `a6a7,b0c2` is played as `a6a7` then `b0c2`. State: the sides owed a double
// move (FEN `meiren=r`) and, between the two moves, the point of the piece
// that made the first (FEN `meirenfirst=a7`, with the turn still the mover's).

type beauty struct {
	stratMod
	code  uint8       // the pass that ends a double move after its first move
	owed  rules.VarID // bit s: side s's next turn is a double move
	first rules.VarID // point+1 of the piece that made the first move, between the two
	watch lossWatch
}

func (m *beauty) Init(c *rules.Claims) error {
	if err := m.stratMod.Init(c); err != nil {
		return err
	}
	var err error
	if m.code, err = c.Codes(1); err != nil {
		return err
	}
	if m.owed, err = c.Var("owed"); err != nil {
		return err
	}
	if m.first, err = c.Var("first"); err != nil {
		return err
	}
	if err := m.watch.claim(c); err != nil {
		return err
	}
	if err := c.Field(rules.Field{Key: "meiren", Write: m.writeOwed, Read: m.readOwed}); err != nil {
		return err
	}
	return c.Field(rules.Field{Key: "meirenfirst",
		Write: func(p *rules.Position) string {
			if v := p.Var(m.first); v > 0 {
				return p.Variant().Board.Name(rules.Square(v - 1))
			}
			return ""
		},
		Read: func(p *rules.Position, text string) error {
			if text == "" {
				return nil
			}
			sq, ok := p.Variant().Board.Parse(text)
			if pc := p.At(sq); !ok || pc.Empty() || pc.Side() != p.ToMove() {
				return sayErr("strat.beauty.first_field", text)
			}
			p.SetVar(m.first, int32(sq)+1)
			p.SetMidTurn(true)
			return nil
		}})
}

func (m *beauty) writeOwed(p *rules.Position) string {
	var out string
	for s, c := range []string{"r", "b"} {
		if p.Var(m.owed)&(1<<s) != 0 {
			out += c
		}
	}
	return out
}

func (m *beauty) readOwed(p *rules.Position, text string) error {
	m.watch.recount(&m.stratMod, p)
	bits := int32(0)
	for _, c := range text {
		switch c {
		case 'r', 'w':
			bits |= 1 << rules.Red
		case 'b':
			bits |= 1 << rules.Black
		default:
			return sayErr("strat.beauty.field", text)
		}
	}
	if bits != 0 {
		p.SetVar(m.owed, bits)
	}
	return nil
}

// banned reports whether the move mv, just made, moved the mover's general up
// or down while an enemy 美 stood in its half (before the move: a general that
// took the 美 was moving under the ban).
func (m *beauty) banned(p *rules.Position, mv rules.Move) bool {
	if mv.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 || mv.From == rules.NoSquare {
		return false
	}
	v := p.Variant()
	pc := p.At(mv.To)
	if pc.Empty() || !v.Kinds[pc.Kind()].Royal {
		return false
	}
	if _, dr := offset(v.Board, mv.From, mv.To); dr == 0 {
		return false
	}
	s := pc.Side()
	if m.across(p, s.Other()) != rules.NoSquare {
		return true
	}
	c := p.Captured()
	return m.is(c) && c.Side() != s && v.Board.InZone("own", s, mv.To)
}

func (m *beauty) Legal(p *rules.Position, mv rules.Move) bool { return !m.banned(p, mv) }

// KeepsTurn: the first move of a side owed a double move keeps the turn
// unless it gives check.
func (m *beauty) KeepsTurn(p *rules.Position, mv rules.Move) bool {
	s := p.ToMove()
	if p.MidTurn() || p.Var(m.owed)&(1<<s) == 0 {
		return false
	}
	for _, k := range p.Royals(s.Other()) {
		if p.Attacked(k, s, true) {
			return false
		}
	}
	return true
}

// AfterMove: the owed double move is spent by the mover's turn; between its
// two moves the first piece is remembered; a side that lost its 美 is owed one.
func (m *beauty) AfterMove(p *rules.Position, mv rules.Move) {
	mover := moverSide(p, mv)
	owed := p.Var(m.owed) &^ (1 << mover)
	first := int32(0)
	if p.MidTurn() && mv.To != rules.NoSquare {
		first = int32(mv.To) + 1
	}
	if s, lost := m.watch.lost(&m.stratMod, p, mv); lost {
		owed |= 1 << s
	}
	if p.Var(m.owed) != owed {
		p.SetVar(m.owed, owed)
	}
	if p.Var(m.first) != first {
		p.SetVar(m.first, first)
	}
}

// MayMove: the second move is made with another piece that stands in its
// own half.
func (m *beauty) MayMove(p *rules.Position, sq rules.Square) bool {
	f := p.Var(m.first)
	if f == 0 {
		return true
	}
	pc := p.At(sq)
	return pc.Side() != p.ToMove() || (sq != rules.Square(f-1) && p.Variant().Board.InZone("own", pc.Side(), sq))
}

func (m *beauty) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	if p.Var(m.first) != 0 {
		out = append(out, rules.Move{From: rules.NoSquare, To: rules.NoSquare, Flags: rules.FlagSpecial, Aux: m.code})
	}
	return out
}

// PlayMove: the pass ends the turn (the first move counted the ply).
func (m *beauty) PlayMove(p *rules.Position, mv rules.Move) rules.Turn { return rules.EndsTurn }

func (m *beauty) FormatMove(p *rules.Position, mv rules.Move) (string, bool) {
	return "pass", mv.Flags&rules.FlagSpecial != 0 && mv.Aux == m.code
}

func (m *beauty) MoveAliases(p *rules.Position, mv rules.Move) []string {
	if mv.Aux != m.code {
		return nil
	}
	return []string{"end", "跳過", "跳过", "停"}
}

func (m *beauty) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	b := p.Variant().Board
	if mv == rules.NullMove {
		switch text {
		case "pass", "end", "跳過", "跳过", "停":
			return say("strat.beauty.pass")
		}
		if strings.Contains(text, ",") {
			return say("strat.beauty.one_at_a_time")
		}
		return rules.Texts{}
	}
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	s := p.ToMove()
	pc := p.At(mv.From)
	if pc.Empty() || pc.Side() != s {
		return rules.Texts{}
	}
	if f := p.Var(m.first); f != 0 {
		if mv.From == rules.Square(f-1) {
			return say("strat.beauty.another")
		}
		if !b.InZone("own", s, mv.From) {
			return say("strat.beauty.own_half", b.Name(mv.From))
		}
	}
	if p.Variant().Kinds[pc.Kind()].Royal {
		if _, dr := offset(b, mv.From, mv.To); dr != 0 {
			if sq := m.across(p, s.Other()); sq != rules.NoSquare {
				return say("strat.beauty.sideways", b.Name(sq))
			}
		}
	}
	if m.is(pc) && !p.At(mv.To).Empty() {
		return say("strat.never_captures", m.face())
	}
	return rules.Texts{}
}
