package rules

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	xunicode "golang.org/x/text/encoding/unicode"
)

// Xiangqi PGN: the chess PGN layout (tag pairs, then movetext) with a FEN tag for
// the start and moves in Chinese, WXF or ICCS notation. Real records are messy,
// so the reader is lenient: it skips comments `{...}` and `; ...`, variations
// `(...)`, NAGs `$1`, annotation marks `!?`, move numbers in any form (`1.`,
// `1...`, `１．`), and it splits a file into games at each tag section.

// MaxPGNSize bounds what ReadPGN reads, so that an uploaded file cannot make the bot
// work hard.
const MaxPGNSize = 16 << 20

// Errors of the PGN reader and writer.
var (
	// ErrPGNTooLarge is returned by ReadPGN for input longer than MaxPGNSize.
	ErrPGNTooLarge = errors.New("rules: PGN input too large")
	// ErrPGNHidden is returned by WritePGN for an unfinished game with hidden pieces:
	// its start position would tell them.
	ErrPGNHidden = errors.New("rules: cannot export an unfinished game with hidden pieces")
)

// PGNGame is one game record as read: tags in file order, the start position, the
// move texts exactly as written, and the result.
type PGNGame struct {
	Tags   [][2]string // name, value; in file order, repeats kept
	FEN    string      // the FEN tag; "" means the variant's start position
	Moves  []string    // move texts as written, without numbers and annotations
	Result string      // the movetext's result marker, else the Result tag; "" if neither
}

// Tag returns the value of the first tag called name (case-insensitive), or "".
func (pg *PGNGame) Tag(name string) string {
	for _, t := range pg.Tags {
		if strings.EqualFold(t[0], name) {
			return t[1]
		}
	}
	return ""
}

// PGNMoveError says which move of a record could not be played, and why.
type PGNMoveError struct {
	Index  int    // 1-based ply number within the record
	Text   string // the move as written
	Reason string // why it was refused, ready for a user
	Err    error  // the underlying *ParseError, *IllegalMoveError or ErrGameOver
}

func (e *PGNMoveError) Error() string {
	return fmt.Sprintf("rules: PGN move %d (%s): %s", e.Index, e.Text, e.Reason)
}

func (e *PGNMoveError) Unwrap() error { return e.Err }

// PGNReplay is a record played out.
type PGNReplay struct {
	Game *Game
	// RulesEnd is the ply after which our rules ended the game while the record
	// went on (0 when they did not), and RulesOutcome is that ending. Records
	// follow their arbiter, not our automatic repetition and move-limit rules, so
	// play continues through such an end.
	RulesEnd     int
	RulesOutcome Outcome
}

// Replay plays the record's moves from its start position in variant v; see
// ReplayDetail.
func (pg *PGNGame) Replay(v *Variant) (*Game, error) {
	r, err := pg.ReplayDetail(v)
	if r == nil {
		return nil, err
	}
	return r.Game, err
}

// ReplayDetail plays the record's moves from its start position in variant v. It
// stops at the first move that cannot be read or played and returns the game so
// far with a *PGNMoveError. A game that our rules end automatically (repetition,
// perpetual check, the move limit, insufficient material) goes on while the
// record does; a checkmate or stalemate cannot be played through. It does not
// compare the record's result with the game's outcome.
func (pg *PGNGame) ReplayDetail(v *Variant) (*PGNReplay, error) {
	g, err := NewGame(v, pg.FEN)
	if err != nil {
		return nil, fmt.Errorf("PGN start position: %w", err)
	}
	r := &PGNReplay{Game: g}
	g.replaying = true // the record's arbiter ruled, not ours: refuse no repetition
	defer func() { g.replaying = false }()
	for i, text := range pg.Moves {
		if g.over.Over && !automaticEnd(g.over.Reason) {
			// Mated or stalemated: say so rather than why this move is illegal.
			return r, &PGNMoveError{Index: i + 1, Text: text, Reason: moveReason(g, ErrGameOver), Err: ErrGameOver}
		}
		m, err := ParseMove(g.Position(), text)
		if err == nil {
			err = g.Play(m)
		}
		if errors.Is(err, ErrGameOver) && automaticEnd(g.over.Reason) {
			if r.RulesEnd == 0 {
				r.RulesEnd, r.RulesOutcome = i, g.over
			}
			// Reopen the game for this move only; Play decides the outcome anew.
			saved := g.over
			g.over = Outcome{}
			if err = g.Play(m); err != nil {
				g.over = saved
			}
		}
		if err != nil {
			return r, &PGNMoveError{Index: i + 1, Text: text, Reason: moveReason(g, err), Err: err}
		}
	}
	return r, nil
}

// automaticEnd reports whether a game ended by reason r may be played on when a
// record does: the rules that an arbiter applies on a claim rather than the
// board itself.
func automaticEnd(r Reason) bool {
	switch r {
	case ReasonRepetition, ReasonPerpetual, ReasonPerpetualChase, ReasonMoveLimit, ReasonMaterial:
		return true
	}
	return false
}

// moveReason is the user-facing part of a move error.
func moveReason(g *Game, err error) string {
	var ie *IllegalMoveError
	var pe *ParseError
	switch {
	case errors.As(err, &ie):
		return ie.Reason
	case errors.As(err, &pe):
		return pe.Reason
	case errors.Is(err, ErrGameOver):
		o := g.Outcome()
		how := "drawn"
		if !o.Draw {
			how = sideWord(g.Variant(), o.Winner) + " won"
		}
		return fmt.Sprintf("the game was already over (%s by %s)", how, o.Reason)
	}
	return err.Error()
}

// ReadPGN reads every game of a PGN file in UTF-8, Big5 or GBK/GB18030 (see
// DecodePGN). It fails only when the input cannot be read or is too large; what
// it cannot understand in the movetext becomes a move text that Replay refuses.
func ReadPGN(r io.Reader) ([]*PGNGame, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxPGNSize+1))
	if err != nil {
		return nil, fmt.Errorf("read PGN: %w", err)
	}
	if len(data) > MaxPGNSize {
		return nil, ErrPGNTooLarge
	}
	text, _ := DecodePGN(data)
	return parsePGN(text), nil
}

// DecodePGN turns a record's bytes into text and names the encoding it chose:
// UTF-16 with a byte-order mark is UTF-16 ("utf-16"); valid UTF-8 is UTF-8
// ("utf-8"); otherwise Big5 ("big5") and GB18030, a superset of
// GBK ("gb18030"), are both tried, and the one that yields more notation characters
// (piece names, 進退平, numerals), with fewer undecodable bytes, wins.
func DecodePGN(data []byte) (string, string) {
	if len(data) >= 2 && (data[0] == 0xFF && data[1] == 0xFE || data[0] == 0xFE && data[1] == 0xFF) {
		// UTF-16 with a byte-order mark, as some Windows programs save.
		if out, err := xunicode.UTF16(xunicode.BigEndian, xunicode.ExpectBOM).NewDecoder().Bytes(data); err == nil {
			return string(out), "utf-16"
		}
	}
	data = trimBOM(data)
	if utf8.Valid(data) {
		return string(data), "utf-8"
	}
	best, bestName, bestScore := "", "", 0
	for _, c := range []struct {
		name string
		dec  func([]byte) ([]byte, error)
	}{
		{"big5", traditionalchinese.Big5.NewDecoder().Bytes},
		{"gb18030", simplifiedchinese.GB18030.NewDecoder().Bytes},
	} {
		out, err := c.dec(data)
		if err != nil {
			continue
		}
		s := string(out)
		if score := notationScore(s); bestName == "" || score > bestScore {
			best, bestName, bestScore = s, c.name, score
		}
	}
	if bestName == "" {
		// Neither decoder took it: keep the bytes, with replacement characters.
		return strings.ToValidUTF8(string(data), "\uFFFD"), "unknown"
	}
	return best, bestName
}

func trimBOM(b []byte) []byte {
	if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		return b[3:]
	}
	return b
}

// notationScore counts characters that Chinese move texts are made of and takes off
// more for each undecodable byte, to tell a right decoding from a wrong one.
func notationScore(s string) int {
	score := 0
	for _, r := range s {
		switch {
		case r == utf8.RuneError:
			score -= 4
		case xqPieceRunes[r] != 0, strings.ContainsRune(xqNumerals+"進进退平前後后中", r),
			r >= '１' && r <= '９':
			score++
		}
	}
	return score
}

// pgnSpace reports whether r separates tokens: ASCII and Unicode spaces, the
// full-width space and the byte-order mark.
func pgnSpace(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' }

// parsePGN splits decoded text into games.
func parsePGN(text string) []*PGNGame {
	var games []*PGNGame
	var cur *PGNGame
	terminated := false // the current game's movetext has ended with a result
	start := func() {
		cur = &PGNGame{}
		games = append(games, cur)
		terminated = false
	}
	rs := []rune(text)
	lineStart := true
	afterTag := false // the last thing read was a tag: `[A "1"] [B "2"]` on one line
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case r == '\n':
			lineStart = true
			i++
			continue
		case pgnSpace(r):
			i++
			continue
		case r == '%' && lineStart: // escape line
			i = skipLine(rs, i)
		case r == ';':
			i = skipLine(rs, i)
		case r == '{':
			i = skipTo(rs, i+1, '}')
		case r == '(':
			i = skipVariation(rs, i)
		case r == ')' || r == '}':
			i++ // stray closer
		case r == '[' && !lineStart && !afterTag:
			// Brackets inside movetext are not tags (`[%clk ...]` outside braces).
			i = skipTo(rs, i+1, ']')
		case r == '[':
			name, value, n := readTag(rs[i:])
			i += n
			if name == "" {
				break
			}
			if cur == nil || len(cur.Moves) > 0 || terminated {
				start()
			}
			cur.Tags = append(cur.Tags, [2]string{name, value})
			if strings.EqualFold(name, "FEN") {
				cur.FEN = strings.TrimSpace(value)
			}
			lineStart, afterTag = false, true
			continue
		default:
			j := i
			for j < len(rs) && !pgnSpace(rs[j]) && !strings.ContainsRune("{}();[", rs[j]) {
				j++
			}
			tok := string(rs[i:j])
			i = j
			if res, ok := pgnResult(tok); ok {
				if cur == nil {
					start()
				}
				cur.Result = res
				terminated = true
				break
			}
			move := pgnMoveText(tok)
			if move == "" {
				break
			}
			if cur == nil || terminated {
				start()
			}
			cur.Moves = append(cur.Moves, move)
		}
		lineStart = false
		afterTag = false
	}
	for _, g := range games {
		if g.Result == "" {
			g.Result = g.Tag("Result")
		}
	}
	return games
}

func skipLine(rs []rune, i int) int {
	for i < len(rs) && rs[i] != '\n' {
		i++
	}
	return i
}

// skipTo returns the index after the first closer at or after i (or the end).
func skipTo(rs []rune, i int, closer rune) int {
	for i < len(rs) && rs[i] != closer {
		i++
	}
	if i < len(rs) {
		i++
	}
	return i
}

// skipVariation skips a parenthesised variation, nested ones and comments inside.
func skipVariation(rs []rune, i int) int {
	depth := 0
	for i < len(rs) {
		switch rs[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '{':
			i = skipTo(rs, i+1, '}')
			continue
		case ';':
			i = skipLine(rs, i)
			continue
		}
		i++
	}
	return i
}

// readTag reads `[Name "Value"]` at the start of rs, leniently: extra spaces, a
// missing closing quote or bracket (the line ends the tag). It returns the number
// of runes used; name is "" when there was no tag.
func readTag(rs []rune) (name, value string, n int) {
	i := 1
	skipBlank := func() {
		for i < len(rs) && rs[i] != '\n' && pgnSpace(rs[i]) {
			i++
		}
	}
	skipBlank()
	j := i
	for i < len(rs) && !pgnSpace(rs[i]) && rs[i] != '"' && rs[i] != ']' {
		i++
	}
	name = string(rs[j:i])
	skipBlank()
	var sb strings.Builder
	if i < len(rs) && rs[i] == '"' {
		i++
		for i < len(rs) && rs[i] != '"' && rs[i] != '\n' {
			if rs[i] == '\\' && i+1 < len(rs) && (rs[i+1] == '"' || rs[i+1] == '\\') {
				i++
			}
			sb.WriteRune(rs[i])
			i++
		}
		if i < len(rs) && rs[i] == '"' {
			i++
		}
	} else {
		// An unquoted value: up to the bracket.
		for i < len(rs) && rs[i] != ']' && rs[i] != '\n' {
			sb.WriteRune(rs[i])
			i++
		}
	}
	for i < len(rs) && rs[i] != ']' && rs[i] != '\n' {
		i++
	}
	if i < len(rs) && rs[i] == ']' {
		i++
	}
	return name, strings.TrimSpace(sb.String()), i
}

// pgnResult recognises a game termination marker, in ASCII or full-width forms.
func pgnResult(tok string) (string, bool) {
	switch asciiFold(tok) {
	case "1-0":
		return "1-0", true
	case "0-1":
		return "0-1", true
	case "1/2-1/2", "½-½":
		return "1/2-1/2", true
	case "*":
		return "*", true
	case "紅勝", "红胜", "紅方勝", "红方胜":
		return "1-0", true
	case "黑勝", "黑胜", "黑方勝", "黑方胜":
		return "0-1", true
	case "和棋", "和局", "和":
		return "1/2-1/2", true
	}
	return "", false
}

// asciiFold maps full-width ASCII forms (U+FF01-U+FF5E) to ASCII.
func asciiFold(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 0xFF01 && r <= 0xFF5E {
			return r - 0xFEE0
		}
		return r
	}, s)
}

// pgnMoveText strips a move number and annotation marks from a movetext token and
// returns the move, or "" when the token holds no move (a bare move number, a NAG).
func pgnMoveText(tok string) string {
	if strings.HasPrefix(tok, "$") {
		return ""
	}
	rs := []rune(tok)
	// A move number: digits, then dots (`1.`, `12...`, `１．`, `1、`).
	i := 0
	for i < len(rs) && isDigitRune(rs[i]) {
		i++
	}
	j := i
	for j < len(rs) && strings.ContainsRune(".．。、…", rs[j]) {
		j++
	}
	switch {
	case i == len(rs) && i > 0: // a bare number
		return ""
	case i > 0 && j > i:
		rest := rs[j:]
		if len(rest) == 0 {
			return ""
		}
		// `77.6` is a WXF move, not move 77 followed by "6".
		allDigits := true
		for _, r := range rest {
			allDigits = allDigits && isDigitRune(r)
		}
		if !allDigits {
			rs = rest
		}
	case i == 0 && j > 0 && j == len(rs): // `...` alone
		return ""
	}
	// Annotation marks (`!`, `?`) and check marks after the final number.
	k := len(rs)
	for k > 0 && strings.ContainsRune("!?+#！？", rs[k-1]) {
		k--
	}
	if k < len(rs) && k > 0 && (isDigitRune(rs[k-1]) || strings.ContainsRune(xqNumerals, rs[k-1])) && k >= 4 {
		rs = rs[:k]
	}
	return string(rs)
}

func isDigitRune(r rune) bool { return r >= '0' && r <= '9' || r >= '０' && r <= '９' }

// WritePGN writes g as a PGN record: the given tags in order (a FEN tag and a
// Result tag are set from the game, replacing any given ones in place, or added
// at the end), then the moves in style with move numbers, then the result.
// Moves are numbered from the start position's move number.
//
// It writes the true start position. For a game with hidden pieces that is a
// secret until the game ends, so an unfinished game with hidden pieces is refused
// with ErrPGNHidden.
func WritePGN(w io.Writer, tags [][2]string, g *Game, style Style) error {
	v := g.Variant()
	start := g.StartFEN()
	p, err := NewPosition(v, start)
	if err != nil {
		return fmt.Errorf("write PGN: start position: %w", err)
	}
	if !g.Outcome().Over && p.PublicFEN() != p.FEN() {
		return ErrPGNHidden
	}
	result := g.Outcome().Result()
	bw := bufio.NewWriter(w)
	haveFEN, haveResult := false, false
	writeTag := func(name, value string) {
		value = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(value)
		fmt.Fprintf(bw, "[%s \"%s\"]\n", name, value)
	}
	for _, t := range tags {
		switch {
		case strings.EqualFold(t[0], "FEN"):
			if !haveFEN {
				writeTag("FEN", start)
			}
			haveFEN = true
		case strings.EqualFold(t[0], "Result"):
			if !haveResult {
				writeTag("Result", result)
			}
			haveResult = true
		default:
			writeTag(t[0], t[1])
		}
	}
	if !haveResult {
		writeTag("Result", result)
	}
	if !haveFEN {
		writeTag("FEN", start)
	}
	bw.WriteString("\n")
	for i, m := range g.Moves() {
		switch {
		case p.side == Red:
			fmt.Fprintf(bw, "%d. ", p.fullmove)
		case i == 0:
			fmt.Fprintf(bw, "%d... ", p.fullmove)
		}
		bw.WriteString(FormatMove(p, m, style))
		p.Make(m)
		if p.side == Red {
			bw.WriteString("\n")
		} else {
			bw.WriteString(" ")
		}
	}
	bw.WriteString(result + "\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write PGN: %w", err)
	}
	return nil
}
