package variants

import (
	"errors"
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// The mountain-border board (山界, house-rules.md rule 9; shanshui.md and
// heshan.md use the same board): the standard board shifted one file right,
// with a mountain file on each side (a and k) that has points on ranks 0-3 and
// 6-9 only. a3-a6 and k3-k6 are each one orthogonal step, the mountain pass
// (rules.Board.Passes): a chariot slides a2-a3-a6-a7, a cannon's line and a
// soldier's step go through it; a horse's leg on a missing point blocks.

// MountainStart is the start position on the mountain board: the standard army
// one file right, the cannons on the mountain (Red a2 k2, Black a7 k7).
const MountainStart = "1rnbakabnr1/11/c9c/1p1p1p1p1p1/11/11/1P1P1P1P1P1/C9C/11/1RNBAKABNR1 w - - 0 1"

// mountainShift is how many files the mountain board moves the standard points.
const mountainShift = 1

// MountainBoard returns the 11x10 mountain-border board with the zones of
// XiangqiBoard ("palace", "own", "crossed", the stand zones) on its points,
// plus the zones its elephants' mountain moves start from.
func MountainBoard() *rules.Board {
	b := &rules.Board{
		Width: 11, Height: 10,
		Holes:  []string{"a4", "a5", "k4", "k5"},
		Passes: []rules.Pass{{From: "a3", To: "a6"}, {From: "k3", To: "k6"}},
	}
	if err := b.Finalize(); err != nil {
		panic(err)
	}
	set := func(names ...string) rules.SquareSet { return b.SquaresOf(names...) }
	zone := func(names ...string) rules.Zone { s := set(names...); return rules.Zone{s, b.MirrorSet(s)} }
	palace := b.Rect(4, 0, 6, 2)
	own := b.RankRange(0, 4)
	soldier := b.RankRange(5, 9)
	for _, n := range []string{"b3", "d3", "f3", "h3", "j3", "b4", "d4", "f4", "h4", "j4"} {
		soldier.Add(mustSquare(b, n))
	}
	b.Zones = map[string]rules.Zone{
		"palace":          {palace, b.MirrorSet(palace)},
		"own":             {own, b.MirrorSet(own)},
		"crossed":         {b.MirrorSet(own), own},
		"advisor points":  zone("e0", "g0", "f1", "e2", "g2"),
		"elephant points": zone("d0", "h0", "b2", "f2", "j2", "d4", "h4", "a3", "k3"),
		"soldier points":  {soldier, b.MirrorSet(soldier)},
		// The elephant's 田 moves start from its seven standard points only; the
		// mountain points a3 k3 are reached and left by the moves below.
		"elephant field": zone("d0", "h0", "b2", "f2", "j2", "d4", "h4"),
		"mountain d0":    zone("d0"),
		"mountain h0":    zone("h0"),
		"mountain b2":    zone("b2"),
		"mountain j2":    zone("j2"),
		"mountain a3":    zone("a3"),
		"mountain k3":    zone("k3"),
		// fuhe.md: the face-down reserves lie on the literal mountain corners.
		FuheZone: zone("a0", "k0"),
	}
	at := func(n string) rules.Square { return mustSquare(b, n) }
	mountain := set("a0", "a1", "a2", "a3", "a6", "a7", "a8", "a9", "k0", "k1", "k2", "k3", "k6", "k7", "k8", "k9")
	b.Decor = rules.Decor{
		RiverBelow: 4,
		RiverText:  [2]string{"楚河", "漢界"},
		Diagonals: []rules.Line{
			{From: at("e0"), To: at("g2")}, {From: at("g0"), To: at("e2")},
			{From: at("e7"), To: at("g9")}, {From: at("g7"), To: at("e9")},
			// The passes, drawn across the river like the outer files.
			{From: at("a3"), To: at("a6")}, {From: at("k3"), To: at("k6")},
		},
		Shaded: []rules.SquareSet{mountain},
	}
	for _, n := range []string{"a2", "k2", "b3", "d3", "f3", "h3", "j3", "a7", "k7", "b6", "d6", "f6", "h6", "j6"} {
		b.Decor.Marks = append(b.Decor.Marks, at(n))
	}
	return b
}

// MountainKinds returns the standard kinds for the mountain board: the elephant
// makes its 田 moves from its seven standard points and has the mountain moves
// d0-a3 and b2-a3 (h0-k3, j2-k3; Black mirrored), whose passed points never
// block (heshan.md D3).
func MountainKinds() []rules.Kind {
	kinds := XiangqiKinds()
	leap := func(zone string, df, dr int) rules.Atom {
		return rules.Atom{Kind: rules.Leap, DF: df, DR: dr, Mode: rules.MoveOrCapture, From: zone, To: "own"}
	}
	e := &kinds[Elephant]
	e.Atoms = rules.Join(
		rules.FromZone("elephant field", rules.InZone("own", rules.DiagonalLeaps(2, rules.MoveOrCapture))),
		[]rules.Atom{
			leap("mountain d0", -3, 3), leap("mountain h0", 3, 3),
			leap("mountain b2", -1, 1), leap("mountain j2", 1, 1),
			leap("mountain a3", 3, -3), leap("mountain a3", 1, -1),
			leap("mountain k3", -3, -3), leap("mountain k3", -1, -1),
		})
	return kinds
}

// housePoint is the point of the board b that a house rule names on the
// standard board: the same name, one file right on the mountain board
// (house-rules.md: "every point named in rules 1-8 and 10 is shifted").
func housePoint(b *rules.Board, name string) rules.Square {
	if b.Width == 9+2*mountainShift && len(name) >= 2 {
		name = string(rune(name[0]+mountainShift)) + name[1:]
	}
	return mustSquare(b, name)
}

// mountainBorder is house rule 9 河山界 as an option: xiangqi on the mountain
// board. It changes the board, so Registry.Build applies it before the other
// options (Option.Board), whose points then shift with it.
func mountainBorder() Option {
	const summary = "mountain border (河山界): an 11-file board with a mountain file on each side (a and k, no points " +
		"on ranks 4 and 5; a3-a6 is one step, the mountain pass); the army stands one file right, the cannons " +
		"start on the mountain (a2 k2), and elephants also reach a3 k3 (d0a3, b2a3). Moves in coordinates only"
	return Option{
		Name:    "mountain-border",
		Summary: summary,
		Board:   true,
		Guide:   houseGuides["mountain-border"],
		Apply: func(base *rules.Variant, _ map[string]string) (*rules.Variant, error) {
			if root, _, _ := strings.Cut(base.Slug, "+"); root != "xiangqi" {
				return nil, fmt.Errorf("mountain-border is a house rule of xiangqi; %s has no such option", base.Slug)
			}
			if base.HasModule("mountain-border") {
				return nil, errors.New("mountain-border is already on")
			}
			if len(base.Modules) > 0 {
				return nil, errors.New("mountain-border changes the board: give it before the other options")
			}
			v := base.Clone(base.Slug + "+mountain-border")
			v.Name = base.Name + " with mountain-border"
			v.Board = MountainBoard()
			v.Kinds = MountainKinds()
			v.StartFEN = MountainStart
			v.XiangqiNotation = false
			v.Modules = []rules.Module{mountainRule{}}
			v.Summary = base.Summary + " " + mountainRule{}.Guide()
			if err := v.Finalize(); err != nil {
				return nil, fmt.Errorf("mountain-border: %w", err)
			}
			return v, nil
		},
	}
}

// mountainRule marks a variant on the mountain board and explains it for /rules;
// the board and the kinds do the rest.
type mountainRule struct{}

func (mountainRule) ModuleName() string { return "mountain-border" }

func (mountainRule) Guide() string {
	return "Mountain border (河山界): the board has 11 files; the army stands one file right (general f0) and " +
		"the outer files a and k are mountains with no points on ranks 4 and 5: a3-a6 is one step, the mountain " +
		"pass (a2a6 slides through it). The cannons start on the mountain (a2 k2). An elephant also reaches a3 " +
		"(k3) from d0 or b2 (h0 or j2), its passed points never block (d0a3), and goes back the same way. " +
		"Moves are written in coordinates."
}
