package rules

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Square is the index of one point (or cell) of a board. Grid squares come first,
// rank by rank from rank 0 (Red's side), file a first: index = rank*Width + file.
// Extra points that are not on the grid (off-board reserves, supply lines drawn
// apart) follow the grid squares.
type Square int16

// NoSquare marks the absence of a square (a move without a source, an unused slot).
const NoSquare Square = -1

// MaxSquares bounds the squares of any board, so that SquareSet can be a value type.
const MaxSquares = 256

// SquareSet is a set of squares. It is a value: copying it copies the set.
type SquareSet [MaxSquares / 64]uint64

// Add puts sq into the set.
func (s *SquareSet) Add(sq Square) { s[sq>>6] |= 1 << (uint(sq) & 63) }

// Remove takes sq out of the set.
func (s *SquareSet) Remove(sq Square) { s[sq>>6] &^= 1 << (uint(sq) & 63) }

// Has reports whether sq is in the set. NoSquare is never in a set.
func (s *SquareSet) Has(sq Square) bool {
	return sq >= 0 && s[sq>>6]&(1<<(uint(sq)&63)) != 0
}

// Len is the number of squares in the set.
func (s *SquareSet) Len() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// Squares lists the set in increasing order.
func (s *SquareSet) Squares() []Square {
	var out []Square
	for i, w := range s {
		for w != 0 {
			b := bits.TrailingZeros64(w)
			out = append(out, Square(i*64+b))
			w &= w - 1
		}
	}
	return out
}

// Side is one of the two players. Red (White in chess-like games) moves first.
type Side uint8

// The two sides.
const (
	Red   Side = 0
	Black Side = 1
)

// Other returns the opponent of s.
func (s Side) Other() Side { return s ^ 1 }

func (s Side) String() string {
	if s == Red {
		return "red"
	}
	return "black"
}

// Zone is a named set of squares for each side, such as a palace or a side's own half.
// Zones are given from each side's point of view: Zone[Red] is Red's palace.
type Zone [2]SquareSet

// ExtraPoint is a point off the grid. Its links say which square a step in a
// given direction (as (file, rank) deltas on Red's orientation) reaches.
type ExtraPoint struct {
	Name string // e.g. "r1" for a reserve slot; must not look like a grid name
	// X and Y place the point for drawing, in grid units (file, rank); they may be
	// fractional or outside the grid.
	X, Y  float64
	Links map[[2]int]string // direction -> square name
}

// Pass joins two grid points as one orthogonal step (Board.Passes), by name.
type Pass struct{ From, To string }

// passLink is a resolved pass seen from one of its ends: a unit step (df, dr)
// from from reaches to.
type passLink struct {
	from, to Square
	df, dr   int
}

// Line is a drawn line segment between two squares (palace diagonals, extra links).
type Line struct{ From, To Square }

// Decor holds what a board looks like beyond its points: things render draws and
// the rules never read.
type Decor struct {
	// RiverBelow is the rank just below the river (4 in xiangqi), or -1 for no river.
	RiverBelow int
	// RiverText is written in the river, left half then right half (楚河, 漢界).
	RiverText [2]string
	// MoreRivers are further rivers across the board (jianghe's second river).
	MoreRivers []River
	// Diagonals are drawn lines that are not part of the orthogonal grid.
	Diagonals []Line
	// Marks are points that get the small corner marks of soldier and cannon points.
	Marks []Square
	// Shaded are zones drawn with a tint (off-board reserves, flag rings).
	Shaded []SquareSet
	// PointLabels are small characters drawn beside points, with a ring on the
	// point: points with a rule of their own (shanhe's function points show the
	// kind they boost or bind).
	PointLabels []PointLabel
	// HandRows: draw a row beyond each side's back rank for its pieces in hand
	// (View.Hands). Finalize sets it for a variant with hands.
	HandRows bool
	// Arcs are links drawn bowed outwards from the board between two points
	// near its edge (yunduan's linked cloud points): the frame moves out to
	// leave them room.
	Arcs []Line
	// Labels are short texts drawn at a point in grid units, upright for the
	// viewer (what a recovery zone holds, beside it); images grow to hold them.
	Labels []Label
	// Seams are files f after which a river runs along the files, between f
	// and f+1 (changhe's inner river): drawn as a double line; pieces cross it
	// as any line, the rules say where they may not.
	Seams []int
	// FullSize: draw a board with more than nine point files wider than the
	// asked width, so that its pieces are as large as on the standard board
	// (images stay within render's width limit).
	FullSize bool
}

// Label is a text drawn centred on (X, Y), in grid units.
type Label struct {
	X, Y float64
	Text string
}

// PointLabel is a character drawn beside a point (Decor.PointLabels).
type PointLabel struct {
	At   Square
	Text string
}

// River is a river drawn across the board between rank Below and the next, with
// its text (left half, right half).
type River struct {
	Below int
	Text  [2]string
}

// Board is the geometry of a game: size, which grid points exist, extra points,
// named zones and what is drawn. A Board is built once by a variant and then only
// read; call Finalize before use.
type Board struct {
	Width, Height int
	// Cells is true for chess-like boards where pieces stand inside cells, false for
	// xiangqi-like boards where pieces stand on the intersections.
	Cells bool
	// Holes are grid squares that do not exist (by name).
	Holes []string
	// Passes join two grid points on one file or rank, with only holes between
	// them, as one orthogonal step (the mountain pass a3-a6 of the 山界 board):
	// a step, a ride or a cannon's line from one goes on to the other. A leap
	// longer than one step and the blocking points of a leap do not use it.
	Passes []Pass
	Extra  []ExtraPoint
	Zones  map[string]Zone
	// ZoneTexts says what a zone is in refusals, in every language, where its
	// name does not read well after "may do that only" / "must stay" ("along a
	// drawn palace diagonal" for a zone of the points a diagonal leaves from).
	// Zones without one are described by name.
	ZoneTexts map[string]Texts
	Decor     Decor

	n      int
	passes []passLink
	exists SquareSet
	names  []string
	byName map[string]Square
}

// Finalize checks the board and builds its lookup tables. It is called by
// Variant.Finalize; calling it twice is harmless.
func (b *Board) Finalize() error {
	if b.Width < 1 || b.Height < 1 || b.Width > 26 {
		return fmt.Errorf("rules: board size %dx%d out of range", b.Width, b.Height)
	}
	b.n = b.Width*b.Height + len(b.Extra)
	if b.n > MaxSquares {
		return fmt.Errorf("rules: board has %d squares, more than %d", b.n, MaxSquares)
	}
	b.names = make([]string, b.n)
	b.byName = make(map[string]Square, b.n)
	b.exists = SquareSet{}
	for sq := 0; sq < b.Width*b.Height; sq++ {
		f, r := sq%b.Width, sq/b.Width
		rank := r
		if b.Cells {
			rank = r + 1
		}
		name := string(rune('a'+f)) + strconv.Itoa(rank)
		b.names[sq] = name
		b.byName[name] = Square(sq)
		b.exists.Add(Square(sq))
	}
	for _, h := range b.Holes {
		sq, ok := b.byName[h]
		if !ok {
			return fmt.Errorf("rules: hole %q is not a grid square", h)
		}
		b.exists.Remove(sq)
	}
	if err := b.resolvePasses(); err != nil {
		return err
	}
	for i, e := range b.Extra {
		sq := Square(b.Width*b.Height + i)
		if _, dup := b.byName[e.Name]; dup || e.Name == "" {
			return fmt.Errorf("rules: extra point name %q is empty or taken", e.Name)
		}
		b.names[sq] = e.Name
		b.byName[e.Name] = sq
		b.exists.Add(sq)
	}
	return nil
}

// resolvePasses checks Passes (two existing grid points on one file or rank,
// only holes between) and builds their links in both directions.
func (b *Board) resolvePasses() error {
	b.passes = nil
	for _, ps := range b.Passes {
		from, ok1 := b.Parse(ps.From)
		to, ok2 := b.Parse(ps.To)
		if !ok1 || !ok2 {
			return fmt.Errorf("rules: pass %s-%s: both ends must be grid points", ps.From, ps.To)
		}
		f0, r0, g0 := b.Coords(from)
		f1, r1, g1 := b.Coords(to)
		if !g0 || !g1 || (f0 != f1 && r0 != r1) || from == to {
			return fmt.Errorf("rules: pass %s-%s: the ends must share a file or a rank", ps.From, ps.To)
		}
		df, dr := sign(f1-f0), sign(r1-r0)
		for f, r := f0+df, r0+dr; f != f1 || r != r1; f, r = f+df, r+dr {
			if b.At(f, r) != NoSquare {
				return fmt.Errorf("rules: pass %s-%s: %s lies between and is not a hole", ps.From, ps.To, b.names[r*b.Width+f])
			}
		}
		b.passes = append(b.passes, passLink{from: from, to: to, df: df, dr: dr}, passLink{from: to, to: from, df: -df, dr: -dr})
	}
	return nil
}

// NumSquares is the number of square indexes (grid plus extra points), including holes.
func (b *Board) NumSquares() int { return b.n }

// Exists reports whether sq is a real point of the board (not a hole, not out of range).
func (b *Board) Exists(sq Square) bool { return sq >= 0 && int(sq) < b.n && b.exists.Has(sq) }

// Name is the coordinate name of sq: "e0" on point boards, "e1" on cell boards.
func (b *Board) Name(sq Square) string {
	if sq < 0 || int(sq) >= b.n {
		return "-"
	}
	return b.names[sq]
}

// Parse reads a square name, case-insensitively.
func (b *Board) Parse(name string) (Square, bool) {
	sq, ok := b.byName[strings.ToLower(name)]
	if !ok || !b.exists.Has(sq) {
		return NoSquare, false
	}
	return sq, true
}

// At returns the grid square at file f and rank index r (0-based), or NoSquare
// when that is off the grid or a hole.
func (b *Board) At(f, r int) Square {
	if f < 0 || r < 0 || f >= b.Width || r >= b.Height {
		return NoSquare
	}
	sq := Square(r*b.Width + f)
	if !b.exists.Has(sq) {
		return NoSquare
	}
	return sq
}

// Coords returns the file and rank index (0-based) of a grid square, and ok=false
// for extra points.
func (b *Board) Coords(sq Square) (f, r int, ok bool) {
	if sq < 0 || int(sq) >= b.Width*b.Height {
		return 0, 0, false
	}
	return int(sq) % b.Width, int(sq) / b.Width, true
}

// Point returns where sq is drawn, in grid units (file, rank index).
func (b *Board) Point(sq Square) (x, y float64) {
	if f, r, ok := b.Coords(sq); ok {
		return float64(f), float64(r)
	}
	e := b.Extra[int(sq)-b.Width*b.Height]
	return e.X, e.Y
}

// Step returns the square reached from sq by the delta (df, dr) on Red's
// orientation, following extra links; NoSquare when there is none.
func (b *Board) Step(sq Square, df, dr int) Square {
	if f, r, ok := b.Coords(sq); ok {
		to := b.At(f+df, r+dr)
		if to != NoSquare {
			return to
		}
		for _, ps := range b.passes {
			if ps.from == sq && ps.df == df && ps.dr == dr {
				return ps.to
			}
		}
		// A grid point may link to an extra point.
		for i, e := range b.Extra {
			for d, name := range e.Links {
				if d[0] == -df && d[1] == -dr && name == b.names[sq] {
					return Square(b.Width*b.Height + i)
				}
			}
		}
		return NoSquare
	}
	e := b.Extra[int(sq)-b.Width*b.Height]
	if name, ok := e.Links[[2]int{df, dr}]; ok {
		if to, ok := b.byName[name]; ok {
			return to
		}
	}
	return NoSquare
}

// Near returns the grid square at the delta (df, dr) from sq by geometry alone,
// without passes or extra links: the blocking points of leaps, which a pass does
// not carry (the horse's leg next to a mountain pass is a hole, not the point
// across the pass). NoSquare when that point is missing.
func (b *Board) Near(sq Square, df, dr int) Square {
	f, r, ok := b.Coords(sq)
	if !ok {
		return b.Step(sq, df, dr)
	}
	return b.At(f+df, r+dr)
}

// Mirror returns the square rotated by 180 degrees (the same point seen from the
// other side), for grid squares; extra points are returned unchanged.
func (b *Board) Mirror(sq Square) Square {
	if _, _, ok := b.Coords(sq); !ok {
		return sq
	}
	return Square(b.Width*b.Height - 1 - int(sq))
}

// InZone reports whether sq lies in the named zone of side s. An unknown zone
// name is never matched.
func (b *Board) InZone(name string, s Side, sq Square) bool {
	z, ok := b.Zones[name]
	if !ok {
		return false
	}
	return z[s].Has(sq)
}

// SquaresOf parses a list of square names into a set. It panics on an unknown name:
// it is meant for variant definitions, which tests load.
func (b *Board) SquaresOf(names ...string) SquareSet {
	var s SquareSet
	for _, n := range names {
		sq, ok := b.byName[n]
		if !ok {
			panic(fmt.Sprintf("rules: unknown square %q", n))
		}
		s.Add(sq)
	}
	return s
}

// RankRange returns the set of grid squares whose rank index is in [lo, hi].
func (b *Board) RankRange(lo, hi int) SquareSet {
	var s SquareSet
	for r := lo; r <= hi; r++ {
		for f := 0; f < b.Width; f++ {
			if sq := b.At(f, r); sq != NoSquare {
				s.Add(sq)
			}
		}
	}
	return s
}

// Rect returns the grid squares with files f0..f1 and rank indexes r0..r1.
func (b *Board) Rect(f0, r0, f1, r1 int) SquareSet {
	var s SquareSet
	for r := r0; r <= r1; r++ {
		for f := f0; f <= f1; f++ {
			if sq := b.At(f, r); sq != NoSquare {
				s.Add(sq)
			}
		}
	}
	return s
}

// MirrorSet rotates every grid square of s by 180 degrees.
func (b *Board) MirrorSet(s SquareSet) SquareSet {
	var out SquareSet
	for _, sq := range s.Squares() {
		out.Add(b.Mirror(sq))
	}
	return out
}

// exampleExtra is an example of an off-grid point name for error messages.
func (b *Board) exampleExtra() string {
	if len(b.Extra) > 0 {
		return b.Extra[0].Name + ":R"
	}
	return "r1:R"
}
