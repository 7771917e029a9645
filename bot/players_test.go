package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/storage"
)

// texts joins what was sent, marking private messages with their addressee.
func sentTexts(out []sent) string {
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
	if got := sentTexts(h.handle(ev)); !strings.Contains(got, "I do not know @ghost yet") {
		t.Errorf("/profile @ghost:\n%s", got)
	}
	ev = h.event("alice", "/history @ghost", false)
	ev.Mentions = nil
	if got := sentTexts(h.handle(ev)); !strings.Contains(got, "I do not know @ghost yet") {
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
	out := sentTexts(h.say("alice", "/vacation 3d"))
	if !strings.Contains(out, "[club] alice is on vacation until 2026-03-04 12:00 UTC: clocks paused in #1 #2.") ||
		strings.Count(out, "[club]") != 1 || !strings.Contains(out, "[group] alice is on vacation until") {
		t.Errorf("vacation notices:\n%s", out)
	}
	out = sentTexts(h.say("alice", "/vacation end"))
	if !strings.Contains(out, "[club] alice is back from vacation: their clocks run again in #1 #2.") ||
		!strings.Contains(out, "[group] alice is back from vacation: their clocks run again.") {
		t.Errorf("end of vacation notices:\n%s", out)
	}
}

// TestRematchOfSetupGame: a rematch of a game with a secret setup asks for
// the setup again; the old choices, public since the end, are not reused.
func TestRematchOfSetupGame(t *testing.T) {
	h := newHarness(t)
	id := gameIDIn(t, h.say("alice", "/new xiangqi fuhe @bob side=red"))
	h.say("bob", "/accept "+id)
	h.dm("alice", "/setup "+id+" a2=R i2=C")
	h.dm("bob", "/setup "+id+" a7=N i7=N")
	h.say("bob", "/resign #"+id+" yes")
	old, err := h.store.Game(context.Background(), id)
	if err != nil || old.Status != storage.StatusFinished {
		t.Fatalf("first game: %v, %v", old, err)
	}
	h.say("alice", "/rematch #"+id)
	out := sentTexts(h.say("bob", "/rematch #"+id))
	fresh, err := h.store.Game(context.Background(), "2")
	if err != nil {
		t.Fatal(err)
	}
	if fresh.Status != storage.StatusSetup || fresh.StartFEN == old.StartFEN || len(fresh.Secrets) != 0 {
		t.Errorf("rematch of a setup game: status %s, start %q (old %q), secrets %d\n%s",
			fresh.Status, fresh.StartFEN, old.StartFEN, len(fresh.Secrets), out)
	}
}
