package rules

// Style is a move notation.
type Style string

// Notation styles. Coordinates work for every variant; WXF and Chinese for
// variants with XiangqiNotation.
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
	if _, unreadable := err.(*ParseError); !unreadable || !p.v.XiangqiNotation {
		return NullMove, err
	}
	return parseXiangqiNotation(p, text, err)
}

// FormatMove writes a legal move of p in the given style. Styles the variant does
// not support fall back to coordinates.
func FormatMove(p *Position, m Move, style Style) string {
	if style == StyleCoord || !p.v.XiangqiNotation || m.Flags&(FlagSpecial|FlagAlong) != 0 {
		return FormatCoord(p, m)
	}
	return formatXiangqiNotation(p, m, style)
}
