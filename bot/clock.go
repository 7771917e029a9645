package bot

import (
	"sync"
	"time"
)

// Clock tells the time. The service never calls time.Now itself: production uses
// SystemClock, tests a FakeClock that moves only when told.
type Clock interface {
	Now() time.Time
}

// SystemClock is the real wall clock.
type SystemClock struct{}

// Now implements Clock.
func (SystemClock) Now() time.Time { return time.Now() }

// FakeClock is a Clock for tests and scripted sessions: it stands still until Set
// or Advance moves it. It is safe for concurrent use.
type FakeClock struct {
	mu sync.Mutex
	t  time.Time
}

// NewFakeClock returns a fake clock showing t.
func NewFakeClock(t time.Time) *FakeClock { return &FakeClock{t: t} }

// Now implements Clock.
func (c *FakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Set moves the clock to t.
func (c *FakeClock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// Advance moves the clock forward by d and returns the new time.
func (c *FakeClock) Advance(d time.Duration) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
	return c.t
}

// challengeTTL is how long an open challenge waits before it lapses.
const challengeTTL = 7 * 24 * time.Hour
