package variants

import (
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// shanshuiRule is shanshui.md's special rules as one module: the flip (翻面)
// after a capture or a check answered, the minister's (丞) captures of the
// pieces it jumps, the 雄's transformation (變化), the facing of two ordinary
// kings, and the captured piles (the hands).
//
// Special-move codes, from base: 0 an ordinary move ending in a flip (From,
// To); 1 a minister's capture (From, To); 2 the same ending in a flip; 3.. a
// 雄 on From turning into the kind shanshuiChange[Aux-base-3].
type shanshuiRule struct {
	b    *rules.Board
	base uint8
	// bigTian are the big 田 lines of each side: from, the two points passed,
	// to (d0 c1 b2 a3 and back, h0 i1 j2 k3 and back; Black rotated).
	bigTian [2][][4]rules.Square
	field   [2]rules.SquareSet // where a 田 starts: the elephant field
	own     [2]rules.SquareSet
}

// shanshuiChange are the kinds a 雄 may turn into: the faces of the chariot,
// horse, cannon and soldier discs.
var shanshuiChange = [...]int{Chariot, ShanshuiCarriage, Horse, ShanshuiCamel, Cannon, ShanshuiSpear, Soldier, ShanshuiHero}

const (
	ssFlip = iota
	ssTake
	ssTakeFlip
	ssChange
)

func newShanshuiRule(b *rules.Board) *shanshuiRule {
	r := &shanshuiRule{b: b}
	for s := rules.Red; s <= rules.Black; s++ {
		r.field[s] = b.Zones["elephant field"][s]
		r.own[s] = b.Zones["own"][s]
		for _, line := range [][4]string{{"d0", "c1", "b2", "a3"}, {"h0", "i1", "j2", "k3"}} {
			var fwd, back [4]rules.Square
			for i, n := range line {
				sq := mustSquare(b, n)
				if s == rules.Black {
					sq = b.Mirror(sq)
				}
				fwd[i], back[3-i] = sq, sq
			}
			r.bigTian[s] = append(r.bigTian[s], fwd, back)
		}
	}
	return r
}

func (*shanshuiRule) ModuleName() string { return "shanshui" }

func (r *shanshuiRule) Init(c *rules.Claims) (err error) {
	r.base, err = c.Codes(ssChange + len(shanshuiChange))
	return err
}

func (*shanshuiRule) Guide() string {
	return "Flip: a move that captures or answers a check may end with the piece turned over (b0b7*). " +
		"Change: a 雄 may become a captured disc of yours that an enemy piece behind it shows (e6=R)."
}

func (r *shanshuiRule) code(m rules.Move) int {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux < r.base {
		return -1
	}
	return int(m.Aux - r.base)
}

func (r *shanshuiRule) special(from, to rules.Square, code int) rules.Move {
	return rules.Move{From: from, To: to, Flags: rules.FlagSpecial, Aux: r.base + uint8(code)}
}

// AddMoves adds the flipping twin of every ordinary move that captures (or of
// every ordinary move when the mover is in check), the minister's captures with
// and without a flip, and the 雄's changes. out holds the position's ordinary
// pseudo-legal moves (PseudoMoves calls the adders last).
func (r *shanshuiRule) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	check := p.InCheck()
	n := len(out)
	for i := 0; i < n; i++ {
		m := out[i]
		if m.Flags&(rules.FlagSpecial|rules.FlagDrop|rules.FlagPass) != 0 {
			continue
		}
		if pc := p.At(m.From); pc.Empty() || pc.Side() != s {
			continue
		}
		if check || m.Flags&rules.FlagCapture != 0 {
			out = append(out, r.special(m.From, m.To, ssFlip))
		}
	}
	for sq := rules.Square(0); int(sq) < r.b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() || pc.Side() != s {
			continue
		}
		switch pc.Kind() {
		case ShanshuiMinister:
			out = r.ministerTakes(p, sq, out)
		case ShanshuiHero:
			out = r.changes(p, sq, out)
		}
	}
	return out
}

// ministerTakes adds the minister's captures from sq: a 田 over an enemy on the
// eye, and the big 田 over one or two enemies and no own piece.
func (r *shanshuiRule) ministerTakes(p *rules.Position, sq rules.Square, out []rules.Move) []rules.Move {
	s := p.ToMove()
	add := func(to rules.Square) {
		out = append(out, r.special(sq, to, ssTake), r.special(sq, to, ssTakeFlip))
	}
	if r.field[s].Has(sq) {
		f, rk, _ := r.b.Coords(sq)
		for _, d := range rules.Diag4 {
			eye, to := r.b.At(f+d[0], rk+d[1]), r.b.At(f+2*d[0], rk+2*d[1])
			if eye == rules.NoSquare || to == rules.NoSquare || !r.own[s].Has(to) || !p.At(to).Empty() {
				continue
			}
			if e := p.At(eye); !e.Empty() && e.Side() != s {
				add(to)
			}
		}
	}
	for _, l := range r.bigTian[s] {
		if l[0] != sq || !p.At(l[3]).Empty() {
			continue
		}
		enemies, own := 0, 0
		for _, x := range l[1:3] {
			if e := p.At(x); !e.Empty() {
				if e.Side() == s {
					own++
				} else {
					enemies++
				}
			}
		}
		if own == 0 && enemies > 0 {
			add(l[3])
		}
	}
	return out
}

// behind lists the kinds of the enemy pieces behind the 雄 on sq, on its file
// towards its own side.
func (r *shanshuiRule) behind(p *rules.Position, sq rules.Square) (kinds [ShanshuiHero + 1]bool) {
	s := p.At(sq).Side()
	f, rk, _ := r.b.Coords(sq)
	step := -1
	if s == rules.Black {
		step = 1
	}
	for y := rk + step; y >= 0 && y < r.b.Height; y += step {
		x := r.b.At(f, y)
		if x == rules.NoSquare {
			continue
		}
		if e := p.At(x); !e.Empty() && e.Side() != s {
			kinds[e.Kind()] = true
		}
	}
	return kinds
}

func (r *shanshuiRule) changes(p *rules.Position, sq rules.Square, out []rules.Move) []rules.Move {
	s := p.ToMove()
	seen := r.behind(p, sq)
	for i, k := range shanshuiChange {
		if seen[k] && p.Hand(s, shanshuiDisc(k)) > 0 {
			out = append(out, r.special(sq, sq, ssChange+i))
		}
	}
	return out
}

// take puts the piece on sq, if any, on its owner's captured pile.
func (r *shanshuiRule) take(p *rules.Position, sq rules.Square) bool {
	pc := p.At(sq)
	if pc.Empty() {
		return false
	}
	d := shanshuiDisc(pc.Kind())
	p.SetHand(pc.Side(), d, p.Hand(pc.Side(), d)+1)
	p.Set(sq, rules.NoPiece)
	return true
}

func flipped(pc rules.Piece) rules.Piece {
	return rules.NewPiece(shanshuiFlip[pc.Kind()], pc.Side())
}

func (r *shanshuiRule) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	c := r.code(m)
	mover := p.At(m.From)
	took := false
	switch {
	case c >= ssChange:
		s := mover.Side()
		k := shanshuiChange[c-ssChange]
		d := shanshuiDisc(k)
		p.SetHand(s, d, p.Hand(s, d)-1)
		p.SetHand(s, Soldier, p.Hand(s, Soldier)+1)
		p.Set(m.From, rules.NewPiece(k, s))
		return rules.EndsTurn | rules.CountsPly
	case c == ssFlip:
		took = r.take(p, m.To)
	default: // the minister's captures
		f0, r0, _ := r.b.Coords(m.From)
		f1, r1, _ := r.b.Coords(m.To)
		df, dr := sign(f1-f0), sign(r1-r0)
		for f, rk := f0+df, r0+dr; f != f1; f, rk = f+df, rk+dr {
			if x := r.b.At(f, rk); x != rules.NoSquare && p.At(x).Side() != mover.Side() {
				took = r.take(p, x) || took
			}
		}
	}
	if c == ssFlip || c == ssTakeFlip {
		mover = flipped(mover)
	}
	p.Set(m.From, rules.NoPiece)
	p.Set(m.To, mover)
	if took {
		return rules.EndsTurn | rules.ResetsClock
	}
	return rules.EndsTurn | rules.CountsPly
}

// AfterMove puts what an ordinary move took on its owner's pile (the special
// moves did it themselves).
func (r *shanshuiRule) AfterMove(p *rules.Position, m rules.Move) {
	if m.Flags&rules.FlagSpecial != 0 {
		return
	}
	if pc := p.Captured(); !pc.Empty() {
		d := shanshuiDisc(pc.Kind())
		p.SetHand(pc.Side(), d, p.Hand(pc.Side(), d)+1)
	}
}

// Legal: two ordinary kings may not face on an open file (a 君 faces by its
// own attack atoms).
func (r *shanshuiRule) Legal(p *rules.Position, m rules.Move) bool {
	if p.NumRoyals(rules.Red) != 1 || p.NumRoyals(rules.Black) != 1 {
		return true
	}
	a, b := p.RoyalAt(rules.Red, 0), p.RoyalAt(rules.Black, 0)
	if p.At(a).Kind() != King || p.At(b).Kind() != King {
		return true
	}
	fa, ra, _ := r.b.Coords(a)
	fb, rb, _ := r.b.Coords(b)
	if fa != fb {
		return true
	}
	for y := ra + 1; y < rb; y++ {
		if x := r.b.At(fa, y); x != rules.NoSquare && !p.At(x).Empty() {
			return true
		}
	}
	return false
}

// Validate: a disc type has at most as many discs as the standard set, on the
// board and in the pile together.
func (r *shanshuiRule) Validate(p *rules.Position) error {
	max := [Soldier + 1]int{King: 1, Advisor: 2, Elephant: 2, Horse: 2, Chariot: 2, Cannon: 2, Soldier: 5}
	for s := rules.Red; s <= rules.Black; s++ {
		var n [Soldier + 1]int
		for sq := rules.Square(0); int(sq) < r.b.NumSquares(); sq++ {
			if pc := p.At(sq); !pc.Empty() && pc.Side() == s {
				n[shanshuiDisc(pc.Kind())]++
			}
		}
		for k := range n {
			n[k] += p.Hand(s, k)
			if n[k] > max[k] {
				return fmt.Errorf("%s has %d %s discs, at most %d", s, n[k], p.Variant().Kinds[k].Name, max[k])
			}
		}
	}
	return nil
}

func (r *shanshuiRule) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	c := r.code(m)
	if c < 0 {
		return "", false
	}
	from, to := r.b.Name(m.From), r.b.Name(m.To)
	switch {
	case c >= ssChange:
		return from + "=" + string(p.Variant().Kinds[shanshuiChange[c-ssChange]].Letter), true
	case c == ssTake:
		return from + to, true
	}
	return from + to + "*", true
}

func (r *shanshuiRule) MoveAliases(p *rules.Position, m rules.Move) []string {
	c := r.code(m)
	if c < 0 {
		return nil
	}
	t, _ := r.FormatMove(p, m)
	if c >= ssChange {
		return []string{t, strings.TrimSuffix(t, t[len(t)-1:]) + strings.ToLower(t[len(t)-1:])}
	}
	return nil
}

// Refusal explains a flip or a change that the position does not allow.
func (r *shanshuiRule) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	switch {
	case strings.HasSuffix(text, "*"):
		return say("shanshui.flip_when")
	case m.From != rules.NoSquare && m.Flags&rules.FlagSpecial == 0:
		for _, x := range p.PseudoMoves(nil) {
			if x.From != m.From || x.To != m.To || x.Flags&rules.FlagSpecial != 0 {
				continue
			}
			p.Make(x)
			facing := !r.Legal(p, x)
			p.Unmake()
			if facing {
				return say("shanshui.facing")
			}
		}
	case strings.Contains(text, "="):
		return say("shanshui.hero_change")
	}
	return rules.Texts{}
}
