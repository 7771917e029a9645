package bot

import (
	"strings"
	"testing"
)

// texts joins what was sent, marking private messages with their addressee.
func texts(out []sent) string {
	var sb strings.Builder
	for _, s := range out {
		if s.Private {
			sb.WriteString("[dm " + s.To + "] ")
		} else {
			sb.WriteString("[" + s.Chat + "] ")
		}
		sb.WriteString(s.Msg.Text + "\n")
	}
	return sb.String()
}

// TestProfileOfUnknownUser: a mention the platform did not resolve is
// refused by name; nothing about anybody is shown.
func TestProfileOfUnknownUser(t *testing.T) {
	h := newHarness(t)
	ev := h.event("alice", "/profile @ghost", false)
	ev.Mentions = nil
	if got := texts(h.handle(ev)); !strings.Contains(got, "I do not know @ghost yet") {
		t.Errorf("/profile @ghost:\n%s", got)
	}
	ev = h.event("alice", "/history @ghost", false)
	ev.Mentions = nil
	if got := texts(h.handle(ev)); !strings.Contains(got, "I do not know @ghost yet") {
		t.Errorf("/history @ghost:\n%s", got)
	}
}

// TestVacationTellsOtherChats: a vacation started in one chat tells the
// chats of the player's games elsewhere, once each, and its end likewise.
func TestVacationTellsOtherChats(t *testing.T) {
	h := newHarness(t)
	in := func(chat, user, text string) []sent {
		ev := h.event(user, text, false)
		ev.ChatID = chat
		return h.handle(ev)
	}
	in("club", "alice", "/new xiangqi @bob side=red 3d")
	in("club", "bob", "/accept")
	in("club", "alice", "h2e2")
	in("club", "alice", "/new xiangqi @carol side=red 3d")
	in("club", "carol", "/accept 2")
	in("club", "alice", "/m #2 h2e2")
	out := texts(h.say("alice", "/vacation 3d"))
	if !strings.Contains(out, "[club] alice is on vacation until 2026-03-04 12:00 UTC: clocks paused in #1 #2.") ||
		strings.Count(out, "[club]") != 1 || !strings.Contains(out, "[group] alice is on vacation until") {
		t.Errorf("vacation notices:\n%s", out)
	}
	out = texts(h.say("alice", "/vacation end"))
	if !strings.Contains(out, "[club] alice is back from vacation: their clocks run again in #1 #2.") ||
		!strings.Contains(out, "[group] alice is back from vacation: their clocks run again.") {
		t.Errorf("end of vacation notices:\n%s", out)
	}
}
