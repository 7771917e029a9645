package bot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

// TestGuideTextsComeFromTheVariant: a variant or option that brings its own
// /rules texts is explained in the chat's language, English where a
// translation is missing, and by its summary without any.
func TestGuideTextsComeFromTheVariant(t *testing.T) {
	v := *variants.Xiangqi()
	v.Slug = "guided"
	v.Summary = "summary"
	v.Guide = rules.Texts{}
	if got := variantGuide(ZhHant, &v); got != "summary" {
		t.Errorf("no guide: %q, want the summary", got)
	}
	v.Guide = rules.Texts{En: "english", Hant: "繁體"}
	for lang, want := range map[Lang]string{En: "english", ZhHant: "繁體", ZhHans: "english"} {
		if got := variantGuide(lang, &v); got != want {
			t.Errorf("variant guide in %s: %q, want %q", lang, got, want)
		}
	}
	opt := rules.Texts{En: "option", Hans: "选项"}
	if got := optionGuide(ZhHans, "summary", opt); got != "选项" {
		t.Errorf("option guide: %q", got)
	}
	if got := optionGuide(ZhHans, "summary", rules.Texts{}); got != "summary" {
		t.Errorf("option without guide: %q", got)
	}
}

// TestXiangqiRulesInEveryLanguage: /rules xiangqi explains the game in the
// chat's language (it used to show the English summary in Chinese chats).
func TestXiangqiRulesInEveryLanguage(t *testing.T) {
	h := newHarness(t)
	mustContain(t, h.say("alice", "/rules xiangqi"), "perpetual check and perpetual chase are forbidden")
	h.admins["alice"] = true
	h.say("alice", "/settings language zh-Hant")
	mustContain(t, h.say("alice", "/rules xiangqi"), "禁止長將與長捉")
	h.say("alice", "/settings language zh-Hans")
	mustContain(t, h.say("alice", "/rules xiangqi"), "禁止长将与长捉")
}

// TestBotNamesNoVariant: no Go file of the chat service names a variant or an
// option as a string: what differs between games comes from the registry and
// the variants' data, so a new variant needs no edit here.
func TestBotNamesNoVariant(t *testing.T) {
	reg := defaultRegistry()
	var names []string
	for _, v := range reg.All() {
		names = append(names, v.Slug)
	}
	// Options named by plain words (pool, rank, cannon) are commands and
	// words of the chat too; the ones named by a game's name are checked.
	names = append(names, "fuhe", "jieqi-captured")
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	sub, _ := filepath.Glob("*/*.go")
	for _, f := range append(files, sub...) {
		if strings.HasSuffix(f, "_test.go") || strings.Contains(f, "test/") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue
			}
			for _, n := range names {
				if strings.Contains(line, `"`+n+`"`) {
					t.Errorf("%s:%d names the variant or option %q", f, i+1, n)
				}
			}
		}
	}
}
