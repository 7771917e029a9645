package engine

import (
	"context"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// BenchmarkSolveCollection solves every mate puzzle of the shipped collection
// as the puzzle build verifies it (Solver.Mate: the shortest mate, every
// winning first move, the main line), each with a fresh Solver; "found" counts
// the puzzles solved in their length (the build's solver carried proofs from
// the record's later positions, which a fresh one lacks for a few). It uses only
// the public API, so that the same file measures an older solver too (see
// docs/engine.md, "Puzzle solver").
func BenchmarkSolveCollection(b *testing.B) {
	pf := loadPuzzles(b)
	v := xiangqi(b)
	type job struct {
		p *rules.Position
		n int
	}
	var jobs []job
	for _, pz := range pf.Puzzles {
		if pz.Goal != "mate" {
			continue
		}
		p, err := rules.NewPosition(v, pz.FEN)
		if err != nil {
			b.Fatalf("%s: %v", pz.ID, err)
		}
		jobs = append(jobs, job{p, pz.MateIn})
	}
	b.ResetTimer()
	var nodes int64
	found := 0
	for i := 0; i < b.N; i++ {
		found = 0
		for _, j := range jobs {
			s := New(Options{})
			m, err := s.Mate(context.Background(), j.p, j.n)
			if err != nil {
				b.Fatalf("%s: %v", j.p.FEN(), err)
			}
			if m.N == j.n {
				found++
			}
			nodes += m.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(found), "found")
}
