package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/chuhe/chuhe/storage"
)

// Tests for issue 13: who may act. A button answers a question only for the
// user it concerns; everyone else gets a pop-up and nothing changes. People are
// bound by id or exact handle, never by a display name.

// onlyNoticeTo checks that out is exactly one pop-up for user, containing want.
func onlyNoticeTo(t *testing.T, out []sent, user string, want ...string) {
	t.Helper()
	if len(out) != 1 || !out[0].Notice || out[0].To != user {
		t.Fatalf("want one pop-up for %s, got %d messages:\n%s", user, len(out), describe(out))
	}
	mustContain(t, out, want...)
}

func describe(out []sent) string {
	var sb strings.Builder
	for _, s := range out {
		switch {
		case s.Notice:
			sb.WriteString("[pop-up " + s.To + "] ")
		case s.Private:
			sb.WriteString("[dm " + s.To + "] ")
		default:
			sb.WriteString("[" + s.Chat + "] ")
		}
		sb.WriteString(s.Msg.Text + "\n")
	}
	return sb.String()
}

func TestResignButtonIsTheAskersOnly(t *testing.T) {
	h := newHarness(t)
	id := h.start("side=red")
	h.say("alice", "h2e2")
	out := h.say("alice", "/resign")
	mustContain(t, out, "Resign game #1 against bob?")
	t.Run("the opponent pressing Yes gets a pop-up and nothing changes", func(t *testing.T) {
		onlyNoticeTo(t, h.press("bob", "resign:yes:"+id), "bob", "game #1 is for alice", "Nothing was changed")
		if g := h.game(id); g.Status != storage.StatusActive {
			t.Fatalf("game is %s after bob pressed alice's button", g.Status)
		}
		onlyNoticeTo(t, h.press("bob", "resign:no:"+id), "bob", "is for alice")
	})
	t.Run("a spectator pressing it too", func(t *testing.T) {
		onlyNoticeTo(t, h.press("carol", "resign:yes:"+id), "carol", "is for alice")
		if g := h.game(id); g.Status != storage.StatusActive {
			t.Fatalf("game is %s after carol pressed", g.Status)
		}
	})
	t.Run("the asker's Yes resigns", func(t *testing.T) {
		mustContain(t, h.press("alice", "resign:yes:"+id), "alice resigned game #1", "bob (Black) wins by resignation · 0-1")
		if g := h.game(id); g.Status != storage.StatusFinished || g.Result != "0-1" {
			t.Fatalf("after alice's yes: %s %s", g.Status, g.Result)
		}
	})
	t.Run("the button of an answered question only says so", func(t *testing.T) {
		onlyNoticeTo(t, h.press("alice", "resign:yes:"+id), "alice", "Game #1 is over")
	})
}

func TestResignQuestionSurvivesARestart(t *testing.T) {
	h := newHarness(t)
	id := h.start("side=red")
	h.say("alice", "/resign")
	h.restart()
	onlyNoticeTo(t, h.press("bob", "resign:yes:"+id), "bob", "is for alice")
	mustContain(t, h.press("alice", "resign:yes:"+id), "alice resigned game #1")
}

func TestTypedAnswersFindTheirGame(t *testing.T) {
	h := newHarness(t)
	one := h.start("side=red") // alice Red, bob Black
	two := gameIDIn(t, h.say("alice", "/new xiangqi @bob side=red"))
	h.say("bob", "/accept "+two)
	t.Run("/resign yes answers the game the question was about", func(t *testing.T) {
		h.say("alice", "/resign #"+two)
		mustContain(t, h.say("alice", "/resign yes"), "alice resigned game #2")
		if g := h.game(one); g.Status != storage.StatusActive {
			t.Errorf("game #1 is %s", g.Status)
		}
	})
	three := gameIDIn(t, h.say("alice", "/new xiangqi @bob side=red"))
	h.say("bob", "/accept "+three)
	t.Run("/draw no answers the offer, wherever it is", func(t *testing.T) {
		mustContain(t, h.say("bob", "/draw #"+three), "bob (Black) offers a draw in game #3")
		mustContain(t, h.say("alice", "/draw no"), "alice declined the draw offer in game #3")
	})
	t.Run("a bare number names the game", func(t *testing.T) {
		mustContain(t, h.say("bob", "/resign 1 yes"), "bob resigned game #1")
		mustContain(t, h.say("alice", "/resign 3"), "Resign game #3 against bob?")
		mustContain(t, h.say("alice", "/resign 3 no"), "game #3 goes on")
	})
}

func TestOfferButtonsAreTheReceiversOnly(t *testing.T) {
	h := newHarness(t)
	id := h.start("side=red")
	h.say("alice", "h2e2")
	h.say("bob", "h9g7")
	h.say("alice", "/draw")
	onlyNoticeTo(t, h.press("alice", "draw:yes:"+id), "alice", "is for bob")
	onlyNoticeTo(t, h.press("alice", "draw:no:"+id), "alice", "is for bob")
	onlyNoticeTo(t, h.press("carol", "draw:yes:"+id), "carol", "is for bob")
	if g := h.game(id); g.Status != storage.StatusActive || g.DrawOffer != 0 {
		t.Fatalf("after others pressed: %s, offer %d", g.Status, g.DrawOffer)
	}
	mustContain(t, h.press("bob", "draw:no:"+id), "bob declined the draw offer")
	onlyNoticeTo(t, h.press("bob", "draw:yes:"+id), "bob", "no draw offer to answer")

	h.say("alice", "/takeback")
	onlyNoticeTo(t, h.press("alice", "takeback:yes:"+id), "alice", "is for bob")
	onlyNoticeTo(t, h.press("carol", "takeback:yes:"+id), "carol", "is for bob")
	if g := h.game(id); len(g.Moves) != 2 {
		t.Fatalf("%d moves after others pressed takeback", len(g.Moves))
	}
	mustContain(t, h.press("bob", "takeback:yes:"+id), "taken back")
}

func TestChallengeButtonsAreTheInvitedOnly(t *testing.T) {
	h := newHarness(t)
	id := gameIDIn(t, h.say("alice", "/new xiangqi @bob"))
	onlyNoticeTo(t, h.press("carol", "accept:"+id), "carol", "Challenge #1 is for bob")
	onlyNoticeTo(t, h.press("carol", "decline:"+id), "carol", "Challenge #1 is for bob")
	onlyNoticeTo(t, h.press("alice", "accept:"+id), "alice", "your own")
	if g := h.game(id); g.Status != storage.StatusOpen {
		t.Fatalf("challenge is %s", g.Status)
	}
	open := gameIDIn(t, h.say("alice", "/new xiangqi"))
	onlyNoticeTo(t, h.press("carol", "cancel:"+open), "carol", "Only the challenger")
	mustContain(t, h.press("bob", "accept:"+id), "Game #1 begins")
}

// groupEvent is an event of a user with the given display name and handle.
func (h *harness) groupEvent(u User, text string) Event {
	ev := h.event(u.ID, text, false)
	ev.User = u
	ev.Mentions = nil
	return ev
}

func TestChallengeToAnUnknownHandle(t *testing.T) {
	h := newHarness(t)
	alice := User{ID: "1001", Name: "@alice", Username: "alice"}
	// @zed has never been seen: the platform resolves no mention.
	out := h.handle(h.groupEvent(alice, "/new xiangqi @zed"))
	mustContain(t, out, "@zed: press Accept")
	id := gameIDIn(t, out)
	zedByName := User{ID: "1002", Name: "Zed"}     // first name Zed, no username
	zedLookalike := User{ID: "1003", Name: "@zed"} // first name "@zed", no username
	zedOther := User{ID: "1004", Name: "zed", Username: "zed_x"}
	for _, u := range []User{zedByName, zedLookalike, zedOther} {
		ev := h.groupEvent(u, "/accept "+id)
		mustContain(t, h.handle(ev), "Challenge #1 is for @zed")
		ev.Button, ev.Text = "accept:"+id, ""
		if out := h.handle(ev); len(out) != 1 || !out[0].Notice {
			t.Errorf("%+v pressing Accept: %s", u, describe(out))
		}
	}
	if g := h.game(id); g.Status != storage.StatusOpen {
		t.Fatalf("challenge taken by a namesake: %s", g.Status)
	}
	zed := User{ID: "1005", Name: "@zed", Username: "zed"}
	mustContain(t, h.handle(h.groupEvent(zed, "/accept")), "Game #1 begins")
	if g := h.game(id); g.Players[0].UserID != "1005" && g.Players[1].UserID != "1005" {
		t.Errorf("players %+v", g.Players)
	}
}

func TestNamesCannotPassForHandles(t *testing.T) {
	h := newHarness(t)
	fake := User{ID: "20001234", Name: "@alice"} // a first name "@alice", no username
	out := h.handle(h.groupEvent(fake, "/new xiangqi"))
	if all := text(out); strings.Contains(all, "@alice") || !strings.Contains(all, "alice (…1234) (") {
		t.Errorf("a first name shown as a handle:\n%s", all)
	}
	dave1 := User{ID: "3000000001", Name: "Dave"}
	dave2 := User{ID: "3000000002", Name: "Dave"}
	mustContain(t, h.handle(h.groupEvent(dave1, "/accept")), "Dave (…0001)")
	out = h.handle(h.groupEvent(dave2, "/new xiangqi"))
	mustContain(t, out, "Dave (…0002)")
	if g := h.game("1"); g.Players[0].Name == g.Players[1].Name {
		t.Errorf("two players called the same: %+v", g.Players)
	}
	// A nickname beside a handle (Discord) shows the handle unless it is the same.
	for u, want := range map[User]string{
		{ID: "5001", Name: "Bob", Username: "mallory"}:  "Bob (@mallory)",
		{ID: "5002", Name: "@bob", Username: "mallory"}: "bob (@mallory)",
		{ID: "5003", Name: "Alice", Username: "alice"}:  "Alice",
		{ID: "5004", Name: "@carol", Username: "carol"}: "@carol",
	} {
		if got := shownName(u); got != want {
			t.Errorf("shownName(%+v) = %q, want %q", u, got, want)
		}
	}
}

func TestChallengeByTextMention(t *testing.T) {
	h := newHarness(t)
	alice := User{ID: "1001", Name: "@alice", Username: "alice"}
	dave := User{ID: "4004", Name: "Dave"} // no username: Telegram's text_mention names him
	ev := h.groupEvent(alice, "/new xiangqi Dave side=red")
	ev.Mentions = []User{dave}
	out := h.handle(ev)
	mustContain(t, out, "Dave (4004): press Accept")
	id := gameIDIn(t, out)
	other := User{ID: "4005", Name: "Dave"}
	mustContain(t, h.handle(h.groupEvent(other, "/accept "+id)), "is for Dave (4004)")
	mustContain(t, h.handle(h.groupEvent(dave, "/accept "+id)), "Game #1 begins: @alice (Red) against Dave (4004) (Black)")
	// A two-word name, as a client writes it for a user with a last name.
	ev = h.groupEvent(alice, "/new xiangqi Dave Smith 10+5")
	ev.Mentions = []User{{ID: "4006", Name: "Dave Smith"}}
	mustContain(t, h.handle(ev), "Dave Smith (4006): press Accept", "live 10+5")
}

// TestFENErrorsInWords: a refused FEN is explained with what to type, never with
// the rules' error text.
func TestFENErrorsInWords(t *testing.T) {
	h := newHarness(t)
	for _, tc := range []struct{ fen, want string }{
		{"xyz", "the board has 1 rank but needs 10"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", "rank 0 has 8 points but needs 9"},
	} {
		out := h.say("alice", "/new xiangqi fen="+tc.fen)
		mustContain(t, out, "cannot start from that FEN", tc.want, "fen=rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
		if all := text(out); strings.Contains(all, "rules:") || strings.Contains(all, "want 10") {
			t.Errorf("internal error text in the chat: %s", all)
		}
	}
}

func TestPlainMoveWithGameNumber(t *testing.T) {
	h := newHarness(t)
	one := h.start("side=red")
	two := gameIDIn(t, h.say("alice", "/new xiangqi @bob side=red"))
	h.say("bob", "/accept "+two)
	// alice is to move in both: the number says where.
	mustContain(t, h.say("alice", "炮二平五 #2"), "Game #2", "Last move: h2e2 (炮二平五)")
	mustContain(t, h.say("bob", "#2 馬8進7"), "Game #2", "Last move: h9g7 (馬8進7)")
	if g := h.game(one); len(g.Moves) != 0 {
		t.Errorf("game #1 has %d moves", len(g.Moves))
	}
	if g := h.game(two); len(g.Moves) != 2 {
		t.Errorf("game #2 has %d moves", len(g.Moves))
	}
	// A refused move with a number gets its reason; a spectator's remark does not.
	mustContain(t, h.say("alice", "a0a5 #2"), "a0a5 is not allowed")
	if out := h.say("carol", "nice #2"); len(out) != 0 {
		t.Errorf("a spectator's remark was answered: %s", text(out))
	}
	if out := h.say("carol", "h0g2 #1"); len(out) != 0 || len(h.game(one).Moves) != 0 {
		t.Errorf("a spectator's move was taken or answered: %s", text(out))
	}
}

func TestWhichGameSpeaksOfTheSendersGamesOnly(t *testing.T) {
	h := newHarness(t)
	h.start("")
	two := gameIDIn(t, h.say("alice", "/new xiangqi @bob"))
	h.say("bob", "/accept "+two)
	out := h.say("carol", "/board")
	mustContain(t, out, "Several games here fit: #1 #2")
	if strings.Contains(text(out), "You have") {
		t.Errorf("a spectator is told the games are theirs: %s", text(out))
	}
	mustContain(t, h.say("alice", "/board"), "You have several games here: #1 #2")
}

// TestFirstMovesGetTheirIncrement pins that each side's first move in a live
// game gets the increment, whoever moves first (issue 13 reported it missing;
// the clock was right, and this keeps it so).
func TestFirstMovesGetTheirIncrement(t *testing.T) {
	for _, tc := range []struct{ extra, first, second string }{
		{"side=red 10+5", "h2e2", "h9g7"},
		{"side=red 10+5 fen=rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", "h7e7", "h2e2"},
	} {
		h := newHarness(t)
		id := h.start(tc.extra)
		first, second := "alice", "bob"
		if strings.Contains(tc.extra, " b - -") {
			first, second = "bob", "alice"
		}
		h.clock.Advance(10 * time.Second)
		h.say(first, tc.first)
		h.clock.Advance(20 * time.Second)
		h.say(second, tc.second)
		g := h.game(id)
		firstLeft, secondLeft := g.Clock.RemainingRed, g.Clock.RemainingBlack
		if first == "bob" {
			firstLeft, secondLeft = secondLeft, firstLeft
		}
		if firstLeft != 10*time.Minute-10*time.Second+5*time.Second || secondLeft != 10*time.Minute-20*time.Second+5*time.Second {
			t.Errorf("%s: first mover has %v, second %v", tc.extra, firstLeft, secondLeft)
		}
	}
}

func TestStartPayloadInTheGroup(t *testing.T) {
	h := newHarness(t)
	h.svc.AddPlatform(linkingPlatform{h.plat})
	id := h.start("")
	out := h.say("alice", "/start g_"+id)
	mustContain(t, out, "/start g_1 brings your own board, so it works only in a private chat with me")
	if len(out) != 1 || out[0].Private || len(out[0].Msg.Buttons) != 1 || out[0].Msg.Buttons[0][0].URL != "https://t.me/ChuheBot?start=g_1" {
		t.Errorf("answer: %+v", out)
	}
	if strings.Contains(text(out), "Hello, I am") {
		t.Errorf("greeted in the group: %s", text(out))
	}
}

func TestAbortAsksWhenMovesWereMade(t *testing.T) {
	h := newHarness(t)
	one := h.start("side=red")
	mustContain(t, h.say("alice", "/abort"), "Game #1 was aborted by alice") // no move yet: at once
	if g := h.game(one); g.Status != storage.StatusAborted {
		t.Fatalf("game #1 is %s", g.Status)
	}
	two := h.start("side=red")
	h.say("alice", "h2e2")
	mustContain(t, h.say("admin", "/abort #"+two), "Abort game #2?")
	mustContain(t, h.say("admin", "/abort no"), "game #2 goes on")
	onlyNoticeTo(t, h.press("admin", "abort:yes:"+two), "admin", "no longer open")
	h.say("admin", "/abort 2")
	onlyNoticeTo(t, h.press("bob", "abort:yes:"+two), "bob", "is for admin")
	if g := h.game(two); g.Status != storage.StatusActive {
		t.Fatalf("game #2 is %s", g.Status)
	}
	mustContain(t, h.say("admin", "/abort yes"), "Game #2 was aborted by admin")
}
