package console_test

import "testing"

// TestConsoleHeshanPalace plays heshan's palace flag from the chat (issue 18,
// heshan-palace): the flag into the palace (also typed 旗@f9), steps there,
// refused F@0 and FF while it is in the palace, and back onto its start cell.
func TestConsoleHeshanPalace(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new heshan heshan-palace @bob fen=6k4/11/11/11/1R9/9r1/11/11/11/4K6 w - - 0 1 flags=0,21")
	expect(t, s.say("bob: /accept"), "Game #1 begins")
	playLines(t, s,
		"alice: F@f0 => F@f0",
		"bob: 旗@f9 => F@f9",
		"alice: f0f1 => f0f1",
		"bob: f9f8 => f9f8",
	)
	expect(t, s.say("alice: F@0"), "your flag leaves the palace only from f0")
	expect(t, s.say("alice: FF"), "your flag is in its palace")
	playLines(t, s,
		"alice: f1f0 => f1f0",
		"bob: f8f9 => f8f9",
		"alice: F@0 => F@0",
	)
	if n := s.moves("1"); n != 7 {
		t.Errorf("%d moves stored, want 7", n)
	}
}
