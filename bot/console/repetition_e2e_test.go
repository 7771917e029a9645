package console_test

import (
	"strings"
	"testing"
)

// repetitionGame starts a game between alice (Red) and bob (Black) from fen
// and plays moves, alternating from the side to move of fen.
func repetitionGame(t *testing.T, fen string, blackFirst bool, moves string) (*session, string) {
	t.Helper()
	s := newSession(t)
	s.say("alice: /new xiangqi @bob side=red fen=" + fen)
	expect(t, s.say("bob: /accept"), "Game #1 begins")
	who := []string{"alice", "bob"}
	if blackFirst {
		who = []string{"bob", "alice"}
	}
	var last string
	for i, m := range strings.Fields(moves) {
		last = s.say(who[i%2] + ": " + m)
		if !strings.Contains(last, "Last move: "+m) {
			t.Fatalf("move %d %s not played:\n%s", i+1, m, last)
		}
	}
	return s, last
}

// TestConsoleRepetition: the bot as the arbiter of repetitions.
func TestConsoleRepetition(t *testing.T) {
	t.Run("a perpetual chase is refused with its reason", func(t *testing.T) {
		s, out := repetitionGame(t, "3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1", false, "d0c2 d3c3 c2d0 c3d3")
		expect(t, out, "The second time: this position has now occurred twice, and Black has chased the unprotected horse on d0 with every move since. Black will have to change next time")
		for i, m := range []string{"d0c2", "d3c3", "c2d0"} {
			s.say([]string{"alice", "bob"}[i%2] + ": " + m)
		}
		out = s.say("bob: c3d3")
		expect(t, out, "c3d3 is not allowed: it would repeat the position a third time while chasing the unprotected horse on d0 with every move: the rules forbid it. Play another move. Possible moves:")
		if n := s.moves("1"); n != 7 {
			t.Errorf("%d moves stored after the refusal, want 7", n)
		}
		expect(t, s.say("bob: c3c4"), "Last move: c3c4")
	})
	t.Run("in Chinese too", func(t *testing.T) {
		s, _ := repetitionGame(t, "3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1", false, "d0c2 d3c3 c2d0 c3d3 d0c2 d3c3 c2d0")
		s.say("bob: /settings language zh-Hant")
		expect(t, s.say("bob: /m c3d3"), "這步棋會第三次重複局面，而你每步都在捉d0無根的馬：棋規禁止長捉，請走別的棋")
	})
	t.Run("a perpetual check is refused", func(t *testing.T) {
		s, _ := repetitionGame(t, "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1", true, "e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9")
		out := s.say("alice: a8a9")
		expect(t, out, "a8a9 is not allowed: it would repeat the position a third time while giving check with every move: the rules forbid perpetual check. Play another move.")
		expect(t, s.say("alice: a8b8"), "Last move: a8b8")
	})
	t.Run("a mutual chase is drawn", func(t *testing.T) {
		_, out := repetitionGame(t, "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1", false,
			"f6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6")
		expect(t, out, "The position has occurred a third time with both sides chasing with every move: drawn by repetition.",
			"Game #1 is drawn by repetition · 1/2-1/2")
	})
	t.Run("an idle repetition is drawn", func(t *testing.T) {
		_, out := repetitionGame(t, "5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", false, "d0d1 f9f8 d1d0 f8f9 d0d1 f9f8 d1d0 f8f9")
		expect(t, out, "The position has occurred a third time and neither side checked or chased with every move: drawn by repetition.",
			"Game #1 is drawn by repetition · 1/2-1/2")
	})
	t.Run("the warning and the draw in simplified Chinese", func(t *testing.T) {
		s := newSession(t)
		s.say("alice: /settings language zh-Hans")
		s.say("alice: /new xiangqi @bob side=red fen=5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 0 1")
		s.say("bob: /accept")
		var outs []string
		for i, m := range strings.Fields("d0d1 f9f8 d1d0 f8f9 d0d1 f9f8 d1d0 f8f9") {
			outs = append(outs, s.say([]string{"alice", "bob"}[i%2]+": "+m))
		}
		expect(t, outs[3], "这个局面已出现两次：再出现一次即作和。")
		expect(t, outs[7], "局面第三次出现，双方都没有每步将军或捉子：不变作和。", "和棋")
	})
	t.Run("the offender with no other move loses", func(t *testing.T) {
		_, out := repetitionGame(t, "5k3/9/9/5C3/5c3/5C3/P8/3N3nc/5p3/4K4 w - - 0 1", false,
			"f4d4 f5d5 d4f4 d5f5 f4d4 f5d5 d4f4 d5f5")
		expect(t, out, "The position has occurred a third time, and Black has chased the unprotected horse on d2 with every move: Black loses.",
			"alice (Red) wins by the opponent's perpetual chase · 1-0")
	})
}
