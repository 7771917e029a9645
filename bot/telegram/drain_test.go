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
// group. It returns the times (of the fake's clock) of the sends the fake
// took, the posts, and how many sends it refused with 429 (the adapter waits
// those out and sends them again).
func drain(tb testing.TB, n int) (at []time.Time, posts []telegramtest.Message, refused int) {
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
		Store: store, Variants: defaultRegistry(), Clock: clock, Logger: slog.New(slog.DiscardHandler),
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
					Deadline: clock.Now().Add(-time.Minute)},
				// Written past the service, so it carries the wake time the
				// service would store: Tick reads only games that are due.
				Wake: clock.Now().Add(-time.Minute)}
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
	// A Tick acts on a batch of due games; the rest wait for the next ones.
	for {
		due, err := store.DueGames(context.Background(), clock.Now(), 1)
		if err != nil {
			tb.Fatal(err)
		}
		if len(due) == 0 {
			break
		}
		if err := svc.Tick(context.Background(), clock.Now()); err != nil {
			tb.Fatal(err)
		}
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
	for _, c := range srv.Calls("sendPhoto", "sendMessage") {
		if c.Status == 200 {
			at = append(at, c.At)
		}
	}
	return at, posts, srv.RateLimited()
}

// pace is what a drain's send times say: the most sends in any 60 seconds, and
// the minutes from the first to the last. At 20 a minute, n sends need at least
// (n-20)/20 minutes: the first 20 may go at once.
func pace(at []time.Time) (busiestMinute int, minutes float64) {
	for i := range at {
		j := i
		for j < len(at) && at[j].Sub(at[i]) < time.Minute {
			j++
		}
		busiestMinute = max(busiestMinute, j-i)
	}
	if len(at) > 1 {
		minutes = at[len(at)-1].Sub(at[0]).Minutes()
	}
	return busiestMinute, minutes
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
	at, posts, refused := drain(t, n)
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
	busiest, minutes := pace(at)
	least := float64(n-20) / 20
	t.Logf("%d boards in %.1f minutes of the fake's clock (at 20 a minute at least %.1f); at most %d in any minute; %d sends refused with 429 and sent again",
		n, minutes, least, busiest, refused)
	if busiest > 20 {
		t.Errorf("%d sends in one minute, Telegram allows 20", busiest)
	}
	if minutes > 1.05*least+1 {
		t.Errorf("the drain took %.1f minutes, want about %.1f: slower than the limit", minutes, least)
	}
}

// BenchmarkDrain1000 reports the pace of TestDrainAtTheGroupRate: boards a
// minute after the first minute's 20 and the most in any minute (of the fake's
// clock; Telegram allows 20), the 429s and the boards posted.
func BenchmarkDrain1000(b *testing.B) {
	for range b.N {
		at, posts, refused := drain(b, 1000)
		busiest, minutes := pace(at)
		b.ReportMetric(float64(len(posts)-20)/minutes, "boards/min")
		b.ReportMetric(float64(busiest), "max-per-minute")
		b.ReportMetric(float64(refused), "429s")
		b.ReportMetric(float64(len(posts)), "posted")
	}
}
