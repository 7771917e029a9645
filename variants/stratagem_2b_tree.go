package variants

import (
	"github.com/chuhe/chuhe/rules"
)

// Piece 29 樹 (樹上開花, deck the tree with false blossoms): a chariot that
// never stops on file e, whose vertical moves pass over a river line (rank 4
// or 5 strictly between start and end) and whose horizontal moves pass over
// file e. No atom says "pass over", so the kind has no atoms: the module makes
// its moves and captures, and attacks what it could capture.

type tree struct{ stratMod }

// centreFile is file e.
const centreFile = 4

// treeMay reports whether a 樹 may go from from to to along a clear line, and
// if not, why: the key of the reason's text (the move generator asks, so no
// words are made here).
func treeMay(b *rules.Board, from, to rules.Square) (bool, string) {
	f0, r0, _ := b.Coords(from)
	f1, r1, _ := b.Coords(to)
	switch {
	case f1 == centreFile:
		return false, "strat.tree.centre"
	case f0 == f1 && !(between(r0, r1, 4) || between(r0, r1, 5)):
		return false, "strat.tree.river"
	case r0 == r1 && !between(f0, f1, centreFile):
		return false, "strat.tree.file_e"
	}
	return true, ""
}

// between reports whether x lies strictly between a and c.
func between(a, c, x int) bool { return min(a, c) < x && x < max(a, c) }

func (m *tree) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	b := p.Variant().Board
	for _, from := range m.squares(p, s) {
		if !p.Movable(from) {
			continue
		}
		for _, d := range rules.Dirs4 {
			for to := b.Step(from, d[0], d[1]); to != rules.NoSquare; to = b.Step(to, d[0], d[1]) {
				t := p.At(to)
				if ok, _ := treeMay(b, from, to); ok {
					switch {
					case t.Empty():
						out = append(out, rules.Move{From: from, To: to})
					case t.Side() != s && p.Capturable(from, to):
						out = append(out, rules.Move{From: from, To: to, Flags: rules.FlagCapture})
					}
				}
				if !t.Empty() {
					break
				}
			}
		}
	}
	return out
}

func (m *tree) Attacks(p *rules.Position, sq rules.Square, by rules.Side) bool {
	b := p.Variant().Board
	for _, from := range m.checkers(p, by) {
		if clear, _, line := clearBetween(p, from, sq); line && clear {
			if ok, _ := treeMay(b, from, sq); ok {
				return true
			}
		}
	}
	return false
}

func (m *tree) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	if _, ok := m.ownMove(p, mv); !ok {
		return rules.Texts{}
	}
	b := p.Variant().Board
	clear, _, line := clearBetween(p, mv.From, mv.To)
	if !line {
		return say("strat.line_only", m.face())
	}
	if !clear {
		return say("strat.tree.blocked", b.Name(mv.To))
	}
	if _, why := treeMay(b, mv.From, mv.To); why != "" {
		return say(why)
	}
	return rules.Texts{}
}
