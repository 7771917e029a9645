package telegram

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// memShared is a SharedRate in memory, as the database keeps it for every
// process of a bot; failing, it is a database that does not answer.
type memShared struct {
	mu      sync.Mutex
	buckets map[string]*bucket
	fail    bool
}

func (m *memShared) TakeToken(_ context.Context, key string, perSec, burst float64, now time.Time) (time.Duration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail {
		return 0, errors.New("database down")
	}
	b := m.buckets[key]
	if b == nil {
		b = &bucket{rate: rate{perSec: perSec, burst: burst}, tokens: burst}
		m.buckets[key] = b
	}
	return b.take(now), nil
}

// TestSharedGlobalRate: two processes of one bot (two limiters) sending to
// sixty chats share Telegram's 30 messages a second: the first 30 sends pass,
// the next wait their turn between both, up to a second. Each limiting
// itself alone, sixty pass at once (and Telegram answers 429).
func TestSharedGlobalRate(t *testing.T) {
	for _, shared := range []bool{false, true} {
		t.Run(fmt.Sprint("shared=", shared), func(t *testing.T) {
			clock := &stillClock{now: time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC)}
			cfg := Config{Clock: clock, GlobalRate: 30, GroupPerMinute: 20, PrivatePerSecond: 1}
			db := &memShared{buckets: map[string]*bucket{}}
			var ls [2]*limiter
			for i := range ls {
				ls[i] = newLimiter(cfg)
				if shared {
					ls[i].shared, ls[i].sharedKey = db, "telegram/bot"
					ls[i].onFailure = func(err error) { t.Errorf("shared take failed: %v", err) }
				}
			}
			for i := range 60 {
				if err := ls[i%2].wait(context.Background(), int64(-1000-i)); err != nil {
					t.Fatal(err)
				}
			}
			slept := clock.slept
			if !shared {
				if len(slept) != 0 {
					t.Errorf("limiters on their own slept %v", slept)
				}
				return
			}
			if len(slept) != 30 || slept[29] != time.Second {
				t.Errorf("slept %d times, the last %v; want 30, up to 1s", len(slept), slept[len(slept)-1])
			}
			// The database gone, a process limits itself alone, and says so.
			db.fail = true
			failed := 0
			ls[0].onFailure = func(error) { failed++ }
			if err := ls[0].wait(context.Background(), -1); err != nil || failed != 1 {
				t.Errorf("with the database down: %v, %d failures reported", err, failed)
			}
		})
	}
}

// stillClock stands still: the sends of a test happen at one instant, and
// Sleep only records how long each would wait.
type stillClock struct {
	now   time.Time
	slept []time.Duration
}

func (c *stillClock) Now() time.Time { return c.now }

func (c *stillClock) Sleep(ctx context.Context, d time.Duration) error {
	c.slept = append(c.slept, d)
	return ctx.Err()
}
