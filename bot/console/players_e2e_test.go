package console_test

import (
	"context"
	"os"
	"regexp"
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

// TestConsoleProfiles (issue 23): /top orders players, /profile shows
// ratings, tally, streak and recent games, /history lists games, /export mine
// sends every finished game as one PGN file.
func TestConsoleProfiles(t *testing.T) {
	s := newSession(t)
	// carol beats bob twice, alice beats bob once and draws with carol.
	game := func(red, black, loser string, id string) {
		s.say(red + ": /new xiangqi @" + black + " side=red")
		s.say(black + ": /accept " + id)
		for i, m := range []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"} {
			who := red
			if i%2 == 1 {
				who = black
			}
			s.say(who + ": /m #" + id + " " + m)
		}
		if loser == "" {
			s.say(red + ": /draw #" + id)
			s.say(black + ": /draw #" + id + " yes")
			return
		}
		s.say(loser + ": /resign #" + id + " yes")
	}
	game("carol", "bob", "bob", "1")
	game("carol", "bob", "bob", "2")
	game("alice", "bob", "bob", "3")
	game("alice", "carol", "", "4")
	s.say("alice: /new xiangqi @bob side=red") // game 5, going on
	s.say("bob: /accept 5")

	out := s.say("dave: /top")
	expect(t, out, "Leaderboard · xiangqi · this chat (? = provisional)", "  #  player")
	order := []string{"1  carol", "2  alice", "3  bob"}
	last := -1
	for _, w := range order {
		i := strings.Index(out, w)
		if i < last {
			t.Errorf("/top is not in the order %v:\n%s", order, out)
		}
		last = i
	}
	expect(t, s.say("dave: /top xiangqi global"), "Leaderboard · xiangqi · everywhere", "1  carol")
	expect(t, s.say("dave: /top jieqi"), "Nobody has a jieqi rating in this chat yet")

	out = s.say("carol: /profile")
	expect(t, out, "Profile of carol", "Ratings: xiangqi ", "3 games: 2 won, 1 drawn, 0 lost",
		"Results: 3 games finished: 2 won, 1 drawn, 0 lost · 0 going on", "Current streak: 1 draw",
		"Recent games:", "#4 xiangqi vs alice: drawn (agreement)", "#1 xiangqi vs bob: won (resignation)")
	expect(t, s.say("alice: /profile @bob"), "Profile of bob", "Current streak: 3 losses in a row", "1 going on",
		"#5 xiangqi vs alice: going on")
	out = s.say("alice: /history @carol")
	expect(t, out, "Games of carol (3 games, newest first):", "#4 xiangqi vs alice: drawn (agreement)",
		"#2 xiangqi vs bob: won (resignation) · 2026-05-04 · rated")

	out = s.say("bob: /export mine")
	expect(t, out, "Your 3 finished games as one PGN file.", "[chat] file ")
	m := fileLine.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no file line:\n%s", out)
	}
	pgn, err := os.ReadFile(m[1])
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(pgn), "[Event \"Chuhe #"); n != 3 || !strings.Contains(string(pgn), "1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7") ||
		strings.Contains(string(pgn), "FEN: ") {
		t.Errorf("PGN file with %d games:\n%s", n, pgn)
	}
	expect(t, s.say("dave: /export mine"), "You have no finished games to export yet.")
}

var fileLine = regexp.MustCompile(`\[chat\] file (\S+)`)
