package discord

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/bot/discord/discordtest"
)

// TestResignButtonIsTheAskersOnly (issue 13), with the real service and the
// real discordgo client against the fake: Bob pressing Alice's "Yes, resign"
// gets an ephemeral answer only he sees, nobody else sees anything and the game
// goes on; Alice's own press resigns.
func TestResignButtonIsTheAskersOnly(t *testing.T) {
	t.Parallel()
	h, rec, _ := service(t)
	h.slash(alice, "new", discordtest.UserOpt("opponent", bob.ID), discordtest.Str("variant", "xiangqi"))
	rec.next(t)
	challenge := h.last(bob, hasButton("accept:"))

	// Carol presses Accept on a challenge meant for Bob.
	before := len(h.messages(alice))
	h.press(carol, challenge.ID, customID(challenge, "accept:"))
	rec.next(t)
	note := h.last(carol, func(m discordtest.Message) bool { return m.Ephemeral })
	if note.VisibleTo != carol.ID || !strings.Contains(note.Content, "Challenge #1 is for Bob") {
		t.Errorf("carol's answer = %+v", note)
	}
	if n := len(h.messages(alice)); n != before {
		t.Errorf("carol's press posted %d messages others see:\n%s", n-before, h.transcript(alice))
	}

	h.press(bob, challenge.ID, customID(challenge, "accept:"))
	rec.next(t)
	h.slash(alice, "resign")
	rec.next(t)
	question := h.last(alice, hasButton("resign:yes:"))

	before = len(h.messages(alice))
	h.press(bob, question.ID, customID(question, "resign:yes:"))
	rec.next(t)
	note = h.last(bob, func(m discordtest.Message) bool { return m.Ephemeral })
	if note.VisibleTo != bob.ID || !strings.Contains(note.Content, "This question in game #1 is for Alice") {
		t.Errorf("bob's answer = %+v", note)
	}
	if n := len(h.messages(alice)); n != before {
		t.Errorf("bob's press posted %d messages others see:\n%s", n-before, h.transcript(alice))
	}
	for _, m := range h.messages(carol) {
		if strings.Contains(m.Content, "resigned") {
			t.Fatalf("bob's press resigned a game:\n%s", h.transcript(carol))
		}
	}

	h.press(alice, question.ID, customID(question, "resign:yes:"))
	rec.next(t)
	h.last(carol, func(m discordtest.Message) bool { return strings.Contains(m.Content, "Alice resigned game #1") })
}
