package variants

import (
	"embed"

	"github.com/chuhe/chuhe/internal/locale"
	"github.com/chuhe/chuhe/rules"
)

// The texts modules say to players (refusals, setup questions and their
// errors) are data: variants/locales/LANG.yaml, one key a text, read through
// internal/locale. A module says a text with say, which gives it in every
// language the bot speaks (rules.Texts); the chat picks its own.

//go:embed locales/*.yaml
var localeFiles embed.FS

// textLangs are the languages of the files, in rules.Texts order.
var textLangs = []string{"en", "zh-Hant", "zh-Hans"}

// texts is read once at start and only read after.
var texts = mustLoadTexts()

func mustLoadTexts() *locale.Set {
	s, err := locale.Load(localeFiles, "locales", textLangs...)
	if err != nil {
		panic(err) // the files are embedded: TestVariantTexts fails first
	}
	return s
}

// say is key's text in every language, formatted with args. An argument that
// is a rules.Texts (a side's name, a piece's name) is put in each language as
// that language writes it.
func say(key string, args ...any) rules.Texts {
	in := func(lang string) string {
		a := make([]any, len(args))
		for i, x := range args {
			if t, ok := x.(rules.Texts); ok {
				x = t.Or(lang)
			}
			a[i] = x
		}
		return texts.Format(lang, key, a...)
	}
	return rules.Texts{En: in(textLangs[0]), Hant: in(textLangs[1]), Hans: in(textLangs[2])}
}

// sideText is a side's name in every language.
func sideText(s rules.Side) rules.Texts {
	if s == rules.Red {
		return rules.Texts{En: "Red", Hant: "紅方", Hans: "红方"}
	}
	return rules.Texts{En: "Black", Hant: "黑方", Hans: "黑方"}
}

// pieceText names a piece kind in every language: its English name, its
// glyph in Chinese.
func pieceText(k *rules.Kind, s rules.Side) rules.Texts {
	return rules.Texts{En: k.Name, Hant: k.Glyph[s], Hans: k.GlyphIn(s, true)}
}

// sayErr is say as an error (a setup answer a module cannot take).
func sayErr(key string, args ...any) error {
	return &rules.TextError{Texts: say(key, args...)}
}
