package bot

import "testing"

// TestJujiangGame plays giant-general xiangqi through the bot: the giant's
// shift, a refused shift in its own words, a multi-capture, a chariot that
// takes the whole giant by one of its points, and the giant's check.
func TestJujiangGame(t *testing.T) {
	h := newHarness(t)
	playBoardGame(t, h, "jujiang", "", []boardLine{
		{who: "alice", text: "a4b4", want: "the giant shifts its whole block exactly two points", refused: true},
		{who: "alice", text: "a4c4", want: "Last move: a4c4"},
		{who: "bob", text: "l4j4", want: "Last move: l4j4"},
		{who: "alice", text: "d5d7", want: "Last move: c4c6"}, // typed from another point; takes c6 and d7
		{who: "bob", text: "c9c7", want: "Last move: c9c7"},   // the chariot takes the whole giant
		{who: "alice", text: "c3c4", want: "Last move: c3c4"},
	})
	h = newHarness(t)
	playBoardGame(t, h, "jujiang", "fen=6k6/13/6GG5/6GG2r2/13/13/13/13/13/5K7 b", []boardLine{
		{who: "bob", text: "g9g8", want: "you are in check", refused: true},
		{who: "bob", text: "k6h6", want: "Last move: k6h6"},
	})
}

// TestJujiangRules: /rules explains the giant in the three languages with its
// example move.
func TestJujiangRules(t *testing.T) {
	h := newHarness(t)
	for _, c := range [][2]string{{"en", "Giant 巨帥 G"}, {"zh-Hant", "巨帥 G：佔 2×2 四個點位"}, {"zh-Hans", "巨帅 G：占 2×2 四个点位"}} {
		h.say("admin", "/settings language "+c[0])
		mustContain(t, h.say("alice", "/rules jujiang"), c[1], "a4c4")
	}
	h.say("admin", "/settings language en")
	mustContain(t, h.say("alice", "/new jujiang fuhe @bob"), "proposes a game of", "face-down reserves")
}
