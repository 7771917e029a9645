package variants

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/internal/testsize"
)

// An independent, slow move generator for disandai, written from
// rules/disandai.md with no tables, zones or modules of the core: a grid of
// letters, backs in a map, every piece's moves by hand. It cross-checks the
// perft counts (TestDisandaiPerftCrossCheck).

type ddRef struct {
	g     [9][10]byte // [file][rank]
	back  map[[2]int]byte
	red   bool
	last  [2]byte // letter (upper) whose rule each side's last move showed
	lastF [2][2]int
	lastT [2][2]int
	dbl   [2]bool
}

type ddMove struct {
	f0, r0, f1, r1 int
	kind           byte // 0 plain, '!' flip, '@' double flip
}

func ddParse(t *testing.T, fen string) *ddRef {
	t.Helper()
	fields := strings.Fields(fen)
	p := &ddRef{back: map[[2]int]byte{}, red: fields[1] == "w", lastF: [2][2]int{{-1, -1}, {-1, -1}}, lastT: [2][2]int{{-1, -1}, {-1, -1}}}
	for i, row := range strings.Split(fields[0], "/") {
		f := 0
		for j := 0; j < len(row); j++ {
			if c := row[j]; c >= '1' && c <= '9' {
				f += int(c - '0')
				continue
			}
			p.g[f][9-i] = row[j]
			f++
		}
	}
	for _, fl := range fields {
		if v, ok := strings.CutPrefix(fl, "backs="); ok {
			for _, e := range strings.Split(v, ",") {
				sq, l, _ := strings.Cut(e, "=")
				p.back[[2]int{int(sq[0] - 'a'), int(sq[1] - '0')}] = l[0]
			}
		}
	}
	return p
}

func ddOn(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 10 }

func ddPalace(red bool, f, r int) bool {
	if red {
		return f >= 3 && f <= 5 && r <= 2
	}
	return f >= 3 && f <= 5 && r >= 7
}

func ddOwnHalf(red bool, r int) bool { return (r <= 4) == red }

func sideIdx(red bool) int {
	if red {
		return 0
	}
	return 1
}

// targets lists (file, rank, capture-allowed-only, move-allowed) targets of
// the piece c on (f, r) moving by the rule of letter k (free: zones dropped).
func (p *ddRef) targets(c byte, k byte, f, r int, free bool) [][3]int { // [f, r, mode] mode 1 move, 2 capture, 3 both
	red := isRed(c)
	fwd := 1
	if !red {
		fwd = -1
	}
	var out [][3]int
	add := func(tf, tr, mode int) {
		if ddOn(tf, tr) {
			out = append(out, [3]int{tf, tr, mode})
		}
	}
	empty := func(tf, tr int) bool { return ddOn(tf, tr) && p.g[tf][tr] == 0 }
	orth := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diag := [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	ride := func(dirs [][2]int, max, mode int) {
		for _, d := range dirs {
			for i := 1; max == 0 || i <= max; i++ {
				tf, tr := f+d[0]*i, r+d[1]*i
				if !ddOn(tf, tr) {
					break
				}
				add(tf, tr, mode)
				if p.g[tf][tr] != 0 {
					break
				}
			}
		}
	}
	hop := func(dirs [][2]int) { // cannon captures
		for _, d := range dirs {
			screen := false
			for i := 1; ; i++ {
				tf, tr := f+d[0]*i, r+d[1]*i
				if !ddOn(tf, tr) {
					break
				}
				if p.g[tf][tr] == 0 {
					continue
				}
				if screen {
					add(tf, tr, 2)
					break
				}
				screen = true
			}
		}
	}
	slide := func(dirs [][2]int) { // moves to empty points only
		for _, d := range dirs {
			for i := 1; empty(f+d[0]*i, r+d[1]*i); i++ {
				add(f+d[0]*i, r+d[1]*i, 1)
			}
		}
	}
	horse := func(mode int, legs bool) {
		for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
			lf, lr := f, r+d[1]/2
			if abs(d[0]) == 2 {
				lf, lr = f+d[0]/2, r
			}
			if !legs || empty(lf, lr) {
				add(f+d[0], r+d[1], mode)
			}
		}
	}
	switch k {
	case 'K':
		for _, d := range orth {
			if free || ddPalace(red, f+d[0], r+d[1]) {
				add(f+d[0], r+d[1], 3)
			}
		}
	case 'A', 'D':
		for _, d := range diag {
			tf, tr := f+d[0], r+d[1]
			if free || (k == 'A' && ddPalace(red, tf, tr)) || (k == 'D' && ddPalace(!red, tf, tr)) {
				add(tf, tr, 3)
			}
		}
	case 'B', 'V':
		for _, d := range diag {
			tf, tr := f+2*d[0], r+2*d[1]
			if empty(f+d[0], r+d[1]) && (free || (k == 'B') == ddOwnHalf(red, tr)) {
				add(tf, tr, 3)
			}
		}
	case 'N', 'E':
		horse(3, true)
	case 'R', 'G':
		ride(orth, 0, 3)
	case 'C', 'O':
		slide(orth)
		hop(orth)
	case 'P':
		add(f, r+fwd, 3)
		if !ddOwnHalf(red, r) {
			add(f+1, r, 3)
			add(f-1, r, 3)
		}
	case 'H':
		for _, d := range diag {
			if empty(f+d[0], r+d[1]) {
				add(f+d[0], r+d[1], 1)
			}
		}
	case 'T':
		for _, d := range [][2]int{{2, 3}, {3, 2}, {-2, 3}, {-3, 2}, {2, -3}, {3, -2}, {-2, -3}, {-3, -2}} {
			if empty(f+sign(d[0]), r+sign(d[1])) {
				add(f+d[0], r+d[1], 3)
			}
		}
	case 'L':
		for _, d := range [][2]int{{1, 3}, {3, 1}, {-1, 3}, {-3, 1}, {1, -3}, {3, -1}, {-1, -3}, {-3, -1}} {
			lf, lr := f, r+sign(d[1]) // the leg: one point in the long direction
			if abs(d[0]) == 3 {
				lf, lr = f+sign(d[0]), r
			}
			if empty(lf, lr) {
				add(f+d[0], r+d[1], 3)
			}
		}
	case 'Z':
		ride(diag, 2, 3)
	case 'F':
		ride([][2]int{{1, 0}, {-1, 0}}, 0, 3)
		slide([][2]int{{0, 1}, {0, -1}})
		hop([][2]int{{0, 1}, {0, -1}})
	case 'Q':
		horse(1, false)
		for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
			if ddOn(f+d[0], r+d[1]) && !empty(f+d[0], r+d[1]) {
				add(f+2*d[0], r+2*d[1], 2)
			}
		}
	case 'U':
		slide(orth)
		for _, d := range diag {
			if ddOn(f+d[0], r+d[1]) && !empty(f+d[0], r+d[1]) {
				add(f+2*d[0], r+2*d[1], 2)
			}
		}
	case 'S':
		slide(orth)
		for _, d := range orth {
			gaps := 0
			for i := 1; ddOn(f+d[0]*i, r+d[1]*i); i++ {
				if p.g[f+d[0]*i][r+d[1]*i] == 0 {
					if gaps++; gaps > 1 {
						break
					}
					continue
				}
				if gaps == 1 {
					add(f+d[0]*i, r+d[1]*i, 2)
				}
			}
		}
	}
	return out
}

func ddUpper(c byte) byte {
	if c >= 'a' {
		return c - 32
	}
	return c
}

// captures reports whether the piece on (f, r) may take on (tf, tr) now,
// with the X's rule, the 臣 rule aside.
func (p *ddRef) reaches(f, r, tf, tr int, wantCapture bool) bool {
	c := p.g[f][r]
	k, free := ddUpper(c), false
	if k == 'X' {
		k, free = p.last[1-sideIdx(isRed(c))], true
		if k == 0 {
			return false
		}
		if me := sideIdx(isRed(c)); p.red == (me == 0) {
			o := 1 - me // the 驫 may not take what the opponent just moved
			if (p.lastT[o] == [2]int{tf, tr}) || (p.lastF[o] == [2]int{tf, tr}) {
				return false
			}
		}
	}
	for _, t := range p.targets(c, k, f, r, free) {
		if t[0] == tf && t[1] == tr && (t[2]&2 != 0) == wantCapture && (wantCapture || t[2]&1 != 0) {
			return true
		}
	}
	return false
}

// takers counts the pieces of side red that can take on (tf, tr).
func (p *ddRef) takers(red bool, tf, tr int, noX bool) int {
	n := 0
	for f := 0; f < 9; f++ {
		for r := 0; r < 10; r++ {
			c := p.g[f][r]
			if c == 0 || isRed(c) != red || (noX && ddUpper(c) == 'X') {
				continue
			}
			if p.reaches(f, r, tf, tr, true) {
				n++
			}
		}
	}
	return n
}

func (p *ddRef) king(red bool) (int, int) {
	for f := 0; f < 9; f++ {
		for r := 0; r < 10; r++ {
			if c := p.g[f][r]; c != 0 && ddUpper(c) == 'K' && isRed(c) == red {
				return f, r
			}
		}
	}
	return -1, -1
}

// exposed: side red's general can be taken, or faces the other.
func (p *ddRef) exposed(red bool, noX bool) bool {
	kf, kr := p.king(red)
	ef, er := p.king(!red)
	if kf < 0 {
		return true
	}
	if kf == ef {
		open := true
		for r := min(kr, er) + 1; r < max(kr, er); r++ {
			open = open && p.g[kf][r] == 0
		}
		if open {
			return true
		}
	}
	return p.takers(!red, kf, kr, noX) > 0
}

func (p *ddRef) count(red bool, k byte) int {
	n := 0
	for f := 0; f < 9; f++ {
		for r := 0; r < 10; r++ {
			if c := p.g[f][r]; c != 0 && isRed(c) == red && ddUpper(c) == k {
				n++
			}
		}
	}
	return n
}

func (p *ddRef) moves() []ddMove {
	var out []ddMove
	red := p.red
	hasW := p.count(red, 'W') > 0
	for f := 0; f < 9; f++ {
		for r := 0; r < 10; r++ {
			c := p.g[f][r]
			if c == 0 || isRed(c) != red {
				continue
			}
			k := ddUpper(c)
			if hasW {
				if k == 'W' {
					out = append(out, ddMove{f, r, f, r, '!'})
				}
				continue
			}
			base := 9
			if !red {
				base = 0
			}
			_, hasBack := p.back[[2]int{f, r}]
			switch {
			case k == 'P' && r == base && hasBack, k == 'A' && p.count(red, 'A') == 1 && p.back[[2]int{f, r}] != 'k',
				strings.IndexByte("BRNC", k) >= 0 && p.count(red, k) == 1:
				out = append(out, ddMove{f, r, f, r, '!'})
			}
			if k == 'X' {
				kk := p.last[1-sideIdx(red)]
				if kk == 0 {
					continue
				}
				for _, t := range p.targets(c, kk, f, r, true) {
					d := p.g[t[0]][t[1]]
					o := 1 - sideIdx(red)
					if (d == 0 && t[2]&1 != 0) || (d != 0 && isRed(d) != red && t[2]&2 != 0 &&
						p.lastT[o] != [2]int{t[0], t[1]} && p.lastF[o] != [2]int{t[0], t[1]} && p.mayTake(t[0], t[1])) {
						out = append(out, ddMove{f, r, t[0], t[1], 0})
					}
				}
				continue
			}
			for _, t := range p.targets(c, k, f, r, false) {
				d := p.g[t[0]][t[1]]
				if (d == 0 && t[2]&1 != 0) || (d != 0 && isRed(d) != red && t[2]&2 != 0 && p.mayTake(t[0], t[1])) {
					out = append(out, ddMove{f, r, t[0], t[1], 0})
				}
			}
		}
	}
	if !hasW && !p.dbl[sideIdx(red)] && p.exposedCheck(red) {
		kf, kr := p.king(red)
		for f := 0; f < 9; f++ {
			for r := 0; r < 10; r++ {
				if c := p.g[f][r]; c != 0 && isRed(c) == red && ddUpper(c) == 'A' {
					out = append(out, ddMove{kf, kr, f, r, '@'})
				}
			}
		}
	}
	return out
}

// exposedCheck is check without the 驫 (and without facing: that is no check).
func (p *ddRef) exposedCheck(red bool) bool {
	kf, kr := p.king(red)
	return kf >= 0 && p.takers(!red, kf, kr, true) > 0
}

// mayTake: a 臣 is taken only while two enemy pieces can take it.
func (p *ddRef) mayTake(tf, tr int) bool {
	t := p.g[tf][tr]
	if ddUpper(t) != 'H' {
		return true
	}
	return p.takers(!isRed(t), tf, tr, false) >= 2
}

func ddCase(c byte, red bool) byte {
	if red {
		return c
	}
	return c + 32
}

func (p *ddRef) play(m ddMove) *ddRef {
	q := *p
	q.back = map[[2]int]byte{}
	for k, v := range p.back {
		q.back[k] = v
	}
	red := p.red
	me := sideIdx(red)
	c := p.g[m.f0][m.r0]
	k := ddUpper(c)
	shown := k
	switch m.kind {
	case '!':
		b := q.back[[2]int{m.f0, m.r0}]
		var to byte
		switch k {
		case 'W':
			to = 'P'
		case 'P':
			valid := map[byte]string{'R': "ai", 'N': "bh", 'B': "cg", 'A': "df", 'C': "e"}[b]
			to = map[byte]byte{'R': 'G', 'N': 'E', 'C': 'O', 'B': 'V', 'A': 'D'}[b]
			if !strings.ContainsRune(valid, rune('a'+m.f0)) {
				to, shown = 'W', b
			}
		case 'A':
			to = 'H'
			if b == 'K' {
				to = 'A' // a wrong flip: lost, the disc stays
			}
		default:
			pair := map[byte][2]byte{'B': {'T', 'L'}, 'R': {'Z', 'F'}, 'N': {'Q', 'X'}, 'C': {'U', 'S'}}[k]
			to = pair[1]
			if b == pair[0] {
				to = pair[0]
			}
		}
		if to != 'W' && to != 'P' {
			delete(q.back, [2]int{m.f0, m.r0})
		}
		q.g[m.f0][m.r0] = ddCase(to, red)
		if shown == k {
			shown = to
		}
	case '@':
		q.g[m.f0][m.r0] = ddCase('A', red)
		q.g[m.f1][m.r1] = ddCase('K', red)
		q.back[[2]int{m.f0, m.r0}] = 'k' // the old general's disc
		delete(q.back, [2]int{m.f1, m.r1})
		q.dbl[me] = true
		shown = 'K'
	default:
		q.g[m.f1][m.r1], q.g[m.f0][m.r0] = c, 0
		if b, ok := q.back[[2]int{m.f0, m.r0}]; ok {
			delete(q.back, [2]int{m.f0, m.r0})
			q.back[[2]int{m.f1, m.r1}] = b
		}
		if k == 'X' {
			shown = p.last[1-me]
		}
	}
	q.last[me] = shown
	q.lastF[me], q.lastT[me] = [2]int{m.f0, m.r0}, [2]int{m.f1, m.r1}
	q.red = !red
	if q.dbl[1-me] && !q.exposedCheck(!red) {
		q.dbl[1-me] = false
	}
	return &q
}

func (p *ddRef) legal(m ddMove) (*ddRef, bool) {
	q := p.play(m)
	if k := ddUpper(q.g[m.f1][m.r1]); k == 'H' && m.kind == 0 {
		red := p.red
		if !ddPalace(red, m.f0, m.r0) && ddPalace(red, m.f1, m.r1) {
			return nil, false
		}
		if !ddOwnHalf(red, m.r0) && ddOwnHalf(red, m.r1) {
			return nil, false
		}
	}
	return q, !q.exposed(p.red, false)
}

func (p *ddRef) perft(depth int) uint64 {
	var n uint64
	for _, m := range p.moves() {
		q, ok := p.legal(m)
		if !ok {
			continue
		}
		if depth == 1 {
			n++
		} else {
			n += q.perft(depth - 1)
		}
	}
	return n
}

// TestDisandaiPerftCrossCheck: the reference agrees with the core on the
// fixed start and on positions with every flip and new kind in reach.
func TestDisandaiPerftCrossCheck(t *testing.T) {
	v := mustVariant(t, "disandai")
	fens := []string{
		disandaiFixedStart(t, v),
		"2b1kab2/1P2a2P1/4c4/1r5n1/9/9/1N5R1/4C4/1p2A2p1/2B1KA3 w - - 0 1 backs=b8=R,h8=N,f0=K,c0=T,h3=Z,b3=Q,e2=U,b1=C,h1=A,e8=K,c9=T,b6=Z,h6=Q,e7=U",
		"5k3/9/9/9/4r4/9/9/5A3/4K4/3A5 w - - 0 1 backs=d0=K",
		"n4k3/9/P8/9/F3p2r1/9/2Z6/9/9/4K4 w",
		"5k3/9/n8/p8/p8/9/P8/S8/4Q4/3TKU3 w",
		"3k5/9/9/9/9/9/9/4n4/6Hr1/4K4 w",
		"3k5/9/9/9/4H4/9/9/7p1/5r3/4K4 b",
	}
	for i, fen := range fens {
		depth := 3
		if i > 0 || !testsize.Long() {
			depth = 2
		}
		p := mustPosition(t, v, fen)
		for d := 1; d <= depth; d++ {
			if got, want := p.Perft(d), ddParse(t, fen).perft(d); got != want {
				t.Errorf("%s perft(%d): core %d, reference %d", fen, d, got, want)
			}
		}
	}
}
