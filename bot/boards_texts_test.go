package bot

import (
	"strings"
	"testing"
)

// The boards of seed 004 in Chinese chats: land-battle (luzhan) and
// third-generation (disandai) games with wrong setup answers, refused moves,
// announcements of captured hidden pieces and of flips, a goal and the
// disclosure at the end.

// boardsLatin are the Latin words these games may show besides allowedLatin:
// the variants' slugs and the FEN fields a player may type.
var boardsLatin = map[string]bool{"disandai": true, "backs": true, "flagtaken": true}

// boardsScript plays the two games in a chat of language lang and returns
// every reply.
func boardsScript(t *testing.T, lang string) []sent {
	t.Helper()
	h := newHarness(t)
	var all []sent
	say := func(user, text string) { all = append(all, h.say(user, text)...) }
	dm := func(user, text string) { all = append(all, h.dm(user, text)...) }
	say("admin", "/settings language "+lang)

	// luzhan: Red's 師 on d1 and h1 face Black's line; Black's bomb is on
	// d11 and its flag on h11.
	out := h.say("alice", "/new luzhan @bob side=red fen=3uuuuu3/4j6/11/11/11/11/11/11/11/11/3S1J1S3/3UUUUU3 w")
	all = append(all, out...)
	id := gameIDIn(t, out)
	say("bob", "/accept "+id)
	dm("alice", "/setup ZZZZZ") // not an arrangement
	dm("alice", "/setup ZDFDZ")
	dm("bob", "/setup ZDDZF")
	say("alice", "d0d1")  // a hidden piece never moves
	say("alice", "d1d11") // takes the bomb: both go
	say("bob", "e10e9")
	say("alice", "h1h11")  // takes the flag: the game is won
	say("carol", "/board") // the end, for everyone

	// disandai: alice's soldiers on a3 and b9 (backs 馬 and 車), her two
	// advisors; b9 is the horse's point, so a flip there misflips.
	out = h.say("alice", "/new disandai @bob side=red fen=1P1k5/9/9/9/9/9/P8/9/9/3AKA3 w")
	all = append(all, out...)
	id = gameIDIn(t, out)
	say("bob", "/accept "+id)
	dm("alice", "/setup NR")       // the advisors' key is missing
	dm("alice", "/setup NRB K=d0") // three letters for two soldiers
	dm("alice", "/setup NR K=d0")
	say("alice", "a3!") // not on the base line
	say("alice", "@d0") // not in check
	say("alice", "b9!") // a 車 back on the horse's point: misflipped
	say("bob", "d9d8")
	say("alice", "e0e1")  // the misflipped soldier must flip back first
	say("alice", "b9!")   // flips back
	say("alice", "/peek") // her private board and its notes
	say("bob", "/resign")
	say("bob", "/resign yes")
	return all
}

// TestBoardsChineseChatsHearNoEnglish: in zh-Hant and zh-Hans chats, the
// luzhan and disandai games above speak Chinese only: setup errors, refusals,
// the hidden pieces' announcements, flips, the goal and the disclosure.
func TestBoardsChineseChatsHearNoEnglish(t *testing.T) {
	want := map[string][]string{
		"zh-Hant": {"不是一種排法", "暗棋不能移動", "d11 的暗棋是炸彈", "h11 的暗棋是黑方的軍旗", "吃掉敵方軍旗",
			"請為你的仕寫 K=", "你有 2 個兵", "只有到達敵方底線的兵", "雙翻", "在不對應的點上翻 b9 的兵", "必須先翻回",
			"把 b9 翻錯的兵翻回", "你的背面：仕 d0：帥", "紅方的背面"},
		"zh-Hans": {"不是一种排法", "暗棋不能移动", "d11 的暗棋是炸弹", "h11 的暗棋是黑方的军旗", "吃掉敌方军旗",
			"请为你的仕写 K=", "你有 2 个兵", "只有到达敌方底线的兵", "双翻", "在不对应的点上翻 b9 的兵", "必须先翻回",
			"把 b9 翻错的兵翻回", "你的背面：仕 d0：帅", "红方的背面"},
	}
	for _, lang := range []string{"zh-Hant", "zh-Hans"} {
		t.Run(lang, func(t *testing.T) {
			all := boardsScript(t, lang)
			mustContain(t, all, want[lang]...)
			for _, s := range all {
				var english []string
				for _, w := range latinWords(s.Msg.Text) {
					if !boardsLatin[strings.ToLower(w)] {
						english = append(english, w)
					}
				}
				if len(english) > 0 {
					t.Errorf("English %q in a %s chat:\n%s", english, lang, s.Msg.Text)
				}
			}
		})
	}
}

// TestBoardsEnglishChatsHearTheModules: the same games in an English chat
// hear the modules' English words (the keys' first language).
func TestBoardsEnglishChatsHearTheModules(t *testing.T) {
	all := boardsScript(t, "en")
	mustContain(t, all, "is not an arrangement", "hidden pieces never move", "The hidden piece on d11 was a bomb (炸彈)",
		"The hidden piece on h11 was Black's flag (軍旗)", "capturing the enemy flag", "say K= for your advisors;",
		"you have 2 soldiers", "a flip is allowed for a soldier on the enemy base line", "a double flip",
		"flips the soldier on b9 on a wrong point: its back is a chariot (車)", "must flip back first",
		"Your backs: 仕 d0: 帥", "Red's backs: the advisor on d0 has a general (帥)", "the soldier on a3 has a horse (馬)")
}
