package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// TestLuzhan is luzhan.md "Test cases", one row per case (sub-cases get the
// case number times ten plus a letter's index).
func TestLuzhan(t *testing.T) {
	v := mustVariant(t, "luzhan")
	wins := func(s rules.Side) func(t *testing.T, g *rules.Game) {
		return func(t *testing.T, g *rules.Game) {
			t.Helper()
			if o := g.Outcome(); !o.Over || o.Winner != s || o.Reason != rules.ReasonVariantGoal {
				t.Errorf("outcome %+v, want a win by the goal for %v", o, s)
			}
		}
	}
	runBoardCases(t, v, []boardCase{
		{n: 1, fen: "11/11/6j4/11/11/11/11/11/11/5J5/11/11 w", legal: "f2f3 f2e2", illegal: "f2e3 f2g1 f2g2"},
		{n: 2, fen: "11/11/6j4/11/11/11/11/11/11/11/5J5/11 w", legal: "f1e2 f1e1", illegal: "f1g2 f1d1 f1f0"},
		{n: 3, fen: "11/11/6j4/11/11/11/11/11/11/5Y5/4J1Y4/11 w", legal: "g1f1 f2e2 f2g3 f2e3", illegal: "g1g2 f2f3 g1h1"},
		{n: 4, fen: "11/11/6j4/5g5/4ggg4/11/11/11/11/5S5/4J6/11 w", illegal: "f2f7",
			check: func(t *testing.T, g *rules.Game) {
				checkRefusal(t, g.Position(), "f2f7", "a division (師) may not capture a piece with 3 or more supporters: "+
					"the visible piece on f7 has 3 visible neighbours of its side (g7, e7, f8)")
			}},
		{n: 41, fen: "11/11/6j4/11/4ggg4/11/11/11/11/5S5/4J6/11 w", legal: "f2f7",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "f2f7")
				pieceAt(t, g.Position(), "f7", "S")
			}},
		{n: 5, fen: "3ddzf4/11/6j4/3WW6/11/11/5S5/11/11/11/4J6/11 w", legal: "f5f11 d8d11", illegal: "e8e11",
			check: func(t *testing.T, g *rules.Game) {
				checkRefusal(t, g.Position(), "e8e11", "a platoon (排) may not capture a piece with 2 or more supporters: "+
					"the hidden piece on e11 has 2 hidden neighbours of its side (f11, d11)")
				playAll(t, g, "f5f11")
				p := g.Position()
				pieceAt(t, p, "f11", "")
				pieceAt(t, p, "f5", "")
				if f := g.Report().Facts; len(f) != 1 || !strings.Contains(f[0].Text, "on f11 was a bomb") {
					t.Errorf("facts %+v", f)
				}
				playAll(t, g, "g9g10 d8d11")
				pieceAt(t, g.Position(), "d11", "")
				pieceAt(t, g.Position(), "d8", "")
			}},
		{n: 6, fen: "3d7/2qq7/6j4/11/3W7/11/11/11/11/11/4J6/11 w", legal: "d7d10"},
		{n: 61, fen: "3d7/2qqy6/6j4/11/3W7/11/11/11/11/11/4J6/11 w", illegal: "d7d10"},
		// The spec's row has three Red 師 (two is the most); the third, on h3,
		// is a 團 here, which moves the same (docs/variants/luzhan.md, D10).
		{n: 7, fen: "3zdfdz3/11/6j4/11/11/11/5S1S3/11/7T3/11/4J6/11 w", legal: "f5f11 h5h11",
			check: func(t *testing.T, g *rules.Game) {
				h := g.Position()
				gh, _ := rules.NewGame(v, h.FEN())
				playAll(t, g, "f5f11")
				wins(rules.Red)(t, g)
				playAll(t, gh, "h5h11 g9g8")
				checkMoves(t, gh.Position(), "h3h10", "h3h11")
				checkRefusal(t, gh.Position(), "h3h11",
					"an empty point of the enemy last-defense line cannot be entered: a piece goes there only to capture a hidden piece")
			}},
		{n: 8, fen: "11/11/6j4/11/11/11/11/11/3S7/11/4J6/4DF5 w", legal: "d3d1", illegal: "d3d0",
			check: func(t *testing.T, g *rules.Game) {
				checkRefusal(t, g.Position(), "d3d0", "your pieces never enter your own last-defense line")
				checkRefusal(t, g.Position(), "e0e1", "hidden pieces never move: they wait on their last-defense line to be captured")
			}},
		{n: 9, fen: "11/11/6j4/11/11/11/11/3G7/3L7/11/4J6/11 w", legal: "d3g4 d3a4 d3a2 d3b4", illegal: "d3e5 d3e6 d3c5"},
		{n: 10, fen: "11/11/1l4j4/wst8/11/11/1G9/11/11/1T9/4J6/11 w", legal: "b2b4", illegal: "b2b8 b2b6"},
		{n: 101, fen: "11/11/6j4/wst8/11/11/1G9/11/11/1T9/4J6/11 w", legal: "b2b8"},
		{n: 11, fen: "11/11/6j4/11/11/11/11/11/3Q7/11/4J6/11 w", legal: "d3f5 d3g6 d3f1 d3b1", illegal: "d3e4 d3g0 d3a0"},
		{n: 111, fen: "11/11/6j4/11/11/11/11/4G6/3Q7/11/4J6/11 w", illegal: "d3f5 d3g6"},
		{n: 12, fen: "11/11/6j4/11/11/11/11/11/11/11/W3J6/11 w", legal: "a1a3 a1a4 a1c1 a1d1", illegal: "a1a2"},
		{n: 121, fen: "11/11/6j4/11/11/11/11/10W/W10/11/4J6/11 w", legal: "a3a7 a3a8 k4k8 k4k9", illegal: "a3a5 k4k6"},
		{n: 13, fen: "11/11/6j4/11/11/2G8/11/GG9/11/11/4J6/11 w", legal: "b4b5 b4c4 a4a7 c6c7 c6d7 c6b7 c6b6",
			illegal: "b4c5 b4b3 b4a4 c6c5"},
		{n: 14, fen: "11/11/6j4/11/11/11/1S9/11/11/S10/4J6/11 w", legal: "a2a8", illegal: "a2a5 b5a5"},
		{n: 15, fen: "11/11/6j4/11/11/11/11/11/4w6/11/3GJY5/11 w", illegal: "f1g1 d1d2",
			check: func(t *testing.T, g *rules.Game) {
				if g.Position().InCheck() {
					t.Error("a 排 gives no check to a 軍 with two visible supporters")
				}
				checkRefusal(t, g.Position(), "f1g1", "it would leave your general in check")
			}},
		{n: 16, fen: "11/5j5/11/11/11/11/11/11/11/11/4J6/11 w", legal: "e1e2", illegal: "e1f1"},
	})
}

// TestLuzhanCheckObeysLimits: the same 排 checks once a supporter leaves.
func TestLuzhanCheckObeysLimits(t *testing.T) {
	v := mustVariant(t, "luzhan")
	p := mustPosition(t, v, "11/11/6j4/11/11/11/11/11/4w6/11/3GJ6/11 w")
	if !p.InCheck() {
		t.Error("a 軍 with one visible supporter is in check from the 排 two points away")
	}
}

// TestLuzhanSetup: the arrangement is asked of each side, checked, and applied.
func TestLuzhanSetup(t *testing.T) {
	v := mustVariant(t, "luzhan")
	cs := SecretChoices(v)
	if len(cs) != 2 || !strings.Contains(cs[0].Prompt, "d0-h0") || !strings.Contains(cs[1].Prompt, "d11-h11") {
		t.Fatalf("choices %+v", cs)
	}
	for _, bad := range []string{"", "ZZZDF", "ZDFD", "ZDFDZX", "real e0"} {
		if err := CheckSecret(v, "", rules.Red, bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	start, err := ApplySecrets(v, "", "zdfdz", "FZZDD")
	if err != nil {
		t.Fatal(err)
	}
	p := mustPosition(t, v, start)
	for sq, want := range map[string]string{"d0": "Z", "f0": "F", "h0": "Z", "d11": "f", "e11": "z", "h11": "d"} {
		pieceAt(t, p, sq, want)
	}
	if pub := p.PublicFEN(); !strings.HasPrefix(pub, "3uuuuu3/") || !strings.Contains(pub, "/3UUUUU3") {
		t.Errorf("public FEN %s", pub)
	}
	if own := p.ViewFEN(rules.RedAudience); !strings.Contains(own, "/3ZDFDZ3") || !strings.HasPrefix(own, "3uuuuu3/") {
		t.Errorf("Red's view %s", own)
	}
	rnd := newRand(3)
	for i := 0; i < 20; i++ {
		if err := CheckSecret(v, "", rules.Black, DefaultSecret(v, rules.Black, rnd)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLuzhanPerft records the start counts from a fixed arrangement (the
// spec gives none); TestLuzhanPerftCrossCheck confirms them independently.
func TestLuzhanPerft(t *testing.T) {
	v := mustVariant(t, "luzhan")
	p := mustPosition(t, v, luzhanFixedStart(t, v))
	want := []uint64{1, luzhanPerft[0], luzhanPerft[1], luzhanPerft[2]}
	depth := 3
	if small() {
		depth = 2
	}
	fen := p.FEN()
	for d := 1; d <= depth; d++ {
		if got := p.Perft(d); got != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d])
		}
	}
	if p.FEN() != fen {
		t.Error("perft changed the position")
	}
}

// luzhanPerft are perft(1..3) of luzhanFixedStart.
var luzhanPerft = [3]uint64{66, 4322, 276452}

func luzhanFixedStart(t *testing.T, v *rules.Variant) string {
	t.Helper()
	start, err := ApplySecrets(v, "", "ZDFDZ", "DZFZD")
	if err != nil {
		t.Fatal(err)
	}
	return start
}

func TestLuzhanRandomGames(t *testing.T) {
	v := mustVariant(t, "luzhan")
	games, plies := 6, 160
	if small() {
		games, plies = 2, 40
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(1800+g)), plies)
	}
}

// TestLuzhanGuideMoves plays the /rules examples.
func TestLuzhanGuideMoves(t *testing.T) {
	v := mustVariant(t, "luzhan")
	for _, c := range []struct{ fen, moves string }{
		{"11/11/6j4/11/11/11/11/11/11/11/5J4G/11 w", "f1e2"},
		{"11/11/6j4/11/11/11/11/11/3L7/11/4J6/11 w", "d3g4"},
		{"11/11/6j4/11/11/11/11/11/3Q7/11/4J6/11 w", "d3f5"},
		{"11/11/6j4/11/11/11/11/11/11/11/W3J6/11 w", "a1a3"},
		{"3zdfdz3/11/6j4/11/11/11/5S5/11/11/11/4J6/11 w", "f5f11"},
	} {
		g, err := rules.NewGame(v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		playAll(t, g, c.moves)
	}
	for _, text := range []rules.Texts{luzhanGuide} {
		for _, s := range []string{text.En, text.Hant, text.Hans} {
			for _, want := range []string{"/setup ZDFDZ", "f1e2", "d3g4", "d3f5", "a1a3", "f5f11"} {
				if !strings.Contains(s, want) {
					t.Errorf("guide lacks %s", want)
				}
			}
		}
	}
}

// swapLine rotates the hidden pieces on side s's last-defense line (the last
// rank of the FEN for Red, the first for Black): another valid arrangement.
func swapLine(s rules.Side, by int) twin {
	return twin{name: "line of " + s.String(), swap: func(fen string) (string, bool) {
		board, rest, _ := strings.Cut(fen, " ")
		ranks := strings.Split(board, "/")
		i, hidden := len(ranks)-1, "ZDF"
		if s == rules.Black {
			i, hidden = 0, "zdf"
		}
		row := []byte(ranks[i])
		var at []int
		for j, c := range row {
			if strings.IndexByte(hidden, c) >= 0 {
				at = append(at, j)
			}
		}
		orig := string(row)
		letters := make([]byte, len(at))
		for j, k := range at {
			letters[j] = row[k]
		}
		for j, k := range at {
			row[k] = letters[(j+by)%len(at)]
		}
		if string(row) == orig {
			return "", false
		}
		ranks[i] = string(row)
		return strings.Join(ranks, "/") + " " + rest, true
	}}
}

// TestHiddenLuzhanLeaks: arrangements that differ give the same public face
// until a capture shows a hidden piece.
func TestHiddenLuzhanLeaks(t *testing.T) {
	t.Parallel()
	v := mustVariant(t, "luzhan")
	games, plies := leakSize()
	words := func(p *rules.Position) []string {
		return []string{"d0d1", "f0f1", "h11h10", "e11e10", "f1f0", "f10f11"}
	}
	leakGames(t, v, []twin{swapLine(rules.Red, 1), swapLine(rules.Black, 2), swapLine(rules.Red, 3)}, words, games, plies*3, 18)
}
