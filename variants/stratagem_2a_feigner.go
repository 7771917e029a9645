package variants

import (
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Piece 27 假 (假癡不癲): one orthogonal step to an empty point (its atoms). As
// a move it is lifted onto any own piece but the general, anywhere, and that
// piece goes into its owner's reserve (`c1h0`); as a move a piece of the
// reserve is put back on an empty start point of its kind (`N*b0`; an added
// piece by its two-letter code, `HU*g1`, or its letter, `Y*g1`). The reserve
// stays usable after the 假 is lost, and everyone sees it.
//
// The reserve is not the core's hand: 07 無 and 14 借 keep each side's
// captured pieces there, and a piece taken by the opponent must not come back
// through a 假. It is a variable per side (three bits per kind), FEN
// reserve=Np (Red's letters uppercase), and images show it in the hand rows.

type feigner struct {
	stratMod
	reserve [2]rules.VarID
	code    uint8 // code: take; code+1+k: drop of kind k
	start   [2][][]rules.Square
	codes   []string // the two-letter code of each added kind, "" for the others
}

// reserveBits is the width of one kind's count in a reserve variable.
const reserveBits = 3

// Extend gives the board the rows where images show the reserves.
func (m *feigner) Extend(v *rules.Variant) error {
	v.Board.Decor.HandRows = true
	return nil
}

func (m *feigner) Init(c *rules.Claims) error {
	if err := m.stratMod.Init(c); err != nil {
		return err
	}
	v := c.Variant()
	if len(v.Kinds)*reserveBits > 31 {
		return fmt.Errorf("the 假's reserve holds at most %d kinds", 31/reserveBits)
	}
	var err error
	for s := rules.Red; s <= rules.Black; s++ {
		if m.reserve[s], err = c.Var("reserve." + sideLetter(s)); err != nil {
			return err
		}
	}
	if m.code, err = c.Codes(1 + len(v.Kinds)); err != nil {
		return err
	}
	if err := m.readStart(v); err != nil {
		return err
	}
	m.codes = make([]string, len(v.Kinds))
	for k, kind := range v.Kinds {
		for _, sp := range stratagemPieces() {
			if sp.built() && sp.name == kind.Name && sp.glyph[0] == kind.Glyph[0] {
				m.codes[k] = sp.code
			}
		}
	}
	return c.Field(rules.Field{Key: "reserve", Write: m.writeReserve, Read: m.readReserve})
}

// readStart finds the start points of every kind for each side in the
// variant's start position.
func (m *feigner) readStart(v *rules.Variant) error {
	b := v.Board
	for s := range m.start {
		m.start[s] = make([][]rules.Square, len(v.Kinds))
	}
	board, _, _ := strings.Cut(v.StartFEN, " ")
	for i, row := range strings.Split(board, "/") {
		r, f := b.Height-1-i, 0
		for _, c := range row {
			if c >= '0' && c <= '9' {
				f += int(c - '0')
				continue
			}
			s := rules.Red
			if c >= 'a' && c <= 'z' {
				s, c = rules.Black, c-'a'+'A'
			}
			k := v.KindByLetter(byte(c))
			sq := b.At(f, r)
			if k < 0 || sq == rules.NoSquare {
				return fmt.Errorf("the 假 cannot read the start position %s", v.StartFEN)
			}
			m.start[s][k] = append(m.start[s][k], sq)
			f++
		}
	}
	return nil
}

// count is how many pieces of kind k side s has in its reserve.
func (m *feigner) count(p *rules.Position, s rules.Side, k int) int {
	return int(p.Var(m.reserve[s])>>(reserveBits*k)) & (1<<reserveBits - 1)
}

func (m *feigner) add(p *rules.Position, s rules.Side, k, n int) {
	p.SetVar(m.reserve[s], p.Var(m.reserve[s])+int32(n)<<(reserveBits*k))
}

func (m *feigner) writeReserve(p *rules.Position) string {
	var sb strings.Builder
	v := p.Variant()
	for s := rules.Red; s <= rules.Black; s++ {
		for k := range v.Kinds {
			for n := m.count(p, s, k); n > 0; n-- {
				sb.WriteByte(v.Letter(rules.NewPiece(k, s)))
			}
		}
	}
	return sb.String()
}

func (m *feigner) readReserve(p *rules.Position, text string) error {
	v := p.Variant()
	for _, c := range []byte(text) {
		s, l := rules.Red, c
		if c >= 'a' && c <= 'z' {
			s, l = rules.Black, c-'a'+'A'
		}
		k := v.KindByLetter(l)
		if k < 0 || v.Kinds[k].Royal || m.count(p, s, k) == 1<<reserveBits-1 {
			return sayErr("strat.feigner.field", text)
		}
		m.add(p, s, k, 1)
	}
	return nil
}

// dropText writes the drop of kind k: the letter of a standard piece, the
// two-letter code of an added one.
func (m *feigner) dropText(p *rules.Position, k int, to rules.Square) string {
	name := string(p.Variant().Kinds[k].Letter)
	if m.codes[k] != "" {
		name = m.codes[k]
	}
	return name + "*" + p.Variant().Board.Name(to)
}

func (m *feigner) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	v := p.Variant()
	b := v.Board
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
			if pc := p.At(sq); sq != from && !pc.Empty() && pc.Side() == s && !v.Kinds[pc.Kind()].Royal && p.Under(sq).Empty() {
				out = append(out, rules.Move{From: from, To: sq, Flags: rules.FlagSpecial, Aux: m.code})
			}
		}
	}
	if p.Var(m.reserve[s]) == 0 {
		return out
	}
	for k := range v.Kinds {
		if m.count(p, s, k) == 0 {
			continue
		}
		for _, to := range m.start[s][k] {
			if p.At(to).Empty() {
				out = append(out, rules.Move{From: rules.NoSquare, To: to, Flags: rules.FlagSpecial, Aux: m.code + 1 + uint8(k)})
			}
		}
	}
	return out
}

func (m *feigner) PlayMove(p *rules.Position, mv rules.Move) rules.Turn {
	s := p.ToMove()
	if mv.Aux == m.code {
		m.add(p, s, p.At(mv.To).Kind(), 1)
		p.Set(mv.To, p.At(mv.From))
		p.Set(mv.From, rules.NoPiece)
		return rules.EndsTurn | rules.CountsPly
	}
	k := int(mv.Aux - m.code - 1)
	m.add(p, s, k, -1)
	p.Set(mv.To, rules.NewPiece(k, s))
	return rules.EndsTurn | rules.CountsPly
}

func (m *feigner) mine(mv rules.Move) bool {
	return mv.Flags&rules.FlagSpecial != 0 && mv.Aux >= m.code && int(mv.Aux) <= int(m.code)+len(m.codes)
}

func (m *feigner) FormatMove(p *rules.Position, mv rules.Move) (string, bool) {
	if !m.mine(mv) {
		return "", false
	}
	b := p.Variant().Board
	if mv.Aux == m.code {
		return b.Name(mv.From) + b.Name(mv.To), true
	}
	return m.dropText(p, int(mv.Aux-m.code-1), mv.To), true
}

// MoveAliases: an added piece is dropped by its letter too (Y*g1).
func (m *feigner) MoveAliases(p *rules.Position, mv rules.Move) []string {
	if !m.mine(mv) || mv.Aux == m.code {
		return nil
	}
	k := int(mv.Aux - m.code - 1)
	if m.codes[k] == "" {
		return nil
	}
	return []string{string(p.Variant().Kinds[k].Letter) + "*" + p.Variant().Board.Name(mv.To)}
}

// MarkView shows the reserves in the hand rows.
func (m *feigner) MarkView(p *rules.Position, view *rules.View) {
	v := p.Variant()
	for s := rules.Red; s <= rules.Black; s++ {
		for k, kind := range v.Kinds {
			for n := m.count(p, s, k); n > 0; n-- {
				view.Hands[s] = append(view.Hands[s], &rules.ViewPiece{Side: s, Letter: kind.Letter, Glyph: kind.Glyph[s], Simple: kind.Simple[s]})
			}
		}
	}
}

func (m *feigner) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	s := p.ToMove()
	v := p.Variant()
	b := v.Board
	if name, point, ok := strings.Cut(text, "*"); ok && mv.From == rules.NoSquare {
		k := -1
		for i := range v.Kinds {
			if strings.EqualFold(name, string(v.Kinds[i].Letter)) || (m.codes[i] != "" && strings.EqualFold(name, m.codes[i])) {
				k = i
			}
		}
		to, okTo := b.Parse(point)
		if k < 0 || !okTo {
			return rules.Texts{}
		}
		glyph := glyphText(&v.Kinds[k], s)
		if m.count(p, s, k) == 0 {
			return say("strat.feigner.none", glyph)
		}
		var names []string
		for _, sq := range m.start[s][k] {
			names = append(names, b.Name(sq))
		}
		if !p.At(to).Empty() {
			return say("strat.occupied", b.Name(to))
		}
		return say("strat.feigner.start_points", glyph, listText(names))
	}
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 {
		return rules.Texts{}
	}
	pc, t := p.At(mv.From), p.At(mv.To)
	if !m.is(pc) || pc.Side() != s || t.Empty() {
		return rules.Texts{}
	}
	if t.Side() != s {
		return say("strat.feigner.enemy")
	}
	if v.Kinds[t.Kind()].Royal {
		return say("strat.feigner.general")
	}
	return rules.Texts{}
}
