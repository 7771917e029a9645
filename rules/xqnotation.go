package rules

// WXF and Chinese notation for 9-file xiangqi boards (xiangqi.md §9.2-9.3).
// TODO(notation): being written; until then only coordinates are accepted.

func parseXiangqiNotation(p *Position, text string, coordErr error) (Move, error) {
	return NullMove, coordErr
}

func formatXiangqiNotation(p *Position, m Move, style Style) string {
	return FormatCoord(p, m)
}
