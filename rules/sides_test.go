package rules

import (
	"sort"
	"strings"
	"testing"
)

// sidesVariant has kinds of one side only sharing a letter (Kind.Sides): Red's
// P is a pawn stepping up; Black's P is a spear that rides forward or steps
// back, promotes shogi-style to a T (Black's only) in the two ranks nearest
// Red, and must promote on the last one. A Black side without a move loses.
func sidesVariant(t *testing.T) *Variant {
	t.Helper()
	b := &Board{Width: 5, Height: 5}
	if err := b.Finalize(); err != nil {
		t.Fatal(err)
	}
	b.Zones = map[string]Zone{
		"near": {b.RankRange(3, 4), b.RankRange(0, 1)},
		"last": {b.RankRange(4, 4), b.RankRange(0, 0)},
	}
	v := &Variant{
		Slug:  "sides",
		Board: b,
		Kinds: []Kind{
			{Letter: 'K', Name: "king", Royal: true, Atoms: Steps(Dirs4, MoveOrCapture)},
			{Letter: 'P', Name: "pawn", Sides: RedOnly, Atoms: Steps([][2]int{{0, 1}}, MoveOrCapture)},
			{Letter: 'P', Name: "spear", Sides: BlackOnly, Atoms: Join(Rides([][2]int{{0, 1}}, MoveOrCapture, 0), Steps([][2]int{{0, -1}}, MoveOnly)),
				Promote: &Promotion{Zone: "near", To: []byte{'t'}, Leaving: true, Optional: true, Must: "last", Mark: "+", Explicit: true}},
			{Letter: 'T', Name: "tower", Sides: BlackOnly, Atoms: Steps(Dirs4, MoveOrCapture)},
		},
		StalemateLosesSide: [2]bool{Black: true},
	}
	if err := v.Finalize(); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestKindSides(t *testing.T) {
	v := sidesVariant(t)
	if v.KindFor('p', Red) != 1 || v.KindFor('P', Black) != 2 || v.KindFor('t', Red) != -1 {
		t.Errorf("KindFor: red p %d, black P %d, red t %d; want 1, 2, -1", v.KindFor('p', Red), v.KindFor('P', Black), v.KindFor('t', Red))
	}
	if v.KindByLetter('P') != 1 || v.KindByLetter('p') != 2 || v.KindByLetter('T') != 3 {
		t.Errorf("KindByLetter: P %d, p %d, T %d; want 1, 2, 3", v.KindByLetter('P'), v.KindByLetter('p'), v.KindByLetter('T'))
	}
	for fen, ok := range map[string]bool{
		"k4/5/2p2/2P2/K4 w": true,
		"k4/5/2t2/5/K4 w":   true,
		"k4/5/2T2/5/K4 w":   false, // Red has no tower
	} {
		if _, err := NewPosition(v, fen); (err == nil) != ok {
			t.Errorf("NewPosition(%s): %v, want ok=%v", fen, err, ok)
		}
	}
	p, err := NewPosition(v, "k4/5/2p2/2P2/K4 w")
	if err != nil {
		t.Fatal(err)
	}
	if pc := p.At(sqOf(t, v, "c2")); pc.Kind() != 2 || pc.Side() != Black {
		t.Errorf("c2 holds kind %d of %v, want Black's spear", pc.Kind(), pc.Side())
	}
}

func TestOptionalPromotion(t *testing.T) {
	v := sidesVariant(t)
	for _, c := range []struct {
		fen, from string
		want      string // every move of the piece on from, sorted
	}{
		{"k4/5/2p2/5/4K b", "c2", "c2c0+ c2c1 c2c1+ c2c3"},      // into the zone: a choice; the last rank: must
		{"k4/5/5/2p2/4K b", "c1", "c1c0+ c1c2 c1c2+"},           // leaving the zone may promote too
		{"k4/2p2/5/5/4K b", "c3", "c3c0+ c3c1 c3c1+ c3c2 c3c4"}, // only moves that reach the zone
	} {
		p, err := NewPosition(v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		from := sqOf(t, v, c.from)
		var got []string
		for _, m := range p.LegalMoves(nil) {
			if m.From == from {
				got = append(got, FormatCoord(p, m))
			}
		}
		sort.Strings(got)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: moves %v, want %s", c.fen, got, c.want)
		}
		for _, text := range got {
			if m, err := ParseCoord(p, text); err != nil || FormatCoord(p, m) != text {
				t.Errorf("%s: %s reads back as %v, %v", c.fen, text, m, err)
			}
		}
	}
	p, err := NewPosition(v, "k4/5/2p2/5/4K b")
	if err != nil {
		t.Fatal(err)
	}
	for text, reason := range map[string]string{
		"c2c0":  "a spear reaching c0 must promote: write c2c0+",
		"c2c3+": "a spear promotes only on a move that starts or ends in its promotion zone; write c2c3",
	} {
		_, err := ParseCoord(p, text)
		if ie, ok := err.(*IllegalMoveError); !ok || ie.Reason != reason {
			t.Errorf("ParseCoord(%s) = %v, want the reason %q", text, err, reason)
		}
	}
	if k := p.DefaultPromotion(sqOf(t, v, "c2"), sqOf(t, v, "c0")); k != -1 {
		t.Errorf("DefaultPromotion of an Explicit promotion = %d, want -1", k)
	}
}

func TestStalemateLosesSide(t *testing.T) {
	v := sidesVariant(t)
	for fen, want := range map[string]Outcome{
		"k4/1P3/P4/5/4K b": {Over: true, Winner: Red, Reason: ReasonStalemate}, // Black stuck: loses
		"k4/5/3pt/5/4K w":  {Over: true, Draw: true, Reason: ReasonStalemate},  // Red stuck: draws
	} {
		p, err := NewPosition(v, fen)
		if err != nil {
			t.Fatal(err)
		}
		o, _ := p.Outcome()
		if o.Over != want.Over || o.Draw != want.Draw || o.Winner != want.Winner || o.Reason != want.Reason {
			t.Errorf("%s: outcome %+v, want %+v", fen, o, want)
		}
	}
}

func sqOf(t *testing.T, v *Variant, name string) Square {
	t.Helper()
	sq, ok := v.Board.Parse(name)
	if !ok {
		t.Fatalf("no square %s", name)
	}
	return sq
}
