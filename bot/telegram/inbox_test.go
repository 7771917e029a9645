package telegram

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/storage"
)

// memInbox is an Inbox in memory whose Keep can be made to fail, as a full or
// broken disk would.
type memInbox struct {
	mu    sync.Mutex
	items map[string][]byte
	mark  string
	seen  map[string]bool
	fail  bool
	dones int
}

func newMemInbox() *memInbox { return &memInbox{items: map[string][]byte{}, seen: map[string]bool{}} }

func (m *memInbox) Keep(_ context.Context, evs []bot.Inbound, mark string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail {
		return errors.New("disk full")
	}
	for i := range evs {
		evs[i].Key = "telegram/" + evs[i].Key
		m.items[evs[i].Key] = evs[i].Data
		m.seen[evs[i].Key] = true
	}
	if mark != "" {
		m.mark = mark
	}
	return nil
}

func (m *memInbox) Done(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.items, key)
	m.dones++
	return nil
}

func (m *memInbox) Pending(context.Context) ([]bot.Inbound, string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []bot.Inbound
	for k, v := range m.items {
		out = append(out, bot.Inbound{Key: k, Data: v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, m.mark, nil
}

func (m *memInbox) Seen(_ context.Context, key string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.seen["telegram/"+key], nil
}

func (m *memInbox) setFail(f bool) {
	m.mu.Lock()
	m.fail = f
	m.mu.Unlock()
}

func (m *memInbox) len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.items)
}

// TestWebhookStoresBeforeOK: the webhook answers 200 only once the update is
// stored; while it cannot be stored it answers 503, so Telegram sends it again.
func TestWebhookStoresBeforeOK(t *testing.T) {
	rec := &recorder{}
	ib := newMemInbox()
	h := newHarness(t, rec, func(c *Config) {
		c.Webhook = Webhook{URL: "https://chuhe.example.org/tg/hook", SecretToken: "s3cret-token"}
	})
	h.a.UseInbox(ib)
	h.run()
	h.wait("setWebhook", func() bool { return len(h.srv.Calls("setWebhook")) == 1 })
	hook := newTestServer(t, h.a.WebhookHandler())
	h.srv.Say(group, alice, "/m h2e2")
	body := h.srv.UpdateJSON(100)
	ib.setFail(true)
	if got := post(t, hook, body, "s3cret-token"); got != http.StatusServiceUnavailable {
		t.Errorf("unstorable update answered %d, want 503", got)
	}
	time.Sleep(20 * time.Millisecond) // nothing may come of it
	if n := len(rec.Events()); n != 0 {
		t.Fatalf("an update that was not stored was handled (%d events)", n)
	}
	ib.setFail(false)
	if got := post(t, hook, body, "s3cret-token"); got != http.StatusOK {
		t.Errorf("stored update answered %d", got)
	}
	evs := h.waitEvents(rec, 1)
	if evs[0].Inbound != "telegram/000000000100" {
		t.Errorf("event's inbox key %q", evs[0].Inbound)
	}
	h.wait("done", func() bool { return ib.len() == 0 })
}

// TestPollingRestartHandlesStored: updates stored by a run that stopped before
// handling them are handled by the next run, and the offset it stored keeps
// Telegram's copies of them from being handled again.
func TestPollingRestartHandlesStored(t *testing.T) {
	ib := newMemInbox()
	blocked := make(chan struct{})
	first := &recorder{react: func(ctx context.Context, ev bot.Event, r bot.Replier) {
		select { // a handler still busy when the bot stops
		case <-blocked:
		case <-ctx.Done():
		}
	}}
	h := newHarness(t, first, func(c *Config) { c.DrainTimeout = 50 * time.Millisecond })
	h.a.UseInbox(ib)
	h.run()
	h.srv.Say(group, alice, "/m h2e2")
	h.srv.Say(group, bob, "/m h9g7")
	h.wait("both stored and confirmed", func() bool { return ib.len() == 2 && h.srv.Pending() == 0 })
	h.shutdown()
	if !strings.Contains(h.logs.String(), "kept in the data file and handled at the next start") {
		t.Errorf("the shutdown log does not say what happens:\n%s", h.logs.String())
	}
	if ib.len() != 2 {
		t.Fatalf("%d updates left stored, want both", ib.len())
	}
	second := &recorder{}
	h2 := newHarnessOn(t, h.srv, second, nil)
	h2.a.UseInbox(ib)
	h2.run()
	evs := h2.waitEvents(second, 2)
	if evs[0].Text != "/m h2e2" || evs[1].Text != "/m h9g7" {
		t.Errorf("replayed %q, %q", evs[0].Text, evs[1].Text)
	}
	h2.wait("done", func() bool { return ib.len() == 0 })
	time.Sleep(50 * time.Millisecond)
	if n := len(second.Events()); n != 2 {
		t.Errorf("%d events after the restart, want 2 (no update twice)", n)
	}
	close(blocked)
}

// TestWebhookResendAfterRestart: Telegram sends an update again whose 200 it
// did not get before the bot restarted. The update was kept (and handled) by
// the first run; the next run, on the same data file, answers 200 and does not
// handle it twice. Updates it has not seen are handled as usual.
func TestWebhookResendAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "chuhe.db")
	webhook := func(c *Config) {
		c.Webhook = Webhook{URL: "https://chuhe.example.org/tg/hook", SecretToken: "s3cret-token"}
	}
	open := func() (*storage.Bolt, bot.Inbox) {
		st, err := storage.Open(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		svc, err := bot.New(bot.Config{Store: st, Variants: defaultRegistry(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			t.Fatal(err)
		}
		return st, svc.Inbox("telegram")
	}
	st, ib := open()
	first := &recorder{}
	h := newHarness(t, first, webhook)
	h.a.UseInbox(ib)
	h.run()
	h.wait("setWebhook", func() bool { return len(h.srv.Calls("setWebhook")) == 1 })
	hook := newTestServer(t, h.a.WebhookHandler())
	h.srv.Say(group, alice, "/m h2e2")
	body := h.srv.UpdateJSON(100) // the fake's first update id
	if got := post(t, hook, body, "s3cret-token"); got != http.StatusOK {
		t.Fatalf("update answered %d", got)
	}
	h.waitEvents(first, 1)
	waitHandled(t, st)
	h.shutdown()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	st, ib = open()
	t.Cleanup(func() { _ = st.Close() })
	second := &recorder{}
	h2 := newHarnessOn(t, h.srv, second, webhook)
	h2.a.UseInbox(ib)
	h2.run()
	hook2 := newTestServer(t, h2.a.WebhookHandler())
	if got := post(t, hook2, body, "s3cret-token"); got != http.StatusOK {
		t.Errorf("the update sent again answered %d, want 200 (else Telegram keeps sending it)", got)
	}
	h.srv.Say(group, bob, "/m h9g7")
	if got := post(t, hook2, h.srv.UpdateJSON(101), "s3cret-token"); got != http.StatusOK {
		t.Fatalf("a new update answered %d", got)
	}
	h2.waitEvents(second, 1)
	// Everything kept is handled once the inbox is empty (a kept update is
	// removed after its handler returns).
	waitHandled(t, st)
	evs := second.Events()
	if len(evs) != 1 || evs[0].Text != "/m h9g7" {
		var texts []string
		for _, ev := range evs {
			texts = append(texts, ev.Text)
		}
		t.Errorf("after the restart the handler saw %q, want only the new update", texts)
	}
	if !strings.Contains(h2.logs.String(), "came again after a restart") {
		t.Errorf("the log does not say why the update was skipped:\n%s", h2.logs.String())
	}
}

// waitHandled waits until every update kept in st's inbox is handled (none
// is left), as waitEvents waits for events. It reads the store: the inbox's
// Pending claims, and passes over what its own adapter holds.
func waitHandled(t *testing.T, st storage.Store) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if vs, err := st.Values(context.Background(), "inbound", "telegram/0"); err == nil && len(vs) == 0 {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatal("updates kept in the inbox were not handled")
}

// TestWebhookTakesOverADeadProcess: behind a load balancer, an update that
// another process stored and did not handle before it died is handled by a
// process that lives on, once, even while it waits in its chat's queue and
// the sweeps see it stored again and again.
func TestWebhookTakesOverADeadProcess(t *testing.T) {
	ib := newMemInbox() // its Pending lists everything, as if every lease had run out
	release := make(chan struct{})
	rec := &recorder{react: func(ctx context.Context, ev bot.Event, r bot.Replier) {
		if ev.Text == "/m h2e2" {
			select {
			case <-release:
			case <-ctx.Done():
			}
		}
	}}
	h := newHarness(t, rec, func(c *Config) {
		c.Webhook = Webhook{URL: "https://chuhe.example.org/tg/hook", SecretToken: "s3cret-token"}
	})
	h.a.inboxSweep = 10 * time.Millisecond
	h.a.UseInbox(ib)
	h.run()
	h.wait("setWebhook", func() bool { return len(h.srv.Calls("setWebhook")) == 1 })
	hook := newTestServer(t, h.a.WebhookHandler())
	h.srv.Say(group, alice, "/m h2e2")
	if got := post(t, hook, h.srv.UpdateJSON(100), "s3cret-token"); got != http.StatusOK {
		t.Fatalf("update answered %d", got)
	}
	h.waitEvents(rec, 1)
	// The other process stored update 101 and died; it queues behind 100.
	h.srv.Say(group, bob, "/m h9g7")
	ib.mu.Lock()
	ib.items["telegram/"+inboxKey(101)] = h.srv.UpdateJSON(101)
	ib.mu.Unlock()
	time.Sleep(100 * time.Millisecond) // ten sweeps
	close(release)
	evs := h.waitEvents(rec, 2)
	if evs[1].Text != "/m h9g7" || evs[1].Inbound != "telegram/"+inboxKey(101) {
		t.Errorf("the update left by the dead process came as %q (%s)", evs[1].Text, evs[1].Inbound)
	}
	h.wait("done", func() bool { return ib.len() == 0 })
	time.Sleep(30 * time.Millisecond)
	if n := len(rec.Events()); n != 2 {
		t.Errorf("%d events, want 2: an update was handled twice", n)
	}
}

// TestWebhookResendOfADeadProcessUpdate: a process stored an update and died
// before its 200 reached Telegram, which sends the update again, to this
// process. It answers 200 (the update is stored) and does not handle it then;
// its sweep does, once.
func TestWebhookResendOfADeadProcessUpdate(t *testing.T) {
	ib := newMemInbox()
	rec := &recorder{}
	h := newHarness(t, rec, func(c *Config) {
		c.Webhook = Webhook{URL: "https://chuhe.example.org/tg/hook", SecretToken: "s3cret-token"}
	})
	h.a.inboxSweep = 10 * time.Millisecond
	h.a.UseInbox(ib)
	h.run()
	h.wait("setWebhook", func() bool { return len(h.srv.Calls("setWebhook")) == 1 })
	hook := newTestServer(t, h.a.WebhookHandler())
	h.srv.Say(group, alice, "/m h2e2")
	body := h.srv.UpdateJSON(100)
	// Stored by the process that died (and so seen).
	if err := ib.Keep(context.Background(), []bot.Inbound{{Key: inboxKey(100), Data: body}}, ""); err != nil {
		t.Fatal(err)
	}
	if got := post(t, hook, body, "s3cret-token"); got != http.StatusOK {
		t.Fatalf("the update sent again answered %d", got)
	}
	evs := h.waitEvents(rec, 1)
	if evs[0].Text != "/m h2e2" {
		t.Errorf("handled %q", evs[0].Text)
	}
	h.wait("done", func() bool { return ib.len() == 0 })
	time.Sleep(50 * time.Millisecond)
	if n := len(rec.Events()); n != 1 {
		t.Errorf("%d events, want the update once", n)
	}
}
