package variants

import (
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Rule modules of Eurasian chess (ouya.md): White's castling, and refusals in
// each army's own terms.

// castling is chess castling for White's king on e1 with the rooks on a1 and h1
// (ouya.md "Movement"): e1g1 moves the h1 rook to f1, e1c1 the a1 rook to d1.
// The rights are state: a move from or to e1, a1 or h1 loses the ones it
// touches. A FEN without the `castle=` field gives the rights its placement
// allows (ouya.md D5); a position whose rights differ from that writes them
// (`castle=K`, `castle=Q`, `castle=-`), so that a FEN read back is the same
// position.
type castling struct {
	rights rules.VarID // bit 1: king's side (e1g1), bit 2: queen's side (e1c1)
	code   uint8
}

const (
	castleShort = 1
	castleLong  = 2
)

// castleSide is one of the two castlings, by squares.
type castleSide struct {
	bit                  int32
	king, to, rook, over string
	empty                []string // squares between king and rook
	pass                 []string // squares the king passes or lands on
	san, letter          string
}

var castleSides = [...]castleSide{
	{bit: castleShort, king: "e1", to: "g1", rook: "h1", over: "f1", empty: []string{"f1", "g1"}, pass: []string{"f1", "g1"}, san: "O-O", letter: "K"},
	{bit: castleLong, king: "e1", to: "c1", rook: "a1", over: "d1", empty: []string{"b1", "c1", "d1"}, pass: []string{"d1", "c1"}, san: "O-O-O", letter: "Q"},
}

func (*castling) ModuleName() string { return "castling" }

// AttackNeutral: castling's AfterMove only clears rights, and its moves are
// tested like every move.
func (*castling) AttackNeutral() {}

func (c *castling) Init(cl *rules.Claims) (err error) {
	v := cl.Variant()
	for _, l := range []byte{'K', 'R'} {
		if k := v.KindFor(l, rules.Red); k < 0 || !v.Board.Cells || v.Board.Width < 8 {
			return fmt.Errorf("castling needs a White %c on a chess-like board", l)
		}
	}
	if c.rights, err = cl.Var("rights"); err != nil {
		return err
	}
	if c.code, err = cl.Codes(2); err != nil {
		return err
	}
	return cl.Field(rules.Field{Key: "castle", Write: c.writeField, Read: c.readField})
}

// placed is the rights the placement allows: king and rook on their squares.
func (c *castling) placed(p *rules.Position) int32 {
	v := p.Variant()
	b := v.Board
	king := rules.NewPiece(v.KindFor('K', rules.Red), rules.Red)
	rook := rules.NewPiece(v.KindFor('R', rules.Red), rules.Red)
	var r int32
	for _, cs := range castleSides {
		if p.At(sq(b, cs.king)) == king && p.At(sq(b, cs.rook)) == rook {
			r |= cs.bit
		}
	}
	return r
}

func sq(b *rules.Board, name string) rules.Square {
	s, _ := b.Parse(name)
	return s
}

func (c *castling) writeField(p *rules.Position) string {
	r := p.Var(c.rights)
	if r == c.placed(p) {
		return ""
	}
	var sb strings.Builder
	for _, cs := range castleSides {
		if r&cs.bit != 0 {
			sb.WriteString(cs.letter)
		}
	}
	if sb.Len() == 0 {
		return "-"
	}
	return sb.String()
}

func (c *castling) readField(p *rules.Position, text string) error {
	allowed := c.placed(p)
	if text == "" {
		p.SetVar(c.rights, allowed)
		return nil
	}
	var r int32
	if text != "-" {
		for _, ch := range text {
			found := false
			for _, cs := range castleSides {
				if string(ch) == cs.letter && r&cs.bit == 0 {
					r, found = r|cs.bit, true
				}
			}
			if !found {
				return sayErr("ouya.castling_field", text)
			}
		}
	}
	if r&^allowed != 0 {
		return sayErr("ouya.castling_field_unplaced", text)
	}
	p.SetVar(c.rights, r)
	return nil
}

// AfterMove loses the rights of a king or rook that moves or is taken.
func (c *castling) AfterMove(p *rules.Position, m rules.Move) {
	r := p.Var(c.rights)
	if r == 0 || m.From == rules.NoSquare {
		return
	}
	b := p.Variant().Board
	for _, cs := range castleSides {
		for _, name := range []string{cs.king, cs.rook} {
			if s := sq(b, name); (s == m.From || s == m.To) && r&cs.bit != 0 {
				r &^= cs.bit
			}
		}
	}
	if r != p.Var(c.rights) {
		p.SetVar(c.rights, r)
	}
}

// why is the reason White may not castle cs now, or nil when it may (the core
// still tests that the king does not land in check). The reason is put in
// words only when asked: the move generator asks too.
func (c *castling) why(p *rules.Position, cs castleSide) func() rules.Texts {
	b := p.Variant().Board
	if p.ToMove() != rules.Red {
		return func() rules.Texts { return say("ouya.castling_side") }
	}
	if c.placed(p)&cs.bit == 0 {
		return func() rules.Texts { return say("ouya.castling_placed", cs.san, cs.king, cs.rook) }
	}
	if p.Var(c.rights)&cs.bit == 0 {
		return func() rules.Texts { return say("ouya.castling_moved", cs.san, cs.rook) }
	}
	for _, e := range cs.empty {
		if !p.At(sq(b, e)).Empty() {
			return func() rules.Texts { return say("ouya.castling_empty", cs.san, listText(cs.empty), cs.rook) }
		}
	}
	if p.InCheck() {
		return func() rules.Texts { return say("ouya.castling_check") }
	}
	for _, s := range cs.pass {
		if p.Attacked(sq(b, s), rules.Black, false) {
			return func() rules.Texts { return say("ouya.castling_through", s) }
		}
	}
	return nil
}

// AddMoves adds the castlings White may make now.
func (c *castling) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	if p.ToMove() != rules.Red || p.Var(c.rights) == 0 {
		return out
	}
	b := p.Variant().Board
	for i, cs := range castleSides {
		if c.why(p, cs) == nil {
			out = append(out, rules.Move{From: sq(b, cs.king), To: sq(b, cs.to), Flags: rules.FlagSpecial, Aux: c.code + uint8(i)})
		}
	}
	return out
}

// side is the castling a move of the module's codes is.
func (c *castling) side(m rules.Move) (castleSide, bool) {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux < c.code || m.Aux >= c.code+2 {
		return castleSide{}, false
	}
	return castleSides[m.Aux-c.code], true
}

// PlayMove moves the king two squares and the rook over it.
func (c *castling) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	cs, _ := c.side(m)
	b := p.Variant().Board
	rook := sq(b, cs.rook)
	p.Set(m.To, p.At(m.From))
	p.Set(m.From, rules.NoPiece)
	p.Set(sq(b, cs.over), p.At(rook))
	p.Set(rook, rules.NoPiece)
	p.SetVar(c.rights, 0)
	return rules.EndsTurn | rules.CountsPly
}

func (c *castling) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	if _, ok := c.side(m); !ok {
		return "", false
	}
	b := p.Variant().Board
	return b.Name(m.From) + b.Name(m.To), true
}

func (c *castling) MoveAliases(p *rules.Position, m rules.Move) []string {
	if cs, ok := c.side(m); ok {
		return []string{cs.san, strings.ReplaceAll(cs.san, "O", "0")}
	}
	return nil
}

// Refusal says why a castling the player typed (e1g1, O-O) is not allowed.
func (c *castling) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	b := p.Variant().Board
	for _, cs := range castleSides {
		typed := text == normalizeMove(cs.san) || text == normalizeMove(strings.ReplaceAll(cs.san, "O", "0"))
		if typed || (m.From == sq(b, cs.king) && m.To == sq(b, cs.to) && p.At(m.From).Kind() == p.Variant().KindFor('K', rules.Red)) {
			if why := c.why(p, cs); why != nil {
				return why()
			}
		}
	}
	return rules.Texts{}
}

// normalizeMove is a move text as the core compares it (lowercase, without
// '-', ':' and spaces).
func normalizeMove(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '-', ' ', ':':
			return -1
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// ouyaWords explains illegal moves of both armies in their own terms: the
// shogi pieces' movements, and promotions.
type ouyaWords struct{}

func (ouyaWords) ModuleName() string { return "ouya-words" }

// shogiMoves are the keys of the texts that say how each shogi kind moves, by
// letter.
var shogiMoves = map[byte]string{
	'K': "ouya.moves.king",
	'R': "ouya.moves.rook",
	'B': "ouya.moves.bishop",
	'G': "ouya.moves.gold",
	'S': "ouya.moves.silver",
	'N': "ouya.moves.knight",
	'L': "ouya.moves.lance",
	'P': "ouya.moves.pawn",
	'D': "ouya.moves.dragon",
	'H': "ouya.moves.horse",
	'T': "ouya.moves.tokin",
	'O': "ouya.moves.promoted_lance",
	'M': "ouya.moves.promoted_knight",
	'V': "ouya.moves.promoted_silver",
}

func (ouyaWords) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.To == rules.NoSquare || m.From == m.To || m.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	v := p.Variant()
	pc := p.At(m.From)
	if pc.Empty() || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	k := v.Kinds[pc.Kind()]
	for _, lm := range p.LegalMoves(nil) {
		if lm.From == m.From && lm.To == m.To {
			return rules.Texts{} // the piece moves so: the core says what else forbids it
		}
	}
	chessPawn := k.Letter == 'P' && k.Sides == rules.RedOnly
	if t := p.At(m.To); chessPawn && !t.Empty() && t.Side() != pc.Side() {
		ff, _, _ := v.Board.Coords(m.From)
		if tf, _, _ := v.Board.Coords(m.To); tf == ff {
			return say("ouya.pawn_takes")
		}
	}
	if !pieceReaches(p, m.From, m.To) {
		if w, ok := shogiMoves[k.Letter]; ok && k.Sides == rules.BlackOnly {
			return say(w)
		}
		if chessPawn {
			return say("ouya.pawn_moves")
		}
	}
	return rules.Texts{}
}

// pieceReaches reports whether the piece on from could move to to by its own
// movement on an otherwise empty board (promoting or not): when it could, a
// blocking piece or a check forbids the move, and the core says which.
func pieceReaches(p *rules.Position, from, to rules.Square) bool {
	q := p.Clone()
	for sq := rules.Square(0); int(sq) < q.Variant().Board.NumSquares(); sq++ {
		if sq != from && !q.At(sq).Empty() {
			q.Set(sq, rules.NoPiece)
		}
	}
	for _, pm := range q.PseudoMoves(nil) {
		if pm.From == from && pm.To == to {
			return true
		}
	}
	return false
}
