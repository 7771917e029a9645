package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/chuhe/chuhe/rules"
)

func xiangqi(t testing.TB) *rules.Variant {
	t.Helper()
	v, ok := testRegistry().Get("xiangqi")
	if !ok {
		t.Fatal("no xiangqi variant")
	}
	return v
}

func position(t testing.TB, fen string) *rules.Position {
	t.Helper()
	p, err := rules.NewPosition(xiangqi(t), fen)
	if err != nil {
		t.Fatalf("NewPosition(%q): %v", fen, err)
	}
	return p
}

func coords(p *rules.Position, line []rules.Move) []string {
	q := p.Clone()
	var out []string
	for _, m := range line {
		out = append(out, rules.FormatCoord(q, m))
		q.Make(m)
	}
	return out
}

func firstCoords(p *rules.Position, ms []rules.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, rules.FormatCoord(p, m))
	}
	slices.Sort(out)
	return out
}

// Positions from the Chinese Chess Practical Dataset by Yu-Han Tseng (CC BY 4.0),
// 殺局_殺法_練習題, after the given number of plies of the record; see
// ../puzzle/testdata/README.md.
var mates = []struct {
	name  string
	fen   string
	n     int
	first []string // every winning first move
	slow  bool     // seconds of search: skipped under -short and -race
}{
	{
		name: "stalemate_by_a_quiet_soldier_move",
		// Constructed: c7c8 takes d8 from the lone general, which cannot go to e9
		// (facing generals): it has no move and loses (困斃).
		fen: "3k5/9/2P6/9/9/9/9/9/9/4K4 w - - 0 1", n: 1, first: []string{"c7c8", "c7d7"},
	},
	{
		name: "mate_in_3_record_7_ply_46",
		fen:  "2bk1ab2/4aR3/4n2r1/4C3p/2pNp1p2/9/cr4n1P/4C1N1B/4A4/2BA1K3 w - - 4 24", n: 3,
	},
	{
		name: "mate_in_5_record_17_start",
		fen:  "2bak1b1r/4aRc2/6r1n/p3p4/2p1c4/6p2/P1PR4P/1C2B2C1/4A4/3K1AB2 w - - 0 1", n: 5, slow: true,
	},
}

func TestMateIn(t *testing.T) {
	for _, tc := range mates {
		t.Run(tc.name, func(t *testing.T) {
			if tc.slow && small() {
				t.Skip("slow search")
			}
			p := position(t, tc.fen)
			before := p.FEN()
			n, line, first := MateIn(p, tc.n)
			if p.FEN() != before {
				t.Fatalf("MateIn changed the position: %s", p.FEN())
			}
			if n != tc.n {
				t.Fatalf("MateIn = %d, want %d (line %v)", n, tc.n, coords(p, line))
			}
			if len(line) != 2*n-1 {
				t.Errorf("line %v has %d plies, want %d", coords(p, line), len(line), 2*n-1)
			}
			checkLineMates(t, p, line)
			if tc.first != nil && !slices.Equal(firstCoords(p, first), tc.first) {
				t.Errorf("first moves %v, want %v", firstCoords(p, first), tc.first)
			}
			if !slices.Contains(first, line[0]) {
				t.Errorf("first moves %v lack the line's first move", firstCoords(p, first))
			}
			// One move less is not enough.
			if m, _, _ := MateIn(p, tc.n-1); m != 0 {
				t.Errorf("MateIn(%d) found a mate in %d", tc.n-1, m)
			}
		})
	}
}

// checkLineMates plays line through rules.Game and wants the game won by the side
// that moved first.
func checkLineMates(t *testing.T, p *rules.Position, line []rules.Move) {
	t.Helper()
	g, err := rules.NewGame(p.Variant(), p.FEN())
	if err != nil {
		t.Fatal(err)
	}
	winner := p.ToMove()
	for i, m := range line {
		if err := g.Play(m); err != nil {
			t.Fatalf("ply %d of %v: %v", i+1, coords(p, line), err)
		}
	}
	o := g.Outcome()
	if !o.Over || o.Draw || o.Winner != winner {
		t.Errorf("after %v the outcome is %+v, want a win for %v", coords(p, line), o, winner)
	}
}

// naiveWin is the definition of a forced win, searched without table, ordering
// or policy: the reference the solver is checked against.
func naiveWin(p *rules.Position, n int) bool {
	if n == 0 {
		return false
	}
	for _, m := range p.LegalMoves(nil) {
		p.Make(m)
		ok := naiveLost(p, n-1)
		p.Unmake()
		if ok {
			return true
		}
	}
	return false
}

func naiveLost(p *rules.Position, n int) bool {
	replies := p.LegalMoves(nil)
	if len(replies) == 0 {
		return p.InCheck() || p.Variant().StalemateLoses
	}
	for _, r := range replies {
		p.Make(r)
		ok := naiveWin(p, n)
		p.Unmake()
		if !ok {
			return false
		}
	}
	return true
}

// TestMateAgreesWithNaiveSearch compares the solver with the definition on every
// position of the mate lines above, for wins of one and two moves, first moves
// included.
func TestMateAgreesWithNaiveSearch(t *testing.T) {
	if small() {
		t.Skip("naive search is slow")
	}
	checked := 0
	for _, tc := range mates {
		if tc.slow {
			continue
		}
		p := position(t, tc.fen)
		_, line, _ := MateIn(p, tc.n)
		q := p.Clone()
		for _, m := range line {
			for depth := 1; depth <= 2; depth++ {
				s := New(Options{FullWidth: -1})
				got, err := s.Mate(context.Background(), q, depth)
				if err != nil {
					t.Fatal(err)
				}
				want := naiveWin(q, depth)
				if (got.N != 0) != want {
					t.Errorf("%s: solver says mate in %d within %d, naive search says %v", q.FEN(), got.N, depth, want)
				}
				if want {
					var naiveFirst []rules.Move
					for _, fm := range q.LegalMoves(nil) {
						q.Make(fm)
						if naiveLost(q, got.N-1) {
							naiveFirst = append(naiveFirst, fm)
						}
						q.Unmake()
					}
					if !slices.Equal(firstCoords(q, got.FirstMoves), firstCoords(q, naiveFirst)) {
						t.Errorf("%s: first moves %v, naive %v", q.FEN(), firstCoords(q, got.FirstMoves), firstCoords(q, naiveFirst))
					}
				}
				checked++
			}
			q.Make(m)
		}
	}
	t.Logf("%d positions checked", checked)
}

func TestBudget(t *testing.T) {
	p := position(t, mates[2].fen)
	s := New(Options{MaxNodes: 300})
	if _, err := s.Mate(context.Background(), p, 5); !errors.Is(err, ErrBudget) {
		t.Errorf("Mate with a tiny budget: %v, want ErrBudget", err)
	}
	if p.FEN() != mates[2].fen {
		t.Errorf("a stopped search changed the position: %s", p.FEN())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New(Options{}).Mate(ctx, p, 5); !errors.Is(err, context.Canceled) {
		t.Errorf("Mate with a cancelled context: %v", err)
	}
	if _, err := s.Mate(context.Background(), p, MaxMateMoves+1); !errors.Is(err, ErrTooDeep) {
		t.Errorf("Mate too deep: %v", err)
	}
}

func TestNoMate(t *testing.T) {
	p := position(t, xiangqi(t).StartFEN)
	if n, line, first := MateIn(p, 2); n != 0 || line != nil || first != nil {
		t.Errorf("MateIn(start) = %d %v %v", n, line, first)
	}
}

// mirror turns a position round: the board rotated, colours swapped, the other
// side to move. A win for one side must be the same win for the other.
func mirror(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	for i, r := range ranks {
		b := []rune(r)
		for x, y := 0, len(b)-1; x < y; x, y = x+1, y-1 {
			b[x], b[y] = b[y], b[x]
		}
		for k, c := range b {
			switch {
			case unicode.IsUpper(c):
				b[k] = unicode.ToLower(c)
			case unicode.IsLower(c):
				b[k] = unicode.ToUpper(c)
			}
		}
		ranks[i] = string(b)
	}
	side := "b"
	if f[1] == "b" {
		side = "w"
	}
	return strings.Join(ranks, "/") + " " + side + " - - 0 1"
}

func TestMateForBlack(t *testing.T) {
	for _, tc := range mates {
		if tc.slow {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, mirror(tc.fen))
			if p.ToMove() != rules.Black {
				t.Fatalf("mirror %s: Red to move", p.FEN())
			}
			n, line, first := MateIn(p, tc.n)
			if n != tc.n || len(first) == 0 {
				t.Fatalf("mirrored: mate in %d, want %d", n, tc.n)
			}
			checkLineMates(t, p, line)
		})
	}
}

func BenchmarkMate(b *testing.B) {
	for _, tc := range mates[:2] {
		p := position(b, tc.fen)
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes int64
			for i := 0; i < b.N; i++ {
				s := New(Options{})
				if _, err := s.Mate(context.Background(), p, tc.n); err != nil {
					b.Fatal(err)
				}
				nodes += s.Nodes()
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// scoutGoal is a goal module for TestMateKnowsGoals: the side whose chariots are
// all gone has lost (a stand-in for the variants' goals: a flag, a tiger).
type scoutGoal struct{}

func (scoutGoal) ModuleName() string { return "test-no-chariots-loses" }

func (scoutGoal) GameEnd(p *rules.Position) (rules.Outcome, bool) {
	v := p.Variant()
	k := v.KindByLetter('R')
	var have [2]bool
	for sq := rules.Square(0); int(sq) < v.Board.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Kind() == k {
			have[pc.Side()] = true
		}
	}
	for s := rules.Red; s <= rules.Black; s++ {
		if !have[s] {
			return rules.Win(s.Other(), rules.ReasonVariantGoal), true
		}
	}
	return rules.Outcome{}, false
}

// TestMateKnowsGoals: the solver wins by a module's goal (here: taking the last
// enemy chariot), which is no checkmate.
func TestMateKnowsGoals(t *testing.T) {
	x, _ := testRegistry().Get("xiangqi")
	v, err := rules.Derive(x, rules.Delta{Slug: "no-chariots", Modules: []rules.Module{scoutGoal{}}})
	if err != nil {
		t.Fatal(err)
	}
	// Red's chariot a0 takes Black's only chariot on a9 (a0d0 also mates).
	p, err := rules.NewPosition(v, "r2k5/9/9/9/9/9/9/9/9/R3K3R w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := New(Options{MaxNodes: 100000}).Mate(context.Background(), p, 2)
	if err != nil || m.N != 1 {
		t.Fatalf("Mate by the goal: %+v, %v", m, err)
	}
	var first []string
	for _, f := range m.FirstMoves {
		first = append(first, rules.FormatCoord(p, f))
	}
	if !slices.Contains(first, "a0a9") {
		t.Errorf("winning first moves %v lack a0a9, the goal", first)
	}
}
