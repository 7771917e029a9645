package jobs

import (
	"context"
	"sync"
	"testing"
	"time"
)

// recorder is a job that records the keys it ran and can be held up.
type recorder struct {
	mu   sync.Mutex
	ran  []string
	hold chan struct{} // when set, every job waits for a value
	in   chan string   // when set, hears of every job as it begins
}

func (r *recorder) job(ctx context.Context, key string) {
	if r.in != nil {
		r.in <- key
	}
	if r.hold != nil {
		<-r.hold
	}
	r.mu.Lock()
	r.ran = append(r.ran, key)
	r.mu.Unlock()
}

func (r *recorder) count(key string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, k := range r.ran {
		if k == key {
			n++
		}
	}
	return n
}

// TestIdleWaitsForWorkersStartedJustBefore: the workers count as soon as
// Start returns, so an Idle right after waits for the queued job (with the
// workers started in a goroutine of their own, it could return first: the
// flake "the bot did not open").
func TestIdleWaitsForWorkersStartedJustBefore(t *testing.T) {
	for range 50 {
		q := NewQueue()
		r := &recorder{}
		q.Add("1")
		ctx, cancel := context.WithCancel(context.Background())
		wait := q.Start(ctx, 1, r.job)
		q.Idle(ctx)
		if n := r.count("1"); n != 1 {
			t.Fatalf("Idle returned with the job run %d times, want 1", n)
		}
		cancel()
		wait()
	}
}

func TestAddedTwiceRunsOnce(t *testing.T) {
	q := NewQueue()
	r := &recorder{}
	q.Add("1")
	q.Add("1")
	q.Add("2")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	wait := q.Start(ctx, 2, r.job)
	q.Idle(ctx)
	if r.count("1") != 1 || r.count("2") != 1 {
		t.Errorf("ran %v, want 1 and 2 once each", r.ran)
	}
	cancel()
	wait()
}

// TestAddedWhileRunningRunsOnceMore: a key added while its job runs runs once
// more afterwards, however often it was added, and never twice at once.
func TestAddedWhileRunningRunsOnceMore(t *testing.T) {
	q := NewQueue()
	r := &recorder{hold: make(chan struct{}), in: make(chan string, 4)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	wait := q.Start(ctx, 3, r.job)
	q.Add("1")
	<-r.in // the first run began
	q.Add("1")
	q.Add("1")
	r.hold <- struct{}{}
	<-r.in // the second run began, after the first ended
	if n := r.count("1"); n != 1 {
		t.Fatalf("the second run began with %d runs finished, want 1", n)
	}
	r.hold <- struct{}{}
	q.Idle(ctx)
	if n := r.count("1"); n != 2 {
		t.Errorf("ran %d times, want 2", n)
	}
	cancel()
	wait()
}

func TestIdleWithoutWorkersDoesNotWait(t *testing.T) {
	q := NewQueue()
	q.Add("1")
	done := make(chan struct{})
	go func() { q.Idle(context.Background()); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Minute): // a hang, not a timing
		t.Fatal("Idle waits for a queue no worker serves")
	}
}

func TestIdleEndsWithItsContext(t *testing.T) {
	q := NewQueue()
	r := &recorder{hold: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	wait := q.Start(ctx, 1, r.job)
	q.Add("1")
	ictx, icancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { q.Idle(ictx); close(done) }()
	icancel()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("Idle outlived its context")
	}
	close(r.hold)
	cancel()
	wait()
}
