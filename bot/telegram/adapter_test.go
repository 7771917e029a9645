package telegram

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/telegram/telegramtest"
)

// toyGame is a handler that plays a pretend game between two users: a move is
// "/m X", "/move X", a reply to the board, or a "mv:X" button; the right player
// must move; every accepted move posts the board as a photo with a caption and
// buttons. It is just enough to drive the adapter; the real service is tested in
// service_test.go.
type toyGame struct {
	mu     sync.Mutex
	events []bot.Event
	moves  []string
	board  string // the last board message id
	turn   int
	seats  [2]string
}

func (g *toyGame) Handle(ctx context.Context, ev bot.Event, r bot.Replier) {
	g.mu.Lock()
	g.events = append(g.events, ev)
	mv := ""
	switch {
	case strings.HasPrefix(ev.Button, "mv:"):
		mv = strings.TrimPrefix(ev.Button, "mv:")
	case strings.HasPrefix(ev.Text, "/m "), strings.HasPrefix(ev.Text, "/move "):
		_, mv, _ = strings.Cut(ev.Text, " ")
	case ev.ReplyTo != "" && ev.ReplyTo == g.board:
		mv = ev.Text
	}
	if mv == "" {
		g.mu.Unlock()
		return
	}
	if ev.User.ID != g.seats[g.turn] {
		g.mu.Unlock()
		_, _ = r.Reply(ctx, bot.Message{Text: "Not your turn, " + ev.User.Name + ".", ReplyTo: ev.MessageID})
		return
	}
	g.moves = append(g.moves, mv)
	n := len(g.moves)
	g.turn = 1 - g.turn
	next := g.seats[g.turn]
	g.mu.Unlock()
	ref, err := r.Reply(ctx, bot.Message{
		Text:    fmt.Sprintf("Game #1 · move %d: %s played %s · %s to move", n, ev.User.Name, mv, next),
		Image:   fakePNG(fmt.Sprintf("board after %d", n)),
		Buttons: [][]bot.Button{{{Label: "h9g7", Data: "mv:h9g7"}, {Label: "Resign", Data: "resign:1"}}},
	})
	if err == nil {
		g.mu.Lock()
		g.board = ref.ID
		g.mu.Unlock()
	}
}

func (g *toyGame) Moves() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.moves...)
}

func (g *toyGame) Events() []bot.Event {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]bot.Event(nil), g.events...)
}

func (g *toyGame) Board() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.board
}

func TestGroupGame(t *testing.T) {
	g := &toyGame{seats: [2]string{"501", "502"}}
	h := newHarness(t, g, nil).run()
	srv := h.srv

	t.Run("move_by_command_with_the_bot_name", func(t *testing.T) {
		srv.Say(group, alice, "/m@ChuheBot h2e2")
		h.wait("the first board", func() bool { return len(srv.BotMessages(group.ID)) == 1 })
		ev := g.Events()[0]
		if ev.Text != "/m h2e2" || !ev.Addressed || ev.Private || ev.ChatID != "-100500" || ev.User != (bot.User{ID: "501", Name: "@alice_xq", Username: "alice_xq"}) {
			t.Errorf("event = %+v", ev)
		}
		if ev.Platform != "telegram" || ev.MessageID == "" || ev.At.IsZero() {
			t.Errorf("event = %+v", ev)
		}
		m := srv.BotMessages(group.ID)[0]
		if !m.IsPhoto() || !strings.Contains(m.Text, "@alice_xq played h2e2") || len(m.Buttons()) != 2 {
			t.Errorf("board = %+v", m)
		}
	})

	t.Run("wrong_player_is_told", func(t *testing.T) {
		srv.Say(group, alice, "/move h0g2")
		h.wait("the refusal", func() bool { return len(srv.BotMessages(group.ID)) == 2 })
		m := srv.BotMessages(group.ID)[1]
		if m.IsPhoto() || !strings.Contains(m.Text, "Not your turn") || m.ReplyTo == 0 {
			t.Errorf("refusal = %+v", m)
		}
	})

	t.Run("move_by_reply_to_the_board", func(t *testing.T) {
		board := srv.BotMessages(group.ID)[0]
		srv.Reply(group, bob, "h7e7", board.ID)
		h.wait("the second board", func() bool { return len(g.Moves()) == 2 && len(srv.BotMessages(group.ID)) == 3 })
		evs := g.Events()
		ev := evs[len(evs)-1]
		if ev.Text != "h7e7" || ev.ReplyTo != fmt.Sprint(board.ID) || !ev.Addressed {
			t.Errorf("reply event = %+v", ev)
		}
	})

	t.Run("move_by_button", func(t *testing.T) {
		board := srv.BotMessages(group.ID)[2]
		cq := srv.Press(group, alice, board.ID, "mv:h9g7")
		h.wait("the third board", func() bool { return len(g.Moves()) == 3 && len(srv.BotMessages(group.ID)) == 4 })
		evs := g.Events()
		ev := evs[len(evs)-1]
		if ev.Button != "mv:h9g7" || ev.Text != "" || ev.ReplyTo != fmt.Sprint(board.ID) || !ev.Addressed {
			t.Errorf("button event = %+v", ev)
		}
		answered := false
		for _, c := range srv.Calls("answerCallbackQuery") {
			answered = answered || c.Params.Get("callback_query_id") == cq
		}
		if !answered {
			t.Errorf("callback query %s not answered", cq)
		}
	})

	if got := g.Moves(); strings.Join(got, " ") != "h2e2 h7e7 h9g7" {
		t.Errorf("moves = %v", got)
	}
}

func TestMessagesThatAreNotForTheBot(t *testing.T) {
	rec := &recorder{}
	h := newHarness(t, rec, nil)
	h.srv.PrivacyOff = true
	h.run()
	srv := h.srv

	srv.Say(group, alice, "/m@OtherBot h2e2") // for another bot: dropped
	srv.Say(group, alice, "h2e2")             // plain: passed, not addressed
	srv.Say(group, alice, "@ChuheBot h2e2")   // mention: addressed, name stripped
	srv.Say(group, alice, "/help")
	srv.PushRaw(map[string]any{"message": map[string]any{ // another bot's message
		"message_id": 99, "date": 1, "chat": group, "text": "/m h2e2",
		"from": map[string]any{"id": 9, "is_bot": true, "first_name": "Spam"},
	}})
	evs := h.waitEvents(rec, 3)
	time.Sleep(20 * time.Millisecond)
	if n := len(rec.Events()); n != 3 {
		t.Fatalf("want 3 events, got %d: %+v", n, rec.Events())
	}
	if evs[0].Text != "h2e2" || evs[0].Addressed {
		t.Errorf("plain message = %+v", evs[0])
	}
	if evs[1].Text != "h2e2" || !evs[1].Addressed {
		t.Errorf("mention = %+v", evs[1])
	}
	if evs[2].Text != "/help" || !evs[2].Addressed {
		t.Errorf("command = %+v", evs[2])
	}
}

func TestMentions(t *testing.T) {
	rec := &recorder{}
	h := newHarness(t, rec, nil).run()
	srv := h.srv
	srv.Say(group, bob, "/help") // the bot now knows @bobby_xq
	srv.Say(group, alice, "/new @bobby_xq xiangqi")
	srv.SayWithMention(group, alice, "/new Carol", "Carol", carol)
	srv.Say(group, alice, "/new @stranger_name")
	evs := h.waitEvents(rec, 4)
	if m := evs[1].Mentions; len(m) != 1 || m[0] != (bot.User{ID: "502", Name: "@bobby_xq", Username: "bobby_xq"}) {
		t.Errorf("mention of a known user: %+v", m)
	}
	if m := evs[2].Mentions; len(m) != 1 || m[0] != (bot.User{ID: "503", Name: "Carol"}) {
		t.Errorf("text mention: %+v", m)
	}
	if m := evs[3].Mentions; len(m) != 0 {
		t.Errorf("an unknown @name cannot be resolved: %+v", m)
	}
	if evs[1].Text != "/new @bobby_xq xiangqi" {
		t.Errorf("text = %q", evs[1].Text)
	}
}

func TestAdmin(t *testing.T) {
	rec := &recorder{}
	h := newHarness(t, rec, func(c *Config) { c.AdminCacheTTL = time.Minute })
	h.srv.SetMember(group.ID, alice.ID, "administrator")
	h.srv.SetMember(group.ID, carol.ID, "creator")
	h.run()
	srv := h.srv

	srv.Say(group, alice, "/abort")
	srv.Say(group, bob, "/abort")
	srv.Say(group, carol, "/abort")
	srv.Say(group, alice, "/abort")  // cached
	srv.Say(group, alice, "/m h2e2") // a move needs no admin: no lookup
	srv.Say(telegramtest.PrivateChat(bob), bob, "/settings")
	h.waitEvents(rec, 6)
	// Events of one chat keep their order; the private chat runs beside the group.
	var got []string
	for _, ev := range rec.Events() {
		if !ev.Private {
			got = append(got, fmt.Sprintf("%s %s %v", ev.User.Name, ev.Text, ev.Admin))
		} else if !ev.Admin {
			t.Errorf("private event: Admin = false")
		}
	}
	want := "@alice_xq /abort true|@bobby_xq /abort false|Carol /abort true|@alice_xq /abort true|@alice_xq /m h2e2 false"
	if strings.Join(got, "|") != want {
		t.Errorf("admin flags:\n got %s\nwant %s", strings.Join(got, "|"), want)
	}
	if n := len(srv.Calls("getChatMember")); n != 3 {
		t.Errorf("getChatMember calls = %d, want 3 (one per user, then cached)", n)
	}
	h.clock.Advance(2 * time.Minute)
	srv.Say(group, alice, "/abort")
	h.waitEvents(rec, 7)
	if n := len(srv.Calls("getChatMember")); n != 4 {
		t.Errorf("after the cache expired: getChatMember calls = %d, want 4", n)
	}
}

func TestLongCaptionAndText(t *testing.T) {
	h := newHarness(t, &recorder{}, nil).run()
	ctx := context.Background()
	long := strings.Repeat("棋", 1100)
	ref, err := h.a.Send(ctx, "-100500", bot.Message{Text: long, Image: fakePNG("b"), Buttons: [][]bot.Button{{{Label: "Board", Data: "board:1"}}}})
	if err != nil {
		t.Fatal(err)
	}
	ms := h.srv.BotMessages(group.ID)
	if len(ms) != 2 || !ms[0].IsPhoto() || ms[0].Text != "" || ms[0].Keyboard != nil {
		t.Fatalf("want a bare photo then the text: %+v", ms)
	}
	if ms[1].Text != long || ms[1].ReplyTo != ms[0].ID || len(ms[1].Buttons()) != 1 {
		t.Errorf("text message = %+v", ms[1])
	}
	if ref.ID != fmt.Sprint(ms[0].ID) {
		t.Errorf("ref = %+v, want the photo", ref)
	}

	// Editing it to a short text moves the text under the photo.
	if err := h.a.Edit(ctx, ref, bot.Message{Text: "short now", Image: fakePNG("b2")}); err != nil {
		t.Fatal(err)
	}
	ms = h.srv.BotMessages(group.ID)
	if len(ms) != 1 || ms[0].Text != "short now" || string(ms[0].Photo) != string(fakePNG("b2")) {
		t.Errorf("after edit: %+v", ms)
	}

	// Text over 4096 is split at line breaks; far too long is refused.
	line := strings.Repeat("x", 99) + "\n"
	if _, err := h.a.Send(ctx, "-100500", bot.Message{Text: strings.Repeat(line, 60)}); err != nil {
		t.Fatal(err)
	}
	ms = h.srv.BotMessages(group.ID)
	if len(ms) != 3 || len(ms[1].Text) != 4000 || len(ms[2].Text) != 2000 {
		t.Errorf("split: %d messages", len(ms))
	}
	if _, err := h.a.Send(ctx, "-100500", bot.Message{Text: strings.Repeat(line, 500)}); !errors.Is(err, bot.ErrTooLong) {
		t.Errorf("far too long: err = %v", err)
	}
	if _, err := h.a.Send(ctx, "-100500", bot.Message{}); err == nil {
		t.Errorf("empty message: no error")
	}
}

func TestLongButtonData(t *testing.T) {
	rec := &recorder{}
	h := newHarness(t, rec, nil).run()
	ctx := context.Background()
	long := "accept:" + strings.Repeat("x", 80)
	_, err := h.a.Send(ctx, "-100500", bot.Message{Text: "Challenge", Buttons: [][]bot.Button{
		{{Label: "Accept", Data: long}, {Label: "Tilde", Data: "~x"}, {Label: "Rules", URL: "https://example.org/rules"}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	m := h.srv.BotMessages(group.ID)[0]
	bs := m.Buttons()
	if len(bs) != 3 || bs[0].CallbackData == nil || len(*bs[0].CallbackData) > 64 || *bs[0].CallbackData == long {
		t.Fatalf("buttons = %+v", bs)
	}
	if bs[2].URL == nil || *bs[2].URL != "https://example.org/rules" {
		t.Errorf("url button = %+v", bs[2])
	}
	h.srv.Press(group, bob, m.ID, *bs[0].CallbackData)
	h.srv.Press(group, bob, m.ID, *bs[1].CallbackData)
	h.srv.Press(group, bob, m.ID, "~zzzz99") // from before a restart
	evs := h.waitEvents(rec, 2)
	if evs[0].Button != long || evs[1].Button != "~x" {
		t.Errorf("buttons pressed: %q, %q", evs[0].Button, evs[1].Button)
	}
	h.wait("three answers", func() bool { return len(h.srv.Calls("answerCallbackQuery")) == 3 })
	last := h.srv.Calls("answerCallbackQuery")[2]
	if !strings.Contains(last.Params.Get("text"), "before a restart") {
		t.Errorf("expired button answer = %q", last.Params.Get("text"))
	}
	time.Sleep(10 * time.Millisecond)
	if n := len(rec.Events()); n != 2 {
		t.Errorf("an expired button made an event: %d events", n)
	}
}

func TestPrivateRoute(t *testing.T) {
	// The handler sends the private board when the player comes in by the deep link.
	var h *harness
	rec := &recorder{react: func(ctx context.Context, ev bot.Event, r bot.Replier) {
		if ev.Private && ev.Text == "/start g_12" {
			if _, err := r.Reply(ctx, bot.Message{Text: "Your pieces in game #12", Image: fakePNG("private-alice")}); err != nil {
				t.Errorf("private reply: %v", err)
			}
		}
		if ev.Text == "/peek" {
			_, err := r.ReplyPrivately(ctx, bot.Message{Text: "Your pieces", Image: fakePNG("peek-" + ev.User.ID)})
			var pu *bot.PrivateUnavailableError
			if errors.As(err, &pu) {
				_, _ = r.Reply(ctx, bot.Message{Text: pu.Hint, Buttons: [][]bot.Button{{{Label: "Open a private chat", URL: h.a.DeepLink("g_12")}}}})
			}
		}
	}}
	h = newHarness(t, rec, nil).run()
	srv := h.srv
	ctx := context.Background()

	if got := h.a.DeepLink("g_12"); got != "https://t.me/ChuheBot?start=g_12" {
		t.Errorf("DeepLink = %q", got)
	}

	// Alice never started the bot: Telegram refuses, the service gets a hint.
	_, err := h.a.SendPrivate(ctx, bot.User{ID: "501", Name: "@alice_xq"}, bot.Message{Text: "secret", Image: fakePNG("s")})
	var pu *bot.PrivateUnavailableError
	if !errors.As(err, &pu) || pu.URL != "https://t.me/ChuheBot" || !strings.Contains(pu.Hint, "press Start") || pu.User.ID != "501" {
		t.Fatalf("SendPrivate to a stranger: %v (%+v)", err, pu)
	}

	// From the group, /peek falls back to the hint with a deep-link button.
	srv.Say(group, alice, "/peek")
	h.wait("the hint in the group", func() bool { return len(srv.BotMessages(group.ID)) == 1 })
	hint := srv.BotMessages(group.ID)[0]
	if b := hint.Buttons(); len(b) != 1 || b[0].URL == nil || *b[0].URL != "https://t.me/ChuheBot?start=g_12" {
		t.Errorf("hint = %+v", hint)
	}

	// Alice follows the link and presses Start.
	srv.Start(alice, "g_12")
	h.wait("the private board", func() bool { return len(srv.BotMessages(alice.ID)) == 1 })
	evs := rec.Events()
	start := evs[len(evs)-1]
	if !start.Private || start.Text != "/start g_12" || start.ChatID != "501" || !start.Admin || !start.Addressed {
		t.Errorf("start event = %+v", start)
	}
	if m := srv.BotMessages(alice.ID)[0]; string(m.Photo) != string(fakePNG("private-alice")) {
		t.Errorf("private board = %+v", m)
	}

	// Now /peek in the group goes to Alice privately, and only to her.
	srv.Say(group, alice, "/peek")
	h.wait("the peek", func() bool { return len(srv.BotMessages(alice.ID)) == 2 })
	if m := srv.BotMessages(alice.ID)[1]; string(m.Photo) != string(fakePNG("peek-501")) {
		t.Errorf("peek = %+v", m)
	}
	if n := len(srv.BotMessages(group.ID)); n != 1 {
		t.Errorf("the group got %d messages, want only the first hint", n)
	}

	// She blocks the bot: unreachable again.
	srv.Block(alice.ID)
	_, err = h.a.SendPrivate(ctx, bot.User{ID: "501", Name: "@alice_xq"}, bot.Message{Text: "secret"})
	if !errors.As(err, &pu) {
		t.Errorf("after block: %v", err)
	}
	// A user Telegram does not know at all (400 chat not found) is the same case.
	_, err = h.a.SendPrivate(ctx, bot.User{ID: "999", Name: "ghost"}, bot.Message{Text: "secret"})
	if !errors.As(err, &pu) {
		t.Errorf("unknown user: %v", err)
	}
	// Payloads t.me does not allow come back intact.
	link := h.a.DeepLink("game 12/ä")
	payload := link[strings.Index(link, "start=")+6:]
	srv.Start(bob, payload)
	evs = h.waitEvents(rec, len(evs)+2) // the second /peek, then bob's /start
	if evs[len(evs)-1].Text != "/start game 12/ä" {
		t.Errorf("restored payload: %q", evs[len(evs)-1].Text)
	}
	if strings.Contains(h.logs.String(), "secret") {
		t.Errorf("a private message's text reached the log")
	}
}

func TestCommandMenu(t *testing.T) {
	h := newHarness(t, &recorder{}, func(c *Config) {
		c.Commands = []Command{
			{Name: "move", Help: map[string]string{"en": "Make a move: /m h2e2", "zh": "走棋：/m 炮二平五"}},
			{Name: "m", Help: map[string]string{"en": "Short for /move"}},
			{Name: "Bad-Name", Help: map[string]string{"en": "skipped"}},
		}
	}).run()
	h.wait("three menus", func() bool { return len(h.srv.Calls("setMyCommands")) == 3 })
	def, en, zh := h.srv.Commands(""), h.srv.Commands("en"), h.srv.Commands("zh")
	if len(def) != 2 || def[0]["description"] != "Make a move: /m h2e2" {
		t.Errorf("default menu = %v", def)
	}
	if len(en) != 2 || len(zh) != 2 || zh[0]["description"] != "走棋：/m 炮二平五" || zh[1]["description"] != "Short for /move" {
		t.Errorf("en = %v, zh = %v", en, zh)
	}
}

func TestEditAndDelete(t *testing.T) {
	h := newHarness(t, &recorder{}, nil).run()
	ctx := context.Background()
	photo, err := h.a.Send(ctx, "-100500", bot.Message{Text: "board", Image: fakePNG("1"), Buttons: [][]bot.Button{{{Label: "Accept", Data: "accept:1"}}}})
	if err != nil {
		t.Fatal(err)
	}
	text, err := h.a.Send(ctx, "-100500", bot.Message{Text: "challenge", Buttons: [][]bot.Button{{{Label: "Accept", Data: "accept:1"}}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.a.Edit(ctx, photo, bot.Message{Text: "board, accepted"}); err != nil {
		t.Fatal(err)
	}
	if err := h.a.Edit(ctx, text, bot.Message{Text: "challenge accepted"}); err != nil {
		t.Fatal(err)
	}
	if err := h.a.Edit(ctx, text, bot.Message{Text: "challenge accepted"}); err != nil {
		t.Errorf("an edit that changes nothing: %v", err)
	}
	ms := h.srv.BotMessages(group.ID)
	if ms[0].Text != "board, accepted" || ms[0].Keyboard != nil || ms[1].Text != "challenge accepted" || ms[1].Keyboard != nil {
		t.Errorf("after edits: %+v", ms)
	}
	if err := h.a.Delete(ctx, text); err != nil {
		t.Fatal(err)
	}
	if err := h.a.Delete(ctx, text); err != nil {
		t.Errorf("deleting twice: %v", err)
	}
	if n := len(h.srv.BotMessages(group.ID)); n != 1 {
		t.Errorf("after delete: %d messages", n)
	}

	// After a restart the adapter does not know which message is a photo: it finds out.
	h2 := newHarnessOn(t, h.srv, &recorder{}, nil)
	if err := h2.a.Edit(ctx, photo, bot.Message{Text: "edited after restart"}); err != nil {
		t.Fatal(err)
	}
	if m := h.srv.BotMessages(group.ID)[0]; m.Text != "edited after restart" {
		t.Errorf("photo = %+v", m)
	}
	if err := h.a.Edit(ctx, bot.MessageRef{ChatID: "-100500", ID: "x"}, bot.Message{Text: "t"}); err == nil {
		t.Errorf("bad id: no error")
	}
}

func TestWebhook(t *testing.T) {
	rec := &recorder{}
	h := newHarness(t, rec, func(c *Config) {
		c.Webhook = Webhook{URL: "https://chuhe.example.org/tg/hook", SecretToken: "s3cret-token"}
	}).run()
	h.wait("setWebhook", func() bool { return len(h.srv.Calls("setWebhook")) == 1 })
	wh := h.srv.Webhook()
	if wh.Get("url") != "https://chuhe.example.org/tg/hook" || wh.Get("secret_token") != "s3cret-token" || !strings.Contains(wh.Get("allowed_updates"), "callback_query") {
		t.Errorf("setWebhook = %v", wh)
	}
	hook := newTestServer(t, h.a.WebhookHandler())
	h.srv.Say(group, alice, "/m h2e2")
	body := h.srv.UpdateJSON(100) // the fake numbers updates from 100
	if got := post(t, hook, body, ""); got != http.StatusUnauthorized {
		t.Errorf("no secret: %d", got)
	}
	if got := post(t, hook, body, "wrong"); got != http.StatusUnauthorized {
		t.Errorf("wrong secret: %d", got)
	}
	if got := post(t, hook, body, "s3cret-token"); got != http.StatusOK {
		t.Errorf("right secret: %d", got)
	}
	if got := post(t, hook, body, "s3cret-token"); got != http.StatusOK {
		t.Errorf("redelivery: %d", got)
	}
	if got := post(t, hook, []byte("{nope"), "s3cret-token"); got != http.StatusBadRequest {
		t.Errorf("bad body: %d", got)
	}
	evs := h.waitEvents(rec, 1)
	time.Sleep(10 * time.Millisecond)
	if len(rec.Events()) != 1 || evs[0].Text != "/m h2e2" {
		t.Errorf("events = %+v", rec.Events())
	}
	if n := len(h.srv.Calls("getUpdates")); n != 0 {
		t.Errorf("webhook mode polled %d times", n)
	}
}

func TestConfig(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"", DefaultAPIEndpoint},
		{"http://localhost:8081", "http://localhost:8081/bot%s/%s"},
		{"http://localhost:8081/", "http://localhost:8081/bot%s/%s"},
		{"http://h/bot%s/%s", "http://h/bot%s/%s"},
	} {
		got, err := normalizeEndpoint(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("normalizeEndpoint(%q) = %q, %v", tc.in, got, err)
		}
	}
	for _, bad := range []string{"localhost", "http://h/%s"} {
		if _, err := normalizeEndpoint(bad); err == nil {
			t.Errorf("normalizeEndpoint(%q): no error", bad)
		}
	}
	if _, err := (Config{}).withDefaults(); err == nil || !strings.Contains(err.Error(), "CHUHE_TELEGRAM_TOKEN") {
		t.Errorf("no token: %v", err)
	}
	c, err := Config{Token: "t", Webhook: Webhook{URL: "https://x/hook"}}.withDefaults()
	if err != nil || len(c.Webhook.SecretToken) != 32 || !secretTokenRE.MatchString(c.Webhook.SecretToken) {
		t.Errorf("generated secret %q, %v", c.Webhook.SecretToken, err)
	}
	if _, err := (Config{Token: "t", Webhook: Webhook{URL: "https://x/hook", SecretToken: "bad token!"}}).withDefaults(); err == nil {
		t.Errorf("bad secret accepted")
	}
}

func TestSplitAndCut(t *testing.T) {
	if h, tail := cut("ab😀cd", 3); h != "ab" || tail != "😀cd" {
		t.Errorf("cut splits a surrogate pair: %q %q", h, tail)
	}
	if h, _ := cut("hello world foo", 13); h != "hello world " {
		t.Errorf("cut prefers spaces: %q", h)
	}
	if n := utf16Len("炮二平五😀"); n != 6 {
		t.Errorf("utf16Len = %d", n)
	}
}

func TestPhotoRefusedSendsTextBoard(t *testing.T) {
	h := newHarness(t, &recorder{}, nil).run()
	h.srv.Inject(telegramtest.Fault{Method: "sendPhoto", Kind: telegramtest.BadRequest, Text: "Bad Request: not enough rights to send photos to the chat"})
	alt := "  9  r n b a k a b n r  9\n  0  R N B A K A B N R  0"
	ref, err := h.a.Send(context.Background(), "-100500", bot.Message{
		Text: "Game #1", Image: fakePNG("b"), Alt: alt,
		Buttons: [][]bot.Button{{{Label: "My pieces", Data: "peek:1"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	ms := h.srv.BotMessages(group.ID)
	if len(ms) != 2 || ms[0].Text != "Game #1" || ms[1].Text != alt || len(ms[1].Buttons()) != 1 || ref.ID != fmt.Sprint(ms[0].ID) {
		t.Fatalf("text board: %+v", ms)
	}
	calls := h.srv.Calls("sendMessage")
	if e := calls[len(calls)-1].Params.Get("entities"); !strings.Contains(e, `"pre"`) {
		t.Errorf("entities = %s", e)
	}
	// Without a text board the error stands.
	h.srv.Inject(telegramtest.Fault{Method: "sendPhoto", Kind: telegramtest.BadRequest, Text: "Bad Request: IMAGE_PROCESS_FAILED"})
	if _, err := h.a.Send(context.Background(), "-100500", bot.Message{Text: "x", Image: fakePNG("c")}); err == nil {
		t.Errorf("no error")
	}
}

func TestDefaultCommandMenu(t *testing.T) {
	h := newHarness(t, &recorder{}, nil).run()
	h.wait("three menus", func() bool { return len(h.srv.Calls("setMyCommands")) == 3 })
	find := func(lang, name string) string {
		for _, c := range h.srv.Commands(lang) {
			if c["command"] == name {
				return c["description"]
			}
		}
		return ""
	}
	if d := find("", "move"); !strings.Contains(d, "move") {
		t.Errorf("default /move: %q", d)
	}
	if d := find("zh", "move"); !strings.Contains(d, "走棋") {
		t.Errorf("zh /move: %q", d)
	}
	if find("", "start") != "" {
		t.Errorf("the hidden /start is in the menu")
	}
}

func TestWebhookServer(t *testing.T) {
	// A free port on the loopback: listen, note it, let it go.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	rec := &recorder{}
	h := newHarness(t, rec, func(c *Config) {
		c.Webhook = Webhook{URL: "https://chuhe.example.org/tg/hook", Listen: addr}
	}).run()
	h.wait("setWebhook", func() bool { return len(h.srv.Calls("setWebhook")) == 1 })
	secret := h.srv.Webhook().Get("secret_token")
	if secret == "" || secret != h.a.SecretToken() {
		t.Fatalf("secret %q, adapter has %q", secret, h.a.SecretToken())
	}
	h.srv.Say(group, alice, "/m h2e2")
	body := h.srv.UpdateJSON(100)
	var status int
	for range 100 { // the server may need a moment to listen
		req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/tg/hook", strings.NewReader(string(body)))
		req.Header.Set(secretHeader, secret)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			status = resp.StatusCode
			resp.Body.Close()
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if status != http.StatusOK {
		t.Fatalf("status %d", status)
	}
	if evs := h.waitEvents(rec, 1); evs[0].Text != "/m h2e2" {
		t.Errorf("event = %+v", evs[0])
	}
	h.shutdown()
	if _, err := http.Get("http://" + addr + "/tg/hook"); err == nil {
		t.Errorf("the webhook server still answers after Run returned")
	}
}
