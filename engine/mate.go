package engine

import (
	"cmp"
	"slices"

	"github.com/chuhe/chuhe/rules"
)

// The mate search. This file is performance-critical: it runs for every node.
//
// win(n) asks whether the side to move (the attacker) forces a win within n of
// its moves; defend(n) whether the side to move (the defender) loses within n
// moves of the attacker whatever it plays. Both are depth-first AND/OR searches
// over the rules core with a transposition table; the attacker's checks are
// ordered by how few replies they leave (mobility ordering), the defender's
// replies by the last refutation found.

// cand is an attacker move with what ordering needs.
type cand struct {
	m       rules.Move
	check   bool
	replies int // legal replies after the move (checks only)
	victim  int // value of the captured piece
}

// play makes m, keeping the tracked general squares up to date.
func (s *Solver) play(m rules.Move) {
	s.kings = append(s.kings, s.king)
	side := s.p.ToMove()
	if s.king[side] == m.From {
		s.king[side] = m.To
	}
	s.p.Make(m)
	s.ply++
}

// unplay takes back m, the last move played.
func (s *Solver) unplay(rules.Move) {
	s.p.Unmake()
	s.ply--
	s.king = s.kings[len(s.kings)-1]
	s.kings = s.kings[:len(s.kings)-1]
}

// legalMade reports, right after play(m) by side, that side's general is safe.
func (s *Solver) legalMade(side rules.Side, m rules.Move) bool {
	if !s.fast {
		return true // checked before playing; see pseudo
	}
	return !s.p.Attacked(s.king[side], side.Other(), true)
}

// buffers returns the move and candidate buffers of the current ply.
func (s *Solver) buffers() ([]rules.Move, []cand) {
	for len(s.moves) <= s.ply {
		s.moves = append(s.moves, make([]rules.Move, 0, 128))
		s.cands = append(s.cands, make([]cand, 0, 128))
		s.killer = append(s.killer, rules.NullMove)
	}
	return s.moves[s.ply][:0], s.cands[s.ply][:0]
}

// pseudo generates the moves to try: pseudo-legal in the fast path (legality is
// tested after playing), legal otherwise.
func (s *Solver) pseudo(buf []rules.Move) []rules.Move {
	if s.fast {
		return s.p.PseudoMoves(buf)
	}
	return s.p.LegalMoves(buf)
}

func (s *Solver) victim(m rules.Move) int {
	if m.Flags&rules.FlagCapture == 0 {
		return 0
	}
	pc := s.p.At(m.To)
	if pc == rules.NoPiece {
		return 0
	}
	return s.v.Kinds[pc.Kind()].Value + 1
}

// terminal reports, for a side to move with no legal move, whether that loses.
func (s *Solver) terminal() bool {
	return s.p.InCheck() || s.v.StalemateLost(s.p.ToMove())
}

// struck: after an attacker move, is the defender lost within n more attacker
// moves (n = 0: right now)?
func (s *Solver) struck(n int) bool {
	if s.goals {
		if o, ok := s.p.Goal(); ok {
			return !o.Draw && o.Winner != s.p.ToMove() // the attacker reached a goal
		}
	}
	if n == 0 {
		return !s.p.HasLegalMove() && s.terminal()
	}
	return s.defend(n) // it finds a position without legal moves itself
}

// win: can the side to move force a win within n moves?
func (s *Solver) win(n int) bool {
	if n <= 0 || s.stop() {
		return false
	}
	key := s.p.Hash()
	if e := s.tt.probe(key); e != nil {
		if e.win != 0 && int(e.win) <= n {
			return true
		}
		// At the root the search is full width whatever the policy said before.
		if int(e.noWin) >= n && s.ply > 0 {
			return false
		}
	}
	side := s.p.ToMove()
	full := n <= s.fullWidth || s.ply == 0
	moves, cands := s.buffers()
	moves = s.pseudo(moves)
	s.moves[s.ply] = moves
	// Pass 1: legal moves, which give check, and the immediate wins.
	for _, m := range moves {
		s.play(m)
		// A move that reaches a goal of the variant (the modules' ends of the
		// game) ends the search there: a win, or a move never to make.
		if s.goals {
			if o, ok := s.p.Goal(); ok && s.legalMade(side, m) {
				s.unplay(m)
				if !o.Draw && o.Winner == side {
					s.tt.storeWin(key, 1, m)
					return true
				}
				continue
			}
		}
		// Whether it checks first: in a checks-only node most moves stop there.
		check := s.p.InCheck()
		if (!check && !full) || !s.legalMade(side, m) {
			s.unplay(m)
			continue
		}
		c := cand{m: m, check: check}
		if check && n > 1 {
			// Mobility ordering: the fewer replies, the better the check.
			buf, _ := s.buffers()
			buf = s.p.LegalMoves(buf)
			c.replies = len(buf)
			s.moves[s.ply] = buf[:0]
		} else {
			c.replies = -1
			// The last move may also win by stalemate; before it, defend finds that.
			if n == 1 && (check || s.v.StalemateLost(side.Other())) && !s.p.HasLegalMove() {
				c.replies = 0
			}
		}
		s.unplay(m)
		if c.replies == 0 && (check || s.v.StalemateLost(side.Other())) {
			s.tt.storeWin(key, 1, m)
			return true
		}
		if n > 1 {
			c.victim = s.victim(m)
			cands = append(cands, c)
		}
	}
	if n == 1 || s.err != nil {
		if s.err == nil {
			s.tt.storeNoWin(key, 1, rules.NullMove)
		}
		return false
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		if a.check != b.check {
			if a.check {
				return -1
			}
			return 1
		}
		if a.check {
			return cmp.Compare(a.replies, b.replies)
		}
		return cmp.Compare(b.victim, a.victim)
	})
	// The hash move first.
	if e := s.tt.probe(key); e != nil && e.from >= 0 {
		for i := range cands {
			if int16(cands[i].m.From) == e.from && int16(cands[i].m.To) == e.to {
				c := cands[i]
				copy(cands[1:i+1], cands[:i])
				cands[0] = c
				break
			}
		}
	}
	s.cands[s.ply] = cands
	for i := 0; i < len(cands); i++ {
		m := s.cands[s.ply][i].m
		s.play(m)
		ok := s.defend(n - 1)
		s.unplay(m)
		if s.err != nil {
			return false
		}
		if ok {
			s.tt.storeWin(key, n, m)
			return true
		}
	}
	s.tt.storeNoWin(key, n, rules.NullMove)
	return false
}

// defend: the side to move has a legal move; does every reply leave the attacker
// a win within n moves?
func (s *Solver) defend(n int) bool {
	if s.stop() {
		return false
	}
	key := s.p.Hash()
	e := s.tt.probe(key)
	if e != nil {
		if e.win != 0 && int(e.win) <= n {
			return true
		}
		if int(e.noWin) >= n {
			return false
		}
	}
	side := s.p.ToMove()
	moves, _ := s.buffers()
	moves = s.pseudo(moves)
	// Order: the stored refutation, the killer of this ply, captures, the rest.
	hashFrom, hashTo := int16(-1), int16(-1)
	if e != nil {
		hashFrom, hashTo = e.from, e.to
	}
	killer := s.killer[s.ply]
	score := func(m rules.Move) int {
		switch {
		case int16(m.From) == hashFrom && int16(m.To) == hashTo:
			return 1000
		case m == killer:
			return 900
		}
		return s.victim(m) * 10
	}
	slices.SortStableFunc(moves, func(a, b rules.Move) int { return cmp.Compare(score(b), score(a)) })
	s.moves[s.ply] = moves
	moved := false
	for i := 0; i < len(s.moves[s.ply]); i++ {
		m := s.moves[s.ply][i]
		s.play(m)
		if !s.legalMade(side, m) {
			s.unplay(m)
			continue
		}
		moved = true
		if s.goals {
			if o, ok := s.p.Goal(); ok && (o.Draw || o.Winner == side) {
				s.unplay(m) // the defender reaches a goal: the attack fails here
				s.killer[s.ply] = m
				s.tt.storeNoWin(key, n, m)
				return false
			}
		}
		ok := s.win(n)
		s.unplay(m)
		if s.err != nil {
			return false
		}
		if !ok {
			s.killer[s.ply] = m
			s.tt.storeNoWin(key, n, m)
			return false
		}
	}
	if !moved {
		return s.terminal()
	}
	s.tt.storeWin(key, n, rules.NullMove)
	return true
}
