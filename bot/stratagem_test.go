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
	// 借: a0c1 flies the chariot onto the 借; 調 lures (g8d8 … the black 調's moves).
	{"zhanju", "a0c1 a9a8 g0e2 i9i8 h0f1 g8d8 e2c4 d8d6 b2a2 a8a7 a2a6 c8c7 f0e1 i8e8 c4e2 d6d3 h2g2 h7d7 a3a4 b9c7 " +
		"g2h2 d7d5 g1h1 h9i7 e0f0 d5a5 e2g4 a5g5 f1h0 b7b1 i0i1 b1b7 e1d2 i7g8 g4e2 a7a9 c1b1 d3b1 c3c4 a9a7 c0a2 g5g4 " +
		"e2c0 g4i4 i1i2", "resign"},
	// 以 and 圍 upgraded by the enemy cannon in their half (h4h2, c1e1 …).
	{"zhandou", "b2a2 c6c5 h2d2 b7d7 c3c4 d7e7 d2i2 g8h8 e3e4 h7h4 c1e1 h8g8 e1d1 c9a7 g1e1 h4h2 d1c1 e7g7 e1f1 g7f7 " +
		"a2c2 f7f0 c0a2 h2d2 f1f2 a9a8 f2f5 a6a5 c2b2 d2d5 b2b6 e9e8 c1c5 f0f3 i2g2 i6i5 g0i2 d5d6 a2c0 d6d4 c5i5 e8f8 " +
		"b6b7 g8g4 a3a4", "resign"},
	// 聲 jumps from b1 over the cannon b2 and removes the black cannon on b0;
	// 無 conjures the chariot a0 onto the gap g2.
	{"zhanguo", "h2e2 b7b0 c1b1 a9a8 b1b4 h9g7 a0g2 a8a7 e2e6 g7e6 g2f2", "resign"},
	// 趁 kills over a screen (c1c4 after h4c4), 隔 on its file.
	{"zhanhuo", "i0i2 g8d8 b2b9 b7b2 c0e2 g6g5 b9b5 d8i8 i2i0 c8c7 b5a5 i8b8 b0d1 c9e7 h2h9 a9b9 a5b5 b8b5 g1f1 b2b4 " +
		"f1g1 h7h4 g1e1 i9i7 a3a4 h4c4 c1c4 i7i9 h9h3 b9b6 d1b2 g9i7 b2c0 c7c9 i3i4 i9g9 h3h8 b4i4 h0i2 g9i9 i2h4 e9e8 " +
		"g0i2 i4c4 a0a1", "resign"},
	// 拋 jumps (g1b1), 暗 takes by a bent path (c1b9).
	{"zhanyi", "g1b1 b7b1 h0i2 i9i7 i0i1 g8h8 h2h8 d9e8 b2f2 h7h3 c1b9 b1b2 i3i4 a9a8 b0a2 i7f7 f2f1 f7f8 b9b3 f8f5 " +
		"b3b6 f5c5 b6a8 b2g2 f0e1 c5f5 f1f3 f5b5 a3a4 b5b6 g0e2 g2a2 e2g0 e6e5 h8c8 e5e4 i1h1 h3h7 h1h7 g6g5 a8a7 a2c2 " +
		"i2g1 b6b5 g0i2", "resign"},
}

// stratagemSays is what the chat says under the board after some moves: the
// pieces a move removed besides its capture.
var stratagemSays = map[string]string{
	"zhanguo b1b4": "Black loses: cannon b0",
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
				if want, ok := stratagemSays[gm.slug+" "+m]; ok {
					mustContain(t, last, want)
				}
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
	// 牽 (12): the freeze is said under the board.
	mustContain(t, h.say("alice", "/new sanshiliuji QI @dave fen=3k5/9/9/2p1r4/9/2X6/4P3P/9/9/4K4 w"), "game #2")
	mustContain(t, h.say("dave", "/accept 2"), "Game #2 begins")
	mustContain(t, h.say("alice", "#2 c4d5"), "Black may not move these next turn (pinned): soldier c6, chariot e6")
	mustContain(t, h.say("alice", "/new sanshiliuji MA DO @carol"), "Zhanzheng (戰爭象棋)")
	mustContain(t, h.say("alice", "/new sanshiliuji MA MA @carol"), "must be different")
	mustContain(t, h.say("alice", "/new sanshiliuji MA DO XI @carol"), "one or two pieces")
	mustContain(t, h.say("alice", "/new sanshiliuji @carol"), "is played with options: name one or two stratagem pieces")
	mustContain(t, h.say("alice", "/rules zhanzheng"), "Zhanzheng (戰爭象棋)", "瞞 (MA, 01)", "刀 (DO, 03)", "Example: g1g5")
	mustContain(t, h.say("alice", "/rules sanshiliuji LI"), "李 (LI, 11)", "Example: c1d3")
	mustContain(t, h.say("alice", "/rules zhanju"), "Zhanju (戰局象棋)", "借 (JE, 14)", "R*e5", "調 (DI, 15)", "e5g7")
	mustContain(t, h.say("alice", "/rules sanshiliuji JE"), "借 (JE, 14)", "a0e5")
	mustContain(t, h.say("alice", "/variants"), "zhanzheng", "sanshiliuji")
	h.say("admin", "/settings language zh-Hant")
	mustContain(t, h.say("alice", "/rules zhance"), "李（LI，11）", "打（DA，13）")
	mustContain(t, h.say("alice", "/rules zhanju"), "戰局象棋", "借（JE，14）", "調（DI，15）")
	h.say("admin", "/settings language zh-Hans")
	mustContain(t, h.say("alice", "/rules zhanchang"), "欲（YU，16）", "只能将军")
}
