package bot

import (
	"regexp"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/internal/langcheck"
)

// fenTextBoard is a legal xiangqi board with the kings apart; the bad FENs of
// TestFENErrorsInEveryLanguage spoil it one thing at a time.
const fenTextBoard = "3k5/9/9/9/9/9/9/9/9/4K4"

// TestFENErrorsInEveryLanguage types bad FENs of each kind the core refuses
// (rules.FENError.Key) in an English, a zh-Hant and a zh-Hans chat: each chat
// reads the reason in its language, and the Chinese chats no English word but
// the letters of the FEN typed. (A side to move or a capture clock that is not
// a FEN field at all is not typed: /new reads it as a word of its own.)
func TestFENErrorsInEveryLanguage(t *testing.T) {
	cases := []struct {
		slug, fen      string
		en, hant, hans string
	}{
		{"xiangqi", "3k5/9 w", "the board has 2 ranks but needs 10", "棋盤寫了 2 行，需要 10 行", "棋盘写了 2 行，需要 10 行"},
		{"xiangqi", "3k5/9/9/9/9/9/9/9/8/4K4 w", "rank 1 has 8 points but needs 9", "第 1 行有 8 個點，需要 9 個", "第 1 行有 8 个点，需要 9 个"},
		{"xiangqi", "3k5/9/9/9/9/9/9/9/5R5/4K4 w", "rank 1 has more than 9 points", "第 1 行超過 9 個點", "第 1 行超过 9 个点"},
		{"xiangqi", "3k5/9/9/9/9/9/9/9/8J/4K4 w", "rank 1: this game has no piece letter J (its pieces: K=general A=advisor",
			"第 1 行：這個棋種沒有棋子字母 J（棋子有：K=帥 A=仕", "第 1 行：这个棋种没有棋子字母 J（棋子有：K=帅 A=仕"},
		{"xiangqi", "3k5/9/9/9/9/9/9/9/8*/4K4 w", "rank 1: * (face down) must come before a piece letter",
			"第 1 行：*（暗子）後面要跟棋子字母", "第 1 行：*（暗子）后面要跟棋子字母"},
		{"xiangqi", "3k5/9/9/9/9/9/9/9/NNN6/4K4 w", "Red has 3 horses, but at most 2 are allowed", "紅方有 3 個馬，最多只能有 2 個", "红方有 3 个马，最多只能有 2 个"},
		{"xiangqi", "3k5/9/9/9/9/9/9/9/9/A3K4 w", "Red's advisor cannot stand on a0", "紅方的仕不能站在 a0", "红方的仕不能站在 a0"},
		{"xiangqi", "3k5/3R5/9/9/9/9/9/9/9/4K4 w", "Black is in check although it is not Black's move", "黑方正被將軍，但現在不是黑方走", "黑方正被将军，但现在不是黑方走"},
		{"xiangqi", "3k5/9/9/9/9/9/9/9/9/9 w", "Red has no general", "紅方沒有將帥", "红方没有将帅"},
		{"xiangqi", "3k5/9/9/9/9/9/9/9/9/KKKKKKKKK w", "Red has too many generals", "紅方的將帥太多", "红方的将帅太多"},
		{"xiangqi", fenTextBoard + " w - - 99999", "the capture clock (field 5) 99999 is not a number from 0 to 10000", "吃子計數（第 5 欄）99999 不是 0 到 10000 之間的整數",
			"吃子计数（第 5 栏）99999 不是 0 到 10000 之间的整数"},
		{"xiangqi", fenTextBoard + " w - - 0 0", "the move number (field 6) 0 is not a number from 1 to 100000", "回合數（第 6 欄）0 不是 1 到 100000 之間的整數",
			"回合数（第 6 栏）0 不是 1 到 100000 之间的整数"},
		{"xiangqi", fenTextBoard + " w a -", "field 3 must be - in this game, not a", "這個棋種的第 3 欄要寫 -，不能寫 a", "这个棋种的第 3 栏要写 -，不能写 a"},
		{"xiangqi", fenTextBoard + " w - - 0 1 zz=1", "this game has no field zz=", "這個棋種沒有 zz= 欄位", "这个棋种没有 zz= 栏位"},
		{"xiangqi", fenTextBoard + " w seats=2", "seats=2: write seats=1 (the second player plays Red)", "seats=2：要寫 seats=1（後手執紅）", "seats=2：要写 seats=1（后手执红）"},
		{"xiangqi", fenTextBoard + "[R] w", "this game has no pieces in hand, like [R]", "這個棋種沒有手中的棋子，不能寫 [R]", "这个棋种没有手中的棋子，不能写 [R]"},
	}
	for _, lang := range []string{"en", "zh-Hant", "zh-Hans"} {
		t.Run(lang, func(t *testing.T) {
			h := newHarness(t)
			h.say("admin", "/settings language "+lang)
			for _, c := range cases {
				want := map[string]string{"en": c.en, "zh-Hant": c.hant, "zh-Hans": c.hans}[lang]
				out := text(h.say("alice", "/new "+c.slug+" @bob fen="+c.fen))
				if !strings.Contains(out, want) {
					t.Errorf("%s: got\n%s\nwant %q", c.fen, out, want)
				}
				if lang == "en" {
					continue
				}
				if words := langcheck.EnglishWords(out, fenWords(c.fen+" "+out)); len(words) > 0 {
					t.Errorf("%s: English words %q in\n%s", c.fen, words, out)
				}
			}
		})
	}
}

// fenWordRE finds the FENs in a text: the one typed and the start position
// the refusal shows as an example.
var fenWordRE = regexp.MustCompile(`fen=\S+(?: [a-z0-9=,-]+)*`)

// fenWords are the lowercase words of the FENs in text, which a Chinese chat
// may read: piece letters and field names.
func fenWords(text string) map[string]bool {
	words := map[string]bool{}
	for _, fen := range fenWordRE.FindAllString("fen="+text, -1) {
		for _, w := range strings.FieldsFunc(fen, func(r rune) bool { return r < 'a' || r > 'z' }) {
			words[w] = true
		}
	}
	return words
}
