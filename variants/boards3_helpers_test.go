package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// specCase is one test case of a variant's spec: a position (fen, "" = the
// start), moves played first, moves that must be legal and illegal, whether
// the side to move is in check, and an extra check of the game.
type specCase struct {
	id, fen, pre   string
	legal, illegal string
	inCheck        bool
	refuse, reason string
	check          func(t *testing.T, g *rules.Game)
}

// runSpecCases runs cases on variant v.
func runSpecCases(t *testing.T, v *rules.Variant, cases []specCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			g, err := rules.NewGame(v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			playAll(t, g, c.pre)
			p := g.Position()
			if p.InCheck() != c.inCheck {
				t.Errorf("in check = %v, want %v", p.InCheck(), c.inCheck)
			}
			checkMoves(t, p, c.legal, c.illegal)
			if c.refuse != "" {
				checkRefusal(t, p, c.refuse, c.reason)
			}
			if c.check != nil {
				c.check(t, g)
			}
		})
	}
}

// playRandomGames plays games random games of v from its start (fewer and
// shorter under -short and -race), seeded from seed.
func playRandomGames(t *testing.T, v *rules.Variant, seed uint64, games, plies int) {
	t.Helper()
	if small() {
		games, plies = 2, 80
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(seed+uint64(g)), plies)
	}
}

// checkPerft checks the recorded perft of fen to depth 3 (2 under -short and
// -race).
func checkPerft(t *testing.T, v *rules.Variant, fen string, want []uint64) {
	t.Helper()
	p := mustPosition(t, v, fen)
	depth := len(want)
	if small() {
		depth = min(depth, 2)
	}
	for d := 1; d <= depth; d++ {
		if got := p.Perft(d); got != want[d-1] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d-1])
		}
	}
}

// refKings finds, on a w×h grid of FEN letters read through at, the general
// ('K'/'k') of side red and reports whether it faces the other one on an open
// file. For the independent reference generators.
func refKings(w, h int, at func(f, r int) byte, red bool) (kf, kr int, facing bool) {
	kf, kr = -1, -1
	ef, er := -2, -1
	for f := 0; f < w; f++ {
		for r := 0; r < h; r++ {
			switch c := at(f, r); {
			case c == 'K' && red, c == 'k' && !red:
				kf, kr = f, r
			case c == 'k' && red, c == 'K' && !red:
				ef, er = f, r
			}
		}
	}
	if kf != ef {
		return kf, kr, false
	}
	for r := min(kr, er) + 1; r < max(kr, er); r++ {
		if at(kf, r) != 0 {
			return kf, kr, false
		}
	}
	return kf, kr, true
}

// refPerft is the perft of a reference generator: moves lists the pseudo-legal
// moves of the side to move, play makes one (handing the turn over) and
// returns its undo, and exposed reports whether the side that just moved left
// its general attacked.
func refPerft[M any](depth int, moves func() []M, play func(M) (undo func()), exposed func() bool) uint64 {
	var n uint64
	for _, m := range moves() {
		undo := play(m)
		if !exposed() {
			if depth == 1 {
				n++
			} else {
				n += refPerft(depth-1, moves, play, exposed)
			}
		}
		undo()
	}
	return n
}
