package rules

import (
	"fmt"
	"log/slog"
	"slices"
)

// MoveFlag describes what kind of move a Move is. It has sixteen bits: eight
// were used up once board moves that carry a module's action (FlagAlong) and
// moves of multi-cell pieces (FlagBody) came in.
type MoveFlag uint16

// Move flags.
const (
	FlagCapture  MoveFlag = 1 << iota // an enemy piece is taken
	FlagStack                         // the mover presses the enemy piece (凌馬)
	FlagExchange                      // mover and target both leave the board
	FlagSpecial                       // a module's move (flip, reveal, pass): Aux is a code the module claimed
	FlagDrop                          // a piece of kind Aux comes from the mover's hand onto To
	FlagPromote                       // the mover becomes a piece of kind Aux on To
	FlagPass                          // the side to move passes (Variant.PassWhenStuck): PassMove
	// FlagAlong marks an ordinary board move that carries a module's action in
	// the same turn (the flag step of `F+e9e8`): Aux is a code the module claimed
	// (RideAlong); the board move is made as usual, then the module's part.
	FlagAlong
	FlagBody // a multi-cell piece (Kind.Body) translates from its anchor From to To
)

// PassMove is the pass of a side that has no other legal move, in a variant
// whose rules say it passes then (Variant.PassWhenStuck).
var PassMove = Move{From: NoSquare, To: NoSquare, Flags: FlagPass}

// Move is one move of one turn (or one part of a turn, for double moves): from a
// square to a square, plus flags. A drop has no From and puts a piece of kind Aux
// from the hand; a promotion turns the mover into kind Aux. Module moves (flips,
// reveals, passes, moves of enemy pieces) carry FlagSpecial and an Aux code the
// module claimed, and are played by that module (MovePlayer); their other effects
// (several captures, freezes) are the modules' AfterMove. Moves are small values;
// compare them with ==.
type Move struct {
	From, To Square
	Flags    MoveFlag
	Aux      uint8
}

// NullMove is the zero-information move used where none exists.
var NullMove = Move{From: NoSquare, To: NoSquare}

// change is one entry of the undo log: the old content of a square layer or a var.
type change struct {
	layer uint8 // 0 top, 1 pressed, 2 var, 3 hand
	idx   int16
	old   Piece
}

type undoMark struct {
	log      int
	hash     uint64
	halfmove int
	fullmove int
	side     Side
	lastFrom Square
	lastTo   Square
	captured Piece
	midTurn  bool
	redSeat  int8
}

// Position is a mutable game position: pieces, side to move, counters and variant
// state, with an undo log so that Make and Unmake are exact inverses. A Position is
// not safe for concurrent use; Clone it for another goroutine.
type Position struct {
	v        *Variant
	t        *moveTables // v's, built on its first position
	board    []Piece
	under    []Piece // pressed pieces; nil unless the variant has stacks
	vars     []int32
	hand     []int8       // hand[side*len(kinds)+kind]: pieces in hand; nil unless Variant.Hands
	stacks   int          // squares with a pressed piece
	occ      [2]SquareSet // top-layer pieces of each side
	royal    [2][4]Square
	nRoyal   [2]int
	side     Side
	halfmove int // plies since the last capture
	fullmove int
	hash     uint64
	lastFrom Square
	lastTo   Square
	// removed is what lastRemoved found when this position was cloned from one
	// with an undo history (a clone has none): the view of a game's position
	// still marks the last move's extra captures.
	removed  []Square
	captured Piece // what the last move took from its target square (NoPiece if none)
	midTurn  bool  // the last move was the first part of a turn (a TurnKeeper kept the turn)
	redSeat  int8  // the seat (0 moves first) that plays Red: 1 once a module swaps them (banqi)

	log   []change
	marks []undoMark
	bufs  [][]Move // per-ply move buffers for perft and search
}

// Variant is the variant the position belongs to.
func (p *Position) Variant() *Variant { return p.v }

// ToMove is the side to move.
func (p *Position) ToMove() Side { return p.side }

// At is the (top) piece on sq.
func (p *Position) At(sq Square) Piece { return p.board[sq] }

// Under is the pressed piece under the top piece on sq (stacks), or NoPiece.
func (p *Position) Under(sq Square) Piece {
	if p.under == nil {
		return NoPiece
	}
	return p.under[sq]
}

// Var is the value of a module's state variable.
func (p *Position) Var(i VarID) int32 { return p.vars[i] }

// Hand is how many pieces of kind k side s has in hand (0 without hands).
func (p *Position) Hand(s Side, k int) int {
	if p.hand == nil {
		return 0
	}
	return int(p.hand[int(s)*len(p.v.Kinds)+k])
}

// SetHand sets the number of pieces of kind k in side s's hand, recording the
// change for Unmake.
func (p *Position) SetHand(s Side, k int, n int) {
	if p.hand == nil {
		panic("rules: SetHand in a variant without hands")
	}
	i := int(s)*len(p.v.Kinds) + k
	p.log = append(p.log, change{layer: 3, idx: int16(i), old: Piece(uint32(p.hand[i]))})
	p.putHand(i, int8(n))
}

func (p *Position) putHand(i int, n int8) {
	p.hash ^= p.t.zob.handKey(i, p.hand[i]) ^ p.t.zob.handKey(i, n)
	p.hand[i] = n
}

// MidTurn reports whether the side to move is between the two parts of a turn:
// its last move was kept by a TurnKeeper (the first half of 遁馬).
func (p *Position) MidTurn() bool { return p.midTurn }

// SetMidTurn marks a position loaded from a FEN as between the two parts of a
// turn; only a module's FEN field reader calls it (Make keeps it otherwise).
func (p *Position) SetMidTurn(mid bool) {
	if mid != p.midTurn {
		p.midTurn = mid
		p.hash ^= p.t.zob.mid
	}
}

// Seat is the seat that plays side s: seat 0 is the player who moved first. It
// is the side's own index unless a module swapped them (banqi gives colours by
// the first flip, so the first player may turn out to be Black).
func (p *Position) Seat(s Side) int { return int(s) ^ int(p.redSeat) }

// SideOf is the side seat (0 or 1) plays.
func (p *Position) SideOf(seat int) Side { return Side(seat&1) ^ Side(p.redSeat) }

// Uncoloured reports whether nobody has a colour yet (Variant.ColoursInPlay,
// before banqi's first flip).
func (p *Position) Uncoloured() bool {
	for _, u := range p.v.mods.uncoloured {
		if u.Uncoloured(p) {
			return true
		}
	}
	return false
}

// SetSeats makes seat redSeat (0 or 1) play Red, from a module's move or effect;
// Unmake undoes it.
func (p *Position) SetSeats(redSeat int) {
	if int8(redSeat&1) != p.redSeat {
		p.redSeat = int8(redSeat & 1)
		p.hash ^= p.t.zob.seats
	}
}

// SetSideToMove sets the side to move, from a module's effect (AfterMove) that
// decides who moves next (banqi's first flip); Unmake undoes it.
func (p *Position) SetSideToMove(s Side) {
	if s != p.side {
		p.side = s
		p.hash ^= p.t.zob.side
	}
}

// NumStacks is the number of squares where a piece presses another.
func (p *Position) NumStacks() int { return p.stacks }

// NumRoyals is the number of royal pieces side s has (either layer).
func (p *Position) NumRoyals(s Side) int { return p.nRoyal[s] }

// RoyalAt is the square of side s's i-th royal piece, 0 <= i < NumRoyals(s), in
// no meaningful order.
func (p *Position) RoyalAt(s Side, i int) Square { return p.royal[s][i] }

// Captured is the piece the last move took on its target square, or NoPiece.
func (p *Position) Captured() Piece { return p.captured }

// ResetCaptureClock sets the capture clock to zero: a module's effect captured.
// Unmake restores it.
func (p *Position) ResetCaptureClock() { p.halfmove = 0 }

// Halfmove is the number of plies since the last capture.
func (p *Position) Halfmove() int { return p.halfmove }

// Fullmove is the move number (starts at 1, grows after each Black move).
func (p *Position) Fullmove() int { return p.fullmove }

// Hash is the position key: board (both layers, true identities), side to move and
// variant state. Equal positions have equal keys.
func (p *Position) Hash() uint64 { return p.hash }

// LastMove is the last move's from and to squares (NoSquare before any move).
func (p *Position) LastMove() (Square, Square) { return p.lastFrom, p.lastTo }

// Set puts pc on the top layer of sq, recording the change for Unmake. Hooks use it
// to apply effects.
func (p *Position) Set(sq Square, pc Piece) {
	p.log = append(p.log, change{layer: 0, idx: int16(sq), old: p.board[sq]})
	p.put(0, sq, pc)
}

// SetUnder sets the pressed piece of sq, recording the change.
func (p *Position) SetUnder(sq Square, pc Piece) {
	if p.under == nil {
		panic("rules: SetUnder in a variant without stacks")
	}
	p.log = append(p.log, change{layer: 1, idx: int16(sq), old: p.under[sq]})
	p.put(1, sq, pc)
}

// SetVar sets a module's state variable, recording the change.
func (p *Position) SetVar(i VarID, val int32) {
	p.log = append(p.log, change{layer: 2, idx: int16(i), old: Piece(uint32(p.vars[i]))})
	p.putVar(i, val)
}

func (p *Position) putVar(i VarID, val int32) {
	p.hash ^= p.t.zob.varKey(int(i), p.vars[i]) ^ p.t.zob.varKey(int(i), val)
	p.vars[i] = val
}

// put changes one square layer, keeping hash, occupancy and royal squares in step.
func (p *Position) put(layer uint8, sq Square, pc Piece) {
	var old Piece
	if layer == 0 {
		old = p.board[sq]
		p.board[sq] = pc
	} else {
		old = p.under[sq]
		p.under[sq] = pc
	}
	z := p.t.zob
	if layer == 1 {
		if old != NoPiece {
			p.stacks--
		}
		if pc != NoPiece {
			p.stacks++
		}
	}
	if old != NoPiece {
		p.hash ^= z.key(layer, sq, old)
		s := old.Side()
		if layer == 0 {
			p.occ[s].Remove(sq)
		}
		if p.v.royalKind[old.Kind()] {
			p.removeRoyal(s, sq)
		}
	}
	if pc != NoPiece {
		p.hash ^= z.key(layer, sq, pc)
		s := pc.Side()
		if layer == 0 {
			p.occ[s].Add(sq)
		}
		if p.v.royalKind[pc.Kind()] {
			p.royal[s][p.nRoyal[s]] = sq
			p.nRoyal[s]++
		}
	}
}

func (p *Position) removeRoyal(s Side, sq Square) {
	n := p.nRoyal[s]
	for i := 0; i < n; i++ {
		if p.royal[s][i] == sq {
			p.royal[s][i] = p.royal[s][n-1]
			p.nRoyal[s]--
			return
		}
	}
}

// Royals returns the squares of side s's royal pieces (generals), in no order.
func (p *Position) Royals(s Side) []Square {
	return append([]Square(nil), p.royal[s][:p.nRoyal[s]]...)
}

// Make plays m, which must come from this position's move generator (or be known
// legal). It does not check legality; Game.Play does.
func (p *Position) Make(m Move) {
	p.marks = append(p.marks, undoMark{
		log: len(p.log), hash: p.hash, halfmove: p.halfmove, fullmove: p.fullmove,
		side: p.side, lastFrom: p.lastFrom, lastTo: p.lastTo, captured: p.captured, midTurn: p.midTurn,
		redSeat: p.redSeat,
	})
	endsTurn, kept := true, false
	second := p.Seat(p.side) == 1 // the move number grows after the second seat's move
	p.captured = NoPiece
	switch {
	case m.Flags&FlagSpecial != 0:
		t := p.v.codeOwner[m.Aux].(MovePlayer).PlayMove(p, m)
		endsTurn = t&EndsTurn != 0
		switch {
		case t&ResetsClock != 0:
			p.halfmove = 0
		case t&CountsPly != 0:
			p.halfmove++
		}
	case m.Flags&FlagPass != 0:
		p.halfmove++
	case m.Flags&FlagBody != 0:
		p.makeBody(m)
		if p.captured != NoPiece {
			p.halfmove = 0
		} else {
			p.halfmove++
		}
	case m.Flags&FlagDrop != 0:
		k := int(m.Aux)
		p.SetHand(p.side, k, p.Hand(p.side, k)-1)
		p.Set(m.To, NewPiece(k, p.side))
		p.halfmove++
	default:
		mover := p.board[m.From]
		target := p.board[m.To]
		var surfaced Piece
		if p.under != nil {
			surfaced = p.under[m.From]
			if surfaced != NoPiece {
				p.SetUnder(m.From, NoPiece)
			}
			if m.Flags&FlagStack == 0 && p.under[m.To] != NoPiece {
				p.SetUnder(m.To, NoPiece)
			}
		}
		if m.Flags&FlagPromote != 0 {
			mover = NewPiece(int(m.Aux), mover.Side())
		}
		if target != NoPiece && p.v.isBody(target.Kind()) && m.Flags&FlagCapture != 0 {
			p.removePiece(m.To) // a capture onto any square of a body takes it all
		}
		switch {
		case m.Flags&FlagStack != 0:
			p.SetUnder(m.To, target)
			p.Set(m.To, mover)
		case m.Flags&FlagExchange != 0:
			p.Set(m.To, NoPiece)
		default:
			p.Set(m.To, mover)
		}
		p.Set(m.From, surfaced)
		if m.Flags&(FlagCapture|FlagExchange) != 0 || p.v.resetKinds&(1<<uint(mover.Kind())) != 0 {
			if m.Flags&(FlagCapture|FlagExchange) != 0 {
				p.captured = target
			}
			p.halfmove = 0
		} else {
			p.halfmove++
		}
		for _, k := range p.v.mods.keepers {
			if k.KeepsTurn(p, m) {
				endsTurn, kept = false, true
				break
			}
		}
		if m.Flags&FlagAlong != 0 {
			p.v.codeOwner[m.Aux].(RideAlong).PlayAlong(p, m)
		}
	}
	// A special move that keeps the turn (a reveal) leaves midTurn as it was.
	if mid := kept || (!endsTurn && p.midTurn); mid != p.midTurn {
		p.midTurn = mid
		p.hash ^= p.t.zob.mid
	}
	p.lastFrom, p.lastTo = m.From, m.To
	if endsTurn {
		if second {
			p.fullmove++
		}
		p.side ^= 1
		p.hash ^= p.t.zob.side
	}
	for _, a := range p.v.mods.after {
		a.AfterMove(p, m)
	}
}

// makeQuick plays an ordinary move of a variant without hooks or stacks: the perft
// and search fast path.
func (p *Position) makeQuick(m Move) {
	p.marks = append(p.marks, undoMark{
		log: len(p.log), hash: p.hash, halfmove: p.halfmove, fullmove: p.fullmove,
		side: p.side, lastFrom: p.lastFrom, lastTo: p.lastTo, captured: p.captured, redSeat: p.redSeat,
	})
	mover := p.board[m.From]
	p.captured = p.board[m.To]
	if p.v.resetKinds&(1<<uint(mover.Kind())) != 0 {
		m.Flags |= FlagCapture // the clock below treats it as a capture
	}
	p.log = append(p.log, change{idx: int16(m.To), old: p.board[m.To]}, change{idx: int16(m.From), old: mover})
	if m.Flags&FlagPromote != 0 {
		mover = NewPiece(int(m.Aux), mover.Side())
	}
	p.put(0, m.To, mover)
	p.put(0, m.From, NoPiece)
	if m.Flags&FlagCapture != 0 {
		p.halfmove = 0
	} else {
		p.halfmove++
	}
	p.lastFrom, p.lastTo = m.From, m.To
	if p.Seat(p.side) == 1 {
		p.fullmove++
	}
	p.side ^= 1
	p.hash ^= p.t.zob.side
}

// Unmake takes back the last move played with Make.
func (p *Position) Unmake() {
	mk := p.marks[len(p.marks)-1]
	p.marks = p.marks[:len(p.marks)-1]
	for i := len(p.log) - 1; i >= mk.log; i-- {
		c := p.log[i]
		switch c.layer {
		case 2:
			p.vars[c.idx] = int32(uint32(c.old))
		case 3:
			p.hand[c.idx] = int8(uint32(c.old))
		default:
			p.put(c.layer, Square(c.idx), c.old)
		}
	}
	p.log = p.log[:mk.log]
	p.hash = mk.hash
	p.halfmove, p.fullmove, p.side = mk.halfmove, mk.fullmove, mk.side
	p.lastFrom, p.lastTo, p.captured, p.midTurn = mk.lastFrom, mk.lastTo, mk.captured, mk.midTurn
	p.redSeat = mk.redSeat
}

// Clone returns an independent copy of the position without its undo history.
func (p *Position) Clone() *Position {
	c := *p
	c.board = append([]Piece(nil), p.board...)
	if p.under != nil {
		c.under = append([]Piece(nil), p.under...)
	}
	c.vars = append([]int32(nil), p.vars...)
	if p.hand != nil {
		c.hand = append([]int8(nil), p.hand...)
	}
	c.removed = p.lastRemoved()
	c.log, c.marks, c.bufs = nil, nil, nil
	return &c
}

// LogValue logs only public facts: a position may hold secrets.
func (p *Position) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("variant", p.v.Slug),
		slog.String("fen", p.PublicFEN()),
	)
}

// Attacked reports whether side by attacks sq: whether one of its pieces could
// capture an enemy piece standing there (pins are ignored, as the rules want). With
// royal, attacks that only reach royal pieces (the facing generals) count too.
func (p *Position) Attacked(sq Square, by Side, royal bool) bool {
	v := p.v
	n := v.Board.NumSquares()
	// Leapers, by the reverse tables: every leap of side by that ends on sq.
	for _, r := range p.t.rev[int(by)*n+int(sq)] {
		pc := p.board[r.from]
		if pc&pieceFaceDown != 0 && v.faceDownAs != nil {
			pc = p.movesAs(r.from, pc)
		}
		if pc.identity() != r.piece || pc&v.silent != 0 || (r.royal && !royal) {
			continue
		}
		if r.blocks[0] != NoSquare && (p.board[r.blocks[0]] != NoPiece ||
			(r.blocks[1] != NoSquare && (p.board[r.blocks[1]] != NoPiece ||
				(r.blocks[2] != NoSquare && p.board[r.blocks[2]] != NoPiece)))) {
			continue
		}
		if v.FilteredAttacks && !p.filtersAllow(r.from, sq) {
			continue
		}
		if p.mayAttack(r.from, sq) {
			return true
		}
	}
	// Riders and hoppers: walk each line once from the target outwards.
	for _, i := range p.t.sideRayDirs[by] {
		d := &p.t.rayDirs[i]
		cur := sq
		for seen := 0; seen < d.depth; {
			cur = d.back[cur]
			if cur == NoSquare {
				break
			}
			pc := p.board[cur]
			if pc == NoPiece {
				continue
			}
			if pc&pieceFaceDown != 0 && v.faceDownAs != nil {
				pc = p.movesAs(cur, pc) | pc&pieceSideBit
				if pc&pieceKindMask == 0 {
					seen++ // a face-down piece that does not move is a screen
					continue
				}
			}
			if pc.Side() == by && pc&v.silent == 0 {
				if hit, exact := d.catches(pc, seen); hit && (!exact || p.rayReaches(cur, sq, royal, seen)) &&
					(!v.FilteredAttacks || p.filtersAllow(cur, sq)) && p.mayAttack(cur, sq) {
					return true
				}
			}
			seen++
		}
	}
	for _, a := range v.mods.attackers {
		if a.Attacks(p, sq, by) {
			return true
		}
	}
	if v.bodies != nil && p.bodyAttacks(sq, by) {
		return true
	}
	if len(p.t.slowKinds) == 0 {
		return false
	}
	// Kinds without a line-scan test: generate their captures (no allocation: this
	// runs for every legality test of the variants that have such kinds).
	for w, word := range p.occ[by] {
		for word != 0 {
			from := Square(w*64 + trailingZeros(word))
			word &= word - 1
			pc := p.board[from]
			if pc&pieceFaceDown != 0 && v.faceDownAs != nil {
				if pc = p.movesAs(from, pc); pc == NoPiece {
					continue
				}
			}
			if pc&v.silent != 0 || !p.t.isSlow(pc.Kind()) {
				continue
			}
			if p.captureReaches(from, sq, royal) && p.mayAttack(from, sq) {
				return true
			}
		}
	}
	return false
}

// filtersAllow reports whether every CaptureFilter lets the piece on from take
// what stands on to (Variant.FilteredAttacks).
func (p *Position) filtersAllow(from, to Square) bool {
	for _, f := range p.v.mods.captures {
		if !f.MayCapture(p, from, to) {
			return false
		}
	}
	return true
}

// mayAttack asks the modules' AttackFilters whether the piece on from, whose
// movement reaches to, attacks it.
func (p *Position) mayAttack(from, to Square) bool {
	for _, f := range p.v.mods.attackBans {
		if !f.MayAttack(p, from, to) {
			return false
		}
	}
	return true
}

// rayReaches checks that the piece on from has a capturing ray that reaches to over
// `screens` pieces, honouring range, zones and royal-only captures.
func (p *Position) rayReaches(from, to Square, royal bool, screens int) bool {
	return p.rayReachesTaken(from, to, royal, screens, NoSquare)
}

// rayReachesTaken is rayReaches with the piece on taken thought captured (a move
// about to be made takes it): a support standing there no longer supports.
func (p *Position) rayReachesTaken(from, to Square, royal bool, screens int, taken Square) bool {
	pc := p.board[from]
	if pc.FaceDown() {
		pc = p.movesAs(from, pc)
	}
	t := &p.t.tables[p.v.tableIndex(pc.Kind(), pc.Side(), from)]
	for i := range t.rays {
		r := &t.rays[i]
		if !r.mode.captures() || (r.royal && !royal) || (r.support != nil && !p.supportedWithout(pc.Side(), r.support, taken)) {
			continue
		}
		if (r.kind == Ride && screens != 0) || (r.kind == Hop && int(r.n) != screens) || r.kind == GapHop {
			continue
		}
		for i, s := range r.sqs {
			if s == to {
				if r.kind != Ride || i >= int(r.skip) {
					return true
				}
				break
			}
		}
	}
	return false
}

// captureReaches is the slow, general attack test: generate the piece's captures.
func (p *Position) captureReaches(from, to Square, royal bool) bool {
	pc := p.board[from]
	if pc.FaceDown() {
		pc = p.movesAs(from, pc)
	}
	var buf [64]Move
	for _, m := range p.pieceMoves(from, pc, buf[:0], true, royal) {
		if m.To == to {
			return true
		}
	}
	return false
}

// InCheck reports whether a royal piece of the side to move is attacked.
func (p *Position) InCheck() bool { return p.sideInCheck(p.side) }

func (p *Position) sideInCheck(s Side) bool {
	for i := 0; i < p.nRoyal[s]; i++ {
		if p.Attacked(p.royal[s][i], s.Other(), true) {
			return true
		}
	}
	for _, c := range p.v.mods.checks {
		if c.SideInCheck(p, s) {
			return true
		}
	}
	return false
}

// CheckedRoyals lists the attacked royal squares of side s.
func (p *Position) CheckedRoyals(s Side) []Square {
	var out []Square
	for i := 0; i < p.nRoyal[s]; i++ {
		if p.Attacked(p.royal[s][i], s.Other(), true) {
			out = append(out, p.royal[s][i])
		}
	}
	return out
}

// View is the position as audience a may see it.
func (p *Position) View(a Audience) *View {
	v := p.v
	out := &View{
		Board: v.Board, Audience: a, ToMove: p.side,
		Pieces: make([]*ViewPiece, len(p.board)), LastFrom: p.lastFrom, LastTo: p.lastTo,
	}
	for sq, pc := range p.board {
		if pc == NoPiece {
			continue
		}
		vp := p.viewPiece(pc, a)
		if v.bodies != nil {
			vp.Joins = p.joins(Square(sq))
		}
		if u := p.Under(Square(sq)); u != NoPiece {
			vp.Pressed = p.viewPiece(u, a)
		}
		out.Pieces[sq] = vp
	}
	for s := Red; s <= Black; s++ {
		out.InCheck = append(out.InCheck, p.CheckedRoyals(s)...)
		if p.t.hasAura {
			frozen := p.Frozen(s)
			for _, sq := range frozen.Squares() {
				out.Pieces[sq].Frozen = true
			}
		}
	}
	out.Removed = p.lastRemoved()
	// The order of the royal list follows the true pieces (a decoy and its real
	// general are both in it); a view lists public marks by square only, so that
	// whatever draws them in order draws the same picture under any secret.
	slices.Sort(out.InCheck)
	for _, mk := range v.mods.markers {
		mk.MarkView(p, out)
	}
	if p.hand != nil {
		for s := Red; s <= Black; s++ {
			for k := range v.Kinds {
				for n := p.Hand(s, k); n > 0; n-- {
					out.Hands[s] = append(out.Hands[s], p.viewPiece(NewPiece(k, s), a))
				}
			}
		}
	} else if pool, ok := p.Pool(a); ok {
		// A game with a pool (banqi, jieqi) shows it where hands go: the pieces
		// not yet seen, as this audience may know them, beside the board.
		for s := Red; s <= Black; s++ {
			for k, n := range pool[s] {
				for ; n > 0; n-- {
					out.Hands[s] = append(out.Hands[s], &ViewPiece{Side: s, Letter: v.Kinds[k].Letter,
						Glyph: v.Kinds[k].Glyph[s], Simple: v.Kinds[k].Simple[s]})
				}
			}
		}
	}
	return out
}

// lastRemoved returns the squares, other than the last move's from and to
// points, whose piece the last move took off the board: the pieces a move
// captured besides the one on its target (a capture by surrounding, a jump
// chain, an effect after the move). A square left empty by a piece that only
// moved is not one: the pieces that left are matched, by side and kind, against
// those that arrived on the move's other changed squares. The squares are public
// (everyone sees the board empty there), so a view may show them to anyone.
func (p *Position) lastRemoved() []Square {
	if len(p.marks) == 0 {
		return p.removed
	}
	// A piece is matched by what everybody sees of it, never by a secret (a
	// face-down piece's kind, a banqi piece's colour): the marks are public.
	type identity struct {
		side Side
		kind int
	}
	public := func(pc Piece) identity {
		switch {
		case pc.FaceDown() && p.v.HiddenColours:
			return identity{side: 2, kind: -1}
		case pc.FaceDown():
			return identity{side: pc.Side(), kind: -1}
		}
		k := &p.v.Kinds[pc.Kind()]
		if k.PublicAs != 0 {
			return identity{side: pc.Side(), kind: p.v.KindByLetter(k.PublicAs)}
		}
		return identity{side: pc.Side(), kind: pc.Kind()}
	}
	var changed []Square
	before := map[Square]Piece{}
	for _, c := range p.log[p.marks[len(p.marks)-1].log:] {
		if c.layer != 0 {
			continue
		}
		if _, seen := before[Square(c.idx)]; !seen {
			before[Square(c.idx)] = c.old
			changed = append(changed, Square(c.idx))
		}
	}
	slices.Sort(changed) // the matching below must not depend on map order
	arrived := map[identity]int{}
	for _, sq := range changed {
		if now := p.board[sq]; now != NoPiece && now != before[sq] {
			arrived[public(now)]++
		}
	}
	var out []Square
	for _, sq := range changed {
		old := before[sq]
		if old == NoPiece || p.board[sq] != NoPiece {
			continue
		}
		if id := public(old); arrived[id] > 0 {
			arrived[id]-- // it moved: not removed
			continue
		}
		if sq != p.lastFrom && sq != p.lastTo {
			out = append(out, sq)
		}
	}
	return out
}

func (p *Position) viewPiece(pc Piece, a Audience) *ViewPiece {
	v := p.v
	vp := &ViewPiece{Side: pc.Side(), FaceDown: pc.FaceDown(), Frozen: pc.Has(FlagFrozen), Pinned: pc.Has(FlagPinned)}
	if pc.FaceDown() && v.HiddenColours {
		vp.Side, vp.NoColour = Red, true
	}
	if pc.FaceDown() && !(v.OwnerSeesFaceDown && a.owns(pc.Side())) {
		return vp
	}
	k := &v.Kinds[pc.Kind()]
	if k.PublicAs != 0 && !a.owns(pc.Side()) {
		k = &v.Kinds[v.KindByLetter(k.PublicAs)]
	}
	vp.Letter, vp.Glyph, vp.Simple, vp.Figure, vp.Army = k.Letter, k.Glyph[pc.Side()], k.Simple[pc.Side()], k.Figure, k.Army
	vp.Marked = k.Marked
	vp.Tile, vp.Promoted = k.Tile, k.Promoted
	if k.FENAs != 0 {
		vp.Letter = k.FENAs // a state the position implies: written as the plain kind
	}
	if v.Turned != 0 && pc.Has(v.Turned) {
		// Moved by the opponent of its owner: drawn as its owner's.
		vp.Side, vp.Turned = pc.Side().Other(), true
		vp.Glyph, vp.Simple = k.Glyph[vp.Side], k.Simple[vp.Side]
	}
	return vp
}

// PublicFEN is the position as everybody may see it, in FEN.
func (p *Position) PublicFEN() string { return p.fenWith(p.View(Public)) }

// ViewFEN is the position as audience a may see it, in FEN: for a player, what
// it alone knows as well (its private pool in jieqi).
func (p *Position) ViewFEN(a Audience) string { return p.fenWith(p.View(a)) }

// String is the public FEN (never the secret one: positions get printed and logged).
func (p *Position) String() string { return p.PublicFEN() }

func (p *Position) newPosition(v *Variant) {
	n := v.Board.NumSquares()
	p.v = v
	p.t = v.tablesOf()
	p.board = make([]Piece, n)
	if v.Stacks {
		p.under = make([]Piece, n)
	}
	p.vars = make([]int32, len(v.varNames))
	if v.Hands {
		p.hand = make([]int8, 2*len(v.Kinds))
	}
	p.fullmove = 1
	p.lastFrom, p.lastTo = NoSquare, NoSquare
	p.hash = 0
}

func (p *Position) mustFinal() error {
	if !p.v.final {
		return fmt.Errorf("rules: variant %s is not finalized", p.v.Slug)
	}
	return nil
}
