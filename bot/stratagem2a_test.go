package bot

import (
	"strings"
	"testing"
)

// Issue 16 (stratagem pieces, part 2a) in the console: each complete named
// game of the part, from the start or from a position given by fen=, with
// each of its pieces' special powers used once and the refusals said in the
// piece's own terms.
var stratagem2aGames = []struct {
	name, setup string
	// moves alternate alice (Red) and bob (Black); a move written "!text"
	// is refused with a reason containing the part after the "=".
	moves []string
}{
	// 釜 on e1 freezes; Black turns its general face-down (e9e9) and up again;
	// 連 jumps the cannon on h3 (g2i4) and takes it.
	{"zhanguo-spoils", "zhanguo-spoils", []string{"c1e1", "h7h3=Black may not move these while the 釜 on e1 stands: cannon h3", "g1g2",
		"!h3h8=frozen by the 釜 on e1", "e9e9=Black turns its general face-down", "g2i4=Black loses: cannon h3", "e9e9=Black turns its general face-up"}},
	// 殼 jumps c3 (c2c4); the general mounts its 走 (e0e1), the stack moves
	// (e1e2) and the general steps off (Ke2d2).
	{"zhanbei", "zhanbei fen=rnbakabnr/2x3y2/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/2X3Y2/RN1AK1BNR w", []string{
		"c1c2", "a6a5", "c2c4", "i6i5", "g1f1", "a9a7", "f1e1", "i9i7", "e0e1", "h9g7", "e1e2", "b9c7", "Ke2d2"}},
	// 關 and 上 trap the black pieces in Red's half and palace; 關 takes the
	// chariot behind it (c2c1).
	{"zhanzhen", "zhanzhen fen=3k5/9/9/9/9/9/r8/9/2X1n1Y2/4K4 w", []string{"c1c2",
		"!e1g0=took the ladder away", "!a3a5=shuts the door", "a3a1", "g1g2", "a1c1", "c2c1"}},
	// The 混 disturbs the chariot (it cannot take) and takes it, one of two.
	{"zhanshu", "zhanshu fen=4k4/9/9/9/3r1n3/4Y4/3N5/2X6/9/3K5 b", []string{
		"!d5d3=disturbed by the 混 on e4", "e9f9", "e4d5", "f9e9", "c2e0"}},
	// The 假 takes the horse into the reserve (g1h0) and puts it back (N*h0).
	{"zhanshi", "zhanshi", []string{"g1h0", "a6a5", "h0h1", "i6i5", "N*h0"}},
}

func TestStratagem2aConsole(t *testing.T) {
	for _, gm := range stratagem2aGames {
		t.Run(gm.name, func(t *testing.T) {
			h := newHarness(t)
			mustContain(t, h.say("alice", "/new "+gm.setup+" @bob"), "game #1")
			mustContain(t, h.say("bob", "/accept"), "Game #1 begins")
			who := []string{"alice", "bob"}
			if strings.HasSuffix(gm.setup, " b") {
				who = []string{"bob", "alice"}
			}
			i := 0
			for _, m := range gm.moves {
				mv, want, _ := strings.Cut(m, "=")
				if refused, ok := strings.CutPrefix(mv, "!"); ok {
					got := h.say(who[i%2], refused)
					mustContain(t, got, "not allowed")
					if want != "" {
						mustContain(t, got, want)
					}
					continue
				}
				got := h.say(who[i%2], mv)
				if s := text(got); strings.Contains(s, "not allowed") || strings.Contains(s, "cannot") {
					t.Fatalf("move %d %s refused: %s", i+1, mv, s)
				}
				mustContain(t, got, "Last move: "+mv)
				if want != "" {
					mustContain(t, got, want)
				}
				i++
			}
			mustContain(t, h.say(who[i%2], "/resign"), "resign")
		})
	}
}

func TestStratagem2aRules(t *testing.T) {
	h := newHarness(t)
	mustContain(t, h.say("alice", "/rules zhanguo-spoils"), "釜 (FU, 19)", "e0e0", "連 (LA, 35)", "c4e4c6c4")
	mustContain(t, h.say("alice", "/rules zhanbei"), "殼 (QO, 21)", "走 (ZO, 36)", "Ke2e3")
	mustContain(t, h.say("alice", "/rules sanshiliuji JA"), "假 (JA, 27)", "HU*g1")
	mustContain(t, h.say("alice", "/new sanshiliuji FU @carol"), "Thirty-Six Stratagems: FU")
	mustContain(t, h.say("alice", "/new sanshiliuji HU QI @carol"), "Thirty-Six Stratagems: HU QI")
	mustContain(t, h.say("alice", "/new sanshiliuji FU LA ZO @carol"), "one or two pieces")
	h.say("admin", "/settings language zh-Hant")
	mustContain(t, h.say("alice", "/rules zhanzhen"), "關（GU，22）", "上（SA，28）")
	h.say("admin", "/settings language zh-Hans")
	mustContain(t, h.say("alice", "/rules zhanshu"), "混（HU，20）", "混扰", "牵（QI，12）")
}
