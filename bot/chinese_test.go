package bot

import (
	"testing"

	"github.com/chuhe/chuhe/internal/langcheck"
)

// latinWords returns the English words of s (langcheck.EnglishWords).
func latinWords(s string) []string { return langcheck.EnglishWords(s, nil) }

// TestChineseChatsHearNoEnglish plays jinchan (a setup with a wrong answer, a
// refused pass, reveals, a refused second reveal) and xiangqi with fuhe (a
// wrong setup answer, flips, refused flips) in a zh-Hant and a zh-Hans chat:
// no reply, public or private, has an English word.
func TestChineseChatsHearNoEnglish(t *testing.T) {
	needJinchan(t)
	for _, lang := range []string{"zh-Hant", "zh-Hans"} {
		t.Run(lang, func(t *testing.T) {
			h := newHarness(t)
			var all []sent
			say := func(user, text string) { all = append(all, h.say(user, text)...) }
			dm := func(user, text string) { all = append(all, h.dm(user, text)...) }
			say("admin", "/settings language "+lang)

			out := h.say("alice", "/new jinchan @bob")
			all = append(all, out...)
			id := gameIDIn(t, out)
			say("bob", "/accept "+id)
			dm("alice", "/setup real z99")
			dm("alice", "/setup real g0")
			dm("bob", "/setup real e11")
			say("alice", "pass")
			say("alice", "reveal")
			say("alice", "b0c2")
			say("bob", "reveal")
			say("bob", "h11h9")
			say("bob", "xyz")
			say("admin", "/abort #"+id)
			say("admin", "/abort yes")

			out = h.say("alice", "/new xiangqi fuhe @bob")
			all = append(all, out...)
			id = gameIDIn(t, out)
			say("bob", "/accept "+id)
			dm("alice", "/setup b2=R i2=R")
			dm("alice", "/setup a2=R a2=C")
			dm("alice", "/setup a2=R i2=C")
			dm("bob", "/setup a7=C i7=R")
			say("alice", "a7a7")
			say("alice", "炮三平五") // no cannon on file 3
			say("alice", "a2a2")
			say("bob", "a7a7")
			say("alice", "a2a2")

			out = h.say("alice", "/new banqi @bob")
			all = append(all, out...)
			id = gameIDIn(t, out)
			say("bob", "/accept "+id)
			say("bob", "a1a2 #"+id) // the opponent moves first; every piece lies face down
			say("bob", "flip a1 #"+id)
			say("alice", "flip h4 #"+id)

			out = h.say("alice", "/new luzhan @bob")
			all = append(all, out...)
			id = gameIDIn(t, out)
			say("bob", "/accept "+id)
			dm("alice", "/setup ZDFDZ")
			dm("bob", "/setup DZFZD")
			// The modules' own words reached the chat in its language.
			want := map[string][]string{
				"zh-Hant": {"哪個是真的", "pass 只用來跳過遁馬的第二步", "「z99」不是棋盤上的點", "只能翻自己的棋子", "已經翻開了", "a2 說了兩次", "a1 的棋子還蓋著", "第 3 路沒有炮", "請在你的最後防線"},
				"zh-Hans": {"哪个是真的", "pass 只用来跳过遁馬的第二步", "“z99”不是棋盘上的点", "只能翻自己的棋子", "已经翻开了", "a2 说了两次", "a1 的棋子还盖着", "第 3 路没有炮", "请在你的最后防线"},
			}[lang]
			mustContain(t, all, want...)
			for _, s := range all {
				if w := latinWords(s.Msg.Text); len(w) > 0 {
					t.Errorf("English %q in a %s chat:\n%s", w, lang, s.Msg.Text)
				}
			}
		})
	}
}
