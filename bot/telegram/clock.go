package telegram

import (
	"context"
	"time"
)

// Clock is the adapter's time. The real one is the default; tests inject a fake
// whose Sleep returns at once, so retries and rate limits cost no real time.
type Clock interface {
	Now() time.Time
	// Sleep waits d or until ctx ends, and then returns ctx.Err().
	Sleep(ctx context.Context, d time.Duration) error
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
