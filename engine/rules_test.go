package engine

import (
	"context"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestNoPerpetualCheckLoss: Red has checked with every move while the same
// positions came back; checking once more repeats a position a third time,
// which loses under the perpetual-check rule. The engine, a rook up, must play
// on another way.
func TestNoPerpetualCheckLoss(t *testing.T) {
	v := xiangqi(t)
	line := []string{"i0i9", "e9e8", "i9i8", "e8e9", "i8i9", "e9e8", "i9i8", "e8e9"}
	g, err := rules.Replay(v, "4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1", line)
	if err != nil {
		t.Fatal(err)
	}
	// The test can fail: the checking move loses at once.
	lose, err := rules.Replay(v, "4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1", append(line, "i8i9"))
	if err != nil {
		t.Fatal(err)
	}
	if o := lose.Outcome(); !o.Over || o.Winner != rules.Black || o.Reason != rules.ReasonPerpetual {
		t.Fatalf("i8i9 should lose by perpetual check, outcome %+v", o)
	}
	for _, lim := range []Limits{{Depth: 1}, {Depth: 4}, {Depth: 8}} {
		e := NewEngine(Config{TableBits: 16})
		res, err := e.Search(context.Background(), g, lim)
		if err != nil {
			t.Fatal(err)
		}
		if got := rules.FormatCoord(g.Position(), res.Move); got == "i8i9" {
			t.Errorf("depth %d: plays the losing perpetual check %s (score %d)", lim.Depth, got, res.Score)
		}
		if res.Score < 300 {
			t.Errorf("depth %d: score %d, want Red clearly better", lim.Depth, res.Score)
		}
	}
}

// TestRepetitionRule: the adapter scores a cycle of checks as a loss for the
// checking side and a quiet cycle as a draw.
func TestRepetitionRule(t *testing.T) {
	p := position(t, "4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1")
	b := newBoard(p, nil)
	play := func(text string) endKind {
		t.Helper()
		m, err := rules.ParseCoord(p, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		return b.play(m)
	}
	var ends []endKind
	for _, text := range []string{"i0i9", "e9e8", "i9i8", "e8e9", "i8i9"} {
		ends = append(ends, play(text))
	}
	// After i8i9 the position after i0i9 is back, Red checking all along: the
	// side to move (Black) has won.
	if ends[4] != endWin {
		t.Errorf("checking cycle: %v, want a win for the side to move", ends)
	}
	for range ends {
		b.unplay()
	}
	if p.FEN() != "4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1" {
		t.Errorf("unplay left %s", p.FEN())
	}
	// Quiet cycle: the rook goes back and forth without check, the general too.
	ends = ends[:0]
	for _, text := range []string{"i0h0", "e9e8", "h0i0", "e8e9"} {
		ends = append(ends, play(text))
	}
	if ends[3] != endDraw {
		t.Errorf("quiet cycle: %v, want a draw at the return", ends)
	}
}

// TestSearchAllocatesNothingPerNode: a deeper search visits many times the
// nodes of a shallow one with (almost) the same allocations: those of the root.
func TestSearchAllocatesNothingPerNode(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	v := xiangqi(t)
	p := position(t, v.StartFEN)
	e := NewEngine(Config{TableBits: 16})
	measure := func(depth int) (float64, int64) {
		var nodes int64
		allocs := testing.AllocsPerRun(2, func() {
			e.NewGame()
			res, err := e.SearchPosition(context.Background(), p, Limits{Depth: depth})
			if err != nil {
				t.Fatal(err)
			}
			nodes = res.Nodes
		})
		return allocs, nodes
	}
	a3, n3 := measure(3)
	a6, n6 := measure(6)
	t.Logf("depth 3: %.0f allocs, %d nodes; depth 6: %.0f allocs, %d nodes", a3, n3, a6, n6)
	if n6 < 10*n3 {
		t.Fatalf("depth 6 searched %d nodes, depth 3 %d: want ten times more", n6, n3)
	}
	if a6 > a3+12 {
		t.Errorf("allocations grow with the nodes: %.0f at depth 3, %.0f at depth 6", a3, a6)
	}
}
