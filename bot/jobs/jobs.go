// Package jobs is a queue of keyed jobs run by a bounded pool of workers: the
// bot's engine replies and reviews, one key a game. A key is queued once;
// added again while a worker has it, it runs once more when that worker is
// done, so a change that comes during a job is never missed and never runs
// twice at once.
//
// # Basics
//
//	q := jobs.NewQueue()
//	wait := q.Start(ctx, 2, func(ctx context.Context, key string) { ... })
//	q.Add("17")     // never blocks
//	q.Idle(ctx)     // until nothing is queued or running
//	cancel(); wait()
//
// # Caveats
//
//   - The queue lives in memory: what it held is lost with the process. The bot
//     finds owed jobs again from the store (Tick).
//   - Idle does not wait while no worker runs: a service without workers must
//     not hang. Workers count from the moment Start returns.
package jobs

import (
	"context"
	"sync"
)

// Queue is the queue and its workers' bookkeeping. The zero value is not
// usable; call NewQueue.
type Queue struct {
	mu      sync.Mutex
	cond    *sync.Cond
	queue   []string
	state   map[string]state
	running int
	workers int // the running workers: without any, Idle does not wait
}

type state uint8

const (
	queued state = iota + 1
	running
	again // added while running: queued once more when done
)

// NewQueue makes an empty queue.
func NewQueue() *Queue {
	q := &Queue{state: map[string]state{}}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// Add queues key; it never blocks.
func (q *Queue) Add(key string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	switch q.state[key] {
	case queued, again:
		return
	case running:
		q.state[key] = again
		return
	}
	q.state[key] = queued
	q.queue = append(q.queue, key)
	q.cond.Broadcast()
}

// Start starts n workers (at least one) that run job for each queued key
// until ctx ends, and returns at once with a function that waits until they
// stopped. The workers count (for Idle) from the moment Start returns.
func (q *Queue) Start(ctx context.Context, n int, job func(ctx context.Context, key string)) (wait func()) {
	stop := q.wakeOnDone(ctx)
	n = max(n, 1)
	q.mu.Lock()
	q.workers += n
	q.mu.Unlock()
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				key := q.take(ctx)
				if key == "" {
					return
				}
				job(ctx, key)
				q.done(key)
			}
		}()
	}
	return func() {
		wg.Wait()
		stop()
		q.mu.Lock()
		q.workers -= n
		q.cond.Broadcast()
		q.mu.Unlock()
	}
}

// take waits for a queued key; "" when ctx ended.
func (q *Queue) take(ctx context.Context) string {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.queue) == 0 {
		if ctx.Err() != nil {
			return ""
		}
		q.cond.Wait()
	}
	key := q.queue[0]
	q.queue = q.queue[1:]
	q.state[key] = running
	q.running++
	return key
}

// done ends a worker's turn with key: queued again if it was added meanwhile.
func (q *Queue) done(key string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.running--
	if q.state[key] == again {
		q.state[key] = queued
		q.queue = append(q.queue, key)
	} else {
		delete(q.state, key)
	}
	q.cond.Broadcast()
}

// Idle waits until nothing is queued or running, or no worker runs, or ctx
// ends.
func (q *Queue) Idle(ctx context.Context) {
	defer q.wakeOnDone(ctx)()
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.workers > 0 && (len(q.queue) > 0 || q.running > 0) && ctx.Err() == nil {
		q.cond.Wait()
	}
}

// wakeOnDone wakes the queue's waiters when ctx ends; the result stops that.
func (q *Queue) wakeOnDone(ctx context.Context) func() bool {
	return context.AfterFunc(ctx, func() {
		q.mu.Lock()
		q.cond.Broadcast()
		q.mu.Unlock()
	})
}
