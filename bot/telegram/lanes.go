package telegram

import (
	"context"
	"errors"
	"sync"
)

// ErrClosed is returned for sends and events that arrive after Run has begun to
// shut down.
var ErrClosed = errors.New("telegram: adapter is shut down")

// lanes runs jobs one at a time per chat, in order, and chats in parallel. Each
// chat has a bounded queue (size slots): a submitter waits for a free slot. A
// goroutine runs only while its chat has jobs.
type lanes struct {
	size    int
	mu      sync.Mutex
	byChat  map[int64]*lane
	closed  bool
	closing chan struct{}
	wg      sync.WaitGroup
}

type lane struct {
	jobs    []func() // guarded by lanes.mu
	running bool     // guarded by lanes.mu
	slots   chan struct{}
}

func newLanes(size int) *lanes {
	return &lanes{size: size, byChat: map[int64]*lane{}, closing: make(chan struct{})}
}

func (l *lanes) lane(chat int64) (*lane, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil, ErrClosed
	}
	ln := l.byChat[chat]
	if ln == nil {
		// Lanes are kept: an idle one is a map entry and an empty channel of
		// zero-size values, and keeping it keeps the order of a chat's jobs simple.
		ln = &lane{slots: make(chan struct{}, l.size)}
		l.byChat[chat] = ln
	}
	return ln, nil
}

// submit queues fn on chat's lane. It waits for a free slot until ctx ends and
// fails with ErrClosed once close was called.
func (l *lanes) submit(ctx context.Context, chat int64, fn func()) error {
	ln, err := l.lane(chat)
	if err != nil {
		return err
	}
	select {
	case ln.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	case <-l.closing:
		return ErrClosed
	}
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		<-ln.slots
		return ErrClosed
	}
	ln.jobs = append(ln.jobs, fn)
	if !ln.running {
		ln.running = true
		l.wg.Add(1)
		go l.run(ln)
	}
	l.mu.Unlock()
	return nil
}

func (l *lanes) run(ln *lane) {
	defer l.wg.Done()
	for {
		l.mu.Lock()
		if len(ln.jobs) == 0 {
			ln.running = false
			l.mu.Unlock()
			return
		}
		fn := ln.jobs[0]
		ln.jobs[0] = nil
		ln.jobs = ln.jobs[1:]
		l.mu.Unlock()
		fn()
		<-ln.slots
	}
}

// close refuses new jobs; queued ones still run.
func (l *lanes) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.closed {
		l.closed = true
		close(l.closing)
	}
}

// wait returns when every queued job has run, or with ctx's error.
func (l *lanes) wait(ctx context.Context) error {
	done := make(chan struct{})
	go func() {
		l.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
