package variants

import (
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// disandai's moves: the flips (`sq!`), the double flip (`@sq`), the 驫's moves
// by the rule of the opponent's last move, and the rules that watch over them.

// count is the number of side s's pieces of kind k.
func (r *disandaiRule) count(p *rules.Position, s rules.Side, k int) int {
	n := 0
	for sq := rules.Square(0); int(sq) < r.b.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Side() == s && pc.Kind() == k {
			n++
		}
	}
	return n
}

// baseRank is the enemy base line of side s.
func (r *disandaiRule) baseRank(s rules.Side) int {
	if s == rules.Red {
		return r.b.Height - 1
	}
	return 0
}

// canFlip reports whether the piece on sq of the side to move may flip now
// (rules 1, 3, 4, 5): what it becomes is its back's business, never the
// legality's, so that no refusal tells a back.
func (r *disandaiRule) canFlip(p *rules.Position, sq rules.Square) bool {
	pc := p.At(sq)
	s := pc.Side()
	switch pc.Kind() {
	case DdMisflipped:
		return true
	case Soldier:
		_, rank, _ := r.b.Coords(sq)
		return rank == r.baseRank(s) && pc.Counter() != 0
	case Advisor:
		// The 臣 flip: the only disc of the side showing 士, and not the old
		// general's disc (whose back is known to be the general).
		return r.count(p, s, Advisor) == 1 && !(pc.Has(ddAlt) && pc.Has(ddPublic))
	case Elephant, Chariot, Horse, Cannon:
		return r.count(p, s, pc.Kind()) == 1
	}
	return false
}

// misflipped returns side s's misflipped soldier, or NoSquare.
func (r *disandaiRule) misflipped(p *rules.Position, s rules.Side) rules.Square {
	for sq := rules.Square(0); int(sq) < r.b.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Side() == s && pc.Kind() == DdMisflipped {
			return sq
		}
	}
	return rules.NoSquare
}

func (r *disandaiRule) AddMoves(p *rules.Position, out []rules.Move) []rules.Move {
	s := p.ToMove()
	if w := r.misflipped(p, s); w != rules.NoSquare {
		return append(out, rules.Move{From: w, To: w, Flags: rules.FlagSpecial, Aux: r.flip})
	}
	king := rules.NoSquare
	for sq := rules.Square(0); int(sq) < r.b.NumSquares(); sq++ {
		pc := p.At(sq)
		if pc.Empty() || pc.Side() != s {
			continue
		}
		switch {
		case pc.Kind() == King:
			king = sq
		case pc.Kind() == DdStampede:
			out = r.stampedeMoves(p, sq, out)
		}
		if r.canFlip(p, sq) {
			out = append(out, rules.Move{From: sq, To: sq, Flags: rules.FlagSpecial, Aux: r.flip})
		}
	}
	if king != rules.NoSquare && p.Var(r.doubled[s]) == 0 && r.inCheckNoStampede(p) {
		for _, a := range r.ofKind(p, s, Advisor) {
			out = append(out, rules.Move{From: king, To: a, Flags: rules.FlagSpecial, Aux: r.double})
		}
	}
	return out
}

// inCheckNoStampede is check as rules 1 and 2 see it: 驫 threats ignored.
func (r *disandaiRule) inCheckNoStampede(p *rules.Position) bool {
	if !p.InCheck() {
		return false
	}
	if r.count(p, p.ToMove().Other(), DdStampede) == 0 {
		return true
	}
	q := p.Clone()
	q.SetVar(r.scratch, 1)
	return q.InCheck()
}

// flipResult is what the piece pc becomes by its flip, and whether the flip
// is a wrong one that loses (an advisor whose back is the general).
func (r *disandaiRule) flipResult(pc rules.Piece, sq rules.Square) (rules.Piece, bool) {
	s := pc.Side()
	switch k := pc.Kind(); k {
	case DdMisflipped:
		return rules.NewPiece(Soldier, s).WithCounter(pc.Counter()).With(ddPublic, true), false
	case Soldier:
		back := pc.Counter()
		f, _, _ := r.b.Coords(sq)
		for _, vf := range ddValidFiles[back] {
			if int(vf-'a') == f {
				return rules.NewPiece(ddFlipTo[back], s), false
			}
		}
		return rules.NewPiece(DdMisflipped, s).WithCounter(back).With(ddPublic, true), false
	case Advisor:
		if pc.Has(ddAlt) {
			return pc, true
		}
		return rules.NewPiece(DdMinister, s), false
	default:
		pr := ddPair[k]
		if pc.Has(ddAlt) {
			return rules.NewPiece(pr.altK, s), false
		}
		return rules.NewPiece(pr.plainK, s), false
	}
}

func (r *disandaiRule) PlayMove(p *rules.Position, m rules.Move) rules.Turn {
	s := p.ToMove()
	switch m.Aux {
	case r.flip:
		pc := p.At(m.From)
		to, wrong := r.flipResult(pc, m.From)
		if pc.Kind() == Soldier {
			p.SetVar(r.revealed[s], p.Var(r.revealed[s])|1<<pc.Counter())
		}
		if wrong {
			p.SetVar(r.lost, int32(s)+1)
		}
		p.Set(m.From, to)
		return rules.EndsTurn | rules.CountsPly
	case r.double:
		named := p.At(m.To)
		if !named.Has(ddAlt) {
			p.SetVar(r.lost, int32(s)+1) // 翻錯即為輸棋
		} else if !named.Has(ddPublic) {
			// The other original advisor's back is the 臣: everybody knows now.
			for _, a := range r.ofKind(p, s, Advisor) {
				if a != m.To && !p.At(a).Has(ddAlt) {
					p.Set(a, p.At(a).With(ddPublic, true))
				}
			}
		}
		// The swap is made either way, so that its legality (the new general
		// safe) never depends on the back.
		p.Set(m.From, rules.NewPiece(Advisor, s).With(ddAlt|ddPublic, true))
		p.Set(m.To, rules.NewPiece(King, s))
		p.SetVar(r.doubled[s], 1)
		return rules.EndsTurn | rules.CountsPly
	default: // r.stamp
		took := !p.At(m.To).Empty()
		p.Set(m.To, p.At(m.From))
		p.Set(m.From, rules.NoPiece)
		if took {
			return rules.EndsTurn | rules.ResetsClock
		}
		return rules.EndsTurn | rules.CountsPly
	}
}

// AfterMove records the rule the mover showed (rule 8) and ends the next
// side's check run when it is not in check.
func (r *disandaiRule) AfterMove(p *rules.Position, m rules.Move) {
	mover, next := p.ToMove().Other(), p.ToMove()
	if m.To != rules.NoSquare {
		rule := int32(0)
		switch pc := p.At(m.To); {
		case m.Flags&rules.FlagSpecial != 0 && m.Aux == r.stamp:
			rule = p.Var(r.last[next])
		case pc.Empty():
		case pc.Kind() == DdMisflipped:
			rule = int32(pc.Counter()) + 1 // the revealed kind
		default:
			rule = int32(pc.Kind()) + 1
		}
		p.SetVar(r.last[mover], rule)
	}
	if p.Var(r.doubled[next]) != 0 && !r.inCheckNoStampede(p) {
		p.SetVar(r.doubled[next], 0)
	}
}

// MayMove: a side with a misflipped soldier must flip it back first.
func (r *disandaiRule) MayMove(p *rules.Position, sq rules.Square) bool {
	return r.misflipped(p, p.At(sq).Side()) == rules.NoSquare
}

// Legal: the 臣 never re-enters its palace once out, nor its own half once
// across the river (rule 3).
func (r *disandaiRule) Legal(p *rules.Position, m rules.Move) bool {
	if m.From == m.To || m.Flags&rules.FlagSpecial != 0 && m.Aux != r.stamp {
		return true
	}
	pc := p.At(m.To)
	if pc.Empty() || pc.Kind() != DdMinister {
		return true
	}
	s := pc.Side()
	if !r.b.InZone("palace", s, m.From) && r.b.InZone("palace", s, m.To) {
		return false
	}
	return !(r.b.InZone("crossed", s, m.From) && r.b.InZone("own", s, m.To))
}

// MayCapture: a 臣 is taken only while two enemy pieces can take it (rule 3).
func (r *disandaiRule) MayCapture(p *rules.Position, from, to rules.Square) bool {
	t := p.At(to)
	if t.Empty() || t.Kind() != DdMinister || p.Var(r.scratch) == 2 {
		return true
	}
	q := p.Clone()
	q.SetVar(r.scratch, 2)
	q.SetSideToMove(p.At(from).Side())
	takers := map[rules.Square]bool{}
	for _, m := range q.PseudoMoves(nil) {
		if m.To == to && m.From != to && !q.At(m.To).Empty() && q.At(m.To).Side() != q.At(m.From).Side() {
			takers[m.From] = true
		}
	}
	return len(takers) >= 2
}

// GameEnd: a wrong flip loses; a 臣 on the enemy general's start point wins.
func (r *disandaiRule) GameEnd(p *rules.Position) (rules.Outcome, bool) {
	if l := p.Var(r.lost); l != 0 {
		return goalWin(rules.Side(l-1).Other(), say("disandai.goal_wrong_flip")), true
	}
	for s := rules.Red; s <= rules.Black; s++ {
		goal := mustSquare(r.b, "e9")
		if s == rules.Black {
			goal = mustSquare(r.b, "e0")
		}
		if pc := p.At(goal); !pc.Empty() && pc.Side() == s && pc.Kind() == DdMinister {
			return goalWin(s, say("disandai.goal_minister", glyphText(&p.Variant().Kinds[DdMinister], s))), true
		}
	}
	return rules.Outcome{}, false
}

func (r *disandaiRule) FormatMove(p *rules.Position, m rules.Move) (string, bool) {
	if m.Flags&rules.FlagSpecial == 0 {
		return "", false
	}
	switch m.Aux {
	case r.flip:
		return r.b.Name(m.From) + "!", true
	case r.double:
		return "@" + r.b.Name(m.To), true
	case r.stamp:
		return r.b.Name(m.From) + r.b.Name(m.To), true
	}
	return "", false
}

func (r *disandaiRule) MoveAliases(p *rules.Position, m rules.Move) []string {
	if m.Flags&rules.FlagSpecial != 0 && m.Aux == r.flip {
		return []string{"flip" + r.b.Name(m.From), "翻" + r.b.Name(m.From)}
	}
	return nil
}

// RefusalTexts explains the flip rules in public terms.
func (r *disandaiRule) RefusalTexts(p *rules.Position, text string, m rules.Move) rules.Texts {
	s := p.ToMove()
	if w := r.misflipped(p, s); w != rules.NoSquare {
		return say("disandai.flip_back_first", r.b.Name(w), r.b.Name(w))
	}
	if len(text) > 1 && text[0] == '@' {
		return say("disandai.double_when")
	}
	if len(text) > 1 && text[len(text)-1] == '!' {
		return say("disandai.flip_when")
	}
	return rules.Texts{}
}

// Announce makes a flip public: what the piece became (its back).
func (r *disandaiRule) Announce(p *rules.Position, m rules.Move) []rules.Fact {
	if m.Flags&rules.FlagSpecial == 0 || m.Aux == r.stamp {
		return nil
	}
	v := p.Variant()
	s := p.ToMove()
	kind := func(k int) *rules.Kind { return &v.Kinds[k] }
	minister := glyphText(kind(DdMinister), s)
	at := r.b.Name(m.To)
	f := rules.Fact{What: "flip", Side: s}
	pc := p.At(m.From)
	if m.Aux == r.double {
		named := p.At(m.To)
		f.Pieces = []rules.Shown{{Square: m.To, Side: s, Letter: 'K', Name: "general"}}
		if !named.Has(ddAlt) {
			f.Pieces[0] = rules.Shown{Square: m.To, Side: s, Letter: 'H', Name: "minister"}
			return []rules.Fact{fact(f, say("disandai.double_wrong", sideText(s), at, minister, sideText(s)))}
		}
		return []rules.Fact{fact(f, say("disandai.double_done", sideText(s), r.b.Name(m.From), at, at))}
	}
	to, wrong := r.flipResult(pc, m.From)
	f.Pieces = []rules.Shown{{Square: m.From, Side: s, Letter: v.Kinds[to.Kind()].Letter, Name: v.Kinds[to.Kind()].Name}}
	switch {
	case wrong:
		f.Pieces[0].Letter, f.Pieces[0].Name = 'K', "general"
		return []rules.Fact{fact(f, say("disandai.flip_wrong_advisor", sideText(s), at, minister, sideText(s)))}
	case pc.Kind() == DdMisflipped:
		return []rules.Fact{fact(f, say("disandai.flip_back", sideText(s), at, namedPiece(kind(pc.Counter()), s)))}
	case to.Kind() == DdMisflipped:
		return []rules.Fact{fact(f, say("disandai.flip_misplaced", sideText(s), at, aNamedPiece(kind(pc.Counter()), s), at))}
	}
	return []rules.Fact{fact(f, say("disandai.flip_to", sideText(s), pieceText(kind(pc.Kind()), s), at, aNamedPiece(kind(to.Kind()), s)))}
}

// anA is the article before an English name.
func anA(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an"
	}
	return "a"
}

// Disclose lists the backs not yet public, for the end of the game.
func (r *disandaiRule) Disclose(p *rules.Position) []rules.Fact {
	v := p.Variant()
	var out []rules.Fact
	for s := rules.Red; s <= rules.Black; s++ {
		f := rules.Fact{What: "disclose", Side: s}
		var words []rules.Texts
		for sq := rules.Square(0); int(sq) < r.b.NumSquares(); sq++ {
			pc := p.At(sq)
			if pc.Empty() || pc.Side() != s || pc.Has(ddPublic) {
				continue
			}
			l := r.backLetter(pc)
			if pr, pair := ddPair[pc.Kind()]; pair && l == 0 {
				l = pr.plain
			}
			k := v.KindByLetter(l)
			if pc.Kind() == Advisor && l == 'K' {
				k = King
			}
			if l == 0 || k < 0 {
				continue
			}
			f.Pieces = append(f.Pieces, rules.Shown{Square: sq, Side: s, Letter: v.Kinds[k].Letter, Name: v.Kinds[k].Name})
			words = append(words, say("disandai.back_of", pieceText(&v.Kinds[pc.Kind()], s), r.b.Name(sq), aNamedPiece(&v.Kinds[k], s)))
		}
		if len(words) > 0 {
			out = append(out, fact(f, say("disandai.backs", sideText(s), joinTexts("disandai.list_sep", words))))
		}
	}
	return out
}

// Notes tells a player the pair backs it chose that are still hidden (the
// soldiers' backs are not shown again, disandai.md).
func (r *disandaiRule) Notes(p *rules.Position, s rules.Side) rules.Texts {
	v := p.Variant()
	var words []rules.Texts
	for _, kv := range ddKeys {
		for _, sq := range r.ofKind(p, s, kv.k) {
			pc := p.At(sq)
			if pc.Has(ddPublic) {
				continue
			}
			pr := ddPair[kv.k]
			back := pr.plainK
			if pc.Has(ddAlt) {
				back = pr.altK
			}
			words = append(words, say("disandai.note", glyphText(&v.Kinds[kv.k], s), r.b.Name(sq), glyphText(&v.Kinds[back], s)))
		}
	}
	if len(words) == 0 {
		return rules.Texts{}
	}
	return say("disandai.notes", joinTexts("disandai.note_sep", words))
}
