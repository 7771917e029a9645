package bot

import (
	"testing"
)

// TestMoveLimitSaysItsNumber: the end of a game drawn by a move limit other
// than xiangqi's 120 plies names that limit, in the chat's language.
func TestMoveLimitSaysItsNumber(t *testing.T) {
	h := newHarness(t)
	out := h.say("alice", "/new xiangqi move-limit=20 fen=3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 18 1 @bob")
	id := gameIDIn(t, out)
	h.say("bob", "/accept "+id)
	h.say("alice", "a0a1")
	out = h.say("bob", "d9d8")
	mustContain(t, out, "10 moves without a capture")
}
