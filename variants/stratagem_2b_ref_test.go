package variants

import (
	"os"
	"strings"
	"testing"
)

// An independent reference for the stratagem games of pieces 23–34, used only
// to cross-check perft counts. It shares nothing with the rules core or the
// modules: a position is a grid of FEN letters plus the pieces' state, a move
// is the position it leads to, a general is attacked when some enemy move
// (with the restrictions in force for it) leaves it off the board or the
// generals face each other. Slow and simple on purpose.

type srPos struct {
	g     [10][9]byte // [rank][file], 0 = empty
	black bool        // Black to move
	x, y  string      // codes of the pieces written X and Y
	// lock holds, per point, the plies the lock on the piece there still
	// lasts (25's linkage, 30's borrowed move); fresh is the point a move
	// just locked (file+1, rank) and for how many plies after this one.
	lock  [10][9]int8
	fresh [3]int8
	// right is the side that may make a borrowed move (30): 1 Red, 2 Black.
	right int8
	// owed[s] is set when side s's next turn is a double move (31); first is
	// the point (file+1, rank) of the piece that made the first move of the
	// turn, between its two moves.
	owed  [2]bool
	first [2]int8
	// kurou is a pending forced reply (34): type (1 A, 2 B) and the checking
	// piece's point (file+1, rank); that piece gives no check meanwhile.
	kurou [3]int8
}

func srParse(t testing.TB, fen, x, y string) srPos {
	t.Helper()
	p := srPos{x: x, y: y}
	board, rest, _ := strings.Cut(fen, " ")
	for i, row := range strings.Split(board, "/") {
		f := 0
		for _, c := range []byte(row) {
			if c >= '1' && c <= '9' {
				f += int(c - '0')
				continue
			}
			p.g[9-i][f] = c
			f++
		}
	}
	p.black = strings.HasPrefix(rest, "b")
	for _, field := range strings.Fields(rest) {
		if list, ok := strings.CutPrefix(field, "linked="); ok {
			for _, item := range strings.Split(list, ",") {
				// a6:2 → file a, rank 6, 2 plies
				p.lock[item[1]-'0'][item[0]-'a'] = int8(item[3] - '0')
			}
		}
		if list, ok := strings.CutPrefix(field, "borrowed="); ok {
			for _, item := range strings.Split(list, ",") {
				p.lock[item[1]-'0'][item[0]-'a'] = int8(item[3] - '0')
			}
		}
		switch field {
		case "borrow=r":
			p.right = 1
		case "borrow=b":
			p.right = 2
		}
	}
	return p
}

func srOn(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 10 }

// own reports whether c belongs to the side black says.
func srOwn(c byte, black bool) bool { return c != 0 && (c >= 'a') == black }

func srUpper(c byte) byte {
	if c >= 'a' {
		return c - 'a' + 'A'
	}
	return c
}

// code is the two-letter code of an added piece's letter, "" for a standard one.
func (p *srPos) code(c byte) string {
	switch srUpper(c) {
	case 'X':
		return p.x
	case 'Y':
		return p.y
	}
	return ""
}

func srPalace(f, r int, black bool) bool {
	if black {
		return f >= 3 && f <= 5 && r >= 7
	}
	return f >= 3 && f <= 5 && r <= 2
}

func srOwnHalf(r int, black bool) bool { return (r >= 5) == black }

// moveTo is p with the piece on (f, r) moved to (x, y), whatever stood there
// taken, and the turn passed.
func (p srPos) moveTo(f, r, x, y int) srPos {
	p.g[y][x], p.g[r][f] = p.g[r][f], 0
	p.lock[y][x], p.lock[r][f] = 0, 0
	p.black = !p.black
	return p
}

// take removes the piece on (f, r) besides a move's own capture.
func (p *srPos) take(f, r int) { p.g[r][f], p.lock[r][f] = 0, 0 }

// counted is p after a move: the locks count one ply down, and the lock the
// move set starts.
func (p srPos) counted() srPos {
	for r := range p.lock {
		for f := range p.lock[r] {
			if p.lock[r][f] > 0 {
				p.lock[r][f]--
			}
		}
	}
	if p.fresh[0] > 0 {
		p.lock[p.fresh[1]][p.fresh[0]-1] = p.fresh[2]
		p.fresh = [3]int8{}
	}
	return p
}

// first walks from (f, r) by (df, dr) and returns the first occupied point.
func (p *srPos) firstFrom(f, r, df, dr int) (int, int, bool) {
	for x, y := f+df, r+dr; srOn(x, y); x, y = x+df, y+dr {
		if p.g[y][x] != 0 {
			return x, y, true
		}
	}
	return 0, 0, false
}

var srOrth = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// standard lists the target points of a standard piece (empty or enemy).
func (p *srPos) standard(f, r int) [][2]int {
	c := p.g[r][f]
	black := c >= 'a'
	var out [][2]int
	add := func(x, y int) {
		if srOn(x, y) && !srOwn(p.g[y][x], black) {
			out = append(out, [2]int{x, y})
		}
	}
	switch srUpper(c) {
	case 'K':
		for _, d := range srOrth {
			if srPalace(f+d[0], r+d[1], black) {
				add(f+d[0], r+d[1])
			}
		}
	case 'A':
		for _, d := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			if srPalace(f+d[0], r+d[1], black) {
				add(f+d[0], r+d[1])
			}
		}
	case 'B':
		for _, d := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			x, y := f+2*d[0], r+2*d[1]
			if srOn(x, y) && srOwnHalf(y, black) && p.g[r+d[1]][f+d[0]] == 0 {
				add(x, y)
			}
		}
	case 'N':
		for _, d := range [][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}} {
			lf, lr := f, r
			if abs(d[0]) == 2 {
				lf += d[0] / 2
			} else {
				lr += d[1] / 2
			}
			if srOn(f+d[0], r+d[1]) && p.g[lr][lf] == 0 {
				add(f+d[0], r+d[1])
			}
		}
	case 'R':
		out = append(out, p.slides(f, r)...)
		for _, d := range srOrth {
			if x, y, ok := p.firstFrom(f, r, d[0], d[1]); ok {
				add(x, y)
			}
		}
	case 'C':
		out = append(out, p.slides(f, r)...)
		for _, d := range srOrth {
			if x, y, ok := p.firstFrom(f, r, d[0], d[1]); ok {
				if x, y, ok := p.firstFrom(x, y, d[0], d[1]); ok {
					add(x, y)
				}
			}
		}
	case 'P':
		fw := 1
		if black {
			fw = -1
		}
		add(f, r+fw)
		if !srOwnHalf(r, black) {
			add(f+1, r)
			add(f-1, r)
		}
	}
	return out
}

// slides lists the empty points a rook move reaches.
func (p *srPos) slides(f, r int) [][2]int {
	var out [][2]int
	for _, d := range srOrth {
		for x, y := f+d[0], r+d[1]; srOn(x, y) && p.g[y][x] == 0; x, y = x+d[0], y+d[1] {
			out = append(out, [2]int{x, y})
		}
	}
	return out
}

// next lists the positions the side to move reaches by one pseudo-legal move;
// attack=true leaves out what never gives check.
func (p srPos) next(attack bool) []srPos {
	var out []srPos
	if attack {
		out = p.moves(true)
	} else {
		ku, forced := p.kurouMoves()
		if !forced {
			out = p.moves(false)
		}
		out = append(out, ku...)
	}
	side := int8(1)
	me := 0
	if p.black {
		side, me = 2, 1
	}
	if !attack && p.right == side {
		out = append(out, p.borrowed()...)
	}
	if !attack && p.first[0] > 0 { // the pass after the first move of a double move
		q := p
		q.black = !p.black
		out = append(out, q)
	}
	enemyZhu := p.letterOf("ZH", !p.black)
	enemyMei := p.letterOf("ME", !p.black)
	for i := range out {
		out[i].right = 0
		if enemyZhu != 0 && p.count(enemyZhu) > out[i].count(enemyZhu) {
			out[i].right = 3 - side
		}
		if enemyMei != 0 && p.count(enemyMei) > out[i].count(enemyMei) {
			out[i].owed[1-me] = true
		}
		out[i].first = [2]int8{}
		if !attack && p.owed[me] && p.first[0] == 0 && !out[i].attacked(!p.black) {
			// The first move of a double move that gives no check keeps the
			// turn: the mover moves again.
			if x, y, ok := p.movedTo(out[i]); ok {
				out[i].black = p.black
				out[i].first = [2]int8{int8(x + 1), int8(y)}
			}
		}
		out[i].owed[me] = false
		out[i].emptyCity(p.black)
		out[i] = out[i].counted()
	}
	return out
}

// emptyCity springs 32's trap for the side that just moved (black says
// which): its 空 on the board, no advisor or elephant, its general its only
// piece in its half, enemy pieces there: they go, and the 空.
func (p *srPos) emptyCity(black bool) {
	ko := p.letterOf("KO", black)
	if ko == 0 || p.count(ko) == 0 {
		return
	}
	enemies := 0
	for r := 0; r < 10; r++ {
		for f := 0; f < 9; f++ {
			c := p.g[r][f]
			switch {
			case c == 0:
			case srOwn(c, black) && (srUpper(c) == 'A' || srUpper(c) == 'B'):
				return
			case !srOwnHalf(r, black):
			case srOwn(c, black) && srUpper(c) != 'K':
				return
			case !srOwn(c, black):
				enemies++
			}
		}
	}
	if enemies == 0 {
		return
	}
	for r := 0; r < 10; r++ {
		for f := 0; f < 9; f++ {
			if c := p.g[r][f]; c == ko || (c != 0 && !srOwn(c, black) && srOwnHalf(r, black)) {
				p.take(f, r)
			}
		}
	}
}

// movedTo is the point where a piece of the side to move arrived in n.
func (p *srPos) movedTo(n srPos) (int, int, bool) {
	for y := 0; y < 10; y++ {
		for x := 0; x < 9; x++ {
			if c := n.g[y][x]; srOwn(c, p.black) && c != p.g[y][x] {
				return x, y, true
			}
		}
	}
	return 0, 0, false
}

// letterOf is the letter of the added piece code of the side black says, 0
// when the game has none.
func (p *srPos) letterOf(code string, black bool) byte {
	var c byte
	switch code {
	case p.x:
		c = 'X'
	case p.y:
		c = 'Y'
	default:
		return 0
	}
	if black {
		c += 'a' - 'A'
	}
	return c
}

func (p *srPos) count(c byte) int {
	n := 0
	for r := range p.g {
		for f := range p.g[r] {
			if p.g[r][f] == c {
				n++
			}
		}
	}
	return n
}

// borrowed lists the borrowed moves (30) of the side to move: every move of
// an enemy piece but the general that moves that piece alone to an empty
// point; the piece is locked for the enemy's next move.
func (p srPos) borrowed() []srPos {
	q := p
	q.black = !p.black
	var out []srPos
	for _, n := range q.moves(false) {
		var changed [][2]int
		for r := range n.g {
			for f := range n.g[r] {
				if n.g[r][f] != q.g[r][f] {
					changed = append(changed, [2]int{f, r})
				}
			}
		}
		if len(changed) != 2 {
			continue
		}
		from, to := changed[0], changed[1]
		if n.g[from[1]][from[0]] != 0 {
			from, to = to, from
		}
		if q.g[to[1]][to[0]] != 0 || srUpper(q.g[from[1]][from[0]]) == 'K' {
			continue
		}
		n.black = !p.black
		n.fresh = [3]int8{int8(to[0] + 1), int8(to[1]), 1}
		out = append(out, n)
	}
	return out
}

// moves lists the positions the side to move reaches by moving its own
// pieces, before the ply is counted.
func (p srPos) moves(attack bool) []srPos {
	var out []srPos
	for r := 0; r < 10; r++ {
		for f := 0; f < 9; f++ {
			c := p.g[r][f]
			if !srOwn(c, p.black) || p.lock[r][f] > 0 {
				continue
			}
			if p.first[0] > 0 && (int(p.first[0]) == f+1 && int(p.first[1]) == r || !srOwnHalf(r, p.black)) {
				continue // the second move of a double move: another piece, in its own half
			}
			if attack && p.kurou[0] != 0 && int(p.kurou[1]) == f+1 && int(p.kurou[2]) == r {
				continue // the piece owing a forced reply gives no check
			}
			out = append(out, p.pieceMoves(f, r, attack)...)
		}
	}
	return out
}

// pieceMoves lists the positions a move of the piece on (f, r) leads to.
func (p srPos) pieceMoves(f, r int, attack bool) []srPos {
	c := p.g[r][f]
	var of, out []srPos
	if code := p.code(c); code != "" {
		of = srAdded[code](&p, f, r, attack)
	} else {
		for _, t := range p.standard(f, r) {
			of = append(of, p.moveTo(f, r, t[0], t[1]))
		}
	}
	for _, n := range of {
		if p.allowed(n, c, r, attack) {
			out = append(out, n)
		}
	}
	return out
}

// checkers counts the enemy pieces that could take the general of the side
// to move, and returns the last.
func (p srPos) checkers() (int, [2]int) {
	kf, kr, _ := p.king(p.black)
	q := p
	q.black = !p.black
	n, last := 0, [2]int{}
	for r := 0; r < 10; r++ {
		for f := 0; f < 9; f++ {
			if !srOwn(q.g[r][f], q.black) {
				continue
			}
			for _, m := range q.pieceMoves(f, r, true) {
				if m.g[kr][kf] != p.g[kr][kf] {
					n, last = n+1, [2]int{f, r}
					break
				}
			}
		}
	}
	return n, last
}

// kurouMoves lists 34's moves for the side to move: with a forced reply
// pending, the reply; else, in check from one piece, the 苦 taking an own
// piece along a line.
func (p srPos) kurouMoves() ([]srPos, bool) {
	if p.kurou[0] != 0 {
		f, r := int(p.kurou[1])-1, int(p.kurou[2])
		var out []srPos
		if p.kurou[0] == 1 {
			for _, n := range p.pieceMoves(f, r, false) {
				n.kurou = [3]int8{}
				if _, _, ok := n.king(!p.black); ok && !n.attacked(!p.black) {
					out = append(out, n)
				}
			}
			return out, true
		}
		starts := map[byte][][2]int{'R': {{0, 0}, {8, 0}}, 'N': {{1, 0}, {7, 0}}, 'C': {{1, 2}, {7, 2}}}
		for _, t := range starts[srUpper(p.g[r][f])] {
			x, y := t[0], t[1]
			if p.black {
				y = 9 - y
			}
			if p.g[y][x] == 0 {
				n := p.moveTo(f, r, x, y)
				n.kurou = [3]int8{}
				out = append(out, n)
			}
		}
		return out, true
	}
	ku := p.letterOf("KU", p.black)
	if ku == 0 {
		return nil, false
	}
	var out []srPos
	for r := 0; r < 10; r++ {
		for f := 0; f < 9; f++ {
			if p.g[r][f] != ku || p.lock[r][f] > 0 {
				continue
			}
			n, checker := p.checkers()
			if n != 1 {
				return nil, false
			}
			for _, d := range srOrth {
				x, y, ok := p.firstFrom(f, r, d[0], d[1])
				if !ok || !srOwn(p.g[y][x], p.black) || srUpper(p.g[y][x]) == 'K' {
					continue
				}
				kind := int8(1)
				switch srUpper(p.g[y][x]) {
				case 'R', 'N', 'C':
					kind = 2
				}
				q := p.moveTo(f, r, x, y)
				q.kurou = [3]int8{kind, int8(checker[0] + 1), int8(checker[1])}
				if len(q.legal()) > 0 {
					out = append(out, q)
				}
			}
		}
	}
	return out, false
}

// allowed applies the bans on a move of the piece c from rank r that leads
// to n: 31's sideways-only general, 33's river and forward bans (only the
// forward ban for checks).
func (p *srPos) allowed(n srPos, c byte, r int, attack bool) bool {
	y, moved := -1, false
	for yy := 0; yy < 10 && !moved; yy++ {
		for xx := 0; xx < 9; xx++ {
			if n.g[yy][xx] == c && p.g[yy][xx] != c {
				y, moved = yy, true
				break
			}
		}
	}
	if !moved {
		return true
	}
	black := c >= 'a'
	enemyHalf := func(code string) bool {
		e := p.letterOf(code, !black)
		for yy := 0; yy < 10; yy++ {
			for xx := 0; xx < 9; xx++ {
				if e != 0 && p.g[yy][xx] == e && srOwnHalf(yy, black) {
					return true
				}
			}
		}
		return false
	}
	if srUpper(c) == 'K' && y != r && enemyHalf("ME") {
		return false
	}
	if enemyHalf("FA") {
		if !attack && srOwnHalf(r, black) && !srOwnHalf(y, black) {
			return false
		}
		if !srOwnHalf(r, black) && ((!black && y > r) || (black && y < r)) {
			return false
		}
	}
	return true
}

// srKing returns the point of the general of the side black says.
func (p *srPos) king(black bool) (int, int, bool) {
	k := byte('K')
	if black {
		k = 'k'
	}
	for r := 0; r < 10; r++ {
		for f := 0; f < 9; f++ {
			if p.g[r][f] == k {
				return f, r, true
			}
		}
	}
	return 0, 0, false
}

// attacked reports whether the general of the side black says can be taken by
// the other side moving next, or faces the enemy general.
func (p srPos) attacked(black bool) bool {
	kf, kr, ok := p.king(black)
	if !ok {
		return true
	}
	if ef, er, ok := p.king(!black); ok && ef == kf {
		if x, y, ok := p.firstFrom(kf, kr, 0, sign(er-kr)); ok && x == ef && y == er {
			return true
		}
	}
	q := p
	q.black = !black
	for _, n := range q.next(true) {
		if _, _, ok := n.king(black); !ok {
			return true
		}
	}
	return false
}

// legal lists the positions the side to move reaches by a legal move.
func (p srPos) legal() []srPos {
	var out []srPos
	for _, n := range p.next(false) {
		if !n.attacked(p.black) {
			if _, _, ok := n.king(!p.black); ok {
				out = append(out, n)
			}
		}
	}
	return out
}

func (p srPos) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, q := range p.legal() {
		n += q.perft(depth - 1)
	}
	return n
}

// srAdded are the added pieces of the reference by code: the positions a move
// of the piece on (f, r) leads to.
var srAdded = map[string]func(p *srPos, f, r int, attack bool) []srPos{
	"YA": srFar,
	"GO": srGuo,
	"ZU": srPillar,
	"ZI": srPointer,
	"SU": srTree,
	"ZH": srHost,
	"ME": srStep,
	"FA": srStep,
	"KO": srHost, // a chariot's slide without capture; the trap is srPos.emptyCity
	"KU": srHost, // a chariot's slide without capture; 苦肉計 is srPos.kurouMoves
}

// srStep: 31 美 and 33 畈 move one orthogonal step to an empty point; their
// effects are bans on the enemy (srPos.allowed) and 31's double move.
func srStep(p *srPos, f, r int, attack bool) []srPos {
	var out []srPos
	for _, d := range srOrth {
		if x, y := f+d[0], r+d[1]; srOn(x, y) && p.g[y][x] == 0 {
			out = append(out, p.moveTo(f, r, x, y))
		}
	}
	return out
}

// srTree: 29 樹, from its spec section: a chariot's path, never ending on
// file e, a vertical move over rank 4 or 5, a sideways move over file e.
func srTree(p *srPos, f, r int, attack bool) []srPos {
	black := p.g[r][f] >= 'a'
	var out []srPos
	for _, d := range srOrth {
		for x, y := f+d[0], r+d[1]; srOn(x, y); x, y = x+d[0], y+d[1] {
			c := p.g[y][x]
			over := func(a, b, line int) bool { return (a < line && line < b) || (b < line && line < a) }
			ok := x != 4 && ((d[0] == 0 && (over(r, y, 4) || over(r, y, 5))) || (d[1] == 0 && over(f, x, 4)))
			if ok && !srOwn(c, black) {
				out = append(out, p.moveTo(f, r, x, y))
			}
			if c != 0 {
				break
			}
		}
	}
	return out
}

// srHost: 30 主, a chariot's slide without capture.
func srHost(p *srPos, f, r int, attack bool) []srPos {
	if attack {
		return nil
	}
	return srRookMoves(p, f, r)
}

// srRookMoves are the plain rook moves of the piece on (f, r).
func srRookMoves(p *srPos, f, r int) []srPos {
	var out []srPos
	for _, t := range p.slides(f, r) {
		out = append(out, p.moveTo(f, r, t[0], t[1]))
	}
	return out
}

// srFar: 23 遠, from its spec section.
func srFar(p *srPos, f, r int, attack bool) []srPos {
	out := srRookMoves(p, f, r)
	if attack {
		return nil // it never gives check
	}
	black := p.g[r][f] >= 'a'
	count := map[byte]int{}
	target := map[byte][2]int{}
	for _, d := range srOrth {
		if x, y, ok := p.firstFrom(f, r, d[0], d[1]); ok && !srOwn(p.g[y][x], black) {
			k := srUpper(p.g[y][x])
			count[k]++
			target[k] = [2]int{x, y}
		}
	}
	for k, n := range count {
		if n != 1 || k == 'K' {
			continue
		}
		for y := 0; y < 10; y++ {
			for x := 0; x < 9; x++ {
				if c := p.g[y][x]; c != 0 && !srOwn(c, black) && srUpper(c) == k && [2]int{x, y} != target[k] {
					out = append(out, p.moveTo(f, r, x, y))
				}
			}
		}
	}
	return out
}

// srGuo: 24 虢, from its spec section.
func srGuo(p *srPos, f, r int, attack bool) []srPos {
	out := srRookMoves(p, f, r)
	black := p.g[r][f] >= 'a'
	for _, d := range srOrth {
		var seen [][2]int
		for x, y, ok := p.firstFrom(f, r, d[0], d[1]); ok && len(seen) < 3; x, y, ok = p.firstFrom(x, y, d[0], d[1]) {
			seen = append(seen, [2]int{x, y})
		}
		at := func(i int) byte { return p.g[seen[i][1]][seen[i][0]] }
		switch {
		case len(seen) >= 2 && !srOwn(at(0), black) && srUpper(at(0)) != 'K' && !srOwn(at(1), black):
			q := p.moveTo(f, r, seen[1][0], seen[1][1])
			q.take(seen[0][0], seen[0][1])
			out = append(out, q)
		case len(seen) == 3 && srOwn(at(0), black) && srOwn(at(1), black) && !srOwn(at(2), black):
			out = append(out, p.moveTo(f, r, seen[2][0], seen[2][1]))
		}
	}
	return out
}

// srPillar: 25 柱, from its spec section.
func srPillar(p *srPos, f, r int, attack bool) []srPos {
	if attack {
		return nil // it never captures
	}
	var out []srPos
	for _, d := range srOrth {
		// Slides and jumps: the points up to a landing point hold at most one piece.
		for n := 1; n < 10; n++ {
			if x, y, k := srPath(p, f, r, d, n); k >= 0 {
				out = append(out, p.moveTo(f, r, x, y))
			}
		}
		// Linkage: the first piece of the line, or the second across one.
		var line [][2]int
		for x, y := f+d[0], r+d[1]; srOn(x, y) && len(line) < 2; x, y = x+d[0], y+d[1] {
			if p.g[y][x] != 0 {
				line = append(line, [2]int{x, y})
			}
		}
		for _, l := range line {
			lc := p.g[l[1]][l[0]]
			if k := srUpper(lc); (k != 'R' && k != 'N' && k != 'C') || p.lock[l[1]][l[0]] > 0 {
				continue
			}
			for _, e := range srOrth {
				for n := 1; n < 10; n++ {
					lx, ly, lk := srPath(p, l[0], l[1], e, n)
					if lk < 0 {
						continue
					}
					q := *p
					q.g[ly][lx], q.g[l[1]][l[0]] = lc, 0
					x, y, k := srPath(&q, f, r, e, n)
					if k != lk {
						continue
					}
					q = q.moveTo(f, r, x, y)
					q.fresh = [3]int8{int8(lx + 1), int8(ly), 2}
					out = append(out, q)
				}
			}
		}
	}
	return out
}

// srPath walks n points from (f, r) by d: the landing point and 0 for a slide
// over empty points, 1 for a hop over one piece; -1 when the landing point is
// off the board or taken, or more pieces are passed.
func srPath(p *srPos, f, r int, d [2]int, n int) (int, int, int) {
	x, y := f+n*d[0], r+n*d[1]
	if !srOn(x, y) || p.g[y][x] != 0 {
		return 0, 0, -1
	}
	k := 0
	for i := 1; i < n; i++ {
		if p.g[r+i*d[1]][f+i*d[0]] != 0 {
			k++
		}
	}
	if k > 1 {
		return 0, 0, -1
	}
	return x, y, k
}

// srPointer: 26 指, from its spec section.
func srPointer(p *srPos, f, r int, attack bool) []srPos {
	out := srRookMoves(p, f, r)
	black := p.g[r][f] >= 'a'
	var ts [][2]int
	for _, d := range srOrth {
		if x, y, ok := p.firstFrom(f, r, d[0], d[1]); ok && !srOwn(p.g[y][x], black) {
			ts = append(ts, [2]int{x, y})
		}
	}
	if len(ts) == 2 {
		for _, t := range ts {
			out = append(out, p.moveTo(f, r, t[0], t[1]))
		}
	}
	return out
}

// TestStratagem2bPerftReference checks the named games of pieces 23–34 in
// testdata/stratagem-perft.txt against the reference, to depth 2 by default and
// to depth 3 with CHUHE_FULL_PERFT=1.
func TestStratagem2bPerftReference(t *testing.T) {
	depth := 2
	if os.Getenv("CHUHE_FULL_PERFT") == "1" {
		depth = 3
	}
	r := testRegistry()
	for _, g := range stratagemGames {
		if srAdded[g.x] == nil || srAdded[g.y] == nil {
			continue
		}
		v, ok := r.Get(g.slug)
		if !ok {
			t.Errorf("%s is not registered", g.slug)
			continue
		}
		ref := srParse(t, v.StartFEN, g.x, g.y)
		p := mustPosition(t, v, v.StartFEN)
		for d := 1; d <= depth; d++ {
			if got, want := p.Perft(d), ref.perft(d); got != want {
				t.Errorf("%s perft(%d) = %d, reference %d", g.slug, d, got, want)
			}
		}
	}
	// Small positions where the powers are used at once, to depth 3.
	for _, c := range []struct{ x, fen string }{
		{"ZU", "5k3/9/9/2r3X2/9/9/9/9/9/3K5 w"},
		{"ZU", "5k3/9/9/9/2R6/9/9/2X6/9/3K5 w"},
		{"ZU", "3k5/9/9/1n7/9/2C6/9/2X6/1r7/4K4 b linked=b1:1"},
		{"ZI", "5k3/9/9/9/9/2n2X3/9/9/9/3K5 b"},
		{"GO", "4r4/4k4/9/9/4p4/9/4P4/4X4/9/3K5 w"},
		{"YA", "r4k1n1/9/1n7/9/9/1X4r2/9/9/9/3K5 w"},
		{"ZH", "5k1n1/2r6/9/9/2X6/9/2P6/9/9/3K5 b"},
		{"ZH", "5k3/9/9/9/r2X5/9/9/9/9/3K5 b"},
		{"ZH", "3k5/9/9/9/2X6/9/9/2N6/9/4K4 w borrow=r"},
		{"SU", "5k3/9/1r7/9/9/1X4n2/2p6/9/9/3K5 w"},
		{"ME", "5k1r1/9/9/R8/7X1/9/9/9/9/1N1K5 b"},
		{"ME", "9/4k4/9/9/X8/9/4P4/9/9/4K4 b"},
		{"FA", "5k3/9/r8/9/4X4/9/2p3nr1/9/9/3K5 b"},
		{"FA", "5k3/9/9/9/4X4/9/3r5/9/9/3K5 w"},
		{"KO", "3k5/9/9/2X6/9/2p6/9/R4n3/9/4K4 w"},
		{"KO", "4k4/9/9/4X4/9/9/8p/R8/9/4K4 w"},
		{"KU", "3k5/9/9/9/4r4/9/P8/X8/9/4K4 w"},
		{"KU", "3k5/9/9/9/9/1X7/9/3n5/1N7/4K4 w"},
		{"KU", "1r1k3r1/9/9/9/9/1X7/9/3n5/1N7/4K4 w"},
		{"KU", "3k5/9/9/9/4r4/9/P8/X2n5/9/4K4 w"},
	} {
		v := stratVariant(t, c.x)
		ref := srParse(t, c.fen, c.x, "")
		p := mustPosition(t, v, c.fen)
		if got, want := p.Perft(3), ref.perft(3); got != want {
			t.Errorf("%s %s perft(3) = %d, reference %d", c.x, c.fen, got, want)
		}
	}
}
