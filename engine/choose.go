package engine

import (
	"context"
	"time"

	"github.com/chuhe/chuhe/rules"
)

// Samples is how many positions Choose searches in a game with pieces hidden
// from the side to move.
const Samples = 6

// Choose finds a move for the side to move of g from what that side may know.
// In a game without pieces hidden from it, this is Search. Otherwise it never
// looks at the true secrets: it searches Samples positions drawn from what the
// side to move may know (rules.Game.Sample, with the engine's Rand), each with
// a share of the limits and without the game's history (repetition is not
// looked at), and plays the move most of them chose (ties: the better summed
// score). The move is checked against the game's rules at the end, as a
// player's would be.
func (e *Engine) Choose(ctx context.Context, g *rules.Game, lim Limits) (Result, error) {
	pos := g.Position()
	me := pos.ToMove()
	if !g.HiddenFrom(me) {
		return e.Search(ctx, g, lim)
	}
	if g.Outcome().Over {
		return Result{}, ErrNoMove
	}
	sub := shareLimits(lim, Samples)
	type tally struct {
		votes int
		sum   int
		res   Result
	}
	var order []rules.Move
	tallies := map[rules.Move]*tally{}
	var nodes int64
	start := time.Now()
	for i := 0; i < Samples; i++ {
		if ctx.Err() != nil && len(order) > 0 {
			break
		}
		sp := g.Sample(me, e.rng)
		res, err := e.SearchPosition(ctx, sp, sub)
		if err != nil {
			continue // a drawn position where the side to move has no move
		}
		nodes += res.Nodes
		t := tallies[res.Move]
		if t == nil {
			t = &tally{res: res}
			tallies[res.Move] = t
			order = append(order, res.Move)
		}
		t.votes++
		t.sum += res.Score
	}
	var best *tally
	for _, m := range order {
		t := tallies[m]
		if !g.Legal(m) || g.Refuses(m) != nil {
			continue // the game would refuse it, as it would a player's (a perpetual chase)
		}
		if best == nil || t.votes > best.votes || t.votes == best.votes && t.sum > best.sum {
			best = t
		}
	}
	if best == nil {
		// No drawn position gave a move the game allows: the first legal one.
		ms := pos.LegalMoves(nil)
		if len(ms) == 0 {
			return Result{}, ErrNoMove
		}
		pick := ms[0]
		for _, m := range ms {
			if g.Refuses(m) == nil {
				pick = m
				break
			}
		}
		return Result{Move: pick, Nodes: nodes, Time: time.Since(start)}, nil
	}
	r := best.res
	r.Score = best.sum / best.votes
	r.Nodes, r.Time = nodes, time.Since(start)
	return r, nil
}

// shareLimits is one of n equal shares of lim (depth is not shared).
func shareLimits(lim Limits, n int) Limits {
	out := Limits{Depth: lim.Depth}
	if lim.Nodes > 0 {
		out.Nodes = max(lim.Nodes/int64(n), 1)
	}
	switch {
	case lim.MoveTime > 0:
		out.MoveTime = lim.MoveTime / time.Duration(n)
	case lim.Time > 0 || lim.Inc > 0:
		moves := lim.MovesToGo
		if moves <= 0 || moves > 30 {
			moves = 30
		}
		budget := lim.Time/time.Duration(moves) + lim.Inc*3/4
		budget = min(budget, max(lim.Time-50*time.Millisecond, lim.Time/2))
		out.MoveTime = max(budget/time.Duration(n), time.Millisecond)
	}
	return out
}
