package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/rules"
)

// discardReplier answers into nothing, like a platform that sends instantly.
type discardReplier struct{}

func (discardReplier) Reply(context.Context, Message) (MessageRef, error) {
	return MessageRef{ID: "x"}, nil
}

func (discardReplier) ReplyPrivately(context.Context, Message) (MessageRef, error) {
	return MessageRef{ID: "x"}, nil
}

func (discardReplier) Notice(context.Context, string) error { return nil }

// benchLine is a deterministic line of n legal xiangqi moves from the start that
// does not end the game.
func benchLine(tb testing.TB, n int) []string {
	v, _ := defaultRegistry().Get("xiangqi")
	rng := rand.New(rand.NewPCG(3, 4))
	for attempt := 0; attempt < 100; attempt++ {
		g, err := rules.NewGame(v, "")
		if err != nil {
			tb.Fatal(err)
		}
		var line []string
		for len(line) < n && !g.Outcome().Over {
			ms := g.Position().LegalMoves(nil)
			m := ms[rng.IntN(len(ms))]
			line = append(line, rules.FormatCoord(g.Position(), m))
			if err := g.Play(m); err != nil {
				tb.Fatal(err)
			}
		}
		if len(line) == n && !g.Outcome().Over {
			return line
		}
	}
	tb.Fatal("no line")
	return nil
}

// BenchmarkMoveEndToEnd measures one move as a user's message: command parse,
// choosing the game, parse and legality check, the stored write (bbolt, synced
// to disk) with the board and caption it owes in the outbox, and (inline) the
// public PNG board and its delivery to a platform that answers at once. It
// reports the median and the 99th percentile of single moves. The text
// sub-benchmarks leave out the image, to show what drawing costs; the queued
// ones leave the delivery (and the drawing) to the outbox sender, so that a move
// costs its store write and enqueue alone (DeliverQueued).
func BenchmarkMoveEndToEnd(b *testing.B) {
	b.Run("png", func(b *testing.B) { benchMoves(b, NewRenderer(render.Options{}), DeliverInline) })
	b.Run("text", func(b *testing.B) { benchMoves(b, nil, DeliverInline) })
	b.Run("queued-png", func(b *testing.B) { benchMoves(b, NewRenderer(render.Options{}), DeliverQueued) })
}

func benchMoves(b *testing.B, r Renderer, mode DeliveryMode) {
	h := newHarness(b, withRenderer(r), withDelivery(DeliveryConfig{Mode: mode}))
	line := benchLine(b, 40)
	ctx := context.Background()
	var (
		id    string
		ply   = len(line)
		times = make([]time.Duration, 0, b.N)
	)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if ply == len(line) {
			b.StopTimer()
			out := h.say("alice", "/new xiangqi @bob side=red")
			id = gameIDIn(b, out)
			h.say("bob", "/accept "+id)
			ply = 0
			b.StartTimer()
		}
		user := "alice"
		if ply%2 == 1 {
			user = "bob"
		}
		ev := Event{Platform: "test", ChatID: "group", User: User{ID: user, Name: user},
			Text: "/m #" + id + " " + line[ply], Addressed: true}
		t0 := time.Now()
		h.svc.Handle(ctx, ev, discardReplier{})
		times = append(times, time.Since(t0))
		ply++
	}
	b.StopTimer()
	if g := h.game(id); len(g.Moves) != ply {
		b.Fatalf("game %s has %d moves, want %d", id, len(g.Moves), ply)
	}
	slices.Sort(times)
	pct := func(p float64) float64 {
		return float64(times[int(p*float64(len(times)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}
