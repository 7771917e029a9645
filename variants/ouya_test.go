package variants

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/render"
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
				checkRefusal(t, g.Position(), "d5d6", "a chess pawn takes only one square diagonally forward, never straight ahead")
				checkRefusal(t, g.Position(), "c5b6", "a chess pawn moves straight forward (two squares from rank 2) and takes one square diagonally forward")
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

// TestOuyaPerft records the start counts (regressions; the spec gives none),
// cross-checked by the independent generator in ouya_ref_test.go. Depth 1 by
// hand: nine pawns with one or two steps (18), knights b1a3 b1c3 g1f3 g1h3
// i1h3 (5): 23; the shogi army then has 30 (nine pawns, both lances, rook 6,
// silvers 2+2, golds 3+3, king 3).
func TestOuyaPerft(t *testing.T) {
	v := mustVariant(t, "ouya")
	p := mustPosition(t, v, OuyaStart)
	want := []uint64{1, 23, 690, 17458}
	for d := 1; d < len(want); d++ {
		if got := p.Perft(d); got != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d])
		}
	}
	if p.FEN() != mustPosition(t, v, OuyaStart).FEN() {
		t.Errorf("perft changed the position: %s", p.FEN())
	}
}

// TestOuyaRandomGames plays random games: make/unmake exact, the hash equal to
// the hash of the FEN read back, every legal move read back from its
// coordinates and from its army's own notation (SAN, shogi form), no panic;
// and the games must reach the special rules.
func TestOuyaRandomGames(t *testing.T) {
	v := mustVariant(t, "ouya")
	games, plies := 8, 160
	if small() {
		games, plies = 2, 60
	}
	seen := map[string]int{}
	// Every other game starts where castling and both promotions are near.
	starts := []string{OuyaStart, "r3k4/2P4P1/9/3b5/9/1n2s2l1/p5p2/5P3/R3K2RN w"}
	for i := 0; i < games; i++ {
		rnd := newRand(uint64(1800 + i))
		start := starts[i%len(starts)]
		randomGameFrom(t, v, start, rnd, plies)
		g, err := rules.NewGame(v, start)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < plies && !g.Outcome().Over; ply++ {
			p := g.Position()
			legal := p.LegalMoves(nil)
			for _, m := range legal {
				for _, style := range []rules.Style{rules.StyleCoord, rules.StyleWXF} {
					text := rules.FormatMove(p, m, style)
					if got, err := rules.ParseMove(p, text); err != nil || got != m {
						t.Fatalf("ply %d %s: %s reads back as %v, %v", ply, p.FEN(), text, got, err)
					}
				}
				switch {
				case m.Flags&rules.FlagSpecial != 0:
					seen["castling"]++
				case m.Flags&rules.FlagPromote != 0 && p.ToMove() == rules.Red:
					seen["chess promotion"]++
				case m.Flags&rules.FlagPromote != 0:
					seen["shogi promotion"]++
				}
			}
			m := legal[rnd.IntN(len(legal))]
			for _, x := range legal {
				if x.Flags&(rules.FlagSpecial|rules.FlagPromote) != 0 && rnd.IntN(2) == 0 {
					m = x
					break
				}
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, what := range []string{"castling", "chess promotion", "shogi promotion"} {
		if seen[what] == 0 {
			t.Errorf("no %s offered in %d random games", what, games)
		}
	}
}

// TestOuyaNotation: each army's own notation, written and read, and the
// coordinate forms of the spec.
func TestOuyaNotation(t *testing.T) {
	v := mustVariant(t, "ouya")
	for _, c := range []struct {
		fen, move, coord, own string
	}{
		{OuyaStart, "e4", "e2e4", "e4"},
		{OuyaStart, "Nc3", "b1c3", "Nc3"},
		{"4k4/7P1/9/9/9/9/9/9/4K4 w", "h9=Q", "h8h9=Q", "h9=Q+"},
		{"4k4/7P1/9/9/9/9/9/9/4K4 w", "h8h9=n", "h8h9=N", "h9=N"},
		{"4k4/9/9/9/9/9/9/9/R3K2R1 w", "O-O", "e1g1", "O-O"},
		{"4k4/9/9/9/9/9/9/9/R3K2R1 w", "0-0-0", "e1c1", "O-O-O"},
		{"4k4/9/9/9/9/9/9/9/R3K2R1 w", "e1c1", "e1c1", "O-O-O"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKBNRN b", "P-c6", "c7c6", "P-c6"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKBNRN b", "g-c8", "d9c8", "G-c8"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKBNRN b", "Gf9-e8", "f9e8", "Gf9-e8"},
		{"4k4/9/9/9/9/2p1l1n2/9/9/K8 b", "P-c3+", "c4c3+", "P-c3+"},
		{"4k4/9/9/9/9/2p1l1n2/9/9/K8 b", "P-c3=", "c4c3", "P-c3="},
		{"4k4/9/9/9/9/2p1l1n2/9/9/K8 b", "P-c3", "c4c3", "P-c3="},
		{"4k4/9/9/9/9/2p1l1n2/9/9/K8 b", "c4c3+", "c4c3+", "P-c3+"},
		{"4k4/9/9/9/9/2p1l1n2/9/9/K8 b", "N-f2+", "g4f2+", "N-f2+"},
		{"4k4/9/9/9/9/2p1l1n2/9/9/K8 b", "L-e1+", "e4e1+", "L-e1+"},
		{"4k4/9/9/9/9/9/9/2t6/K8 b", "+P-b2", "c2b2", "+P-b2"},
		{"4k4/9/9/9/9/9/9/2t6/K8 b", "T-b2", "c2b2", "+P-b2"},
		{"4k4/9/9/9/9/3h5/9/9/R7K b", "+Bxa1", "d4a1", "+Bxa1"},
	} {
		p := mustPosition(t, v, c.fen)
		m, err := rules.ParseMove(p, c.move)
		if err != nil {
			t.Errorf("%s: ParseMove(%s): %v", c.fen, c.move, err)
			continue
		}
		if got := rules.FormatCoord(p, m); got != c.coord {
			t.Errorf("%s: %s in coordinates = %s, want %s", c.fen, c.move, got, c.coord)
		}
		if got := rules.FormatMove(p, m, rules.StyleWXF); got != c.own {
			t.Errorf("%s: %s in its own notation = %s, want %s", c.fen, c.move, got, c.own)
		}
	}
}

// TestOuyaRefusals: illegal moves are refused in the pieces' own terms.
func TestOuyaRefusals(t *testing.T) {
	v := mustVariant(t, "ouya")
	for _, c := range []struct {
		fen, move, reason string
	}{
		{"4k4/9/9/9/9/2p1l1n2/9/9/K8 b", "e4e1", "a lance reaching e1 must promote: write e4e1+"},
		{"4k4/9/9/9/9/2p1l1n2/9/9/K8 b", "L-e1", "the lance must promote there (it could never move again): write L-e1+"},
		{"4k4/9/9/9/9/2p1l1n2/9/9/K8 b", "c4c4+", "a piece must move to another point"},
		{"4k4/9/9/9/2p6/9/9/9/K8 b", "c5c4+", "a pawn promotes only on a move that starts or ends in its promotion zone; write c5c4"},
		{"4k4/9/9/9/2p6/9/9/9/K8 b", "P-c4+", "a pawn promotes only on a move that starts or ends in ranks 1-3, and only once; write P-c4"},
		{"4k4/9/9/9/2p6/9/9/9/K8 b", "c5b4", "the shogi pawn (歩) steps one square straight forward (towards rank 1) and takes the same way"},
		{"4k4/9/9/9/9/9/9/9/R3K2R1 b", "e9e7", "the king (玉) steps one square in any direction"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKBNRN b", "b8b5", "the way is blocked by the piece on b7"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKBNRN b", "c9c7", "the silver (銀) steps one square diagonally or straight forward (forward is towards rank 1)"},
		{"4k4/9/9/9/9/9/9/9/R3KB1R1 w", "O-O", "castling O-O needs f1, g1 empty between the king and the h1 rook"},
		{"4k4/9/9/9/9/9/9/9/R3K2R1 w castle=Q", "e1g1", "castling O-O is no longer allowed: the king or the h1 rook has moved"},
		{"4k4/9/9/9/9/9/9/4r4/R3K2R1 w", "e1c1", "the king may not castle out of check"},
		{"4k4/9/9/9/9/4d4/9/9/4K4 w", "Ke2", "you are in check, and this move does not answer it"},
		{"4k4/7P1/9/9/9/9/9/9/4K4 w", "h9", "a pawn reaching h9 must promote: write h9=Q+ or h9=R+ or h9=B or h9=N"},
		{"4k4/9/9/9/9/9/9/9/R3K2R1 b", "K-e7", "the king (玉) steps one square in any direction"},
		{"4k4/9/9/9/9/9/9/9/R3K2R1 b", "S-e7", "no silver of yours can go to e7 now"},
		{"4k4/7P1/9/9/9/9/9/9/4K4 w", "h8h9=K", "a pawn cannot become a king; write the new piece's letter (Q, R, B, N), like h8h9q"},
	} {
		p := mustPosition(t, v, c.fen)
		checkRefusal(t, p, c.move, c.reason)
	}
}

// TestOuyaFEN: each army has only its own letters; castling rights that the
// placement alone does not tell are written, and read back.
func TestOuyaFEN(t *testing.T) {
	v := mustVariant(t, "ouya")
	for _, bad := range []string{
		"4k4/9/9/9/9/9/9/9/4K1G2 w", // a chess-side gold
		"4k4/9/9/9/9/9/9/4q4/4K4 w", // a shogi-side queen
		"4k4/9/9/9/9/9/9/9/4K3P w",  // a chess pawn on rank 1
		"4k4/9/9/9/9/9/9/9/p3K4 w",  // a shogi pawn on its last rank
		"4k4/9/9/9/9/9/9/n8/4K4 w",  // a shogi knight on rank 2
		"4k4/9/9/9/9/9/9/9/4K3R w castle=K",
	} {
		if _, err := rules.NewPosition(v, bad); err == nil {
			t.Errorf("NewPosition(%s) accepted a bad position", bad)
		}
	}
	g, err := rules.NewGame(v, "4k4/9/9/9/9/9/9/9/R3K2R1 w")
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "e1f1 e9e8 f1e1 e8e9")
	fen := g.Position().FEN()
	if !strings.Contains(fen, "castle=-") {
		t.Errorf("FEN %s: the king has moved, castling rights must be written as lost", fen)
	}
	back := mustPosition(t, v, fen)
	if back.Hash() != g.Position().Hash() {
		t.Errorf("FEN %s reads back with another hash", fen)
	}
	checkMoves(t, back, "", "e1g1 e1c1")
	if start := mustPosition(t, v, OuyaStart).FEN(); strings.Contains(start, "castle") {
		t.Errorf("start FEN %s: rights that the placement tells need no field", start)
	}
}

// ouyaPromoted is a position after promotions of both armies: a shogi tokin
// on c3 and horse on g2, White's second queen on d6 (from a pawn).
const ouyaPromoted = "l1sgkgsnl/1r5b1/p1pp1p1pp/1p1Qp4/9/4P4/PPtP1PP1P/2B1K1hRN/R4B3 w"

// TestOuyaImages renders the start and a position after promotions from both
// sides: the PNGs decode; the promoted shogi pieces, and only they, bring the
// promoted (red) ink; the two sides' images differ.
func TestOuyaImages(t *testing.T) {
	v := mustVariant(t, "ouya")
	r, err := render.New(render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	red := render.Wood().Ink[rules.Red]
	for _, c := range []struct {
		fen      string
		promoted bool
	}{{OuyaStart, false}, {ouyaPromoted, true}} {
		p := mustPosition(t, v, c.fen)
		var shots [2][]byte
		for s := rules.Red; s <= rules.Black; s++ {
			data, err := r.From(s).PNG(p.View(rules.Public))
			if err != nil {
				t.Fatal(err)
			}
			shots[s] = data
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%s from %v: %v", c.fen, s, err)
			}
			n := 0
			b := img.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					cr, cg, cb, _ := img.At(x, y).RGBA()
					if uint8(cr>>8) == red.R && uint8(cg>>8) == red.G && uint8(cb>>8) == red.B {
						n++
					}
				}
			}
			if (n > 0) != c.promoted {
				t.Errorf("%s from %v: %d pixels of promoted ink, want some: %v", c.fen, s, n, c.promoted)
			}
		}
		if bytes.Equal(shots[0], shots[1]) {
			t.Errorf("%s: the images from both sides are the same", c.fen)
		}
	}
}

// TestOuyaEnds: the end-of-game rules of ouya.md besides the stalemates (spec
// rows 9 and 10): checkmate by either army, threefold repetition, and fifty
// moves by each side without a capture or a pawn move of either army.
func TestOuyaEnds(t *testing.T) {
	v := mustVariant(t, "ouya")
	const fifty = "4k4/9/p8/9/9/9/9/7R1/4K4 w - - 98 60" // 98 plies without capture or pawn move
	for _, c := range []struct {
		name, fen string
		before    string // moves after which the game goes on
		last      string // the move that ends it
		want      rules.Outcome
	}{
		{"the_chess_side_mates", "k8/9/1K7/9/9/9/9/9/7R1 w", "", "Rh9#",
			rules.Outcome{Over: true, Winner: rules.Red, Reason: rules.ReasonCheckmate}},
		{"the_shogi_side_mates", "4k4/9/9/9/9/9/1gs6/9/K8 b", "", "b3b2",
			rules.Outcome{Over: true, Winner: rules.Black, Reason: rules.ReasonCheckmate}},
		{"threefold_repetition_draws", OuyaStart, "Nc3 K-d8 Nb1 K-e9 Nc3 K-d8 Nb1", "K-e9",
			rules.Outcome{Over: true, Draw: true, Reason: rules.ReasonRepetition}},
		{"fifty_moves_draw", fifty, "h2h3", "e9e8",
			rules.Outcome{Over: true, Draw: true, Reason: rules.ReasonMoveLimit}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := bqGame(t, v, c.fen)
			playAll(t, g, c.before)
			if o := g.Outcome(); o.Over {
				t.Fatalf("over before %s: %+v", c.last, o)
			}
			playAll(t, g, c.last)
			wantOutcome(t, g, c.want)
		})
	}
	t.Run("a_shogi_pawn_move_resets_the_count", func(t *testing.T) {
		g := bqGame(t, v, fifty)
		playAll(t, g, "h2h3 P-a6")
		if o := g.Outcome(); o.Over || g.Position().Halfmove() != 0 {
			t.Errorf("after a shogi pawn move: outcome %+v, clock %d; want the game on and the clock at 0", o, g.Position().Halfmove())
		}
	})
}
