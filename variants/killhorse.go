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
	same     [128]byte // letters that count as one (the generals of jinchan), or 0
	field    rules.Field
	dun      rules.VarID
	pass     uint8
	// want is each trigger's board after the move, a letter per square (0 empty),
	// built in Init so that the test on Red's first move allocates nothing.
	want map[[2]rules.Square][]byte
}

// newKillHorse makes the module: horse is the horse kind, triggers the qualifying
// first moves with the board after each, same pairs of letters that count as one
// ("DK GK": a decoy and a guard count as the general), pos or key its FEN field.
func newKillHorse(horse int, triggers map[string]string, same string, pos int, key string) *killHorse {
	k := &killHorse{horse: horse, triggers: triggers}
	for _, pair := range strings.Fields(same) {
		k.same[pair[0]] = pair[1]
	}
	k.field = rules.Field{Pos: pos, Key: key, Write: k.writeField, Read: k.readField}
	return k
}

// letter is what a piece's letter counts as for the comparison.
func (k *killHorse) letter(c byte) byte {
	if c < 128 && k.same[c] != 0 {
		return k.same[c]
	}
	return c
}

// AttackNeutral: its effects change no attack on a general.
func (*killHorse) AttackNeutral() {}

func (*killHorse) ModuleName() string { return "kill-horse" }

func (k *killHorse) Init(c *rules.Claims) (err error) {
	if k.dun, err = c.Var("dun"); err != nil {
		return err
	}
	b := c.Variant().Board
	k.want = map[[2]rules.Square][]byte{}
	for move, board := range k.triggers {
		from, to, ok := splitMove(b, move)
		grid, err := gridOf(b, board)
		if !ok || err != nil {
			return fmt.Errorf("trigger %s: %v", move, err)
		}
		for i, l := range grid {
			grid[i] = k.letter(l)
		}
		k.want[[2]rules.Square{from, to}] = grid
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
		if want, ok := k.want[[2]rules.Square{m.From, m.To}]; ok && k.boardIs(p, want) {
			p.SetVar(k.dun, 1)
		}
	}
}

// boardIs compares p's board, face-down pieces left out and Same applied, with
// want: only the standard pieces' places count.
func (k *killHorse) boardIs(p *rules.Position, want []byte) bool {
	v := p.Variant()
	for sq, w := range want {
		pc := p.At(rules.Square(sq))
		var got byte
		if !pc.Empty() && !pc.FaceDown() {
			got = k.letter(v.Letter(pc))
		}
		if got != w {
			return false
		}
	}
	return true
}

// splitMove reads a trigger move "b2b11" into its two squares.
func splitMove(b *rules.Board, move string) (rules.Square, rules.Square, bool) {
	for i := 2; i < len(move)-1; i++ {
		from, ok1 := b.Parse(move[:i])
		to, ok2 := b.Parse(move[i:])
		if ok1 && ok2 {
			return from, to, true
		}
	}
	return rules.NoSquare, rules.NoSquare, false
}

// gridOf expands a FEN board field into a letter per grid square (0 empty).
func gridOf(b *rules.Board, board string) ([]byte, error) {
	grid := make([]byte, b.Width*b.Height)
	ranks := strings.Split(board, "/")
	if len(ranks) != b.Height {
		return nil, fmt.Errorf("%d ranks, want %d", len(ranks), b.Height)
	}
	for i, row := range ranks {
		r, f := b.Height-1-i, 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '0' && c <= '9' {
				n := int(c - '0')
				for j+1 < len(row) && row[j+1] >= '0' && row[j+1] <= '9' {
					j++
					n = n*10 + int(row[j]-'0')
				}
				f += n
				continue
			}
			if f >= b.Width {
				return nil, fmt.Errorf("rank %d too long", r)
			}
			grid[r*b.Width+f] = c
			f++
		}
		if f != b.Width {
			return nil, fmt.Errorf("rank %d has %d points", r, f)
		}
	}
	return grid, nil
}

func (k *killHorse) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	switch {
	case m == rules.NullMove && (text == "pass" || text == "跳過" || text == "跳过"):
		return say("killhorse.pass_only", "遁馬")
	case m.From != rules.NoSquare && m.From == k.pending(p):
		return say("killhorse.other_piece", "遁馬")
	}
	return rules.Texts{}
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
