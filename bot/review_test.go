package bot

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// resignedGame is a finished game of two people in the group chat, one move
// each and a resignation, and its id.
func resignedGame(t *testing.T, h *harness) string {
	t.Helper()
	id := gameIDIn(t, h.say("alice", "/new xiangqi @bob"))
	h.say("bob", "/accept "+id)
	h.say("alice", "h2e2")
	h.say("bob", "h9g7")
	h.say("bob", "/resign")
	h.say("bob", "/resign yes")
	if rec := h.game(id); rec.Status != storage.StatusFinished {
		t.Fatalf("game %s: status %s", id, rec.Status)
	}
	return id
}

// reviewHeads counts the heads of game id's review among what was sent.
func reviewHeads(out []sent, id string) int {
	return strings.Count(text(out), "Review of game #"+id)
}

// TestReviewSurvivesARestart: a review asked for while the engine cannot run
// it (here: no workers, then a restart) is searched and posted after the
// restart, once: later ticks do not post it again.
func TestReviewSurvivesARestart(t *testing.T) {
	h := newHarness(t) // no engine workers: the review stays pending
	id := resignedGame(t, h)
	out := h.say("alice", "/review #"+id)
	mustContain(t, out, "Reviewing game #"+id)
	if n := reviewHeads(out, id); n != 0 {
		t.Fatalf("posted without an engine:\n%s", text(out))
	}
	c := quickEngine()
	h.engine = &c
	h.restart()
	out = h.tick()
	h.settle()
	h.deliver()
	out = append(out, h.plat.since(0)...)
	if n := reviewHeads(h.plat.since(0), id); n != 1 {
		t.Fatalf("the review asked before the restart was posted %d times:\n%s", n, text(out))
	}
	var ask reviewAsk
	if err := h.store.GetValue(context.Background(), reviewBucket, id, &ask); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("the posted review is still owed: %v", err)
	}
	h.restart()
	h.tick()
	h.settle()
	h.deliver()
	if n := reviewHeads(h.plat.since(0), id); n != 1 {
		t.Errorf("after another restart the review was posted %d times", n)
	}
}

// TestOneProcessPostsAReview: two services on one store (two processes on
// one database) both find a review owed; while one searches it, the other
// does not, and once it is posted the other finds nothing to do.
func TestOneProcessPostsAReview(t *testing.T) {
	h := newHarness(t)
	id := resignedGame(t, h)
	started, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	blocking := MoverFunc(func(ctx context.Context, g *rules.Game, level int, lim engine.Limits) (engine.Result, error) {
		once.Do(func() { close(started) })
		<-release
		return engine.NewEngine(engine.Config{TableBits: 10}).Choose(ctx, g, engine.Limits{Depth: 1})
	})
	h.engine = &EngineConfig{Workers: 1, Mover: blocking}
	h.noSettle = true
	h.restart()
	h.say("alice", "/review #"+id)
	<-started
	var searched atomic.Int32
	other, err := New(Config{Store: h.store, Renderer: h.svc.renderer, Logger: discardLogger(), Clock: h.clock,
		Engine: EngineConfig{Mover: MoverFunc(func(ctx context.Context, g *rules.Game, level int, lim engine.Limits) (engine.Result, error) {
			searched.Add(1)
			return engine.NewEngine(engine.Config{TableBits: 10}).Choose(ctx, g, engine.Limits{Depth: 1})
		})}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := other.Tick(ctx, h.clock.Now()); err != nil { // claims the review: nobody holds it
		t.Fatal(err)
	}
	err = other.engineJob(ctx, reviewPrefix+id)
	close(release)
	if err != nil {
		t.Fatal(err)
	}
	if n := searched.Load(); n != 0 {
		t.Fatalf("the other process searched the review the first one searches (%d times)", n)
	}
	h.svc.Settle(ctx)
	h.deliver()
	if err := other.engineJob(ctx, reviewPrefix+id); err != nil {
		t.Fatal(err)
	}
	h.deliver()
	if n := searched.Load(); n != 0 {
		t.Errorf("the other process searched a review that was posted (%d times)", n)
	}
	if n := reviewHeads(h.plat.since(0), id); n != 1 {
		t.Errorf("the review was posted %d times", n)
	}
}
