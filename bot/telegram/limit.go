package telegram

import (
	"context"
	"sync"
	"time"
)

// limiter spaces sends to stay under Telegram's documented limits: about 30
// messages a second overall, 20 a minute in one group, 1 a second in one private
// chat. Each is a token bucket; a send takes a token from the global bucket and
// from its chat's, possibly going into debt, and sleeps until the debt is paid.
// Telegram's own 429 answers remain the final word (see do).
type limiter struct {
	clock   Clock
	mu      sync.Mutex
	global  bucket
	group   rate
	private rate
	chats   map[int64]*bucket
}

type rate struct {
	perSec float64
	burst  float64
}

type bucket struct {
	rate
	tokens float64
	last   time.Time
}

func newLimiter(c Config) *limiter {
	g := rate{perSec: c.GlobalRate, burst: c.GlobalRate}
	return &limiter{
		clock:   c.Clock,
		global:  bucket{rate: g, tokens: g.burst},
		group:   rate{perSec: c.GroupPerMinute / 60, burst: c.GroupPerMinute},
		private: rate{perSec: c.PrivatePerSecond, burst: max(3, c.PrivatePerSecond)},
		chats:   map[int64]*bucket{},
	}
}

// take reserves one token and returns how long to wait. A negative chat id is a
// group, supergroup or channel in Telegram's numbering.
func (b *bucket) take(now time.Time) time.Duration {
	if !b.last.IsZero() {
		b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.perSec)
	}
	b.last = now
	b.tokens--
	if b.tokens >= 0 {
		return 0
	}
	return time.Duration(-b.tokens / b.perSec * float64(time.Second))
}

func (l *limiter) wait(ctx context.Context, chat int64) error {
	l.mu.Lock()
	now := l.clock.Now()
	b := l.chats[chat]
	if b == nil {
		if len(l.chats) > 4096 {
			l.prune(now)
		}
		r := l.private
		if chat < 0 {
			r = l.group
		}
		b = &bucket{rate: r, tokens: r.burst}
		l.chats[chat] = b
	}
	d := max(l.global.take(now), b.take(now))
	l.mu.Unlock()
	if d <= 0 {
		return ctx.Err()
	}
	return l.clock.Sleep(ctx, d)
}

// prune forgets chats whose buckets have refilled: they would start full anyway.
func (l *limiter) prune(now time.Time) {
	for id, b := range l.chats {
		if b.tokens+now.Sub(b.last).Seconds()*b.perSec >= b.burst {
			delete(l.chats, id)
		}
	}
}
