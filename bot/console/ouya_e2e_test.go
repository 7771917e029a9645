package console_test

import "testing"

// TestConsoleOuya plays Eurasian chess (歐亞象棋) from the chat: a refused and a
// played castling in SAN, a refused shogi move without its compulsory
// promotion, a shogi promotion in shogi form, a refused and a played chess
// promotion with check, and shogi-form king moves; each move is echoed in
// coordinates with its army's own notation.
func TestConsoleOuya(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new ouya @bob fen=k8/6P2/9/9/9/1lp6/9/9/4K2R1 w")
	expect(t, s.say("bob: /accept"), "Game #1 begins")
	expect(t, s.say("alice: O-O-O"), "castling O-O-O needs the king on e1 and a rook on a1")
	playLines(t, s, "alice: O-O => e1g1 (O-O)")
	expect(t, s.say("bob: b4b1"), "a lance reaching b1 must promote: write b4b1+")
	playLines(t, s, "bob: P-c3+ => c4c3+ (P-c3+)")
	expect(t, s.say("alice: g8g9"), "a pawn reaching g9 must promote: write g8g9=Q or g8g9=R")
	out := playLines(t, s, "alice: g9=Q => g8g9=Q (g9=Q+)")
	expect(t, out, "(check!)")
	playLines(t, s,
		"bob: K-b8 => a9b8 (K-b8)",
		"alice: Rf8+ => f1f8 (Rf8+)",
		"bob: b8a7 => b8a7 (K-a7)",
	)
	expect(t, s.say("bob: /rules ouya"), "Eurasian chess (歐亞象棋)", "P-d6", "K 王 king", "k 玉 king", "t と tokin")
	if n := s.moves("1"); n != 6 {
		t.Errorf("%d moves stored, want 6", n)
	}
}
