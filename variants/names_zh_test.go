package variants

import (
	"strings"
	"testing"
)

// TestChineseNames: every variant and option has a Chinese name in both
// scripts; the simplified names of the games are the ones written below (so a
// character missing from hansChars shows), and no name built with an option
// keeps a traditional character hansChars knows.
func TestChineseNames(t *testing.T) {
	want := map[string]string{
		"animal-chess": "熊变斗兽棋", "animal-chess-snake": "加蛇国际斗兽棋", "banqi": "暗棋", "bianfang": "边防象棋",
		"block-chess": "异型方块棋", "cannon-chess": "加炮国际象棋", "changhe": "长河象棋", "disandai": "第三代象棋",
		"gongke": "攻克象棋", "heshan": "河山象棋", "jianghe": "江河象棋", "jianshou": "坚守象棋", "jieqi": "揭棋",
		"jinchan": "金蝉象棋", "jujiang": "巨将象棋", "luzhan": "陆战象棋", "ouya": "欧亚象棋",
		"sanshiliuji": "三十六计象棋", "shanhe": "山河象棋", "shanshui": "山水象棋", "shenniu": "神牛象棋",
		"supply": "补给象棋", "weiguo": "卫国象棋", "xiangqi": "象棋", "yizhi": "役志象棋", "yunduan": "云端象棋",
		"zhanbao": "战报象棋", "zhanbei": "战备象棋", "zhance": "战策象棋", "zhanchang": "战场象棋",
		"zhandou": "战斗象棋", "zhanfa": "战法象棋", "zhanguo": "战国象棋", "zhanguo-spoils": "战果象棋",
		"zhanhuo": "战火象棋", "zhanji": "战绩象棋", "zhanju": "战局象棋", "zhanli": "战例象棋",
		"zhanlue": "战略象棋", "zhanshi": "战事象棋", "zhanshu": "战术象棋", "zhanyi": "战役象棋",
		"zhanzhen": "战阵象棋", "zhanzheng": "战争象棋",
	}
	r := testRegistry()
	for _, v := range r.All() {
		w, ok := want[v.Slug]
		switch {
		case !ok:
			t.Errorf("%s (%s): no simplified name written in this test", v.Slug, v.NameZh)
		case v.NameZhHans != w:
			t.Errorf("%s: simplified name %q, want %q", v.Slug, v.NameZhHans, w)
		}
		if v.ChineseName(true) != v.NameZhHans || v.ChineseName(false) != v.NameZh {
			t.Errorf("%s: ChineseName gives %q and %q", v.Slug, v.ChineseName(true), v.ChineseName(false))
		}
	}
	for _, o := range r.Options() {
		if o.NameZh == "" || o.NameZhHans == "" {
			t.Errorf("option %s: Chinese names %q, %q", o.Name, o.NameZh, o.NameZhHans)
		}
		checkHans(t, "option "+o.Name, o.NameZhHans)
		for _, v := range r.All() {
			if built, err := r.Build(v.Slug, []string{o.Name}); err == nil {
				checkHans(t, v.Slug+" "+o.Name, built.NameZhHans)
			}
		}
	}
	if v, err := r.Build("bianfang", []string{"fuhe"}); err != nil || v.NameZhHans != "边防象棋（覆合）" {
		t.Errorf("bianfang fuhe: %v, simplified name %q", err, v.NameZhHans)
	}
	if v, err := r.Build("sanshiliuji", []string{"ma", "we"}); err != nil || !strings.Contains(v.NameZhHans, "三十六计") {
		t.Errorf("sanshiliuji ma we: %v, simplified name %q", err, v.NameZhHans)
	}
}

// checkHans fails when name is empty or still has a character hansChars turns
// into simplified script.
func checkHans(t *testing.T, what, name string) {
	t.Helper()
	if name == "" || hansName(name) != name {
		t.Errorf("%s: simplified name %q (%q)", what, name, hansName(name))
	}
}
