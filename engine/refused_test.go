package engine

import (
	"context"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestSearchNeverPlaysARefusedMove: the search scores repetitions itself, but
// the arbiter's perpetual-chase rule is the game's to apply: Search must not
// return a move Game.Play would refuse. The position repeats the chase of
// variants' TestArbiterInPlay: b2a2 would chase the chariot a third time.
func TestSearchNeverPlaysARefusedMove(t *testing.T) {
	v := xiangqi(t)
	g, err := rules.NewGame(v, "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7"} {
		m, err := rules.ParseCoord(g.Position(), s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	chase, err := rules.ParseCoord(g.Position(), "b2a2")
	if err != nil {
		t.Fatal(err)
	}
	if g.Refuses(chase) == nil {
		t.Fatal("the arbiter takes b2a2; the test's premise is gone")
	}
	chosenBlind := false
	for depth := 1; depth <= 4; depth++ {
		e := NewEngine(Config{})
		res, err := e.Search(context.Background(), g, Limits{Depth: depth})
		if err != nil {
			t.Fatal(err)
		}
		if res.Move == chase {
			t.Errorf("depth %d: Search chose b2a2, which the game refuses", depth)
		}
		if err := g.Refuses(res.Move); err != nil {
			t.Errorf("depth %d: the game refuses the chosen move %s: %v", depth, rules.FormatCoord(g.Position(), res.Move), err)
		}
		// The same search without the game's arbiter (only its history).
		p, hist, err := gameHistory(g)
		if err != nil {
			t.Fatal(err)
		}
		blind, err := NewEngine(Config{}).run(context.Background(), p, hist, Limits{Depth: depth})
		if err != nil {
			t.Fatal(err)
		}
		chosenBlind = chosenBlind || blind.Move == chase
	}
	if !chosenBlind {
		t.Log("the search would not have chosen b2a2 even without the arbiter at these depths")
	}
}
