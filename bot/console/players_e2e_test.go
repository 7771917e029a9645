package console_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/storage"
)

// playSix plays three moves of each side in game id (alice Red, bob Black).
func (s *session) playSix() {
	for _, m := range []string{"alice: h2e2", "bob: h9g7", "alice: h0g2", "bob: i9h9", "alice: i0h0", "bob: b9c7"} {
		s.say(m)
	}
}

// TestConsoleRatings (issue 23): a rated game changes both ratings, shown in
// the end-of-game message with the deviation and "?" while provisional; a
// casual game and a game too short change nothing.
func TestConsoleRatings(t *testing.T) {
	s := newSession(t)
	ctx := context.Background()
	expect(t, s.say("alice: /new xiangqi @bob side=red"), "Rated game: the result changes both players' ratings.")
	s.say("bob: /accept")
	s.playSix()
	s.say("bob: /resign")
	out := s.say("bob: [resign:yes:1]")
	expect(t, out, "alice (Red) wins by resignation · 1-0",
		"Ratings (xiangqi): alice 1662? (+162, RD 290) · bob 1338? (−162, RD 290)")

	expect(t, s.say("alice: /new xiangqi @bob casual side=red"), "Casual game: no rating changes.")
	s.say("bob: /accept")
	s.playSix()
	s.say("alice: /resign")
	out = s.say("alice: [resign:yes:2]")
	expect(t, out, "bob (Black) wins by resignation · 0-1")
	if strings.Contains(out, "Ratings (") {
		t.Errorf("a casual game changed ratings:\n%s", out)
	}

	s.say("alice: /new xiangqi @bob side=red")
	s.say("bob: /accept")
	s.say("alice: h2e2")
	s.say("bob: /resign")
	expect(t, s.say("bob: [resign:yes:3]"), "Not rated: a game needs at least 6 plies to count.")

	s.say("alice: /new xiangqi @bob kill-horse side=red") // a house rule: still the xiangqi pool
	s.say("bob: /accept")
	s.playSix()
	s.say("bob: /draw")
	expect(t, s.say("alice: /draw yes"), "Ratings (xiangqi): alice ")

	for _, scope := range []string{storage.ScopeGlobal, "console/group"} {
		rs, err := s.store.Ratings(ctx, "xiangqi", scope)
		if err != nil || len(rs) != 2 {
			t.Fatalf("ratings of scope %s: %+v, %v", scope, rs, err)
		}
		if a := rs[0]; a.Player != "console/alice" || a.Games != 2 || a.Wins != 1 || a.Draws != 1 || a.Losses != 0 {
			t.Errorf("alice in %s: %+v", scope, a)
		}
	}
	s.say("alice: /play casual")
	if out := s.say("alice: /play rated"); !strings.Contains(out, "This chat does not rate games against Chuhe.") {
		t.Errorf("a rated game against the bot where the chat does not rate them:\n%s", out)
	}
	expect(t, s.say("alice: /settings rated-bot on"), "Games against the bot rated: on")
	s.say("alice: /play")
	for id, want := range map[string]bool{"1": true, "2": false, "5": false, "6": true} {
		if g, err := s.store.Game(ctx, id); err != nil || g.Rated != want {
			t.Errorf("game %s rated = %v (%v), want %v", id, g.Rated, err, want)
		}
	}
}
