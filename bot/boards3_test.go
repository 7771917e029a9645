package bot

import (
	"strings"
	"testing"
)

// TestBoards3Rules: /rules explains heshan, yizhi, shenniu and shanhe in the
// three languages with their example moves and special words.
func TestBoards3Rules(t *testing.T) {
	h := newHarness(t)
	want := map[string][3]string{
		"heshan":  {"F+f0e0", "解將旗", "解将旗"},
		"yizhi":   {"e8d7", "十一宮", "十一宫"},
		"shenniu": {"a1b3&i1h4", "十一宮", "十一宫"},
		"shanhe":  {"d0h4", "定帥助帥", "定帅助帅"},
	}
	for i, lang := range []string{"en", "zh-Hant", "zh-Hans"} {
		h.say("admin", "/settings language "+lang)
		for slug, w := range want {
			out := h.say("alice", "/rules "+slug)
			mustContain(t, out, w[i])
			if strings.ContainsRune(text(out), '\uFFFD') {
				t.Errorf("/rules %s (%s) shows a broken character", slug, lang)
			}
		}
	}
}

// TestNewTakesKeyedFENFields: the keyed fields of a FEN (flags=20,21) after
// fen= belong to the position, and a bad one is refused by the FEN reader.
func TestNewTakesKeyedFENFields(t *testing.T) {
	h := newHarness(t)
	out := h.say("alice", "/new heshan @bob fen=6k4/11/11/11/11/11/11/11/11/1R2K6 b - - 0 1 flags=20,21")
	mustContain(t, out, "proposes a game of")
	out = h.say("alice", "/new heshan @bob fen=6k4/11/11/11/11/11/11/11/11/1R2K6 b - - 0 1 flags=3,3")
	mustContain(t, out, "flags=3,3")
}

// TestBoards3ZoneRefusalsInChinese: zones described by the board's own texts
// (Board.ZoneTexts) read in the chat's language in refusals.
func TestBoards3ZoneRefusalsInChinese(t *testing.T) {
	h := newHarness(t)
	playBoardGame(t, h, "yizhi", "fen=5k3/9/9/9/9/9/9/Y8/3Z5/4K4 w", nil)
	mustContain(t, h.say("alice", "d1e2"), "along a drawn diagonal of its palace")
	h.say("admin", "/settings language zh-Hant")
	mustContain(t, h.say("alice", "d1e2"), "沿宮內畫有的斜線")
	h.say("admin", "/settings language zh-Hans")
	mustContain(t, h.say("alice", "d1e2"), "沿宫内画有的斜线")
}
