package console_test

import "testing"

// TestConsoleShanshui plays landscape xiangqi from the chat: a refused facing
// of two kings, a 雄's change, the minister's 田 capture and big 田 capture, and
// a capture that flips the chariot through the mountain pass.
func TestConsoleShanshui(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new shanshui @bob fen=6k4/10n/11/4X6/11/11/4p6/1n3S5/2p8/3S1K4R[RP] w - - 0 1")
	expect(t, s.say("bob: /accept"), "Game #1 begins")
	expect(t, s.say("alice: f0g0"), "only a 君 may face a king")
	expect(t, s.say("alice: b0b5*"), "type the move without *")
	playLines(t, s,
		"alice: e6=P => e6=P",
		"bob: g9g8 => g9g8",
		"alice: f2d4 => f2d4",
		"bob: g8g9 => g8g9",
		"alice: d0a3 => d0a3",
		"bob: g9g8 => g9g8",
		"alice: k0k8* => k0k8*",
	)
	if n := s.moves("1"); n != 7 {
		t.Errorf("%d moves stored, want 7", n)
	}
}

// TestConsoleGongke plays conquest xiangqi from the chat: a gazelle's chain
// jump with a capture, a refused entry into the own line, a piece frozen on
// the enemy line, and the fifth point of the enemy line that wins.
func TestConsoleGongke(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new gongke @bob fen=3RPN5/6PP3/6k4/11/6n4/3p1p5/11/3P7/2G8/11/4K6/11 w - - 0 1")
	expect(t, s.say("bob: /accept"), "Game #1 begins")
	expect(t, s.say("alice: e1e0"), "never enter your own last-defense line")
	playLines(t, s,
		"alice: c3g7 => c3g7",
		"bob: g9f9 => g9f9",
		"alice: h10h11 => h10h11",
		"bob: f9f8 => f9f8",
	)
	expect(t, s.say("alice: h11g11"), "frozen on the enemy last-defense line")
	out := s.say("alice: g10g11")
	expect(t, out, "alice (Red) wins by filling the enemy last-defense line")
}
