package variants

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chuhe/chuhe/internal/testsize"
	"github.com/chuhe/chuhe/rules"
)

func mustXiangqi(t testing.TB) *rules.Variant {
	t.Helper()
	v, ok := testRegistry().Get("xiangqi")
	if !ok {
		t.Fatal("xiangqi not registered")
	}
	return v
}

// Perft counts from xiangqi.md §11.1 (chessprogramming.org "Chinese Chess Perft
// Results"; reproduced with Fairy-Stockfish).
func TestXiangqiPerft(t *testing.T) {
	v := mustXiangqi(t)
	cases := []struct {
		name  string
		fen   string
		nodes []uint64
	}{
		{"start", XiangqiStart, []uint64{44, 1920, 79666, 3290240}},
		{"after h2e2", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", []uint64{45, 1564, 66333, 2379130}},
		{"cannon check", "4k4/4a4/9/9/4C4/9/9/9/9/4K4 b - - 0 1", []uint64{6, 72, 238, 4026}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := rules.NewPosition(v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			before := p.FEN()
			for d, want := range c.nodes {
				if (!testsize.Long() && want > 100_000) || (raceEnabled && want > 1_500_000) {
					break
				}
				if got := p.Perft(d + 1); got != want {
					t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
				}
			}
			if after := p.FEN(); after != before {
				t.Errorf("perft changed the position: %s -> %s", before, after)
			}
		})
	}
}

// BenchmarkPerft measures perft of each variant's start position (and of the
// options, with their secrets set) at a depth that takes about a second; nodes/s
// is the number to compare with other engines, allocs/op must stay near zero (a
// few per call, none per node).
func BenchmarkPerft(b *testing.B) {
	depths := map[string]int{"xiangqi": 4}
	type start struct {
		v   *rules.Variant
		fen string
	}
	var starts []start
	for _, v := range testRegistry().All() {
		starts = append(starts, start{v, v.StartFEN})
	}
	for _, c := range []struct {
		slug    string
		answers [2]string
	}{
		{"xiangqi", [2]string{"a2=R i2=C", "a7=N i7=P"}},
		{"jinchan", [2]string{"real e0 a2=R k2=C", "real g11 a9=N k9=P"}},
	} {
		v, err := testRegistry().Build(c.slug, []string{"fuhe"})
		if err != nil {
			b.Fatal(err)
		}
		fen, err := rules.ApplySecrets(v, "", c.answers)
		if err != nil {
			b.Fatal(err)
		}
		starts = append(starts, start{v, fen})
	}
	for _, st := range starts {
		depth, ok := depths[st.v.Slug]
		if !ok {
			depth = 3
		}
		p, err := rules.NewPosition(st.v, st.fen)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(st.v.Slug, func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for i := 0; i < b.N; i++ {
				nodes += p.Perft(depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkMoveGen measures legal move generation in a middle-game position.
func BenchmarkMoveGen(b *testing.B) {
	v := mustXiangqi(b)
	p, err := rules.NewPosition(v, "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("xiangqi", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]rules.Move, 0, 128)
		for i := 0; i < b.N; i++ {
			buf = p.LegalMoves(buf[:0])
		}
	})
}

// TestXiangqiPerftReference runs the positions of testdata/xiangqi-perft.txt
// (chessprogramming.org "Chinese Chess Perft Results" and Fairy-Stockfish's
// tests/perft.sh; every count reproduced with Fairy-Stockfish). The largest counts
// are left to `go run ./cmd/bot perft`; see the README.
func TestXiangqiPerftReference(t *testing.T) {
	v := mustXiangqi(t)
	limit := uint64(5_000_000)
	switch {
	case !testsize.Long():
		limit = 100_000
	case raceEnabled:
		limit = 1_500_000
	}
	data, err := os.ReadFile("testdata/xiangqi-perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 3 {
			t.Fatalf("line %d: want FEN|depth|nodes", i+1)
		}
		depth, _ := strconv.Atoi(parts[1])
		want, _ := strconv.ParseUint(parts[2], 10, 64)
		if want > limit {
			continue
		}
		ran++
		t.Run(fmt.Sprintf("line%d_depth%d", i+1, depth), func(t *testing.T) {
			p, err := rules.NewPosition(v, parts[0])
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Perft(depth); got != want {
				t.Errorf("perft(%d) of %s = %d, want %d", depth, parts[0], got, want)
			}
		})
	}
	if ran == 0 {
		t.Fatal("no reference position ran")
	}
}

// BenchmarkCostPerNode compares the cost of a perft node in jinchan (rule modules,
// stacks, two generals a side) with xiangqi's at the same depth, interleaved in
// one loop so that both see the same machine load: jinchan/xiangqi is the ratio.
func BenchmarkCostPerNode(b *testing.B) {
	x := mustXiangqi(b)
	j := mustJinchan(b)
	px, err := rules.NewPosition(x, x.StartFEN)
	if err != nil {
		b.Fatal(err)
	}
	pj, err := rules.NewPosition(j, jinchanStart(b, "e0", "g11"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	var tx, tj time.Duration
	var nx, nj uint64
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		nx += px.Perft(3)
		t1 := time.Now()
		nj += pj.Perft(3)
		tx, tj = tx+t1.Sub(t0), tj+time.Since(t1)
	}
	cx, cj := float64(tx.Nanoseconds())/float64(nx), float64(tj.Nanoseconds())/float64(nj)
	b.ReportMetric(cx, "ns/xiangqi-node")
	b.ReportMetric(cj, "ns/jinchan-node")
	b.ReportMetric(cj/cx, "jinchan/xiangqi")
}
