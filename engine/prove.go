package engine

import (
	"math"

	"github.com/chuhe/chuhe/rules"
)

// The mate-proof mode of the game search: the puzzle solver's search. It runs
// on the game search's machinery (the board adapter of rules.go with its
// automatic moves and goals, move generation into the Engine's per-ply
// buffers, the transposition table of tt.go, the ordering of search.go with its
// killers and history, and its mate scores) with what a proof needs instead of
// what play needs:
//
//   - no evaluation: a score is 0 ("no forced win found") or a mate score,
//     mateValue less the plies from the root to the end of the game;
//   - exact depth: no quiescence, no check extension, no null move, no
//     futility, late-move pruning or reductions: every defence is searched;
//   - the attacker may stop trying (its score is at least 0), and with more
//     than Options.FullWidth moves left it tries only the moves that give check
//     (or end the game), ordered by how few replies they leave; a win found so
//     is still a win, and the root is always searched in full;
//   - no repetition and no move limit (board.proof): a shortest win never
//     repeats a position, and what a position is worth must not depend on the
//     path to it.
//
// A question "does the side to move win within n moves" is a null-window
// search of 2n-1 plies against the score of a mate on its n-th move. This file
// is performance-critical: nothing in it allocates per node.

// Move scores of the proof search's ordering beyond search.go's.
const (
	// skipMove marks a move the node does not try: illegal, or quiet where
	// only checks are tried. It sorts last.
	skipMove = math.MinInt32
	// orderCheck is a check's score less the replies it leaves: above every
	// capture, below the table's move.
	orderCheck = 1 << 28
)

// defenderKey salts the table key of a node whose side to move is the
// defender: the attacker's score there may stop at 0, the defender's may not,
// so the two roles of one position must not share an entry.
const defenderKey = 0x9e3779b97f4a7c15

// proofKey is the table key of the position to move for the proof search.
func (s *Solver) proofKey() uint64 {
	p := s.e.b.p
	if p.ToMove() == s.side {
		return p.Hash()
	}
	return p.Hash() ^ defenderKey
}

// prove scores the node at ply (depth plies left) for its side to move, the
// attacker s.side or its opponent: a mate score when the attacker's win (or,
// rarely, the defender's) within depth is proven, else 0.
func (s *Solver) prove(depth int, alpha, beta int32, ply int) int32 {
	e := s.e
	b := e.b
	p := b.p
	side := p.ToMove()
	attacker := side == s.side
	if depth <= 0 {
		// A leaf is part of its parent's work, as a move tried is: the node
		// count (the budget) counts the inner nodes of the proof tree only.
		if attacker || ply >= maxPly {
			return 0
		}
		// The defender after the attacker's last move: lost if it cannot move
		// (the core's test stops at the first legal move it finds).
		if p.HasLegalMove() || !b.noMoveLoses() {
			return 0
		}
		return -mateValue + int32(ply)
	}
	if e.tick() || ply >= maxPly {
		return 0
	}
	// Mate distance pruning.
	alpha = max(alpha, -mateValue+int32(ply))
	beta = min(beta, mateValue-int32(ply)-1)
	if alpha >= beta {
		return alpha
	}
	moves, scores := e.genMoves(ply)
	key := s.proofKey()
	ttMove := rules.NullMove
	if ent, ok := e.tt.probe(key); ok {
		ttMove = ent.move()
		if v, ok := proofCut(ent, depth, alpha, beta, ply); ok {
			return v
		}
	}
	full := !attacker || ply == 0 || (depth+1)/2 <= s.fullWidth
	e.order(moves, scores, ply, ttMove)
	if attacker && (depth > 1 || !full) {
		s.rankAttacks(moves, scores, ply, full)
	}
	best, bestMove := int32(-infinity), rules.NullMove
	if attacker {
		best = 0 // it can always stop trying: no win
	}
	origAlpha := alpha
	legal := 0
	for i := 0; i < len(moves); i++ {
		pick(moves, scores, i)
		if scores[i] == skipMove {
			break
		}
		m := moves[i]
		end, ok := b.playLegal(m, side)
		if !ok {
			continue
		}
		legal++
		v := s.proveChild(depth-1, alpha, beta, ply, end, side)
		b.unplay()
		if e.aborted {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if v >= beta {
					e.rememberCutoff(m, depth, ply)
					break
				}
			}
		}
	}
	if legal == 0 && !attacker {
		return b.noMoveScore(ply)
	}
	e.tt.storeSearched(key, bestMove, best, origAlpha, beta, depth, ply)
	return best
}

// proofCut reports whether the table entry decides the node. A mate in the
// entry is a proof whatever depth found it; anything else holds for the depth
// it was searched to, and not at ply 0, the position the call was given, which
// is searched in full width whatever the policy said before.
func proofCut(ent *ttEntry, depth int, alpha, beta int32, ply int) (int32, bool) {
	v := fromTT(int32(ent.score), ply)
	lower := ent.bound == boundLower || ent.bound == boundExact
	upper := ent.bound == boundUpper || ent.bound == boundExact
	switch {
	case lower && v > mateBound && v >= beta,
		upper && v < -mateBound && v <= alpha:
		return v, true
	case int(ent.depth) < depth || ply == 0:
		return 0, false
	case lower && v >= beta, upper && v <= alpha:
		return v, true
	}
	return 0, false
}

// rankAttacks orders the attacker's moves for a proof: the table's move, then
// moves that end the game, then checks by how few legal replies they leave
// (mobility ordering: the fewer, the sooner the mate), then the rest as
// search.go ordered them, or (where only checks are tried) not at all.
func (s *Solver) rankAttacks(moves []rules.Move, scores []int32, ply int, full bool) {
	e := s.e
	b := e.b
	p := b.p
	side := p.ToMove()
	for i, m := range moves {
		end, ok := b.playLegal(m, side)
		if !ok {
			scores[i] = skipMove
			continue
		}
		check := b.checks[len(b.checks)-1]
		switch {
		case !full && !check && end == notOver:
			scores[i] = skipMove // the policy first: the table's move too
		case scores[i] >= orderTT:
		case end != notOver:
			scores[i] = orderTT - 1
		case check:
			replies := p.LegalMoves(e.moves[ply+1][:0])
			e.moves[ply+1] = replies[:0]
			scores[i] = orderCheck - int32(len(replies))
		}
		b.unplay()
	}
}

// proveChild scores the position just played by side at ply, from side's view
// (see Engine.child for the turn that stays).
func (s *Solver) proveChild(depth int, alpha, beta int32, ply int, end endKind, side rules.Side) int32 {
	same := s.e.b.p.ToMove() == side
	var v int32
	switch end {
	case endDraw:
		return 0
	case endWin:
		v = mateValue - int32(ply+1)
	case endLoss:
		v = -mateValue + int32(ply+1)
	default:
		if same {
			return s.prove(depth, alpha, beta, ply+1)
		}
		return -s.prove(depth, -beta, -alpha, ply+1)
	}
	if !same {
		v = -v
	}
	return v
}

// rememberCutoff keeps a quiet move that refuted a node as a killer and in the
// history, as the game search does.
func (e *Engine) rememberCutoff(m rules.Move, depth, ply int) {
	if m.Flags&(rules.FlagCapture|rules.FlagExchange|rules.FlagSpecial) != 0 {
		return
	}
	if e.killers[ply][0] != m {
		e.killers[ply][1] = e.killers[ply][0]
		e.killers[ply][0] = m
	}
	if m.From >= 0 && m.To >= 0 {
		// The same bounded update as the game search's: the two share the
		// table, and late-move reductions read it against historyMax.
		updateHistory(&e.history[int(m.From)*e.n+int(m.To)], int32(min(depth*depth*16, historyMax/4)))
	}
}

// Questions at the current node of the board (ply plies after the position the
// call began with). Each is one null-window proof search.

// wins reports whether the side to move forces a win within n moves.
func (s *Solver) wins(n int) bool {
	if n <= 0 {
		return false
	}
	ply := s.ply()
	s.side = s.e.b.p.ToMove()
	target := mateValue - int32(ply+2*n-1)
	return s.prove(2*n-1, target-1, target, ply) >= target && !s.e.aborted
}

// lost reports whether the side to move is lost within n moves of its
// opponent: it has no legal move now and that loses (n = 0), or every reply
// leaves the opponent a win within n.
func (s *Solver) lost(n int) bool {
	b := s.e.b
	ply := s.ply()
	s.side = b.p.ToMove().Other()
	if ply == 0 && b.goals {
		// Moves played here are judged by board.play; the position given is not.
		if o, ok := b.p.Goal(); ok {
			return !o.Draw && o.Winner == s.side
		}
	}
	target := -mateValue + int32(ply+2*n)
	return s.prove(2*n, target, target+1, ply) <= target && !s.e.aborted
}

// distance is the fewest moves, up to max, in which the side to move wins; 0
// when it does not within max.
func (s *Solver) distance(max int) int {
	for n := 1; n <= max; n++ {
		if s.wins(n) {
			return n
		}
		if s.e.aborted {
			return 0
		}
	}
	return 0
}

// lostAfter plays m for the side to move and reports whether its opponent is
// then lost within n more moves (a move that wins the game at once is lost
// within 0).
func (s *Solver) lostAfter(m rules.Move, n int) bool {
	b := s.e.b
	attacker := b.p.ToMove()
	end := b.play(m)
	defer b.unplay()
	if end != notOver {
		return s.wonBy(end, attacker)
	}
	return s.lost(n)
}

// distanceAfter plays the defender's move m and returns the moves its
// opponent then needs to win, up to max; escaped when it does not win within
// max. A defence that loses the game at once needs 0.
func (s *Solver) distanceAfter(m rules.Move, max int) (d int, escaped bool) {
	b := s.e.b
	attacker := b.p.ToMove().Other()
	end := b.play(m)
	defer b.unplay()
	if end != notOver {
		return 0, !s.wonBy(end, attacker)
	}
	d = s.distance(max)
	return d, d == 0
}

// winsAfter plays the defender's move m and reports whether its opponent then
// wins within n moves.
func (s *Solver) winsAfter(m rules.Move, n int) bool {
	b := s.e.b
	attacker := b.p.ToMove().Other()
	end := b.play(m)
	defer b.unplay()
	if end != notOver {
		return s.wonBy(end, attacker)
	}
	return s.wins(n)
}

// wonBy reports whether a game that just ended (end, for the side to move
// now) was won by attacker.
func (s *Solver) wonBy(end endKind, attacker rules.Side) bool {
	toMove := s.e.b.p.ToMove()
	switch end {
	case endWin:
		return toMove == attacker
	case endLoss:
		return toMove != attacker
	}
	return false
}

// ply is the number of moves played on the board since the call began.
func (s *Solver) ply() int { return len(s.e.b.made) }
