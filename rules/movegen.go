package rules

// Move generation. This file is performance-critical: it runs for every node of
// perft, search and the puzzle solver.

// capturable reports whether a piece of side s on from may capture (or exchange
// with) the content of to.
func (p *Position) capturable(from Square, s Side, to Square) bool {
	t := p.board[to]
	if t == NoPiece {
		return false
	}
	if p.under != nil && p.under[to] != NoPiece {
		// A stack counts as an enemy for both sides (凌馬), except that no side
		// takes a stack holding one of its own royal pieces: that would throw its
		// own general away.
		u := p.under[to]
		if (u.Side() == s && p.v.royalKind[u.Kind()]) || (t.Side() == s && p.v.royalKind[t.Kind()]) {
			return false
		}
	} else if t.Side() == s {
		return false
	}
	for _, f := range p.v.mods.captures {
		if !f.MayCapture(p, from, to) {
			return false
		}
	}
	return true
}

// pieceMoves appends the pseudo-legal moves of the piece pc on from. With
// capturesOnly, only captures (and, if royal, royal-only attacks) are produced, for
// the slow attack test.
func (p *Position) pieceMoves(from Square, pc Piece, out []Move, capturesOnly, royal bool) []Move {
	s := pc.Side()
	t := &p.t.tables[p.v.tableIndex(pc.Kind(), s, from)]
	board := p.board
	for i := range t.leaps {
		l := &t.leaps[i]
		if l.blocks[0] != NoSquare && (board[l.blocks[0]] != NoPiece ||
			(l.blocks[1] != NoSquare && (board[l.blocks[1]] != NoPiece ||
				(l.blocks[2] != NoSquare && board[l.blocks[2]] != NoPiece)))) {
			continue
		}
		target := board[l.to]
		if target == NoPiece {
			if !capturesOnly && l.mode.moves() {
				out = append(out, Move{From: from, To: l.to})
			}
			continue
		}
		out = p.appendCapture(out, from, l.to, l.mode, l.royal, s, capturesOnly, royal)
	}
	for i := range t.rays {
		r := &t.rays[i]
		if r.support != nil && !p.supported(s, r.support) {
			continue
		}
		switch r.kind {
		case Ride:
			for i, to := range r.sqs {
				if board[to] == NoPiece {
					if !capturesOnly && r.mode.moves() && i >= int(r.skip) {
						out = append(out, Move{From: from, To: to})
					}
					continue
				}
				if i >= int(r.skip) {
					out = p.appendCapture(out, from, to, r.mode, r.royal, s, capturesOnly, royal)
				}
				break
			}
		case Hop:
			screens := int8(0)
			for _, to := range r.sqs {
				if board[to] == NoPiece {
					continue
				}
				if screens < r.n {
					screens++
					continue
				}
				out = p.appendCapture(out, from, to, r.mode, r.royal, s, capturesOnly, royal)
				break
			}
		case GapHop:
			gaps := int8(0)
			for _, to := range r.sqs {
				if board[to] == NoPiece {
					gaps++
					if gaps > r.n {
						break
					}
					continue
				}
				if gaps == r.n {
					out = p.appendCapture(out, from, to, r.mode, r.royal, s, capturesOnly, royal)
				}
			}
		}
	}
	return out
}

// supportedWithout is supported with the piece on taken thought captured.
func (p *Position) supportedWithout(s Side, sqs []Square, taken Square) bool {
	for _, sq := range sqs {
		if sq == taken {
			return false
		}
	}
	return p.supported(s, sqs)
}

// supported reports whether every point of sqs holds a lone piece of side s
// (Atom.Support).
func (p *Position) supported(s Side, sqs []Square) bool {
	for _, sq := range sqs {
		pc := p.board[sq]
		if pc == NoPiece || pc.Side() != s || (p.under != nil && p.under[sq] != NoPiece) {
			return false
		}
	}
	return true
}

func (p *Position) appendCapture(out []Move, from, to Square, mode Mode, royalOnly bool, s Side, capturesOnly, royal bool) []Move {
	if mode == StackOnto {
		t := p.board[to]
		if !capturesOnly && t.Side() != s && (p.under == nil || p.under[to] == NoPiece) && !t.FaceDown() {
			out = append(out, Move{From: from, To: to, Flags: FlagStack})
		}
		return out
	}
	if !mode.captures() || !p.capturable(from, s, to) {
		return out
	}
	if royalOnly {
		if !royal || !p.v.royalKind[p.board[to].Kind()] {
			return out
		}
	}
	if mode == AttackOnly && !capturesOnly {
		return out
	}
	if mode == Exchange {
		return append(out, Move{From: from, To: to, Flags: FlagExchange})
	}
	return append(out, Move{From: from, To: to, Flags: FlagCapture})
}

// PseudoMoves appends the moves of the side to move that follow the movement rules,
// without testing whether they leave a royal piece attacked. The modules' moves
// are included.
func (p *Position) PseudoMoves(out []Move) []Move {
	s := p.side
	holders := p.v.mods.holders
	var frozen SquareSet
	if p.t.hasAura {
		frozen = p.Frozen(s)
	}
	bodySeen := uint64(0) // body kinds whose anchor was met
	for w := 0; w < len(p.occ[s]); w++ {
		word := p.occ[s][w]
	next:
		for word != 0 {
			sq := Square(w*64 + trailingZeros(word))
			word &= word - 1
			pc := p.board[sq]
			if pc.FaceDown() {
				if pc = p.movesAs(sq, pc); pc == NoPiece {
					continue
				}
			}
			if frozen.Has(sq) {
				continue
			}
			if p.v.bodies != nil && p.v.isBody(pc.Kind()) {
				// The first square of a body met is its anchor: it moves the piece.
				if bodySeen&(1<<uint(pc.Kind())) == 0 && !p.held(sq) {
					out = p.bodyMoves(sq, pc, out, false)
				}
				bodySeen |= 1 << uint(pc.Kind())
				continue
			}
			for _, h := range holders {
				if !h.MayMove(p, sq) {
					continue next
				}
			}
			n := len(out)
			out = p.pieceMoves(sq, pc, out, false, false)
			if p.v.promo != nil && p.v.promo[pc.Kind()].to != nil {
				out = p.promotions(out, n, pc)
			}
		}
	}
	for _, a := range p.v.mods.adders {
		out = a.AddMoves(p, out)
	}
	for _, a := range p.v.mods.along {
		out = a.AddAlong(p, out)
	}
	return out
}

// movesAs is the piece a face-down piece on sq moves and attacks as
// (Variant.FaceDownAs: the kind whose start point it stands on), or NoPiece when
// face-down pieces do neither.
func (p *Position) movesAs(sq Square, pc Piece) Piece {
	if p.v.faceDownAs == nil || p.v.faceDownAs[sq] < 0 {
		return NoPiece
	}
	return NewPiece(int(p.v.faceDownAs[sq]), pc.Side())
}

// attackerAs is the piece on sq as it attacks: a face-down piece of a
// FaceDownAs variant attacks as its point's kind (kind bits zero, side kept,
// when it attacks nothing), never as its hidden kind.
func (p *Position) attackerAs(sq Square) Piece {
	pc := p.board[sq]
	if pc&pieceFaceDown != 0 && p.v.faceDownAs != nil {
		return p.movesAs(sq, pc) | pc&pieceSideBit
	}
	return pc
}

// held reports whether a module holds the piece on sq (it may not move).
func (p *Position) held(sq Square) bool {
	for _, h := range p.v.mods.holders {
		if !h.MayMove(p, sq) {
			return true
		}
	}
	return false
}

// legalAfter tests the position after m was made by side s: no royal piece of s may
// stand attacked, and every module's test must pass.
func (p *Position) legalAfter(s Side, m Move) bool {
	if m.Flags&FlagSpecial == 0 || p.side != s {
		// A special move that keeps the turn (a reveal) is judged only by the
		// modules: the royal test waits for the move that ends the turn.
		for i := 0; i < p.nRoyal[s]; i++ {
			if p.Attacked(p.royal[s][i], s.Other(), true) {
				return false
			}
		}
	}
	for _, t := range p.v.mods.legal {
		if !t.Legal(p, m) {
			return false
		}
	}
	return true
}

// IsLegal tests whether the pseudo-legal move m is legal (making it and taking it
// back when the guard cannot decide without).
func (p *Position) IsLegal(m Move) bool {
	g := p.guard()
	return p.legalWith(&g, m)
}

// legalWith decides m with the guard's help.
func (p *Position) legalWith(g *legalGuard, m Move) bool {
	v := g.decide(p, m)
	switch v {
	case moveLegal:
		return true
	case moveIllegal:
		return false
	}
	s := p.side
	p.Make(m)
	var ok bool
	if v == attacksFine {
		ok = p.testersPass(m)
	} else {
		ok = p.legalAfter(s, m)
	}
	p.Unmake()
	return ok
}

// legalGuard answers legality without Make for most moves of a quick variant
// (Variant.sensitive): a move by a non-royal piece that neither leaves nor enters
// a square that decides an attack on a royal piece of the mover changes no such
// attack, so it is legal exactly when the mover is not in check now.
type legalGuard struct {
	on      bool
	inCheck bool
	lines   bool // Variant.lines may be used (exposes)
	quiet   bool // every module's legality test passes ordinary moves here (QuietTester)
	sens    SquareSet
}

// verdict is what the guard knows of a move before it is made.
type verdict uint8

const (
	undecided   verdict = iota // make it and test it in full
	moveLegal                  // legal, no need to make it
	moveIllegal                // illegal, no need to make it
	attacksFine                // no royal piece of the mover ends attacked; the modules' tests must still run
)

// decide tells what it can of m without making it.
func (g *legalGuard) decide(p *Position, m Move) verdict {
	if !g.on {
		return undecided
	}
	if g.safe(p, m) {
		if g.inCheck {
			return moveIllegal // it neither blocks nor takes the checking piece
		}
		return moveLegal
	}
	if !g.lines || g.inCheck || m.Flags&(FlagSpecial|FlagStack|FlagExchange|FlagDrop) != 0 {
		return undecided
	}
	if p.v.royalKind[p.board[m.From].Kind()] || (p.under != nil && p.under[m.From] != NoPiece) {
		return undecided
	}
	switch {
	case p.exposes(m):
		return moveIllegal
	case g.quiet:
		return moveLegal
	}
	return attacksFine
}

// testersPass runs the modules' legality tests on the position after m.
func (p *Position) testersPass(m Move) bool {
	for _, t := range p.v.mods.legal {
		if !t.Legal(p, m) {
			return false
		}
	}
	return true
}

func (p *Position) guard() legalGuard {
	v := p.v
	if !v.guardOK || p.t.sensitive == nil {
		return legalGuard{}
	}
	g := legalGuard{on: true, lines: p.t.lines != nil, quiet: true}
	for _, t := range v.mods.legal {
		if q, ok := t.(QuietTester); !ok || !q.Quiet(p) {
			g.quiet = false
		}
	}
	s := p.side
	n := v.Board.NumSquares()
	for i := 0; i < p.nRoyal[s]; i++ {
		sq := p.royal[s][i]
		set := &p.t.sensitive[int(s)*n+int(sq)]
		for w := range g.sens {
			g.sens[w] |= set[w]
		}
		if !g.inCheck && p.Attacked(sq, s.Other(), true) {
			g.inCheck = true
		}
	}
	return g
}

// safe reports whether the guard decides m without Make: then m is legal iff
// !g.inCheck.
func (g *legalGuard) safe(p *Position, m Move) bool {
	if !g.on || m.Flags&(FlagSpecial|FlagStack|FlagExchange) != 0 || g.sens.Has(m.To) {
		return false
	}
	if m.Flags&FlagDrop != 0 {
		return true // a piece put off every line and leg of the general changes no attack
	}
	if g.sens.Has(m.From) || (p.under != nil && p.under[m.From] != NoPiece) {
		return false // a pressed piece would surface on m.From
	}
	return !p.v.royalKind[p.board[m.From].Kind()]
}

// exposes reports, for a quick variant whose side to move is not in check,
// whether the non-royal move m would leave a royal piece of the mover attacked,
// without making it: only lines through m.From or m.To and leaps whose block is
// m.From can change, and they are scanned with the move applied in thought.
func (p *Position) exposes(m Move) bool {
	v := p.v
	s := p.side
	by := s.Other()
	n := v.Board.NumSquares()
	dirs := p.t.sideRayDirs[by]
	for i := 0; i < p.nRoyal[s]; i++ {
		k := p.royal[s][i]
		row := p.t.lines[(int(s)*n+int(k))*n:]
		mask := row[m.From] | row[m.To]
		for mask != 0 {
			j := trailingZeros32(mask)
			mask &= mask - 1
			if p.rayAttackAfter(k, by, &p.t.rayDirs[dirs[j]], m) {
				return true
			}
		}
		if !p.t.legs[int(s)*n+int(k)].Has(m.From) {
			continue
		}
		for _, r := range p.t.rev[int(by)*n+int(k)] {
			if r.from == m.To || (r.blocks[0] != m.From && r.blocks[1] != m.From && r.blocks[2] != m.From) {
				continue // the leaper is taken, or the move frees none of its blocks
			}
			pc := p.board[r.from]
			if pc&pieceFaceDown != 0 && v.faceDownAs != nil {
				pc = p.movesAs(r.from, pc)
			}
			if pc.identity() != r.piece || pc&v.silent != 0 {
				continue
			}
			blocked := false
			for _, b := range r.blocks {
				if b != NoSquare && b != m.From && (b == m.To || p.board[b] != NoPiece) {
					blocked = true
				}
			}
			if !blocked {
				return true
			}
		}
	}
	return false
}

// rayAttackAfter scans one enemy line from the royal square k outwards as if m
// were made (m.From empty, m.To holding the mover), as Attacked does.
func (p *Position) rayAttackAfter(k Square, by Side, d *rayDir, m Move) bool {
	cur := k
	for seen := 0; seen < d.depth; {
		cur = d.back[cur]
		if cur == NoSquare {
			return false
		}
		if cur == m.From {
			continue
		}
		pc := p.board[cur]
		if cur == m.To {
			pc = p.board[m.From] // the mover: a screen, never an attacker of its own royal
		} else if pc != NoPiece {
			pc = p.attackerAs(cur)
		}
		if pc == NoPiece {
			continue
		}
		if pc&pieceFaceDown != 0 && p.v.faceDownAs != nil && cur != m.To {
			if pc = p.movesAs(cur, pc) | pc&pieceSideBit; pc&pieceKindMask == 0 {
				seen++ // a face-down piece that does not move is a screen
				continue
			}
		}
		if pc.Side() == by && pc&p.v.silent == 0 && cur != m.To {
			// The attacker's zone and range limits are read from its own tables,
			// which do not depend on the move.
			if hit, exact := d.catches(pc, seen); hit && (!exact || p.rayReachesTaken(cur, k, true, seen, m.To)) {
				return true
			}
		}
		seen++
	}
	return false
}

// LegalMoves appends every legal move of the side to move.
func (p *Position) LegalMoves(out []Move) []Move {
	start := len(out)
	out = p.PseudoMoves(out)
	g := p.guard()
	keep := start
	for _, m := range out[start:] {
		if p.legalWith(&g, m) {
			out[keep] = m
			keep++
		}
	}
	if keep == start && p.v.PassWhenStuck {
		out = append(out[:keep], PassMove)
		keep++
	}
	return out[:keep]
}

// HasLegalMove reports whether the side to move has any legal move (the pass of
// Variant.PassWhenStuck included).
func (p *Position) HasLegalMove() bool { return p.hasLegalMove() || p.v.PassWhenStuck }

// hasLegalMove reports whether the side to move has a legal move other than the
// pass.
func (p *Position) hasLegalMove() bool {
	buf := p.buffer(len(p.marks))
	buf = p.PseudoMoves(buf[:0])
	defer func() { p.bufs[len(p.marks)] = buf[:0] }()
	g := p.guard()
	for _, m := range buf {
		if p.legalWith(&g, m) {
			return true
		}
	}
	return false
}

// OnlyLegalMove reports whether m is the side to move's one legal move (a forced
// move, for AutoMovers), without allocating.
func (p *Position) OnlyLegalMove(m Move) bool {
	buf := p.buffer(len(p.marks))
	buf = p.PseudoMoves(buf[:0])
	defer func() { p.bufs[len(p.marks)] = buf[:0] }()
	g := p.guard()
	found := false
	for _, x := range buf {
		if !p.legalWith(&g, x) {
			continue
		}
		if x != m {
			return false
		}
		found = true
	}
	return found
}

func (p *Position) buffer(ply int) []Move {
	for len(p.bufs) <= ply {
		p.bufs = append(p.bufs, make([]Move, 0, 128))
	}
	return p.bufs[ply]
}

// Quick reports whether the variant may use the fast path: no rule module takes
// part in ordinary moves, and there are no stacks or hands. Then a pseudo-legal
// move is legal exactly when it leaves no royal piece of the mover attacked, and
// Make does nothing but move pieces.
func (v *Variant) Quick() bool { return v.quickOK }

// Perft counts the leaf nodes of the legal move tree of the given depth. At the
// last ply moves are counted, not made (bulk counting), as engines report perft.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return p.perft(depth, p.v.Quick())
}

func (p *Position) perft(depth int, quick bool) uint64 {
	ply := len(p.marks)
	moves := p.PseudoMoves(p.buffer(ply)[:0])
	s := p.side
	g := p.guard()
	var nodes uint64
	for _, m := range moves {
		verdict := g.decide(p, m)
		switch {
		case verdict == moveIllegal:
			continue
		case verdict == moveLegal && depth == 1:
			nodes++
			continue
		}
		if quick {
			p.makeQuick(m)
		} else {
			p.Make(m)
		}
		var ok bool
		switch verdict {
		case moveLegal:
			ok = true
		case attacksFine:
			ok = p.testersPass(m)
		default:
			ok = p.legalAfter(s, m)
		}
		if ok {
			if depth == 1 {
				nodes++
			} else {
				nodes += p.perft(depth-1, quick)
			}
		}
		p.Unmake()
	}
	p.bufs[ply] = moves[:0]
	if nodes == 0 && p.v.PassWhenStuck && !p.hasLegalMove() {
		if depth == 1 {
			return 1
		}
		p.Make(PassMove)
		nodes = p.perft(depth-1, false)
		p.Unmake()
	}
	return nodes
}

// Divide returns the perft count below each legal root move.
func (p *Position) Divide(depth int) map[Move]uint64 {
	out := map[Move]uint64{}
	for _, m := range p.LegalMoves(nil) {
		p.Make(m)
		out[m] = p.Perft(depth - 1)
		p.Unmake()
	}
	return out
}

// Frozen returns the pieces of side s held by an enemy aura (a freeze).
func (p *Position) Frozen(s Side) SquareSet {
	var out SquareSet
	if !p.t.hasAura {
		return out
	}
	enemy := s.Other()
	for w, word := range p.occ[enemy] { // no allocation: this runs for every node of animal chess
		for ; word != 0; word &= word - 1 {
			sq := Square(w*64 + trailingZeros(word))
			p.freezeFrom(sq, s, &out)
		}
	}
	return out
}

// freezeFrom adds to out the pieces of side s that the aura of the piece on sq
// (an enemy of s) freezes.
func (p *Position) freezeFrom(sq Square, s Side, out *SquareSet) {
	enemy := s.Other()
	pc := p.board[sq]
	k := &p.v.Kinds[pc.Kind()]
	if k.Freeze == nil || pc.FaceDown() {
		return
	}
	var hit SquareSet
	n := 0
	for _, to := range p.t.tables[p.v.tableIndex(pc.Kind(), enemy, sq)].aura {
		if t := p.board[to]; t != NoPiece && t.Side() == s {
			hit.Add(to)
			n++
		}
	}
	if k.Freeze.OnlyLone && n != 1 {
		return
	}
	for i := range out {
		out[i] |= hit[i]
	}
}

// Capturable reports whether the piece on from may capture what stands on to
// (an enemy piece that no module's CaptureFilter protects). Modules that add
// ordinary moves of their own (a power a piece gets under a condition) use it so
// that their captures obey the other modules' filters.
func (p *Position) Capturable(from, to Square) bool {
	pc := p.board[from]
	return pc != NoPiece && p.capturable(from, pc.Side(), to)
}

// Movable reports whether the piece on sq may move now: it lies face up (or moves
// as a face-down kind), no enemy aura freezes it and no module holds it. Modules
// that add moves for pieces ask it, as the core's generator does.
func (p *Position) Movable(sq Square) bool {
	pc := p.board[sq]
	if pc == NoPiece || (pc.FaceDown() && p.movesAs(sq, pc) == NoPiece) {
		return false
	}
	if p.t.hasAura {
		if frozen := p.Frozen(pc.Side()); frozen.Has(sq) {
			return false
		}
	}
	return !p.held(sq)
}
