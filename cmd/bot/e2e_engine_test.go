package main

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot/telegram/telegramtest"
)

// TestBinaryBotReplyAfterKill plays against the bot through the fake Bot API:
// the real binary is killed while the engine thinks about its reply, and the
// next start finds the reply owed in the stored game and plays it, once.
func TestBinaryBotReplyAfterKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Parallel() // mostly waiting on child processes: overlap with the other binary tests
	e := newE2E(t, "engine:\n  move_time: 50s\n")
	alice := e.srv.AddUser(telegramtest.User{ID: 1001, FirstName: "Alice", Username: "alice_x"})
	group := telegramtest.Group(-100600, "Xiangqi club")
	c := e.start()
	e.srv.Say(group, alice, "/play xiangqi level=8 @"+telegramtest.BotUsername)
	if !e.srv.Wait(10*time.Second, func() bool { return len(e.boards(group.ID)) == 1 }) {
		t.Fatalf("the game did not begin:\n%s", e.transcript(group.ID))
	}
	if tr := e.transcript(group.ID); !strings.Contains(tr, "against @ChuheBot (level 8)") {
		t.Errorf("the bot is not named by its username with its level:\n%s", tr)
	}
	e.srv.Say(group, alice, "/m h2e2")
	if !e.srv.Wait(20*time.Second, func() bool { return strings.Contains(c.logs.String(), "engine thinks") }) {
		t.Fatalf("the engine did not start thinking:\n%s", tail(c.logs.String(), 30))
	}
	e.stop(c, syscall.SIGKILL)
	if got := e.storedMoves(); len(got) != 1 {
		t.Fatalf("moves before the restart: %v", got)
	}
	// Thinking time is short in the next run, so the test does not wait long.
	e.editConfig("move_time: 50s", "move_time: 300ms")
	c = e.start()
	// The reply's board names a last move and Alice to move. (The board of
	// h2e2 may come twice: the kill can fall between its sending and the
	// record that it was sent, and what was owed is sent again.)
	replied := func() bool {
		for _, m := range e.boards(group.ID) {
			if strings.Contains(m.Text, "Last move: ") && strings.Contains(m.Text, "Red to move: @alice_x") {
				return true
			}
		}
		return false
	}
	if !e.srv.Wait(30*time.Second, replied) {
		t.Fatalf("no reply after the restart:\n%s\nlog:\n%s", e.transcript(group.ID), tail(c.logs.String(), 30))
	}
	e.stop(c, syscall.SIGTERM)
	got := e.storedMoves()
	if len(got) != 2 || got[0] != "h2e2" {
		t.Fatalf("stored moves %v, want h2e2 and the bot's one reply", got)
	}
	if n := e.boardOf(group.ID, got[1]); n != 1 {
		t.Errorf("%d boards after the bot's reply %s, want 1:\n%s", n, got[1], e.transcript(group.ID))
	}
}
