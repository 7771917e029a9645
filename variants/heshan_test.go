package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

func heshanVariant(t testing.TB) *rules.Variant {
	t.Helper()
	v, ok := testRegistry().Get("heshan")
	if !ok {
		t.Fatal("heshan is not registered")
	}
	return v
}

// TestHeshan is every test case of rules/heshan.md, one row each.
func TestHeshan(t *testing.T) {
	const bare = "6k4/11/11/11/11/11/11/11/11/4K6"
	const rook = "6k4/11/11/11/4r6/11/11/11/11/4K6"
	// Two bare kings are a draw by material: row 3 keeps a Red chariot on b0.
	const escape = "6k4/11/11/11/11/11/11/11/11/1R2K6"
	runSpecCases(t, heshanVariant(t), []specCase{
		{id: "1 flag step", fen: rook + " w - - 0 1", inCheck: true, legal: "F+e0f0 e0f0", illegal: "F+e0e1",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "F+e0f0")
				fenHas("flags=1,21", rules.Black)(t, g)
			}},
		{id: "1 no check", fen: bare + " w - - 0 1", legal: "e0f0", illegal: "F+e0f0", refuse: "F+e0f0",
			reason: "your flag steps along with a move (F+) only when you are in check at the start of your turn; play e0f0 without F+"},
		{id: "2 flag capture", fen: rook + " w - - 0 1 flags=20,21", inCheck: true, legal: "F+e0f0",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "F+e0f0")
				outcome(true, false, rules.Red, rules.ReasonVariantGoal)(t, g)
			}},
		{id: "3 escape", fen: escape + " b - - 0 1 flags=20,21", legal: "FF",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "FF")
				fenHas("flags=20,23", rules.Red)(t, g)
			}},
		{id: "3 red may not escape", fen: escape + " w - - 0 1 flags=20,21", illegal: "FF"},
		{id: "3 no escape in check", fen: "6k4/11/11/11/11/11/11/11/11/4K1R4 b - - 0 1 flags=20,21", inCheck: true,
			illegal: "FF", refuse: "FF",
			reason: "you are in check: answer it (your flag may step along, F+ and the move); FF is only for a side not in check"},
		{id: "4 free flying point", fen: "6k4/11/11/11/11/11/11/1n9/2N8/3BK6 w - - 0 1", legal: "d0a3 d0f2", illegal: "d0b2"},
		{id: "5 mountain elephant", fen: "6k4/11/11/11/11/11/10r/9B1/11/4K2B3 w - - 0 1", legal: "h0k3 j2k3"},
		{id: "6 cannon start", legal: "a2a6 a2a0 a2b2", illegal: "a2a7"},
		// From a3 the elephant has only its ways back.
		{id: "elephant on a3", fen: "6k4/11/11/11/11/11/B10/11/11/4K6 w - - 0 1", legal: "a3d0 a3b2", illegal: "a3c5 a3b4 a3c1"},
		// Perpetual check is no loss: the threefold repetition is a draw.
		{id: "4 repetition draws", fen: "6k4/11/11/11/11/11/11/11/11/4K5R w - - 0 1",
			check: func(t *testing.T, g *rules.Game) {
				playAll(t, g, "k0k9 g9g8 k9k8 g8g9 k8k9 g9g8 k9k8 g8g9 k8k9")
				outcome(true, true, rules.Red, rules.ReasonRepetition)(t, g)
			}},
	})
}

// TestHeshanRandomGames: make/unmake exact, hash equal to the FEN read back,
// every legal move read back from its text, no panic, with flag moves played.
func TestHeshanRandomGames(t *testing.T) {
	v := heshanVariant(t)
	games, plies := 6, 160
	if small() {
		games, plies = 2, 80
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(1800+g)), plies)
	}
	randomGameFrom(t, v, "4k6/11/11/11/11/3R7/11/11/11/5K5 w - - 0 1 flags=12,11", newRand(7), 80)
}

// heshanRefPerft is the perft of heshan by the independent mountain-board
// generator (mtPos, written from the spec) with the flag ring tracked here: a
// side in check has each legal move with and without F+, and FF where it is
// not in check and the enemy flag is right behind its own.
func heshanRefPerft(p *mtPos, cells [2]int, depth int) uint64 {
	s := 0
	if !p.red {
		s = 1
	}
	in := p.attacked(p.red)
	var n uint64
	next := func(c [2]int) {
		if depth == 1 {
			n++
			return
		}
		p.red = !p.red
		n += heshanRefPerft(p, c, depth-1)
		p.red = !p.red
	}
	if !in && cells[1-s] == (cells[s]+41)%42 {
		c := cells
		c[s] = (c[s] + 2) % 42
		next(c)
	}
	for _, m := range p.pseudo(p.red) {
		moved, took := p.g[m.f0][m.r0], p.g[m.f1][m.r1]
		p.g[m.f1][m.r1], p.g[m.f0][m.r0] = moved, 0
		if !p.attacked(p.red) {
			next(cells)
			if in {
				c := cells
				c[s] = (c[s] + 1) % 42
				next(c)
			}
		}
		p.g[m.f0][m.r0], p.g[m.f1][m.r1] = moved, took
	}
	return n
}

// TestHeshanPerft records the start perft 50 / 2556 / 118820 (no side is in
// check and no flag is behind the other before ply 3, so these are the plain
// mountain-border counts) and cross-checks it against heshanRefPerft, with two
// middle positions where checks give F+ moves and FF is on.
func TestHeshanPerft(t *testing.T) {
	v := heshanVariant(t)
	want := []uint64{50, 2556, 118820}
	depth := 3
	if small() {
		depth = 2
	}
	p := mustPosition(t, v, v.StartFEN)
	for d := 1; d <= depth; d++ {
		if got := p.Perft(d); got != want[d-1] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d-1])
		}
	}
	if got := heshanRefPerft(mtParse(t, MountainStart), [2]int{0, 21}, depth); got != want[depth-1] {
		t.Errorf("independent perft(%d) = %d, want %d", depth, got, want[depth-1])
	}
	for _, c := range []struct {
		fen   string
		cells [2]int
	}{
		{"4k6/11/11/11/11/3R7/11/11/11/5K5 w - - 0 1", [2]int{12, 11}},
		{"4ak5/5a5/11/1p9/11/2C3R4/11/11/10r/5K5 b - - 0 1", [2]int{40, 41}},
	} {
		full := c.fen + " flags=" + itoa(c.cells[0]) + "," + itoa(c.cells[1])
		got := mustPosition(t, v, full).Perft(depth)
		if ref := heshanRefPerft(mtParse(t, c.fen), c.cells, depth); got != ref {
			t.Errorf("%s: perft(%d) = %d, independent %d", full, depth, got, ref)
		}
	}
}
