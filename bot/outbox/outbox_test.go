package outbox

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/storage"
)

var epoch = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// fixture is a sender on a real bbolt file whose Deliver records what it was
// given and fails the destinations in down.
type fixture struct {
	store *storage.Bolt
	snd   *Sender
	now   time.Time
	logs  bytes.Buffer

	mu   sync.Mutex
	sent []string // payload (replaces)
	down map[string]bool
	// notify, when set, hears of every delivery.
	notify chan struct{}
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{now: epoch, down: map[string]bool{}}
	st, err := storage.Open(filepath.Join(t.TempDir(), "out.db"), &storage.Options{Now: f.clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	f.store = st
	f.snd = New(Options{Store: st, Deliver: f.deliver, Holder: "test", Now: f.clock,
		Logger: slog.New(slog.NewTextHandler(&f.logs, nil))})
	return f
}

func (f *fixture) clock() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.now }

func (f *fixture) advance(d time.Duration) { f.mu.Lock(); f.now = f.now.Add(d); f.mu.Unlock() }

func (f *fixture) setDown(chat string, down bool) { f.mu.Lock(); f.down[chat] = down; f.mu.Unlock() }

func (f *fixture) deliver(ctx context.Context, e *storage.OutboxEntry, replaces int) storage.OutboxResult {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.down[e.ChatID] {
		return storage.OutboxResult{ID: e.ID, Err: "down", Retry: f.now.Add(f.snd.Backoff(e.Attempts + 1))}
	}
	f.sent = append(f.sent, fmt.Sprintf("%s:%s(%d)", e.ChatID, e.Payload, replaces))
	if f.notify != nil {
		f.notify <- struct{}{}
	}
	return storage.OutboxResult{ID: e.ID}
}

func (f *fixture) took() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.sent
	f.sent = nil
	return out
}

// queue stores one entry per text: "chat/kind/game/payload" (kind and game may be empty).
func (f *fixture) queue(t *testing.T, specs ...string) {
	t.Helper()
	var es []*storage.OutboxEntry
	for _, s := range specs {
		p := strings.Split(s, "/")
		es = append(es, &storage.OutboxEntry{Platform: "test", ChatID: p[0], Kind: p[1], GameID: p[2],
			Payload: []byte(`"` + p[3] + `"`)})
	}
	if err := f.store.Enqueue(context.Background(), es); err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) deliverDue(t *testing.T) int {
	t.Helper()
	n, err := f.snd.DeliverDue(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestInOrderPerChat(t *testing.T) {
	f := newFixture(t)
	f.queue(t, "a//1/one", "b//1/x", "a//1/two", "a//1/three")
	if n := f.deliverDue(t); n != 4 {
		t.Fatalf("finished %d, want 4", n)
	}
	var a []string
	for _, s := range f.took() {
		if strings.HasPrefix(s, "a:") {
			a = append(a, s)
		}
	}
	if got, want := strings.Join(a, " "), `a:"one"(0) a:"two"(0) a:"three"(0)`; got != want {
		t.Errorf("chat a got %s, want %s", got, want)
	}
	if n := f.deliverDue(t); n != 0 || len(f.took()) != 0 {
		t.Errorf("delivered again")
	}
}

func TestNewerBoardSupersedesOlder(t *testing.T) {
	f := newFixture(t)
	f.queue(t, "a/board/7/b1", "a//7/note", "a/board/7/b2", "a/board/8/other", "a/board/7/b3")
	if n := f.deliverDue(t); n != 5 {
		t.Fatalf("finished %d, want 5", n)
	}
	if got, want := strings.Join(f.took(), " "), `a:"note"(0) a:"other"(0) a:"b3"(2)`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestFailureStopsOnlyItsChatAndRetriesLater(t *testing.T) {
	f := newFixture(t)
	f.setDown("a", true)
	f.queue(t, "a//1/one", "a//1/two", "b//2/x")
	if n := f.deliverDue(t); n != 1 {
		t.Fatalf("finished %d, want 1 (chat b)", n)
	}
	if got := strings.Join(f.took(), " "); got != `b:"x"(0)` {
		t.Fatalf("got %s", got)
	}
	f.setDown("a", false)
	if n := f.deliverDue(t); n != 0 {
		t.Fatalf("a retry before its backoff: %d", n)
	}
	f.advance(f.snd.Backoff(1))
	f.deliverDue(t)
	if got, want := strings.Join(f.took(), " "), `a:"one"(0) a:"two"(0)`; got != want {
		t.Errorf("after the backoff got %s, want %s (in order)", got, want)
	}
}

func TestAlertOnceAndRecovery(t *testing.T) {
	f := newFixture(t)
	f.setDown("a", true)
	f.queue(t, "a//1/one")
	for range 12 {
		f.deliverDue(t)
		f.advance(5 * time.Minute)
	}
	if n := strings.Count(f.logs.String(), "messages cannot be delivered"); n != 1 {
		t.Fatalf("logged the failing chat %d times, want once:\n%s", n, f.logs.String())
	}
	f.setDown("a", false)
	f.deliverDue(t)
	if !strings.Contains(f.logs.String(), "messages are being delivered again") {
		t.Errorf("no recovery logged:\n%s", f.logs.String())
	}
}

func TestBackoff(t *testing.T) {
	s := New(Options{Config: Config{MaxBackoff: 10 * time.Second}})
	for n, want := range map[int]time.Duration{1: time.Second, 2: 2 * time.Second, 4: 8 * time.Second, 5: 10 * time.Second, 40: 10 * time.Second} {
		if got := s.Backoff(n); got != want {
			t.Errorf("Backoff(%d) = %s, want %s", n, got, want)
		}
	}
}

// TestRunDeliversOnWake: Run delivers what is queued when woken, long before
// its poll.
func TestRunDeliversOnWake(t *testing.T) {
	f := newFixture(t)
	f.snd.cfg.Poll = time.Hour
	f.notify = make(chan struct{}, 1)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- f.snd.Run(ctx) }()
	f.queue(t, "a//1/one")
	f.snd.Wake()
	select {
	case <-f.notify:
	case <-time.After(time.Minute): // a hang, not a timing: the poll is an hour
		t.Fatal("not delivered after Wake")
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
}
