package i18n

import "strings"

// Lang is a chat language.
type Lang string

// The languages of the catalog. A chat without a setting speaks English.
const (
	En     Lang = "en"
	ZhHant Lang = "zh-Hant" // traditional Chinese
	ZhHans Lang = "zh-Hans" // simplified Chinese
)

// Langs lists the catalog's languages in the order /settings shows them.
func Langs() []Lang { return []Lang{En, ZhHant, ZhHans} }

// Parse reads a language setting leniently ("zh-TW", "简体", "english");
// anything unknown is English.
func Parse(s string) Lang {
	l, _ := Lookup(s)
	return l
}

// Lookup is Parse that also says whether s named a language.
func Lookup(s string) (Lang, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "en", "english", "英文", "英語", "英语":
		return En, true
	case "zh-hant", "zh_hant", "hant", "zh-tw", "zh-hk", "繁體", "繁体", "正體", "繁體中文", "繁体中文":
		return ZhHant, true
	case "zh-hans", "zh_hans", "hans", "zh-cn", "zh", "简体", "簡體", "简体中文", "簡體中文", "中文":
		return ZhHans, true
	}
	return En, false
}

// Chinese reports whether the language writes Chinese.
func (l Lang) Chinese() bool { return l == ZhHant || l == ZhHans }

// List joins items as the language does ("a, b" or "a、b").
func (l Lang) List(items []string) string {
	if l.Chinese() {
		return strings.Join(items, "、")
	}
	return strings.Join(items, ", ")
}
