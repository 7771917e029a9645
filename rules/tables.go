package rules

import "sync"

// Precomputed move tables. A variant's first position (tablesOf) resolves every
// atom of every kind, for each side and each source square, into concrete target
// squares and rays, so that move generation never does geometry. This file is
// performance-critical.

// maxBlocks bounds the blocking points of one leap (the Jinchan 目 has two legs).
const maxBlocks = 3

type cLeap struct {
	to     Square
	blocks [maxBlocks]Square // NoSquare-padded
	mode   Mode
	royal  bool // captures only royal pieces
}

type cRay struct {
	kind  AtomKind
	mode  Mode
	n     int8 // screens (Hop) or gaps (GapHop)
	skip  int8 // points of a Ride only passed before the first it may stop on (Atom.Min)
	royal bool
	dir   int8 // index into Variant.rayDirs of the owner side, -1 if none
	sqs   []Square
	// support are the points that must hold a lone own piece (Atom.Support).
	support []Square
}

type pieceTable struct {
	leaps []cLeap
	rays  []cRay
	aura  []Square // points an aura (freeze) reaches from here
}

// revLeap is a leap seen from its target: a piece on from could capture on the target
// if blocks are empty.
type revLeap struct {
	from   Square
	blocks [maxBlocks]Square
	royal  bool
	piece  Piece // the attacker's identity (kind and side)
}

type revTable []revLeap

// rayDir groups, for one attacking side and one absolute direction of travel, the
// kinds that capture along it, so that an attack test scans each line once.
type rayDir struct {
	side    Side
	df, dr  int
	riders  uint64    // kinds that capture by riding this way
	hoppers [4]uint64 // hoppers[n]: kinds that capture by hopping over n screens
	exact   uint64    // kinds whose ray along this line needs a membership test
	depth   int       // pieces to look at along the line (1 + most screens)
	back    []Square  // back[sq]: the square one step against the direction
}

// catches reports whether pc, the first piece met along the line after seen
// screens, captures along it (hit), and whether its zone or range limits must
// still be checked (exact).
func (d *rayDir) catches(pc Piece, seen int) (hit, exact bool) {
	bit := uint64(1) << uint(pc.Kind())
	mask := d.riders
	if seen > 0 {
		mask = d.hoppers[seen]
	}
	return mask&bit != 0, d.exact&bit != 0
}

// isSlow reports whether kind k is one of the slow kinds.
func (mt *moveTables) isSlow(k int) bool {
	for _, s := range mt.slowKinds {
		if s == k {
			return true
		}
	}
	return false
}

// moveTables are what Variant.Finalize leaves to the variant's first position:
// its move and attack tables and its hash keys, most of its memory (a bot
// registers dozens of variants and plays a few). tablesOf builds them once.
type moveTables struct {
	tables      []pieceTable // (kind*2+side)*n + sq
	rev         []revTable   // side*n + target: leaps of that side that reach target
	rayDirs     []rayDir     // distinct directions of capturing rays, per side
	sideRayDirs [2][]int     // indexes into rayDirs by attacking side
	slowKinds   []int        // kinds whose attacks need the forward (slow) test
	sensitive   []SquareSet  // side*n + royal square: squares that decide attacks on it (buildSensitive)
	lines       []uint32     // (side*n + royal square)*n + x: enemy ray directions through x (buildLines)
	legs        []SquareSet  // side*n + royal square: blocking points of enemy leaps onto it
	hasAura     bool
	zob         *zobrist
}

// lazyTables builds a finalized variant's moveTables on first use, once, for
// every goroutine. Finalize makes a new one, so that a clone never shares it.
type lazyTables struct {
	once sync.Once
	mt   moveTables
}

// tablesOf returns v's tables, building them the first time. The positions of
// v keep the pointer, so that move generation reads them as directly as it
// read the variant's own fields.
func (v *Variant) tablesOf() *moveTables {
	l := v.lazy
	l.once.Do(func() {
		l.mt.zob = newZobrist(v.Board.NumSquares())
		v.buildTables(&l.mt)
	})
	return &l.mt
}

func (v *Variant) tableIndex(kind int, s Side, sq Square) int {
	return (kind*2+int(s))*v.Board.NumSquares() + int(sq)
}

func (v *Variant) buildTables(mt *moveTables) {
	b := v.Board
	n := b.NumSquares()
	mt.tables = make([]pieceTable, len(v.Kinds)*2*n)
	mt.rev = make([]revTable, 2*n)
	mt.rayDirs = nil
	mt.slowKinds = nil
	slow := make([]bool, len(v.Kinds))
	for k := range v.Kinds {
		for s := Red; s <= Black; s++ {
			for sq := Square(0); int(sq) < n; sq++ {
				if !b.Exists(sq) {
					continue
				}
				v.buildSquare(mt, k, s, sq, slow)
			}
		}
	}
	mt.sideRayDirs = [2][]int{}
	for i, d := range mt.rayDirs {
		mt.sideRayDirs[d.side] = append(mt.sideRayDirs[d.side], i)
	}
	for k, isSlow := range slow {
		if isSlow {
			mt.slowKinds = append(mt.slowKinds, k)
		}
	}
	v.buildSensitive(mt)
	v.buildLines(mt)
}

// buildLines fills Variant.lines: for a royal piece of side s on sq and another
// square x, the bit set of the enemy's capturing directions (indexes into
// sideRayDirs[enemy]) whose line from sq passes x.
func (v *Variant) buildLines(mt *moveTables) {
	mt.lines = nil
	if len(mt.slowKinds) > 0 || len(mt.sideRayDirs[Red]) > 32 || len(mt.sideRayDirs[Black]) > 32 {
		return
	}
	n := v.Board.NumSquares()
	mt.lines = make([]uint32, 2*n*n)
	mt.legs = make([]SquareSet, 2*n)
	for s := Red; s <= Black; s++ {
		for sq := Square(0); int(sq) < n; sq++ {
			for _, r := range mt.rev[int(s.Other())*n+int(sq)] {
				for _, b := range r.blocks {
					if b != NoSquare {
						mt.legs[int(s)*n+int(sq)].Add(b)
					}
				}
			}
			for j, i := range mt.sideRayDirs[s.Other()] {
				d := &mt.rayDirs[i]
				for cur := d.back[sq]; cur != NoSquare; cur = d.back[cur] {
					mt.lines[(int(s)*n+int(sq))*n+int(cur)] |= 1 << uint(j)
				}
			}
		}
	}
}

// buildSensitive computes, for a royal piece of side s on each square, the
// squares whose content decides whether the enemy attacks it there: the sources
// and blocking points of every enemy leap that ends there, and every square of
// every line along which an enemy piece captures. A move that neither leaves nor
// enters such a square cannot change whether that royal piece stands attacked,
// which lets the legality test skip Make for most moves (see safeMove). Kinds with
// the slow attack test leave the table empty: then every move is tested.
func (v *Variant) buildSensitive(mt *moveTables) {
	mt.sensitive = nil
	if len(mt.slowKinds) > 0 {
		return
	}
	n := v.Board.NumSquares()
	mt.sensitive = make([]SquareSet, 2*n)
	for s := Red; s <= Black; s++ {
		by := s.Other()
		for sq := Square(0); int(sq) < n; sq++ {
			set := &mt.sensitive[int(s)*n+int(sq)]
			for _, r := range mt.rev[int(by)*n+int(sq)] {
				set.Add(r.from)
				for _, b := range r.blocks {
					if b != NoSquare {
						set.Add(b)
					}
				}
			}
			for _, i := range mt.sideRayDirs[by] {
				d := &mt.rayDirs[i]
				for cur := d.back[sq]; cur != NoSquare; cur = d.back[cur] {
					set.Add(cur)
				}
			}
		}
	}
}

func (v *Variant) rayDirIndex(mt *moveTables, s Side, df, dr int) int {
	for i, d := range mt.rayDirs {
		if d.side == s && d.df == df && d.dr == dr {
			return i
		}
	}
	b := v.Board
	d := rayDir{side: s, df: df, dr: dr, back: make([]Square, b.NumSquares())}
	for sq := range d.back {
		d.back[sq] = NoSquare
		if b.Exists(Square(sq)) {
			d.back[sq] = b.Step(Square(sq), -df, -dr)
		}
	}
	mt.rayDirs = append(mt.rayDirs, d)
	return len(mt.rayDirs) - 1
}

func (v *Variant) buildSquare(mt *moveTables, k int, s Side, sq Square, slow []bool) {
	b := v.Board
	t := &mt.tables[v.tableIndex(k, s, sq)]
	if f := v.Kinds[k].Freeze; f != nil {
		mt.hasAura = true
		for _, d := range f.Dirs {
			df, dr := d[0], d[1]
			if s == Black {
				df, dr = -df, -dr
			}
			if to := b.Step(sq, df, dr); to != NoSquare {
				t.aura = append(t.aura, to)
			}
		}
	}
	for _, a := range v.Kinds[k].Atoms {
		if a.From != "" && !b.InZone(a.From, s, sq) {
			continue
		}
		df, dr := a.DF, a.DR
		if s == Black {
			df, dr = -df, -dr
		}
		switch a.Kind {
		case Leap:
			to := b.Step(sq, df, dr)
			if to == NoSquare || (a.To != "" && !b.InZone(a.To, s, to)) {
				continue
			}
			l := cLeap{to: to, mode: a.Mode, royal: a.RoyalTarget}
			for i := range l.blocks {
				l.blocks[i] = NoSquare
			}
			ok := true
			for i, bl := range a.Blocks {
				bf, br := bl[0], bl[1]
				if s == Black {
					bf, br = -bf, -br
				}
				bsq := b.Near(sq, bf, br)
				if bsq == NoSquare || i >= maxBlocks {
					ok = false
					break
				}
				l.blocks[i] = bsq
			}
			if !ok {
				continue
			}
			t.leaps = append(t.leaps, l)
			if a.Mode.captures() {
				r := &mt.rev[int(s)*b.NumSquares()+int(to)]
				*r = append(*r, revLeap{from: sq, blocks: l.blocks, royal: a.RoyalTarget, piece: NewPiece(k, s)})
			}
		case Ride, Hop, GapHop:
			var sqs []Square
			cur := sq
			for {
				cur = b.Step(cur, df, dr)
				if cur == NoSquare || (a.To != "" && !b.InZone(a.To, s, cur)) {
					break
				}
				sqs = append(sqs, cur)
				if (a.Kind == Ride || a.Kind == Hop) && a.Range > 0 && len(sqs) == a.Range {
					break
				}
			}
			if len(sqs) == 0 {
				continue
			}
			support, ok := v.supportSquares(a, s, sq)
			if !ok {
				continue
			}
			r := cRay{kind: a.Kind, mode: a.Mode, royal: a.RoyalTarget, sqs: sqs, dir: -1, support: support}
			if a.Kind == Ride && a.Min > 1 {
				r.skip = int8(a.Min - 1)
			}
			switch a.Kind {
			case Hop:
				r.n = int8(a.Screens)
			case GapHop:
				r.n = int8(a.Gaps)
			}
			t.rays = append(t.rays, r)
			if !a.Mode.captures() {
				continue
			}
			// A supported ray attacks only while its support stands: the line scan
			// finds the piece, and rayReaches (exact) tests the support.
			if a.Kind == GapHop || (a.Kind == Hop && a.Screens > 3) {
				slow[k] = true
				continue
			}
			i := v.rayDirIndex(mt, s, df, dr)
			t.rays[len(t.rays)-1].dir = int8(i)
			d := &mt.rayDirs[i]
			bit := uint64(1) << uint(k)
			if a.Kind == Ride {
				d.riders |= bit
			} else {
				d.hoppers[a.Screens] |= bit
			}
			if a.Range > 0 || a.Min > 1 || a.To != "" || a.From != "" || a.RoyalTarget || len(support) > 0 {
				d.exact |= bit
			}
			depth := 1
			if a.Kind == Hop {
				depth = a.Screens + 1
			}
			if depth > d.depth {
				d.depth = depth
			}
		}
	}
}

// supportSquares resolves an atom's support points from sq for side s. ok is false
// when one of them is off the board or outside the atom's To zone: then the atom
// never applies from sq.
func (v *Variant) supportSquares(a Atom, s Side, sq Square) ([]Square, bool) {
	if len(a.Support) == 0 {
		return nil, true
	}
	b := v.Board
	out := make([]Square, 0, len(a.Support))
	for _, d := range a.Support {
		df, dr := d[0], d[1]
		if s == Black {
			df, dr = -df, -dr
		}
		to := b.Step(sq, df, dr)
		if to == NoSquare || (a.To != "" && !b.InZone(a.To, s, to)) {
			return nil, false
		}
		out = append(out, to)
	}
	return out, true
}
