package bot

import "testing"

// TestChangheGame plays long-river xiangqi through the bot: a general left
// attacked while its player has two, its capture, control of the kingless
// colour (refused for its owner, played by the opponent, its soldier stepping
// backwards for its owner), the lone general's safety, facing generals,
// upgraded pieces and the checkmate of the last general.
func TestChangheGame(t *testing.T) {
	h := newHarness(t)
	playBoardGame(t, h, "changhe", "fen=4k7g5/18/18/18/13j4/18/15Z2/18/18/R2K9G3J w", []boardLine{
		{who: "alice", text: "a0a1", want: "Last move: a0a1"}, // the magenta general n0 stays attacked
		{who: "bob", text: "n5n0", want: "(check!)"},          // takes it; Black now moves Magenta; the lone king is in check
		{who: "alice", text: "r0q0", want: "moved by black", refused: true},
		{who: "alice", text: "d0e0", want: "your general on e0 is your only one", refused: true},
		{who: "alice", text: "d0d1", want: "Last move: d0d1"},
		{who: "bob", text: "p3p2", want: "Last move: p3p2"}, // the kingless soldier, forward for Black
		{who: "alice", text: "a1a9", want: "Last move: a1a9"},
		{who: "bob", text: "r0r1", want: "Last move: r0r1"}, // Magenta's chariot, moved by Black
	})
	h = newHarness(t)
	playBoardGame(t, h, "changhe", "fen=3C1k7g4/4a13/5a12/18/18/18/18/1N1R8J5/18/4K13 w", []boardLine{
		{who: "alice", text: "m2o0", want: "a chariot does not move like that", refused: true}, // kingless: no upgrade
		{who: "alice", text: "d2f0", want: "Last move: d2f0"},                                  // 全線車 on a palace diagonal
		{who: "bob", text: "f9f8", want: "Last move: f9f8"},
		{who: "alice", text: "b2c5", want: "Last move: b2c5"}, // 騾馬: a 目 leap
		{who: "bob", text: "f8f9", want: "Last move: f8f9"},
		{who: "alice", text: "d9f7", want: "Last move: d9f7"}, // 全線炮 takes over the palace centre
	})
	h = newHarness(t)
	playBoardGame(t, h, "changhe", "fen=4k7g5/18/18/18/18/18/18/18/18/R2K9G4 w", []boardLine{
		{who: "alice", text: "d0e0", want: "would face each other", refused: true},
	})
	h = newHarness(t)
	out := playBoardGame(t, h, "changhe", "fen=4k7g5/18/18/18/7r10/18/18/18/r17/3K14 b", []boardLine{
		{who: "bob", text: "h5h0", want: "Last move: h5h0"},
	})
	mustContain(t, out, "checkmate")
}

// TestChangheRules: /rules explains the variant in the three languages with
// its example moves.
func TestChangheRules(t *testing.T) {
	h := newHarness(t)
	for _, c := range [][2]string{{"en", "Control: a colour whose general is captured"}, {"zh-Hant", "控制：將帥被吃的那一色"}, {"zh-Hans", "控制：将帅被吃的那一色"}} {
		h.say("admin", "/settings language "+c[0])
		mustContain(t, h.say("alice", "/rules changhe"), c[1], "d2f0", "b2c5")
	}
}
