package variants

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// An independent reference move generator for the board variants of seed 004,
// used only to cross-check their perft counts. It shares nothing with the rules
// core: a position is a grid of FEN letters, each piece's moves are written out
// by hand from the spec, legality is "after the move no enemy piece can reach
// my general and the generals do not face". Slow and simple on purpose.

type refPos struct {
	w, h  int
	grid  [][]byte // [rank][file], 0 = empty
	black bool     // Black to move
	// pend is the piece that made the first move of a two-move turn, or
	// (-1, -1) (jianghe's middle rule).
	pend [2]int
}

func parseRef(t testing.TB, fen string, w, h int) *refPos {
	t.Helper()
	board, rest, _ := strings.Cut(fen, " ")
	ranks := strings.Split(board, "/")
	if len(ranks) != h {
		t.Fatalf("ref: %d ranks in %q", len(ranks), fen)
	}
	p := &refPos{w: w, h: h, grid: make([][]byte, h), black: strings.HasPrefix(rest, "b"), pend: [2]int{-1, -1}}
	for i, row := range ranks {
		r := h - 1 - i
		p.grid[r] = make([]byte, w)
		f := 0
		for j := 0; j < len(row); {
			if unicode.IsDigit(rune(row[j])) {
				k := j
				for k < len(row) && unicode.IsDigit(rune(row[k])) {
					k++
				}
				n, _ := strconv.Atoi(row[j:k])
				f += n
				j = k
				continue
			}
			p.grid[r][f] = row[j]
			f++
			j++
		}
		if f != w {
			t.Fatalf("ref: rank %d has %d files", r, f)
		}
	}
	return p
}

func (p *refPos) on(f, r int) bool { return f >= 0 && r >= 0 && f < p.w && r < p.h }

func (p *refPos) at(f, r int) byte { return p.grid[r][f] }

func isRed(c byte) bool { return c >= 'A' && c <= 'Z' }

// refMove is a move of the reference: from and to as (file, rank).
type refMove struct{ f0, r0, f1, r1 int }

// refGen lists the pseudo-legal targets of the piece on (f, r), as the spec
// says; targets on own pieces are dropped by the caller.
type refGen func(p *refPos, f, r int) [][2]int

// refRules is a variant for the reference: its piece moves, and whether a
// position leaves the side that just moved lost (its general attacked).
type refRules struct {
	gen refGen
	// king is the general's letter (uppercase).
	king byte
	// double, when set, says whether the side to move may move two different
	// pieces this turn (asked at the start of a turn).
	double func(p *refPos) bool
	// classify, when set, says what a pseudo-legal move of the geometry is:
	// refDrop (not a move), refNormal, or refExchange (both pieces leave).
	// Attacks use the geometry alone.
	classify func(p *refPos, m refMove) int
}

// Kinds of moves for refRules.classify.
const (
	refDrop = iota
	refNormal
	refExchange
)

func (rr refRules) pseudo(p *refPos, black bool) []refMove {
	var out []refMove
	for r := 0; r < p.h; r++ {
		for f := 0; f < p.w; f++ {
			c := p.at(f, r)
			if c == 0 || isRed(c) == black {
				continue
			}
			for _, to := range rr.gen(p, f, r) {
				d := p.at(to[0], to[1])
				if d != 0 && isRed(d) == isRed(c) {
					continue
				}
				out = append(out, refMove{f, r, to[0], to[1]})
			}
		}
	}
	return out
}

// attacked reports whether the general of the side (black or not) can be
// taken by the other side, or faces the enemy general.
func (rr refRules) attacked(p *refPos, black bool) bool {
	kf, kr, ef, er := -1, -1, -1, -1
	for r := 0; r < p.h; r++ {
		for f := 0; f < p.w; f++ {
			c := p.at(f, r)
			if c == 0 || unicode.ToUpper(rune(c)) != rune(rr.king) {
				continue
			}
			if isRed(c) != black {
				kf, kr = f, r
			} else {
				ef, er = f, r
			}
		}
	}
	if kf < 0 {
		return true
	}
	if ef == kf {
		open := true
		for r := min(kr, er) + 1; r < max(kr, er) && open; r++ {
			open = p.at(kf, r) == 0
		}
		if open {
			return true
		}
	}
	for _, m := range rr.pseudo(p, !black) {
		if m.f1 == kf && m.r1 == kr {
			return true
		}
	}
	return false
}

func (rr refRules) perft(p *refPos, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	mid := p.pend[0] >= 0
	keep := !mid && rr.double != nil && rr.double(p)
	if mid { // the pass that ends a two-move turn
		pend := p.pend
		p.pend, p.black = [2]int{-1, -1}, !p.black
		n += rr.perft(p, depth-1)
		p.pend, p.black = pend, !p.black
	}
	for _, m := range rr.pseudo(p, p.black) {
		if mid && m.f0 == p.pend[0] && m.r0 == p.pend[1] {
			continue // the second move is another piece's
		}
		from, to := p.grid[m.r0][m.f0], p.grid[m.r1][m.f1]
		if to != 0 && unicode.ToUpper(rune(to)) == rune(rr.king) {
			continue // no move takes a general
		}
		kind := refNormal
		if rr.classify != nil {
			kind = rr.classify(p, m)
		}
		if kind == refDrop {
			continue
		}
		p.grid[m.r1][m.f1], p.grid[m.r0][m.f0] = from, 0
		if kind == refExchange {
			p.grid[m.r1][m.f1] = 0
		}
		if !rr.attacked(p, p.black) {
			pend := p.pend
			switch {
			case keep:
				p.pend = [2]int{m.f1, m.r1}
				n += rr.perft(p, depth-1)
			default:
				p.pend, p.black = [2]int{-1, -1}, !p.black
				n += rr.perft(p, depth-1)
				p.black = !p.black
			}
			p.pend = pend
		}
		p.grid[m.r0][m.f0], p.grid[m.r1][m.f1] = from, to
	}
	return n
}

// Movement helpers, in absolute directions. fwd is +1 for Red, -1 for Black.

func fwdOf(c byte) int {
	if isRed(c) {
		return 1
	}
	return -1
}

func refStep(p *refPos, f, r int, dirs [][2]int, ok func(f, r int) bool) [][2]int {
	var out [][2]int
	for _, d := range dirs {
		if t := [2]int{f + d[0], r + d[1]}; p.on(t[0], t[1]) && (ok == nil || ok(t[0], t[1])) {
			out = append(out, t)
		}
	}
	return out
}

// refRide slides along each direction over empty points, every point passed
// and the end point satisfying ok, stopping at (and including) the first piece.
func refRide(p *refPos, f, r int, dirs [][2]int, ok func(f, r int) bool) [][2]int {
	var out [][2]int
	for _, d := range dirs {
		for x, y := f+d[0], r+d[1]; p.on(x, y) && (ok == nil || ok(x, y)); x, y = x+d[0], y+d[1] {
			out = append(out, [2]int{x, y})
			if p.at(x, y) != 0 {
				break
			}
		}
	}
	return out
}

// refCannon moves over empty points and captures by jumping exactly one piece.
func refCannon(p *refPos, f, r int, dirs [][2]int, ok func(f, r int) bool) [][2]int {
	var out [][2]int
	for _, d := range dirs {
		screen := false
		for x, y := f+d[0], r+d[1]; p.on(x, y) && (ok == nil || ok(x, y)); x, y = x+d[0], y+d[1] {
			c := p.at(x, y)
			if !screen {
				if c == 0 {
					out = append(out, [2]int{x, y})
				} else {
					screen = true
				}
				continue
			}
			if c != 0 {
				if isRed(c) != isRed(p.at(f, r)) {
					out = append(out, [2]int{x, y})
				}
				break
			}
		}
	}
	return out
}

// refLame is a leap of (a, b) in every orientation, blocked by the point next to
// the start in the longer direction.
func refLame(p *refPos, f, r, a, b int, ok func(f, r int) bool) [][2]int {
	var out [][2]int
	for _, sx := range []int{1, -1} {
		for _, sy := range []int{1, -1} {
			for _, d := range [][2]int{{a * sx, b * sy}, {b * sx, a * sy}} {
				x, y := f+d[0], r+d[1]
				if !p.on(x, y) || (ok != nil && !ok(x, y)) {
					continue
				}
				lf, lr := f, r
				if abs(d[0]) > abs(d[1]) {
					lf += sx
				} else {
					lr += sy
				}
				if p.at(lf, lr) == 0 {
					out = append(out, [2]int{x, y})
				}
			}
		}
	}
	return out
}

// refDiag is a diagonal move of exactly n points over empty points.
func refDiag(p *refPos, f, r, n int, ok func(f, r int) bool) [][2]int {
	var out [][2]int
	for _, d := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		x, y := f+n*d[0], r+n*d[1]
		if !p.on(x, y) || (ok != nil && !ok(x, y)) {
			continue
		}
		clear := true
		for i := 1; i < n; i++ {
			clear = clear && p.at(f+i*d[0], r+i*d[1]) == 0
		}
		if clear {
			out = append(out, [2]int{x, y})
		}
	}
	return out
}

var (
	refOrth  = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	refDiag4 = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// refSoldier is the xiangqi soldier: forward, and sideways once crossed(f, r).
func refSoldier(p *refPos, f, r int, crossed func(f, r int) bool) [][2]int {
	fw := fwdOf(p.at(f, r))
	dirs := [][2]int{{0, fw}}
	if crossed(f, r) {
		dirs = append(dirs, [2]int{1, 0}, [2]int{-1, 0})
	}
	return refStep(p, f, r, dirs, nil)
}

// refStandard moves the standard kinds R N C P (the soldier crossing at the
// middle of a 10-rank board) on a xiangqi board; ok=false for other letters.
func refStandard(p *refPos, f, r int) ([][2]int, bool) {
	c := p.at(f, r)
	switch unicode.ToUpper(rune(c)) {
	case 'R':
		return refRide(p, f, r, refOrth, nil), true
	case 'N':
		return refLame(p, f, r, 1, 2, nil), true
	case 'C':
		return refCannon(p, f, r, refOrth, nil), true
	case 'P':
		return refSoldier(p, f, r, func(_, y int) bool { return (y >= p.h/2) == isRed(c) }), true
	}
	return nil, false
}

// refCheck compares the core's perft with the reference's.
func refCheck(t *testing.T, rr refRules, got uint64, fen string, w, h, depth int) {
	t.Helper()
	want := rr.perft(parseRef(t, fen, w, h), depth)
	if got != want {
		t.Errorf("%s: perft(%d) = %d, reference %d", fen, depth, got, want)
	}
}

// refSpec is a variant's reference and its board size.
type refSpec struct {
	rules refRules
	w, h  int
}

func boardRefs() map[string]refSpec {
	return map[string]refSpec{
		"weiguo":   {weiguoRef(), 9, 10},
		"bianfang": {bianfangRef(), 9, 10},
		"jianghe":  {jiangheRef(), 9, 14},
		"supply":   {supplyRef(), 9, 12},
	}
}

// TestBoardsPerft checks testdata/boards-perft.txt with the core and, up to a
// size, with the reference generator.
func TestBoardsPerft(t *testing.T) {
	data, err := os.ReadFile("testdata/boards-perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	// The reference is slow (seconds for a depth-3 start): by default it
	// checks the rows up to depth 2; CHUHE_FULL_PERFT=1 checks every row (as was
	// done when the counts were recorded).
	refLimit := uint64(5_000)
	coreLimit := uint64(5_000_000)
	switch {
	case os.Getenv("CHUHE_FULL_PERFT") == "1":
		refLimit = 5_000_000
	case small():
		coreLimit = 5_000
	}
	refs := boardRefs()
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 4 {
			t.Fatalf("line %d: want slug|FEN|depth|nodes", i+1)
		}
		depth, _ := strconv.Atoi(parts[2])
		want, _ := strconv.ParseUint(parts[3], 10, 64)
		if want > coreLimit {
			continue
		}
		t.Run(parts[0]+"_"+strconv.Itoa(i+1), func(t *testing.T) {
			v := mustVariant(t, parts[0])
			fen := parts[1]
			if fen == "start" {
				fen = v.StartFEN
			}
			p := mustPosition(t, v, fen)
			before := p.FEN()
			if got := p.Perft(depth); got != want {
				t.Errorf("perft(%d) = %d, want %d", depth, got, want)
			}
			if p.FEN() != before {
				t.Errorf("perft changed the position")
			}
			if ref, ok := refs[parts[0]]; ok && want <= refLimit {
				refCheck(t, ref.rules, want, fen, ref.w, ref.h, depth)
			}
		})
	}
}
