package engine

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// flipFEN mirrors a xiangqi FEN top to bottom and swaps the colours and the side
// to move: the same position seen from the other side.
func flipFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	board := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return r
	}, strings.Join(ranks, "/"))
	side := "b"
	if f[1] == "b" {
		side = "w"
	}
	return board + " " + side + " " + strings.Join(f[2:], " ")
}

// TestEvalIsColourBlind: a position and its colour-flipped mirror get the same
// score for the side to move. (A search's score may differ a little: moves are
// generated in square order, and the prunings depend on the order.)
func TestEvalIsColourBlind(t *testing.T) {
	v := xiangqi(t)
	rng := rand.New(rand.NewPCG(5, 6))
	ev := newEvaluator(v)
	for game := 0; game < 20; game++ {
		p := position(t, v.StartFEN)
		for ply := 0; ply < 60; ply++ {
			legal := p.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			p.Make(legal[rng.IntN(len(legal))])
			q, err := rules.NewPosition(v, flipFEN(p.FEN()))
			if err != nil {
				t.Fatalf("flip %s: %v", p.FEN(), err)
			}
			if a, b := ev.eval(p), ev.eval(q); a != -b {
				t.Fatalf("eval %s = %d, of its mirror %s = %d", p.FEN(), a, q.FEN(), b)
			}
		}
	}
}
