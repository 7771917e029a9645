package variants

import (
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Piece 25 柱 (偷梁換柱, steal the beams and change the pillars): it moves as a
// cannon moves and jumps but never captures, and it may drag one chariot,
// horse or cannon of either side along: the first piece on one of its lines,
// or the second across one piece. The linked piece moves first, by the same
// displacement and the same kind of move (slide or hop over one piece), then
// the 柱 moves on the board that left. A linked move is a special move written
// `c2e2+c5e5`; its code says which piece is linked (direction and first or
// second piece on that line), so eight codes cover every linkage. The dragged
// piece is locked for the next two plies (flagLinked, FEN `linked=a6:2`).

// flagLinked marks a piece a 柱 just dragged.
const flagLinked = rules.FlagCustom << 3

var pillarLock = pieceLock{flag: flagLinked, key: "linked", by: say("strat.pillar.lock_by")}

type pillar struct {
	stratMod
	code uint8 // first of eight: code + 2*direction + (0 first piece, 1 second)
}

// Extend: a locked piece gives no check.
func (m *pillar) Extend(v *rules.Variant) error {
	v.NoCheckFlags |= flagLinked
	return nil
}

func (m *pillar) Init(c *rules.Claims) error {
	if err := m.stratMod.Init(c); err != nil {
		return err
	}
	var err error
	if m.code, err = c.Codes(8); err != nil {
		return err
	}
	return c.Field(pillarLock.field())
}

// linkable reports whether the piece on sq may be dragged: a chariot, horse or
// cannon of either side that may move now.
func linkable(p *rules.Position, sq rules.Square) bool {
	switch p.At(sq).Kind() {
	case Chariot, Horse, Cannon:
		return p.Movable(sq)
	}
	return false
}

// linkedFrom returns the point of the piece a linkage of code index i drags
// from the 柱 on from, or NoSquare.
func linkedFrom(p *rules.Position, from rules.Square, i int) rules.Square {
	d := rules.Dirs4[i/2]
	sq := firstPiece(p, from, d[0], d[1])
	if i%2 == 1 && sq != rules.NoSquare {
		sq = firstPiece(p, sq, d[0], d[1])
	}
	return sq
}

// pathKind walks n points from sq by d on a board where at says what stands
// where: 0 for a slide, 1 for a hop over one piece, -1 when the landing point
// is off the board or occupied or more pieces are passed.
func pathKind(b *rules.Board, sq rules.Square, d [2]int, n int, at func(rules.Square) rules.Piece) (rules.Square, int) {
	screens := 0
	for i := 1; i <= n; i++ {
		if sq = b.Step(sq, d[0], d[1]); sq == rules.NoSquare {
			return rules.NoSquare, -1
		}
		if !at(sq).Empty() {
			if i == n {
				return rules.NoSquare, -1
			}
			screens++
		}
	}
	if screens > 1 {
		return rules.NoSquare, -1
	}
	return sq, screens
}

// Why a linked move fails (linkage), for linkFailure to put in words.
const (
	linkOK         = iota
	linkBlocked    // the linked piece cannot go that far that way
	linkAfter      // the 柱 cannot go so after the linked piece moved
	linkSlidesHops // the linked piece slides but the 柱 hops
	linkHopsSlides // the linked piece hops but the 柱 slides
)

// linkage plays through the linked move of the 柱 on from dragging the piece on
// l by n points along d: where the piece and the 柱 land, or why not (a link
// constant; the move generator asks, so no words are made here).
func linkage(p *rules.Position, from, l rules.Square, d [2]int, n int) (lTo, to rules.Square, fail int) {
	b := p.Variant().Board
	lTo, kind := pathKind(b, l, d, n, p.At)
	if kind < 0 {
		return rules.NoSquare, rules.NoSquare, linkBlocked
	}
	lpc := p.At(l)
	after := func(sq rules.Square) rules.Piece {
		switch sq {
		case l:
			return rules.NoPiece
		case lTo:
			return lpc
		}
		return p.At(sq)
	}
	to, kind2 := pathKind(b, from, d, n, after)
	if kind2 != kind {
		switch {
		case kind2 < 0:
			return rules.NoSquare, rules.NoSquare, linkAfter
		case kind == 0:
			return rules.NoSquare, rules.NoSquare, linkSlidesHops
		}
		return rules.NoSquare, rules.NoSquare, linkHopsSlides
	}
	return lTo, to, linkOK
}

// linkFailure says why linkage failed to drag the piece on l by n points.
func linkFailure(p *rules.Position, l rules.Square, n, fail int) rules.Texts {
	switch fail {
	case linkBlocked:
		return say("strat.pillar.blocked", pieceWord(p, l), n)
	case linkAfter:
		return say("strat.pillar.after", pieceWord(p, l), n)
	case linkSlidesHops:
		return say("strat.pillar.slides_hops")
	case linkHopsSlides:
		return say("strat.pillar.hops_slides")
	}
	return rules.Texts{}
}

func (m *pillar) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	b := p.Variant().Board
	for _, from := range m.squares(p, p.ToMove()) {
		if !p.Movable(from) {
			continue
		}
		// Jumps over one piece (the atoms make the slides).
		for _, d := range rules.Dirs4 {
			if screen := firstPiece(p, from, d[0], d[1]); screen != rules.NoSquare {
				for q := b.Step(screen, d[0], d[1]); q != rules.NoSquare && p.At(q).Empty(); q = b.Step(q, d[0], d[1]) {
					out = append(out, rules.Move{From: from, To: q})
				}
			}
		}
		for i := 0; i < 8; i++ {
			l := linkedFrom(p, from, i)
			if l == rules.NoSquare || !linkable(p, l) {
				continue
			}
			for _, d := range rules.Dirs4 {
				for n := 1; n < 10; n++ {
					if _, to, fail := linkage(p, from, l, d, n); fail == linkOK {
						out = append(out, rules.Move{From: from, To: to, Flags: rules.FlagSpecial, Aux: m.code + uint8(i)})
					}
				}
			}
		}
	}
	return out
}

// ofMove returns the dragged piece's point and the displacement of a linked move.
func (m *pillar) ofMove(p *rules.Position, mv rules.Move) (l rules.Square, d [2]int, n int) {
	df, dr := offset(p.Variant().Board, mv.From, mv.To)
	n = abs(df) + abs(dr)
	return linkedFrom(p, mv.From, int(mv.Aux-m.code)), [2]int{sign(df), sign(dr)}, n
}

// PlayMove: the linked piece moves first and is locked; then the 柱.
func (m *pillar) PlayMove(p *rules.Position, mv rules.Move) rules.Turn {
	l, d, n := m.ofMove(p, mv)
	lTo, to, _ := linkage(p, mv.From, l, d, n)
	lpc, zhu := p.At(l), p.At(mv.From)
	p.Set(l, rules.NoPiece)
	pillarLock.set(p, lTo, lpc, 2)
	p.Set(mv.From, rules.NoPiece)
	p.Set(to, zhu)
	return rules.EndsTurn | rules.CountsPly
}

// AfterMove: the locks count down.
func (m *pillar) AfterMove(p *rules.Position, mv rules.Move) { pillarLock.tick(p) }

// MayMove: a locked piece does not move.
func (m *pillar) MayMove(p *rules.Position, sq rules.Square) bool { return !pillarLock.locked(p, sq) }

func (m *pillar) FormatMove(p *rules.Position, mv rules.Move) (string, bool) {
	if mv.Flags&rules.FlagSpecial == 0 || mv.Aux < m.code || mv.Aux >= m.code+8 {
		return "", false
	}
	b := p.Variant().Board
	l, d, n := m.ofMove(p, mv)
	lTo, _, _ := linkage(p, mv.From, l, d, n)
	return b.Name(mv.From) + b.Name(mv.To) + "+" + b.Name(l) + b.Name(lTo), true
}

func (m *pillar) MoveAliases(p *rules.Position, mv rules.Move) []string { return nil }

// splitTwo reads two point names written together ("c5e5").
func splitTwo(b *rules.Board, s string) (rules.Square, rules.Square, bool) {
	for i := 2; i < len(s)-1; i++ {
		a, ok1 := b.Parse(s[:i])
		c, ok2 := b.Parse(s[i:])
		if ok1 && ok2 {
			return a, c, true
		}
	}
	return rules.NoSquare, rules.NoSquare, false
}

func (m *pillar) RefusalTexts(p *rules.Position, text string, mv rules.Move) rules.Texts {
	b := p.Variant().Board
	if mv == rules.NullMove && strings.Contains(text, "+") {
		return m.linkRefusal(p, text)
	}
	if mv.From == rules.NoSquare || mv.To == rules.NoSquare || mv.Flags&rules.FlagSpecial != 0 {
		return rules.Texts{}
	}
	pc := p.At(mv.From)
	if pc.Empty() || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	if why := pillarLock.refusal(p, mv.From); !why.IsZero() {
		return why
	}
	if !m.is(pc) {
		return rules.Texts{}
	}
	if t := p.At(mv.To); !t.Empty() {
		if t.Side() != pc.Side() {
			return say("strat.never_captures", m.face())
		}
		return rules.Texts{}
	}
	if clear, _, line := clearBetween(p, mv.From, mv.To); line && !clear {
		return say("strat.pillar.jump", b.Name(mv.To))
	}
	return rules.Texts{}
}

// linkRefusal explains why a linked move `c2e2+c5e5` cannot be played.
func (m *pillar) linkRefusal(p *rules.Position, text string) rules.Texts {
	b := p.Variant().Board
	zhuText, linkText, _ := strings.Cut(text, "+")
	from, to, ok1 := splitTwo(b, zhuText)
	l, lTo, ok2 := splitTwo(b, linkText)
	if !ok1 || !ok2 {
		return rules.Texts{}
	}
	pc := p.At(from)
	if !m.is(pc) || pc.Side() != p.ToMove() {
		return rules.Texts{}
	}
	if why := pillarLock.refusal(p, l); !why.IsZero() {
		return why
	}
	switch k := p.At(l).Kind(); {
	case p.At(l).Empty():
		return say("strat.pillar.no_piece", b.Name(l))
	case k != Chariot && k != Horse && k != Cannon:
		return say("strat.pillar.kinds")
	case !p.Movable(l):
		return say("strat.pillar.immovable", pieceWord(p, l))
	}
	i := -1
	for j := 0; j < 8; j++ {
		if linkedFrom(p, from, j) == l {
			i = j
		}
	}
	if i < 0 {
		return say("strat.pillar.not_linkable", pieceWord(p, l))
	}
	df, dr := offset(b, from, to)
	lf, lr := offset(b, l, lTo)
	if df != 0 && dr != 0 || df == 0 && dr == 0 {
		return say("strat.line_only", m.face())
	}
	if df != lf || dr != lr {
		return say("strat.pillar.displacement", b.Name(l), nameOr(b, b.Step(l, df, dr)), b.Name(l)+b.Name(lTo))
	}
	n := abs(df) + abs(dr)
	if _, _, fail := linkage(p, from, l, [2]int{sign(df), sign(dr)}, n); fail != linkOK {
		return linkFailure(p, l, n, fail)
	}
	return rules.Texts{}
}

// nameOr is sq's name, or words for a point off the board, in every language.
func nameOr(b *rules.Board, sq rules.Square) rules.Texts {
	if sq == rules.NoSquare {
		return say("strat.off_board")
	}
	n := b.Name(sq)
	return rules.Texts{En: n, Hant: n, Hans: n}
}
