package bot

import (
	"strings"
	"testing"
)

// The board variants of seed 004 in the chat: a short game of each through the
// bot that uses every special rule at least once, /rules in the three
// languages, and the options each allows or refuses.

// boardLine is one message of a test game: who says text, and what the answer
// must hold; a line with refused set must be refused.
type boardLine struct {
	who, text, want string
	refused         bool
}

// playBoardGame plays a game of slug (with the /new arguments extra) between
// alice (Red) and bob, line by line.
func playBoardGame(t *testing.T, h *harness, slug, extra string, lines []boardLine) []sent {
	t.Helper()
	out := h.say("alice", strings.TrimSpace("/new "+slug+" @bob "+extra))
	id := gameIDIn(t, out)
	mustContain(t, h.say("bob", "/accept "+id), "begins")
	for _, l := range lines {
		out = h.say(l.who, l.text)
		if l.want != "" {
			mustContain(t, out, l.want)
		}
		if refused := strings.Contains(text(out), "is not allowed"); refused != l.refused {
			t.Errorf("%s %s: refused %v: %s", slug, l.text, refused, text(out))
		}
	}
	return out
}

func TestBoardVariantGames(t *testing.T) {
	t.Run("weiguo", func(t *testing.T) {
		h := newHarness(t)
		playBoardGame(t, h, "weiguo", "", []boardLine{
			{who: "alice", text: "c1d4", want: "Last move: c1d4"}, // mule 目
			{who: "bob", text: "f8f6", want: "Last move: f8f6"},   // guard inside the palace
			{who: "alice", text: "d1h1", want: "the guard must stay inside its palace", refused: true},
			{who: "alice", text: "c0a2", want: "Last move: c0a2"},
			{who: "bob", text: "g9e7", want: "Last move: g9e7"},
			{who: "alice", text: "a2d5", want: "Last move: a2d5"}, // a 3-point elephant step across the river
		})
	})
	t.Run("bianfang", func(t *testing.T) {
		h := newHarness(t)
		lines := []boardLine{
			{who: "alice", text: "e3e4"}, {who: "bob", text: "a9a8"},
			{who: "alice", text: "f0e1"}, {who: "bob", text: "a8a9"},
			{who: "alice", text: "e1d2"}, {who: "bob", text: "a9a8"},
			{who: "alice", text: "d2e3", want: "never stops there", refused: true},
			{who: "alice", text: "d2f4", want: "Last move: d2f4"}, // the long step onto a border point
			{who: "bob", text: "a8a9"},
		}
		for i, m := range []string{"c3c4", "c4c5", "c5d5", "g3g4", "g4g5"} {
			lines = append(lines, boardLine{who: "alice", text: m}, boardLine{who: "bob", text: []string{"a9a8", "a8a9"}[i%2]})
		}
		out := playBoardGame(t, h, "bianfang", "", append(lines, boardLine{who: "alice", text: "g5f5"}))
		mustContain(t, out, "two soldiers on the enemy border points") // the variant's words for its goal
	})
	t.Run("jianghe", func(t *testing.T) {
		h := newHarness(t)
		playBoardGame(t, h, "jianghe", "", []boardLine{
			{who: "alice", text: "b2b9"}, {who: "bob", text: "h11h4"},
			{who: "alice", text: "b9b5"}, {who: "bob", text: "b11b8"},
			{who: "alice", text: "b5e8", want: "Last move: b5e8"}, // a cannon's diagonal move inside the middle
			{who: "bob", text: "pass", want: "only ends a turn of the middle rule", refused: true},
			{who: "bob", text: "d13e12", want: "Last move: d13e12"},
		})
		h = newHarness(t)
		playBoardGame(t, h, "jianghe", "fen=5k3/9/9/8r/9/9/9/R8/2N6/9/9/9/9/3K5 w", []boardLine{
			{who: "alice", text: "a6a8", want: "Last move: a6a8"}, // the middle rule: two moves
			{who: "alice", text: "a8b8", want: "must be made with another piece", refused: true},
			{who: "alice", text: "c5d7", want: "Last move: c5d7"},
			{who: "bob", text: "i10i9", want: "Last move: i10i9"},
			{who: "alice", text: "a8a13", want: "Last move: a8a13"},
			{who: "alice", text: "pass", want: "Last move: pass"},
		})
	})
	t.Run("jianshou", func(t *testing.T) {
		h := newHarness(t)
		playBoardGame(t, h, "jianshou", "", []boardLine{
			{who: "alice", text: "b2b9@s3", want: "Last move: b2b9@s3"}, // the capturer picks the zone point
			{who: "bob", text: "a9b9", want: "Last move: a9b9"},         // the cannon goes to Red's zone (w6)
			{who: "alice", text: "h2e2"},
			{who: "bob", text: "s3s1", want: "Last move: s3s1"}, // a zone step
			{who: "alice", text: "a0a1"},
			{who: "bob", text: "s1i8", want: "Last move: s1i8"}, // the horse enters the board again
			{who: "alice", text: "a1w1", want: "no piece may enter a recovery zone", refused: true},
			{who: "alice", text: "w6w4", want: "Last move: w6w4"},
		})
	})
	t.Run("yunduan", func(t *testing.T) {
		h := newHarness(t)
		playBoardGame(t, h, "yunduan", "", []boardLine{
			{who: "alice", text: "a0c0", want: "Last move: a0c0"}, // cloud swap: the elephant is freed on a0
			{who: "bob", text: "g9i9", want: "Last move: g9i9"},
			{who: "alice", text: "i3j3"}, // a soldier sideways onto the mountain
			{who: "bob", text: "i6j6"},
			{who: "alice", text: "j3j6", want: "Last move: j3j6"}, // through the pass, capturing
			{who: "bob", text: "j9j6", want: "Last move: j9j6"},   // the 雲 takes back
			{who: "alice", text: "a0c2", want: "Last move: a0c2"},
			{who: "bob", text: "a6b5"},
			{who: "alice", text: "c2e4"},
			{who: "bob", text: "b5c4"},
			{who: "alice", text: "e4c6", want: "Last move: e4c6"}, // the freed elephant crosses the river
			{who: "bob", text: "e6e5", want: "the soldier may do that only within the mountain file", refused: true},
		})
	})
	t.Run("supply", func(t *testing.T) {
		h := newHarness(t)
		playBoardGame(t, h, "supply", "", []boardLine{
			{who: "alice", text: "i4i5"}, {who: "bob", text: "c7c6"},
			{who: "alice", text: "i5i6"}, {who: "bob", text: "c6c5"},
			{who: "alice", text: "i6h6"}, {who: "bob", text: "g7g6"},
			{who: "alice", text: "i1i7"}, {who: "bob", text: "b10c8"},
			{who: "alice", text: "i7i10"}, {who: "bob", text: "a7a6"},
			{who: "alice", text: "i10i11", want: "Last move: i10i11"}, // exchange with the grain
			{who: "bob", text: "a11b11", want: "Last move: a11b11"},   // a supply piece steps along its line
			{who: "alice", text: "a1a0", want: "only supply pieces stand on a supply line", refused: true},
		})
	})
}

// TestBoardVariantRules: /rules explains each variant in the three languages
// with its example moves, and /new takes the options each allows and refuses
// the others with the reason.
func TestBoardVariantRules(t *testing.T) {
	h := newHarness(t)
	want := map[string][3]string{
		"weiguo":   {"d1d3", "十八宮", "十八宫"},
		"bianfang": {"d2f4", "邊防點", "边防点"},
		"jianghe":  {"c5d7", "中部規則", "中部规则"},
		"supply":   {"a5a11", "補給棋", "补给棋"},
		"jianshou": {"b2b9@s3", "恢復區", "恢复区"},
		"yunduan":  {"j3j6", "雲端換位", "云端换位"},
	}
	for i, lang := range []string{"en", "zh-Hant", "zh-Hans"} {
		h.say("admin", "/settings language "+lang)
		for slug, w := range want {
			out := h.say("alice", "/rules "+slug)
			mustContain(t, out, w[i], "/new "+slug)
			if strings.ContainsRune(text(out), '\uFFFD') {
				t.Errorf("/rules %s (%s) shows a broken character", slug, lang)
			}
		}
	}
	h.say("admin", "/settings language en")
	for slug := range want {
		mustContain(t, h.say("alice", "/new "+slug+" fuhe @bob"), "proposes a game of", "face-down reserves")
		mustContain(t, h.say("alice", "/new "+slug+" river-elephant @bob"), "cannot be played with", "a house rule of xiangqi")
	}
}

// TestBoardZoneRefusalsInChinese: the zones of the board variants are named in
// the chat's language in refusals.
func TestBoardZoneRefusalsInChinese(t *testing.T) {
	h := newHarness(t)
	playBoardGame(t, h, "jianghe", "fen=4k4/9/9/9/9/4n4/9/2R6/9/R8/9/9/9/3K5 w", nil)
	h.say("admin", "/settings language zh-Hant")
	mustContain(t, h.say("alice", "c6e4"), "車必須留在中場內")
	h.say("admin", "/settings language zh-Hans")
	mustContain(t, h.say("alice", "a4b5"), "只有在中场内才能这样走")
}
