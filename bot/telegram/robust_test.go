package telegram

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/telegram/telegramtest"
)

// boards returns the captions of the bot's photos in the group.
func boards(srv *telegramtest.Server) []string {
	var out []string
	for _, m := range srv.BotMessages(group.ID) {
		if m.IsPhoto() {
			out = append(out, m.Text)
		}
	}
	return out
}

func TestFaultsLoseNoMove(t *testing.T) {
	g := &toyGame{seats: [2]string{"501", "502"}}
	h := newHarness(t, g, nil)
	srv := h.srv
	// Every board send meets a different failure first.
	for _, k := range []telegramtest.FaultKind{telegramtest.TooManyRequests, telegramtest.ServerError, telegramtest.BadGatewayHTML, telegramtest.DropConnection} {
		srv.Inject(telegramtest.Fault{Method: "sendPhoto", ChatID: group.ID, Kind: k, RetryAfter: 7})
	}
	// And polling itself stumbles.
	srv.Inject(telegramtest.Fault{Method: "getUpdates", Kind: telegramtest.ServerError})
	srv.Inject(telegramtest.Fault{Method: "getUpdates", Kind: telegramtest.TooManyRequests, RetryAfter: 2})
	srv.Inject(telegramtest.Fault{Method: "getUpdates", Kind: telegramtest.DropConnection})
	h.run()

	srv.Say(group, alice, "/m h2e2")
	srv.Say(group, bob, "/m h7e7")
	srv.Say(group, alice, "/m h0g2")
	srv.Say(group, bob, "/m b9c7")
	// The fake stores a message before it records the call's status, so wait for
	// both: the board alone can be seen a moment before its call is logged.
	h.wait("four boards", func() bool { return len(boards(srv)) == 4 && len(srv.Calls("sendPhoto")) == 8 })

	got := boards(srv)
	for i, mv := range []string{"h2e2", "h7e7", "h0g2", "b9c7"} {
		if !strings.Contains(got[i], "move "+fmt.Sprint(i+1)+": ") || !strings.Contains(got[i], mv) {
			t.Errorf("board %d = %q, want move %s", i+1, got[i], mv)
		}
	}
	var statuses []int
	for _, c := range srv.Calls("sendPhoto") {
		statuses = append(statuses, c.Status)
	}
	// The first board meets all four failures in a row; the others go through.
	if fmt.Sprint(statuses) != "[429 500 502 0 200 200 200 200]" {
		t.Errorf("sendPhoto statuses = %v", statuses)
	}
	if len(h.clock.Slept(7*time.Second)) == 0 || len(h.clock.Slept(2*time.Second)) < 2 {
		t.Errorf("retry_after not obeyed; slept %v", h.clock.Slept(time.Millisecond))
	}
}

func TestTimeoutIsRetried(t *testing.T) {
	g := &toyGame{seats: [2]string{"501", "502"}}
	h := newHarness(t, g, func(c *Config) { c.RequestTimeout = 300 * time.Millisecond })
	h.srv.Inject(telegramtest.Fault{Method: "sendPhoto", Kind: telegramtest.Hang})
	h.run()
	h.srv.Say(group, alice, "/m h2e2")
	h.wait("the board", func() bool { return len(boards(h.srv)) == 1 })
	if calls := h.srv.Calls("sendPhoto"); len(calls) != 2 || calls[0].Status != 0 || calls[1].Status != 200 {
		t.Errorf("sendPhoto calls = %+v", calls)
	}
	if len(g.Moves()) != 1 {
		t.Errorf("moves = %v", g.Moves())
	}
}

func TestGivingUpIsLoggedWithoutContent(t *testing.T) {
	h := newHarness(t, &recorder{}, func(c *Config) { c.MaxAttempts = 3 }).run()
	h.srv.Inject(telegramtest.Fault{Method: "sendMessage", Kind: telegramtest.ServerError, Times: 3})
	ctx := context.Background()
	_, err := h.a.Send(ctx, "-100500", bot.Message{Text: "the secret plan"})
	var ae *APIError
	if !errors.As(err, &ae) || ae.Code != 500 || ae.Attempts != 3 {
		t.Fatalf("err = %v", err)
	}
	logs := h.logs.String()
	if !strings.Contains(logs, "call failed") || strings.Contains(logs, "secret plan") {
		t.Errorf("logs:\n%s", logs)
	}
	// The chat's queue goes on.
	if _, err := h.a.Send(ctx, "-100500", bot.Message{Text: "next"}); err != nil {
		t.Errorf("next send: %v", err)
	}
	// Permanent errors are not retried.
	h.srv.Inject(telegramtest.Fault{Method: "sendMessage", Kind: telegramtest.Forbidden, Text: "Forbidden: bot was kicked from the supergroup chat"})
	_, err = h.a.Send(ctx, "-100500", bot.Message{Text: "x"})
	if !errors.As(err, &ae) || ae.Code != 403 || ae.Attempts != 1 {
		t.Errorf("kicked: %v", err)
	}
}

func TestTokenNeverInErrorsOrLogs(t *testing.T) {
	srv := telegramtest.New(t)
	h := newHarnessOn(t, srv, &recorder{}, nil).run()
	srv.Inject(telegramtest.Fault{Method: "sendMessage", Kind: telegramtest.DropConnection, Times: 2})
	if _, err := h.a.Send(context.Background(), "-100500", bot.Message{Text: "hi"}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(h.logs.String(), srv.Token) {
		t.Errorf("the token is in the log:\n%s", h.logs.String())
	}
	if !strings.Contains(h.logs.String(), "<token>") {
		t.Errorf("expected a redacted network error in the debug log:\n%s", h.logs.String())
	}
	h.shutdown()
	srv.Close()
	_, err := New(Config{Token: srv.Token, APIEndpoint: srv.Endpoint()}, &recorder{}, nil)
	if err == nil || strings.Contains(err.Error(), srv.Token) {
		t.Errorf("New against a dead server: %v", err)
	}
	_, err = New(Config{Token: "wrong", APIEndpoint: telegramtest.New(t).Endpoint()}, &recorder{}, nil)
	var ae *APIError
	if !errors.As(err, &ae) || ae.Code != 401 {
		t.Errorf("New with a wrong token: %v", err)
	}
}

func TestRateLimitAndOrder(t *testing.T) {
	h := newHarness(t, &recorder{}, nil).run()
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 30)
	for i := range 30 {
		// Queue in a known order: each send starts after the previous one is queued.
		done := make(chan struct{})
		wg.Add(1)
		go func() {
			defer wg.Done()
			close(done)
			if _, err := h.a.Send(ctx, "-100500", bot.Message{Text: fmt.Sprint("msg ", i)}); err != nil {
				errs <- err
			}
		}()
		<-done
		h.wait("queued", func() bool { return true })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	ms := h.srv.BotMessages(group.ID)
	if len(ms) != 30 {
		t.Fatalf("%d messages", len(ms))
	}
	// 20 a minute in a group: the burst passes, then about 3 s between messages.
	spaced := h.clock.Slept(2 * time.Second)
	if len(spaced) < 9 {
		t.Errorf("the group limit did not space the sends: %v", spaced)
	}
}

func TestOrderInOneChat(t *testing.T) {
	h := newHarness(t, &recorder{}, nil).run()
	h.srv.Inject(telegramtest.Fault{Method: "sendMessage", Kind: telegramtest.ServerError, Times: 2})
	ctx := context.Background()
	results := make(chan string, 2)
	go func() {
		_, _ = h.a.Send(ctx, "-100500", bot.Message{Text: "first"})
		results <- "first"
	}()
	h.wait("the first attempt", func() bool { return len(h.srv.Calls("sendMessage")) >= 1 })
	_, _ = h.a.Send(ctx, "-100500", bot.Message{Text: "second"})
	<-results
	ms := h.srv.BotMessages(group.ID)
	if len(ms) != 2 || ms[0].Text != "first" || ms[1].Text != "second" {
		t.Errorf("order: %+v", ms)
	}
}

func TestMigrationToSupergroup(t *testing.T) {
	h := newHarness(t, &recorder{}, nil).run()
	h.srv.Inject(telegramtest.Fault{Method: "sendMessage", ChatID: -4001, Kind: telegramtest.Migrated, MigrateTo: -1004001})
	ref, err := h.a.Send(context.Background(), "-4001", bot.Message{Text: "board"})
	if err != nil {
		t.Fatal(err)
	}
	if ref.ChatID != "-1004001" || len(h.srv.BotMessages(-1004001)) != 1 {
		t.Errorf("ref = %+v", ref)
	}
	if _, err := h.a.Send(context.Background(), "-4001", bot.Message{Text: "again"}); err != nil || len(h.srv.BotMessages(-1004001)) != 2 {
		t.Errorf("the second send did not go to the supergroup: %v", err)
	}
}

func TestShutdownDrainsAndConfirms(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	rec := &recorder{react: func(ctx context.Context, ev bot.Event, r bot.Replier) {
		if ev.Text == "/slow" {
			started <- struct{}{}
			<-release
		}
		if _, err := r.Reply(ctx, bot.Message{Text: "answer to " + ev.Text}); err != nil {
			t.Errorf("reply during drain: %v", err)
		}
	}}
	h := newHarness(t, rec, nil).run()
	h.srv.Inject(telegramtest.Fault{Method: "sendMessage", Kind: telegramtest.ServerError, Times: 2})
	h.srv.Say(group, alice, "/slow")
	h.srv.Say(group, alice, "/after")
	<-started
	h.wait("both updates fetched", func() bool { return h.srv.Pending() == 0 || len(h.srv.Calls("getUpdates")) >= 2 })
	h.stop()
	close(release)
	select {
	case err := <-h.done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return")
	}
	h.stop = nil
	ms := h.srv.BotMessages(group.ID)
	if len(ms) != 2 || ms[0].Text != "answer to /slow" || ms[1].Text != "answer to /after" {
		t.Errorf("after drain: %+v", ms)
	}
	if n := h.srv.Pending(); n != 0 {
		t.Errorf("%d updates left unconfirmed", n)
	}
	if _, err := h.a.Send(context.Background(), "-100500", bot.Message{Text: "late"}); !errors.Is(err, ErrClosed) {
		t.Errorf("send after Run: %v", err)
	}
}

func TestDrainTimeoutStopsWork(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	rec := &recorder{react: func(ctx context.Context, ev bot.Event, r bot.Replier) {
		if ev.Text == "/stuck" {
			started <- struct{}{}
			<-release
			if _, err := r.Reply(ctx, bot.Message{Text: "too late"}); err == nil {
				t.Errorf("a send after the drain went out")
			}
		}
	}}
	h := newHarness(t, rec, func(c *Config) { c.DrainTimeout = 20 * time.Millisecond })
	h.run()
	h.srv.Say(group, alice, "/stuck")
	<-started
	h.srv.Say(group, bob, "/m h7e7") // queued behind the stuck one
	h.wait("the second update fetched", func() bool {
		for _, c := range h.srv.Calls("getUpdates") {
			if c.Params.Get("offset") == "102" {
				return true
			}
		}
		return false
	})
	h.stop()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(h.logs.String(), "drain timed out") && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	close(release)
	if err := <-h.done; err != nil {
		t.Fatal(err)
	}
	h.stop = nil
	if n := len(rec.Events()); n != 1 {
		t.Fatalf("%d events handled, want only the stuck one: %+v", n, rec.Events())
	}
	if !strings.Contains(h.logs.String(), "drain timed out") || !strings.Contains(h.logs.String(), "events left unhandled") {
		t.Errorf("logs:\n%s", h.logs.String())
	}
}

func TestCallbackAnswerFailureStillHandles(t *testing.T) {
	rec := &recorder{}
	h := newHarness(t, rec, nil).run()
	h.srv.Inject(telegramtest.Fault{Method: "answerCallbackQuery", Kind: telegramtest.ServerError, Times: 5})
	ref, err := h.a.Send(context.Background(), "-100500", bot.Message{Text: "b", Buttons: [][]bot.Button{{{Label: "Resign", Data: "resign:1"}}}})
	if err != nil {
		t.Fatal(err)
	}
	var id int
	fmt.Sscan(ref.ID, &id)
	h.srv.Press(group, alice, id, "resign:1")
	evs := h.waitEvents(rec, 1)
	if evs[0].Button != "resign:1" {
		t.Errorf("event = %+v", evs[0])
	}
}
