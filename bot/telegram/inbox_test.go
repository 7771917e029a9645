package telegram

import (
	"context"
	"errors"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot"
)

// memInbox is an Inbox in memory whose Keep can be made to fail, as a full or
// broken disk would.
type memInbox struct {
	mu    sync.Mutex
	items map[string][]byte
	mark  string
	fail  bool
	dones int
}

func newMemInbox() *memInbox { return &memInbox{items: map[string][]byte{}} }

func (m *memInbox) Keep(_ context.Context, evs []bot.Inbound, mark string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail {
		return errors.New("disk full")
	}
	for i := range evs {
		evs[i].Key = "telegram/" + evs[i].Key
		m.items[evs[i].Key] = evs[i].Data
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
