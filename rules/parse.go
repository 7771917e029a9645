package rules

// Style is a move notation.
type Style string

// Notation styles. Coordinates work for every variant; WXF and Chinese for
// variants with XiangqiNotation. A variant with its own Notation (chess SAN)
// writes every style but coordinates in it.
const (
	StyleCoord   Style = "iccs"
	StyleWXF     Style = "wxf"
	StyleChinese Style = "chinese"
	// StyleChineseSimplified prints Chinese notation with simplified characters.
	StyleChineseSimplified Style = "chinese-simplified"
)

// ParseMove reads a move in any notation the variant accepts: coordinates first,
// then (for xiangqi boards) WXF and Chinese. The move is returned only if it is
// legal; otherwise the error is a *ParseError or an *IllegalMoveError.
func ParseMove(p *Position, text string) (Move, error) {
	m, err := ParseCoord(p, text)
	if err == nil {
		return m, nil
	}
	if _, unreadable := err.(*ParseError); unreadable && p.v.Notation != nil {
		return p.v.Notation.ReadMove(p, text)
	}
	if p.v.Notation != nil {
		// Text that reads as coordinates may be the notation's too: SAN's
		// `B1f4` is a bishop from rank 1, not a move from b1.
		if m, nerr := p.v.Notation.ReadMove(p, text); nerr == nil {
			return m, nil
		}
	}
	if _, unreadable := err.(*ParseError); !unreadable || !p.v.XiangqiNotation {
		return NullMove, err
	}
	return parseXiangqiNotation(p, text, err)
}

// FormatMove writes a legal move of p in the given style. Styles the variant does
// not support fall back to coordinates.
func FormatMove(p *Position, m Move, style Style) string {
	if style != StyleCoord && p.v.Notation != nil {
		return p.v.Notation.WriteMove(p, m)
	}
	if style == StyleCoord || !p.v.XiangqiNotation || m.Flags&(FlagSpecial|FlagAlong) != 0 {
		return FormatCoord(p, m)
	}
	return formatXiangqiNotation(p, m, style)
}

// Notation is a variant's own move notation besides coordinates (SAN in the
// chess family). ParseMove tries it for text that is not coordinates; FormatMove
// writes every style but StyleCoord in it.
type Notation interface {
	// ReadMove returns the legal move text names; a *ParseError when text is not
	// written in the notation, an *IllegalMoveError when it names no legal move.
	ReadMove(p *Position, text string) (Move, error)
	// WriteMove writes m, a legal move of p.
	WriteMove(p *Position, m Move) string
}
