package variants

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// The kill-horse rule (殺驚/遁馬) of jinchan.md §5.3 and house-rules.md rule 1, as a
// rule module: if the game began from the standard start and Red's first move is a
// cannon taking a Black horse (one of Triggers), Black may answer with a horse move
// plus a move of another piece (遁馬), unless the horse move gives check; `pass`
// skips the second move.
//
// State: one variable, dun: 0 none, 1 offered (FEN "h"), 2+square: the horse on
// square made the first half and the second is pending (FEN: the square).

// killHorse is the module. Triggers maps each qualifying first move to the board
// field right after it, written with Same applied and face-down pieces left out
// (so a game with fuhe reserves or a reveal before the move still qualifies).
type killHorse struct {
	horse    int
	triggers map[string]string
	same     *strings.Replacer
	field    rules.Field
	dun      rules.VarID
	pass     uint8
}

func newKillHorse(horse int, triggers map[string]string, same *strings.Replacer, pos int, key string) *killHorse {
	k := &killHorse{horse: horse, triggers: triggers, same: same}
	k.field = rules.Field{Pos: pos, Key: key, Write: k.writeField, Read: k.readField}
	return k
}

// AttackNeutral: its effects change no attack on a general.
func (*killHorse) AttackNeutral() {}

func (*killHorse) ModuleName() string { return "kill-horse" }

func (k *killHorse) Init(c *rules.Claims) (err error) {
	if k.dun, err = c.Var("dun"); err != nil {
		return err
	}
	if k.pass, err = c.Codes(1); err != nil {
		return err
	}
	return c.Field(k.field)
}

func (k *killHorse) Guide() string {
	var first []string
	for m := range k.triggers {
		first = append(first, m)
	}
	slices.Sort(first)
	return "Kill-horse (殺驚/遁馬): if Red's first move is a cannon taking a horse (" + strings.Join(first, " or ") +
		"), Black may answer with a horse move that gives no check plus a move of another piece; `pass` skips the second."
}

// pending is the square of the horse that made the first half, or NoSquare.
func (k *killHorse) pending(p *rules.Position) rules.Square {
	if st := p.Var(k.dun); st >= 2 {
		return rules.Square(st - 2)
	}
	return rules.NoSquare
}

func (k *killHorse) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	if p.Var(k.dun) >= 2 {
		out = append(out, rules.Move{From: rules.NoSquare, To: rules.NoSquare, Flags: rules.FlagSpecial, Aux: k.pass})
	}
	return out
}

func (k *killHorse) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	return rules.EndsTurn | rules.CountsPly // pass: the turn ends without a second move
}

func (k *killHorse) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	return "pass", m.Aux == k.pass
}

func (k *killHorse) MoveAliases(p *rules.Position, m rules.Move) []string {
	if m.Aux != k.pass {
		return nil
	}
	return []string{"跳過", "跳过"}
}

// KeepsTurn: after 殺驚, a Black horse move keeps the turn unless it gives check.
func (k *killHorse) KeepsTurn(p *rules.Position, m rules.Move) bool {
	if p.Var(k.dun) != 1 || p.ToMove() != rules.Black {
		return false
	}
	if pc := p.At(m.To); pc.Empty() || pc.Kind() != k.horse || pc.Side() != rules.Black {
		return false
	}
	for i := 0; i < p.NumRoyals(rules.Red); i++ {
		if p.Attacked(p.RoyalAt(rules.Red, i), rules.Black, true) {
			return false
		}
	}
	return true
}

// MayMove: the second move of 遁馬 uses another piece.
func (k *killHorse) MayMove(p *rules.Position, sq rules.Square) bool { return sq != k.pending(p) }

func (k *killHorse) AfterMove(p *rules.Position, m rules.Move) {
	switch st := p.Var(k.dun); {
	case st == 1:
		switch {
		case p.ToMove() != rules.Black:
			p.SetVar(k.dun, 0) // the turn is over (also after a flip that is a whole move)
		case m.Flags&rules.FlagSpecial != 0: // a reveal that costs no move keeps the offer
		default:
			p.SetVar(k.dun, 2+int32(m.To)) // the horse half: the bonus move is pending
		}
	case st >= 2:
		p.SetVar(k.dun, 0) // the second half, or a pass
	default:
		if m.Flags&rules.FlagCapture == 0 || p.Fullmove() != 1 || p.ToMove() != rules.Black {
			return
		}
		b := p.Variant().Board
		want, ok := k.triggers[b.Name(m.From)+b.Name(m.To)]
		if ok && k.board(p) == want {
			p.SetVar(k.dun, 1)
		}
	}
}

// board is p's board field with face-down pieces left out and Same applied, so
// that only the standard pieces' places are compared.
func (k *killHorse) board(p *rules.Position) string {
	b := p.Variant().Board
	v := p.Variant()
	var sb strings.Builder
	for r := b.Height - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < b.Width; f++ {
			pc := p.At(b.At(f, r))
			if pc.Empty() || pc.FaceDown() {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprintf(&sb, "%d", empty)
				empty = 0
			}
			sb.WriteByte(v.Letter(pc))
		}
		if empty > 0 {
			fmt.Fprintf(&sb, "%d", empty)
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if k.same == nil {
		return sb.String()
	}
	return k.same.Replace(sb.String())
}

func (k *killHorse) Refusal(p *rules.Position, text string, m rules.Move) string {
	switch {
	case m == rules.NullMove && (text == "pass" || text == "跳過" || text == "跳过"):
		return "pass is only for skipping the second move of 遁馬"
	case m.From != rules.NoSquare && m.From == k.pending(p):
		return "the second move of 遁馬 must be made with another piece"
	}
	return ""
}

func (k *killHorse) writeField(p *rules.Position) string {
	switch st := p.Var(k.dun); {
	case st == 1:
		return "h"
	case st >= 2:
		return p.Variant().Board.Name(rules.Square(st - 2))
	}
	return ""
}

func (k *killHorse) readField(p *rules.Position, text string) error {
	switch text {
	case "":
		return nil
	case "h":
		if p.ToMove() != rules.Black {
			return fmt.Errorf("h (遁馬 offered) needs Black to move")
		}
		p.SetVar(k.dun, 1)
		return nil
	}
	sq, ok := p.Variant().Board.Parse(text)
	if !ok {
		return fmt.Errorf("want -, h or the square of the 遁馬 horse")
	}
	if pc := p.At(sq); p.ToMove() != rules.Black || pc.Empty() || pc.Kind() != k.horse || pc.Side() != rules.Black {
		return fmt.Errorf("%s needs Black to move and a Black horse on %s", text, text)
	}
	p.SetVar(k.dun, 2+int32(sq))
	p.SetMidTurn(true)
	return nil
}
