package bot

import (
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Guides: chat-sized explanations of variants and options for /rules, a few
// lines with example moves, in every language. New variants and options bring
// their own (rules.Variant.Guide, variants.Option.Guide); the map below holds the
// older ones until they move there. A variant or option without a guide is
// explained by its English summary (rules.Variant.Summary,
// variants.Option.Summary). TestGuides plays every example move.

// guides by variant slug or option name. The fuhe guide takes arguments (the
// corner points depend on the base): Red's points, Black's points, a setup answer
// of Red, and Red's first corner point.
var guides = map[string]msg{
	"jinchan": {
		"Xiangqi on an 11×12 board, 20 pieces a side. What is new:\n" +
			"• Two generals each. Before the game you tell me privately which one is real (/setup real g0); the other is a decoy that looks the same. Until you reveal, neither may be left in check.\n" +
			"• reveal (free: you still move after it) shows everybody which one is real; the decoy becomes a guard 衛. When reveal is your only legal move, it is made for you (a forced reveal). Only the real general can be mated.\n" +
			"• Cicada 蟬 J: slides straight to an empty point (h2h5), captures one step diagonally.\n" +
			"• Horse: 日 as usual (b0c2), or 目, 1 across and 3 along with both legs empty, never capturing (b0c3 once b2 is empty). A 目 move onto a lone enemy piece rides it and pins it: the stack (Nj) after c3f4 onto a cicada on f4.\n" +
			"• The cannon also jumps an adjacent diagonal screen (e4g6); a crossed soldier may exchange with the enemy right behind it (e7e6, both leave); a chariot on a palace diagonal with its own piece right behind it captures along the line (弦車).\n" +
			"• If Red opens b2b11 (cannon takes horse), Black may answer with a horse move plus one more move (遁馬; pass skips it).",
		"11×12 的棋盤，每方 20 子。與象棋不同之處：\n" +
			"• 每方兩個帥（將）。開局前私下告訴我哪個是真的（/setup real g0），另一個是外表相同的替身。現身之前兩個都不能被將軍。\n" +
			"• reveal（現身，不算一步，之後照常走棋）向大家亮明真帥，替身變成衛。若除了現身無棋可走，我替你現身（被迫現身）。只有真帥能被將死。\n" +
			"• 蟬 J：直走到空點（h2h5），斜走一步吃子。\n" +
			"• 馬：走日（b0c2），或走目：橫一直三，兩個馬腳都要空，不能吃子（b2 空了之後 b0c3）。目步落在對方單獨的棋子上就騎上去壓住它：c3f4 騎上 f4 的蟬，成為疊子 (Nj)。\n" +
			"• 炮還可隔相鄰的斜向炮架跳一格（e4g6）；過河兵可與正後方的敵子同歸（e7e6，兩子都離開棋盤）；車在九宮斜線上、正後方有己方棋子時可沿線吃子（弦車）。\n" +
			"• 紅方若以 b2b11（炮打馬）開局，黑方可走一步馬再多走一步（遁馬；pass 跳過）。",
		"11×12 的棋盘，每方 20 子。与象棋不同之处：\n" +
			"• 每方两个帅（将）。开局前私下告诉我哪个是真的（/setup real g0），另一个是外表相同的替身。现身之前两个都不能被将军。\n" +
			"• reveal（现身，不算一步，之后照常走棋）向大家亮明真帅，替身变成卫。若除了现身无棋可走，我替你现身（被迫现身）。只有真帅能被将死。\n" +
			"• 蝉 J：直走到空点（h2h5），斜走一步吃子。\n" +
			"• 马：走日（b0c2），或走目：横一直三，两个马脚都要空，不能吃子（b2 空了之后 b0c3）。目步落在对方单独的棋子上就骑上去压住它：c3f4 骑上 f4 的蝉，成为叠子 (Nj)。\n" +
			"• 炮还可隔相邻的斜向炮架跳一格（e4g6）；过河兵可与正后方的敌子同归（e7e6，两子都离开棋盘）；车在九宫斜线上、正后方有己方棋子时可沿线吃子（弦车）。\n" +
			"• 红方若以 b2b11（炮打马）开局，黑方可走一步马再多走一步（遁马；pass 跳过）。"},
	"fuhe": {
		"Face-down reserves (覆合, option fuhe):\n" +
			"• Before the game each player privately puts two extra pieces face down on their corner points (%[1]s for Red, %[2]s for Black): /setup %[3]s (Chinese works too: 車, 炮). The setup question lists the pieces you may choose.\n" +
			"• A face-down piece cannot move, capture or be taken, but it blocks like any piece. Everybody sees it as X; only its owner knows what it is.\n" +
			"• On your turn, instead of moving, %[4]s%[4]s (or flip %[4]s) turns it face up. Everybody is told what it is, and from then on it is an ordinary piece.",
		"覆合（選項 fuhe）：\n" +
			"• 開局前雙方各自私下把兩枚額外的棋子反面朝上放在自己的山角（紅方 %[1]s，黑方 %[2]s）：/setup %[3]s（也可寫中文：車、炮）。暗設提問會列出可選的棋子。\n" +
			"• 暗子不能走、不能吃子、也不能被吃，但像其他棋子一樣擋路。大家只看到 X，只有主人知道它是什麼。\n" +
			"• 輪到你時可以不走棋，改用 %[4]s%[4]s（或 flip %[4]s、翻%[4]s）把它翻開。大家都會知道它是什麼，之後它就是普通的棋子。",
		"覆合（选项 fuhe）：\n" +
			"• 开局前双方各自私下把两枚额外的棋子反面朝上放在自己的山角（红方 %[1]s，黑方 %[2]s）：/setup %[3]s（也可写中文：車、炮）。暗设提问会列出可选的棋子。\n" +
			"• 暗子不能走、不能吃子、也不能被吃，但像其他棋子一样挡路。大家只看到 X，只有主人知道它是什么。\n" +
			"• 轮到你时可以不走棋，改用 %[4]s%[4]s（或 flip %[4]s、翻%[4]s）把它翻开。大家都会知道它是什么，之后它就是普通的棋子。"},
}

// guideText is the text of guide m in lang.
func guideText(lang Lang, m msg) string {
	switch lang {
	case ZhHant:
		return m.hant
	case ZhHans:
		return m.hans
	}
	return m.en
}

// variantGuide explains base variant v in lang: its guide, or its summary.
func variantGuide(lang Lang, v *rules.Variant) string {
	if m, ok := guides[v.Slug]; ok {
		return guideText(lang, m)
	}
	if !v.Guide.IsZero() {
		return v.Guide.Or(string(lang))
	}
	return v.Summary
}

// optionGuide explains option name on variant v (the base with its options) in
// lang: its guide, or summary as the registry gives it.
func optionGuide(lang Lang, name, summary string, guide rules.Texts, v *rules.Variant) string {
	m, ok := guides[name]
	if !ok {
		if !guide.IsZero() {
			return guide.Or(string(lang))
		}
		return summary
	}
	if name == "fuhe" {
		red, black, ok := cornerPoints(v)
		if !ok {
			return summary
		}
		answer := red[0] + "=R " + red[1] + "=C"
		return fmt.Sprintf(guideText(lang, m), lang.pair(red), lang.pair(black), answer, red[0])
	}
	return guideText(lang, m)
}

// cornerPoints reads each side's corner points of a face-down game from the
// setup questions' example answers ("a2=R i2=P").
func cornerPoints(v *rules.Variant) (red, black []string, ok bool) {
	cs, err := rules.SecretChoices(v, "")
	if err != nil {
		return nil, nil, false
	}
	for _, c := range cs {
		var pts []string
		for _, w := range strings.Fields(c.Example) {
			if sq, _, found := strings.Cut(w, "="); found {
				pts = append(pts, sq)
			}
		}
		if c.Side == rules.Red {
			red = pts
		} else {
			black = pts
		}
	}
	return red, black, len(red) == 2 && len(black) == 2
}

// pair writes two items: "a2 and i2", "a2、i2".
func (l Lang) pair(items []string) string {
	if l.chinese() {
		return strings.Join(items, "、")
	}
	return strings.Join(items, " and ")
}
