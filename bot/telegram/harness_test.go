package telegram

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/telegram/telegramtest"
)

// fakeClock is a Clock whose Sleep returns at once and moves time on.
type fakeClock struct {
	mu    sync.Mutex
	now   time.Time
	slept []time.Duration
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.slept = append(c.slept, d)
	c.mu.Unlock()
	runtime.Gosched()
	return ctx.Err()
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// Slept returns the sleeps of at least min.
func (c *fakeClock) Slept(min time.Duration) []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []time.Duration
	for _, d := range c.slept {
		if d >= min {
			out = append(out, d)
		}
	}
	return out
}

// syncBuffer is a log sink safe for concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// recorder is a handler that records events and runs an optional reaction.
type recorder struct {
	mu     sync.Mutex
	events []bot.Event
	react  func(ctx context.Context, ev bot.Event, r bot.Replier)
}

func (h *recorder) Handle(ctx context.Context, ev bot.Event, r bot.Replier) {
	h.mu.Lock()
	h.events = append(h.events, ev)
	react := h.react
	h.mu.Unlock()
	if react != nil {
		react(ctx, ev, r)
	}
}

func (h *recorder) Events() []bot.Event {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]bot.Event(nil), h.events...)
}

// harness runs an adapter against a fake Bot API server.
type harness struct {
	t     *testing.T
	srv   *telegramtest.Server
	a     *Adapter
	clock *fakeClock
	logs  *syncBuffer
	stop  context.CancelFunc
	done  chan error
}

var (
	alice = telegramtest.User{ID: 501, FirstName: "Alice", Username: "alice_xq"}
	bob   = telegramtest.User{ID: 502, FirstName: "Bob", Username: "bobby_xq"}
	carol = telegramtest.User{ID: 503, FirstName: "Carol"} // no username
	group = telegramtest.Group(-100500, "Xiangqi Club")
)

// newHarness makes the fake server and an adapter on it; it does not Run.
func newHarness(t *testing.T, h bot.Handler, mod func(*Config)) *harness {
	t.Helper()
	srv := telegramtest.New(t)
	srv.MaxPoll = 100 * time.Millisecond
	for _, u := range []telegramtest.User{alice, bob, carol} {
		srv.AddUser(u)
	}
	return newHarnessOn(t, srv, h, mod)
}

func newHarnessOn(t *testing.T, srv *telegramtest.Server, h bot.Handler, mod func(*Config)) *harness {
	t.Helper()
	clock := newFakeClock()
	logs := &syncBuffer{}
	cfg := Config{
		Token:          srv.Token,
		APIEndpoint:    srv.Endpoint(),
		PollTimeout:    time.Second,
		RequestTimeout: 10 * time.Second,
		DrainTimeout:   5 * time.Second,
		Clock:          clock,
	}
	if mod != nil {
		mod(&cfg)
	}
	logger := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	a, err := New(cfg, h, logger)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return &harness{t: t, srv: srv, a: a, clock: clock, logs: logs}
}

// run starts Run; the test's cleanup stops it and checks it returned nil.
func (h *harness) run() *harness {
	h.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	h.stop = cancel
	h.done = make(chan error, 1)
	go func() { h.done <- h.a.Run(ctx) }()
	h.t.Cleanup(func() { h.shutdown() })
	return h
}

// shutdown cancels Run and waits for it.
func (h *harness) shutdown() {
	h.t.Helper()
	if h.stop == nil {
		return
	}
	h.stop()
	h.stop = nil
	select {
	case err := <-h.done:
		if err != nil {
			h.t.Errorf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		h.t.Errorf("Run did not return after cancel")
	}
}

// wait fails the test unless cond holds within 5 s of server activity.
func (h *harness) wait(what string, cond func() bool) {
	h.t.Helper()
	if !h.srv.Wait(5*time.Second, cond) {
		h.t.Fatalf("timed out waiting for %s", what)
	}
}

// waitEvents waits until the recorder has n events.
func (h *harness) waitEvents(r *recorder, n int) []bot.Event {
	h.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if ev := r.Events(); len(ev) >= n {
			return ev
		}
		time.Sleep(2 * time.Millisecond)
	}
	h.t.Fatalf("want %d events, got %d: %+v", n, len(r.Events()), r.Events())
	return nil
}

// fakePNG is a tiny stand-in for a board image.
func fakePNG(tag string) []byte { return []byte("\x89PNG\r\n\x1a\n" + tag) }

func newTestServer(t *testing.T, h http.Handler) *httptest.Server {
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	return s
}

// post sends a webhook request and returns the status.
func post(t *testing.T, s *httptest.Server, body []byte, secret string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.URL+"/tg/hook", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if secret != "" {
		req.Header.Set(secretHeader, secret)
	}
	resp, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
