package rules

import (
	"sync"
	"testing"
)

// TestTablesBuiltOnFirstUse: Finalize leaves a variant without its move
// tables (it checks the start position with tables it drops); the first
// position builds them, once, and every position of the variant shares them.
// A clone gets its own when it is finalized and used.
func TestTablesBuiltOnFirstUse(t *testing.T) {
	v := tinyVariant(t, nil)
	if v.lazy == nil || v.lazy.mt.zob != nil || v.lazy.mt.tables != nil {
		t.Fatalf("a finalized variant holds its tables before any position")
	}
	p, err := NewPosition(v, v.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	if p.t != &v.lazy.mt || p.t.zob == nil || p.t.tables == nil {
		t.Fatalf("the first position did not build the variant's tables")
	}
	q, err := NewPosition(v, "3k1/5/5/5/K3R w")
	if err != nil {
		t.Fatal(err)
	}
	if q.t != p.t || p.Clone().t != p.t {
		t.Errorf("positions of one variant hold different tables")
	}
	c := v.Clone("tiny2")
	if err := c.Finalize(); err != nil {
		t.Fatal(err)
	}
	cp, err := NewPosition(c, c.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	if cp.t == p.t {
		t.Errorf("a clone shares its parent's tables")
	}
	if cp.Hash() != p.Hash() || len(cp.LegalMoves(nil)) != len(p.LegalMoves(nil)) {
		t.Errorf("the clone's tables differ: hash %x, want %x", cp.Hash(), p.Hash())
	}
}

// TestTablesFirstUseConcurrent: goroutines that make a variant's first
// positions at once, while another clones it, build its tables once and agree
// on every move (run with -race).
func TestTablesFirstUseConcurrent(t *testing.T) {
	v := tinyVariant(t, nil)
	const workers = 8
	moves := make([]int, workers)
	tables := make([]*moveTables, workers)
	var wg sync.WaitGroup
	for i := range workers {
		wg.Go(func() {
			p, err := NewPosition(v, v.StartFEN)
			if err != nil {
				t.Error(err)
				return
			}
			moves[i], tables[i] = len(p.LegalMoves(nil)), p.t
		})
	}
	wg.Go(func() {
		if err := v.Clone("tiny-clone").Finalize(); err != nil {
			t.Error(err)
		}
	})
	wg.Wait()
	for i := range workers {
		if tables[i] != tables[0] || moves[i] != moves[0] || moves[0] == 0 {
			t.Fatalf("worker %d: tables %p, %d moves; worker 0: %p, %d moves", i, tables[i], moves[i], tables[0], moves[0])
		}
	}
}
