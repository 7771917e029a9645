package variants

import (
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Piece 35 連 (連環計): a king step to an empty point (its atoms), or a chain of
// jumps, checkers-style: each jump goes over a piece of either colour on one of
// the 8 neighbouring points to the empty point beyond; no piece is jumped twice.
// A chain that ends on its starting point captures every enemy piece it jumped;
// any other chain captures the last jumped piece if it is an enemy.
//
// Chains are special moves written as their landing points (`c4e4c6c4`, a
// single jump `c4c6`). Many chains can have the same effect (the same end and
// the same captures): they are one move, written as the first chain found and
// read from any of them. Aux tells the moves with the same from and to apart:
// the index of the effect among them, in the order of the search.

// laChainCodes is how many different effects (capture sets) the moves of one 連
// between the same two points may have; more would need a denser board than a
// game can reach (each effect is a different set of jumped enemy pieces).
const laChainCodes = 48

type chainer struct {
	stratMod
	code uint8
}

func (m *chainer) Init(c *rules.Claims) error {
	if err := m.stratMod.Init(c); err != nil {
		return err
	}
	var err error
	m.code, err = c.Codes(laChainCodes)
	return err
}

// chainEffect is one move of a 連: where it ends, what it captures, and the
// chains (landing points, the start first) that do it.
type chainEffect struct {
	to      rules.Square
	victims rules.SquareSet
	paths   [][]rules.Square
	index   int // among the effects with the same end
}

// walk calls f with every jump chain of the 連 on from, as its landing points
// (from first) and the jumped points, until f returns true.
func walk(p *rules.Position, from rules.Square, f func(path, jumped []rules.Square) bool) bool {
	b := p.Variant().Board
	occupied := func(sq rules.Square) bool { return sq != from && !p.At(sq).Empty() }
	path := []rules.Square{from}
	var jumped []rules.Square
	var seen rules.SquareSet
	var dfs func(cur rules.Square) bool
	dfs = func(cur rules.Square) bool {
		for _, d := range king8 {
			over := b.Step(cur, d[0], d[1])
			if over == rules.NoSquare || !occupied(over) || seen.Has(over) {
				continue
			}
			to := b.Step(over, d[0], d[1])
			if to == rules.NoSquare || occupied(to) {
				continue
			}
			seen.Add(over)
			path, jumped = append(path, to), append(jumped, over)
			if f(path, jumped) || dfs(to) {
				return true
			}
			path, jumped = path[:len(path)-1], jumped[:len(jumped)-1]
			seen.Remove(over)
		}
		return false
	}
	return dfs(from)
}

// victims are the pieces a chain captures: every enemy jumped when it ends
// on its start, else the last jumped if it is an enemy.
func chainVictims(p *rules.Position, s rules.Side, path, jumped []rules.Square) rules.SquareSet {
	var out rules.SquareSet
	enemy := func(sq rules.Square) bool { pc := p.At(sq); return !pc.Empty() && pc.Side() != s }
	if path[len(path)-1] == path[0] {
		for _, sq := range jumped {
			if enemy(sq) {
				out.Add(sq)
			}
		}
	} else if last := jumped[len(jumped)-1]; enemy(last) {
		out.Add(last)
	}
	return out
}

// effects lists the moves of the 連 on from: one per different end and
// captures, with every chain that makes it (up to a few).
func (m *chainer) effects(p *rules.Position, from rules.Square) []chainEffect {
	s := p.At(from).Side()
	var out []chainEffect
	walk(p, from, func(path, jumped []rules.Square) bool {
		to := path[len(path)-1]
		vs := chainVictims(p, s, path, jumped)
		if to == from && vs == (rules.SquareSet{}) {
			return false // back where it started, nothing taken: no move at all
		}
		n := 0
		for i := range out {
			if out[i].to != to {
				continue
			}
			if out[i].victims == vs {
				if len(out[i].paths) < 8 {
					out[i].paths = append(out[i].paths, append([]rules.Square(nil), path...))
				}
				return false
			}
			n++
		}
		out = append(out, chainEffect{to: to, victims: vs, paths: [][]rules.Square{append([]rules.Square(nil), path...)}, index: n})
		return false
	})
	return out
}

func (m *chainer) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	for _, from := range m.squares(p, p.ToMove()) {
		if !p.Movable(from) {
			continue
		}
	next:
		for _, e := range m.effects(p, from) {
			if e.index >= laChainCodes {
				continue
			}
			for _, v := range e.victims.Squares() {
				if !p.Capturable(from, v) {
					continue next
				}
			}
			out = append(out, rules.Move{From: from, To: e.to, Flags: rules.FlagSpecial, Aux: m.code + uint8(e.index)})
		}
	}
	return out
}

// effectOf finds the effect a move of this module names.
func (m *chainer) effectOf(p *rules.Position, mv rules.Move) (chainEffect, bool) {
	if mv.Flags&rules.FlagSpecial == 0 || mv.Aux < m.code || int(mv.Aux) >= int(m.code)+laChainCodes || !m.is(p.At(mv.From)) {
		return chainEffect{}, false
	}
	for _, e := range m.effects(p, mv.From) {
		if e.to == mv.To && e.index == int(mv.Aux-m.code) {
			return e, true
		}
	}
	return chainEffect{}, false
}

func (m *chainer) PlayMove(p *rules.Position, mv rules.Move) rules.Turn {
	e, _ := m.effectOf(p, mv)
	if mv.To != mv.From {
		p.Set(mv.To, p.At(mv.From))
		p.Set(mv.From, rules.NoPiece)
	}
	vs := e.victims.Squares()
	for _, v := range vs {
		stratRemove(p, v)
	}
	if len(vs) > 0 {
		return rules.EndsTurn | rules.ResetsClock
	}
	return rules.EndsTurn | rules.CountsPly
}

func pathText(b *rules.Board, path []rules.Square) string {
	var sb strings.Builder
	for _, sq := range path {
		sb.WriteString(b.Name(sq))
	}
	return sb.String()
}

func (m *chainer) FormatMove(p *rules.Position, mv rules.Move) (string, bool) {
	e, ok := m.effectOf(p, mv)
	if !ok {
		return "", false
	}
	text := pathText(p.Variant().Board, e.paths[0])
	if len(e.paths[0]) == 2 && m.clash(p, mv, text) {
		// Another piece's power moves the 連 between the same points (無
		// conjuring it onto a gap, 借 flying it): the jump takes the 連's
		// letter in front, as a general stepping off its 走 does (Ke2e3).
		return string(p.Variant().Kinds[m.kind].Letter) + text, true
	}
	return text, true
}

// clash reports whether another move of the position, not a 連 chain, is
// written text.
func (m *chainer) clash(p *rules.Position, mv rules.Move, text string) bool {
	for _, o := range p.PseudoMoves(nil) {
		if o.Flags&rules.FlagSpecial != 0 && o.Aux >= m.code && int(o.Aux) < int(m.code)+laChainCodes {
			continue
		}
		if rules.FormatCoord(p, o) == text {
			return true
		}
	}
	return false
}

// MoveAliases: every other chain with the same effect names the move too.
func (m *chainer) MoveAliases(p *rules.Position, mv rules.Move) []string {
	e, ok := m.effectOf(p, mv)
	if !ok {
		return nil
	}
	var out []string
	for _, path := range e.paths[1:] {
		out = append(out, pathText(p.Variant().Board, path))
	}
	return out
}

// Attacks: a 連 attacks every piece some chain of it would capture.
func (m *chainer) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	t := p.At(sq)
	if t.Empty() || t.Side() == by {
		return false
	}
	silent := p.Variant().NoCheckFlags
	for _, from := range m.squares(p, by) {
		if silent != 0 && p.At(from)&silent != 0 {
			continue
		}
		if walk(p, from, func(path, jumped []rules.Square) bool {
			vs := chainVictims(p, by, path, jumped)
			return vs.Has(sq)
		}) {
			return true
		}
	}
	return false
}

// Refusal explains a chain that is not one, and a step onto a piece.
func (m *chainer) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	b := p.Variant().Board
	s := p.ToMove()
	if mv.From != rules.NoSquare && mv.To != rules.NoSquare && mv.Flags&(rules.FlagSpecial|rules.FlagDrop) == 0 {
		pc := p.At(mv.From)
		if !m.is(pc) || pc.Side() != s {
			return rules.Texts{}
		}
		if df, dr := offset(b, mv.From, mv.To); abs(df) <= 1 && abs(dr) <= 1 && !p.At(mv.To).Empty() {
			return say("strat.chain.step_capture")
		}
		return m.explainChain(p, []rules.Square{mv.From, mv.To})
	}
	if mv != rules.NullMove {
		return rules.Texts{}
	}
	path := splitPoints(b, text)
	if len(path) < 3 || !m.is(p.At(path[0])) || p.At(path[0]).Side() != s {
		return rules.Texts{}
	}
	return m.explainChain(p, path)
}

// explainChain says what is wrong with the chain of landing points path, or
// nothing when it is a chain (then another rule forbids it).
func (m *chainer) explainChain(p *rules.Position, path []rules.Square) rules.Texts {
	b := p.Variant().Board
	from := path[0]
	occupied := func(sq rules.Square) bool { return sq != from && !p.At(sq).Empty() }
	var seen rules.SquareSet
	for i := 1; i < len(path); i++ {
		df, dr := offset(b, path[i-1], path[i])
		if !(abs(df) == 2 && (dr == 0 || abs(dr) == 2) || df == 0 && abs(dr) == 2) {
			return say("strat.chain.no_jump", b.Name(path[i-1])+b.Name(path[i]))
		}
		over := b.Step(path[i-1], df/2, dr/2)
		switch {
		case !occupied(over):
			return say("strat.chain.over_empty", b.Name(over))
		case occupied(path[i]):
			return say("strat.chain.land_occupied", b.Name(path[i]))
		case seen.Has(over):
			return say("strat.chain.twice", pieceWord(p, over))
		}
		seen.Add(over)
	}
	return rules.Texts{}
}

// splitPoints reads a text of point names run together ("c4e4c6c4"), or nil.
func splitPoints(b *rules.Board, text string) []rules.Square {
	var out []rules.Square
	for len(text) > 0 {
		n := 1
		for n < len(text) && text[n] >= '0' && text[n] <= '9' {
			n++
		}
		sq, ok := b.Parse(text[:n])
		if !ok || n == 1 {
			return nil
		}
		out = append(out, sq)
		text = text[n:]
	}
	return out
}
