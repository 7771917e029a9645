package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

func customVariant(t *testing.T, slug, def string, more ...string) *rules.Variant {
	t.Helper()
	v, err := testRegistry().Build(slug, append(more, "piece piece="+def))
	if err != nil {
		t.Fatalf("piece=%s: %v", def, err)
	}
	return v
}

// TestCustomPieces: players' own pieces, their moves as the Betza-like text
// says, in the start position on both sides, explained by /rules.
func TestCustomPieces(t *testing.T) {
	v := customVariant(t, "xiangqi", "Q后:R+N@c1")
	if !strings.Contains(v.StartFEN, "6q2") || !strings.Contains(v.StartFEN, "2Q6") {
		t.Errorf("start %s: want Q on c1 and q on g8", v.StartFEN)
	}
	p := mustPosition(t, v, v.StartFEN)
	checkMoves(t, p, "c1c2 c1a1 c1i1 c1b3 c1d3 c1e2 c1a2", "c1c3 c1a0 c1e0")
	if g := v.Guides(); len(g) == 0 || !strings.Contains(g[len(g)-1], "Q (后) starts on c1") {
		t.Errorf("guide %v", g)
	}
	cases := []struct{ def, fen, legal, illegal string }{
		// The cannon written in Betza: moves as a rook, captures over one screen.
		{"Y:mRpR@e4", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "", ""},
		// A lame knight is the horse; a blocked alfil the elephant (no river limit).
		{"Y:nN@c1", "4k4/9/9/9/9/9/9/9/2Y6/3K5 w - - 0 1", "c1a2 c1b3 c1d3 c1e2 c1a0 c1e0", ""},
		{"Y:nN@c1", "4k4/9/9/9/9/9/9/2p6/2Y6/3K5 w - - 0 1", "c1a2 c1e2", "c1b3 c1d3"},
		{"Y:nA@c1", "4k4/9/9/9/9/9/9/1p7/2Y6/3K5 w - - 0 1", "c1e3", "c1a3"},
		// Directions and modes: a forward-only step that captures diagonally.
		{"Y:mfW+cfF@c1", "4k4/9/9/9/9/9/9/3p5/2Y6/3K5 w - - 0 1", "c1c2 c1d2", "c1b2 c1c0 c1b1"},
		{"Y:R2@c1", "4k4/9/9/9/9/9/9/9/2Y6/3K5 w - - 0 1", "c1c3 c1a1 c1e1", "c1c4 c1f1"},
		{"Y:K@c1", "4k4/9/9/9/9/9/9/9/2Y6/3K5 w - - 0 1", "c1b0 c1b1 c1b2 c1c0 c1c2 c1d1 c1d2", "c1d0"},
		{"Y:sQ@c1", "4k4/9/9/9/9/9/9/9/2Y6/3K5 w - - 0 1", "c1a1 c1i1", "c1c2 c1d2"},
	}
	for _, c := range cases {
		v := customVariant(t, "xiangqi", c.def)
		if c.fen == "" {
			continue
		}
		p := mustPosition(t, v, c.fen)
		checkMoves(t, p, c.legal, c.illegal)
	}
	// The cannon form checks like a cannon.
	cv := customVariant(t, "xiangqi", "Y:mRpR@a1")
	if q := mustPosition(t, cv, "3k5/9/3y5/9/9/9/9/9/9/3K5 w - - 0 1"); q.InCheck() {
		t.Error("the Betza cannon gives check without a screen")
	}
	if q := mustPosition(t, cv, "3k5/9/3y5/9/9/9/9/3N5/9/3K5 w - - 0 1"); !q.InCheck() {
		t.Error("the Betza cannon gives no check over a screen")
	}
	// Usable in another xiangqi-family game.
	customVariant(t, "jinchan", "Y椅:K@c1")
}

// TestCustomPieceErrors: bad definitions say which part is wrong, and
// unplayable ones are refused.
func TestCustomPieceErrors(t *testing.T) {
	cases := []struct{ def, want string }{
		{"Q:R+X@c1", `"X" in R+X: X is no movement letter`},
		{"K:R@c1", "the letter K is the general already"},
		{"Q:R@c9", "c9 is in Black's half"},
		{"Q:R@z1", `"z1" after @ is not a point`},
		{"Q:R@c0", "c0 is not empty"},
		{"Q:R", "say where the piece starts after @"},
		{"Q:@c1", "needs a movement"},
		{"QR", "write a letter, a colon"},
		{"Q后后:R@c1", "one character"},
		{"1:R@c1", "one letter A-Z"},
		{"Q:nW@c1", "cannot be blocked"},
		{"Q:mcR@c1", "exclude each other"},
		{"Q:pN@c1", "N is a leap"},
		{"Q:R@c1,c1", "c1 is named twice"},
		{"Q:R@c1;Q:N@g1", "the letter Q is another piece of yours"},
	}
	for _, c := range cases {
		_, err := testRegistry().Build("xiangqi", []string{"piece piece=" + c.def})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("piece=%s: err = %v, want %q", c.def, err, c.want)
		}
	}
}

// TestCustomPiecePlayable: a start where a general stands attacked, or Red
// has no move, is refused (the standard army shields the generals from any
// piece the notation can write, so the positions are made by hand).
func TestCustomPiecePlayable(t *testing.T) {
	v := customVariant(t, "xiangqi", "Q:R@c1")
	for fen, want := range map[string]string{
		"3k5/9/9/9/3q5/9/9/9/9/3K5 w - - 0 1":   "a general could be taken from the start",
		"5k3/9/9/9/4r4/9/9/9/2r6/3K5 w - - 0 1": "Red has no legal first move",
	} {
		w := v.Clone("test")
		w.StartFEN = fen
		if err := w.Finalize(); err != nil {
			t.Fatal(err)
		}
		if err := playable(w); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want %q", fen, err, want)
		}
	}
}

// TestCustomPieceGames: random games with players' pieces keep make/unmake,
// hashes and FEN read-back exact, alone and with house rules and fuhe.
func TestCustomPieceGames(t *testing.T) {
	plies := 60
	if small() {
		plies = 20
	}
	for i, opts := range [][]string{{}, {"flag"}, {"fuhe"}, {"palace-cannon", "revive-pawn"}, {"mountain-border"}} {
		def := "Q后:R+nN@c1;Y:mRpR+K@b1,h1"
		v := customVariant(t, "xiangqi", def, opts...)
		randomGameFrom(t, v, "", newRand(uint64(700+i)), plies)
	}
}
