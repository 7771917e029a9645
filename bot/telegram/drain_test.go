package telegram

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/telegram/telegramtest"
	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/storage"
)

// sharedClock is one fake time for the service, the adapter and the fake Bot
// API: sleeping (a rate-limit wait, a retry_after) moves it on at once, so an
// hour of sending at Telegram's pace takes seconds.
type sharedClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *sharedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *sharedClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	if d > 0 {
		c.now = c.now.Add(d)
	}
	c.mu.Unlock()
	return nil
}

// drain queues n boards for one group (n correspondence games of the group run
// out of time in one Tick) and lets the outbox sender deliver them through the
// adapter to a fake Bot API that enforces Telegram's 20 messages a minute per
// group. It returns the fake's minutes from the first post to the last, the
// posts, and how many sends the fake refused with 429.
func drain(tb testing.TB, n int) (minutes float64, posts []telegramtest.Message, refused int) {
	clock := &sharedClock{now: time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)}
	srv := telegramtest.New(tb)
	srv.MaxPoll = 50 * time.Millisecond
	srv.GroupPerMinute = 20
	srv.SetClock(clock.Now)
	store, err := storage.Open(filepath.Join(tb.TempDir(), "chuhe.db"), &storage.Options{Now: clock.Now})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = store.Close() })
	var renderer bot.Renderer
	if !raceEnabled {
		renderer = bot.NewRenderer(render.Options{Width: 240})
	}
	svc, err := bot.New(bot.Config{
		Store: store, Clock: clock, Logger: slog.New(slog.DiscardHandler),
		Renderer: renderer,
		Delivery: bot.DeliveryConfig{Mode: bot.DeliverQueued, Lease: 24 * time.Hour, LateAfter: 1000 * time.Hour},
	})
	if err != nil {
		tb.Fatal(err)
	}
	a, err := New(Config{Token: srv.Token, APIEndpoint: srv.Endpoint(), Clock: clock, PollTimeout: 50 * time.Millisecond,
		MaxRateLimited: 3}, svc, nil)
	if err != nil {
		tb.Fatal(err)
	}
	svc.AddPlatform(a)
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- a.Run(ctx) }()
	tb.Cleanup(func() { cancel(); <-ran })

	// n games of the group, each one minute past its deadline.
	chat := fmt.Sprint(group.ID)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := &storage.Game{Platform: "telegram", ChatID: chat, Variant: "xiangqi", Status: storage.StatusActive,
				Players:   [2]storage.Player{{UserID: fmt.Sprint(1000 + i), Name: "red"}, {UserID: fmt.Sprint(5000 + i), Name: "black"}},
				DrawOffer: storage.NoSide, TakebackRequest: storage.NoSide,
				Clock: storage.Clock{Control: storage.TimeControl{Kind: storage.KindCorrespondence, PerMove: 72 * time.Hour},
					Deadline: clock.Now().Add(-time.Minute)}}
			errs <- store.CreateGame(context.Background(), g)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			tb.Fatal(err)
		}
	}
	if err := svc.Tick(context.Background(), clock.Now()); err != nil {
		tb.Fatal(err)
	}
	for {
		k, err := svc.DeliverDue(context.Background())
		if err != nil {
			tb.Fatal(err)
		}
		if k == 0 {
			left, err := store.PendingOutbox(context.Background(), "telegram", chat, "")
			if err != nil {
				tb.Fatal(err)
			}
			if len(left) == 0 {
				break
			}
			clock.Sleep(context.Background(), time.Second) // a retry waits for its time
		}
	}
	posts = srv.BotMessages(group.ID)
	var first, last time.Time
	for _, c := range srv.Calls("sendPhoto", "sendMessage") {
		if c.Status != 200 {
			continue
		}
		if first.IsZero() {
			first = c.At
		}
		last = c.At
	}
	return last.Sub(first).Minutes(), posts, srv.RateLimited()
}

// TestDrainAtTheGroupRate: 1,000 boards owed to one group go out at the rate
// Telegram allows a group (20 a minute), every one exactly once. (Under -race:
// 200 text boards, to keep the suite within minutes.)
func TestDrainAtTheGroupRate(t *testing.T) {
	if testing.Short() {
		t.Skip("draws 1,000 boards")
	}
	n := 1000
	if raceEnabled {
		n = 200 // the race detector makes each send ten times dearer; 200 still take 10 minutes of the limit
	}
	minutes, posts, refused := drain(t, n)
	seen := map[string]int{}
	for _, m := range posts {
		if !m.IsPhoto() && !raceEnabled {
			t.Fatalf("not a board image: %q", m.Text)
		}
		i := strings.Index(m.Text, "Game #")
		id := strings.Fields(m.Text[i+len("Game #"):])[0]
		seen[id]++
	}
	if len(posts) != n || len(seen) != n {
		t.Fatalf("%d posts of %d games, want %d boards, one per game", len(posts), len(seen), n)
	}
	rate := float64(n-1) / minutes
	t.Logf("%d boards in %.1f minutes of the fake's clock: %.2f a minute (allowed 20); %d sends refused with 429", n, minutes, rate, refused)
	if rate > 20.5 || rate < 18 {
		t.Errorf("drained at %.2f a minute, want about Telegram's 20", rate)
	}
}

// BenchmarkDrain1000 reports the drain rate of TestDrainAtTheGroupRate as
// boards a minute (of the fake's clock; allowed: 20).
func BenchmarkDrain1000(b *testing.B) {
	for range b.N {
		minutes, posts, refused := drain(b, 1000)
		b.ReportMetric(float64(len(posts)-1)/minutes, "boards/min")
		b.ReportMetric(float64(refused), "429s")
		b.ReportMetric(float64(len(posts)), "posted")
	}
}
