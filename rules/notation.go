package rules

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// maxMoveText bounds the length of a move text the parsers look at.
const maxMoveText = 64

// IllegalMoveError says why a move was refused, in words ready for a user, with a
// few legal moves of the same piece as suggestions.
type IllegalMoveError struct {
	Text   string   // the move as the user wrote it, or in coordinates
	Reason string   // "the horse's leg on e4 is blocked"
	Legal  []string // some legal moves of that piece (coordinates), may be empty
	// Key names the reason for translation ("blocked"), with its Args: squares by
	// name, pieces by their public traditional glyph ("" for a face-down piece),
	// sides as "red"/"black", zones by name, counts in decimal. Empty for reasons a
	// variant's hook wrote: show Reason then.
	Key  string
	Args []string
	// Texts is a module's reason in every language it has (TextRefuser);
	// zero for the core's reasons, which Key names.
	Texts Texts
}

// reason is a refusal in English plus its key and arguments for translation.
type reason struct {
	text, key string
	args      []string
	texts     Texts // a module's reason in every language it has
}

func because(key string, args []string, format string, fargs ...any) reason {
	return reason{text: fmt.Sprintf(format, fargs...), key: key, args: args}
}

func (e *IllegalMoveError) Error() string {
	if e.Text == "" {
		return "rules: illegal move: " + e.Reason
	}
	return "rules: illegal move " + e.Text + ": " + e.Reason
}

// ParseError says a move text could not be read at all.
type ParseError struct {
	Text   string
	Reason string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("rules: cannot read move %q: %s", e.Text, e.Reason)
}

// FormatCoord writes m in coordinates: `h2e2`; a drop `N*b0`; a promotion
// `e7e8q`; special moves as their module writes them.
func FormatCoord(p *Position, m Move) string {
	b := p.v.Board
	switch {
	case m.Flags&FlagPass != 0:
		return "pass"
	case m.Flags&FlagSpecial != 0:
		for _, w := range p.v.mods.writers {
			if t, ok := w.FormatMove(p, m); ok {
				return t
			}
		}
		return "special"
	case m.Flags&FlagDrop != 0:
		return string(p.v.Kinds[m.Aux].Letter) + "*" + b.Name(m.To)
	case m.Flags&FlagPromote != 0:
		return b.Name(m.From) + b.Name(m.To) + p.promotionText(m.From, int(m.Aux))
	case m.Flags&FlagAlong != 0:
		for _, w := range p.v.mods.writers {
			if t, ok := w.FormatMove(p, m); ok {
				return t
			}
		}
	}
	return b.Name(m.From) + b.Name(m.To)
}

// normalizeCoord lowercases a coordinate move and drops separators and spaces.
// An x is kept (it is a letter of drops and codes); splitSquares reads it as a
// capture sign between two squares.
func normalizeCoord(text string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(text)) {
		switch r {
		case '-', ' ', '\t', ':':
			continue
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

// ParseCoord reads a move in coordinates (`h2e2`, `H2-E2`, `h2xe2`, `a11b11`,
// drops `N*b0`, promotions `e7e8q`, special moves such as `reveal` or `a2a2`) and
// returns it if it is legal. Otherwise the error is a *ParseError (unreadable) or
// an *IllegalMoveError (readable, not allowed).
func ParseCoord(p *Position, text string) (Move, error) {
	if len(text) > maxMoveText {
		return NullMove, &ParseError{Text: text[:maxMoveText] + "…", Reason: "too long"}
	}
	norm := normalizeCoord(text)
	legal := p.LegalMoves(nil)
	// Special moves are matched by their own text first ("reveal", "pass", "a2a2"),
	// then by the modules' aliases ("flip a2").
	for _, m := range legal {
		if m.Flags&(FlagSpecial|FlagDrop|FlagPass|FlagAlong) != 0 && p.namesSpecial(m, norm) {
			return m, nil
		}
	}
	if kind, sq, ok := p.splitDrop(norm); ok {
		for _, m := range legal {
			if m.Flags&FlagDrop != 0 && int(m.Aux) == kind && m.To == sq {
				return m, nil
			}
		}
		return NullMove, p.explainDrop(norm, kind, sq)
	}
	promo := -1
	from, to, ok := splitSquares(p.v.Board, norm)
	marked := false
	if !ok {
		from, to, promo, ok = p.markedPromotion(norm) // `c4c3+`
		marked = ok
	}
	if !ok && len(norm) > 2 {
		if k := p.v.KindByLetter(norm[len(norm)-1]); k >= 0 {
			// `e7e8q` and `e7e8=q`
			if from, to, ok = splitSquares(p.v.Board, strings.TrimSuffix(norm[:len(norm)-1], "=")); ok {
				promo = k
				if pc := p.board[from]; pc != NoPiece {
					// The letter names a kind of the mover's side (Kind.Sides).
					if own := p.v.KindFor(norm[len(norm)-1], pc.Side()); own >= 0 {
						promo = own
					}
				}
			}
		}
	}
	if ok && promo < 0 {
		promo = p.DefaultPromotion(from, to) // `e9e10` = `e9e10q`
	}
	if ok {
		from, to = p.bodyAnchor(from, to) // a body moves from any of its squares
	}
	if !ok {
		for _, m := range p.PseudoMoves(nil) {
			if m.Flags&FlagSpecial != 0 && p.namesSpecial(m, norm) {
				return NullMove, p.Explain(m)
			}
		}
		for _, refuse := range p.v.mods.refusers {
			if why := refuse(p, norm, NullMove); why.En != "" {
				return NullMove, &IllegalMoveError{Text: norm, Reason: why.En, Texts: why}
			}
		}
		if hole := holeNamed(p.v.Board, norm); hole != "" {
			return NullMove, &IllegalMoveError{Text: norm, Reason: "there is no point " + hole + " on this board",
				Key: "no_point", Args: []string{hole}}
		}
		return NullMove, &ParseError{Text: text, Reason: "not a move in coordinates (like h2e2)"}
	}
	if promo >= 0 {
		var kinds []string
		for _, m := range legal {
			if m.From == from && m.To == to && m.Flags&FlagPromote != 0 {
				if int(m.Aux) == promo {
					return m, nil
				}
				kinds = append(kinds, string(p.v.Kinds[m.Aux].Letter))
			}
		}
		if marked && len(kinds) == 0 {
			return NullMove, p.noPromotion(norm, from, to, legal)
		}
		if len(kinds) > 0 {
			example := p.v.Board.Name(from) + p.v.Board.Name(to) + strings.ToLower(kinds[0])
			return NullMove, &IllegalMoveError{Text: norm, Reason: fmt.Sprintf(
				"a %s cannot become a %s; write the new piece's letter (%s), like %s",
				p.pieceName(p.board[from]), p.v.Kinds[promo].Name, strings.Join(kinds, ", "), example),
				Key: "promote_to", Args: []string{p.pieceGlyph(p.board[from]), p.v.Kinds[promo].Glyph[p.side], strings.Join(kinds, " "), example}}
		}
	}
	for _, m := range legal {
		if m.From == from && m.To == to && m.Flags&(FlagSpecial|FlagPromote|FlagAlong) == 0 {
			return m, nil
		}
	}
	for _, m := range legal {
		if m.From == from && m.To == to && m.Flags&FlagSpecial != 0 && p.twoSquares(m) {
			return m, nil // a special move written as two squares (a flip: a2a2)
		}
	}
	var ways []string
	for _, m := range legal {
		if m.From == from && m.To == to && m.Flags&FlagPromote != 0 {
			ways = append(ways, FormatCoord(p, m))
		}
	}
	if len(ways) > 0 {
		return NullMove, &IllegalMoveError{Text: norm, Reason: fmt.Sprintf("a %s reaching %s must promote: write %s",
			p.pieceName(p.board[from]), p.v.Board.Name(to), strings.Join(ways, " or "))}
	}
	for _, m := range p.PseudoMoves(nil) {
		if m.From == from && m.To == to && m.Flags&FlagSpecial != 0 && p.twoSquares(m) {
			return NullMove, p.Explain(m) // a flip while in check says so
		}
	}
	if err := p.Explain(Move{From: from, To: to}); err != nil {
		return NullMove, err
	}
	return NullMove, &IllegalMoveError{Text: norm, Reason: "that move is not allowed now", Key: "not_now"}
}

// twoSquares reports whether the special move m is written as its two squares
// (banqi's flip a2a2): only such a move may be typed as those squares. A move
// its module writes with a mark (shanshui's flip b0b7*) must be typed with it.
func (p *Position) twoSquares(m Move) bool {
	_, _, ok := splitSquares(p.v.Board, normalizeCoord(FormatCoord(p, m)))
	return ok
}

// splitDrop reads a drop `n*b0` (kind letter, star, square).
func (p *Position) splitDrop(norm string) (kind int, sq Square, ok bool) {
	l, name, found := strings.Cut(norm, "*")
	if !found || len(l) != 1 {
		return -1, NoSquare, false
	}
	k := p.v.KindByLetter(l[0])
	sq, ok = p.v.Board.Parse(name)
	if k < 0 || !ok {
		return -1, NoSquare, false
	}
	return k, sq, true
}

// explainDrop says why a drop is not legal now.
func (p *Position) explainDrop(norm string, kind int, sq Square) error {
	name := p.v.Kinds[kind].Name
	if !p.v.Hands {
		// Without hands a drop is a module's move (a reserve of its own):
		// the module says why not.
		for _, refuse := range p.v.mods.refusers {
			if why := refuse(p, norm, NullMove); why.En != "" {
				return &IllegalMoveError{Text: norm, Reason: why.En, Texts: why}
			}
		}
	}
	if !p.v.Hands || p.Hand(p.side, kind) == 0 {
		return &IllegalMoveError{Text: norm, Reason: fmt.Sprintf("you have no %s in hand", name),
			Key: "no_hand_piece", Args: []string{p.v.Kinds[kind].Glyph[p.side]}}
	}
	// The modules first: a drop may replace a piece (stratagem 14's 借).
	for _, refuse := range p.v.mods.refusers {
		if why := refuse(p, norm, Move{From: NoSquare, To: sq, Flags: FlagDrop, Aux: uint8(kind)}); why.En != "" {
			return &IllegalMoveError{Text: norm, Reason: why.En, Texts: why}
		}
	}
	if !p.board[sq].Empty() {
		return &IllegalMoveError{Text: norm, Reason: fmt.Sprintf("%s is occupied", p.v.Board.Name(sq)),
			Key: "drop_occupied", Args: []string{p.v.Board.Name(sq)}}
	}
	return &IllegalMoveError{Text: norm, Reason: fmt.Sprintf("a %s may not be dropped on %s now", name, p.v.Board.Name(sq)),
		Key: "drop_not_here", Args: []string{p.v.Kinds[kind].Glyph[p.side], p.v.Board.Name(sq)}}
}

// namesSpecial reports whether the normalized text norm names the special move m:
// its FormatSpecial text or one of the variant's aliases.
func (p *Position) namesSpecial(m Move, norm string) bool {
	if normalizeCoord(FormatCoord(p, m)) == norm {
		return true
	}
	for _, w := range p.v.mods.writers {
		for _, a := range w.MoveAliases(p, m) {
			if normalizeCoord(a) == norm {
				return true
			}
		}
	}
	return false
}

// splitSquares splits "h2e2", "h2xe2" or "a11b10" into two square names of
// board b.
func splitSquares(b *Board, s string) (Square, Square, bool) {
	for i := 2; i < len(s)-1; i++ {
		if s[i] < 'a' || s[i] > 'z' {
			continue
		}
		from, ok1 := b.Parse(s[:i])
		to, ok2 := b.Parse(s[i:])
		if ok1 && ok2 {
			return from, to, true
		}
		if s[i] == 'x' {
			if to, ok2 = b.Parse(s[i+1:]); ok1 && ok2 {
				return from, to, true
			}
		}
	}
	return NoSquare, NoSquare, false
}

// holeNamed returns the name of a missing grid point (Board.Holes) that the
// coordinate text s names as one of its two squares, the other being a point
// or a hole; "" when there is none (the text is no move in coordinates).
func holeNamed(b *Board, s string) string {
	for i := 2; i < len(s)-1; i++ {
		a, c := s[:i], s[i:]
		sa, okA := b.byName[a]
		sc, okC := b.byName[c]
		if !okA || !okC {
			continue
		}
		if !b.exists.Has(sa) {
			return a
		}
		if !b.exists.Has(sc) {
			return c
		}
	}
	return ""
}

// Explain says why m (from one square to another) is not a legal move now. For a
// legal move it returns nil.
func (p *Position) Explain(m Move) error {
	v := p.v
	b := v.Board
	text := FormatCoord(p, m)
	fail := func(r reason) error {
		e := &IllegalMoveError{Text: text, Reason: r.text, Key: r.key, Args: r.args, Texts: r.texts}
		if m.From != NoSquare && m.Flags&FlagSpecial == 0 {
			e.Legal = p.legalFrom(m.From, 6)
		}
		return e
	}
	if len(v.mods.refusers) > 0 {
		for _, lm := range p.LegalMoves(nil) {
			if lm.From == m.From && lm.To == m.To && lm.Flags&FlagSpecial == m.Flags&FlagSpecial &&
				(m.Flags&FlagSpecial == 0 || lm == m) {
				return nil
			}
		}
		for _, refuse := range v.mods.refusers {
			if why := refuse(p, text, m); why.En != "" {
				return fail(reason{text: why.En, texts: why})
			}
		}
	}
	if m.Flags&FlagSpecial != 0 {
		for _, lm := range p.LegalMoves(nil) {
			if lm == m {
				return nil
			}
		}
		if p.InCheck() {
			return fail(because("special_in_check", []string{text}, "you are in check and %s does not answer it", text))
		}
		return fail(because("special_not_now", []string{text}, "%s is not allowed now", text))
	}
	if !b.Exists(m.From) || !b.Exists(m.To) {
		return fail(because("off_board", nil, "that square is not on the board"))
	}
	pc := p.board[m.From]
	if pc == NoPiece {
		return &IllegalMoveError{Text: text, Reason: fmt.Sprintf("there is no piece on %s", b.Name(m.From)),
			Key: "no_piece", Args: []string{b.Name(m.From)}, Legal: p.someLegal(6)}
	}
	name := p.pieceName(pc)
	if pc.Side() != p.side {
		return &IllegalMoveError{Text: text, Reason: fmt.Sprintf("the %s on %s is %s's; it is %s's turn",
			name, b.Name(m.From), sideWord(v, pc.Side()), sideWord(v, p.side)), Legal: p.someLegal(6),
			Key: "not_your_piece", Args: []string{p.pieceGlyph(pc), b.Name(m.From), pc.Side().String(), p.side.String()}}
	}
	if m.From == m.To {
		return fail(because("same_point", nil, "a piece must move to another point"))
	}
	if pc.FaceDown() {
		as := p.movesAs(m.From, pc)
		if as == NoPiece {
			return fail(because("face_down", []string{b.Name(m.From)}, "the piece on %s lies face down and cannot move", b.Name(m.From)))
		}
		// It moves as the kind of its point (Variant.FaceDownAs): explain by that
		// kind, which is public, never by the hidden one.
		pc = as
		name = p.pieceName(pc)
	}
	if frozen := p.Frozen(pc.Side()); frozen.Has(m.From) {
		return fail(because("frozen", []string{p.pieceGlyph(pc), b.Name(m.From)}, "the %s on %s is frozen by an enemy piece next to it and cannot move", name, b.Name(m.From)))
	}
	if p.held(m.From) {
		return fail(because("held", []string{p.pieceGlyph(pc), b.Name(m.From)}, "the %s on %s may not move now (it is held)", name, b.Name(m.From)))
	}
	if !p.anyAtomReaches(pc, m.From, m.To) {
		// The primary reason: the piece never moves like that (a general two
		// points away "moves one point"), whatever stands on the target.
		return fail(p.whyNot(pc, m.From, m.To))
	}
	if t := p.board[m.To]; t != NoPiece && t.Side() == p.side && p.Under(m.To) == NoPiece {
		return fail(because("own_piece", []string{b.Name(m.To), p.pieceGlyph(t)}, "%s is occupied by your own %s", b.Name(m.To), p.pieceName(t)))
	}
	for _, pm := range p.pieceMoves(m.From, pc, nil, false, false) {
		if pm.To != m.To {
			continue
		}
		// The move follows the piece's rules: it must expose a general.
		p.Make(pm)
		attackedPlain := false
		for i := 0; i < p.nRoyal[pc.Side()]; i++ {
			if p.Attacked(p.royal[pc.Side()][i], pc.Side().Other(), false) {
				attackedPlain = true
			}
		}
		p.Unmake()
		if p.IsLegal(pm) {
			return nil
		}
		if !attackedPlain && v.hasRoyal && p.facingAfter(pm) {
			return fail(because("facing", nil, "the two generals would face each other on an open file"))
		}
		if p.InCheck() {
			return fail(because("check_unanswered", nil, "you are in check, and this move does not answer it"))
		}
		return fail(because("self_check", nil, "it would leave your general in check"))
	}
	return fail(p.whyNot(pc, m.From, m.To))
}

// anyAtomReaches reports whether some movement atom of pc could take it from from
// to to on an empty board, zones and blocks aside.
func (p *Position) anyAtomReaches(pc Piece, from, to Square) bool {
	for _, a := range p.v.Kinds[pc.Kind()].Atoms {
		if a.Mode == AttackOnly {
			continue
		}
		df, dr := a.DF, a.DR
		if pc.Side() == Black {
			df, dr = -df, -dr
		}
		if p.reaches(from, to, a, df, dr) {
			return true
		}
	}
	return false
}

// facingAfter reports whether after pm some general of the mover is attacked only
// by a royal-only attack (the facing generals).
func (p *Position) facingAfter(pm Move) bool {
	s := p.side
	p.Make(pm)
	defer p.Unmake()
	for i := 0; i < p.nRoyal[s]; i++ {
		sq := p.royal[s][i]
		if p.Attacked(sq, s.Other(), true) && !p.Attacked(sq, s.Other(), false) {
			return true
		}
	}
	return false
}

// whyNot explains why a piece cannot go from one square to another by its rules.
func (p *Position) whyNot(pc Piece, from, to Square) reason {
	v := p.v
	b := v.Board
	k := &v.Kinds[pc.Kind()]
	name := p.pieceName(pc)
	glyph := p.pieceGlyph(pc)
	s := pc.Side()
	target := p.board[to]
	for _, a := range k.Atoms {
		if a.Mode == AttackOnly {
			continue
		}
		df, dr := a.DF, a.DR
		if s == Black {
			df, dr = -df, -dr
		}
		if a.From != "" && !b.InZone(a.From, s, from) {
			if p.reaches(from, to, a, df, dr) {
				return because("zone_from", []string{glyph, a.From}, "the %s may do that only %s", name, zoneWord(b, a.From))
			}
			continue
		}
		if !p.reaches(from, to, a, df, dr) {
			continue
		}
		if a.To != "" && !b.InZone(a.To, s, to) {
			return because("zone_to", []string{glyph, a.To}, "the %s must stay %s", name, zoneWord(b, a.To))
		}
		switch a.Kind {
		case Leap:
			for _, bl := range a.Blocks {
				bf, br := bl[0], bl[1]
				if s == Black {
					bf, br = -bf, -br
				}
				if bsq := b.Near(from, bf, br); bsq != NoSquare && p.board[bsq] != NoPiece {
					word := k.BlockWord
					if word == "" {
						word = "way"
					}
					return because("blocked", []string{glyph, word, b.Name(bsq)}, "the %s's %s on %s is blocked", name, word, b.Name(bsq))
				}
			}
			if target == NoPiece && !a.Mode.moves() {
				continue
			}
			if target != NoPiece && a.Mode == MoveOnly {
				return because("no_capture_that_way", []string{glyph}, "the %s cannot capture that way", name)
			}
		case Ride:
			if blocker := p.firstBetween(from, to, df, dr); blocker != NoSquare {
				return because("path_blocked", []string{b.Name(blocker)}, "the way is blocked by the piece on %s", b.Name(blocker))
			}
			sup, ok := v.supportSquares(a, s, from)
			if !ok {
				continue
			}
			if !p.supported(s, sup) {
				return because("", nil, "the %s may go that way only while its own piece stands alone on %s",
					name, b.Name(sup[0]))
			}
			if target != NoPiece && a.Mode == MoveOnly {
				continue // perhaps a hop captures there; see below
			}
			if target == NoPiece && a.Mode == CaptureOnly {
				return because("capture_only", []string{glyph}, "the %s moves that way only to capture", name)
			}
		case Hop:
			if target == NoPiece {
				continue
			}
			screens := p.countBetween(from, to, df, dr)
			return because("screens", []string{glyph, strconv.Itoa(a.Screens), strconv.Itoa(screens)},
				"the %s captures only by jumping over exactly %d piece(s); there are %d in between", name, a.Screens, screens)
		}
		if target != NoPiece && !p.capturable(from, s, to) {
			if u := p.Under(to); u != NoPiece {
				own := target
				if u.Side() == s {
					own = u
				}
				return because("", nil, "the stack on %s holds your own %s; you may not capture it", b.Name(to), p.pieceName(own))
			}
			return because("uncapturable", []string{b.Name(to)}, "the piece on %s cannot be captured", b.Name(to))
		}
	}
	return because("no_such_move", []string{glyph}, "a %s does not move like that", name)
}

// reaches reports whether the atom's geometry leads from from to to, ignoring
// pieces and zones.
func (p *Position) reaches(from, to Square, a Atom, df, dr int) bool {
	b := p.v.Board
	if a.Kind == Leap {
		return b.Step(from, df, dr) == to
	}
	cur := from
	for i := 0; i < b.NumSquares(); i++ {
		cur = b.Step(cur, df, dr)
		if cur == NoSquare {
			return false
		}
		if cur == to {
			if a.Kind == Ride && i+1 < a.Min {
				return false
			}
			return (a.Kind != Ride && a.Kind != Hop) || a.Range == 0 || i < a.Range
		}
	}
	return false
}

func (p *Position) firstBetween(from, to Square, df, dr int) Square {
	b := p.v.Board
	for cur := b.Step(from, df, dr); cur != to && cur != NoSquare; cur = b.Step(cur, df, dr) {
		if p.board[cur] != NoPiece {
			return cur
		}
	}
	return NoSquare
}

func (p *Position) countBetween(from, to Square, df, dr int) int {
	b := p.v.Board
	n := 0
	for cur := b.Step(from, df, dr); cur != to && cur != NoSquare; cur = b.Step(cur, df, dr) {
		if p.board[cur] != NoPiece {
			n++
		}
	}
	return n
}

// legalFrom lists up to max legal moves of the piece on from, in coordinates.
func (p *Position) legalFrom(from Square, max int) []string {
	var out, special []string
	for _, m := range p.LegalMoves(nil) {
		switch {
		case m.From != from:
		case m.Flags&FlagSpecial == 0:
			out = append(out, FormatCoord(p, m))
		default:
			special = append(special, FormatCoord(p, m))
		}
	}
	if len(out) == 0 {
		// A piece that moves only by its module's moves (shenniu's oxen,
		// a1b3&i1h4): those are its moves.
		out = special
	}
	sort.Strings(out)
	if len(out) > max {
		out = out[:max]
	}
	return out
}

// someLegal lists up to max legal moves of the side to move.
func (p *Position) someLegal(max int) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, FormatCoord(p, m))
		if len(out) == max {
			break
		}
	}
	return out
}

// pieceGlyph is the traditional character of a piece as the public sees it, or
// "" for a face-down piece.
func (p *Position) pieceGlyph(pc Piece) string {
	if pc.FaceDown() {
		return ""
	}
	k := &p.v.Kinds[pc.Kind()]
	if k.PublicAs != 0 {
		k = &p.v.Kinds[p.v.KindByLetter(k.PublicAs)]
	}
	return k.Glyph[pc.Side()]
}

// pieceName is the English name of a piece as the public sees it.
func (p *Position) pieceName(pc Piece) string {
	if pc.FaceDown() {
		return "face-down piece"
	}
	k := &p.v.Kinds[pc.Kind()]
	if k.PublicAs != 0 {
		k = &p.v.Kinds[p.v.KindByLetter(k.PublicAs)]
	}
	return k.Name
}

func sideWord(v *Variant, s Side) string {
	if v.WhiteAndBlack() {
		if s == Red {
			return "White"
		}
		return "Black"
	}
	if s == Red {
		return "Red"
	}
	return "Black"
}

// zoneWord describes a zone in an error message.
func zoneWord(b *Board, zone string) string {
	if t, ok := b.ZoneTexts[zone]; ok {
		return t.En
	}
	switch zone {
	case "palace":
		return "inside its palace"
	case "own":
		return "on its own side of the river"
	case "crossed":
		return "after crossing the river"
	}
	return "within the " + zone
}
