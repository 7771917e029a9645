package variants

import (
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// san is standard algebraic notation (SAN) for the chess family: `e4`, `Nf3`,
// `exd5`, `Rad1`, `e10=Q`, `Gxe5+`. It reads what chess players type (capture
// signs, check marks and `=` are optional; a promotion without a letter makes
// the default piece) and writes the canonical form. Pieces are named by their
// FEN letters; the pawn has none.
type san struct {
	pawn byte // letter of the pawn kind
}

var _ rules.Notation = san{}

// WriteMove writes m, a legal move of p, in SAN.
func (n san) WriteMove(p *rules.Position, m rules.Move) string {
	if m.Flags&rules.FlagPass != 0 {
		return "pass"
	}
	if m.From == rules.NoSquare || m.To == rules.NoSquare || (m.Flags&rules.FlagSpecial != 0 && m.Flags&rules.FlagCapture == 0) {
		return rules.FormatCoord(p, m)
	}
	v := p.Variant()
	b := v.Board
	pc := p.At(m.From)
	letter := v.Kinds[pc.Kind()].Letter
	capture := m.Flags&rules.FlagCapture != 0
	var sb strings.Builder
	if letter == n.pawn {
		if capture {
			sb.WriteString(b.Name(m.From)[:1])
		}
	} else {
		sb.WriteByte(letter)
		sb.WriteString(n.disambiguate(p, m))
	}
	if capture {
		sb.WriteByte('x')
	}
	sb.WriteString(b.Name(m.To))
	if m.Flags&rules.FlagPromote != 0 {
		sb.WriteByte('=')
		sb.WriteByte(v.Kinds[m.Aux].Letter)
	}
	p.Make(m)
	switch {
	case !p.InCheck():
	case p.HasLegalMove():
		sb.WriteByte('+')
	default:
		sb.WriteByte('#')
	}
	p.Unmake()
	return sb.String()
}

// disambiguate is the file, rank or square of m's origin that tells it from the
// other legal moves of the same kind to the same square, or "".
func (n san) disambiguate(p *rules.Position, m rules.Move) string {
	b := p.Variant().Board
	kind := p.At(m.From).Kind()
	name := b.Name(m.From)
	var others []string
	for _, o := range p.LegalMoves(nil) {
		if o.To == m.To && o.From != m.From && o.From != rules.NoSquare && p.At(o.From).Kind() == kind {
			others = append(others, b.Name(o.From))
		}
	}
	if len(others) == 0 {
		return ""
	}
	file, rank := name[:1], name[1:]
	sameFile, sameRank := false, false
	for _, o := range others {
		sameFile = sameFile || o[:1] == file
		sameRank = sameRank || o[1:] == rank
	}
	switch {
	case !sameFile:
		return file
	case !sameRank:
		return rank
	}
	return name
}

// sanParts is a move written in SAN, split.
type sanParts struct {
	kind   int // kind index of the mover
	from   string
	to     rules.Square
	promo  int // kind index, -1 when none is written
	letter byte
}

// split reads the parts of text, or ok=false when it is no SAN.
func (n san) split(v *rules.Variant, text string) (sanParts, bool) {
	t := strings.TrimSpace(text)
	t = strings.TrimSuffix(strings.TrimSuffix(t, "e.p."), "ep")
	t = strings.TrimRight(t, "+#!? ")
	t = strings.ReplaceAll(strings.ReplaceAll(t, "x", ""), ":", "")
	out := sanParts{promo: -1, letter: n.pawn}
	if t == "" {
		return out, false
	}
	if c := t[len(t)-1]; c >= 'A' && c <= 'Z' {
		if out.promo = v.KindByLetter(c); out.promo < 0 {
			return out, false
		}
		t = strings.TrimSuffix(t[:len(t)-1], "=")
	}
	if t == "" {
		return out, false // a lone piece letter ("B")
	}
	if c := t[0]; c >= 'A' && c <= 'Z' {
		out.letter = c
		t = t[1:]
	}
	if out.kind = v.KindByLetter(out.letter); out.kind < 0 {
		return out, false
	}
	// The target is the last letter and the digits after it.
	i := strings.LastIndexFunc(t, func(r rune) bool { return r >= 'a' && r <= 'z' })
	if i < 0 {
		return out, false
	}
	to, ok := v.Board.Parse(t[i:])
	if !ok {
		return out, false
	}
	out.to, out.from = to, t[:i]
	for _, r := range out.from {
		if !(r >= 'a' && r <= 'z') && !(r >= '0' && r <= '9') {
			return out, false
		}
	}
	return out, true
}

// ReadMove reads a move in SAN.
func (n san) ReadMove(p *rules.Position, text string) (rules.Move, error) {
	v := p.Variant()
	parts, ok := n.split(v, text)
	if !ok {
		return rules.NullMove, &rules.ParseError{Text: text, Reason: "not a move in coordinates (like e2e4) or SAN (like e4, Nf3, exd5, e10=Q)"}
	}
	b := v.Board
	var found []rules.Move
	for _, m := range p.LegalMoves(nil) {
		if m.To != parts.to || m.From == rules.NoSquare || p.At(m.From).Kind() != parts.kind {
			continue
		}
		from := b.Name(m.From)
		if d := parts.from; d != "" && !(d == from || d == from[:1] || d == from[1:]) {
			continue
		}
		if m.Flags&rules.FlagPromote != 0 {
			want := parts.promo
			if want < 0 {
				want = p.DefaultPromotion(m.From, m.To)
			}
			if int(m.Aux) != want {
				continue
			}
		} else if parts.promo >= 0 {
			continue
		}
		found = append(found, m)
	}
	name := v.Kinds[parts.kind].Name
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return rules.NullMove, &rules.IllegalMoveError{Text: text, Reason: fmt.Sprintf("no %s of yours can go to %s now", name, b.Name(parts.to))}
	}
	var alts []string
	for _, m := range found {
		alts = append(alts, n.WriteMove(p, m))
	}
	return rules.NullMove, &rules.IllegalMoveError{Text: text, Reason: fmt.Sprintf(
		"more than one %s can go to %s: write %s", name, b.Name(parts.to), strings.Join(alts, " or "))}
}
