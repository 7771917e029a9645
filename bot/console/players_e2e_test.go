package console_test

import (
	"bytes"
	"context"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot/console"
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

// TestConsoleRematch (issue 23): the Rematch button under a finished game's
// board; both must press it; the new game swaps colours and keeps the variant,
// options, time control and rated choice; a dealt game is dealt afresh.
func TestConsoleRematch(t *testing.T) {
	s := newSession(t)
	ctx := context.Background()
	s.say("alice: /new xiangqi @bob side=red kill-horse casual 2d")
	s.say("bob: /accept")
	s.say("alice: h2e2")
	s.say("bob: /resign yes")
	out := s.say("carol: /board #1")
	expect(t, out, "[Rematch] [rematch:1]")
	expect(t, s.say("carol: [rematch:1]"), "You are not playing in game #1") // not hers
	expect(t, s.say("alice: [rematch:1]"), "alice offers a rematch of game #1, colours swapped. bob: press Rematch to play it.",
		"[Rematch] [rematch:1]", "[Decline] [rematch:no:1]")
	expect(t, s.say("bob: /rematch no"), "bob said no to a rematch of game #1.")
	expect(t, s.say("bob: /rematch no"), "Nobody has offered a rematch of game #1.")
	s.say("alice: /rematch")
	out = s.say("bob: [rematch:1]")
	expect(t, out, "Rematch of game #1 agreed: game #2.", "Game #2 begins: bob (Red) against alice (Black).")
	g, err := s.store.Game(ctx, "2")
	if err != nil {
		t.Fatal(err)
	}
	if g.Status != storage.StatusActive || g.Variant != "xiangqi" || strings.Join(g.Options, ",") != "kill-horse" || g.Rated ||
		g.Clock.Control.PerMove != 48*time.Hour || g.Players[0].UserID != "bob" || g.Players[1].UserID != "alice" {
		t.Errorf("rematch game: %+v", g)
	}
	expect(t, s.say("bob: h2e2"), "Last move: h2e2", "Black to move: alice")

	// A dealt game is dealt again.
	s.say("alice: /new jieqi @bob side=red")
	s.say("bob: /accept 3")
	s.say("alice: /abort #3") // no moves: nothing to rematch
	expect(t, s.say("alice: /rematch #3"), "Game #3 is not over")
	s.say("alice: /new jieqi @bob side=red")
	s.say("bob: /accept 4")
	s.say("alice: /m #4 h2e2")
	s.say("bob: /resign #4 yes")
	s.say("bob: /rematch #4")
	expect(t, s.say("alice: /rematch #4"), "Game #5 begins: bob (Red) against alice (Black).")
	old, _ := s.store.Game(ctx, "4")
	fresh, _ := s.store.Game(ctx, "5")
	if old.StartFEN == "" || old.StartFEN == fresh.StartFEN || fresh.Secrets["salt"] == "" {
		t.Errorf("the rematch of a dealt game was not dealt afresh: %q / %q", old.StartFEN, fresh.StartFEN)
	}
}

// TestConsoleGIF (issue 23): a correspondence game ends with its GIF; decoded
// frame by frame, frame i is exactly the public board the chat saw after move
// i. /export gif makes the same file.
func TestConsoleGIF(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new xiangqi @bob side=red 2d")
	var boards []string // the image files of the public boards, from the start
	boards = append(boards, imageLine.FindStringSubmatch(s.say("bob: /accept"))[1])
	for _, m := range []string{"alice: h2e2", "bob: h9g7", "alice: h0g2"} {
		boards = append(boards, imageLine.FindStringSubmatch(s.say(m))[1])
	}
	out := s.say("bob: /resign yes")
	expect(t, out, "Game #1 as an animation (3 moves).", "[chat] file ")
	m := fileLine.FindStringSubmatch(out)
	if m == nil || !strings.HasSuffix(m[1], "game-1.gif") {
		t.Fatalf("no GIF file:\n%s", out)
	}
	data := sameFrames(t, m[1], boards)
	out = s.say("carol: /export gif #1")
	m = fileLine.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("/export gif sent no file:\n%s", out)
	}
	if again, err := os.ReadFile(m[1]); err != nil || !bytes.Equal(again, data) {
		t.Errorf("/export gif differs from the end-of-game GIF (%v)", err)
	}
	expect(t, s.say("alice: /settings gif off"), "the whole game as a GIF at its end: off")
}

// TestConsoleLink (issue 23): /link between two adapters (two consoles that
// are two platforms of one bot): a code given privately on one, entered on
// the other, makes one person with one rating and one history; a code works
// once, and only on the other platform.
func TestConsoleLink(t *testing.T) {
	s := newSession(t)
	ctx := context.Background()
	out2 := &syncBuffer{}
	other, err := console.New(console.Config{Out: out2, DataDir: s.dir, Now: s.clock.Now, Platform: "other"}, s.svc)
	if err != nil {
		t.Fatal(err)
	}
	s.svc.AddPlatform(other)
	seen2 := 0
	say2 := func(line string) string {
		other.Line(ctx, line)
		all := out2.String()
		n := all[seen2:]
		seen2 = len(all)
		return n
	}

	s.say("alice: /new xiangqi @bob side=red")
	s.say("bob: /accept")
	s.playSix()
	s.say("bob: /resign yes")

	out := s.say("alice: /link")
	expect(t, out, "[chat] I sent you a link code privately.", "[dm alice] Your link code: ")
	code := regexp.MustCompile(`Your link code: ([A-Z0-9]{8})\.`).FindStringSubmatch(out)
	if code == nil {
		t.Fatalf("no code in:\n%s", out)
	}
	if strings.Contains(out, "[chat] Your link code") {
		t.Error("the code was shown in the group")
	}
	expect(t, s.say("bob: /link "+code[1]), "That code was made on console: enter it on your other platform.")
	expect(t, say2("ally (dm): /link "+code[1]), "ally: your account on other is now linked to your account on console")
	expect(t, say2("eve (dm): /link "+code[1]), "is not a valid link code")

	// ally (alice on the other platform) plays a rated game there: it counts
	// in alice's rating, and her history holds the games of both.
	say2("ally: /new xiangqi @carol side=red")
	say2("carol: /accept")
	for i, m := range []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"} {
		who := "ally"
		if i%2 == 1 {
			who = "carol"
		}
		say2(who + ": " + m)
	}
	out = say2("carol: /resign yes")
	expect(t, out, "Ratings (xiangqi): ally 1")
	if strings.Contains(out, "ally 1662?") {
		t.Errorf("ally's game was rated as a first game:\n%s", out)
	}
	rs, err := s.store.RatingsOf(ctx, "console/alice")
	// Global, and one per chat: the group of each platform.
	if err != nil || len(rs) != 3 || rs[0].Scope != storage.ScopeGlobal || rs[0].Games != 2 || rs[0].Wins != 2 {
		t.Errorf("alice's ratings after the linked game: %+v, %v", rs, err)
	}
	if rs, _ := s.store.RatingsOf(ctx, "other/ally"); len(rs) != 0 {
		t.Errorf("ally has ratings of her own: %+v", rs)
	}
	out = say2("ally: /profile")
	expect(t, out, "2 games: 2 won, 0 drawn, 0 lost", "#2 xiangqi vs carol: won (resignation)", "#1 xiangqi vs bob: won (resignation)")
	expect(t, s.say("alice: /history"), "Games of alice (2 games, newest first):", "#2 xiangqi vs carol")
}

// TestConsolePremoves (issue 23): conditional moves are given privately,
// played for their owner when the expected move comes, cancelled when the
// opponent deviates, and never shown to anyone else.
func TestConsolePremoves(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new xiangqi @bob side=red 3d")
	s.say("bob: /accept")
	s.say("alice: h2e2")
	expect(t, s.say("alice: /premove #1 h9g7 h0g2"), "Send /premove to me privately")
	expect(t, s.say("alice (dm): /premove #1 h9g7 h0g2 b9c7"), "Give pairs of moves")
	expect(t, s.say("alice (dm): /premove #1 h9g7 a0a5"), "Move 2 of your line, a0a5, is not legal there.")
	expect(t, s.say("alice (dm): /premove #1 馬8進7 h0g2 b9c7 b0c2"),
		"[dm alice] Conditional moves of game #1 saved (only you see them): h9g7 h0g2 b9c7 b0c2")
	expect(t, s.say("alice (dm): /premove #1"), "Your conditional moves in game #1: h9g7 h0g2 b9c7 b0c2")
	expect(t, s.say("bob (dm): /premove #1"), "You have no conditional moves in game #1.")

	out := s.say("bob: h9g7")
	expect(t, out, "Last move: h9g7", "Last move: h0g2 (馬二進三)", "Black to move: bob",
		"[dm alice] Game #1: your opponent played h9g7 as you expected; I played h0g2 for you. 1 pair left.")
	if strings.Contains(out, "[dm bob]") || strings.Contains(out, "b9c7 b0c2") {
		t.Errorf("the line leaked:\n%s", out)
	}
	if n := s.moves("1"); n != 3 {
		t.Errorf("%d moves after the conditional answer, want 3", n)
	}
	out = s.say("bob: i9h9")
	expect(t, out, "Last move: i9h9", "Red to move: alice",
		"[dm alice] Game #1: your opponent played i9h9, not b9c7; your conditional moves are cancelled.")
	if n := s.moves("1"); n != 4 {
		t.Errorf("%d moves after the deviation, want 4", n)
	}
	expect(t, s.say("alice (dm): /premove #1"), "You have no conditional moves in game #1.")
	expect(t, s.say("alice (dm): /premove #1 b9c7 b0c2"), "It is your turn in game #1")

	s.say("alice: /new jieqi @bob side=red 3d")
	s.say("bob: /accept 2")
	s.say("alice: /m #2 h2e2")
	expect(t, s.say("alice (dm): /premove #2 h9g7 h0g2"), "hides pieces: conditional moves are only for games without hidden information")
	s.say("alice: /new xiangqi @bob side=red 10+5")
	s.say("bob: /accept 3")
	s.say("alice: /m #3 h2e2")
	expect(t, s.say("alice (dm): /premove #3 h9g7 h0g2"), "Game #3 is not a correspondence game")
}

// TestConsoleVacation (issue 23), with the fake clock: a vacation pauses the
// player's turns in every correspondence game, is shown in captions, is ended
// early by a move of theirs (the turns get back the time not taken), and is
// charged to a yearly allowance of 30 days.
func TestConsoleVacation(t *testing.T) {
	s := newSession(t)
	day := 24 * time.Hour
	s.say("alice: /new xiangqi @bob side=red 2d") // #1: bob to move after h2e2
	s.say("bob: /accept 1")
	s.say("alice: /m #1 h2e2")
	s.say("bob: /new xiangqi @alice side=red 2d") // #2: alice to move after h2e2
	s.say("alice: /accept 2")
	s.say("bob: /m #2 h2e2")
	expect(t, s.say("alice: /vacation"), "You are not on vacation. Left this year: 30 days.")

	out := s.say("alice: /vacation 5d")
	expect(t, out, "alice is on vacation until 2026-05-09 09:00 UTC: clocks paused in 2 correspondence games. Left this year: 25 days.")
	deadline := func(id string) time.Time {
		g, err := s.store.Game(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return g.Clock.Deadline
	}
	if got, want := deadline("2"), start.Add(7*day); !got.Equal(want) {
		t.Errorf("game 2's deadline %v, want %v (two days after the vacation)", got, want)
	}
	expect(t, s.say("carol: /board #2"), "alice is on vacation until 2026-05-09 09:00 UTC (clock paused)", "7d 0h left")
	expect(t, s.say("alice: /vacation 2d"), "You are on vacation until 2026-05-09 09:00 UTC already")

	s.clock.Advance(day)
	out = s.say("bob: /m #1 h9g7") // alice's turn in #1 starts when her vacation ends
	expect(t, out, "alice is on vacation until 2026-05-09 09:00 UTC (clock paused)", "6d 0h left")
	s.clock.Advance(2*day + time.Hour)
	if out := s.tick(); strings.Contains(out, "ran out of time") {
		t.Errorf("a paused clock ran out:\n%s", out)
	}
	s.clock.Advance(day - time.Hour) // day 4: alice moves, which ends her vacation
	out = s.say("alice: /m #2 h9g7")
	expect(t, out, "Last move: h9g7", "alice is back from vacation: their clocks run again in #1.")
	if got, want := deadline("1"), start.Add(6*day); !got.Equal(want) {
		t.Errorf("game 1's deadline after the vacation %v, want %v (two days from the move)", got, want)
	}
	expect(t, s.say("alice: /vacation"), "Left this year: 26 days.")
	expect(t, s.say("alice: /vacation 27d"), "Your allowance left this year is 26 days.")
	expect(t, s.say("alice: /vacation end"), "You are not on vacation.")
	s.clock.Advance(2*day + time.Minute)
	expect(t, s.tick(), "Game #1: alice (Red) ran out of time.")
}

// sameFrames decodes the GIF at path frame by frame and checks that frame i
// is, pixel for pixel, the board image boards[i] the chat got; it returns the
// file.
func sameFrames(t *testing.T, path string, boards []string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != len(boards) {
		t.Fatalf("%d frames, want %d", len(g.Image), len(boards))
	}
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	for i, frame := range g.Image {
		draw.Draw(canvas, frame.Bounds(), frame, frame.Bounds().Min, draw.Over)
		f, err := os.Open(boards[i])
		if err != nil {
			t.Fatal(err)
		}
		want, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if want.Bounds() != canvas.Bounds() {
			t.Fatalf("frame %d is %v, the board %v", i, canvas.Bounds(), want.Bounds())
		}
		diff := 0
		for y := 0; y < canvas.Bounds().Dy(); y++ {
			for x := 0; x < canvas.Bounds().Dx(); x++ {
				r1, g1, b1, _ := canvas.At(x, y).RGBA()
				r2, g2, b2, _ := want.At(x, y).RGBA()
				if r1 != r2 || g1 != g2 || b1 != b2 {
					diff++
				}
			}
		}
		if diff > 0 {
			t.Errorf("frame %d differs from the board after move %d in %d pixels", i, i, diff)
		}
	}
	return data
}

// TestConsoleGIFHidden (issue 23): the GIF of a jieqi game (face-down pieces
// dealt by the bot) is made of exactly the public boards the chat got.
func TestConsoleGIFHidden(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new jieqi @bob side=red 2d")
	boards := []string{imageLine.FindStringSubmatch(s.say("bob: /accept"))[1]}
	for _, m := range []string{"alice: h2e2", "bob: h9g7", "alice: a3a4"} {
		out := s.say(m)
		for _, line := range imageLine.FindAllStringSubmatch(out, -1) {
			if strings.Contains(line[0], "[chat]") {
				boards = append(boards, line[1])
				break
			}
		}
	}
	out := s.say("bob: /resign yes")
	m := fileLine.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no GIF:\n%s", out)
	}
	sameFrames(t, m[1], boards)
}
