package variants

import (
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Piece 36 走 (走為上): a king step in 8 directions to an empty point (its
// atoms). When its side has fewer than 2 advisors and fewer than 2 elephants,
// its general may step onto it inside the palace: the two form a stack, the
// 走 on top and the general under it, FEN `(XK)` (the core's stack notation:
// top, then pressed). The stack moves as the 走 (`e2d3`: the 走's own move,
// and the general rides along); the general steps off orthogonally, capturing
// or not (`Ke2e3`). A general off its 走 outside its palace (wild) may only
// step back onto its 走. Capturing the stack captures the general.
//
// The flying-general rule holds wherever the generals are, a stacked one too
// (Legal below: the core sees only top pieces face each other).

type runner struct {
	stratMod
	code uint8 // code: step off (Ke2e3); code+1: mount (e0e1)
}

// Extend switches the stacks on and lets the general stand anywhere: it
// rides its 走 out of the palace.
func (m *runner) Extend(v *rules.Variant) error {
	v.Stacks = true
	v.Kinds[King].StandZone = ""
	return nil
}

func (m *runner) Init(c *rules.Claims) error {
	if err := m.stratMod.Init(c); err != nil {
		return err
	}
	var err error
	m.code, err = c.Codes(2)
	return err
}

// riding reports whether the general on sq rides its 走 (it is pressed
// under one).
func (m *runner) riding(p *rules.Position, sq rules.Square) bool {
	top, u := p.At(sq), p.Under(sq)
	return m.is(top) && !u.Empty() && u.Kind() == King && u.Side() == top.Side()
}

// wild reports whether the piece on sq is a general standing alone outside
// its palace.
func wild(p *rules.Position, sq rules.Square) bool {
	pc := p.At(sq)
	return !pc.Empty() && pc.Kind() == King && !p.Variant().Board.InZone("palace", pc.Side(), sq)
}

// count is how many pieces of kind k side s has on the board.
func count(p *rules.Position, s rules.Side, k int) int {
	n := 0
	b := p.Variant().Board
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Side() == s && pc.Kind() == k {
			n++
		}
	}
	return n
}

// mayMount reports whether side s's general may step onto its 走 now: fewer
// than 2 advisors and fewer than 2 elephants.
func mayMount(p *rules.Position, s rules.Side) bool {
	return count(p, s, Advisor) < 2 && count(p, s, Elephant) < 2
}

func (m *runner) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	b := p.Variant().Board
	for _, k := range p.Royals(s) {
		switch {
		case m.riding(p, k):
			if !p.Movable(k) {
				continue
			}
			for _, d := range rules.Dirs4 {
				to := b.Step(k, d[0], d[1])
				if to == rules.NoSquare {
					continue
				}
				if t := p.At(to); t.Empty() || (t.Side() != s && p.Capturable(k, to)) {
					out = append(out, rules.Move{From: k, To: to, Flags: rules.FlagSpecial, Aux: m.code})
				}
			}
		case !p.At(k).Empty() && p.At(k).Kind() == King:
			w := wild(p, k)
			if !p.Movable(k) || (!w && !mayMount(p, s)) {
				continue
			}
			for _, d := range rules.Dirs4 {
				to := b.Step(k, d[0], d[1])
				if to == rules.NoSquare || !m.is(p.At(to)) || p.At(to).Side() != s || !p.Under(to).Empty() {
					continue
				}
				if w || b.InZone("palace", s, to) {
					out = append(out, rules.Move{From: k, To: to, Flags: rules.FlagSpecial, Aux: m.code + 1})
				}
			}
		}
	}
	return out
}

func (m *runner) PlayMove(p *rules.Position, mv rules.Move) rules.Turn {
	if mv.Aux == m.code+1 { // mount
		p.SetUnder(mv.To, p.At(mv.From))
		p.Set(mv.From, rules.NoPiece)
		return rules.EndsTurn | rules.CountsPly
	}
	k := p.Under(mv.From)
	took := !p.At(mv.To).Empty()
	if took {
		stratRemove(p, mv.To)
	}
	p.SetUnder(mv.From, rules.NoPiece)
	p.Set(mv.To, k)
	if took {
		return rules.EndsTurn | rules.ResetsClock
	}
	return rules.EndsTurn | rules.CountsPly
}

// AfterMove: the 走 of a stack moved by its own step, and the core left the
// general on the point it came from: the general rides along.
func (m *runner) AfterMove(p *rules.Position, mv rules.Move) {
	if mv.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 || mv.From == rules.NoSquare || mv.To == rules.NoSquare {
		return
	}
	k, z := p.At(mv.From), p.At(mv.To)
	if k.Empty() || k.Kind() != King || !m.is(z) || z.Side() != k.Side() || !p.Under(mv.To).Empty() {
		return
	}
	p.Set(mv.From, rules.NoPiece)
	p.SetUnder(mv.To, k)
}

// Legal: a wild general moves only back onto its 走 (this module's move; the
// core would give it its palace steps), and no two generals stand on one file
// with nothing between, wherever they stand and whichever layer holds them.
func (m *runner) Legal(p *rules.Position, mv rules.Move) bool {
	if mv.Flags&(rules.FlagSpecial|rules.FlagDrop) == 0 && mv.From != rules.NoSquare && mv.To != rules.NoSquare {
		if pc := p.At(mv.To); pc.Kind() == King && !p.Variant().Board.InZone("palace", pc.Side(), mv.From) {
			return false
		}
	}
	if p.NumStacks() == 0 {
		return true // the core's facing test sees every general
	}
	for _, r := range p.Royals(rules.Red) {
		for _, bl := range p.Royals(rules.Black) {
			if clear, _, ok := clearBetween(p, r, bl); ok && clear {
				if df, _ := offset(p.Variant().Board, r, bl); df == 0 {
					return false
				}
			}
		}
	}
	return true
}

// Validate refuses a position whose generals face each other through a
// stack (the core's test sees only top pieces).
func (m *runner) Validate(p *rules.Position) error {
	if !m.Legal(p, rules.NullMove) {
		return sayErr("strat.runner.facing")
	}
	return nil
}

// Attacks: a riding general attacks its orthogonal neighbours (it captures by
// stepping off); a wild general attacks nothing but along its file (the
// core's facing, which its atoms keep).
func (m *runner) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	if p.NumStacks() == 0 {
		return false
	}
	t := p.At(sq)
	if t.Empty() || t.Side() == by {
		return false
	}
	for _, n := range orthNeighbours(p.Variant().Board, sq) {
		if m.riding(p, n) && p.At(n).Side() == by && p.At(n)&p.Variant().NoCheckFlags == 0 {
			return true
		}
	}
	return false
}

func (m *runner) FormatMove(p *rules.Position, mv rules.Move) (string, bool) {
	if mv.Flags&rules.FlagSpecial == 0 || (mv.Aux != m.code && mv.Aux != m.code+1) {
		return "", false
	}
	b := p.Variant().Board
	text := b.Name(mv.From) + b.Name(mv.To)
	if mv.Aux == m.code {
		text = "K" + text
	}
	return text, true
}

func (m *runner) MoveAliases(p *rules.Position, mv rules.Move) []string { return nil }

func (m *runner) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	b := p.Variant().Board
	s := p.ToMove()
	if mv == rules.NullMove && strings.HasPrefix(text, "k") {
		from, to, ok := twoPoints(b, text[1:])
		if !ok {
			return rules.Texts{}
		}
		if !m.riding(p, from) || p.At(from).Side() != s {
			return say("strat.runner.no_rider", b.Name(from)+b.Name(to), b.Name(from))
		}
		if !adjacentOrth(b, from, to) {
			return say("strat.runner.step_off")
		}
		return rules.Texts{}
	}
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&(rules.FlagSpecial|rules.FlagDrop) != 0 {
		return rules.Texts{}
	}
	pc := p.At(mv.From)
	if pc.Empty() || pc.Side() != s {
		return rules.Texts{}
	}
	if wild(p, mv.From) {
		return say("strat.runner.wild", b.Name(mv.From))
	}
	if pc.Kind() == King && m.is(p.At(mv.To)) && p.At(mv.To).Side() == s {
		switch {
		case !mayMount(p, s):
			return say("strat.runner.mount_guards")
		case !b.InZone("palace", s, mv.To):
			return say("strat.runner.mount_palace")
		}
		return rules.Texts{}
	}
	if m.is(pc) && !p.At(mv.To).Empty() {
		if m.riding(p, mv.From) {
			return say("strat.runner.stack", b.Name(mv.From)+b.Name(mv.To))
		}
		return say("strat.never_captures", m.face())
	}
	return rules.Texts{}
}

// twoPoints reads two point names run together ("e2e3").
func twoPoints(b *rules.Board, text string) (rules.Square, rules.Square, bool) {
	pts := splitPoints(b, text)
	if len(pts) != 2 {
		return rules.NoSquare, rules.NoSquare, false
	}
	return pts[0], pts[1], true
}
