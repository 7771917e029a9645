package bot

import (
	"strings"
	"testing"
)

// Issue 15 in the console: a whole game of each named stratagem game that is
// playable, with the added pieces' powers used (captures by their own patterns,
// checks), custom games by code and number, and /rules in three languages.

var stratagemGames = []struct {
	slug, moves, end string
}{
	// 瞞 takes by its diagonal (c1b2), 刀 takes a cannon from two points away (g8g6).
	{"zhanzheng", "b2g2 c6c5 g2g6 g8g6 c3c4 g6g8 h2d2 g8g7 e3e4 h7i7 d2f2 g7g4 f2b2 g4g8 b2h2 d9e8 b0c2 c8d7 g1g2 g8g4 " +
		"e4e5 b9a7 g2g1 b7b3 e5d5 b3b2 c1b2 d7b5 i0i2 a7b9 g1a1 i7i8 e0e1 g4i4 e1e0 b9a7 c4c5 i6i5 a1f1", "resign"},
	// 欲 keeps enemies away (e2 may not go next to it below), 擒 checks along open lines.
	{"zhanchang", "i3i4 b7d7 c1f1 a9a7 i0i3 h7h8 a0a1 d7b7 e3e4 h8h4 h0i2 g8d8 b0c2 i6i5 f1f7 d8d2 g1c1 d2e2 c2e1 h4h8 " +
		"i4i5 e2f2 b2e2 h8h7 i3i4 i9i5 e1g2 e6e5 e2e5 b9c7 f7e7 i5e5 c1i1 h7h5 a1c1 e5e4 f0e1 c8b8 i1i0", "resign"},
	// 李 takes by 日 (c1e2 … e6 d7e6 is the 打 bent capture), the game ends in mate.
	{"zhance", "g1h1 b7b5 c1e2 g8g7 h2i2 g7d7 h1e1 b5b3 h0g2 b3b5 b2b1 h9i7 e2d4 i9h9 d4e6 d7e6 e1i1 c8a7 i1f1 i6i5 " +
		"i0i1 b5g5 a3a4 i7h5 g3g4 h7g7 f1f7 c9e7 i3i4 h9i9 b1b8 d9e8 b8b5 b9d8 i1h1 e6f7 b0c2 g7g8 h1b1 f7h7 b5a5 g5c5 " +
		"e3e4 a7c8 b1b8 g8g7 i2h2 c5c2 b8b1 c2d2 b1d1 g7g4 a5b5 g6g5 d1e1 h5i7 e4e5 g4g0", "mate"},
}

func TestStratagemWholeGames(t *testing.T) {
	for _, gm := range stratagemGames {
		t.Run(gm.slug, func(t *testing.T) {
			h := newHarness(t)
			mustContain(t, h.say("alice", "/new "+gm.slug+" @bob"), "game #1")
			mustContain(t, h.say("bob", "/accept"), "Game #1 begins")
			who := []string{"alice", "bob"}
			var last []sent
			for i, m := range strings.Fields(gm.moves) {
				last = h.say(who[i%2], m)
				if s := text(last); strings.Contains(s, "not allowed") || strings.Contains(s, "cannot") {
					t.Fatalf("move %d %s refused: %s", i+1, m, s)
				}
			}
			if gm.end == "resign" {
				last = h.say(who[len(strings.Fields(gm.moves))%2], "/resign")
				mustContain(t, last, "resign")
			} else {
				mustContain(t, last, "checkmate")
			}
		})
	}
}

func TestStratagemCustomAndRules(t *testing.T) {
	h := newHarness(t)
	mustContain(t, h.say("alice", "/new sanshiliuji 18 16 @bob"), "Thirty-Six Stratagems: QN YU", "game #1")
	mustContain(t, h.say("bob", "/accept"), "Game #1 begins")
	// 欲 (g1) keeps the enemy away; 擒 (c1) captures nothing but the general.
	mustContain(t, h.say("alice", "c1c5"), "not allowed")
	mustContain(t, h.say("alice", "/new sanshiliuji MA DO @carol"), "Zhanzheng (戰爭象棋)")
	mustContain(t, h.say("alice", "/new sanshiliuji MA MA @carol"), "must be different")
	mustContain(t, h.say("alice", "/new sanshiliuji MA DO XI @carol"), "one or two pieces")
	mustContain(t, h.say("alice", "/new sanshiliuji @carol"), "name one or two stratagem pieces")
	mustContain(t, h.say("alice", "/rules zhanzheng"), "Zhanzheng (戰爭象棋)", "瞞 (MA, 01)", "刀 (DO, 03)", "Example: g1g5")
	mustContain(t, h.say("alice", "/rules sanshiliuji LI"), "李 (LI, 11)", "Example: c1d3")
	mustContain(t, h.say("alice", "/variants"), "zhanzheng", "sanshiliuji")
	h.say("admin", "/settings language zh-Hant")
	mustContain(t, h.say("alice", "/rules zhance"), "李（LI，11）", "打（DA，13）")
	h.say("admin", "/settings language zh-Hans")
	mustContain(t, h.say("alice", "/rules zhanchang"), "欲（YU，16）", "只能将军")
}
