package variants

import (
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Piece 34 苦 (苦肉計, the self-inflicted wound): a chariot's slide that never
// captures an enemy piece. When its general is in check from exactly one
// enemy piece, the 苦 may take one of its own pieces (not the general) along
// a rank or file, and the opponent's next move is forced: after a soldier,
// advisor, elephant or added piece (type A) the checking piece must move so
// that the 苦's general is in check from nothing, without taking it; after a
// chariot, horse or cannon (type B) the checking piece goes straight back to
// an empty start point of its kind in its own half. The 苦肉 move is legal
// only when the opponent then has a forced reply.
//
// While the reply is pending the checking piece is marked (flagForced, in
// Variant.NoCheckFlags): forced replies are ignored when testing for check, so
// the 苦肉 move may leave the general in check from that piece and from no
// other, which the core's own test then says. State: FEN `kurou=A:e5` (type
// and the checking piece's point).

// flagForced marks the checking piece that owes a forced reply.
const flagForced = rules.FlagCustom << 1

type sacrifice struct {
	stratMod
	code    uint8       // code: the 苦肉 move; code+1: a type B put-back
	pending rules.VarID // 0, or type (1 A, 2 B) + 4*(checker point+1)
	// bad is set by a type A reply that leaves the 苦's general in check or
	// takes it: only ever in a position the move's legality test rejects.
	bad rules.VarID
}

func (m *sacrifice) Extend(v *rules.Variant) error {
	v.NoCheckFlags |= flagForced
	return nil
}

func (m *sacrifice) Init(c *rules.Claims) error {
	if err := m.stratMod.Init(c); err != nil {
		return err
	}
	var err error
	if m.code, err = c.Codes(2); err != nil {
		return err
	}
	if m.pending, err = c.Var("pending"); err != nil {
		return err
	}
	if m.bad, err = c.Var("bad"); err != nil {
		return err
	}
	return c.Field(rules.Field{Key: "kurou",
		Write: func(p *rules.Position) string {
			kind, sq := m.state(p)
			if kind == 0 {
				return ""
			}
			return "AB"[kind-1:kind] + ":" + p.Variant().Board.Name(sq)
		},
		Read: func(p *rules.Position, text string) error {
			if text == "" {
				return nil
			}
			t, name, _ := strings.Cut(text, ":")
			sq, ok := p.Variant().Board.Parse(name)
			if !ok || (t != "A" && t != "B") || p.At(sq).Empty() || p.At(sq).Side() != p.ToMove() {
				return sayErr("strat.sacrifice.field", text)
			}
			kind := int32(1)
			if t == "B" {
				kind = 2
			}
			p.SetVar(m.pending, kind+4*(int32(sq)+1))
			p.Set(sq, p.At(sq).With(flagForced, true))
			return nil
		}})
}

// state returns the pending forced reply: its type (0 none, 1 A, 2 B) and the
// checking piece's point.
func (m *sacrifice) state(p *rules.Position) (int32, rules.Square) {
	x := p.Var(m.pending)
	if x == 0 {
		return 0, rules.NoSquare
	}
	return x % 4, rules.Square(x/4 - 1)
}

// checkers returns the enemy pieces that give check to side s's general, found
// by the enemy's captures of it on a copy with the enemy to move.
func checkersOf(p *rules.Position, s rules.Side) []rules.Square {
	royals := p.Royals(s)
	if len(royals) == 0 {
		return nil
	}
	inCheck := false
	for _, k := range royals {
		inCheck = inCheck || p.Attacked(k, s.Other(), true)
	}
	if !inCheck {
		return nil
	}
	c := p.Clone()
	c.SetSideToMove(s.Other())
	var out []rules.Square
	for _, mv := range c.PseudoMoves(nil) {
		if mv.Flags&rules.FlagSpecial != 0 || mv.From == rules.NoSquare {
			continue
		}
		for _, k := range royals {
			if mv.To == k && !containsSq(out, mv.From) {
				out = append(out, mv.From)
			}
		}
	}
	return out
}

func containsSq(list []rules.Square, sq rules.Square) bool {
	for _, x := range list {
		if x == sq {
			return true
		}
	}
	return false
}

// replyType is the forced reply a 苦 taking pc calls for: 2 (back to a start
// point) for a chariot, horse or cannon, else 1 (move away).
func replyType(pc rules.Piece) int32 {
	switch pc.Kind() {
	case Chariot, Horse, Cannon:
		return 2
	}
	return 1
}

// startPoints are the points where pieces of kind k of side s start in
// standard xiangqi (the series' start, §3).
func startPoints(b *rules.Board, k int, s rules.Side) []rules.Square {
	letters := map[int]byte{Chariot: 'R', Horse: 'N', Cannon: 'C'}
	want := letters[k]
	if s == rules.Black {
		want += 'a' - 'A'
	}
	placement, _, _ := strings.Cut(XiangqiStart, " ")
	var out []rules.Square
	for i, row := range strings.Split(placement, "/") {
		f := 0
		for _, c := range []byte(row) {
			if c >= '1' && c <= '9' {
				f += int(c - '0')
				continue
			}
			if c == want {
				out = append(out, b.At(f, 9-i))
			}
			f++
		}
	}
	return out
}

func (m *sacrifice) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	if kind, checker := m.state(p); kind == 2 {
		// The put-back of a type B reply (the only moves then).
		b := p.Variant().Board
		for _, to := range startPoints(b, p.At(checker).Kind(), s) {
			if p.At(to).Empty() {
				out = append(out, rules.Move{From: checker, To: to, Flags: rules.FlagSpecial, Aux: m.code + 1})
			}
		}
		return out
	} else if kind != 0 {
		return out
	}
	sqs := m.squares(p, s)
	if len(sqs) == 0 || len(checkersOf(p, s)) != 1 {
		return out
	}
	v := p.Variant()
	for _, from := range sqs {
		if !p.Movable(from) {
			continue
		}
		for _, d := range rules.Dirs4 {
			if t := firstPiece(p, from, d[0], d[1]); t != rules.NoSquare && p.At(t).Side() == s && !v.Kinds[p.At(t).Kind()].Royal {
				out = append(out, rules.Move{From: from, To: t, Flags: rules.FlagSpecial, Aux: m.code})
			}
		}
	}
	return out
}

// PlayMove: the 苦肉 move takes the own piece and marks the checking piece;
// the put-back moves it home.
func (m *sacrifice) PlayMove(p *rules.Position, mv rules.Move) rules.Turn {
	if mv.Aux == m.code+1 {
		pc := p.At(mv.From)
		p.Set(mv.From, rules.NoPiece)
		p.Set(mv.To, pc)
		return rules.EndsTurn | rules.CountsPly
	}
	s := p.At(mv.From).Side()
	checker := checkersOf(p, s)[0]
	kind := replyType(p.At(mv.To))
	p.Set(mv.To, p.At(mv.From))
	p.Set(mv.From, rules.NoPiece)
	p.Set(checker, p.At(checker).With(flagForced, true))
	p.SetVar(m.pending, kind+4*(int32(checker)+1))
	return rules.EndsTurn | rules.ResetsClock
}

// AfterMove: the forced reply ends the pending state and the mark; a type A
// reply that leaves the 苦's general attacked or takes it is marked bad.
func (m *sacrifice) AfterMove(p *rules.Position, mv rules.Move) {
	if mv.Flags&rules.FlagSpecial != 0 && mv.Aux == m.code {
		return // the 苦肉 move itself set it
	}
	kind, _ := m.state(p)
	if kind == 0 {
		return
	}
	p.SetVar(m.pending, 0)
	b := p.Variant().Board
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		if pc := p.At(sq); pc.Has(flagForced) {
			p.Set(sq, pc.With(flagForced, false))
		}
	}
	if kind != 1 {
		return
	}
	replier := moverSide(p, mv)
	royals := p.Royals(replier.Other())
	ok := len(royals) > 0
	for _, k := range royals {
		ok = ok && !p.Attacked(k, replier, true)
	}
	if !ok {
		p.SetVar(m.bad, 1)
	}
}

// MayMove: while a reply is forced, only the checking piece moves, and for a
// type B reply only by the put-back.
func (m *sacrifice) MayMove(p *rules.Position, sq rules.Square) bool {
	kind, checker := m.state(p)
	if kind == 0 || p.At(sq).Side() != p.ToMove() {
		return true
	}
	return kind == 1 && sq == checker
}

// Legal: a 苦肉 move needs a forced reply; a bad type A reply is refused.
func (m *sacrifice) Legal(p *rules.Position, mv rules.Move) bool {
	if mv.Flags&rules.FlagSpecial != 0 && mv.Aux == m.code {
		return p.HasLegalMove()
	}
	return p.Var(m.bad) == 0
}

func (m *sacrifice) FormatMove(p *rules.Position, mv rules.Move) (string, bool) {
	if mv.Flags&rules.FlagSpecial == 0 || (mv.Aux != m.code && mv.Aux != m.code+1) {
		return "", false
	}
	b := p.Variant().Board
	return b.Name(mv.From) + b.Name(mv.To), true
}

func (m *sacrifice) MoveAliases(p *rules.Position, mv rules.Move) []string { return nil }

func (m *sacrifice) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if mv.Flags&rules.FlagSpecial != 0 && mv.Aux == m.code {
		c := p.Clone()
		c.Make(mv)
		if c.HasLegalMove() {
			return say("strat.sacrifice.other_check")
		}
		return say("strat.sacrifice.no_reply", pieceWord(p, mv.To))
	}
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	s := p.ToMove()
	if kind, checker := m.state(p); kind != 0 {
		if kind == 2 {
			return say("strat.sacrifice.go_back", pieceWord(p, checker))
		}
		if mv.From != checker {
			return say("strat.sacrifice.forced", pieceWord(p, checker))
		}
		return say("strat.sacrifice.uncheck")
	}
	if _, ok := m.ownMove(p, mv); !ok {
		return rules.Texts{}
	}
	t := p.At(mv.To)
	switch {
	case t.Empty():
		return rules.Texts{}
	case t.Side() != s:
		return say("strat.sacrifice.enemy")
	case len(checkersOf(p, s)) == 0:
		return say("strat.sacrifice.not_in_check")
	case len(checkersOf(p, s)) > 1:
		return say("strat.sacrifice.double_check")
	}
	return say("strat.sacrifice.no_reply", pieceWord(p, mv.To))
}
