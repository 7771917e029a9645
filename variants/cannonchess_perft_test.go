package variants

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// chess8 is orthodox chess without castling, built by the same code as cannon
// chess: where the rules must coincide, its perft must match the published
// figures.
func chess8(t *testing.T) *rules.Variant {
	t.Helper()
	v, err := chessVariant(chessConfig{
		slug: "chess8-test", name: "chess without castling", width: 8, height: 8,
		start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", promote: []byte{'Q', 'R', 'B', 'N'},
	})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestChessPerftPublished compares with the perft figures of the chessprogramming
// wiki (https://www.chessprogramming.org/Perft_Results) for positions where
// castling can play no part: the start position up to depth 5 (castling needs
// three moves of a side first), position 3 (en passant, checks, pins) and the
// promotion position of "Perft Results" discussions (all four promotions).
func TestChessPerftPublished(t *testing.T) {
	v := chess8(t)
	cases := []struct {
		name  string
		fen   string
		nodes []uint64
	}{
		{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", []uint64{20, 400, 8902, 197281}},
		{"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{14, 191, 2812, 43238, 674624}},
		{"promotions", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", []uint64{24, 496, 9483, 182838}},
	}
	for _, c := range cases {
		p := mustPosition(t, v, c.fen)
		for d, want := range c.nodes {
			if want > 50000 && small() {
				break
			}
			if got := p.Perft(d + 1); got != want {
				t.Errorf("%s depth %d: %d nodes, want %d", c.name, d+1, got, want)
			}
		}
	}
}

// TestCannonChessPerft records the start position's perft as a regression (no
// published figures exist for this game; the generator is checked by
// TestCannonChessSlowGenerator).
func TestCannonChessPerft(t *testing.T) {
	p := mustPosition(t, CannonChess(), CannonChessStart)
	want := []uint64{24, 576, 16096, 448629}
	for d, n := range want {
		if n > 50000 && small() {
			break
		}
		if got := p.Perft(d + 1); got != n {
			t.Errorf("depth %d: %d nodes, want %d", d+1, got, n)
		}
	}
}

// slowChess is an independent, naive move generator for cannon chess, written
// from cannon-chess.md alone: a grid of letters, every move tried on a copy.
type slowChess struct {
	w, h  int
	grid  [][]byte // grid[rank][file], '.' empty
	white bool     // White to move
	epF   int      // en-passant target file and rank, -1 none
	epR   int
}

func newSlowChess(fen string, w, h int) slowChess {
	f := strings.Fields(fen)
	s := slowChess{w: w, h: h, white: f[1] == "w", epF: -1, epR: -1}
	s.grid = make([][]byte, h)
	for i, row := range strings.Split(f[0], "/") {
		r := h - 1 - i
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '0' && c <= '9' {
				n := int(c - '0')
				if j+1 < len(row) && row[j+1] >= '0' && row[j+1] <= '9' {
					n = n*10 + int(row[j+1]-'0')
					j++
				}
				for ; n > 0; n-- {
					s.grid[r] = append(s.grid[r], '.')
				}
				continue
			}
			s.grid[r] = append(s.grid[r], c)
		}
	}
	if len(f) > 3 && f[3] != "-" {
		s.epF = int(f[3][0] - 'a')
		fmt.Sscan(f[3][1:], &s.epR)
		s.epR--
	}
	return s
}

func isWhite(c byte) bool { return c >= 'A' && c <= 'Z' }

func (s slowChess) on(f, r int) bool { return f >= 0 && r >= 0 && f < s.w && r < s.h }

// slowMove is one move: from, to, promotion letter (0 none), en passant.
type slowMove struct {
	ff, fr, tf, tr int
	promo          byte
	ep             bool
}

// pseudo lists the moves of side white that follow the pieces' movement.
func (s slowChess) pseudo(white bool) []slowMove {
	var out []slowMove
	enemy := func(f, r int) bool { c := s.grid[r][f]; return c != '.' && isWhite(c) != white }
	for r := 0; r < s.h; r++ {
		for f := 0; f < s.w; f++ {
			c := s.grid[r][f]
			if c == '.' || isWhite(c) != white {
				continue
			}
			add := func(tf, tr int) { out = append(out, slowMove{ff: f, fr: r, tf: tf, tr: tr}) }
			slide := func(dirs [][2]int, capture bool) {
				for _, d := range dirs {
					for tf, tr := f+d[0], r+d[1]; s.on(tf, tr); tf, tr = tf+d[0], tr+d[1] {
						if s.grid[tr][tf] == '.' {
							add(tf, tr)
							continue
						}
						if capture && enemy(tf, tr) {
							add(tf, tr)
						}
						break
					}
				}
			}
			step := func(deltas [][2]int) {
				for _, d := range deltas {
					if tf, tr := f+d[0], r+d[1]; s.on(tf, tr) && (s.grid[tr][tf] == '.' || enemy(tf, tr)) {
						add(tf, tr)
					}
				}
			}
			orth := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
			diag := [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
			all := append(append([][2]int{}, orth...), diag...)
			switch c | 0x20 {
			case 'k':
				step(all)
			case 'q':
				slide(all, true)
			case 'r':
				slide(orth, true)
			case 'b':
				slide(diag, true)
			case 'n':
				step([][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}})
			case 'g':
				slide(all, false)
				for _, d := range all {
					empty := 0
					for tf, tr := f+d[0], r+d[1]; s.on(tf, tr) && empty < 2; tf, tr = tf+d[0], tr+d[1] {
						if s.grid[tr][tf] == '.' {
							empty++
						} else if empty == 1 && enemy(tf, tr) {
							add(tf, tr)
						}
					}
				}
			case 'p':
				dr, home, last := 1, 1, s.h-1
				if !white {
					dr, home, last = -1, s.h-2, 0
				}
				var ps []slowMove
				if s.on(f, r+dr) && s.grid[r+dr][f] == '.' {
					ps = append(ps, slowMove{ff: f, fr: r, tf: f, tr: r + dr})
					if r == home && s.grid[r+2*dr][f] == '.' {
						ps = append(ps, slowMove{ff: f, fr: r, tf: f, tr: r + 2*dr})
					}
				}
				for _, df := range []int{-1, 1} {
					if !s.on(f+df, r+dr) {
						continue
					}
					if enemy(f+df, r+dr) {
						ps = append(ps, slowMove{ff: f, fr: r, tf: f + df, tr: r + dr})
					}
					if f+df == s.epF && r+dr == s.epR {
						ps = append(ps, slowMove{ff: f, fr: r, tf: f + df, tr: r + dr, ep: true})
					}
				}
				for _, m := range ps {
					if m.tr != last {
						out = append(out, m)
						continue
					}
					for _, l := range []byte("qrbng") {
						m.promo = l
						out = append(out, m)
					}
				}
			}
		}
	}
	return out
}

func (s slowChess) play(m slowMove) slowChess {
	n := s
	n.grid = make([][]byte, s.h)
	for r := range s.grid {
		n.grid[r] = slices.Clone(s.grid[r])
	}
	c := n.grid[m.fr][m.ff]
	n.grid[m.fr][m.ff] = '.'
	if m.promo != 0 {
		c = m.promo
		if isWhite(s.grid[m.fr][m.ff]) {
			c -= 0x20
		}
	}
	if m.ep {
		n.grid[m.fr][m.tf] = '.'
	}
	n.grid[m.tr][m.tf] = c
	n.white = !s.white
	n.epF, n.epR = -1, -1
	return n
}

// kingAttacked reports whether side white's king can be taken by the other side.
func (s slowChess) kingAttacked(white bool) bool {
	king := byte('k')
	if white {
		king = 'K'
	}
	for _, m := range s.pseudo(!white) {
		if s.grid[m.tr][m.tf] == king {
			return true
		}
	}
	return false
}

func (s slowChess) legal() []string {
	var out []string
	for _, m := range s.pseudo(s.white) {
		if s.play(m).kingAttacked(s.white) {
			continue
		}
		text := fmt.Sprintf("%c%d%c%d", 'a'+m.ff, m.fr+1, 'a'+m.tf, m.tr+1)
		if m.promo != 0 {
			text += string(m.promo)
		}
		out = append(out, text)
	}
	sort := slices.Clone(out)
	slices.Sort(sort)
	return slices.Compact(sort)
}

// randomCannonChessFEN places the kings and a random set of pieces, with an
// en-passant square where a pawn could just have stepped two.
func randomCannonChessFEN(rnd *rand.Rand) string {
	const n = 10
	grid := [n][n]byte{}
	for r := range grid {
		for f := range grid[r] {
			grid[r][f] = '.'
		}
	}
	put := func(c byte, lo, hi int) {
		for {
			f, r := rnd.IntN(n), lo+rnd.IntN(hi-lo+1)
			if grid[r][f] == '.' {
				grid[r][f] = c
				return
			}
		}
	}
	put('K', 0, n-1)
	put('k', 0, n-1)
	for i := rnd.IntN(18); i > 0; i-- {
		c := "QRBNGPPPqrbngppp"[rnd.IntN(16)]
		if c|0x20 == 'p' {
			put(c, 1, n-2)
		} else {
			put(c, 0, n-1)
		}
	}
	side, ep := "w", "-"
	if rnd.IntN(2) == 1 {
		side = "b"
	}
	// A pawn of the side not to move that could have just stepped two.
	for f := 0; f < n; f++ {
		if side == "w" && grid[n-4][f] == 'p' && grid[n-3][f] == '.' && grid[n-2][f] == '.' && rnd.IntN(2) == 0 {
			ep = fmt.Sprintf("%c%d", 'a'+f, n-1)
			break
		}
		if side == "b" && grid[3][f] == 'P' && grid[2][f] == '.' && grid[1][f] == '.' && rnd.IntN(2) == 0 {
			ep = fmt.Sprintf("%c%d", 'a'+f, 3)
			break
		}
	}
	var rows []string
	for r := n - 1; r >= 0; r-- {
		var sb strings.Builder
		empty := 0
		for f := 0; f < n; f++ {
			if grid[r][f] == '.' {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&sb, empty)
				empty = 0
			}
			sb.WriteByte(grid[r][f])
		}
		if empty > 0 {
			fmt.Fprint(&sb, empty)
		}
		rows = append(rows, sb.String())
	}
	return strings.Join(rows, "/") + " " + side + " - " + ep + " 0 1"
}

// TestCannonChessSlowGenerator cross-checks the move generator against slowChess
// on random positions: random placements (many with an en-passant square) and
// positions of random games from the start.
func TestCannonChessSlowGenerator(t *testing.T) {
	v := CannonChess()
	rnd := newRand(19)
	placements, games, plies := 600, 6, 80
	if small() {
		placements, games, plies = 100, 2, 40
	}
	check := func(p *rules.Position) {
		t.Helper()
		want := newSlowChess(p.FEN(), 10, 10).legal()
		got := legalTexts(p)
		if !slices.Equal(got, want) {
			t.Fatalf("%s:\ncore %v\nslow %v", p.FEN(), got, want)
		}
	}
	checked := 0
	for i := 0; i < placements; i++ {
		p, err := rules.NewPosition(v, randomCannonChessFEN(rnd))
		if err != nil {
			continue // the side not to move is in check
		}
		check(p)
		checked++
	}
	for g := 0; g < games; g++ {
		game, err := rules.NewGame(v, v.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < plies && !game.Outcome().Over; i++ {
			p := game.Position()
			check(p)
			checked++
			legal := p.LegalMoves(nil)
			m := legal[rnd.IntN(len(legal))]
			for _, x := range legal { // prefer captures: they open lines for the cannons
				if x.Flags&rules.FlagCapture != 0 && rnd.IntN(3) == 0 {
					m = x
				}
			}
			if err := game.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < placements/3 {
		t.Errorf("only %d positions checked", checked)
	}
}
