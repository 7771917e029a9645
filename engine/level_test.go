package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// playOut plays a game between two engines from the given moves, each search
// bounded by depth and nodes (no clock: the game repeats exactly), and returns
// the outcome; a game longer than maxPlies is drawn.
func playOut(t *testing.T, red, black *Engine, opening []string, maxPlies int) rules.Outcome {
	t.Helper()
	g, err := rules.Replay(xiangqi(t), "", opening)
	if err != nil {
		t.Fatal(err)
	}
	for g.Ply() < maxPlies && !g.Outcome().Over {
		e := red
		if g.Position().ToMove() == rules.Black {
			e = black
		}
		res, err := e.Search(context.Background(), g, Limits{Depth: 4, Nodes: 40_000})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(res.Move); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Outcome().Over {
		return rules.Drawn(rules.ReasonMoveLimit)
	}
	return g.Outcome()
}

// TestLevelsAreOrdered: level 6 beats level 1, with either colour.
func TestLevelsAreOrdered(t *testing.T) {
	if small() {
		t.Skip("plays whole games")
	}
	weak := NewEngine(Config{TableBits: 16, Level: 1, Rand: rand.New(rand.NewPCG(3, 4))})
	strong := NewEngine(Config{TableBits: 16, Level: 6})
	score := 0.0
	for i, opening := range [][]string{{"h2e2", "h9g7"}, {"c3c4", "g6g5"}} {
		for _, strongRed := range []bool{true, false} {
			red, black := weak, strong
			if strongRed {
				red, black = strong, weak
			}
			o := playOut(t, red, black, opening, 200)
			switch {
			case o.Draw:
				score += 0.5
			case (o.Winner == rules.Red) == strongRed:
				score++
			}
			t.Logf("opening %d, level 6 red %v: %s %s", i+1, strongRed, o.Result(), o.Reason)
		}
	}
	if score < 3.5 {
		t.Errorf("level 6 scored %.1f of 4 against level 1", score)
	}
}

// TestNoiseComesFromTheInjectedRand: level 1 repeats its choices with the same
// seed and varies them with another.
func TestNoiseComesFromTheInjectedRand(t *testing.T) {
	g, err := rules.NewGame(xiangqi(t), "")
	if err != nil {
		t.Fatal(err)
	}
	choices := func(seed uint64) []rules.Move {
		e := NewEngine(Config{TableBits: 12, Level: 1, Rand: rand.New(rand.NewPCG(seed, 1))})
		var out []rules.Move
		for i := 0; i < 12; i++ {
			res, err := e.Search(context.Background(), g, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, res.Move)
		}
		return out
	}
	a, b, c := choices(1), choices(1), choices(2)
	same := func(x, y []rules.Move) bool {
		for i := range x {
			if x[i] != y[i] {
				return false
			}
		}
		return true
	}
	if !same(a, b) {
		t.Errorf("same seed, other choices: %v vs %v", a, b)
	}
	if same(a, c) {
		t.Errorf("other seed, same choices: %v", a)
	}
	distinct := map[rules.Move]bool{}
	for _, m := range a {
		distinct[m] = true
	}
	if len(distinct) < 3 {
		t.Errorf("level 1 chose only %d distinct first moves in 12 tries", len(distinct))
	}
}
