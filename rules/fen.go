package rules

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// maxFENLength bounds what the FEN parser reads, so that a chat message cannot make
// it work hard.
const maxFENLength = 4096

// maxFENClock and maxFENMoveNumber bound the capture clock and the move number
// a FEN may give: far beyond any game, small enough for any counter.
const (
	maxFENClock      = 10000
	maxFENMoveNumber = 100000
)

// NewPosition reads a position in the variant's FEN (CONVENTIONS.md): ranks from
// the top, digits for empty points (a run of digits is one number), uppercase for
// Red; `*X` for a face-down piece, `(XY)` for a stack. Fields 3 and 4 belong to the
// variant; fields 5 and 6 are the capture clock and the move number. Fields 2-6 may
// be omitted. The position is checked by the generic rules (each side's royal
// pieces, the side not to move not in check) and the variant's ValidateFEN.
func NewPosition(v *Variant, fen string) (*Position, error) {
	p := &Position{v: v}
	if err := p.mustFinal(); err != nil {
		return nil, err
	}
	p.newPosition(v)
	if len(fen) > maxFENLength {
		return nil, newFENError(fen[:32]+"…", fenReasonf("too_long", nil, "too long"))
	}
	var fields, keyed []string
	for i, f := range strings.Fields(fen) {
		if i > 0 && strings.Contains(f, "=") {
			keyed = append(keyed, f)
			continue
		}
		if len(keyed) > 0 {
			return nil, newFENError(fen, fenReasonf("field_after_keyed", []string{f}, "field %q after the key=value fields", f))
		}
		fields = append(fields, f)
	}
	if len(fields) == 0 {
		return nil, newFENError(fen, fenReasonf("empty", nil, "empty"))
	}
	if err := p.parseBoard(fields[0]); err != nil {
		return nil, newFENError(fen, err)
	}
	uncoloured := false
	if len(fields) > 1 {
		switch fields[1] {
		case "w", "r", "W", "R":
			p.side = Red
		case "b", "B":
			p.side = Black
		case "-":
			if !v.ColoursInPlay() {
				return nil, newFENError(fen, fenReasonf("side_dash", nil, "side to move -: want w or b (only games whose colours are given during play have -)"))
			}
			uncoloured = true
		default:
			return nil, newFENError(fen, fenReasonf("side", []string{fields[1]}, "side to move %q, want w or b", fields[1]))
		}
	}
	if err := p.readFields(fields, keyed); err != nil {
		return nil, newFENError(fen, err)
	}
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > maxFENClock {
			return nil, newFENError(fen, fenReasonf("clock", []string{fields[4], strconv.Itoa(maxFENClock)},
				"capture clock %q is not a number from 0 to %d", fields[4], maxFENClock))
		}
		p.halfmove = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 || n > maxFENMoveNumber {
			return nil, newFENError(fen, fenReasonf("move_number", []string{fields[5], strconv.Itoa(maxFENMoveNumber)},
				"move number %q is not a number from 1 to %d", fields[5], maxFENMoveNumber))
		}
		p.fullmove = n
	}
	if len(fields) > 6 {
		return nil, newFENError(fen, fenReasonf("fields", nil, "more than six fields before the key=value fields"))
	}
	if p.side == Black {
		p.hash ^= p.t.zob.side
	}
	for _, u := range v.mods.uncoloured {
		if err := u.ReadUncoloured(p, uncoloured); err != nil {
			return nil, newFENError(fen, err)
		}
	}
	if err := p.validate(); err != nil {
		return nil, newFENError(fen, err)
	}
	return p, nil
}

// readFields hands fields 3 and 4 and the key=value fields to the modules that
// own them.
func (p *Position) readFields(fields, keyed []string) error {
	v := p.v
	pos := map[int]string{}
	for i := 3; i <= 4; i++ {
		if len(fields) >= i && fields[i-1] != "-" {
			pos[i] = fields[i-1]
		}
	}
	kv := map[string]string{}
	for _, f := range keyed {
		k, val, _ := strings.Cut(f, "=")
		if _, dup := kv[k]; dup {
			return fenReasonf("field_twice", []string{k}, "field %s= given twice", k)
		}
		kv[k] = val
	}
	if t, ok := kv[seatsKey]; ok {
		delete(kv, seatsKey)
		if t != "1" {
			return fenReasonf("seats", []string{t}, "field %s=%s: want %s=1 (the second player plays Red) or no field", seatsKey, t, seatsKey)
		}
		p.SetSeats(1)
	}
	if t, ok := kv[offBoardKey]; ok {
		delete(kv, offBoardKey)
		if err := p.readOffBoard(t); err != nil {
			return fmt.Errorf("field %s=%s: %w", offBoardKey, t, err)
		}
	}
	for _, f := range v.fields {
		var text string
		if f.Pos != 0 {
			text = pos[f.Pos]
			delete(pos, f.Pos)
		} else {
			text = kv[f.Key]
			delete(kv, f.Key)
		}
		if err := f.Read(p, text); err != nil {
			if f.Pos != 0 {
				return fmt.Errorf("field %d %q: %w", f.Pos, text, err)
			}
			return fmt.Errorf("field %s=%s: %w", f.Key, text, err)
		}
	}
	for i := 3; i <= 4; i++ {
		if t, ok := pos[i]; ok {
			return fenReasonf("field_not_dash", []string{strconv.Itoa(i), t}, "field %d must be - in this game, not %q", i, t)
		}
	}
	for k := range kv {
		return fenReasonf("no_such_field", []string{k}, "this game has no field %s=", k)
	}
	return nil
}

// FENError says why a FEN was refused. Reason is English, for logs and
// programmers; a chat shows Key's text with Args in its own language.
type FENError struct {
	FEN    string
	Reason string
	// Key names the core's reason for translation ("ranks"), with its Args as
	// IllegalMoveError gives them: pieces by their public traditional glyph,
	// sides as "red"/"black", squares and ranks by name, counts in decimal,
	// and FEN text verbatim; the "kinds" arguments are the variant's pieces,
	// which a translation lists from the variant itself. Empty when a module
	// refused the FEN: Err says why then.
	Key  string
	Args []string
	// Err is the error behind Reason: a module's, when a module read a field
	// or checked the position (a *TextError says it in every language).
	Err error
}

func (e *FENError) Error() string { return "rules: bad FEN: " + e.Reason }

// Unwrap is the error behind Reason.
func (e *FENError) Unwrap() error { return e.Err }

// newFENError is the refusal of fen because of err; a core reason anywhere in
// err's chain gives the key.
func newFENError(fen string, err error) *FENError {
	fe := &FENError{FEN: fen, Reason: err.Error(), Err: err}
	var r *fenReason
	if errors.As(err, &r) {
		fe.Key, fe.Args = r.key, r.args
	}
	return fe
}

// fenReason is one of the core's reasons to refuse a FEN: English text plus a
// key and arguments for translation (FENError.Key).
type fenReason struct {
	key  string
	args []string
	text string
}

func (r *fenReason) Error() string { return r.text }

func fenReasonf(key string, args []string, format string, fargs ...any) error {
	return &fenReason{key: key, args: args, text: fmt.Sprintf(format, fargs...)}
}

// onRank says that err, a reason of readPiece, is on the rank named rank: the
// rank becomes the first argument.
func onRank(rank string, err error) error {
	var r *fenReason
	if !errors.As(err, &r) {
		return fmt.Errorf("rank %s: %w", rank, err)
	}
	return &fenReason{key: r.key, args: append([]string{rank}, r.args...), text: "rank " + rank + ": " + r.text}
}

func (p *Position) parseBoard(s string) error {
	v := p.v
	b := v.Board
	if i := strings.IndexByte(s, '['); i >= 0 {
		if !strings.HasSuffix(s, "]") || !v.Hands {
			return fenReasonf("hand_not_allowed", []string{s[i:]}, "pieces in hand %q not allowed here", s[i:])
		}
		if err := p.parseHand(s[i+1 : len(s)-1]); err != nil {
			return err
		}
		s = s[:i]
	}
	ranks := strings.Split(s, "/")
	if len(ranks) != b.Height {
		return fenReasonf("ranks", []string{strconv.Itoa(len(ranks)), strconv.Itoa(b.Height)}, "%d ranks, want %d", len(ranks), b.Height)
	}
	for i, row := range ranks {
		r := b.Height - 1 - i
		f := 0
		for j := 0; j < len(row); {
			c := row[j]
			switch {
			case c >= '0' && c <= '9':
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				n, _ := strconv.Atoi(row[j:k])
				if n == 0 || n > b.Width {
					return onRank(rankName(b, r), fenReasonf("empty_count", []string{row[j:k]}, "bad empty count %q", row[j:k]))
				}
				f += n
				j = k
			case c == '(':
				end := strings.IndexByte(row[j:], ')')
				if end < 0 || !v.Stacks {
					return onRank(rankName(b, r), fenReasonf("stack_not_allowed", []string{row[j:]}, "stack %q not allowed here", row[j:]))
				}
				inner := row[j+1 : j+end]
				top, n1, err := p.readPiece(inner)
				if err != nil {
					return onRank(rankName(b, r), err)
				}
				pressed, n2, err := p.readPiece(inner[n1:])
				if err != nil || n1+n2 != len(inner) {
					return onRank(rankName(b, r), fenReasonf("bad_stack", []string{row[j : j+end+1]}, "bad stack %q", row[j:j+end+1]))
				}
				sq := b.At(f, r)
				if sq == NoSquare {
					return onRank(rankName(b, r), fenReasonf("off_board", nil, "piece off the board"))
				}
				if err := p.roomForRoyal(top, pressed); err != nil {
					return err
				}
				p.put(1, sq, pressed)
				p.put(0, sq, top)
				f++
				j += end + 1
			default:
				pc, n, err := p.readPiece(row[j:])
				if err != nil {
					return onRank(rankName(b, r), err)
				}
				sq := b.At(f, r)
				if sq == NoSquare {
					return onRank(rankName(b, r), fenReasonf("off_board", nil, "piece off the board or on a hole"))
				}
				if err := p.roomForRoyal(pc); err != nil {
					return err
				}
				p.put(0, sq, pc)
				f++
				j += n
			}
			if f > b.Width {
				return fenReasonf("too_many_points", []string{rankName(b, r), strconv.Itoa(b.Width)}, "rank %s has more than %d points", rankName(b, r), b.Width)
			}
		}
		if f != b.Width {
			return fenReasonf("points", []string{rankName(b, r), strconv.Itoa(f), strconv.Itoa(b.Width)}, "rank %s has %d points, want %d", rankName(b, r), f, b.Width)
		}
	}
	return nil
}

// offBoardKey is the core's key=value FEN field for pieces on the points off the
// grid (Board.Extra: recovery zones, reserve slots): off=r1:N,r2:n.
const offBoardKey = "off"

// seatsKey is the core's FEN field for a game whose second player plays Red
// (Position.Seat): seats=1.
const seatsKey = "seats"

func (p *Position) offBoardFEN() string {
	b := p.v.Board
	var parts []string
	for sq := Square(b.Width * b.Height); int(sq) < b.NumSquares(); sq++ {
		if pc := p.board[sq]; pc != NoPiece {
			var sb strings.Builder
			p.writePiece(&sb, pc)
			parts = append(parts, b.Name(sq)+":"+sb.String())
		}
	}
	return strings.Join(parts, ",")
}

func (p *Position) readOffBoard(text string) error {
	b := p.v.Board
	for _, part := range strings.Split(text, ",") {
		name, piece, ok := strings.Cut(part, ":")
		sq, okSq := b.Parse(name)
		if !ok || !okSq || int(sq) < b.Width*b.Height {
			return fenReasonf("off_point", []string{part, b.exampleExtra()}, "%q: want point:piece with a point off the grid, like %s", part, b.exampleExtra())
		}
		pc, n, err := p.readPiece(piece)
		if err != nil || n != len(piece) {
			return fenReasonf("off_piece", []string{part}, "%q: bad piece", part)
		}
		if p.board[sq] != NoPiece {
			return fenReasonf("off_twice", []string{name}, "%s is named twice", name)
		}
		if err := p.roomForRoyal(pc); err != nil {
			return err
		}
		p.put(0, sq, pc)
	}
	return nil
}

// parseHand reads the pieces in hand: one letter per piece (`RNn`), or `-`.
func (p *Position) parseHand(s string) error {
	if s == "-" || s == "" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		side := Red
		if c >= 'a' && c <= 'z' {
			side = Black
		}
		k := p.v.KindFor(c, side)
		if k < 0 || p.v.royalKind[k] {
			return fenReasonf("hand_unknown", []string{string(c)}, "unknown piece %q in hand", c)
		}
		j := int(side)*len(p.v.Kinds) + k
		if p.hand[j] >= 100 {
			return fenReasonf("hand_too_many", nil, "too many pieces in hand")
		}
		p.putHand(j, p.hand[j]+1)
	}
	return nil
}

// handFEN writes the pieces in hand as `[RNn]` (Red first, by kind), or "".
func (p *Position) handFEN() string {
	if p.hand == nil {
		return ""
	}
	var sb strings.Builder
	sb.WriteByte('[')
	for s := Red; s <= Black; s++ {
		for k := range p.v.Kinds {
			for n := p.Hand(s, k); n > 0; n-- {
				sb.WriteByte(p.v.Letter(NewPiece(k, s)))
			}
		}
	}
	sb.WriteByte(']')
	return sb.String()
}

func rankName(b *Board, r int) string {
	if b.Cells {
		return strconv.Itoa(r + 1)
	}
	return strconv.Itoa(r)
}

// roomForRoyal refuses a royal piece beyond the most a position can track.
func (p *Position) roomForRoyal(pcs ...Piece) error {
	need := [2]int{}
	for _, pc := range pcs {
		if p.v.royalKind[pc.Kind()] {
			need[pc.Side()]++
		}
	}
	for s := Red; s <= Black; s++ {
		if p.nRoyal[s]+need[s] > len(p.royal[s]) {
			return fenReasonf("too_many_royals", []string{s.String()}, "%s has too many generals", s)
		}
	}
	return nil
}

// readPiece reads one piece (`R`, `r`, `*R`, `*x`) at the start of s.
func (p *Position) readPiece(s string) (Piece, int, error) {
	if s == "" {
		return NoPiece, 0, fenReasonf("missing_piece", nil, "missing piece")
	}
	down := false
	n := 0
	if s[0] == '*' {
		down = true
		n = 1
		if len(s) < 2 {
			return NoPiece, 0, fenReasonf("star_alone", nil, "'*' without a piece")
		}
	}
	c := s[n]
	side := Red
	if c >= 'a' && c <= 'z' {
		side = Black
	}
	k := p.v.KindFor(c, side)
	if k < 0 && p.v.KindByLetter(c) >= 0 {
		return NoPiece, 0, fenReasonf("side_lacks_kind", []string{string(c), side.String(), p.v.describeKinds()},
			"piece letter %q: %s has no such piece (this game has %s)", c, side, p.v.describeKinds())
	}
	if k < 0 {
		if k = p.v.aliasKind(c); k >= 0 && !p.v.Kinds[k].Sides.Allows(side) {
			k = -1
		}
	}
	if k < 0 {
		return NoPiece, 0, fenReasonf("unknown_letter", []string{string(c), p.v.describeKinds()}, "unknown piece letter %q (this game has %s)", c, p.v.describeKinds())
	}
	return NewPiece(k, side).WithFaceDown(down), n + 1, nil
}

// aliasKind accepts E (elephant) and H (horse) where the variant gives them no
// other meaning (rules/README.md).
func (v *Variant) aliasKind(c byte) int {
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	switch c {
	case 'E':
		return v.KindByLetter('B')
	case 'H':
		return v.KindByLetter('N')
	}
	return -1
}

// validate applies the generic checks every variant shares.
func (p *Position) validate() error {
	v := p.v
	if v.hasRoyal {
		for s := Red; s <= Black; s++ {
			if p.nRoyal[s] == 0 {
				return fenReasonf("no_royal", []string{s.String()}, "%s has no general", s)
			}
		}
		// Between the two moves of a turn (MidTurn) the first may have given
		// check: the opponent answers after the turn (jianghe's middle rule).
		if !p.midTurn && p.sideInCheck(p.side.Other()) {
			return fenReasonf("in_check", []string{p.side.Other().String()}, "the side not to move (%s) is in check", p.side.Other())
		}
	}
	if err := p.validateKinds(); err != nil {
		return err
	}
	if v.bodies != nil {
		if err := p.validateBodies(); err != nil {
			return err
		}
	}
	for _, m := range v.mods.validators {
		if err := m.Validate(p); err != nil {
			return err
		}
	}
	return nil
}

// validateKinds applies the kinds' data: where a face-up piece may stand
// (Kind.StandZone) and how many of a kind a side may have (Kind.Max, widened by
// Variant.ExtraPieces for non-royal kinds). Face-down pieces are their module's
// business.
func (p *Position) validateKinds() error {
	v := p.v
	b := v.Board
	var counts [2][64]int
	for sq := range p.board {
		for _, pc := range []Piece{p.board[sq], p.Under(Square(sq))} {
			if pc == NoPiece {
				continue
			}
			s, k := pc.Side(), pc.Kind()
			counts[s][k]++
			if v.stand[k][s] != (SquareSet{}) && !pc.FaceDown() && !v.stand[k][s].Has(Square(sq)) {
				return fenReasonf("stand", []string{s.String(), v.Kinds[k].Glyph[s], b.Name(Square(sq))},
					"a %s %s cannot stand on %s", s, v.Kinds[k].Name, b.Name(Square(sq)))
			}
		}
	}
	for s := Red; s <= Black; s++ {
		extra := 0
		for k := range v.Kinds {
			max := v.Kinds[k].Max
			if max == 0 || counts[s][k] <= max || v.isBody(k) { // a body's squares are one piece: validateBodies
				continue
			}
			if v.royalKind[k] {
				return p.tooMany(s, k, counts[s][k])
			}
			extra += counts[s][k] - max
			if extra > v.ExtraPieces {
				if v.ExtraPieces == 0 {
					return p.tooMany(s, k, counts[s][k])
				}
				return fenReasonf("reserves", []string{s.String(), strconv.Itoa(extra), strconv.Itoa(v.ExtraPieces)},
					"%s has %d pieces more than the usual numbers, at most %d reserves allowed", s, extra, v.ExtraPieces)
			}
		}
	}
	return nil
}

// FEN is the true position, secrets included: for storage, never for display.
func (p *Position) FEN() string {
	var sb strings.Builder
	b := p.v.Board
	for r := b.Height - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < b.Width; f++ {
			sq := Square(r*b.Width + f)
			pc := p.board[sq]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			if u := p.Under(sq); u != NoPiece {
				sb.WriteByte('(')
				p.writePiece(&sb, pc)
				p.writePiece(&sb, u)
				sb.WriteByte(')')
				continue
			}
			p.writePiece(&sb, pc)
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return p.fenTail(sb.String(), p.offBoardFEN(), nil)
}

func (p *Position) writePiece(sb *strings.Builder, pc Piece) {
	if pc.FaceDown() {
		sb.WriteByte('*')
	}
	sb.WriteByte(p.v.Letter(pc))
}

// fenTail writes the fields after the board; a is the view's audience, nil for
// the full (server) FEN.
func (p *Position) fenTail(board, off string, a *Audience) string {
	side := "w"
	if p.side == Black {
		side = "b"
	}
	if p.Uncoloured() {
		side = "-"
	}
	f3, f4 := "-", "-"
	var keyed []string
	for _, f := range p.v.fields {
		var t string
		if a != nil && f.View != nil {
			t = f.View(p, *a)
		} else {
			t = f.Write(p)
		}
		switch {
		case t == "":
		case f.Pos == 3:
			f3 = t
		case f.Pos == 4:
			f4 = t
		default:
			keyed = append(keyed, f.Key+"="+t)
		}
	}
	if off != "" {
		keyed = append(keyed, offBoardKey+"="+off)
	}
	if p.redSeat == 1 {
		keyed = append(keyed, seatsKey+"=1")
	}
	out := board + p.handFEN() + " " + side + " " + f3 + " " + f4 + " " + strconv.Itoa(p.halfmove) + " " + strconv.Itoa(p.fullmove)
	for _, k := range keyed {
		out += " " + k
	}
	return out
}

// fenWith is the FEN of a view: what its audience may see, off-grid points too.
func (p *Position) fenWith(v *View) string {
	b := p.v.Board
	var parts []string
	for sq := b.Width * b.Height; sq < b.NumSquares(); sq++ {
		if vp := v.Pieces[sq]; vp != nil && !vp.Token {
			var sb strings.Builder
			writeViewPiece(&sb, vp)
			parts = append(parts, b.Name(Square(sq))+":"+sb.String())
		}
	}
	return p.fenTail(v.FEN(), strings.Join(parts, ","), &v.Audience)
}

// tooMany refuses count pieces of kind k for side s, beyond the kind's Max.
func (p *Position) tooMany(s Side, k, count int) error {
	kind := &p.v.Kinds[k]
	return fenReasonf("too_many", []string{s.String(), strconv.Itoa(count), kind.Glyph[s], strconv.Itoa(kind.Max)},
		"%s has %d %s, at most %d allowed", s, count, kind.PluralName(), kind.Max)
}
