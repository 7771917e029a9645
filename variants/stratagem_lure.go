package variants

import (
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Piece 15 調: the lure. The 調 is given up and an enemy chariot, horse, cannon
// or general one or two diagonal steps away is pulled onto its point; a general
// pulled out of its palace never moves again (flagLured, FEN `lured=f6`).

// flagLured marks a general lured out of its palace.
const flagLured = rules.FlagCustom << 2

type lure struct {
	stratMod
	code uint8
}

func (m *lure) Init(c *rules.Claims) error {
	if err := m.stratMod.Init(c); err != nil {
		return err
	}
	var err error
	if m.code, err = c.Codes(1); err != nil {
		return err
	}
	return c.Field(rules.Field{Key: "lured", Write: writeLured, Read: readLured})
}

func writeLured(p *rules.Position) string {
	b := p.Variant().Board
	var out []string
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		if p.At(sq).Has(flagLured) {
			out = append(out, b.Name(sq))
		}
	}
	return strings.Join(out, ",")
}

func readLured(p *rules.Position, text string) error {
	if text == "" {
		return nil
	}
	v := p.Variant()
	for _, name := range strings.Split(text, ",") {
		sq, ok := v.Board.Parse(name)
		if !ok || p.At(sq).Empty() || !v.Kinds[p.At(sq).Kind()].Royal || v.Board.InZone("palace", p.At(sq).Side(), sq) {
			return sayErr("strat.lure.field", text)
		}
		p.Set(sq, p.At(sq).With(flagLured, true))
	}
	return nil
}

// lurable reports whether the 調 on from may lure the piece on to, and if not
// why (in words only when asked: the move generator asks too).
func (m *lure) lurable(p *rules.Position, from, to rules.Square) (bool, func() rules.Texts) {
	b := p.Variant().Board
	t := p.At(to)
	df, dr := offset(b, from, to)
	if abs(df) != abs(dr) || abs(df) < 1 || abs(df) > 2 {
		return false, func() rules.Texts { return say("strat.lure.distance") }
	}
	if abs(df) == 2 && !p.At(b.Step(from, sign(df), sign(dr))).Empty() {
		return false, func() rules.Texts { return say("strat.lure.midpoint", b.Name(b.Step(from, sign(df), sign(dr)))) }
	}
	if t.Empty() || t.Side() == p.At(from).Side() {
		return false, func() rules.Texts { return say("strat.lure.enemy") }
	}
	switch t.Kind() {
	case Chariot, Horse, Cannon, King:
	default:
		return false, func() rules.Texts { return say("strat.lure.kinds") }
	}
	if !p.Movable(to) {
		return false, func() rules.Texts { return say("strat.lure.immovable", pieceWord(p, to)) }
	}
	return true, nil
}

func (m *lure) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	b := p.Variant().Board
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		for _, d := range rules.Diag4 {
			for k := 1; k <= 2; k++ {
				to := b.Step(from, d[0]*k, d[1]*k)
				if to == rules.NoSquare {
					break
				}
				if ok, _ := m.lurable(p, from, to); ok {
					out = append(out, rules.Move{From: from, To: to, Flags: rules.FlagSpecial, Aux: m.code})
				}
			}
		}
	}
	return out
}

// PlayMove: the 調 leaves the game and the lured piece takes its point.
func (m *lure) PlayMove(p *rules.Position, mv rules.Move) rules.Turn {
	v := p.Variant()
	t := p.At(mv.To)
	if v.Kinds[t.Kind()].Royal && !v.Board.InZone("palace", t.Side(), mv.From) {
		t = t.With(flagLured, true)
	}
	p.Set(mv.From, t)
	p.Set(mv.To, rules.NoPiece)
	return rules.EndsTurn | rules.CountsPly
}

func (m *lure) FormatMove(p *rules.Position, mv rules.Move) (string, bool) {
	if mv.Flags&rules.FlagSpecial == 0 || mv.Aux != m.code {
		return "", false
	}
	b := p.Variant().Board
	return b.Name(mv.From) + b.Name(mv.To), true
}

func (m *lure) MoveAliases(p *rules.Position, mv rules.Move) []string { return nil }

// MayMove: a general lured out of its palace never moves again.
func (m *lure) MayMove(p *rules.Position, sq rules.Square) bool { return !p.At(sq).Has(flagLured) }

func (m *lure) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare {
		return rules.Texts{}
	}
	pc := p.At(mv.From)
	if pc.Has(flagLured) && pc.Side() == p.ToMove() {
		return say("strat.lure.lured", p.Variant().Board.Name(mv.From))
	}
	if !m.is(pc) || pc.Side() != p.ToMove() || p.At(mv.To).Empty() {
		return rules.Texts{}
	}
	if ok, why := m.lurable(p, mv.From, mv.To); !ok {
		return why()
	}
	return rules.Texts{}
}
