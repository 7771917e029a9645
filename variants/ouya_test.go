package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestOuya is ouya.md "Test cases", one row per case (a case with two
// positions or two sides to move is two rows).
func TestOuya(t *testing.T) {
	v := mustVariant(t, "ouya")
	runBoardCases(t, v, []boardCase{
		{n: 1, fen: "4k4/9/9/3p5/2PP5/9/9/9/4K4 b", legal: "d6d5",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "d6d5")
				pieceAt(t, g.Position(), "d5", "p")
			}},
		{n: 2, fen: "4k4/9/9/3p5/2PP5/9/9/9/4K4 w", legal: "c5d6 c5c6", illegal: "d5d6",
			check: func(t *testing.T, g *rules.Game) {
				checkRefusal(t, g.Position(), "d5d6", "a chess pawn moves straight forward (two squares from rank 2) and takes one square diagonally forward")
			}},
		{n: 3, fen: "4k4/9/9/9/9/9/1p7/P8/4K4 w", legal: "a2a4 a2a3 a2b3",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "a2b3")
				p := g.Position()
				pieceAt(t, p, "b3", "P")
				if f := p.FEN(); strings.ContainsAny(f, "[]") || strings.Contains(f, "p") {
					t.Errorf("FEN %s: the captured pawn must be gone for good (no hand)", f)
				}
			}},
		{n: 4, fen: "4k4/9/9/9/9/9/1p7/P8/4K4 b", legal: "b3b2", illegal: "b3a2"},
		{n: 5, fen: "4k4/7P1/9/9/9/9/9/9/4K4 w", legal: "h8h9=Q h8h9=N h8h9=R h8h9=B", illegal: "h8h9",
			check: func(t *testing.T, g *rules.Game) {
				checkRefusal(t, g.Position(), "h8h9", "a pawn reaching h9 must promote: write h8h9=Q or h8h9=R or h8h9=B or h8h9=N")
				playAll(t, g, "h8h9=N")
				pieceAt(t, g.Position(), "h9", "N")
			}},
		{n: 6, fen: "4k2s1/9/9/9/9/2p1l1n2/9/9/K8 b", legal: "c4c3 c4c3+ e4e1+ g4f2+ h9g8 h9h8", illegal: "e4e1 g4f2 h9h7",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "c4c3+")
				pieceAt(t, g.Position(), "c3", "t")
			}},
		{n: 7, fen: "4k4/9/9/9/9/9/9/9/R3K2R1 w", legal: "e1g1 e1c1",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "e1g1")
				pieceAt(t, g.Position(), "g1", "K")
				pieceAt(t, g.Position(), "f1", "R")
				pieceAt(t, g.Position(), "h1", "")
			}},
		{n: 8, fen: "4k4/9/9/9/9/2b6/9/9/4K2R1 w", illegal: "e1g1",
			check: func(t *testing.T, g *rules.Game) {
				checkRefusal(t, g.Position(), "e1g1", "the king may not castle through or into check: f1 is attacked")
			}},
		{n: 9, fen: "4k4/9/9/9/9/9/1g7/2s6/K8 w",
			check: func(t *testing.T, g *rules.Game) {
				wantOutcome(t, g, rules.Outcome{Over: true, Draw: true, Reason: rules.ReasonStalemate})
			}},
		{n: 10, fen: "8k/6Q2/8K/9/9/9/9/9/9 b",
			check: func(t *testing.T, g *rules.Game) {
				wantOutcome(t, g, rules.Outcome{Over: true, Winner: rules.Red, Reason: rules.ReasonStalemate})
			}},
		{n: 11, fen: "1n2k4/9/9/9/9/9/9/9/4K4 b", legal: "b9a7 b9c7", illegal: "b9b7 b9d8",
			check: func(t *testing.T, g *rules.Game) {
				checkRefusal(t, g.Position(), "b9b7", "the shogi knight (桂) only jumps two squares forward and one to the side (forward is towards rank 1)")
			}},
		{n: 12, fen: "4k4/9/9/9/9/4d4/9/9/4K4 w", legal: "e1d1 e1f2", illegal: "e1e2",
			check: func(t *testing.T, g *rules.Game) {
				if !g.Position().InCheck() {
					t.Error("the dragon on e4 should check the king on e1")
				}
			}},
	})
}

// wantOutcome checks the game's outcome.
func wantOutcome(t *testing.T, g *rules.Game, want rules.Outcome) {
	t.Helper()
	o := g.Outcome()
	if o.Over != want.Over || o.Draw != want.Draw || o.Winner != want.Winner || o.Reason != want.Reason {
		t.Errorf("outcome %+v, want %+v", o, want)
	}
}

func TestOuyaPerftQuick(t *testing.T) {
	v := mustVariant(t, "ouya")
	p := mustPosition(t, v, OuyaStart)
	for d := 1; d <= 3; d++ {
		t.Logf("depth %d: %d", d, p.Perft(d))
	}
}
