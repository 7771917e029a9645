package variants

import (
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Pieces 05 趁 and 09 隔: slides within their own half and a kill along their
// file that is open only on the turn right after the relation appears (the
// opponent's last move made it). The relation for each side is kept as a
// variable computed from the position after every move: `held` for the side
// not to move (what held before the opponent's coming move), `open` for the
// side to move (relations that did not hold before the last move). A position
// read from a FEN opens nothing (FEN field kill05=/kill09= lists the open
// targets); held is recomputed from the board.

type window struct {
	stratMod
	screened   bool // 05: over one screen; 09: the nearest piece (facing)
	field      string
	open, held rules.VarID
}

func (m *window) Init(c *rules.Claims) error {
	if err := m.stratMod.Init(c); err != nil {
		return err
	}
	var err error
	if m.open, err = c.Var("open"); err != nil {
		return err
	}
	if m.held, err = c.Var("held"); err != nil {
		return err
	}
	return c.Field(rules.Field{Key: m.field, Write: m.write, Read: m.read})
}

// relations encodes the relations side s's piece has now: up to two targets
// (one each way along its file), each (point+1) | (kind+1)<<7.
func (m *window) relations(p *rules.Position, s rules.Side) int32 {
	b := p.Variant().Board
	var enc int32
	n := 0
	for _, from := range m.squares(p, s) {
		for _, dr := range []int{1, -1} {
			t := firstPiece(p, from, 0, dr)
			if t != rules.NoSquare && m.screened {
				t = firstPiece(p, t, 0, dr)
			}
			if t == rules.NoSquare {
				continue
			}
			if pc := p.At(t); pc.Side() != s && b.InZone("own", s, t) && n < 2 {
				enc |= (int32(t) + 1 | int32(pc.Kind()+1)<<7) << (13 * n)
				n++
			}
		}
	}
	return enc
}

func decodeRel(enc int32) []int32 {
	var out []int32
	for i := 0; i < 2; i++ {
		if r := enc >> (13 * i) & 0x1fff; r != 0 {
			out = append(out, r)
		}
	}
	return out
}

func relSquare(r int32) rules.Square { return rules.Square(r&0x7f) - 1 }

// AfterMove: relations of the side to move that did not hold before are open;
// then held is what the other side has now.
func (m *window) AfterMove(p *rules.Position, mv rules.Move) {
	me := p.ToMove()
	before := decodeRel(p.Var(m.held))
	var open int32
	n := 0
	for _, r := range decodeRel(m.relations(p, me)) {
		isNew := true
		for _, o := range before {
			isNew = isNew && o != r
		}
		if isNew {
			open |= r << (13 * n)
			n++
		}
	}
	if p.MidTurn() {
		open = 0
	}
	if p.Var(m.open) != open {
		p.SetVar(m.open, open)
	}
	if h := m.relations(p, me.Other()); p.Var(m.held) != h {
		p.SetVar(m.held, h)
	}
}

func (m *window) write(p *rules.Position) string {
	var out []string
	for _, r := range decodeRel(p.Var(m.open)) {
		out = append(out, p.Variant().Board.Name(relSquare(r)))
	}
	return strings.Join(out, ",")
}

func (m *window) read(p *rules.Position, text string) error {
	p.SetVar(m.held, m.relations(p, p.ToMove().Other()))
	if text == "" {
		return nil
	}
	cur := decodeRel(m.relations(p, p.ToMove()))
	var open int32
	for i, name := range strings.Split(text, ",") {
		sq, ok := p.Variant().Board.Parse(name)
		found := false
		for _, r := range cur {
			if ok && relSquare(r) == sq && i < 2 {
				open |= r << (13 * i)
				found = true
			}
		}
		if !found {
			return sayErr("strat.window.field", m.field, text, m.face())
		}
	}
	p.SetVar(m.open, open)
	return nil
}

func (m *window) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	rels := decodeRel(p.Var(m.open))
	if len(rels) == 0 {
		return out
	}
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		for _, r := range rels {
			if to := relSquare(r); p.Capturable(from, to) {
				out = append(out, rules.Move{From: from, To: to, Flags: rules.FlagCapture})
			}
		}
	}
	return out
}

func (m *window) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	pc := p.At(mv.From)
	if !m.is(pc) || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	b := p.Variant().Board
	s := pc.Side()
	if !b.InZone("own", s, mv.To) {
		return say("strat.window.river", m.face())
	}
	t := p.At(mv.To)
	if t.Empty() || t.Side() == s {
		return rules.Texts{}
	}
	df, _ := offset(b, mv.From, mv.To)
	if df != 0 {
		return say("strat.window.file", m.face())
	}
	for _, r := range decodeRel(m.relations(p, s)) {
		if relSquare(r) == mv.To {
			return say("strat.window.stale", m.face())
		}
	}
	if m.screened {
		return say("strat.window.screened")
	}
	return say("strat.window.nearest")
}
