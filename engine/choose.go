package engine

import (
	"context"

	"github.com/chuhe/chuhe/rules"
)

// Choose finds a move for the side to move of g from what that side may know.
// In a game without secrets hidden from it this is Search.
func (e *Engine) Choose(ctx context.Context, g *rules.Game, lim Limits) (Result, error) {
	return e.Search(ctx, g, lim)
}
