package rules

import (
	"strings"
	"testing"
)

// supportVariant is a 7x7 cell board whose long diagonal a1-g7 is a drawn line.
// S captures along the line only with an own lone piece right behind it there
// (as Jinchan's string chariot, 弦車); H captures diagonally over an adjacent
// screen onto the point right behind it, and no farther (Jinchan's cannon).
func supportVariant(t *testing.T) *Variant {
	t.Helper()
	b := &Board{Width: 7, Height: 7, Cells: true}
	if err := b.Finalize(); err != nil {
		t.Fatal(err)
	}
	line := b.SquaresOf("a1", "b2", "c3", "d4", "e5", "f6", "g7")
	b.Zones = map[string]Zone{"line": {line, line}}
	var strings []Atom
	for _, d := range [][2]int{{1, 1}, {-1, -1}} {
		strings = append(strings, Atom{Kind: Ride, DF: d[0], DR: d[1], Mode: CaptureOnly,
			From: "line", To: "line", Support: [][2]int{{-d[0], -d[1]}}})
	}
	hops := Hops(Diag4, 1)
	for i := range hops {
		hops[i].Range = 2
	}
	v := &Variant{
		Slug:   "support",
		Board:  b,
		Stacks: true,
		Kinds: []Kind{
			{Letter: 'K', Name: "king", Royal: true, Atoms: Steps(eightDirs, MoveOrCapture)},
			{Letter: 'S', Name: "string rook", Atoms: Join(Rides(Dirs4, MoveOrCapture, 0), strings)},
			{Letter: 'H', Name: "diagonal cannon", Atoms: Join(Rides(Dirs4, MoveOnly, 0), hops)},
			{Letter: 'P', Name: "pawn", Atoms: Steps([][2]int{{0, 1}}, MoveOrCapture)},
			{Letter: 'M', Name: "rider", Atoms: LameLeaps(1, 3, 0, StackOnto)},
		},
	}
	if err := v.Finalize(); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestSupportedRide(t *testing.T) {
	v := supportVariant(t)
	f6 := Square(5*7 + 5)
	cases := []struct {
		name, fen string
		legal     bool
		why       string
	}{
		{"own piece behind on the line", "6k/5p1/7/7/2S4/1P5/K6 w", true, ""},
		{"nothing behind", "6k/5p1/7/7/2S4/7/K6 w", false, "stands alone on b2"},
		{"enemy behind", "6k/5p1/7/7/2S4/1p5/K6 w", false, "stands alone on b2"},
		{"own piece behind is a stack", "6k/5p1/7/7/2S4/1(Mp)5/K6 w", false, "stands alone on b2"},
		{"own piece in front only", "6k/5p1/7/3P3/2S4/7/K6 w", false, "blocked by the piece on d4"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := NewPosition(v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			got := contains(movesFrom(p, "c3"), "c3f6")
			if got != c.legal {
				t.Errorf("c3f6 legal = %v, want %v", got, c.legal)
			}
			if a := p.Attacked(f6, Red, false); a != c.legal {
				t.Errorf("Attacked(f6) = %v, want %v", a, c.legal)
			}
			if !c.legal {
				_, err := ParseCoord(p, "c3f6")
				if err == nil || !strings.Contains(err.Error(), c.why) {
					t.Errorf("c3f6: %v, want a reason with %q", err, c.why)
				}
			}
		})
	}
	// The support must lie on the line: from the end of the line there is none.
	p, err := NewPosition(v, "6k/7/7/7/7/1p5/S5K w")
	if err != nil {
		t.Fatal(err)
	}
	if ms := movesFrom(p, "a1"); contains(ms, "a1b2") {
		t.Errorf("a1 moves %v: a1b2 has no support on the line", ms)
	}
	// A supported ride gives check.
	if _, err = NewPosition(v, "7/5k1/7/7/2S4/1P5/K6 w"); err == nil || !strings.Contains(err.Error(), "in check") {
		t.Errorf("Red to move while Black is in check along the line: %v", err)
	}
}

func TestHopRange(t *testing.T) {
	v := supportVariant(t)
	cases := []struct {
		name, fen, move string
		legal           bool
	}{
		{"adjacent screen, target right behind", "6k/7/7/7/2p4/1p5/H5K w", "a1c3", true},
		{"own screen", "6k/7/7/7/2p4/1P5/H5K w", "a1c3", true},
		{"no screen", "6k/7/7/7/2p4/7/H5K w", "a1c3", false},
		{"target two points behind the screen", "6k/7/7/3p3/7/1p5/H5K w", "a1d4", false},
		{"no diagonal move", "6k/7/7/7/7/7/H5K w", "a1b2", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := NewPosition(v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			_, err = ParseCoord(p, c.move)
			if (err == nil) != c.legal {
				t.Errorf("%s: err = %v, want legal %v", c.move, err, c.legal)
			}
			to, _ := v.Board.Parse(c.move[2:])
			if c.move != "a1b2" && p.Attacked(to, Red, false) != c.legal {
				t.Errorf("Attacked(%s) = %v, want %v", c.move[2:], !c.legal, c.legal)
			}
		})
	}
}
