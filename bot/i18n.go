package bot

import "github.com/chuhe/chuhe/bot/i18n"

// The chat languages and the bot's texts live in package i18n; these names
// keep the service's API (adapters name bot.Lang, bot.En, bot.T) and its
// code short.

// Lang is a chat language.
type Lang = i18n.Lang

// The languages of the catalog. A chat without a setting speaks English.
const (
	En     = i18n.En
	ZhHant = i18n.ZhHant // traditional Chinese
	ZhHans = i18n.ZhHans // simplified Chinese
)

// Langs lists the catalog's languages in the order /settings shows them.
func Langs() []Lang { return i18n.Langs() }

// ParseLang reads a language setting leniently ("zh-TW", "简体", "english");
// anything unknown is English.
func ParseLang(s string) Lang { return i18n.Parse(s) }

// T returns the text of key in lang, formatted with args (fmt verbs), from the
// locale files (locales.go). A missing key yields the key itself, so a mistake
// shows but does not crash; TestLocales keeps that from happening.
func T(lang Lang, key string, args ...any) string { return texts.T(lang, key, args...) }
