package variants

import (
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// This file is the worked example of docs/adding-a-variant.md, kept as a test so
// that the page cannot go stale: a whole new variant in one file.

// Scoutqi is xiangqi plus one scout a side (偵, letter S) on b1/h8: it moves and
// captures like a chariot, but at most two points. A side that captures the
// enemy scout wins at once (a goal, as capturing a flag).
func Scoutqi() (*rules.Variant, error) {
	scout := rules.Kind{
		Letter: 'S', Name: "scout", Glyph: [2]string{"偵", "偵"}, Simple: [2]string{"侦", "侦"},
		Value: 3, Mating: true, Max: 1,
		Atoms: rules.Rides(rules.Dirs4, rules.MoveOrCapture, 2),
	}
	return rules.Derive(Xiangqi(), rules.Delta{
		Slug: "scoutqi", Name: "Scout xiangqi", NameZh: "偵察象棋",
		Summary: "Xiangqi with a scout a side (偵 S: a chariot of range two). Take the enemy scout to win.",
		Kinds:   []rules.Kind{scout},
		Place:   map[byte][]string{'S': {"b1"}, 's': {"h8"}},
		Modules: []rules.Module{scoutHunt{}},
	})
}

// scoutHunt is the goal: the side that has lost its scout has lost the game.
type scoutHunt struct{}

func (scoutHunt) ModuleName() string { return "scout-hunt" }

func (scoutHunt) Guide() string { return "Take the enemy scout (偵) to win at once." }

func (scoutHunt) GameEnd(p *rules.Position) (rules.Outcome, bool) {
	v := p.Variant()
	k := v.KindByLetter('S')
	var have [2]bool
	for sq := rules.Square(0); int(sq) < v.Board.NumSquares(); sq++ {
		if pc := p.At(sq); !pc.Empty() && pc.Kind() == k {
			have[pc.Side()] = true
		}
	}
	for s := rules.Red; s <= rules.Black; s++ {
		if !have[s] {
			o := rules.Win(s.Other(), rules.ReasonVariantGoal)
			o.Detail = "scout captured"
			return o, true
		}
	}
	return rules.Outcome{}, false
}

func TestAddingAVariant(t *testing.T) {
	v, err := Scoutqi()
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRegistry([]Builder{Xiangqi, func() *rules.Variant { return v }}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := r.Get("scoutqi"); !ok || got.StartFEN != "rnbakabnr/7s1/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/1S7/RNBAKABNR w - - 0 1" {
		t.Fatalf("registered start: %v", got)
	}
	g, err := rules.NewGame(v, "")
	if err != nil {
		t.Fatal(err)
	}
	checkMoves(t, g.Position(), "b1a1 b1c1 b1d1", "b1e1 b1b3 b1b0")
	// The scouts meet in the middle, and Red's takes Black's.
	playAll(t, g, "b1d1 h8f8 d1d3 f8f6 d3d5 f6f5 d5f5")
	if o := g.Outcome(); !o.Over || o.Winner != rules.Red || o.Detail != "scout captured" {
		t.Fatalf("after taking the scout: %+v", o)
	}
	if len(v.Guides()) != 1 {
		t.Errorf("guides: %v", v.Guides())
	}
}
