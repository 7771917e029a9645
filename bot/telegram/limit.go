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

	// shared, when set (UseSharedRate), holds the global bucket instead, in
	// the database, for every process of the bot: Telegram counts a bot's
	// messages, not a process's. sharedKey names the bot there.
	shared    SharedRate
	sharedKey string
	onFailure func(error) // a failed shared take falls back to the bucket in memory
}

// sharedTimeout bounds a take from the shared bucket; then the process
// limits itself alone for that send.
const sharedTimeout = 2 * time.Second

// SharedRate is a token bucket that several processes draw on;
// storage.Rates (the PostgreSQL store) is one.
type SharedRate interface {
	TakeToken(ctx context.Context, key string, perSec, burst float64, now time.Time) (time.Duration, error)
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
	d := b.take(now)
	if l.shared == nil {
		d = max(d, l.global.take(now))
	}
	l.mu.Unlock()
	if l.shared != nil {
		// A database slow to answer must not hold every send long.
		tctx, cancel := context.WithTimeout(ctx, sharedTimeout)
		g, err := l.shared.TakeToken(tctx, l.sharedKey, l.global.perSec, l.global.burst, now)
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			l.onFailure(err)
			l.mu.Lock()
			g = l.global.take(now)
			l.mu.Unlock()
		}
		d = max(d, g)
	}
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
