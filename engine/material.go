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
	e := s.e
	var t Tactic
	t.Base = s.quiesce(-MateScore-1, MateScore+1, 0, 0)
	score := s.alphaBeta(depth, -MateScore-1, MateScore+1, 0)
	if err := s.err(); err != nil {
		return Tactic{}, err
	}
	t.Score, t.Gain = score, score-t.Base
	t.Mate = score > MateScore-1000
	t.Line = append([]rules.Move(nil), e.pv[0][:e.pvLen[0]]...)
	target := t.Base + minGain
	for _, m := range e.b.p.LegalMoves(nil) {
		v := -s.materialChild(m, depth-1, -target, -target+1, 0)
		if err := s.err(); err != nil {
			return Tactic{}, err
		}
		if v >= target {
			t.FirstMoves = append(t.FirstMoves, m)
		}
	}
	t.Nodes = e.nodes
	return t, nil
}

// Material returns the balance of the side to move of p after depth plies and
// the captures that follow, against the best play of both sides.
func (s *Solver) Material(ctx context.Context, p *rules.Position, depth int) (int, error) {
	s.begin(ctx, p)
	defer s.end()
	v := s.alphaBeta(depth, -MateScore-1, MateScore+1, 0)
	if err := s.err(); err != nil {
		return 0, err
	}
	return v, nil
}

// BestMove returns the best move of the side to move of p by a depth-ply
// material search, and its score.
func (s *Solver) BestMove(ctx context.Context, p *rules.Position, depth int) (rules.Move, int, error) {
	s.begin(ctx, p)
	defer s.end()
	v := s.alphaBeta(max(depth, 1), -MateScore-1, MateScore+1, 0)
	if err := s.err(); err != nil {
		return rules.NullMove, 0, err
	}
	if s.e.pvLen[0] == 0 {
		return rules.NullMove, v, fmt.Errorf("engine: no legal move")
	}
	return s.e.pv[0][0], v, nil
}

// balance is the material of the side to move less the opponent's.
func (s *Solver) balance() int {
	p := s.e.b.p
	v := p.Variant()
	side := p.ToMove()
	total := 0
	for sq := 0; sq < v.Board.NumSquares(); sq++ {
		pc := p.At(rules.Square(sq))
		if pc == rules.NoPiece || pc.FaceDown() {
			continue
		}
		val := v.Kinds[pc.Kind()].Value
		if pc.Side() == side {
			total += val
		} else {
			total -= val
		}
	}
	return total
}

// victim is the value of the piece m takes, plus one; 0 for a quiet move.
func (s *Solver) victim(m rules.Move) int {
	if m.Flags&rules.FlagCapture == 0 {
		return 0
	}
	p := s.e.b.p
	pc := p.At(m.To)
	if pc == rules.NoPiece {
		return 0
	}
	return p.Variant().Kinds[pc.Kind()].Value + 1
}

// orderCaptures puts captures first, the most valuable victim first, and
// keeps the generator's order among equals.
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

// materialChild scores the legal move m of the side to move at ply for its
// opponent; see materialMove.
func (s *Solver) materialChild(m rules.Move, depth, alpha, beta, ply int) int {
	v, _ := s.materialMove(m, depth, alpha, beta, ply, -1)
	return v
}

// materialMove plays m if it is legal and scores the position after it for
// the side to move there: an ended game as a mate or a draw, else a search of
// depth plies (captures only at depth 0 and below, and when q >= 0: the
// quiescence ply). It reports whether m was legal.
func (s *Solver) materialMove(m rules.Move, depth, alpha, beta, ply, q int) (v int, legal bool) {
	b := s.e.b
	s.e.pvLen[ply+1] = ply + 1 // no line below an ended game
	end, ok := b.playLegal(m, b.p.ToMove())
	if !ok {
		return 0, false
	}
	defer b.unplay()
	switch end {
	case endDraw:
		return 0, true
	case endWin:
		return MateScore - (ply + 1), true
	case endLoss:
		return -MateScore + (ply + 1), true
	}
	if q >= 0 || depth <= 0 {
		return s.quiesce(alpha, beta, ply+1, q+1), true
	}
	return s.alphaBeta(depth, alpha, beta, ply+1), true
}

// alphaBeta is the material search of depth plies at ply.
func (s *Solver) alphaBeta(depth, alpha, beta, ply int) int {
	e := s.e
	e.pvLen[ply] = ply
	if e.tick() || ply >= maxPly {
		return 0
	}
	if depth <= 0 {
		return s.quiesce(alpha, beta, ply, 0)
	}
	moves, _ := e.genMoves(ply)
	s.orderCaptures(moves)
	best := -MateScore - 1
	legal := false
	for _, m := range moves {
		v, ok := s.materialMove(m, depth-1, -beta, -alpha, ply, -1)
		if !ok {
			continue
		}
		v = -v
		legal = true
		if e.aborted {
			return 0
		}
		if v > best {
			best = v
			e.setPV(ply, m)
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	if !legal {
		return s.noMoveScore(ply)
	}
	return best
}

// noMoveScore scores a position whose side to move has no legal move.
func (s *Solver) noMoveScore(ply int) int {
	if s.e.b.noMoveLoses() {
		return -MateScore + ply
	}
	return 0
}

// quiesce plays out the captures (and, in check, every evasion) at ply; q is
// the quiescence ply.
func (s *Solver) quiesce(alpha, beta, ply, q int) int {
	e := s.e
	e.pvLen[ply] = ply
	if e.tick() || ply >= maxPly {
		return 0
	}
	inCheck := e.b.p.InCheck()
	best := -MateScore - 1
	if !inCheck {
		stand := s.balance()
		if stand >= beta || q >= maxQuiet {
			return stand
		}
		best = stand
		alpha = max(alpha, stand)
	}
	moves, _ := e.genMoves(ply)
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
	legal := false
	for _, m := range moves {
		v, ok := s.materialMove(m, 0, -beta, -alpha, ply, q)
		if !ok {
			continue
		}
		v = -v
		legal = true
		if e.aborted {
			return 0
		}
		if v > best {
			best = v
			e.setPV(ply, m)
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	if inCheck && !legal {
		return s.noMoveScore(ply)
	}
	return best
}
