package discord

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/discord/discordtest"
)

// Members of the fake guild.
var (
	alice = discordtest.User{ID: "100000000000000001", Username: "alice", Name: "Alice"}
	bob   = discordtest.User{ID: "100000000000000002", Username: "bob", Name: "Bob"}
	carol = discordtest.User{ID: "100000000000000003", Username: "carol", Name: "Carol", Admin: true}
	dave  = discordtest.User{ID: "100000000000000004", Username: "dave_w", Name: "Dave W"}
)

// waitTimeout bounds every wait; nothing in these tests takes a second except
// discordgo's reconnect.
const waitTimeout = 10 * time.Second

type harness struct {
	t    *testing.T
	srv  *discordtest.Server
	a    *Adapter
	ch   string // the guild's text channel
	stop func()
}

type setup struct {
	cfg    Config
	server discordtest.Config
	opts   []Option
	// noWait skips waiting for the command registration (shards other than 0).
	noWait bool
}

// start runs an adapter against a fresh fake Discord until the test ends.
func start(t *testing.T, h bot.Handler, su setup) *harness {
	t.Helper()
	srv, err := discordtest.New(su.server)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []discordtest.User{alice, bob, carol, dave} {
		srv.AddUser(u)
	}
	cfg := su.cfg
	if cfg.Token == "" {
		cfg.Token = strings.TrimPrefix(srv.Config().Token, "Bot ")
	}
	if cfg.GuildID == "" && cfg.ShardID == 0 {
		cfg.GuildID = srv.Config().GuildID
	}
	opts := append([]Option{WithHTTPClient(srv.HTTPClient()), WithDialer(srv.Dialer())}, su.opts...)
	logger := slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	a, err := New(cfg, h, logger, opts...)
	if err != nil {
		t.Fatal(err)
	}
	if sp, ok := h.(interface{ setPlatform(bot.Platform) }); ok {
		sp.setPlatform(a)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()
	hs := &harness{t: t, srv: srv, a: a, ch: srv.Config().ChannelID}
	var once sync.Once
	hs.stop = func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Run: %v", err)
			}
			srv.Close()
		})
	}
	t.Cleanup(hs.stop)
	if !su.noWait {
		hs.wait("commands registered", func(v *discordtest.View) bool {
			return len(v.Commands(cfg.GuildID)) > 0
		})
	} else {
		hs.wait("connected", func(v *discordtest.View) bool { return v.Connected() })
	}
	return hs
}

// testWriter sends log lines to t.Log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

func (h *harness) wait(what string, cond func(v *discordtest.View) bool) {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitTimeout)
	defer cancel()
	if err := h.srv.Wait(ctx, cond); err != nil {
		h.t.Fatalf("waiting for %s: %v", what, err)
	}
}

// slash runs a command and waits until the adapter has answered it and the
// handler has returned.
func (h *harness) slash(u discordtest.User, cmd string, opts ...discordtest.Option) string {
	h.t.Helper()
	id, err := h.srv.Slash(h.ch, u.ID, cmd, opts...)
	if err != nil {
		h.t.Fatal(err)
	}
	return id
}

func (h *harness) press(u discordtest.User, msgID, customID string) string {
	h.t.Helper()
	id, err := h.srv.Press(u.ID, msgID, customID)
	if err != nil {
		h.t.Fatal(err)
	}
	return id
}

// acked waits for the interaction's first response.
func (h *harness) acked(id string) *discordtest.Interaction {
	h.t.Helper()
	var in discordtest.Interaction
	h.wait("interaction "+id+" acknowledged", func(v *discordtest.View) bool {
		i := v.Interaction(id)
		if i == nil || len(i.Responses) == 0 {
			return false
		}
		in = *i
		return true
	})
	if in.Failed || in.Latency > discordtest.InteractionDeadline {
		h.t.Fatalf("interaction %s answered after %v", id, in.Latency)
	}
	return &in
}

// messages returns copies of the channel's messages that user sees.
func (h *harness) messages(u discordtest.User) []discordtest.Message {
	var out []discordtest.Message
	h.srv.Read(func(v *discordtest.View) {
		for _, m := range v.Messages(h.ch, u.ID) {
			out = append(out, *m)
		}
	})
	return out
}

// recorder is a scripted bot.Handler that records events.
type recorder struct {
	mu       sync.Mutex
	events   []bot.Event
	platform bot.Platform
	script   func(ctx context.Context, p bot.Platform, ev bot.Event, r bot.Replier)
	done     chan bot.Event
}

func newRecorder(script func(ctx context.Context, p bot.Platform, ev bot.Event, r bot.Replier)) *recorder {
	return &recorder{script: script, done: make(chan bot.Event, 64)}
}

func (r *recorder) setPlatform(p bot.Platform) {
	r.mu.Lock()
	r.platform = p
	r.mu.Unlock()
}

func (r *recorder) Handle(ctx context.Context, ev bot.Event, rep bot.Replier) {
	r.mu.Lock()
	r.events = append(r.events, ev)
	p := r.platform
	r.mu.Unlock()
	if r.script != nil {
		r.script(ctx, p, ev, rep)
	}
	r.done <- ev
}

// next waits for the next event handled.
func (r *recorder) next(t *testing.T) bot.Event {
	t.Helper()
	select {
	case ev := <-r.done:
		return ev
	case <-time.After(waitTimeout):
		t.Fatal("no event handled")
	}
	return bot.Event{}
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.events)
}

// must fails the test on a reply error.
func must(t *testing.T, _ bot.MessageRef, err error) {
	t.Helper()
	if err != nil {
		t.Error(err)
	}
}

func isPrivateUnavailable(err error) (*bot.PrivateUnavailableError, bool) {
	var pu *bot.PrivateUnavailableError
	ok := errors.As(err, &pu)
	return pu, ok
}
