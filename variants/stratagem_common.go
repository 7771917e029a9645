package variants

import (
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Helpers the stratagem piece modules share.

// stratMod is what every stratagem module knows: its piece and the kind index
// of that piece in the variant it is part of (found by letter in Init).
type stratMod struct {
	sp     *stratPiece
	letter byte
	kind   int
}

func (m *stratMod) ModuleName() string { return fmt.Sprintf("stratagem-%02d", m.sp.no) }

// Guide is the piece's /rules text (English; the bot shows the variant's
// three-language guide, which holds every piece's).
func (m *stratMod) Guide() string { return m.sp.guide.En }

func (m *stratMod) Init(c *rules.Claims) error {
	m.kind = c.Variant().KindByLetter(m.letter)
	if m.kind < 0 {
		return fmt.Errorf("no kind %c for the %s", m.letter, m.sp.glyph[0])
	}
	return nil
}

// is reports whether pc is this module's piece.
func (m *stratMod) is(pc rules.Piece) bool { return !pc.Empty() && pc.Kind() == m.kind }

// face is the piece's face in every language, for say.
func (m *stratMod) face() rules.Texts { return m.sp.face() }

// squares lists the points of side s's pieces of the module's kind.
func (m *stratMod) squares(p *rules.Position, s rules.Side) []rules.Square {
	var out []rules.Square
	b := p.Variant().Board
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		if pc := p.At(sq); m.is(pc) && pc.Side() == s {
			out = append(out, sq)
		}
	}
	return out
}

// stratRemove takes the piece on sq off the board as a capture by its enemy.
// With captured lists (07, 14) the piece joins its owner's list.
func stratRemove(p *rules.Position, sq rules.Square) {
	if pc := p.At(sq); p.Variant().Hands && !pc.Empty() && !p.Variant().Kinds[pc.Kind()].Royal {
		p.SetHand(pc.Side(), pc.Kind(), p.Hand(pc.Side(), pc.Kind())+1)
	}
	if !p.Under(sq).Empty() {
		p.SetUnder(sq, rules.NoPiece) // a stack goes whole: the general riding its 走 (36) too
	}
	p.Set(sq, rules.NoPiece)
	p.ResetCaptureClock()
}

// orthNeighbours returns the orthogonal neighbours of sq on the board (off-board
// directions are left out).
func orthNeighbours(b *rules.Board, sq rules.Square) []rules.Square {
	out := make([]rules.Square, 0, 4)
	for _, d := range rules.Dirs4 {
		if n := b.Step(sq, d[0], d[1]); n != rules.NoSquare {
			out = append(out, n)
		}
	}
	return out
}

// adjacentOrth reports whether a and b are orthogonal neighbours.
func adjacentOrth(b *rules.Board, a, c rules.Square) bool {
	af, ar, _ := b.Coords(a)
	cf, cr, _ := b.Coords(c)
	return abs(af-cf)+abs(ar-cr) == 1
}

// offset returns c's file and rank offset from a.
func offset(b *rules.Board, a, c rules.Square) (int, int) {
	af, ar, _ := b.Coords(a)
	cf, cr, _ := b.Coords(c)
	return cf - af, cr - ar
}

// clearBetween reports whether every point strictly between from and to on a
// rank or file is empty, and how far apart they are; ok=false when they do not
// share a line.
func clearBetween(p *rules.Position, from, to rules.Square) (clear bool, dist int, ok bool) {
	b := p.Variant().Board
	df, dr := offset(b, from, to)
	if (df != 0 && dr != 0) || (df == 0 && dr == 0) {
		return false, 0, false
	}
	dist = abs(df) + abs(dr)
	sf, sr := sign(df), sign(dr)
	for i := 1; i < dist; i++ {
		if !p.At(b.Step(from, sf*i, sr*i)).Empty() {
			return false, dist, true
		}
	}
	return true, dist, true
}

// isHorseOffset reports a 日 offset.
func isHorseOffset(df, dr int) bool {
	return (abs(df) == 1 && abs(dr) == 2) || (abs(df) == 2 && abs(dr) == 1)
}

// pieceWord names a piece for a refusal in every language: "the 車 on e5",
// "e5 的車".
func pieceWord(p *rules.Position, sq rules.Square) rules.Texts {
	return pieceWordOf(p.Variant(), p.At(sq), sq)
}

// pieceWordOf is pieceWord for the piece pc on sq.
func pieceWordOf(v *rules.Variant, pc rules.Piece, sq rules.Square) rules.Texts {
	name := v.Board.Name(sq)
	if pc.Empty() {
		return say("strat.empty_point", name)
	}
	return say("strat.piece_on", glyphText(&v.Kinds[pc.Kind()], pc.Side()), name)
}

// moverSide is the side that made the move m just made on p (for AfterMove and
// Legal).
func moverSide(p *rules.Position, m rules.Move) rules.Side {
	if p.MidTurn() {
		return p.ToMove()
	}
	return p.ToMove().Other()
}

// stratEffects is the series' announcer: after a move it names the pieces the
// move removed besides its own capture (enclosure, mass removal, the 聲's
// jump) and the pieces it froze (牽), for the chat under the board. One per
// game, whatever its pieces.
type stratEffects struct{}

func (stratEffects) ModuleName() string { return "stratagem-effects" }

// AttackNeutral: it only reports.
func (stratEffects) AttackNeutral() {}

func (stratEffects) Announce(p *rules.Position, m rules.Move) []rules.Fact {
	v := p.Variant()
	b := v.Board
	c := p.Clone()
	mover := c.ToMove()
	c.Make(m)
	var removed, frozen [2][]rules.Shown
	// An enemy piece that left its point is removed unless a piece of its kind
	// arrived somewhere (an enemy piece moved by a 柱 or a borrowed move).
	var arrived [2]map[int]int
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		if before, after := p.At(sq), c.At(sq); !after.Empty() && (before.Empty() || before.Kind() != after.Kind() || before.Side() != after.Side()) {
			if arrived[after.Side()] == nil {
				arrived[after.Side()] = map[int]int{}
			}
			arrived[after.Side()][after.Kind()]++
		}
	}
	for sq := rules.Square(0); int(sq) < b.NumSquares(); sq++ {
		before, after := p.At(sq), c.At(sq)
		if !before.Empty() && before.Side() != mover && after.Empty() && sq != m.To {
			if s, k := before.Side(), before.Kind(); arrived[s][k] > 0 {
				arrived[s][k]--
			} else {
				removed[s] = append(removed[s], shownOf(v, sq, before))
			}
		}
		if after.Has(rules.FlagFrozen) && !(before.Has(rules.FlagFrozen) && before.Kind() == after.Kind()) {
			frozen[after.Side()] = append(frozen[after.Side()], shownOf(v, sq, after))
		}
	}
	var out []rules.Fact
	for s := rules.Red; s <= rules.Black; s++ {
		if len(removed[s]) > 0 {
			t := say("strat.fact_removed", sideText(s), shownList(v, removed[s]))
			out = append(out, rules.Fact{What: "removed", Side: s, Pieces: removed[s], Text: t.En, Texts: t})
		}
		if len(frozen[s]) > 0 {
			t := say("strat.fact_pinned", sideText(s), shownList(v, frozen[s]))
			out = append(out, rules.Fact{What: "frozen", Side: s, Pieces: frozen[s], Text: t.En, Texts: t})
		}
	}
	return out
}

func shownOf(v *rules.Variant, sq rules.Square, pc rules.Piece) rules.Shown {
	k := v.Kinds[pc.Kind()]
	return rules.Shown{Square: sq, Side: pc.Side(), Letter: k.Letter, Name: k.Name}
}

// shownList names the pieces in every language: "chariot e5, horse b2" in
// English, "e5 車、b2 馬" in Chinese.
func shownList(v *rules.Variant, ps []rules.Shown) rules.Texts {
	var en, hant, hans []string
	for _, s := range ps {
		at := v.Board.Name(s.Square)
		face := pieceText(&v.Kinds[v.KindByLetter(s.Letter)], s.Side)
		en = append(en, s.Name+" "+at)
		hant = append(hant, at+" "+face.Hant)
		hans = append(hans, at+" "+face.Hans)
	}
	return rules.Texts{En: strings.Join(en, ", "), Hant: strings.Join(hant, "、"), Hans: strings.Join(hans, "、")}
}
