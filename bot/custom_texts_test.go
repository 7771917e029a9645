package bot

import (
	"strings"
	"testing"

	"github.com/chuhe/chuhe/internal/langcheck"
)

// TestCustomPiecesChineseChats: in a zh-Hant and a zh-Hans chat, /new with
// bad players' pieces is refused in the chat's script, a good one is
// proposed, and /rules explains the pieces: no English word anywhere but the
// movement codes typed.
func TestCustomPiecesChineseChats(t *testing.T) {
	// The codes of the definitions below, as langcheck sees them (lower case),
	// the option's key, and Betza, the name of the notation the codes follow.
	codes := map[string]bool{"piece": true, "mrpr": true, "mfw": true, "cff": true, "mcr": true, "betza": true}
	for _, lang := range []string{"zh-Hant", "zh-Hans"} {
		t.Run(lang, func(t *testing.T) {
			h := newHarness(t)
			var all []sent
			say := func(user, text string) { all = append(all, h.say(user, text)...) }
			say("admin", "/settings language "+lang)
			for _, bad := range []string{
				"Q:R+X@c1",    // no movement letter
				"K:R@c1",      // the general's letter
				"Q:R@c9",      // Black's half
				"Q:mcR@c1",    // move only and capture only
				"Q:nR@c1",     // a ride cannot be blocked
				"Q:R@c0",      // a point taken at the start
				"Q:R",         // no start point
				"Q后:mRpR+@c1", // a good code, a trailing +: fine
			} {
				say("alice", "/new xiangqi piece="+bad+" @bob")
			}
			say("alice", "/new xiangqi piece=Q后:mRpR+nN@c1;Y:mfW+cfF@b3,h3 @bob")
			say("alice", "/rules xiangqi piece=Q后:mRpR+nN@c1;Y:mfW+cfF@b3,h3")
			want := map[string][]string{
				"zh-Hant": {"R+X 中的「X」：X 不是走法字母", "字母 K 已經代表帥", "c9 在黑方的半邊", "不能同時用",
					"只配跳的字母", "開局時 c0", "請在 @ 後面寫出棋子的開局位置", "自創棋子：Q（后）開局在 c1",
					"直走隔一子吃，如炮", "走日字（中途有子就被擋住", "只走不吃（f：只進）"},
				"zh-Hans": {"R+X 中的「X」：X 不是走法字母", "字母 K 已经代表帅", "c9 在黑方的半边", "不能同时用",
					"只配跳的字母", "开局时 c0", "请在 @ 后面写出棋子的开局位置", "自创棋子：Q（后）开局在 c1",
					"直走隔一子吃，如炮", "走日字（中途有子就被挡住", "只走不吃（f：只进）"},
			}[lang]
			mustContain(t, all, want...)
			for _, s := range all {
				if w := langcheck.EnglishWords(s.Msg.Text, codes); len(w) > 0 {
					t.Errorf("English %q in a %s chat:\n%s", w, lang, s.Msg.Text)
				}
				if strings.Contains(s.Msg.Text, "piece Q") || strings.Contains(s.Msg.Text, "piece Y") {
					t.Errorf("the pieces' English names in a %s chat:\n%s", lang, s.Msg.Text)
				}
			}
			if testing.Verbose() {
				for _, s := range all {
					t.Log(s.Msg.Text)
				}
			}
		})
	}
}

// TestOptionErrorNamesTheOptionOnce: an option's error that begins with the
// option as typed is not prefixed with it a second time; with several pieces
// given, the module's own pointer to the wrong one stays.
func TestOptionErrorNamesTheOptionOnce(t *testing.T) {
	h := newHarness(t)
	one := h.say("alice", "/new xiangqi piece=Q:R@c0 @bob")
	mustContain(t, one, "cannot be played with piece=Q:R@c0: c0 (or Black's mirrored point g9) is not empty")
	two := h.say("alice", "/new xiangqi piece=Q:R@c0;Y:K@b1 @bob")
	mustContain(t, two, "cannot be played with piece=Q:R@c0;Y:K@b1: piece=Q:R@c0: c0")
}
