package variants

import (
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// ouyaNotation writes and reads each army's moves in its own game's form
// besides coordinates: SAN for the chess side (`e4`, `Nf3`, `h9=Q`, `O-O`), and
// for the shogi side the Western shogi form on this board's squares: piece
// letter, `-` or `x`, target, `+` to promote or `=` to decline (`P-d6`,
// `Sxd5`, `N-f2+`, `S-c3=`); promoted pieces are `+R`, `+B`, `+P`, `+L`, `+N`,
// `+S` (or their FEN letters D, H, T, O, M, V); an origin square is written
// only when two pieces of that kind can reach the target (`Sd8-c7`).
type ouyaNotation struct {
	chess san
}

var _ rules.Notation = ouyaNotation{}

// shogiPromotedOf is the base letter a promoted shogi kind is written with
// after `+`.
var shogiPromotedOf = map[byte]byte{'D': 'R', 'H': 'B', 'T': 'P', 'O': 'L', 'M': 'N', 'V': 'S'}

// WriteMove writes m, a legal move of p, in the mover's own notation.
func (n ouyaNotation) WriteMove(p *rules.Position, m rules.Move) string {
	if p.ToMove() == rules.Red {
		for _, md := range p.Variant().Modules {
			if c, ok := md.(*castling); ok {
				if cs, ok := c.side(m); ok {
					return cs.san + n.checkMark(p, m)
				}
			}
		}
		return n.chess.WriteMove(p, m)
	}
	return n.writeShogi(p, m)
}

// checkMark is the SAN check or mate sign m gives.
func (n ouyaNotation) checkMark(p *rules.Position, m rules.Move) string {
	p.Make(m)
	defer p.Unmake()
	switch {
	case !p.InCheck():
		return ""
	case p.HasLegalMove():
		return "+"
	}
	return "#"
}

// shogiLetter is how the shogi form names kind k: `P`, or `+P` for a tokin.
func shogiLetter(v *rules.Variant, k int) string {
	l := v.Kinds[k].Letter
	if base, ok := shogiPromotedOf[l]; ok {
		return "+" + string(base)
	}
	return string(l)
}

func (n ouyaNotation) writeShogi(p *rules.Position, m rules.Move) string {
	v := p.Variant()
	b := v.Board
	if m.From == rules.NoSquare || m.Flags&rules.FlagSpecial != 0 {
		return rules.FormatCoord(p, m)
	}
	kind := p.At(m.From).Kind()
	var sb strings.Builder
	sb.WriteString(shogiLetter(v, kind))
	legal := p.LegalMoves(nil)
	for _, o := range legal {
		if o.To == m.To && o.From != m.From && o.From != rules.NoSquare && p.At(o.From).Kind() == kind {
			sb.WriteString(b.Name(m.From)) // two of a kind reach the target
			break
		}
	}
	if m.Flags&rules.FlagCapture != 0 {
		sb.WriteByte('x')
	} else {
		sb.WriteByte('-')
	}
	sb.WriteString(b.Name(m.To))
	if m.Flags&rules.FlagPromote != 0 {
		sb.WriteByte('+')
	} else {
		for _, o := range legal {
			if o.From == m.From && o.To == m.To && o.Flags&rules.FlagPromote != 0 {
				sb.WriteByte('=') // it could have promoted
				break
			}
		}
	}
	return sb.String()
}

// ReadMove reads a move in the notation of the side to move.
func (n ouyaNotation) ReadMove(p *rules.Position, text string) (rules.Move, error) {
	if p.ToMove() == rules.Red {
		return n.chess.ReadMove(p, text)
	}
	return n.readShogi(p, text)
}

// shogiParts is a move in the shogi form, split.
type shogiParts struct {
	kind     int
	from, to rules.Square
	promote  byte // '+', '=' or 0
}

// splitShogi reads the parts of text, or ok=false when it is not the shogi form.
func splitShogi(v *rules.Variant, text string) (shogiParts, bool) {
	t := strings.TrimSpace(text)
	out := shogiParts{from: rules.NoSquare}
	promoted := strings.HasPrefix(t, "+")
	t = strings.TrimPrefix(t, "+")
	if t == "" {
		return out, false
	}
	l := t[0]
	if l >= 'a' && l <= 'z' {
		l -= 'a' - 'A'
	}
	if promoted {
		found := false
		for p, base := range shogiPromotedOf {
			if base == l {
				l, found = p, true
			}
		}
		if !found {
			return out, false
		}
	}
	if out.kind = v.KindFor(l, rules.Black); out.kind < 0 {
		return out, false
	}
	t = t[1:]
	if t == "" {
		return out, false
	}
	if c := t[len(t)-1:]; c == "+" || c == "=" {
		out.promote = c[0]
		t = t[:len(t)-1]
	}
	sep := strings.LastIndexAny(t, "-x")
	if sep < 0 {
		return out, false
	}
	to, ok := v.Board.Parse(t[sep+1:])
	if !ok {
		return out, false
	}
	out.to = to
	if from := t[:sep]; from != "" {
		if out.from, ok = v.Board.Parse(from); !ok {
			return out, false
		}
	}
	return out, true
}

func (n ouyaNotation) readShogi(p *rules.Position, text string) (rules.Move, error) {
	v := p.Variant()
	parts, ok := splitShogi(v, text)
	if !ok {
		return rules.NullMove, &rules.ParseError{Text: text,
			Reason: "not a move in coordinates (like c7c6, c4c3+) or shogi form (like P-c6, Sxd5, N-f2+, S-c3=)"}
	}
	b := v.Board
	name := v.Kinds[parts.kind].Name
	var plain, promo []rules.Move
	for _, m := range p.LegalMoves(nil) {
		if m.To != parts.to || m.From == rules.NoSquare || p.At(m.From).Kind() != parts.kind ||
			(parts.from != rules.NoSquare && m.From != parts.from) {
			continue
		}
		if m.Flags&rules.FlagPromote != 0 {
			promo = append(promo, m)
		} else {
			plain = append(plain, m)
		}
	}
	var found []rules.Move
	switch parts.promote {
	case '+':
		found = promo
		if len(found) == 0 && len(plain) > 0 {
			return rules.NullMove, &rules.IllegalMoveError{Text: text, Reason: fmt.Sprintf(
				"a %s promotes only on a move that starts or ends in ranks 1-3, and only once; write %s",
				name, n.writeShogi(p, plain[0]))}
		}
	default:
		// `=` or no mark: the piece stays what it is, if it may.
		found = plain
		if len(found) == 0 && len(promo) > 0 {
			return rules.NullMove, &rules.IllegalMoveError{Text: text, Reason: fmt.Sprintf(
				"the %s must promote there (it could never move again): write %s", name, n.writeShogi(p, promo[0]))}
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return rules.NullMove, &rules.IllegalMoveError{Text: text, Reason: fmt.Sprintf("no %s of yours can go to %s now", name, b.Name(parts.to))}
	}
	var alts []string
	for _, m := range found {
		alts = append(alts, n.writeShogi(p, m))
	}
	return rules.NullMove, &rules.IllegalMoveError{Text: text, Reason: fmt.Sprintf(
		"more than one %s can go to %s: write %s", name, b.Name(parts.to), strings.Join(alts, " or "))}
}
