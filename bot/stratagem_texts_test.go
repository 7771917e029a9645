package bot

import (
	"strings"
	"testing"
)

// stratagemLatin are the Latin words a Chinese chat may read in the games of
// TestStratagemAndOuyaChatsHearNoEnglish besides allowedLatin: the games'
// slugs, and SAN's castling.
var stratagemLatin = map[string]bool{"zhanguo": true, "spoils": true, "zhanlue": true, "ouya": true}

// TestStratagemAndOuyaChatsHearNoEnglish plays two stratagem games (the 釜 and
// the 連 of zhanguo-spoils, from the start and from a FEN where a general
// turns face-down; the 遠 of zhanlue) and ouya (castling, a chess pawn, a
// shogi knight) in a zh-Hant and a zh-Hans chat, with refused moves: the
// modules' refusals reach the chat in its language and script, and no reply
// has an English word.
func TestStratagemAndOuyaChatsHearNoEnglish(t *testing.T) {
	for _, lang := range []string{"zh-Hant", "zh-Hans"} {
		t.Run(lang, func(t *testing.T) {
			h := newHarness(t)
			var all []sent
			say := func(user, text string) { all = append(all, h.say(user, text)...) }
			game := func(args string) {
				out := h.say("alice", "/new "+args)
				all = append(all, out...)
				id := gameIDIn(t, out)
				say("bob", "/accept "+id)
			}
			abort := func() {
				say("admin", "/abort")
				say("admin", "/abort yes")
			}
			say("admin", "/settings language "+lang)

			game("zhanguo-spoils @bob")
			say("alice", "e0e0") // no enemy 釜 on its own centre
			say("alice", "g1g3") // the 連 jumps over nothing
			say("alice", "g1g2")
			say("bob", "c8c7")
			abort()

			game("zhanguo-spoils @bob fen=4k4/4x4/R8/6P2/9/9/9/9/9/3K5 w")
			say("alice", "d0d0") // the general turns face-down
			say("bob", "e9f9")
			say("alice", "d0e0") // it cannot move face-down
			abort()

			game("zhanlue @bob fen=5k3/9/1n7/9/9/1X3n3/9/9/9/3K5 w")
			say("alice", "b4b7") // two horses among the 遠's targets
			abort()

			say("alice", "/new sanshiliuji FU LA ZO @bob") // three pieces: the option's own error

			game("ouya @bob")
			say("alice", "e1g1") // castling over pieces
			say("alice", "e2e4")
			say("bob", "b9b6") // not a shogi knight's jump
			say("bob", "e7e6")
			abort()

			want := map[string][]string{
				"zh-Hant": {"只有對方的釜站在它自己的九宮中心時", "連只能跳過棋子：g2 是空的", "你的將帥翻在背面",
					"遠的目標中有 2 枚馬", "易位需要王和 h1 的車之間的 f1、g1 都是空的", "桂只能向前跳兩格再偏一格",
					"不能加三枚"},
				"zh-Hans": {"只有对方的釜站在它自己的九宫中心时", "连只能跳过棋子：g2 是空的", "你的将帅翻在背面",
					"远的目标中有 2 枚马", "易位需要王和 h1 的车之间的 f1、g1 都是空的", "桂只能向前跳两格再偏一格",
					"不能加三枚"},
			}[lang]
			mustContain(t, all, want...)
			for _, s := range all {
				for _, w := range latinWords(s.Msg.Text) {
					if !stratagemLatin[strings.ToLower(w)] {
						t.Errorf("English %q in a %s chat:\n%s", w, lang, s.Msg.Text)
					}
				}
			}
		})
	}
}

// TestRulesNamesPiecesInTheChatsScript: /rules lists the pieces by their
// glyphs in a Chinese chat (simplified ones in a zh-Hans chat), with no English
// piece names, and by their English names in an English chat.
func TestRulesNamesPiecesInTheChatsScript(t *testing.T) {
	for lang, want := range map[string][]string{
		"en":      {"K 帥/將 general", "R 車 chariot"},
		"zh-Hant": {"K 帥/將", "R 車 ·"},
		"zh-Hans": {"K 帅/将", "R 车 ·"},
	} {
		t.Run(lang, func(t *testing.T) {
			h := newHarness(t)
			h.say("admin", "/settings language "+lang)
			out := h.say("alice", "/rules xiangqi")
			mustContain(t, out, want...)
			if lang == "en" {
				return
			}
			for _, s := range out {
				for _, w := range []string{"general", "chariot", "horse", "cannon", "soldier"} {
					if strings.Contains(s.Msg.Text, w) {
						t.Errorf("%q in a %s chat's /rules:\n%s", w, lang, s.Msg.Text)
					}
				}
			}
		})
	}
}
