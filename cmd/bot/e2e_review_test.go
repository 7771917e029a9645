package main

import (
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot/telegram/telegramtest"
)

// TestBinaryReviewAfterKill: a review asked for while the engine's only
// worker thinks about a long move waits behind it; the real binary is killed
// then, and the next start posts the review, once.
func TestBinaryReviewAfterKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Parallel() // mostly waiting on child processes: overlap with the other binary tests
	e := newE2E(t, "engine:\n  move_time: 50s\n")
	alice := e.srv.AddUser(telegramtest.User{ID: 1001, FirstName: "Alice", Username: "alice_x"})
	bob := e.srv.AddUser(telegramtest.User{ID: 1002, FirstName: "Bob", Username: "bob_y"})
	group := telegramtest.Group(-100700, "Xiangqi club")
	c := e.start()
	say := func(u telegramtest.User, text, want string) {
		t.Helper()
		e.srv.Say(group, u, text)
		if !e.srv.Wait(10*time.Second, func() bool { return strings.Contains(e.transcript(group.ID), want) }) {
			t.Fatalf("after %q no %q:\n%s", text, want, e.transcript(group.ID))
		}
	}
	say(alice, "/new xiangqi side=red", "game #1")
	say(bob, "/accept 1", "Red to move")
	say(alice, "/m h2e2", "Black to move")
	say(bob, "/resign", "/resign yes")
	say(bob, "/resign yes", "wins")
	// Game 2 against the bot keeps the one worker busy for 50 seconds.
	say(alice, "/play xiangqi level=8 @"+telegramtest.BotUsername, "Game #2 begins")
	e.srv.Say(group, alice, "/m h2e2")
	if !e.srv.Wait(20*time.Second, func() bool { return strings.Contains(c.logs.String(), "engine thinks") }) {
		t.Fatalf("the engine did not start thinking:\n%s", tail(c.logs.String(), 30))
	}
	say(alice, "/review #1", "Reviewing game #1")
	// The adapter marks the event handled right after its answer; killed
	// before that, the next start would handle /review again from the inbox,
	// and the test would not show that the review itself is kept.
	time.Sleep(time.Second)
	e.stop(c, syscall.SIGKILL)
	if strings.Contains(e.transcript(group.ID), "Review of game #1") {
		t.Fatalf("the review came before the kill:\n%s", e.transcript(group.ID))
	}
	e.editConfig("move_time: 50s", "move_time: 300ms")
	c = e.start()
	posted := func() bool { return strings.Contains(e.transcript(group.ID), "Review of game #1") }
	if !e.srv.Wait(60*time.Second, posted) {
		t.Fatalf("no review after the restart:\n%s\nlog:\n%s", e.transcript(group.ID), tail(c.logs.String(), 30))
	}
	// Long enough for a few ticks, which must not post it again.
	time.Sleep(3 * time.Second)
	e.stop(c, syscall.SIGTERM)
	if n := strings.Count(e.transcript(group.ID), "Review of game #1"); n != 1 {
		t.Errorf("the review was posted %d times:\n%s", n, e.transcript(group.ID))
	}
}

// editConfig replaces old by new in the bot's configuration file, for the
// next start.
func (e *e2e) editConfig(old, new string) {
	e.t.Helper()
	cfg, err := os.ReadFile(e.config)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(e.config, []byte(strings.Replace(string(cfg), old, new, 1)), 0o600); err != nil {
		e.t.Fatal(err)
	}
}
