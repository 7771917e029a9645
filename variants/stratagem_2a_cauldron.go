package variants

import (
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Piece 19 釜 (釜底抽薪): a rook move without capture, only while another piece
// stands orthogonally next to it. On its own palace centre it freezes the enemy
// pieces in its owner's half (effect A); on the enemy palace centre it freezes
// the enemy pieces in their own half, general included (effect B). Soldiers are
// never frozen. A side under effect A may turn its general face-down (e0e0):
// then none of its pieces is frozen by effect A, but the general cannot move.
//
// The freezes follow from the board, so they are no state. The face-down
// generals are a variable (bit 1<<side), written facedown=r, =b or =rb in the
// FEN. Nothing is secret: everyone knows which piece is the general, so a
// face-down general is public (its image shows it turned over, glyph and all).

type cauldron struct {
	stratMod
	flip rules.VarID // bit 1<<side: that side's general lies face-down
	code uint8
}

func (m *cauldron) Init(c *rules.Claims) error {
	if err := m.stratMod.Init(c); err != nil {
		return err
	}
	var err error
	if m.flip, err = c.Var("facedown"); err != nil {
		return err
	}
	if m.code, err = c.Codes(1); err != nil {
		return err
	}
	return c.Field(rules.Field{Key: "facedown",
		Write: func(p *rules.Position) string {
			var sb strings.Builder
			for s := rules.Red; s <= rules.Black; s++ {
				if m.down(p, s) {
					sb.WriteString(sideLetter(s))
				}
			}
			return sb.String()
		},
		Read: func(p *rules.Position, text string) error {
			val := int32(0)
			// A public FEN writes the general face-down (*K); the state is
			// this field's, so the piece itself is put face up.
			for s := rules.Red; s <= rules.Black; s++ {
				for _, sq := range p.Royals(s) {
					if pc := p.At(sq); pc.FaceDown() {
						p.Set(sq, pc.WithFaceDown(false))
						val |= 1 << s
					}
				}
			}
			for _, r := range text {
				switch r {
				case 'r', 'w':
					val |= 1 << rules.Red
				case 'b':
					val |= 1 << rules.Black
				default:
					return sayErr("strat.cauldron.field", text)
				}
			}
			if val != 0 {
				p.SetVar(m.flip, val)
			}
			return nil
		}})
}

func sideLetter(s rules.Side) string {
	if s == rules.Red {
		return "r"
	}
	return "b"
}

// down reports whether side s's general lies face-down.
func (m *cauldron) down(p *rules.Position, s rules.Side) bool { return p.Var(m.flip)&(1<<s) != 0 }

// centre is side s's palace centre (e1 / e8).
func centre(b *rules.Board, s rules.Side) rules.Square {
	name := "e1"
	if s == rules.Black {
		name = "e8"
	}
	sq, _ := b.Parse(name)
	return sq
}

// effect reports which effect an enemy 釜 has on side s: 'A' (on its own
// palace centre), 'B' (on s's palace centre) or 0, and its point.
func (m *cauldron) effect(p *rules.Position, s rules.Side) (byte, rules.Square) {
	b := p.Variant().Board
	e := s.Other()
	if sq := centre(b, e); m.is(p.At(sq)) && p.At(sq).Side() == e {
		return 'A', sq
	}
	if sq := centre(b, s); m.is(p.At(sq)) && p.At(sq).Side() == e {
		return 'B', sq
	}
	return 0, rules.NoSquare
}

// frozen returns the point of the 釜 that freezes the piece on sq, or NoSquare.
func (m *cauldron) frozen(p *rules.Position, sq rules.Square) rules.Square {
	pc := p.At(sq)
	if pc.Empty() || pc.Kind() == Soldier {
		return rules.NoSquare
	}
	s := pc.Side()
	b := p.Variant().Board
	switch eff, fu := m.effect(p, s); eff {
	case 'A':
		if !m.down(p, s) && b.InZone("own", s.Other(), sq) {
			return fu
		}
	case 'B':
		if b.InZone("own", s, sq) {
			return fu
		}
	}
	return rules.NoSquare
}

// lonely reports whether the 釜 on sq has no orthogonal neighbour.
func lonely(p *rules.Position, sq rules.Square) bool {
	for _, n := range orthNeighbours(p.Variant().Board, sq) {
		if !p.At(n).Empty() {
			return false
		}
	}
	return true
}

// MayMove: frozen pieces, a face-down general and a 釜 without a neighbour
// stay where they are. Held pieces still attack, so a frozen piece gives check.
func (m *cauldron) MayMove(p *rules.Position, sq rules.Square) bool {
	pc := p.At(sq)
	if m.is(pc) && lonely(p, sq) {
		return false
	}
	if (pc.Kind() == King || p.Under(sq).Kind() == King) && m.down(p, pc.Side()) {
		return false // a face-down general, alone or riding its 走 (36)
	}
	return m.frozen(p, sq) == rules.NoSquare
}

// AddMoves adds the flip of the side to move's general: face-down while an
// enemy 釜 has effect A against it, face-up at any time.
func (m *cauldron) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	if !m.down(p, s) {
		if eff, _ := m.effect(p, s); eff != 'A' {
			return out
		}
	}
	for _, k := range p.Royals(s) {
		out = append(out, rules.Move{From: k, To: k, Flags: rules.FlagSpecial, Aux: m.code})
	}
	return out
}

func (m *cauldron) PlayMove(p *rules.Position, mv rules.Move) rules.Turn {
	p.SetVar(m.flip, p.Var(m.flip)^(1<<p.ToMove()))
	return rules.EndsTurn | rules.CountsPly
}

func (m *cauldron) FormatMove(p *rules.Position, mv rules.Move) (string, bool) {
	if mv.Flags&rules.FlagSpecial == 0 || mv.Aux != m.code {
		return "", false
	}
	name := p.Variant().Board.Name(mv.From)
	return name + name, true
}

func (m *cauldron) MoveAliases(p *rules.Position, mv rules.Move) []string {
	if mv.Flags&rules.FlagSpecial == 0 || mv.Aux != m.code {
		return nil
	}
	return []string{"flip " + p.Variant().Board.Name(mv.From)}
}

// Announce tells the chat what a move did with the 釜's rules: the pieces it
// froze (a 釜 reaching a palace centre, a piece entering a frozen half, a
// general turned face-up) and the turning of a general.
func (m *cauldron) Announce(p *rules.Position, mv rules.Move) []rules.Fact {
	v := p.Variant()
	b := v.Board
	mover := p.ToMove()
	c := p.Clone()
	c.Make(mv)
	var out []rules.Fact
	if mv.Flags&rules.FlagSpecial != 0 && mv.Aux == m.code {
		t := say("strat.cauldron.fact_down", sideText(mover))
		if !m.down(c, mover) {
			t = say("strat.cauldron.fact_up", sideText(mover))
		}
		out = append(out, rules.Fact{What: "facedown", Side: mover, Pieces: []rules.Shown{shownOf(v, mv.From, p.At(mv.From))},
			Text: t.En, Texts: t})
	}
	for s := rules.Red; s <= rules.Black; s++ {
		var now []rules.Shown
		var fu rules.Square
		for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
			if f := m.frozen(c, sq); f != rules.NoSquare && c.At(sq).Side() == s && (m.frozen(p, sq) == rules.NoSquare || p.At(sq) != c.At(sq)) {
				now, fu = append(now, shownOf(v, sq, c.At(sq))), f
			}
		}
		if len(now) > 0 {
			t := say("strat.cauldron.fact_frozen", sideText(s), b.Name(fu), shownList(v, now))
			out = append(out, rules.Fact{What: "frozen", Side: s, Pieces: now, Text: t.En, Texts: t})
		}
	}
	return out
}

// MarkView shows the effect: frozen pieces carry the frozen badge and a
// face-down general lies turned over (its identity is public).
func (m *cauldron) MarkView(p *rules.Position, v *rules.View) {
	b := p.Variant().Board
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		vp := v.Pieces[sq]
		if vp == nil || vp.Token {
			continue
		}
		pc := p.At(sq)
		if m.frozen(p, sq) != rules.NoSquare {
			vp.Frozen = true
		}
		if pc.Kind() == King && m.down(p, pc.Side()) {
			vp.FaceDown = true
		}
	}
}

func (m *cauldron) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 {
		return rules.Texts{}
	}
	b := p.Variant().Board
	s := p.ToMove()
	pc := p.At(mv.From)
	if pc.Empty() || pc.Side() != s {
		return rules.Texts{}
	}
	if mv.From == mv.To {
		if pc.Kind() != King {
			return rules.Texts{}
		}
		eff, fu := m.effect(p, s)
		switch {
		case eff == 'B':
			return say("strat.cauldron.own_centre", b.Name(fu))
		case eff != 'A':
			return say("strat.cauldron.no_enemy")
		}
		return rules.Texts{}
	}
	if pc.Kind() == King && m.down(p, s) {
		return say("strat.cauldron.general_down", b.Name(mv.From)+b.Name(mv.From))
	}
	if fu := m.frozen(p, mv.From); fu != rules.NoSquare {
		return say("strat.cauldron.frozen", pieceWord(p, mv.From), b.Name(fu))
	}
	if !m.is(pc) {
		return rules.Texts{}
	}
	if lonely(p, mv.From) {
		return say("strat.cauldron.lonely", b.Name(mv.From))
	}
	if t := p.At(mv.To); !t.Empty() && t.Side() != s {
		return say("strat.never_captures", m.face())
	}
	return rules.Texts{}
}
