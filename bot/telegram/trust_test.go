package telegram

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/telegram/telegramtest"
	"github.com/chuhe/chuhe/storage"
)

// Issue 13, through the real service and the real client library against the
// fake Bot API: a button pressed by someone it does not concern is answered
// with a pop-up (answerCallbackQuery with show_alert) and nothing is posted;
// people are bound by id or exact username.

// pressFor presses the button labelled label on m and returns the callback
// query id, once the service has handled the press.
func (w *world) pressFor(u telegramtest.User, m telegramtest.Message, label string) string {
	w.t.Helper()
	for _, b := range m.Buttons() {
		if b.Text == label && b.CallbackData != nil {
			var cq string
			w.do(func() { cq = w.srv.Press(group, u, m.ID, *b.CallbackData) })
			return cq
		}
	}
	w.t.Fatalf("no button %q on %+v", label, m)
	return ""
}

func (w *world) status(id string) storage.Status {
	w.t.Helper()
	g, err := w.store.Game(context.Background(), id)
	if err != nil {
		w.t.Fatal(err)
	}
	return g.Status
}

// popUp checks that query cq was answered with an alert containing want and
// that nothing was posted in the group meanwhile (posted is the count before).
func (w *world) popUp(cq string, posted int, want string) {
	w.t.Helper()
	a, ok := w.srv.AnswerOf(cq)
	if !ok || !a.Alert || !strings.Contains(a.Text, want) {
		w.t.Errorf("answer to %s = %+v (answered %v), want an alert with %q", cq, a, ok, want)
	}
	if n := len(w.srv.BotMessages(group.ID)); n != posted {
		w.t.Errorf("%d messages posted in the group; transcript:\n%s", n-posted, transcript(w.srv, group.ID))
	}
}

func TestServiceResignButtonIsTheAskersOnly(t *testing.T) {
	w := newWorld(t, nil, nil)
	w.say(alice, "/new xiangqi @bobby_xq side=red")
	w.press(bob, group, w.last(group.ID, containing("Accept")), "Accept")
	w.say(alice, "/resign")
	question := w.last(group.ID, containing("Resign game #1"))
	posted := len(w.srv.BotMessages(group.ID))

	w.popUp(w.pressFor(bob, question, "Yes, resign"), posted, "is for @alice_xq")
	w.popUp(w.pressFor(carol, question, "Yes, resign"), posted, "is for @alice_xq")
	if s := w.status("1"); s != storage.StatusActive {
		t.Fatalf("game is %s after others pressed alice's button", s)
	}
	cq := w.pressFor(alice, question, "Yes, resign")
	if a, ok := w.srv.AnswerOf(cq); !ok || a.Alert {
		t.Errorf("the asker's press: answer %+v, answered %v", a, ok)
	}
	w.last(group.ID, containing("@alice_xq resigned game #1"))
	if s := w.status("1"); s != storage.StatusFinished {
		t.Fatalf("game is %s after alice confirmed", s)
	}
}

func TestServiceChallengeByTextMention(t *testing.T) {
	w := newWorld(t, nil, nil)
	// Carol has no username: the client marks "Carol" as a text_mention.
	w.do(func() { w.srv.SayWithMention(group, alice, "/new xiangqi Carol", "Carol", carol) })
	challenge := w.last(group.ID, containing("press Accept"))
	if !strings.Contains(challenge.Text, "Carol (503): press Accept") {
		t.Fatalf("challenge = %q", challenge.Text)
	}
	posted := len(w.srv.BotMessages(group.ID))
	w.popUp(w.pressFor(bob, challenge, "Accept"), posted, "Challenge #1 is for Carol (503)")
	w.pressFor(carol, challenge, "Accept")
	w.last(group.ID, containing("Game #1 begins"))
}

func TestServiceChallengeToAnUnknownUsername(t *testing.T) {
	w := newWorld(t, nil, nil)
	w.say(alice, "/new xiangqi @zed_real side=red") // nobody called @zed_real has been seen
	w.last(group.ID, containing("@zed_real: press Accept"))
	zedByName := w.srv.AddUser(telegramtest.User{ID: 601, FirstName: "zed_real"})
	w.say(zedByName, "/accept 1")
	w.last(group.ID, containing("Challenge #1 is for @zed_real"))
	lookalike := w.srv.AddUser(telegramtest.User{ID: 602, FirstName: "@alice_xq"})
	w.say(lookalike, "/new xiangqi")
	if m := w.last(group.ID, containing("proposes")); strings.Contains(m.Text, "@alice_xq (") || !strings.Contains(m.Text, "alice_xq (602)") {
		t.Errorf("a first name passes for a username: %q", m.Text)
	}
	zed := w.srv.AddUser(telegramtest.User{ID: 603, FirstName: "Zed", Username: "zed_real"})
	w.say(zed, "/accept 1")
	w.last(group.ID, containing("Game #1 begins: @alice_xq (Red) against @zed_real (Black)"))
}

// TestNoticeAnswersTheCallbackOnce: a Notice is the callback answer, a pop-up
// cut to Telegram's 200 characters; a Notice after the answer (or for a
// message) goes privately; every press is answered exactly once.
func TestNoticeAnswersTheCallbackOnce(t *testing.T) {
	long := strings.Repeat("word ", 60) // 300 characters
	rec := &recorder{react: func(ctx context.Context, ev bot.Event, r bot.Replier) {
		switch ev.Button {
		case "long":
			if err := r.Notice(ctx, long); err != nil {
				t.Errorf("notice: %v", err)
			}
		case "reply-then-notice":
			_, _ = r.Reply(ctx, bot.Message{Text: "public answer"})
			if err := r.Notice(ctx, "second word"); err != nil {
				t.Errorf("late notice: %v", err)
			}
		}
	}}
	h := newHarness(t, rec, nil).run()
	ref, err := h.a.Send(context.Background(), "-100500", bot.Message{Text: "b", Buttons: [][]bot.Button{{
		{Label: "Long", Data: "long"}, {Label: "Late", Data: "reply-then-notice"}, {Label: "Quiet", Data: "quiet"}}}})
	if err != nil {
		t.Fatal(err)
	}
	var id int
	fmt.Sscan(ref.ID, &id)
	h.srv.Start(alice, "") // alice has a private chat with the bot
	h.waitEvents(rec, 1)
	cqLong := h.srv.Press(group, bob, id, "long")
	cqLate := h.srv.Press(group, alice, id, "reply-then-notice")
	cqQuiet := h.srv.Press(group, bob, id, "quiet")
	h.waitEvents(rec, 4)
	h.wait("three answers", func() bool {
		_, a := h.srv.AnswerOf(cqLong)
		_, b := h.srv.AnswerOf(cqLate)
		_, c := h.srv.AnswerOf(cqQuiet)
		return a && b && c
	})
	if a, _ := h.srv.AnswerOf(cqLong); !a.Alert || utf16Len(a.Text) > 200 || !strings.HasSuffix(a.Text, "…") {
		t.Errorf("long notice answered as %+v", a)
	}
	if a, _ := h.srv.AnswerOf(cqLate); a.Alert || a.Text != "" {
		t.Errorf("the press answered before the public reply: %+v", a)
	}
	if a, _ := h.srv.AnswerOf(cqQuiet); a.Alert || a.Text != "" {
		t.Errorf("a press the handler did not answer: %+v", a)
	}
	h.wait("the late notice in private", func() bool {
		for _, m := range h.srv.BotMessages(alice.ID) {
			if m.Text == "second word" {
				return true
			}
		}
		return false
	})
	for _, c := range h.srv.Calls("answerCallbackQuery") {
		if c.Status != 200 {
			t.Errorf("an answer was refused (answered twice?): %+v", c.Params)
		}
	}
}
