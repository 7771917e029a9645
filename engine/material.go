package engine

import (
	"context"
	"fmt"

	"github.com/chuhe/chuhe/rules"
)

// The material search: alpha-beta over the rules core with a material count
// (rules.Kind.Value) and a quiescence search of captures and check evasions. It
// answers "does the side to move win material by force?" for tactics puzzles.

// MateScore is the score of a forced mate in the material search (less the
// plies to it).
const MateScore = 100_000

// maxQuiet bounds the quiescence search, in plies.
const maxQuiet = 8

// Tactic is the answer of WinMaterial.
type Tactic struct {
	// Base is the material balance of the side to move once the captures on the
	// board now are played out (quiescence): what needs no tactic to get.
	Base int
	// Score is the balance after the best line: Depth plies and the captures
	// that follow.
	Score int
	// Gain is Score - Base: what the tactic wins.
	Gain int
	// Line is the best line, the captures at its end included.
	Line []rules.Move
	// FirstMoves are all the first moves that win at least the minimum gain asked
	// for, the line's first move included when it does.
	FirstMoves []rules.Move
	// Mate is set when Score is a forced mate rather than material.
	Mate  bool
	Nodes int64
}

// WinMaterial searches p depth plies deep (and then captures) for the material
// the side to move wins against the best defence, and lists the first moves that
// win at least minGain. It ignores repetition and the move limit; a forced mate
// within depth shows as Mate.
func (s *Solver) WinMaterial(ctx context.Context, p *rules.Position, depth, minGain int) (Tactic, error) {
	s.begin(ctx, p)
	defer s.end()
	var t Tactic
	t.Base = s.quiesce(-MateScore-1, MateScore+1, 0)
	score := s.alphaBeta(depth, -MateScore-1, MateScore+1)
	if s.err != nil {
		return Tactic{}, s.err
	}
	t.Score, t.Gain = score, score-t.Base
	t.Mate = score > MateScore-1000
	if len(s.pv) > 0 {
		t.Line = append([]rules.Move(nil), s.pv[0]...)
	}
	target := t.Base + minGain
	for _, m := range s.p.LegalMoves(nil) {
		s.play(m)
		v := -s.alphaBeta(depth-1, -target, -target+1)
		s.unplay(m)
		if s.err != nil {
			return Tactic{}, s.err
		}
		if v >= target {
			t.FirstMoves = append(t.FirstMoves, m)
		}
	}
	t.Nodes = s.nodes
	return t, nil
}

// Material returns the balance of the side to move of p after depth plies and
// the captures that follow, against the best play of both sides.
func (s *Solver) Material(ctx context.Context, p *rules.Position, depth int) (int, error) {
	s.begin(ctx, p)
	defer s.end()
	v := s.alphaBeta(depth, -MateScore-1, MateScore+1)
	if s.err != nil {
		return 0, s.err
	}
	return v, nil
}

// BestMove returns the best move of the side to move of p by a depth-ply
// material search, and its score.
func (s *Solver) BestMove(ctx context.Context, p *rules.Position, depth int) (rules.Move, int, error) {
	s.begin(ctx, p)
	defer s.end()
	v := s.alphaBeta(max(depth, 1), -MateScore-1, MateScore+1)
	if s.err != nil {
		return rules.NullMove, 0, s.err
	}
	if len(s.pv) == 0 || len(s.pv[0]) == 0 {
		return rules.NullMove, v, fmt.Errorf("engine: no legal move")
	}
	return s.pv[0][0], v, nil
}

// balance is the material of the side to move less the opponent's.
func (s *Solver) balance() int {
	b := s.v.Board
	side := s.p.ToMove()
	total := 0
	for sq := 0; sq < b.NumSquares(); sq++ {
		pc := s.p.At(rules.Square(sq))
		if pc == rules.NoPiece || pc.FaceDown() {
			continue
		}
		v := s.v.Kinds[pc.Kind()].Value
		if pc.Side() == side {
			total += v
		} else {
			total -= v
		}
	}
	return total
}

// resetPV empties the principal-variation row of the current ply (and makes
// sure the child's row exists).
func (s *Solver) resetPV() {
	for len(s.pv) <= s.ply+1 {
		s.pv = append(s.pv, make([]rules.Move, 0, 16))
	}
	s.pv[s.ply] = s.pv[s.ply][:0]
}

// setPV makes m followed by the child's line the line of this ply.
func (s *Solver) setPV(m rules.Move) {
	row := s.pv[s.ply][:0]
	row = append(row, m)
	row = append(row, s.pv[s.ply+1]...)
	s.pv[s.ply] = row
}

// orderCaptures puts captures first, the most valuable victim first.
func (s *Solver) orderCaptures(moves []rules.Move) {
	// Insertion sort: short lists, no allocation.
	for i := 1; i < len(moves); i++ {
		m := moves[i]
		v := s.victim(m)
		j := i
		for j > 0 && s.victim(moves[j-1]) < v {
			moves[j] = moves[j-1]
			j--
		}
		moves[j] = m
	}
}

func (s *Solver) alphaBeta(depth, alpha, beta int) int {
	if s.stop() {
		return 0
	}
	if depth <= 0 {
		return s.quiesce(alpha, beta, 0)
	}
	s.resetPV()
	side := s.p.ToMove()
	moves, _ := s.buffers()
	moves = s.pseudo(moves)
	s.orderCaptures(moves)
	s.moves[s.ply] = moves
	best := -MateScore - 1
	legal := false
	for i := 0; i < len(s.moves[s.ply]); i++ {
		m := s.moves[s.ply][i]
		s.play(m)
		if !s.legalMade(side, m) {
			s.unplay(m)
			continue
		}
		legal = true
		v := -s.alphaBeta(depth-1, -beta, -alpha)
		s.unplay(m)
		if s.err != nil {
			return 0
		}
		if v > best {
			best = v
			s.setPV(m)
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			break
		}
	}
	if !legal {
		return s.noMoveScore()
	}
	return best
}

// noMoveScore scores a position whose side to move has no legal move.
func (s *Solver) noMoveScore() int {
	if s.terminal() {
		return -MateScore + s.ply
	}
	return 0
}

func (s *Solver) quiesce(alpha, beta, qply int) int {
	if s.stop() {
		return 0
	}
	s.resetPV()
	inCheck := s.p.InCheck()
	best := -MateScore - 1
	if !inCheck {
		stand := s.balance()
		if stand >= beta || qply >= maxQuiet {
			return stand
		}
		best = stand
		alpha = max(alpha, stand)
	}
	side := s.p.ToMove()
	moves, _ := s.buffers()
	moves = s.pseudo(moves)
	if !inCheck {
		keep := moves[:0]
		for _, m := range moves {
			if m.Flags&rules.FlagCapture != 0 {
				keep = append(keep, m)
			}
		}
		moves = keep
	}
	s.orderCaptures(moves)
	s.moves[s.ply] = moves
	legal := false
	for i := 0; i < len(s.moves[s.ply]); i++ {
		m := s.moves[s.ply][i]
		s.play(m)
		if !s.legalMade(side, m) {
			s.unplay(m)
			continue
		}
		legal = true
		v := -s.quiesce(-beta, -alpha, qply+1)
		s.unplay(m)
		if s.err != nil {
			return 0
		}
		if v > best {
			best = v
			s.setPV(m)
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			break
		}
	}
	if inCheck && !legal {
		return s.noMoveScore()
	}
	return best
}
