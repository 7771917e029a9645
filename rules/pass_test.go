package rules

import "testing"

// TestBoardPasses: a pass joins two points across holes as one orthogonal step
// (Step, both ways), but not for Near (blocking points) or longer deltas.
func TestBoardPasses(t *testing.T) {
	b := &Board{Width: 3, Height: 6, Holes: []string{"a2", "a3"}, Passes: []Pass{{From: "a1", To: "a4"}}}
	if err := b.Finalize(); err != nil {
		t.Fatal(err)
	}
	sq := func(n string) Square {
		s, ok := b.Parse(n)
		if !ok {
			t.Fatalf("no %s", n)
		}
		return s
	}
	for _, tc := range []struct {
		from   string
		df, dr int
		want   Square
	}{
		{"a1", 0, 1, sq("a4")},
		{"a4", 0, -1, sq("a1")},
		{"a1", 0, 2, NoSquare},
		{"a1", 1, 1, sq("b2")},
		{"a0", 0, 1, sq("a1")},
		{"b1", -1, 1, NoSquare},
	} {
		if got := b.Step(sq(tc.from), tc.df, tc.dr); got != tc.want {
			t.Errorf("Step(%s, %d, %d) = %s, want %s", tc.from, tc.df, tc.dr, b.Name(got), b.Name(tc.want))
		}
	}
	if got := b.Near(sq("a1"), 0, 1); got != NoSquare {
		t.Errorf("Near(a1, 0, 1) = %s, want none (a hole)", b.Name(got))
	}
	for _, bad := range [][]Pass{
		{{From: "a1", To: "b4"}}, // not on one file
		{{From: "a0", To: "a4"}}, // a1 between is a point
		{{From: "a1", To: "a9"}}, // no such point
	} {
		bb := &Board{Width: 3, Height: 6, Holes: []string{"a2", "a3"}, Passes: bad}
		if err := bb.Finalize(); err == nil {
			t.Errorf("pass %v accepted", bad)
		}
	}
}
