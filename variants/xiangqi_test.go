package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

func mustXiangqi(t testing.TB) *rules.Variant {
	t.Helper()
	v, ok := Default().Get("xiangqi")
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
				if testing.Short() && want > 100000 {
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

func BenchmarkPerft(b *testing.B) {
	v := mustXiangqi(b)
	p, err := rules.NewPosition(v, XiangqiStart)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("xiangqi/depth4", func(b *testing.B) {
		b.ReportAllocs()
		var nodes uint64
		for i := 0; i < b.N; i++ {
			nodes += p.Perft(4)
		}
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	})
}
