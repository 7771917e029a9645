package console_test

import (
	"strings"
	"testing"
)

// playLines plays "who: move" lines and checks each one's "Last move:" text.
func playLines(t *testing.T, s *session, lines ...string) string {
	t.Helper()
	var out string
	for _, l := range lines {
		line, want, _ := strings.Cut(l, " => ")
		out = s.say(line)
		expect(t, out, "Last move: "+want)
	}
	return out
}

// TestConsoleCannonChess plays cannon chess from the chat: no castling, a cannon
// capture, a double step taken en passant, a promotion with check, in SAN and
// coordinates.
func TestConsoleCannonChess(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new cannon-chess @bob fen=5k4/1P1p6/10/4P5/10/10/3n6/3P6/10/3G1K4 w - - 0 1")
	expect(t, s.say("bob: /accept"), "Game #1 begins")
	expect(t, s.say("alice: f1h1"), "there is no castling in this game")
	out := playLines(t, s,
		"alice: Gxd4 => d1d4 (Gxd4)",
		"bob: d9d7 => d9d7 (d7)",
		"alice: exd8 => e7d8 (exd8)",
		"bob: Kg10 => f10g10 (Kg10)",
		"alice: b9b10 => b9b10q (b10=Q+)",
	)
	expect(t, out, "(check!)")
	expect(t, s.say("bob: Nf3"), "no knight of yours can go to f3")
	expect(t, s.say("bob: /rules cannon-chess"), "or SAN (e4, Nf3", "Write moves as coordinates")
	if n := s.moves("1"); n != 5 {
		t.Errorf("%d moves stored, want 5", n)
	}
}

// TestConsoleAnimalChess plays animal chess with the snake: a bear change, a
// snake move and a refused change.
func TestConsoleAnimalChess(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new animal-chess snake @bob fen=7t/8/8/3U4/8/8/3e4/TS6[E] w")
	expect(t, s.say("bob: /accept"), "Game #1 begins")
	expect(t, s.say("alice: d5=F"), "you have no captured cat to bring back")
	playLines(t, s,
		"alice: d5=E => d5=E",
		"bob: h8h7 => h8h7",
		"alice: b1c2 => b1c2",
	)
	expect(t, s.say("bob: h7h5"), "a tiger does not move like that")
}

// TestConsoleBlockChess plays block chess: a refused one-cell capture, then a
// big step written from another cell of the block that takes the last enemy
// block and wins.
func TestConsoleBlockChess(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new block-chess @bob fen=12/12/12/12/12/4dd6/4OO6/4OO6/DD10/12 w")
	expect(t, s.say("bob: /accept"), "Game #1 begins")
	expect(t, s.say("alice: e4e5"), "a one-cell step never captures")
	out := playLines(t, s, "alice: f4f6 => e3e5")
	expect(t, out, "alice (White) wins")
}
