package console_test

import "testing"

// TestConsoleHeshan plays river-and-mountain xiangqi from the chat: refused
// flag moves (FF without the enemy flag behind, F+ without check), the cannon
// through the mountain pass, the elephant's free flying point, an escape FF,
// and a check answered with a flag step that captures the enemy flag.
func TestConsoleHeshan(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new heshan @bob fen=6k4/10r/11/11/11/11/11/C10/11/3BK6 w - - 0 1 flags=20,21")
	expect(t, s.say("bob: /accept"), "Game #1 begins")
	expect(t, s.say("alice: FF"), "only when the enemy flag stands right behind it")
	expect(t, s.say("alice: F+d0a3"), "only when you are in check")
	playLines(t, s,
		"alice: a2a6 => a2a6",
		"bob: k8k7 => k8k7",
		"alice: d0a3 => d0a3",
		"bob: k7e7 => k7e7",
	)
	out := s.say("alice: F+e0f0")
	expect(t, out, "Last move: F+e0f0", "alice (Red) wins")

	s = newSession(t)
	s.say("alice: /new heshan @bob fen=6k4/11/11/11/11/11/11/11/11/1R2K6 b - - 0 1 flags=20,21")
	expect(t, s.say("bob: /accept"), "Game #1 begins")
	playLines(t, s, "bob: FF => FF", "alice: b0b1 => b0b1")
	if n := s.moves("1"); n != 2 {
		t.Errorf("%d moves stored, want 2", n)
	}
}

// TestConsoleYizhi plays yi-zhi xiangqi from the chat: a guard refused a step
// to the wrong side, a spear's capture over a screen, the guard's step to its
// left, a conscript's diagonal step and a mule's leap.
func TestConsoleYizhi(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new yizhi @bob fen=3k5/9/9/9/3y5/9/3I5/3Q5/4Z4/M3K4 w - - 0 1")
	expect(t, s.say("bob: /accept"), "Game #1 begins")
	expect(t, s.say("alice: e1f1"), "a left guard does not move like that")
	expect(t, s.say("alice: d2d4"), "blocked by the piece on d3")
	playLines(t, s,
		"alice: d2d5 => d2d5",
		"bob: d9d8 => d9d8",
		"alice: e1d1 => e1d1",
		"bob: d8d9 => d8d9",
		"alice: d3c4 => d3c4",
		"bob: d9d8 => d9d8",
		"alice: a0b3 => a0b3",
	)
	if n := s.moves("1"); n != 7 {
		t.Errorf("%d moves stored, want 7", n)
	}
}

// TestConsoleShenniu plays divine-ox xiangqi from the chat: a lone ox leg and
// two 日 leaps refused, the oxen's double move that flanks and takes a
// chariot, and the general on the 11-point palace's side point.
func TestConsoleShenniu(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new shenniu @bob fen=5k3/9/9/9/4r4/9/6O2/2O6/9/3K5 w - - 0 1")
	expect(t, s.say("bob: /accept"), "Game #1 begins")
	expect(t, s.say("alice: c2d4"), "both oxen move in one turn")
	expect(t, s.say("alice: c2b4&g3h5"), "one ox makes a 日 leap")
	playLines(t, s,
		"alice: g3f6&c2d4 => c2d4&g3f6",
		"bob: f9f8 => f9f8",
		"alice: d0d1 => d0d1",
		"bob: f8f9 => f8f9",
		"alice: d1c1 => d1c1",
	)
	out := s.say("bob: /board")
	expect(t, out, "image")
	if n := s.moves("1"); n != 5 {
		t.Errorf("%d moves stored, want 5", n)
	}
}

// TestConsoleShanhe plays boost-and-bind xiangqi from the chat: the boosts of
// the start position (elephant, general and advisor), a bound general refused
// a step in the words of the rule, and the 御's steps along the base line.
func TestConsoleShanhe(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new shanhe @bob")
	expect(t, s.say("bob: /accept"), "Game #1 begins")
	playLines(t, s,
		"alice: d0h4 => d0h4", // two 田 steps, via f2
		"bob: f9f7 => f9f7",   // the general two points (own soldier on f6)
		"alice: e0g2 => e0g2", // the advisor two points along the diagonal
	)

	s = newSession(t)
	s.say("alice: /new shanhe @bob fen=y3k6/11/11/11/11/11/5n5/11/11/Y4K5 w - - 0 1")
	expect(t, s.say("bob: /accept"), "Game #1 begins")
	expect(t, s.say("alice: f0g0"), "your general is bound: an enemy piece stands on your function point f3")
	playLines(t, s,
		"alice: a0b0 => a0b0",
		"bob: a9b9 => a9b9",
		"alice: b0c0 => b0c0",
	)
}
