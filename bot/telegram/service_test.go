package telegram

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image/png"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/telegram/telegramtest"
	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/variants"
)

// defaultRegistry is variants.Default(), built once for the test binary:
// building it finalizes every variant, most of a small test's time, and a
// registry is read-only once built.
var defaultRegistry = sync.OnceValue(variants.Default)

var transcriptOut = flag.String("transcript", "", "write the group game's transcript to this file")

// done counts handled events, so a test can wait for the service to finish
// with one (a message that changes nothing on the server is otherwise invisible).
type done struct {
	h  bot.Handler
	mu sync.Mutex
	n  int
}

func (d *done) Handle(ctx context.Context, ev bot.Event, r bot.Replier) {
	d.h.Handle(ctx, ev, r)
	d.mu.Lock()
	d.n++
	d.mu.Unlock()
}

func (d *done) count() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.n
}

// world is the real service (rules, renderer, a bbolt file in t.TempDir) behind
// the adapter on the fake Bot API.
type world struct {
	*harness
	svc     *bot.Service
	store   *storage.Bolt
	done    *done
	slogs   *syncBuffer // the service's log
	presses int
}

func newWorld(t *testing.T, reg *variants.Registry, mod func(*Config)) *world {
	t.Helper()
	clock := bot.NewFakeClock(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC))
	store, err := storage.Open(filepath.Join(t.TempDir(), "chuhe.db"), &storage.Options{Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	slogs := &syncBuffer{}
	if reg == nil {
		reg = defaultRegistry()
	}
	svc, err := bot.New(bot.Config{
		Store:    store,
		Variants: reg,
		Renderer: bot.NewRenderer(render.Options{Width: 360}),
		Clock:    clock,
		Rand:     rand.New(rand.NewPCG(1, 2)),
		BotName:  telegramtest.BotUsername,
		Logger:   slog.New(slog.NewTextHandler(slogs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	})
	if err != nil {
		t.Fatal(err)
	}
	d := &done{h: svc}
	h := newHarness(t, d, mod)
	svc.AddPlatform(h.a)
	h.run()
	return &world{harness: h, svc: svc, store: store, done: d, slogs: slogs}
}

// do makes a user act (through fn, which pushes one update) and waits until the
// service has handled it.
func (w *world) do(fn func()) {
	w.t.Helper()
	n := w.done.count()
	fn()
	deadline := time.Now().Add(10 * time.Second)
	for w.done.count() <= n {
		if time.Now().After(deadline) {
			w.t.Fatalf("the service did not handle the event; transcript:\n%s", transcript(w.srv, group.ID))
		}
		time.Sleep(time.Millisecond)
	}
}

func (w *world) say(u telegramtest.User, text string) {
	w.t.Helper()
	w.do(func() { w.srv.Say(group, u, text) })
}

func (w *world) reply(u telegramtest.User, text string, to int) {
	w.t.Helper()
	w.do(func() { w.srv.Reply(group, u, text, to) })
}

func (w *world) press(u telegramtest.User, chat telegramtest.Chat, m telegramtest.Message, label string) {
	w.t.Helper()
	for _, b := range m.Buttons() {
		if b.Text == label && b.CallbackData != nil {
			w.presses++
			w.do(func() { w.srv.Press(chat, u, m.ID, *b.CallbackData) })
			return
		}
	}
	w.t.Fatalf("no button %q on %+v", label, m)
}

// last is the bot's newest message in chat that matches.
func (w *world) last(chat int64, match func(m telegramtest.Message) bool) telegramtest.Message {
	w.t.Helper()
	ms := w.srv.BotMessages(chat)
	for i := len(ms) - 1; i >= 0; i-- {
		if match(ms[i]) {
			return ms[i]
		}
	}
	w.t.Fatalf("no such message; transcript:\n%s", transcript(w.srv, chat))
	return telegramtest.Message{}
}

func isBoard(m telegramtest.Message) bool { return m.IsPhoto() }

func containing(s string) func(m telegramtest.Message) bool {
	return func(m telegramtest.Message) bool { return strings.Contains(m.Text, s) }
}

// moves is the stored number of moves of a game.
func (w *world) moves(id string) int {
	w.t.Helper()
	g, err := w.store.Game(context.Background(), id)
	if err != nil {
		w.t.Fatal(err)
	}
	return len(g.Moves)
}

// transcript is a chat as a person sees it: who wrote what, photos with their
// captions, and the buttons under each message.
func transcript(srv *telegramtest.Server, chat int64) string {
	var b strings.Builder
	for _, m := range srv.Messages(chat) {
		if m.Deleted {
			continue
		}
		who := m.From.FirstName
		if m.From.Username != "" {
			who = "@" + m.From.Username
		}
		if m.From.ID == telegramtest.BotID {
			who = "Chuhe (bot)"
		}
		fmt.Fprintf(&b, "#%d %s", m.ID, who)
		if m.ReplyTo != 0 {
			fmt.Fprintf(&b, " (reply to #%d)", m.ReplyTo)
		}
		if m.Edits > 0 {
			b.WriteString(" (edited)")
		}
		b.WriteString(":")
		if m.IsPhoto() {
			b.WriteString(" [photo: board image]")
		}
		for _, line := range strings.Split(m.Text, "\n") {
			b.WriteString("\n    " + line)
		}
		var buttons []string
		for _, bt := range m.Buttons() {
			if bt.URL != nil {
				buttons = append(buttons, "["+bt.Text+" → "+*bt.URL+"]")
			} else {
				buttons = append(buttons, "["+bt.Text+"]")
			}
		}
		if len(buttons) > 0 {
			b.WriteString("\n    " + strings.Join(buttons, " "))
		}
		b.WriteString("\n")
	}
	return b.String()
}

func decodePNG(t *testing.T, b []byte) {
	t.Helper()
	if _, err := png.Decode(bytes.NewReader(b)); err != nil {
		t.Errorf("not a PNG: %v", err)
	}
}

// TestServiceGroupGame plays xiangqi in a Telegram group with the real service:
// a challenge accepted by button, moves by /m, /move@ChuheBot, Chinese notation
// and a reply to the board, a refused move, a draw offer declined by button,
// "My pieces" by button, and a resignation confirmed by button. Telegram fails
// some sends on the way (429, 500, a dropped connection): no move is lost.
func TestServiceGroupGame(t *testing.T) {
	w := newWorld(t, nil, nil)
	srv := w.srv
	w.srv.Start(alice, "") // alice has opened the bot's private chat before; bob has not
	w.do(func() {})        // (Start's event)

	w.say(alice, "/new xiangqi @bobby_xq side=red")
	challenge := w.last(group.ID, containing("Accept"))
	if len(challenge.Buttons()) != 2 {
		t.Fatalf("challenge = %+v", challenge)
	}
	w.press(bob, group, challenge, "Accept")
	board := w.last(group.ID, isBoard)
	decodePNG(t, board.Photo)
	id := "1"

	t.Run("moves_by_command_reply_and_bot_name", func(t *testing.T) {
		srv.Inject(telegramtest.Fault{Method: "sendPhoto", ChatID: group.ID, Kind: telegramtest.TooManyRequests, RetryAfter: 5})
		w.say(alice, "/m h2e2")
		if n := w.moves(id); n != 1 {
			t.Fatalf("after /m: %d moves", n)
		}
		srv.Inject(telegramtest.Fault{Method: "sendPhoto", ChatID: group.ID, Kind: telegramtest.ServerError})
		board = w.last(group.ID, isBoard)
		w.reply(bob, "炮8平5", board.ID)
		if n := w.moves(id); n != 2 {
			t.Fatalf("after the reply: %d moves", n)
		}
		srv.Inject(telegramtest.Fault{Method: "sendPhoto", ChatID: group.ID, Kind: telegramtest.DropConnection})
		w.say(alice, "/move@ChuheBot h0g2")
		if n := w.moves(id); n != 3 {
			t.Fatalf("after /move@ChuheBot: %d moves", n)
		}
		// Privacy mode is on: Telegram keeps another bot's command and plain
		// chatter from the bot.
		if mid := srv.Say(group, bob, "/m@OtherBot b9c7"); srv.Seen(group.ID, mid) {
			t.Errorf("privacy mode delivered another bot's command")
		}
		if mid := srv.Say(group, bob, "h9g7"); srv.Seen(group.ID, mid) {
			t.Errorf("privacy mode delivered a plain message")
		}
		w.say(bob, "/m a0a1")
		if n := w.moves(id); n != 3 {
			t.Fatalf("an illegal move was played")
		}
		w.say(bob, "/m h9g7")
		if n := w.moves(id); n != 4 {
			t.Fatalf("after /m h9g7: %d moves", n)
		}
		if len(w.clock.Slept(5*time.Second)) == 0 {
			t.Errorf("retry_after 5 was not obeyed")
		}
	})

	t.Run("draw_offer_declined_by_button", func(t *testing.T) {
		w.say(alice, "/draw")
		offer := w.last(group.ID, containing("draw"))
		w.press(bob, group, offer, "Decline draw")
	})

	t.Run("my_pieces_by_button_goes_privately", func(t *testing.T) {
		board = w.last(group.ID, isBoard)
		before := len(srv.BotMessages(alice.ID))
		w.press(alice, group, board, "My pieces")
		if n := len(srv.BotMessages(alice.ID)); n != before+1 {
			t.Fatalf("alice got %d private messages, want %d", n, before+1)
		}
		mine := srv.BotMessages(alice.ID)[before]
		if !mine.IsPhoto() {
			t.Errorf("private board = %+v", mine)
		}
		decodePNG(t, mine.Photo)
		// Bob never started the bot: the group gets a hint with a deep link.
		w.press(bob, group, board, "My pieces")
		hint := w.last(group.ID, func(m telegramtest.Message) bool {
			b := m.Buttons()
			return len(b) == 1 && b[0].URL != nil
		})
		if url := *hint.Buttons()[0].URL; url != "https://t.me/ChuheBot?start=g_"+id {
			t.Errorf("deep link = %s", url)
		}
		w.do(func() { srv.Start(bob, "g_"+id) })
		if ms := srv.BotMessages(bob.ID); len(ms) != 1 || !ms[0].IsPhoto() {
			t.Errorf("bob's private board: %+v", ms)
		}
	})

	t.Run("resign_confirmed_by_button", func(t *testing.T) {
		w.say(bob, "/resign")
		ask := w.last(group.ID, func(m telegramtest.Message) bool { return len(m.Buttons()) == 2 })
		w.press(bob, group, ask, "Yes, resign")
		final := w.last(group.ID, isBoard)
		if !strings.Contains(final.Text, "resign") {
			t.Errorf("final board = %q", final.Text)
		}
	})

	// Every button press was answered.
	if answers := len(srv.Calls("answerCallbackQuery")); answers != w.presses {
		t.Errorf("%d callback answers for %d presses", answers, w.presses)
	}
	tr := transcript(srv, group.ID)
	if *transcriptOut != "" {
		if err := os.WriteFile(*transcriptOut, []byte(tr), 0o644); err != nil {
			t.Fatal(err)
		}
		// The images beside it, to look at: TRANSCRIPT.<message id>.png.
		for _, chat := range []int64{group.ID, alice.ID, bob.ID} {
			for _, m := range srv.BotMessages(chat) {
				if m.IsPhoto() {
					name := fmt.Sprintf("%s.%d-%d.png", *transcriptOut, chat, m.ID)
					if err := os.WriteFile(name, m.Photo, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	t.Logf("group transcript:\n%s", tr)
}

// spyqi is xiangqi where each side's middle soldier is secretly a spy, known
// only to its owner: the smallest variant where both players hold a secret. It
// is built here from the committed variants API, so this test does not wait for
// the hidden-piece variants (fuhe, jinchan).
func spyqi() *rules.Variant {
	v := variants.Xiangqi().Clone("spyqi")
	v.Name, v.NameZh, v.Summary = "Spyqi", "間諜棋", "Xiangqi where each side's middle soldier is secretly a spy."
	spy := v.Kinds[variants.Soldier]
	spy.Letter, spy.Name, spy.PublicAs = 'S', "spy", 'P'
	v.Kinds = append(v.Kinds, spy)
	v.StartFEN = "rnbakabnr/9/1c5c1/p1p1s1p1p/9/9/P1P1S1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
	return v
}

// privatePhotos returns the photos the bot sent to private chats, by chat id.
func privatePhotos(srv *telegramtest.Server) map[int64][]telegramtest.Message {
	out := map[int64][]telegramtest.Message{}
	for _, c := range srv.Calls("sendPhoto") {
		if id := c.ChatID(); id > 0 && c.Status == 200 {
			out[id] = nil
		}
	}
	for id := range out {
		for _, m := range srv.BotMessages(id) {
			if m.IsPhoto() {
				out[id] = append(out[id], m)
			}
		}
	}
	return out
}

// TestServiceHiddenPieces plays a game with hidden pieces: each player's own
// board goes to that player's private chat only; a player who never started the
// bot gets the deep-link flow; blocking the bot later brings the hint back.
func TestServiceHiddenPieces(t *testing.T) {
	reg, err := variants.NewRegistry([]variants.Builder{variants.Xiangqi, spyqi}, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := newWorld(t, reg, nil)
	srv := w.srv
	w.do(func() { srv.Start(alice, "") }) // alice has opened the private chat; bob has not
	aliceHello := len(srv.BotMessages(alice.ID))

	w.say(alice, "/new spyqi @bobby_xq side=red")
	w.press(bob, group, w.last(group.ID, containing("Accept")), "Accept")

	t.Run("each_player_gets_their_own_board_privately", func(t *testing.T) {
		ph := privatePhotos(srv)
		if len(ph) != 1 || len(ph[alice.ID]) != 1 {
			t.Fatalf("private photos: %v", ph)
		}
		mine := ph[alice.ID][0]
		if !strings.Contains(mine.Text, "you play Red") {
			t.Errorf("alice's private caption: %q", mine.Text)
		}
		public := w.last(group.ID, isBoard)
		decodePNG(t, mine.Photo)
		// Bob cannot be written to: the group gets a hint with the deep link.
		hint := w.last(group.ID, containing("@bobby_xq, I cannot send you"))
		if b := hint.Buttons(); len(b) != 1 || b[0].URL == nil || *b[0].URL != "https://t.me/ChuheBot?start=g_1" {
			t.Fatalf("hint = %+v", hint)
		}
		w.do(func() { srv.Start(bob, "g_1") })
		bobs := srv.BotMessages(bob.ID)
		if len(bobs) != 1 || !bobs[0].IsPhoto() || !strings.Contains(bobs[0].Text, "you play Black") {
			t.Fatalf("bob's private board: %+v", bobs)
		}
		if bytes.Equal(bobs[0].Photo, mine.Photo) || bytes.Equal(bobs[0].Photo, public.Photo) {
			t.Errorf("bob's board equals alice's or the public one")
		}
	})

	t.Run("after_a_move_both_get_new_private_boards", func(t *testing.T) {
		a0, b0 := len(srv.BotMessages(alice.ID)), len(srv.BotMessages(bob.ID))
		w.say(alice, "/m h2e2")
		if n := w.moves("1"); n != 1 {
			t.Fatalf("%d moves", n)
		}
		if a, b := len(srv.BotMessages(alice.ID)), len(srv.BotMessages(bob.ID)); a != a0+1 || b != b0+1 {
			t.Errorf("private messages after the move: alice %d→%d, bob %d→%d", a0, a, b0, b)
		}
	})

	t.Run("a_blocked_bot_brings_the_hint_back", func(t *testing.T) {
		srv.Block(bob.ID)
		hints := len(srv.BotMessages(group.ID))
		w.say(bob, "/m h7e7")
		if n := w.moves("1"); n != 2 {
			t.Fatalf("the move was lost: %d moves", n)
		}
		if n := len(srv.BotMessages(group.ID)); n != hints+2 { // the board and the hint
			t.Errorf("group messages %d → %d:\n%s", hints, n, transcript(srv, group.ID))
		}
		w.last(group.ID, containing("@bobby_xq, I cannot send you"))
	})

	t.Run("nothing_private_reached_the_group", func(t *testing.T) {
		for _, m := range srv.BotMessages(group.ID) {
			if strings.Contains(m.Text, "Your board") || strings.Contains(m.Text, "you play") {
				t.Errorf("a private text in the group: %q", m.Text)
			}
		}
		for id, ms := range privatePhotos(srv) {
			if id != alice.ID && id != bob.ID {
				t.Errorf("a private board went to chat %d (%d photos)", id, len(ms))
			}
		}
		// Alice: at the start, after her move, after bob's.
		if got := len(srv.BotMessages(alice.ID)) - aliceHello; got != 3 {
			t.Errorf("alice got %d private boards, want 3", got)
		}
		for _, logs := range []string{w.logs.String(), w.slogs.String()} {
			if strings.Contains(logs, "Your board") || strings.Contains(logs, "you play") {
				t.Errorf("a private text reached a log")
			}
		}
	})
}

// TestServiceFuhe plays the opening of a face-down reserve game (xiangqi with
// the fuhe option), when the variants package registers it.
func TestServiceFuhe(t *testing.T) {
	reg := defaultRegistry()
	if !reg.IsOption("fuhe") {
		t.Skip("the fuhe option is not registered yet")
	}
	w := newWorld(t, reg, nil)
	srv := w.srv
	w.do(func() { srv.Start(alice, "") })
	w.do(func() { srv.Start(bob, "") })
	w.say(alice, "/new xiangqi fuhe @bobby_xq side=red")
	w.press(bob, group, w.last(group.ID, containing("Accept")), "Accept")
	ph := privatePhotos(srv)
	if len(ph) == 0 {
		t.Skip("the service sends no private boards for fuhe yet (it does not apply rules.SetupRule)")
	}
	if len(ph[alice.ID]) != 1 || len(ph[bob.ID]) != 1 || len(ph) != 2 {
		t.Fatalf("private boards: %v\n%s", ph, transcript(srv, group.ID))
	}
	if bytes.Equal(ph[alice.ID][0].Photo, ph[bob.ID][0].Photo) {
		t.Errorf("both players got the same private board")
	}
}

// TestServicePrivacyOff: with group privacy mode off the bot sees every message;
// a plain message that is a legal move of the player to move is played, other
// chatter is left alone.
func TestServicePrivacyOff(t *testing.T) {
	w := newWorld(t, nil, nil)
	srv := w.srv
	srv.PrivacyOff = true
	w.say(alice, "/new xiangqi @bobby_xq side=red")
	w.press(bob, group, w.last(group.ID, containing("Accept")), "Accept")
	before := len(srv.BotMessages(group.ID))
	w.say(alice, "good luck!")
	w.say(bob, "h9g7") // not bob's turn: chatter, no answer
	if n := len(srv.BotMessages(group.ID)); n != before || w.moves("1") != 0 {
		t.Fatalf("chatter got answers:\n%s", transcript(srv, group.ID))
	}
	w.say(alice, "炮二平五")
	w.say(bob, "h9g7")
	if n := w.moves("1"); n != 2 {
		t.Fatalf("plain moves: %d played\n%s", n, transcript(srv, group.ID))
	}
	if b := w.last(group.ID, isBoard); !strings.Contains(b.Text, "h9g7") {
		t.Errorf("last board = %q", b.Text)
	}
}
