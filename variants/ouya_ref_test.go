package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/internal/testsize"
)

// An independent, slow move generator for Eurasian chess, written from
// rules/ouya.md with none of the core's atoms, zones, promotions or modules:
// a 9x9 array of FEN letters, uppercase the chess army, lowercase the shogi
// army. It cross-checks the perft counts (TestOuyaPerftCrossCheck).

type oyRef struct {
	g      [9][9]byte // [file][rank], 0 = empty
	white  bool       // the chess army to move
	castle [2]bool    // White may castle short (e1g1), long (e1c1)
}

type oyMove struct {
	ff, fr, tf, tr int
	promo          byte // the new letter, or 0
	castle         bool
}

func oyParse(fen string) *oyRef {
	board, rest, _ := strings.Cut(fen, " ")
	p := &oyRef{white: !strings.HasPrefix(rest, "b")}
	for i, row := range strings.Split(board, "/") {
		r, f := 8-i, 0
		for j := 0; j < len(row); j++ {
			if c := row[j]; c >= '1' && c <= '9' {
				f += int(c - '0')
			} else {
				p.g[f][r] = c
				f++
			}
		}
	}
	p.castle = [2]bool{p.g[4][0] == 'K' && p.g[7][0] == 'R', p.g[4][0] == 'K' && p.g[0][0] == 'R'}
	return p
}

func oyOn(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 9 }

func oyWhite(c byte) bool { return c >= 'A' && c <= 'Z' }

// oyDirs of the pieces, with dr > 0 towards rank 9; the shogi army's forward
// is dr < 0, so its step tables are written with fw = -1.
var (
	oyOrth = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	oyDiag = [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	oyAll  = append(append([][2]int{}, oyOrth...), oyDiag...)
)

func oyGold(fw int) [][2]int {
	return [][2]int{{0, fw}, {1, fw}, {-1, fw}, {1, 0}, {-1, 0}, {0, -fw}}
}

// targets lists where the piece on (f, r) moves or captures, by its own rules.
func (p *oyRef) targets(f, r int) [][2]int {
	c := p.g[f][r]
	white := oyWhite(c)
	var out [][2]int
	add := func(tf, tr int, move, capture bool) bool {
		if !oyOn(tf, tr) {
			return false
		}
		t := p.g[tf][tr]
		if t == 0 {
			if move {
				out = append(out, [2]int{tf, tr})
			}
			return true
		}
		if capture && oyWhite(t) != white {
			out = append(out, [2]int{tf, tr})
		}
		return false
	}
	steps := func(ds [][2]int) {
		for _, d := range ds {
			add(f+d[0], r+d[1], true, true)
		}
	}
	slides := func(ds [][2]int) {
		for _, d := range ds {
			for tf, tr := f+d[0], r+d[1]; add(tf, tr, true, true); tf, tr = tf+d[0], tr+d[1] {
			}
		}
	}
	switch c {
	case 'K', 'k':
		steps(oyAll)
	case 'Q':
		slides(oyAll)
	case 'R', 'r':
		slides(oyOrth)
	case 'B', 'b':
		slides(oyDiag)
	case 'N':
		steps([][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}})
	case 'P':
		if add(f, r+1, true, false) && r == 1 {
			add(f, r+2, true, false)
		}
		add(f+1, r+1, false, true)
		add(f-1, r+1, false, true)
	case 'g', 't', 'o', 'm', 'v':
		steps(oyGold(-1))
	case 's':
		steps([][2]int{{0, -1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}})
	case 'n':
		steps([][2]int{{1, -2}, {-1, -2}})
	case 'l':
		slides([][2]int{{0, -1}})
	case 'p':
		steps([][2]int{{0, -1}})
	case 'd':
		slides(oyOrth)
		steps(oyDiag)
	case 'h':
		slides(oyDiag)
		steps(oyOrth)
	}
	return out
}

// attacked reports whether the square (f, r) is attacked by the army white.
func (p *oyRef) attacked(f, r int, white bool) bool {
	for af := 0; af < 9; af++ {
		for ar := 0; ar < 9; ar++ {
			c := p.g[af][ar]
			if c == 0 || oyWhite(c) != white {
				continue
			}
			if c == 'P' {
				if ar+1 == r && (af-f == 1 || f-af == 1) {
					return true
				}
				continue
			}
			// Put a stand-in enemy piece on the square so captures count.
			old := p.g[f][r]
			if old == 0 || oyWhite(old) == white {
				if white {
					p.g[f][r] = 'x'
				} else {
					p.g[f][r] = 'X'
				}
			}
			hit := false
			for _, t := range p.targets(af, ar) {
				hit = hit || (t[0] == f && t[1] == r)
			}
			p.g[f][r] = old
			if hit {
				return true
			}
		}
	}
	return false
}

func (p *oyRef) king(white bool) (int, int) {
	want := byte('k')
	if white {
		want = 'K'
	}
	for f := 0; f < 9; f++ {
		for r := 0; r < 9; r++ {
			if p.g[f][r] == want {
				return f, r
			}
		}
	}
	return -1, -1
}

func (p *oyRef) inCheck(white bool) bool {
	f, r := p.king(white)
	return p.attacked(f, r, !white)
}

// shogiPromotes is the promoted letter of a shogi piece, or 0.
var oyShogiPromoted = map[byte]byte{'r': 'd', 'b': 'h', 's': 'v', 'n': 'm', 'l': 'o', 'p': 't'}

// pseudo lists the moves of the side to move, promotions and castling included.
func (p *oyRef) pseudo() []oyMove {
	var out []oyMove
	for f := 0; f < 9; f++ {
		for r := 0; r < 9; r++ {
			c := p.g[f][r]
			if c == 0 || oyWhite(c) != p.white {
				continue
			}
			for _, t := range p.targets(f, r) {
				m := oyMove{ff: f, fr: r, tf: t[0], tr: t[1]}
				switch {
				case c == 'P' && t[1] == 8:
					for _, q := range []byte{'Q', 'R', 'B', 'N'} {
						m.promo = q
						out = append(out, m)
					}
					continue
				case oyShogiPromoted[c] != 0 && (r <= 2 || t[1] <= 2):
					pm := m
					pm.promo = oyShogiPromoted[c]
					out = append(out, pm)
					stuck := ((c == 'p' || c == 'l') && t[1] == 0) || (c == 'n' && t[1] <= 1)
					if stuck {
						continue
					}
				}
				out = append(out, m)
			}
		}
	}
	if p.white && p.g[4][0] == 'K' && !p.inCheck(true) {
		if p.castle[0] && p.g[7][0] == 'R' && p.g[5][0] == 0 && p.g[6][0] == 0 &&
			!p.attacked(5, 0, false) && !p.attacked(6, 0, false) {
			out = append(out, oyMove{ff: 4, fr: 0, tf: 6, tr: 0, castle: true})
		}
		if p.castle[1] && p.g[0][0] == 'R' && p.g[1][0] == 0 && p.g[2][0] == 0 && p.g[3][0] == 0 &&
			!p.attacked(3, 0, false) && !p.attacked(2, 0, false) {
			out = append(out, oyMove{ff: 4, fr: 0, tf: 2, tr: 0, castle: true})
		}
	}
	return out
}

// play returns the position after m.
func (p *oyRef) play(m oyMove) *oyRef {
	q := *p
	c := q.g[m.ff][m.fr]
	if m.promo != 0 {
		c = m.promo
	}
	q.g[m.tf][m.tr], q.g[m.ff][m.fr] = c, 0
	if m.castle {
		if m.tf == 6 {
			q.g[5][0], q.g[7][0] = 'R', 0
		} else {
			q.g[3][0], q.g[0][0] = 'R', 0
		}
	}
	for _, sq := range [][2]int{{m.ff, m.fr}, {m.tf, m.tr}} {
		switch sq {
		case [2]int{4, 0}:
			q.castle = [2]bool{}
		case [2]int{7, 0}:
			q.castle[0] = false
		case [2]int{0, 0}:
			q.castle[1] = false
		}
	}
	q.white = !p.white
	return &q
}

func (p *oyRef) legal() []*oyRef {
	var out []*oyRef
	for _, m := range p.pseudo() {
		q := p.play(m)
		if !q.inCheck(p.white) {
			out = append(out, q)
		}
	}
	return out
}

func (p *oyRef) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	next := p.legal()
	if depth == 1 {
		return uint64(len(next))
	}
	var n uint64
	for _, q := range next {
		n += q.perft(depth - 1)
	}
	return n
}

// TestOuyaPerftCrossCheck compares the core's perft with the reference's, from
// the start and from positions that use each special rule (castling, both
// promotions, the shogi pieces' forced promotions).
func TestOuyaPerftCrossCheck(t *testing.T) {
	v := mustVariant(t, "ouya")
	cases := []struct {
		fen   string
		depth int
	}{
		{OuyaStart, 3},
		{"4k4/9/9/9/9/9/9/9/R3K2R1 w", 3},
		{"4k2s1/9/9/9/9/2p1l1n2/9/9/K8 b", 3},
		{"r3k4/2P4P1/9/3b5/9/1n2s2l1/p5p2/5P3/R3K2RN w", 3},
		{"lnsgkgsnl/1r5b1/p1pp1pppp/1p2p4/4P4/9/2N6/PPPP1PPPP/R1BQKBNRN b", 3},
	}
	if !testsize.Long() {
		cases = cases[:2]
	}
	for _, c := range cases {
		p := mustPosition(t, v, c.fen)
		ref := oyParse(c.fen)
		for d := 1; d <= c.depth; d++ {
			if got, want := p.Perft(d), ref.perft(d); got != want {
				t.Errorf("%s depth %d: core %d, reference %d", c.fen, d, got, want)
			}
		}
	}
}
