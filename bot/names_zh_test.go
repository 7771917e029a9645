package bot

import (
	"strings"
	"testing"
)

// TestSimplifiedNames: a zh-Hans chat reads the games' and options' names in
// simplified script (the challenge, the board caption, /variants, /rules), a
// zh-Hant chat in traditional script, and either name finds the game.
func TestSimplifiedNames(t *testing.T) {
	for _, c := range []struct {
		lang       string
		want, not  []string
		rulesByZh  string
		optionLine string
	}{
		{lang: "zh-Hans", want: []string{"陆战象棋", "欧亚象棋"}, not: []string{"陸戰象棋", "歐亞象棋"},
			rulesByZh: "陸戰象棋", optionLine: "• kill-horse — 杀惊／遁马"},
		{lang: "zh-Hant", want: []string{"陸戰象棋", "歐亞象棋"}, not: []string{"陆战象棋", "欧亚象棋"},
			rulesByZh: "陆战象棋", optionLine: "• kill-horse — 殺驚／遁馬"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			h := newHarness(t)
			h.say("admin", "/settings language "+c.lang)
			out := h.say("alice", "/new luzhan @bob")
			id := gameIDIn(t, out)
			out = append(out, h.say("bob", "/accept "+id)...)
			out = append(out, h.say("alice", "/variants")...)
			rules := h.say("alice", "/rules "+c.rulesByZh) // the other script's name finds the game too
			out = append(out, rules...)
			mustContain(t, out, c.want...)
			mustContain(t, out, c.optionLine)
			mustContain(t, rules, c.want[0])
			for _, n := range c.not {
				if strings.Contains(text(out), n) {
					t.Errorf("a %s chat reads %q:\n%s", c.lang, n, text(out))
				}
			}
		})
	}
}
