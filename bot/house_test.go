package bot

import (
	"strings"
	"testing"
)

// The house-rule options of xiangqi in the chat: /rules explains each, /new
// takes them, and the refused pair says why in the spec's words.
func TestHouseOptionsInChat(t *testing.T) {
	h := newHarness(t)
	for opt, want := range map[string]string{
		"kill-horse":      "h2h9, b9c7, i9h9",
		"river-elephant":  "e2c5",
		"mission-pawn":    "e8e7",
		"royal-advisor":   "d2c3",
		"dragon-advisor":  "e5d6",
		"revive-pawn":     "P@e3",
		"palace-strategy": "h0f1",
		"palace-cannon":   "d1e1",
		"flag":            "F+e9e8",
		"mountain-border": "a2a6",
	} {
		out := h.say("alice", "/rules xiangqi "+opt)
		mustContain(t, out, want, "/new xiangqi "+opt)
		if strings.ContainsRune(text(out), '\uFFFD') {
			t.Errorf("/rules xiangqi %s shows a broken character: %s", opt, text(out))
		}
	}
	out := h.say("alice", "/new xiangqi royal-advisor dragon-advisor @bob")
	mustContain(t, out, "龍戰士不能與王者士同用", "dragon-advisor cannot be combined with royal-advisor")
	out = h.say("alice", "/new xiangqi kill-horse river-elephant @bob")
	mustContain(t, out, "proposes a game of Xiangqi with kill-horse and river-elephant")
	if strings.Contains(text(out), "cannot") {
		t.Errorf("/new with two house options refused: %s", text(out))
	}
}

// TestCustomPiecesInChat: players' own pieces from /new and /rules; a
// character the board font lacks is refused with what to do instead.
func TestCustomPiecesInChat(t *testing.T) {
	h := newHarness(t)
	out := h.say("alice", "/rules xiangqi piece=Q后:R+nN@c1")
	mustContain(t, out, "Q (后) starts on c1", "nN moves and captures")
	out = h.say("alice", "/new xiangqi piece=Q龘:R@c1 @bob")
	mustContain(t, out, "the board font has no character 龘")
	out = h.say("alice", "/new xiangqi piece=Q:R+X@c1 @bob")
	mustContain(t, out, `"X" in R+X: X is no movement letter`)
	out = h.say("alice", "/new xiangqi flag piece=Q后:R+N@c1 @bob")
	mustContain(t, out, "proposes a game of Xiangqi with flag and players' pieces")
}
