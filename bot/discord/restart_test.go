package discord

import (
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/discord/discordtest"
	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/storage"
)

// gatedHandler passes events to the service, except that the one move it is
// told to hold waits until released; if the adapter stops first, it gives up
// without handling it, as a process that is stopped or killed mid-way would.
type gatedHandler struct {
	svc  *bot.Service
	mu   sync.Mutex
	hold string        // text of the event to hold
	held chan struct{} // closed when the held event arrived
	gate chan struct{} // closed to release it
}

func (g *gatedHandler) holdNext(text string) {
	g.mu.Lock()
	g.hold, g.held, g.gate = text, make(chan struct{}), make(chan struct{})
	g.mu.Unlock()
}

func (g *gatedHandler) Handle(ctx context.Context, ev bot.Event, r bot.Replier) {
	g.mu.Lock()
	hold := g.hold != "" && ev.Text == g.hold
	held, gate := g.held, g.gate
	if hold {
		g.hold = ""
	}
	g.mu.Unlock()
	if hold {
		close(held)
		select {
		case <-gate:
		case <-ctx.Done():
			return // stopped before the move was handled
		}
	}
	g.svc.Handle(ctx, ev, r)
}

// TestInteractionSurvivesRestart: a slash-command move acknowledged to Discord
// is stored first; the gateway drops while it is pending and the bot stops
// before handling it; the next start handles it, once. A gateway drop during a
// pending move without a restart loses nothing either.
func TestInteractionSurvivesRestart(t *testing.T) {
	t.Parallel()
	clock := &fixedClock{t: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)}
	store, err := storage.Open(filepath.Join(t.TempDir(), "chuhe.db"), &storage.Options{Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	logger := slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	svc, err := bot.New(bot.Config{Store: store, Renderer: bot.NewRenderer(render.Options{Width: 240}), Clock: clock,
		BotName: "Chuhe", Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := discordtest.New(discordtest.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	octx, ocancel := context.WithCancel(context.Background())
	outboxDone := make(chan error, 1)
	go func() { outboxDone <- svc.RunOutbox(octx) }() // as cmd/bot runs it
	t.Cleanup(func() { ocancel(); <-outboxDone })
	for _, u := range []discordtest.User{alice, bob, carol, dave} {
		srv.AddUser(u)
	}
	g := &gatedHandler{svc: svc}
	cfg := Config{Token: strings.TrimPrefix(srv.Config().Token, "Bot "), GuildID: srv.Config().GuildID}
	run := func() (*harness, func()) {
		a, err := New(cfg, g, logger, WithHTTPClient(srv.HTTPClient()), WithDialer(srv.Dialer()), WithBotName("Chuhe"))
		if err != nil {
			t.Fatal(err)
		}
		a.UseInbox(svc.Inbox(a.Name()))
		svc.AddPlatform(a)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- a.Run(ctx) }()
		h := &harness{t: t, srv: srv, a: a, ch: srv.Config().ChannelID}
		h.wait("connected", func(v *discordtest.View) bool { return v.Connected() && len(v.Commands(cfg.GuildID)) > 0 })
		var once sync.Once
		stop := func() {
			once.Do(func() {
				cancel()
				if err := <-done; err != nil {
					t.Errorf("Run: %v", err)
				}
			})
		}
		t.Cleanup(stop)
		return h, stop
	}
	boardAfter := func(h *harness, move string) func(v *discordtest.View) bool {
		return func(v *discordtest.View) bool {
			for _, m := range v.Messages(h.ch, carol.ID) {
				if len(m.Files) > 0 && strings.Contains(m.Content, "Last move: "+move) {
					return true
				}
			}
			return false
		}
	}
	moves := func() []string {
		gm, err := store.Game(context.Background(), "1")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range gm.Moves {
			out = append(out, m.Text)
		}
		return out
	}

	h, stop := run()
	h.slash(alice, "new", discordtest.UserOpt("opponent", bob.ID), discordtest.Str("variant", "xiangqi"))
	h.wait("the challenge", func(v *discordtest.View) bool {
		for _, m := range v.Messages(h.ch, bob.ID) {
			if customID(*m, "accept:") != "" {
				return true
			}
		}
		return false
	})
	challenge := h.last(bob, hasButton("accept:"))
	h.press(bob, challenge.ID, customID(challenge, "accept:"))
	h.wait("the first board", func(v *discordtest.View) bool {
		for _, m := range v.Messages(h.ch, carol.ID) {
			if len(m.Files) > 0 {
				return true
			}
		}
		return false
	})

	// Alice's move is acknowledged (deferred), then the gateway drops and the
	// bot stops before handling it.
	g.holdNext("/move h2e2")
	id := h.slash(alice, "move", discordtest.Str("move", "h2e2"))
	<-g.held
	h.acked(id)
	srv.Drop()
	stop()
	if got := moves(); len(got) != 0 {
		t.Fatalf("moves before the restart: %v", got)
	}

	// The next start handles it: the move is played once, its board posted.
	h, _ = run()
	h.wait("the board after h2e2", boardAfter(h, "h2e2"))
	if got := moves(); strings.Join(got, " ") != "h2e2" {
		t.Fatalf("moves after the restart: %v, want [h2e2] once", got)
	}

	// A gateway drop while Bob's move is pending, without a restart.
	g.holdNext("/move h9g7")
	h.slash(bob, "move", discordtest.Str("move", "h9g7"))
	<-g.held
	srv.Drop()
	close(g.gate)
	h.wait("the board after h9g7", boardAfter(h, "h9g7"))
	h.wait("the gateway back", func(v *discordtest.View) bool { return v.Connected() })
	if got := moves(); strings.Join(got, " ") != "h2e2 h9g7" {
		t.Fatalf("moves: %v", got)
	}
	pending, _, err := svc.Inbox(PlatformName).Pending(context.Background())
	if err != nil || len(pending) != 0 {
		t.Errorf("interactions left stored: %d, %v", len(pending), err)
	}
	var tr string
	srv.Read(func(v *discordtest.View) { tr = v.Transcript(h.ch, carol.ID) })
	t.Logf("the channel as Carol saw it:\n%s", tr)
}
