package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// twinChoice searches g with a fresh engine seeded alike, so that two games
// the side to move cannot tell apart must give the same result.
func twinChoice(t *testing.T, g *rules.Game, level int) Result {
	t.Helper()
	e := NewEngine(Config{TableBits: 14, Level: level, Rand: rand.New(rand.NewPCG(5, 6))})
	res, err := e.Choose(context.Background(), g, Limits{Depth: 3, Nodes: 30_000})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func build(t *testing.T, slug string, opts ...string) *rules.Variant {
	t.Helper()
	v, err := testRegistry().Build(slug, opts)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func replayLine(t *testing.T, v *rules.Variant, start string, line []rules.Move) *rules.Game {
	t.Helper()
	g, err := rules.NewGame(v, start)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range line {
		if err := g.Play(m); err != nil {
			t.Fatalf("replay: %v", err)
		}
	}
	return g
}

// TestChoiceIgnoresOpponentSecrets is the twin test of the hidden-piece
// games: two games whose histories the engine's player sees alike, but whose
// secrets it cannot see differ, give the same choice (move and score). The
// secrets differ in the opponent's setup (jinchan's real general, fuhe's
// reserves) or in the deal of pieces still face down (jieqi, after a few
// moves that revealed others).
func TestChoiceIgnoresOpponentSecrets(t *testing.T) {
	jinchan := build(t, "jinchan")
	fuhe := build(t, "xiangqi", "fuhe")
	type twin struct {
		name   string
		v      *rules.Variant
		a, b   string // true starts
		viewer rules.Side
	}
	var twins []twin
	for _, c := range []struct {
		v    *rules.Variant
		red  string
		b, c string
	}{
		{jinchan, "real e0", "real e11", "real g11"},
		{fuhe, "a2=R i2=P", "a7=R i7=C", "a7=N i7=N"},
	} {
		a, err := rules.ApplySecrets(c.v, "", [2]string{c.red, c.b})
		if err != nil {
			t.Fatal(err)
		}
		b, err := rules.ApplySecrets(c.v, "", [2]string{c.red, c.c})
		if err != nil {
			t.Fatal(err)
		}
		twins = append(twins, twin{c.v.Slug, c.v, a, b, rules.Red})
	}
	for _, tw := range twins {
		for _, level := range []int{1, 8} {
			ga, gb := replayLine(t, tw.v, tw.a, nil), replayLine(t, tw.v, tw.b, nil)
			if ga.Position().ViewFEN(rules.AudienceOf(tw.viewer)) != gb.Position().ViewFEN(rules.AudienceOf(tw.viewer)) {
				t.Fatalf("%s: the twins look different to the viewer", tw.name)
			}
			ra, rb := twinChoice(t, ga, level), twinChoice(t, gb, level)
			if ra.Move != rb.Move || ra.Score != rb.Score {
				t.Errorf("%s level %d: %v (%d) against %v (%d): the choice depends on the opponent's secrets",
					tw.name, level, ra.Move, ra.Score, rb.Move, rb.Score)
			}
		}
	}
}

// TestJieqiChoiceIgnoresUnseenPieces: a jieqi game of a few moves (some
// pieces revealed) and its twin with two pieces that never moved swapped in
// the deal: the side to move sees both alike and chooses alike.
func TestJieqiChoiceIgnoresUnseenPieces(t *testing.T) {
	v := build(t, "jieqi")
	checked := 0
	for seed := uint64(1); seed <= 12 && checked < 4; seed++ {
		rnd := rand.New(rand.NewPCG(seed, 9))
		start, err := rules.Deal(v, "", rnd)
		if err != nil {
			t.Fatal(err)
		}
		g := replayLine(t, v, start, nil)
		var line []rules.Move
		for len(line) < 6 && !g.Outcome().Over {
			ms := g.Position().LegalMoves(nil)
			m := ms[rnd.IntN(len(ms))]
			line = append(line, m)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if g.Outcome().Over {
			continue
		}
		me := g.Position().ToMove()
		swapped, ok := swapUnmoved(v, start, g.Position(), me.Other())
		if !ok {
			continue
		}
		gb, err := rules.NewGame(v, swapped)
		if err != nil {
			t.Fatal(err)
		}
		same := true
		for _, m := range line {
			if gb.Play(m) != nil {
				same = false
				break
			}
		}
		a := rules.AudienceOf(me)
		if !same || gb.Position().ViewFEN(a) != g.Position().ViewFEN(a) {
			continue // the swap changed what the viewer saw (a check through a face-down piece)
		}
		checked++
		ra, rb := twinChoice(t, g, 8), twinChoice(t, gb, 8)
		if ra.Move != rb.Move || ra.Score != rb.Score {
			t.Errorf("seed %d: %v (%d) against %v (%d): the choice depends on unseen pieces", seed, ra.Move, ra.Score, rb.Move, rb.Score)
		}
	}
	if checked == 0 {
		t.Fatal("no twin game was made")
	}
}

// swapUnmoved is start with the kinds of two pieces of side s swapped that
// are still face down, of different kinds, in now.
func swapUnmoved(v *rules.Variant, start string, now *rules.Position, s rules.Side) (string, bool) {
	p, err := rules.NewPosition(v, start)
	if err != nil {
		return "", false
	}
	var sqs []rules.Square
	for sq := 0; sq < v.Board.NumSquares(); sq++ {
		pc := now.At(rules.Square(sq))
		if pc != rules.NoPiece && pc.FaceDown() && pc.Side() == s {
			sqs = append(sqs, rules.Square(sq))
		}
	}
	for i := 0; i < len(sqs); i++ {
		for j := i + 1; j < len(sqs); j++ {
			x, y := p.At(sqs[i]), p.At(sqs[j])
			if x.Kind() != y.Kind() {
				p.Set(sqs[i], y)
				p.Set(sqs[j], x)
				return p.FEN(), true
			}
		}
	}
	return "", false
}

// TestSampleLooksTheSame: a drawn position looks to its viewer exactly as the
// game does, in random games of every hidden-piece variant.
func TestSampleLooksTheSame(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 7))
	for _, v := range []*rules.Variant{build(t, "jieqi"), build(t, "jinchan"), build(t, "xiangqi", "fuhe"), build(t, "jinchan", "fuhe"), build(t, "banqi")} {
		start, err := rules.Deal(v, "", rnd)
		if err != nil {
			t.Fatal(err)
		}
		if v.HasSetup() {
			start, err = rules.ApplySecrets(v, "", [2]string{rules.DefaultSecret(v, "", rules.Red, rnd), rules.DefaultSecret(v, "", rules.Black, rnd)})
			if err != nil {
				t.Fatal(err)
			}
		}
		g := replayLine(t, v, start, nil)
		for ply := 0; ply < 40 && !g.Outcome().Over; ply++ {
			for _, viewer := range []rules.Side{rules.Red, rules.Black} {
				a := rules.AudienceOf(viewer)
				sp := g.Sample(viewer, rnd)
				if got, want := sp.ViewFEN(a), g.Position().ViewFEN(a); got != want {
					t.Fatalf("%s ply %d: the sample looks different to %v:\n%s\n%s", v.Slug, ply, viewer, got, want)
				}
			}
			ms := g.Position().LegalMoves(nil)
			if err := g.Play(ms[rnd.IntN(len(ms))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
