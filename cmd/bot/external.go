package main

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"sync"
	"time"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/engine/match"
	"github.com/chuhe/chuhe/rules"
)

// uciMover is an external UCI engine (engine.uci.path) playing standard
// xiangqi at the bot's level 9 (bot.ExternalLevel). One process serves every
// game, one search at a time; a process that fails is started again at the
// next move.
type uciMover struct {
	path string
	opts [][2]string
	log  *slog.Logger

	mu  sync.Mutex
	opp *match.Opponent
}

func newUCIMover(c UCIConfig, log *slog.Logger) *uciMover {
	m := &uciMover{path: c.Path, log: log}
	keys := make([]string, 0, len(c.Options))
	for k := range c.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		m.opts = append(m.opts, [2]string{k, c.Options[k]})
	}
	return m
}

// Move implements bot.Mover: the game's start FEN and moves go to the engine,
// with a time share of lim as "movetime".
func (u *uciMover) Move(ctx context.Context, g *rules.Game, level int, lim engine.Limits) (engine.Result, error) {
	if g.Variant().Slug != "xiangqi" {
		return engine.Result{}, fmt.Errorf("uci engine: plays xiangqi only, not %s", g.Variant().Slug)
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.opp == nil {
		opp, err := match.StartOpponentWith(context.WithoutCancel(ctx), "xiangqi", u.opts, u.path)
		if err != nil {
			return engine.Result{}, fmt.Errorf("uci engine %s: %w", u.path, err)
		}
		u.opp = opp
	}
	start := time.Now()
	m, err := u.opp.Move(ctx, g, moveTime(lim))
	if err != nil {
		_ = u.opp.Close()
		u.opp = nil
		return engine.Result{}, fmt.Errorf("uci engine %s: %w", u.path, err)
	}
	return engine.Result{Move: m, Time: time.Since(start)}, nil
}

// moveTime is the time an external engine gets for one move within lim: the
// fixed time, or a share of the clock as the bot's own search takes it.
func moveTime(lim engine.Limits) time.Duration {
	switch {
	case lim.MoveTime > 0:
		return lim.MoveTime
	case lim.Time > 0 || lim.Inc > 0:
		t := lim.Time/30 + lim.Inc*3/4
		return max(min(t, lim.Time/2), 20*time.Millisecond)
	}
	return time.Second
}

// Close ends the engine's process.
func (u *uciMover) Close() {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.opp != nil {
		if err := u.opp.Close(); err != nil {
			u.log.Debug("uci engine stopped", "err", err)
		}
		u.opp = nil
	}
}
