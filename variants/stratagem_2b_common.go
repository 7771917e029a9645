package variants

import (
	"strconv"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// pieceLock is a lock some pieces of the series put on a piece they moved (25's
// linkage, 30's borrowed move): the piece may not move, and gives no check, for
// a number of plies. The lock is a piece flag (in Variant.NoCheckFlags) and the
// piece's counter holds the plies it still lasts; its FEN field lists
// point:plies (`linked=a6:2`). Each piece has a flag of its own, so that two of
// them in one game never count down each other's locks.
type pieceLock struct {
	flag rules.Piece
	key  string      // FEN key
	by   rules.Texts // what locks, for refusals: "柱's linkage"
}

// set locks the piece on sq for the next plies plies. The lock is set by the
// move itself, whose own AfterMove counts one ply down: it starts at plies+1.
func (l pieceLock) set(p *rules.Position, sq rules.Square, pc rules.Piece, plies int) {
	p.Set(sq, pc.With(l.flag, true).WithCounter(plies+1))
}

// tick counts every lock one ply down and ends those that ran out.
func (l pieceLock) tick(p *rules.Position) {
	b := p.Variant().Board
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		pc := p.At(sq)
		if !pc.Has(l.flag) {
			continue
		}
		if n := pc.Counter() - 1; n > 0 {
			p.Set(sq, pc.WithCounter(n))
		} else {
			p.Set(sq, pc.With(l.flag, false).WithCounter(0))
		}
	}
}

func (l pieceLock) locked(p *rules.Position, sq rules.Square) bool { return p.At(sq).Has(l.flag) }

func (l pieceLock) field() rules.Field {
	return rules.Field{Key: l.key,
		Write: func(p *rules.Position) string {
			b := p.Variant().Board
			var out []string
			for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
				if pc := p.At(sq); pc.Has(l.flag) {
					out = append(out, b.Name(sq)+":"+strconv.Itoa(pc.Counter()))
				}
			}
			return strings.Join(out, ",")
		},
		Read: func(p *rules.Position, text string) error {
			if text == "" {
				return nil
			}
			for _, item := range strings.Split(text, ",") {
				name, plies, _ := strings.Cut(item, ":")
				sq, ok := p.Variant().Board.Parse(name)
				n, err := strconv.Atoi(plies)
				if !ok || err != nil || n < 1 || n > 2 || p.At(sq).Empty() {
					return sayErr("strat.lock.field", l.key, text, l.by)
				}
				p.Set(sq, p.At(sq).With(l.flag, true).WithCounter(n))
			}
			return nil
		}}
}

// refusal says why the piece on sq may not move, or nothing.
func (l pieceLock) refusal(p *rules.Position, sq rules.Square) rules.Texts {
	pc := p.At(sq)
	if !pc.Has(l.flag) {
		return rules.Texts{}
	}
	return say("strat.lock.locked", pieceWord(p, sq), l.by)
}

// ownMove returns the piece of an ordinary move mv of this module's piece by
// the side to move; ok=false for any other move (the refusals' prologue).
func (m *stratMod) ownMove(p *rules.Position, mv rules.Move) (rules.Piece, bool) {
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.NoPiece, false
	}
	pc := p.At(mv.From)
	return pc, m.is(pc) && pc.Side() == p.ToMove()
}

// checkers lists side by's pieces of this module's kind that may give check:
// those no flag of Variant.NoCheckFlags silences.
func (m *stratMod) checkers(p *rules.Position, by rules.Side) []rules.Square {
	silent := p.Variant().NoCheckFlags
	out := m.squares(p, by)
	keep := out[:0]
	for _, sq := range out {
		if silent == 0 || p.At(sq)&silent == 0 {
			keep = append(keep, sq)
		}
	}
	return keep
}

// sideField is a FEN field holding a side in a variable as side+1: key=r or
// key=b, absent for none. read runs first when the field is read (a module
// recomputing what follows from the board).
func sideField(key string, what rules.Texts, id rules.VarID, read func(p *rules.Position)) rules.Field {
	return rules.Field{Key: key,
		Write: func(p *rules.Position) string {
			switch p.Var(id) {
			case 1:
				return "r"
			case 2:
				return "b"
			}
			return ""
		},
		Read: func(p *rules.Position, text string) error {
			if read != nil {
				read(p)
			}
			switch text {
			case "":
			case "r", "w":
				p.SetVar(id, 1)
			case "b":
				p.SetVar(id, 2)
			default:
				return sayErr("strat.side_field", key, text, what)
			}
			return nil
		}}
}

// lossWatch notices a side losing its piece of a module's kind during the
// enemy's move, however it went (a capture, a screen taken along, a removal):
// a variable holds the sides whose piece stood on the board after the last
// move (bit s for side s), recomputed from the board when a FEN is read.
type lossWatch struct{ had rules.VarID }

func (w *lossWatch) claim(c *rules.Claims) (err error) {
	w.had, err = c.Var("had")
	return err
}

func (w *lossWatch) present(m *stratMod, p *rules.Position) int32 {
	var bits int32
	for s := rules.Red; s <= rules.Black; s++ {
		if len(m.squares(p, s)) > 0 {
			bits |= 1 << s
		}
	}
	return bits
}

// recount sets the variable from the board (a FEN read).
func (w *lossWatch) recount(m *stratMod, p *rules.Position) {
	if bits := w.present(m, p); p.Var(w.had) != bits {
		p.SetVar(w.had, bits)
	}
}

// lost reports, in AfterMove, whether the enemy of the mover of mv lost its
// piece, and brings the variable up to date.
func (w *lossWatch) lost(m *stratMod, p *rules.Position, mv rules.Move) (rules.Side, bool) {
	had, now := p.Var(w.had), w.present(m, p)
	if had != now {
		p.SetVar(w.had, now)
	}
	enemy := moverSide(p, mv).Other()
	return enemy, had&^now&(1<<enemy) != 0
}

// across returns the point of side owner's piece of this module's kind
// standing in the other side's half, or NoSquare (31 and 33 act from there).
func (m *stratMod) across(p *rules.Position, owner rules.Side) rules.Square {
	b := p.Variant().Board
	for _, sq := range m.squares(p, owner) {
		if b.InZone("own", owner.Other(), sq) {
			return sq
		}
	}
	return rules.NoSquare
}
