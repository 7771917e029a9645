package variants

import (
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// zonesAre checks the off= field (the recovery zones) of the game's FEN.
func zonesAre(want string) func(t *testing.T, g *rules.Game) {
	return func(t *testing.T, g *rules.Game) {
		t.Helper()
		got := ""
		for _, f := range strings.Fields(g.Position().FEN()) {
			if strings.HasPrefix(f, "off=") {
				got = strings.TrimPrefix(f, "off=")
			}
		}
		if got != want {
			t.Errorf("zones %q, want %q (%s)", got, want, g.Position().FEN())
		}
	}
}

// TestJianshou is jianshou.md "Test cases", one row per case. The spec writes
// the zones as a last field [s6=n,x5=P]; the FEN of the core writes them as
// off=s6:n,x5:P (see docs/variants/jianshou.md).
func TestJianshou(t *testing.T) {
	v := mustVariant(t, "jianshou")
	const (
		p1 = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
		p4 = "4k4/9/9/9/9/9/9/9/9/3K5 b off=s1:n"
		p7 = "4k3R/9/9/9/9/9/9/9/9/3K5 b off=r1:b,s6:n"
		p8 = "4k4/9/9/9/9/9/9/9/9/3K5 w off=x1:P"
		p9 = "3k5/9/9/9/9/9/9/9/9/2N1K4 w off=v1:B"
	)
	runBoardCases(t, v, []boardCase{
		{n: 1, fen: p1, legal: "b2b9 b2b9@s3", illegal: "b2b9@w6"},
		{n: 1, fen: p1, pre: "b2b9", check: zonesAre("s6:n")},
		{n: 1, fen: p1, pre: "b2b9@s3", check: zonesAre("s3:n")},
		{n: 2, fen: "4k4/9/9/4p4/4P4/9/9/9/9/3K5 w", pre: "e5e6", check: zonesAre("t6:p")},
		{n: 3, fen: "4k4/9/9/9/9/9/9/9/9/3K5 b off=s6:n", legal: "s6s4 s6s5", illegal: "s6s3 s6s2 s6i8"},
		{n: 4, fen: p4, legal: "s1i8"},
		{n: 4, fen: p4, pre: "s1i8 d0d1", legal: "i8g7", check: zonesAre("")},
		{n: 5, fen: "4k4/8R/9/9/9/9/9/9/9/3K5 b off=s1:n", legal: "s1s2", illegal: "s1i8"},
		{n: 6, fen: "4k4/9/9/9/9/9/9/9/R8/3K5 w off=w3:R", legal: "w3w1 w3w5", illegal: "a1w1"},
		{n: 7, fen: p7, legal: "r1g9 e9e8", illegal: "s6s4 e9d9"},
		{n: 8, fen: p8, legal: "x1i3"},
		{n: 8, fen: p8, pre: "x1i3 e9e8", legal: "i3i4", illegal: "i3h3"},
		{n: 9, fen: p9, legal: "v1v2", illegal: "v1c0"},
		{n: 9, fen: p9, pre: "c0b2 d9d8", legal: "v1c0"},
		{n: 10, fen: "4k4/9/9/9/9/9/9/9/9/3K5 w off=u1:A", legal: "u1f0"},
		// After u1f0 e9e8 (as a game, two generals and an advisor are drawn at once).
		{n: 10, fen: "9/4k4/9/9/9/9/9/9/9/3K1A3 w", legal: "f0e1"},
	})
}

func TestJianshouRefusals(t *testing.T) {
	v := mustVariant(t, "jianshou")
	start := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
	for _, c := range []struct{ fen, move, reason string }{
		{start, "b2b9@w6", "the captured horse goes to s1–s6"},
		{start, "b2b9@s6", "s6 is where the horse goes anyway: write b2b9"},
		{start, "b2b5@s3", "only a capture chooses a zone point: b2b5 captures nothing"},
		{start, "b2b7@s3", "b2b7 is not a capture that piece can make now"},
		{"4k4/9/9/9/9/9/9/9/9/3K5 b off=s6:n", "s6s3", "a piece in a recovery zone steps one point along the zone's lines (s6s5, s6s4)"},
		{"4k4/9/9/9/9/9/9/9/9/3K5 b off=s6:n", "s6i8", "a piece leaves its recovery zone only from s1 onto i8"},
		{"4k4/8R/9/9/9/9/9/9/9/3K5 b off=s1:n", "s1i8", "i8 is occupied: a piece enters only onto an empty point, never capturing"},
		{"4k4/9/9/9/9/9/9/9/R8/3K5 w off=w3:R", "a1w1", "no piece may enter a recovery zone from the board"},
	} {
		checkRefusal(t, mustPosition(t, v, c.fen), c.move, c.reason)
	}
}

func TestJianshouRandomGames(t *testing.T) {
	v := mustVariant(t, "jianshou")
	games, plies := 4, 150
	if small() {
		games, plies = 1, 60
	}
	for g := 0; g < games; g++ {
		randomGame(t, v, newRand(uint64(2100+g)), plies)
	}
}

// jianshouRef is a reference perft of jianshou.md, sharing nothing with the
// module: the board moves of the reference generator, every capture once per
// empty point of the captured piece's zone, zone steps and entries.
type jianshouRef struct {
	ref   refRules
	zones map[string]byte // point name -> piece letter
}

// refZone names the zone letter of a captured piece (its owner's) and its entry.
func refZone(c byte) (letter byte, entry [2]int) {
	red := isRed(c)
	switch c | 0x20 {
	case 'r', 'n', 'c':
		if red {
			return 'w', [2]int{0, 1}
		}
		return 's', [2]int{8, 8}
	case 'b':
		if red {
			return 'v', [2]int{2, 0}
		}
		return 'r', [2]int{6, 9}
	case 'a':
		if red {
			return 'u', [2]int{5, 0}
		}
		return 'q', [2]int{3, 9}
	}
	if red {
		return 'x', [2]int{8, 3}
	}
	return 't', [2]int{0, 6}
}

var refZoneAdj = map[int][]int{1: {2, 3}, 2: {1, 4}, 3: {1, 4, 5}, 4: {2, 3, 6}, 5: {3, 6}, 6: {4, 5}}

func (j *jianshouRef) perft(p *refPos, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	legalThen := func(do, undo func()) {
		do()
		if !j.ref.attacked(p, p.black) {
			p.black = !p.black
			n += j.perft(p, depth-1)
			p.black = !p.black
		}
		undo()
	}
	for _, m := range j.ref.pseudo(p, p.black) {
		from, to := p.grid[m.r0][m.f0], p.grid[m.r1][m.f1]
		move := func() { p.grid[m.r1][m.f1], p.grid[m.r0][m.f0] = from, 0 }
		back := func() { p.grid[m.r0][m.f0], p.grid[m.r1][m.f1] = from, to }
		if to == 0 {
			legalThen(move, back)
			continue
		}
		z, _ := refZone(to)
		for i := 1; i <= 6; i++ {
			name := string(z) + strconv.Itoa(i)
			if _, taken := j.zones[name]; taken {
				continue
			}
			legalThen(func() { move(); j.zones[name] = to }, func() { delete(j.zones, name); back() })
		}
	}
	names := make([]string, 0, len(j.zones))
	for name := range j.zones {
		names = append(names, name)
	}
	for _, name := range names { // a snapshot: the moves below change the map
		c := j.zones[name]
		if isRed(c) == p.black {
			continue
		}
		i, _ := strconv.Atoi(name[1:])
		for _, k := range refZoneAdj[i] {
			dest := name[:1] + strconv.Itoa(k)
			if _, taken := j.zones[dest]; taken {
				continue
			}
			legalThen(func() { delete(j.zones, name); j.zones[dest] = c }, func() { delete(j.zones, dest); j.zones[name] = c })
		}
		if _, e := refZone(c); i == 1 && p.grid[e[1]][e[0]] == 0 {
			legalThen(func() { delete(j.zones, name); p.grid[e[1]][e[0]] = c }, func() { p.grid[e[1]][e[0]] = 0; j.zones[name] = c })
		}
	}
	return n
}

func TestJianshouPerft(t *testing.T) {
	v := mustVariant(t, "jianshou")
	ref := refRules{king: 'K', gen: func(p *refPos, f, r int) [][2]int {
		if out, ok := refStandard(p, f, r); ok {
			return out
		}
		c := p.at(f, r)
		black := !isRed(c)
		palace := func(x, y int) bool {
			if black {
				y = 9 - y
			}
			return x >= 3 && x <= 5 && y <= 2
		}
		switch c | 0x20 {
		case 'k':
			return refStep(p, f, r, refOrth, palace)
		case 'a':
			return refStep(p, f, r, refDiag4, palace)
		case 'b':
			return refDiag(p, f, r, 2, func(_, y int) bool { return (y <= 4) != black })
		}
		panic("jianshou ref: no piece " + string(c))
	}}
	// Depth 3 (seconds with the slow reference) only with CHUHE_FULL_PERFT=1.
	depth := 2
	switch {
	case os.Getenv("CHUHE_FULL_PERFT") == "1":
		depth = 3
	case small():
		depth = 1
	}
	for _, c := range []struct {
		board string
		zones map[string]byte
	}{
		{XiangqiStart, nil},
		{"r1bakabr1/9/1cn4c1/p1p1p3p/9/9/P3P1P1P/1C2B2C1/9/RN1AKAB1R w", map[string]byte{"w1": 'N', "s5": 'n', "x6": 'P', "t1": 'p'}},
		{"4k4/4a4/9/9/9/9/9/9/4A4/3K5 b", map[string]byte{"s1": 'r', "r1": 'b', "w2": 'C', "q6": 'a'}},
	} {
		fen := c.board
		var off []string
		for name, l := range c.zones {
			off = append(off, name+":"+string(l))
		}
		sort.Strings(off)
		if len(off) > 0 {
			fen += " - - 0 1 off=" + strings.Join(off, ",")
		}
		p := mustPosition(t, v, fen)
		zones := map[string]byte{}
		for k, l := range c.zones {
			zones[k] = l
		}
		j := &jianshouRef{ref: ref, zones: zones}
		if got, want := p.Perft(depth), j.perft(parseRef(t, c.board, 9, 10), depth); got != want {
			t.Errorf("%s: perft(%d) = %d, reference %d", fen, depth, got, want)
		}
	}
}
