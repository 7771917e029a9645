package variants

import (
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

// ReadMove reads a move in the notation of the side to move. A move that
// names no legal move is explained in the piece's own terms where the text
// names one piece: the only one of its kind, or the one on a written square.
func (n ouyaNotation) ReadMove(p *rules.Position, text string) (rules.Move, error) {
	var (
		m    rules.Move
		err  error
		kind int
		from = rules.NoSquare
		to   rules.Square
	)
	if p.ToMove() == rules.Red {
		if m, err = n.chess.ReadMove(p, text); err == nil {
			return m, nil
		}
		parts, ok := n.chess.split(p.Variant(), text)
		if !ok {
			return m, err
		}
		if parts.promo < 0 {
			if why := n.mustPromote(p, parts.kind, parts.to); !why.IsZero() {
				return rules.NullMove, ouyaIllegal(text, why)
			}
		}
		kind, to = parts.kind, parts.to
		if sq, ok := p.Variant().Board.Parse(parts.from); ok {
			from = sq
		}
	} else {
		if m, err = n.readShogi(p, text); err == nil {
			return m, nil
		}
		parts, ok := splitShogi(p.Variant(), text)
		if !ok {
			return m, err
		}
		kind, from, to = parts.kind, parts.from, parts.to
	}
	if _, illegal := err.(*rules.IllegalMoveError); !illegal || strings.Contains(err.Error(), "more than one") {
		return m, err
	}
	if from == rules.NoSquare {
		from = onlyPiece(p, kind)
	}
	if from != rules.NoSquare {
		if why := p.Explain(rules.Move{From: from, To: to}); why != nil {
			if ie, ok := why.(*rules.IllegalMoveError); ok {
				ie.Text = text
			}
			return rules.NullMove, why
		}
	}
	return m, err
}

// mustPromote says, for a chess pawn move written without a new piece, that
// the pawn must promote and how to write it; nothing when that is not the
// trouble.
func (n ouyaNotation) mustPromote(p *rules.Position, kind int, to rules.Square) rules.Texts {
	var ways []string
	for _, m := range p.LegalMoves(nil) {
		if m.To == to && m.Flags&rules.FlagPromote != 0 && m.From != rules.NoSquare && p.At(m.From).Kind() == kind {
			ways = append(ways, n.chess.WriteMove(p, m))
		}
	}
	if len(ways) == 0 {
		return rules.Texts{}
	}
	return say("ouya.must_promote_pawn", p.Variant().Board.Name(to), orList(ways))
}

// onlyPiece is the square of the side to move's only piece of kind k, or
// NoSquare when it has none or several.
func onlyPiece(p *rules.Position, k int) rules.Square {
	found := rules.NoSquare
	for sq := rules.Square(0); int(sq) < p.Variant().Board.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Kind() == k && pc.Side() == p.ToMove() {
			if found != rules.NoSquare {
				return rules.NoSquare
			}
			found = sq
		}
	}
	return found
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
	name := pieceText(&v.Kinds[parts.kind], p.ToMove())
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
			return rules.NullMove, ouyaIllegal(text, say("ouya.promote_zone", name, n.writeShogi(p, plain[0])))
		}
	default:
		// `=` or no mark: the piece stays what it is, if it may.
		found = plain
		if len(found) == 0 && len(promo) > 0 {
			return rules.NullMove, ouyaIllegal(text, say("ouya.must_promote", name, n.writeShogi(p, promo[0])))
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return rules.NullMove, ouyaIllegal(text, say("ouya.none_reaches", name, b.Name(parts.to)))
	}
	var alts []string
	for _, m := range found {
		alts = append(alts, n.writeShogi(p, m))
	}
	return rules.NullMove, ouyaIllegal(text, say("ouya.ambiguous", name, b.Name(parts.to), orList(alts)))
}

// ouyaIllegal is the error of a move text that names no legal move, with the
// reason in every language.
func ouyaIllegal(text string, why rules.Texts) *rules.IllegalMoveError {
	return &rules.IllegalMoveError{Text: text, Reason: why.En, Texts: why}
}

// orList joins alternatives in every language: "a or b", "a 或 b".
func orList(alts []string) rules.Texts {
	or := say("ouya.or")
	return rules.Texts{En: strings.Join(alts, or.En), Hant: strings.Join(alts, or.Hant), Hans: strings.Join(alts, or.Hans)}
}
