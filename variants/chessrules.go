package variants

import (
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Rule modules of the chess family (cannon-chess.md §4, §7): en passant and the
// dead positions. Pawns' steps, double steps and promotions are atoms and
// Kind.Promote; the fifty-move rule is Variant.MoveLimit with the pawn's
// Kind.ResetsClock.

// enPassant lets a pawn take an enemy pawn that has just stepped two squares
// past it, by moving to the passed square. The passed square is state (FEN field
// 4, as in chess FEN); the capture is a special move written as its two squares
// (`e7d8`).
type enPassant struct {
	pawn byte // letter of the pawn kind

	kind int
	ep   rules.VarID // passed square + 1, 0 when the last move was no double step
	code uint8
}

func (*enPassant) ModuleName() string { return "en-passant" }
func (*enPassant) AttackNeutral()     {}

func (e *enPassant) Init(c *rules.Claims) (err error) {
	if e.kind = c.Variant().KindByLetter(e.pawn); e.kind < 0 {
		return fmt.Errorf("no pawn kind %c", e.pawn)
	}
	if e.ep, err = c.Var("square"); err != nil {
		return err
	}
	if e.code, err = c.Codes(1); err != nil {
		return err
	}
	return c.Field(rules.Field{Pos: 4, Write: e.writeField, Read: e.readField})
}

// forward is the rank step of side s's pawns.
func forward(s rules.Side) int {
	if s == rules.Red {
		return 1
	}
	return -1
}

// passed is the square the last double step passed, or NoSquare.
func (e *enPassant) passed(p *rules.Position) rules.Square {
	if v := p.Var(e.ep); v > 0 {
		return rules.Square(v - 1)
	}
	return rules.NoSquare
}

func (e *enPassant) writeField(p *rules.Position) string {
	if sq := e.passed(p); sq != rules.NoSquare {
		return p.Variant().Board.Name(sq)
	}
	return ""
}

// readField accepts a passed square only where a pawn of the side not to move
// can have just stepped two squares past it.
func (e *enPassant) readField(p *rules.Position, text string) error {
	if text == "" {
		return nil
	}
	b := p.Variant().Board
	sq, ok := b.Parse(text)
	if !ok {
		return fmt.Errorf("en passant square %q is not a square", text)
	}
	mover := p.ToMove().Other()
	pawnSq := b.Step(sq, 0, forward(mover))
	start := b.Step(sq, 0, -forward(mover))
	if pawnSq == rules.NoSquare || start == rules.NoSquare || !p.At(sq).Empty() || !p.At(start).Empty() ||
		p.At(pawnSq) != rules.NewPiece(e.kind, mover) || !b.InZone("pawn start", mover, start) {
		return fmt.Errorf("en passant square %s: no pawn can have just stepped two squares past it", text)
	}
	p.SetVar(e.ep, int32(sq)+1)
	return nil
}

// AfterMove records a double step and forgets the last one.
func (e *enPassant) AfterMove(p *rules.Position, m rules.Move) {
	var sq int32
	if m.Flags&(rules.FlagSpecial|rules.FlagDrop|rules.FlagPass|rules.FlagPromote) == 0 && p.At(m.To).Kind() == e.kind {
		b := p.Variant().Board
		_, r0, _ := b.Coords(m.From)
		f, r1, _ := b.Coords(m.To)
		if r1-r0 == 2 || r0-r1 == 2 {
			sq = int32(b.At(f, (r0+r1)/2)) + 1
		}
	}
	if p.Var(e.ep) != sq {
		p.SetVar(e.ep, sq)
	}
}

// AddMoves adds the en-passant captures of the side to move.
func (e *enPassant) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	to := e.passed(p)
	if to == rules.NoSquare {
		return out
	}
	b := p.Variant().Board
	s := p.ToMove()
	for _, df := range []int{-1, 1} {
		from := b.Step(to, df, -forward(s))
		if from != rules.NoSquare && p.At(from) == rules.NewPiece(e.kind, s) && p.Movable(from) {
			out = append(out, rules.Move{From: from, To: to, Flags: rules.FlagSpecial | rules.FlagCapture, Aux: e.code})
		}
	}
	return out
}

// PlayMove takes the pawn that passed.
func (e *enPassant) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	s := p.ToMove()
	p.Set(m.To, p.At(m.From))
	p.Set(m.From, rules.NoPiece)
	p.Set(p.Variant().Board.Step(m.To, 0, -forward(s)), rules.NoPiece)
	return rules.EndsTurn | rules.ResetsClock
}

func (e *enPassant) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux != e.code {
		return "", false
	}
	b := p.Variant().Board
	return b.Name(m.From) + b.Name(m.To), true
}

func (e *enPassant) MoveAliases(p *rules.Position, m rules.Move) []string {
	if t, ok := e.FormatMove(p, m); ok {
		b := p.Variant().Board
		return []string{b.Name(m.From) + "x" + b.Name(m.To), t + "ep"}
	}
	return nil
}

// Refusal explains a pawn's diagonal step onto the empty square behind an enemy
// pawn that did not just step two squares.
func (e *enPassant) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.To == rules.NoSquare || m.Flags != 0 {
		return rules.Texts{}
	}
	b := p.Variant().Board
	s := p.ToMove()
	pc := p.At(m.From)
	ff, fr, _ := b.Coords(m.From)
	tf, tr, _ := b.Coords(m.To)
	if pc != rules.NewPiece(e.kind, s) || !p.At(m.To).Empty() || tr-fr != forward(s) || (tf-ff != 1 && ff-tf != 1) {
		return rules.Texts{}
	}
	if beside := b.Step(m.To, 0, -forward(s)); beside != rules.NoSquare && p.At(beside) == rules.NewPiece(e.kind, s.Other()) {
		return say("chess.en_passant", b.Name(beside), b.Name(m.To))
	}
	return rules.Texts{}
}

// deadPosition draws the positions where neither side can ever mate
// (cannon-chess.md §7, decision 6): king against king, or with one bishop or one
// knight besides.
type deadPosition struct{}

func (deadPosition) ModuleName() string { return "dead-position" }

func (deadPosition) GameEnd(p *rules.Position) (rules.Outcome, bool) {
	v := p.Variant()
	minor := 0
	for sq := rules.Square(0); int(sq) < v.Board.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() {
			continue
		}
		switch v.Kinds[pc.Kind()].Letter {
		case 'K':
		case 'B', 'N':
			minor++
			if minor > 1 {
				return rules.Outcome{}, false
			}
		default:
			return rules.Outcome{}, false
		}
	}
	return rules.Drawn(rules.ReasonMaterial), true
}

// noCastling says, for a king moved two squares along its rank, that cannon
// chess has no castling (cannon-chess.md §5).
type noCastling struct{}

func (noCastling) ModuleName() string { return "no-castling" }

func (noCastling) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.To == rules.NoSquare || m.Flags != 0 {
		return rules.Texts{}
	}
	v := p.Variant()
	pc := p.At(m.From)
	ff, fr, _ := v.Board.Coords(m.From)
	tf, tr, _ := v.Board.Coords(m.To)
	if pc.Empty() || pc.Side() != p.ToMove() || !v.Kinds[pc.Kind()].Royal || fr != tr || (tf-ff != 2 && ff-tf != 2 && p.At(m.To).Empty()) {
		return rules.Texts{}
	}
	if tf-ff >= 2 || ff-tf >= 2 {
		return say("chess.no_castling")
	}
	return rules.Texts{}
}

// cannonWords explains, in the cannon's own terms, a cannon capture that is not
// allowed (cannon-chess.md §4): exactly one square between must be empty.
type cannonWords struct{ letter byte }

func (cannonWords) ModuleName() string { return "cannon-words" }

func (c cannonWords) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	if m.From == rules.NoSquare || m.To == rules.NoSquare || m.Flags != 0 {
		return rules.Texts{}
	}
	v := p.Variant()
	b := v.Board
	pc, t := p.At(m.From), p.At(m.To)
	if pc.Empty() || v.Kinds[pc.Kind()].Letter != c.letter || pc.Side() != p.ToMove() || t.Empty() || t.Side() == pc.Side() {
		return rules.Texts{}
	}
	ff, fr, _ := b.Coords(m.From)
	tf, tr, _ := b.Coords(m.To)
	df, dr := tf-ff, tr-fr
	if df != 0 && dr != 0 && df != dr && df != -dr {
		return rules.Texts{} // not on a line: the core says how a cannon moves
	}
	sf, sr := sign(df), sign(dr)
	var empty []string
	for f, r := ff+sf, fr+sr; f != tf || r != tr; f, r = f+sf, r+sr {
		if sq := b.At(f, r); p.At(sq).Empty() {
			empty = append(empty, b.Name(sq))
		}
	}
	switch {
	case len(empty) == 1:
		return rules.Texts{} // the capture follows the rule: something else forbids it
	case max(df, -df, dr, -dr) == 1:
		return say("chess.cannon_adjacent")
	case len(empty) == 0:
		return say("chess.cannon_none_empty", b.Name(m.From), b.Name(m.To))
	}
	return say("chess.cannon_many_empty", b.Name(m.From), b.Name(m.To), len(empty), strings.Join(empty, ", "))
}
