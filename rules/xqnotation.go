package rules

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// WXF and Chinese notation for xiangqi boards (xiangqi.md §9.2-9.3).
//
// Both notations say the same four things: a piece (or a piece and its place on
// its file), the file it stands on, a direction and a number. The parser reads a
// text into those constraints and keeps the legal moves that satisfy all of them
// (the input matching rule of §9): exactly one is played, none is refused with a
// reason, several are called ambiguous. The formatter writes the canonical form
// and checks that it reads back as the same move; a move the notation cannot say
// unambiguously (pieces of other variants, more soldiers on a file than WXF
// knows) is written in coordinates instead.
//
// Notation describes the public view: a face-down piece has no kind to name, and a
// piece that looks like another kind is named as it looks.

// Chinese output glyphs per WXF letter, for Red and Black (§9.3). They differ from
// Kind.Glyph where the rendering uses another character (Black's cannon is drawn 砲
// but written 炮).
var (
	xqGlyphs = map[byte][2]string{
		'K': {"帥", "將"}, 'A': {"仕", "士"}, 'E': {"相", "象"}, 'H': {"馬", "馬"},
		'R': {"車", "車"}, 'C': {"炮", "炮"}, 'P': {"兵", "卒"},
	}
	xqSimple = map[byte][2]string{
		'K': {"帅", "将"}, 'A': {"仕", "士"}, 'E': {"相", "象"}, 'H': {"马", "马"},
		'R': {"车", "车"}, 'C': {"炮", "炮"}, 'P': {"兵", "卒"},
	}
)

// xqPieceRunes are the characters accepted for each WXF letter, whatever the side.
var xqPieceRunes = map[rune]byte{
	'帥': 'K', '帅': 'K', '將': 'K', '将': 'K',
	'仕': 'A', '士': 'A',
	'相': 'E', '象': 'E',
	'馬': 'H', '马': 'H', '傌': 'H',
	'車': 'R', '车': 'R', '俥': 'R',
	'炮': 'C', '砲': 'C', '包': 'C',
	'兵': 'P', '卒': 'P',
}

const xqNumerals = "一二三四五六七八九"

// xqSel selects a piece by its place among the pieces of its kind on its file,
// counted from the front (the one nearest the opponent).
type xqSel uint8

const (
	selNone    xqSel = iota
	selFront         // 前, and WXF ++: the foremost
	selRear          // 後, and WXF --: the rearmost
	selMiddle        // 中: the middle one of 3 or 5
	selPlus          // WXF +: the front one of 2 or 3, the second of 4 or 5
	selMinus         // WXF -: the rear one of 2 or 3, the second last of 4 or 5
	selOrdinal       // 一二三四五 (Chinese) or the Fairy-Stockfish digit: the k-th from the front
)

// pick reports whether the piece at index idx (0 = front) of n pieces on a file
// is the one sel (with ordinal ord) names. Every selector needs two or more
// pieces on the file: with one, the plain file number is the way to say it.
func (sel xqSel) pick(ord, idx, n int) bool {
	if n < 2 {
		return sel == selNone
	}
	switch sel {
	case selNone:
		return true
	case selFront:
		return idx == 0
	case selRear:
		return idx == n-1
	case selMiddle:
		return n%2 == 1 && idx == n/2
	case selPlus:
		if n >= 4 {
			return idx == 1
		}
		return idx == 0
	case selMinus:
		if n >= 4 {
			return idx == n-2
		}
		return idx == n-1
	case selOrdinal:
		return idx == ord-1
	}
	return false
}

// xqReading is one way to read the piece part of a move text.
type xqReading struct {
	letter byte // WXF letter of the kind
	file   int  // file number from the mover's side; 0 = any file
	sel    xqSel
	ord    int // for selOrdinal: 1 = front
}

// xqText is a move text read into constraints.
type xqText struct {
	readings []xqReading // in order of preference
	op       byte        // '+' forward, '-' backward, '.' sideways
	num      int         // steps, or the destination file number
	chinese  bool        // written with Chinese characters
	key      string      // the tokens in canonical spelling, to compare with our output
}

// xqToken is one unit of a move text.
type xqToken struct {
	kind   byte // 'p' piece, 'n' number, 's' +/- sign, 'o' operator, 'w' position word
	letter byte // piece: WXF letter
	num    int  // number
	sign   byte // sign or operator: '+', '-', '.'
	sel    xqSel
}

func (t xqToken) key() string {
	switch t.kind {
	case 'p':
		return string(t.letter)
	case 'n':
		return string(rune('0' + t.num))
	case 's', 'o':
		return string(t.sign)
	case 'w':
		return [...]string{selFront: "F", selRear: "R", selMiddle: "M"}[t.sel]
	}
	return "?"
}

// xqBoard is what the notation needs to know about a position: for each square
// holding a piece of the side to move, its WXF letter, file number and place on
// its file.
type xqBoard struct {
	p      *Position
	side   Side
	letter []byte // per square; 0 = no notatable piece of the side to move
	file   []int  // file number from the mover's side
	idx    []int  // place among same-letter pieces on the file, 0 = front
	count  []int  // same-letter pieces on the file
}

func newXQBoard(p *Position) *xqBoard {
	b := p.v.Board
	n := b.NumSquares()
	ints := make([]int, 3*n) // one allocation for the three tables
	x := &xqBoard{p: p, side: p.side, letter: make([]byte, n), file: ints[:n:n],
		idx: ints[n : 2*n : 2*n], count: ints[2*n:]}
	var seen [128]int // pieces met so far on the current file, per letter
	for f := 0; f < b.Width; f++ {
		// Walk each file from the front (nearest the opponent) to the rear, then
		// once more to tell every piece how many share its file.
		for pass := 0; pass < 2; pass++ {
			for i := 0; i < b.Height; i++ {
				r := b.Height - 1 - i
				if x.side == Black {
					r = i
				}
				sq := b.At(f, r)
				if sq == NoSquare {
					continue
				}
				if pass == 1 {
					if l := x.letter[sq]; l != 0 {
						x.count[sq] = seen[l]
					}
					continue
				}
				l := x.letterOf(p.attackerAs(sq))
				if l == 0 || l >= 128 {
					continue
				}
				x.letter[sq] = l
				x.file[sq] = xqFileNum(b, x.side, f)
				x.idx[sq] = seen[l]
				seen[l]++
			}
		}
		seen = [128]int{}
	}
	return x
}

// letterOf is the WXF letter a piece of the side to move shows the public, or 0
// (a face-down piece that moves as its point's kind comes as that kind, from
// attackerAs).
func (x *xqBoard) letterOf(pc Piece) byte {
	if pc == NoPiece || pc.Side() != x.side || pc.FaceDown() {
		return 0
	}
	v := x.p.v
	k := &v.Kinds[pc.Kind()]
	if k.PublicAs != 0 {
		k = &v.Kinds[v.KindByLetter(k.PublicAs)]
	}
	return k.WXF
}

// tandemFiles counts the files holding two or more pieces of letter l.
func (x *xqBoard) tandemFiles(l byte) int {
	files := map[int]bool{}
	for sq, c := range x.count {
		if x.letter[sq] == l && c >= 2 {
			files[x.file[sq]] = true
		}
	}
	return len(files)
}

// xqFileNum is the file number of file index f as side s counts (§2): each side
// numbers the files from its own right.
func xqFileNum(b *Board, s Side, f int) int {
	if s == Red {
		return b.Width - f
	}
	return f + 1
}

// xqFileIndex is the inverse of xqFileNum; it may return an index off the board.
func xqFileIndex(b *Board, s Side, num int) int {
	if s == Red {
		return b.Width - num
	}
	return num - 1
}

// xqForward is the rank step of side s's forward.
func xqForward(s Side) int {
	if s == Red {
		return 1
	}
	return -1
}

// xqMotion is the direction and number a move is written with.
func xqMotion(b *Board, s Side, from, to Square) (op byte, num int, ok bool) {
	ff, fr, ok1 := b.Coords(from)
	tf, tr, ok2 := b.Coords(to)
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	dr := (tr - fr) * xqForward(s)
	switch {
	case dr == 0:
		return '.', xqFileNum(b, s, tf), true
	case tf == ff: // along the file: the number of steps
		op, num = '+', dr
		if dr < 0 {
			op, num = '-', -dr
		}
		return op, num, true
	case dr > 0: // off the file: the destination file
		return '+', xqFileNum(b, s, tf), true
	}
	return '-', xqFileNum(b, s, tf), true
}

// formatXiangqiNotation writes m in WXF or Chinese, or in coordinates when the
// notation cannot name it unambiguously.
func formatXiangqiNotation(p *Position, m Move, style Style) string {
	if p.v.Board.Width > 9 || m.Flags&(FlagSpecial|FlagAlong) != 0 {
		return FormatCoord(p, m) // one digit cannot name every file
	}
	x := newXQBoard(p)
	text, ok := x.format(m, style)
	if !ok {
		return FormatCoord(p, m)
	}
	// The canonical form must read back as this move; when it does not (a
	// variant's piece that the rules of §9 did not foresee), coordinates are safe.
	if got, err := x.parse(text); err != nil || got != m {
		return FormatCoord(p, m)
	}
	return text
}

// format writes m in the canonical form of style, without checking it.
func (x *xqBoard) format(m Move, style Style) (string, bool) {
	p := x.p
	b := p.v.Board
	if m.Flags&(FlagSpecial|FlagAlong) != 0 || !b.Exists(m.From) || !b.Exists(m.To) || b.Width > 9 {
		return "", false
	}
	l := x.letter[m.From]
	if l == 0 {
		return "", false
	}
	op, num, ok := xqMotion(b, x.side, m.From, m.To)
	if !ok || num < 1 || num > 9 {
		return "", false
	}
	file, idx, n := x.file[m.From], x.idx[m.From], x.count[m.From]
	chinese := style == StyleChinese || style == StyleChineseSimplified
	simple := style == StyleChineseSimplified

	// The piece part: kind and file, or kind and place on the file.
	var head string
	// pos is the place word of the canonical tandem forms: 0 front, 1 middle, 2 rear.
	posWX := [...]string{"+", "", "-"}
	posZh := [...]string{"前", "中", "後"}
	if simple {
		posZh[2] = "后"
	}
	place := func() (int, bool) { // front, middle, rear of 2 or 3
		switch {
		case idx == 0:
			return 0, true
		case idx == n-1:
			return 2, true
		case n == 3:
			return 1, true
		}
		return 0, false
	}
	switch {
	case n == 1 || l == 'A' || l == 'E':
		// Advisors and elephants never need a marker: the direction tells them apart.
		if chinese {
			head = x.glyph(l, simple) + x.number(file)
		} else {
			head = string(l) + string(rune('0'+file))
		}
	case l == 'P' && x.tandemFiles('P') >= 2:
		// Two files with tandem soldiers: the file number replaces the letter.
		pl, ok := place()
		if !ok {
			return "", false
		}
		if chinese {
			head = posZh[pl] + x.number(file)
		} else {
			mark := posWX[pl]
			if pl == 1 {
				mark = string(rune('0' + file))
			}
			head = string(rune('0'+file)) + mark
		}
	case l == 'P' && n >= 4 && n <= 5:
		if chinese {
			head = string([]rune(xqNumerals)[idx]) + x.glyph(l, simple)
		} else {
			marks := []string{"++", "P+", "P-", "--"}
			if n == 5 {
				marks = []string{"++", "P+", "P" + string(rune('0'+file)), "P-", "--"}
			}
			head = marks[idx]
		}
	case n <= 3 && (n == 2 || l == 'P'):
		pl, ok := place()
		if !ok {
			return "", false
		}
		switch {
		case chinese:
			head = posZh[pl] + x.glyph(l, simple)
		case pl == 1:
			head = string(l) + string(rune('0'+file))
		default:
			head = string(l) + posWX[pl]
		}
	default:
		return "", false
	}
	if !chinese {
		return head + string(op) + string(rune('0'+num)), true
	}
	dir := map[byte]string{'+': "進", '-': "退", '.': "平"}[op]
	if simple && op == '+' {
		dir = "进"
	}
	return head + dir + x.number(num), true
}

// glyph is the Chinese character of letter l for the side to move.
func (x *xqBoard) glyph(l byte, simple bool) string {
	table := xqGlyphs
	if simple {
		table = xqSimple
	}
	if g, ok := table[l]; ok {
		return g[x.side]
	}
	// A variant's own kind: its own characters.
	for i := range x.p.v.Kinds {
		k := &x.p.v.Kinds[i]
		if k.WXF == l {
			if simple && k.Simple[x.side] != "" {
				return k.Simple[x.side]
			}
			return k.Glyph[x.side]
		}
	}
	return string(l)
}

// number writes 1-9 as Red writes it (一-九) or as Black does (ASCII digits).
func (x *xqBoard) number(n int) string {
	if x.side == Red {
		return string([]rune(xqNumerals)[n-1])
	}
	return string(rune('0' + n))
}

// parseXiangqiNotation reads WXF or Chinese notation. coordErr is the error the
// coordinate parser gave; the text is not coordinates.
func parseXiangqiNotation(p *Position, text string, coordErr error) (Move, error) {
	if len(text) > maxMoveText {
		return NullMove, coordErr
	}
	return newXQBoard(p).parse(text)
}

// parse reads text and returns the one legal move it names.
func (x *xqBoard) parse(text string) (Move, error) {
	t, err := x.read(text)
	if err != nil {
		return NullMove, &ParseError{Text: text, Reason: err.Error() +
			"; write coordinates (h2e2), WXF (C2.5) or Chinese (炮二平五)"}
	}
	p := x.p
	// The legal moves are the pseudo-legal ones that pass IsLegal (LegalMoves);
	// testing legality only for the few moves that fit the text keeps formatting,
	// which reads its output back, cheap.
	pseudo := p.PseudoMoves(nil)
	legal := make(map[Move]bool)
	isLegal := func(m Move) bool {
		ok, seen := legal[m]
		if !seen {
			ok = p.IsLegal(m)
			legal[m] = ok
		}
		return ok
	}
	var all []Move
	byReading := make([][]Move, len(t.readings))
	for i, r := range t.readings {
		for _, m := range pseudo {
			if x.matches(r, t.op, t.num, m) && isLegal(m) {
				byReading[i] = append(byReading[i], m)
				if !containsMove(all, m) {
					all = append(all, m)
				}
			}
		}
	}
	switch {
	case len(all) == 1:
		return all[0], nil
	case len(all) == 0:
		return NullMove, x.explainNone(text, t)
	}
	// Several moves fit. A text that can be read two ways prefers its first
	// reading; otherwise the move whose canonical form the text is wins (WXF
	// `P7.6` is the middle of three soldiers on file 7, though all three are on
	// file 7).
	if len(t.readings) > 1 && len(byReading[0]) == 1 {
		return byReading[0][0], nil
	}
	style := StyleWXF
	if t.chinese {
		style = StyleChinese
	}
	var canon []Move
	for _, m := range all {
		if s, ok := x.format(m, style); ok {
			if ct, err := x.read(s); err == nil && ct.key == t.key {
				canon = append(canon, m)
			}
		}
	}
	if len(canon) == 1 {
		return canon[0], nil
	}
	var names []string
	for _, m := range all {
		names = append(names, FormatCoord(p, m))
	}
	sort.Strings(names)
	return NullMove, &IllegalMoveError{Text: text, Legal: names,
		Reason: fmt.Sprintf("ambiguous: it fits %s; say 前/後 (or +/-) or use coordinates", strings.Join(names, " and ")),
		Key:    "ambiguous", Args: []string{strings.Join(names, " ")}}
}

func containsMove(ms []Move, m Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// matches reports whether legal move m fits reading r with direction op and
// number num.
func (x *xqBoard) matches(r xqReading, op byte, num int, m Move) bool {
	if m.Flags&(FlagSpecial|FlagAlong) != 0 || !x.source(r, m.From) {
		return false
	}
	mop, mnum, ok := xqMotion(x.p.v.Board, x.side, m.From, m.To)
	return ok && mop == op && mnum == num
}

// source reports whether the piece on sq is one reading r names.
func (x *xqBoard) source(r xqReading, sq Square) bool {
	if sq < 0 || int(sq) >= len(x.letter) || x.letter[sq] != r.letter {
		return false
	}
	if r.file != 0 && x.file[sq] != r.file {
		return false
	}
	return r.sel.pick(r.ord, x.idx[sq], x.count[sq])
}

// explainNone says why no legal move fits the text.
func (x *xqBoard) explainNone(text string, t *xqText) error {
	p := x.p
	var sources []Square
	for _, r := range t.readings {
		for sq := range x.letter {
			if x.source(r, Square(sq)) && !containsSquare(sources, Square(sq)) {
				sources = append(sources, Square(sq))
			}
		}
	}
	r := t.readings[0]
	name := x.kindName(r.letter)
	if len(sources) == 0 {
		why := x.missing(r, name)
		return &IllegalMoveError{Text: text, Reason: why.text, Key: why.key, Args: why.args, Legal: p.someLegal(6)}
	}
	if len(sources) == 1 {
		from := sources[0]
		if targets := x.targets(from, t.op, t.num); len(targets) == 1 {
			err := p.Explain(Move{From: from, To: targets[0]})
			if ie, ok := err.(*IllegalMoveError); ok {
				e := *ie
				e.Text = text
				return &e
			}
		}
		return &IllegalMoveError{Text: text, Legal: p.legalFrom(from, 6),
			Reason: fmt.Sprintf("the %s on %s cannot make that move", name, p.v.Board.Name(from)),
			Key:    "xq_cannot", Args: []string{x.glyph(r.letter, false), p.v.Board.Name(from)}}
	}
	var legal []string
	for _, sq := range sources {
		legal = append(legal, p.legalFrom(sq, 6)...)
	}
	sort.Strings(legal)
	if len(legal) > 6 {
		legal = legal[:6]
	}
	return &IllegalMoveError{Text: text, Legal: legal,
		Reason: fmt.Sprintf("none of your %ss can make that move", name),
		Key:    "xq_none_can", Args: []string{x.glyph(r.letter, false)}}
}

func containsSquare(sqs []Square, sq Square) bool {
	for _, s := range sqs {
		if s == sq {
			return true
		}
	}
	return false
}

// missing says that no piece fits reading r.
func (x *xqBoard) missing(r xqReading, name string) reason {
	g := x.glyph(r.letter, false)
	file := strconv.Itoa(r.file)
	switch {
	case r.sel == selNone:
		return because("xq_none_on_file", []string{g, file}, "no %s on file %d", name, r.file)
	case r.sel == selMiddle && r.file != 0:
		return because("xq_no_middle_file", []string{g, file}, "no three or five %ss on file %d, so there is no middle one", name, r.file)
	case r.sel == selMiddle:
		return because("xq_no_middle", []string{g}, "no three or five %ss on one file, so there is no middle one", name)
	case r.sel == selOrdinal && r.file != 0:
		return because("xq_no_ordinal_file", []string{strconv.Itoa(r.ord), g, file}, "no %d %ss on file %d", r.ord, name, r.file)
	case r.sel == selOrdinal:
		return because("xq_no_ordinal", []string{strconv.Itoa(r.ord), g}, "no %d %ss on one file", r.ord, name)
	case r.file != 0:
		return because("xq_no_pair_file", []string{g, file}, "no two %ss on file %d, so 前/後 (+/-) does not apply", name, r.file)
	}
	return because("xq_no_pair", []string{g}, "no two %ss on one file, so 前/後 (+/-) does not apply", name)
}

// kindName is the English name of the kind with WXF letter l.
func (x *xqBoard) kindName(l byte) string {
	for i := range x.p.v.Kinds {
		if x.p.v.Kinds[i].WXF == l {
			return x.p.v.Kinds[i].Name
		}
	}
	return "piece"
}

// targets lists the squares a piece on from could reach by a move written with
// op and num, by its geometry alone, to explain a refusal.
func (x *xqBoard) targets(from Square, op byte, num int) []Square {
	p := x.p
	b := p.v.Board
	f, r, ok := b.Coords(from)
	if !ok {
		return nil
	}
	var out []Square
	add := func(sq Square) {
		if sq != NoSquare && sq != from && !containsSquare(out, sq) {
			out = append(out, sq)
		}
	}
	if op == '.' {
		add(b.At(xqFileIndex(b, x.side, num), r))
		return out
	}
	fwd := xqForward(x.side)
	if op == '-' {
		fwd = -fwd
	}
	// The kind as the public sees it: a decoy must be explained as what it looks
	// like, or the refusal would tell it apart.
	k := &p.v.Kinds[p.attackerAs(from).Kind()]
	if k.PublicAs != 0 {
		k = &p.v.Kinds[p.v.KindByLetter(k.PublicAs)]
	}
	tf := xqFileIndex(b, x.side, num)
	for _, a := range k.Atoms {
		if a.Mode == AttackOnly {
			continue
		}
		df, dr := a.DF, a.DR
		if x.side == Black {
			df, dr = -df, -dr
		}
		if dr == 0 || sign(dr) != fwd {
			continue
		}
		if df == 0 {
			if a.Kind == Leap && abs(dr) != num {
				continue
			}
			add(b.At(f, r+fwd*num))
			continue
		}
		if tf == f || (tf-f)%df != 0 || (tf-f)/df <= 0 {
			continue
		}
		steps := (tf - f) / df
		if a.Kind == Leap && steps != 1 {
			continue
		}
		add(b.At(tf, r+dr*steps))
	}
	return out
}

// read splits a move text into tokens and reads the constraints.
func (x *xqBoard) read(text string) (*xqText, error) {
	toks, chinese, err := x.tokens(text)
	if err != nil {
		return nil, err
	}
	if len(toks) != 4 {
		return nil, fmt.Errorf("a move has four parts (piece, file, direction, number), %q has %d", text, len(toks))
	}
	t := &xqText{chinese: chinese}
	for _, tk := range toks {
		t.key += tk.key()
	}
	op, last := toks[2], toks[3]
	if op.kind != 'o' && op.kind != 's' {
		return nil, fmt.Errorf("the third part must be a direction (進 退 平 or + - .)")
	}
	if last.kind != 'n' {
		return nil, fmt.Errorf("the move must end with a number")
	}
	t.op, t.num = op.sign, last.num
	a, b := toks[0], toks[1]
	signSel := func(s byte) xqSel {
		if s == '+' {
			return selPlus
		}
		return selMinus
	}
	switch {
	case a.kind == 'p' && b.kind == 'n': // C2.5, 炮二平五
		t.readings = []xqReading{{letter: a.letter, file: b.num}}
	case a.kind == 'p' && b.kind == 's': // R+.3
		t.readings = []xqReading{{letter: a.letter, sel: signSel(b.sign)}}
	case a.kind == 'p' && b.kind == 'w': // 炮前平五
		t.readings = []xqReading{{letter: a.letter, sel: b.sel}}
	case a.kind == 'w' && b.kind == 'p': // 前炮平五
		t.readings = []xqReading{{letter: b.letter, sel: a.sel}}
	case a.kind == 's' && b.kind == 's' && a.sign == b.sign: // ++.8, --.8
		sel := selFront
		if a.sign == '-' {
			sel = selRear
		}
		t.readings = []xqReading{{letter: 'P', sel: sel}}
	case a.kind == 'n' && b.kind == 'p': // 二兵平四
		t.readings = []xqReading{{letter: b.letter, sel: selOrdinal, ord: a.num}}
	case a.kind == 'w' && b.kind == 'n': // 前七平六
		t.readings = []xqReading{{letter: 'P', file: b.num, sel: a.sel}}
	case a.kind == 'n' && b.kind == 's': // 7+.6
		t.readings = []xqReading{{letter: 'P', file: a.num, sel: signSel(b.sign)}}
	case a.kind == 'n' && b.kind == 'n':
		// 77.6 is the middle soldier of file 7 (two tandem files); 17=6 is
		// Fairy-Stockfish's first soldier from the front on file 7. Fairy-Stockfish
		// writes sideways moves with '=', so with '=' its reading comes first.
		ordinal := xqReading{letter: 'P', file: b.num, sel: selOrdinal, ord: a.num}
		if a.num != b.num {
			t.readings = []xqReading{ordinal}
			break
		}
		middle := xqReading{letter: 'P', file: a.num, sel: selMiddle}
		t.readings = []xqReading{middle, ordinal}
		if strings.ContainsAny(text, "=＝") {
			t.readings = []xqReading{ordinal, middle}
		}
	default:
		return nil, fmt.Errorf("%q does not start with a piece and its file", text)
	}
	return t, nil
}

// tokens splits a move text into its parts. Spaces are ignored; full-width forms
// count as their ASCII twins; letters may be of any case.
func (x *xqBoard) tokens(text string) ([]xqToken, bool, error) {
	var out []xqToken
	chinese := false
	for _, r := range text {
		if r >= 0xFF01 && r <= 0xFF5E { // full-width ASCII: １ → 1, ＋ → +
			r -= 0xFEE0
		}
		if unicode.IsSpace(r) {
			continue
		}
		if r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		if r > 127 {
			chinese = true
		}
		var tk xqToken
		switch {
		case r >= '1' && r <= '9':
			tk = xqToken{kind: 'n', num: int(r - '0')}
		case strings.ContainsRune(xqNumerals, r):
			tk = xqToken{kind: 'n', num: strings.IndexRune(xqNumerals, r)/len("一") + 1}
		case r == '+' || r == '-':
			tk = xqToken{kind: 's', sign: byte(r)}
		case r == '.' || r == '=' || r == '平':
			tk = xqToken{kind: 'o', sign: '.'}
		case r == '進' || r == '进':
			tk = xqToken{kind: 'o', sign: '+'}
		case r == '退':
			tk = xqToken{kind: 'o', sign: '-'}
		case r == '前':
			tk = xqToken{kind: 'w', sel: selFront}
		case r == '後' || r == '后':
			tk = xqToken{kind: 'w', sel: selRear}
		case r == '中':
			tk = xqToken{kind: 'w', sel: selMiddle}
		default:
			l := x.pieceLetter(r)
			if l == 0 {
				return nil, false, fmt.Errorf("%q is not part of a move", r)
			}
			tk = xqToken{kind: 'p', letter: l}
		}
		out = append(out, tk)
		if len(out) > 8 {
			return nil, false, fmt.Errorf("too long for a move")
		}
	}
	return out, chinese, nil
}

// pieceLetter maps a piece letter or character to a WXF letter, or 0. WXF letters
// come first; FEN letters (B, N) and the variant's own characters are accepted too.
func (x *xqBoard) pieceLetter(r rune) byte {
	v := x.p.v
	if r < 128 {
		c := byte(r)
		for i := range v.Kinds {
			if v.Kinds[i].WXF == c {
				return c
			}
		}
		for i := range v.Kinds {
			if v.Kinds[i].Letter == c && v.Kinds[i].WXF != 0 {
				return v.Kinds[i].WXF
			}
		}
		return 0
	}
	if l, ok := xqPieceRunes[r]; ok {
		return l
	}
	s := string(r)
	for i := range v.Kinds {
		k := &v.Kinds[i]
		if k.WXF != 0 && (k.Glyph[0] == s || k.Glyph[1] == s || k.Simple[0] == s || k.Simple[1] == s) {
			return k.WXF
		}
	}
	return 0
}
