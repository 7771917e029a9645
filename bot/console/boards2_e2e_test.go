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
