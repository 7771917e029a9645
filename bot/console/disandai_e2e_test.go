package console_test

import (
	"strings"
	"testing"
)

// TestConsoleDisandai plays third-generation xiangqi from the chat: a valid
// soldier flip, a misflip that must be flipped back (another move refused),
// a double flip in check, and the flips of the last elephant, horse, chariot
// and cannon, with a move of the 驫 by the rule of Black's last move.
func TestConsoleDisandai(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new disandai @bob fen=4k4/P1P6/9/4p4/9/9/7n1/1C7/9/2BAKA1NR w - - 0 1")
	expect(t, s.say("bob: /accept"), "[dm alice] Game #1", "Choose your backs", "[dm bob] Game #1")
	expect(t, s.say("alice (dm): /setup 1 RN K=d0 T=c0"), "Noted")
	out := s.say("bob (dm): /setup 1 B")
	expect(t, out, "Game #1 begins")
	if strings.Contains(out, "a8=R") || strings.Contains(out, "backs=") {
		t.Errorf("the start shows a back:\n%s", out)
	}
	playLines(t, s,
		"alice: a8a9 => a8a9",
		"bob: e9e8 => e9e8",
	)
	expect(t, s.say("alice: a9!"), "Red flips the soldier on a9: it is a soldier-chariot (俥) now.")
	playLines(t, s,
		"bob: e8f8 => e8f8",
		"alice: c8c9 => c8c9",
		"bob: f8e8 => f8e8",
	)
	expect(t, s.say("alice: c9!"), "Red flips the soldier on c9 on a wrong point: its back is a horse (馬); it must flip back next move (c9!).")
	playLines(t, s, "bob: e8f8 => e8f8")
	expect(t, s.say("alice: b2b5"), "your misflipped soldier on c9 must flip back first: c9!")
	expect(t, s.say("alice: c9!"), "Red flips the misflipped soldier on c9 back: a soldier again")
	playLines(t, s, "bob: h3g1 => h3g1")
	expect(t, s.say("alice: @d0"), "Red flips its general on e0 and the advisor on d0: the general is on d0 now.")
	playLines(t, s, "bob: g1h3 => g1h3")
	expect(t, s.say("alice: c0!"), "Red flips the elephant on c0: it is a camel (駝) now.")
	playLines(t, s, "bob: f8e8 => f8e8")
	expect(t, s.say("alice: h0!"), "Red flips the horse on h0: it is a stampede (驫) now.")
	playLines(t, s,
		"bob: e8f8 => e8f8",
		"alice: h0h1 => h0h1", // the 驫 steps as a general: Black moved its general
		"bob: f8e8 => f8e8",
	)
	expect(t, s.say("alice: i0!"), "Red flips the chariot on i0: it is an assistant (輔) now.")
	playLines(t, s, "bob: e8f8 => e8f8")
	expect(t, s.say("alice: b2!"), "Red flips the cannon on b2: it is a stone cannon (石) now.")
	if n := s.moves("1"); n != 21 {
		t.Errorf("%d moves stored, want 21", n)
	}
}
