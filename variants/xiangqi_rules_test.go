package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestXiangqiPieceRules is xiangqi.md §11.2, one row per test case.
func TestXiangqiPieceRules(t *testing.T) {
	v := mustXiangqi(t)
	cases := []struct {
		name     string
		fen      string
		pre      string // moves played first
		legal    string
		illegal  string
		complete bool // legal is the complete list
		inCheck  bool
	}{
		{name: "1 horse leg blocked by own elephant", fen: XiangqiStart,
			legal: "b0a2 b0c2 h0g2 h0i2", illegal: "b0d1 h0f1"},
		{name: "2 horse leg blocked by enemy soldier", fen: "4k4/9/9/9/9/4p4/4N4/9/9/3K5 w",
			legal: "e3c4 e3c2 e3g4 e3g2 e3d1 e3f1 d0d1 d0e0", illegal: "e3d5 e3f5", complete: true},
		{name: "3 horse captures with free leg", fen: "4k4/9/9/9/3n5/3p5/4N4/9/9/3K5 w", legal: "e3d5"},
		{name: "4 horse attacks are not symmetric", fen: "4k4/9/9/9/3n5/3p5/4N4/9/9/3K5 b",
			legal: "d5b4 d5b6 d5c7 d5e7 d5f4 d5f6", illegal: "d5e3"},
		{name: "5 elephant eye occupied", fen: "4k4/9/9/9/9/9/9/9/5K3/6B2 w",
			legal: "g0i2 f1f0 f1f2", illegal: "g0e2", complete: true},
		{name: "6 elephant may not cross the river", fen: "4k4/9/9/9/9/2B6/9/9/9/3K5 w",
			legal: "c4a2 c4e2 d0d1", illegal: "c4a6 c4e6", complete: true},
		{name: "7 cannon", fen: XiangqiStart,
			legal: "h2h9 b2b9 h2e2 h2h1", illegal: "h2h7 h2h0 h2a2"},
		{name: "8 cannon jumps own soldier", fen: XiangqiStart, pre: "h2e2 h9g7",
			legal: "e2e6", illegal: "e2e7 e2e9"},
		{name: "9 flying general", fen: "3k5/9/9/9/9/9/9/9/9/4K4 w",
			legal: "e0e1 e0f0", illegal: "e0d0", complete: true},
		{name: "10 horse is the only blocker between the kings", fen: "4k4/9/9/9/4n4/9/9/9/9/4K4 b",
			legal: "e9d9 e9e8 e9f9", illegal: "e5c4 e5d7 e5f7 e5g6 e5g4 e5d3 e5f3 e5c6", complete: true},
		{name: "11 pin by rook", fen: "3k5/9/9/9/9/4r4/9/9/4R4/4K4 w",
			legal: "e1e2 e1e3 e1e4 e0f0", illegal: "e1a1 e0d0", complete: true},
		{name: "12 pinned soldier still gives check", fen: "4k4/9/9/9/9/9/9/9/4p4/4K4 w",
			legal: "e0d0 e0f0", illegal: "e0e1", complete: true, inCheck: true},
		{name: "13 cannon check answered by moving the screen", fen: "4k4/4a4/9/9/4C4/9/9/9/9/4K4 b",
			legal: "e8d7 e8d9 e8f7 e8f9 e9d9 e9f9", complete: true, inCheck: true},
		{name: "14 king in palace", fen: "4k4/9/9/9/9/9/9/9/9/3K5 w",
			legal: "d0d1", illegal: "d0c0 d0e0", complete: true},
		{name: "15 advisor only on palace diagonals", fen: "4k4/9/9/9/9/9/9/9/4A4/3K5 w",
			legal: "e1d2 e1f2 e1f0 d0d1 d0e0", illegal: "e1e2 e1d0 e1c3", complete: true},
		{name: "16 soldier before the river", fen: "4k4/9/9/9/9/9/2P6/9/9/3K5 w",
			legal: "c3c4 d0d1", illegal: "c3b3 c3d3 c3c2", complete: true},
		{name: "17 soldier after the river", fen: "4k4/9/9/9/2P6/9/9/9/9/3K5 w",
			legal: "c5c6 c5b5 c5d5 d0d1", illegal: "c5c4", complete: true},
		{name: "18 soldier on the last rank moves sideways only", fen: "2P1k4/9/9/9/9/9/9/9/9/3K5 w",
			legal: "c9b9 c9d9 d0d1", illegal: "c9c8", complete: true},
		{name: "19 black soldier after the river", fen: "4k4/9/9/9/9/4p4/9/9/9/3K5 b",
			legal: "e4e3 e4d4 e4f4 e9e8 e9f9", illegal: "e4e5 e9d9", complete: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := rules.NewGame(v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			playAll(t, g, c.pre)
			p := g.Position()
			got := checkMoves(t, p, c.legal, c.illegal)
			if want := strings.Fields(c.legal); c.complete && len(got) != len(want) {
				t.Errorf("got %d legal moves %v, want exactly %v", len(got), got, want)
			}
			if p.InCheck() != c.inCheck {
				t.Errorf("InCheck = %v, want %v", p.InCheck(), c.inCheck)
			}
		})
	}
}

// TestXiangqiEndOfGame is xiangqi.md §11.3.
func TestXiangqiEndOfGame(t *testing.T) {
	v := mustXiangqi(t)
	rep := "a8a9 e9e8 a9b9 h9g7 b9b8 e8e9 b8a8 g7h9"
	cases := []struct {
		name  string
		fen   string
		moves string
		want  rules.Outcome
	}{
		{"20 checkmate", "3k5/9/3R5/9/9/9/9/9/9/4K4 b", "", rules.Win(rules.Red, rules.ReasonCheckmate)},
		{"21 stalemate loses", "3k5/4R4/9/9/9/9/9/9/9/4K4 b", "", rules.Win(rules.Red, rules.ReasonStalemate)},
		{"22 mate beats the move limit", "3k5/9/R8/9/9/9/9/9/9/4K4 w - - 119 80", "a7d7", rules.Win(rules.Red, rules.ReasonCheckmate)},
		{"23 120 plies without capture draw", "5k2r/9/9/9/p8/9/9/9/9/R2K5 w - - 119 80", "a0a1", rules.Drawn(rules.ReasonMoveLimit)},
		{"24 a capture resets the clock", "5k2r/9/9/9/p8/9/9/9/9/R2K5 w - - 119 80", "a0a5", rules.Outcome{}},
		{"25 insufficient material", "3P1k3/4a4/9/9/9/9/9/9/9/4K4 b", "e8d9", rules.Drawn(rules.ReasonMaterial)},
		// The victim completes the third occurrence: the checker must change now
		// (its next check is refused: TestArbiterInPlay).
		{"26 perpetual check: the checker must change", "4k4/R8/9/9/9/9/9/9/9/3K5 w", "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9",
			rules.Outcome{}},
		{"27 check and idle draws", "4k2n1/R8/9/9/9/9/9/9/9/3K5 w", rep + " " + rep, rules.Drawn(rules.ReasonRepetition)},
		{"28 repetition without checks draws", "5k2r/9/9/9/9/9/9/9/9/R2K5 w", "d0d1 f9f8 d1d0 f8f9 d0d1 f9f8 d1d0 f8f9",
			rules.Drawn(rules.ReasonRepetition)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := rules.NewGame(v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			moves := strings.Fields(c.moves)
			for i, text := range moves {
				if g.Outcome().Over {
					t.Fatalf("game ended early after %d plies: %+v", i, g.Outcome())
				}
				playAll(t, g, text)
			}
			if got := g.Outcome(); got != c.want {
				t.Errorf("outcome = %+v, want %+v", got, c.want)
			}
			if c.name[:2] == "24" && g.Position().Halfmove() != 0 {
				t.Errorf("capture clock = %d, want 0", g.Position().Halfmove())
			}
		})
	}
	t.Run("29 resignation", func(t *testing.T) {
		g, _ := rules.NewGame(v, "")
		g.End(rules.Win(rules.Red, rules.ReasonResignation))
		if o := g.Outcome(); !o.Over || o.Winner != rules.Red || o.Result() != "1-0" {
			t.Errorf("outcome = %+v", o)
		}
		if err := g.Play(rules.Move{}); err != rules.ErrGameOver {
			t.Errorf("move after the end: %v, want ErrGameOver", err)
		}
	})
	t.Run("30 draw by agreement", func(t *testing.T) {
		g, _ := rules.NewGame(v, "")
		g.End(rules.Drawn(rules.ReasonAgreement))
		if o := g.Outcome(); o.Result() != "1/2-1/2" {
			t.Errorf("outcome = %+v", o)
		}
	})
}

// TestXiangqiExplain checks that refusals say why, ready to show a user.
func TestXiangqiExplain(t *testing.T) {
	v := mustXiangqi(t)
	cases := []struct{ fen, move, reason string }{
		{XiangqiStart, "b0d1", "the horse's leg on c0 is blocked"},
		{XiangqiStart, "e4e5", "there is no piece on e4"},
		{XiangqiStart, "h9g7", "the horse on h9 is Black's; it is Red's turn"},
		{XiangqiStart, "a0b0", "b0 is occupied by your own horse"},
		{XiangqiStart, "h2h7", "the cannon captures only by jumping over exactly 1 piece(s); there are 0 in between"},
		{XiangqiStart, "a0a5", "the way is blocked by the piece on a3"},
		{XiangqiStart, "c3d3", "the soldier may do that only after crossing the river"},
		{"4k4/9/9/9/9/2B6/9/9/9/3K5 w", "c4e6", "the elephant must stay on its own side of the river"},
		{"4k4/9/9/9/9/9/9/9/9/3K5 w", "d0c0", "the general must stay inside its palace"},
		{"3k5/9/9/9/9/9/9/9/9/4K4 w", "e0d0", "the two generals would face each other on an open file"},
		{"3k5/9/9/9/9/4r4/9/9/4R4/4K4 w", "e1a1", "it would leave your general in check"},
		{"4k4/9/9/9/9/9/9/9/4p4/4K4 w", "e0e1", "the two generals would face each other on an open file"},
		{"4k4/9/9/9/9/9/2P6/9/9/3K5 w", "c3c2", "a soldier does not move like that"},
	}
	for _, c := range cases {
		t.Run(c.move, func(t *testing.T) {
			checkRefusal(t, mustPosition(t, v, c.fen), c.move, c.reason)
		})
	}
}
