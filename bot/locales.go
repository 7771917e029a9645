package bot

import (
	"embed"

	"github.com/chuhe/chuhe/bot/i18n"
)

// Every text the bot says is data: one YAML file a language in locales/,
// embedded in the binary, so that a translator edits a file, not Go code
// (package i18n reads them; plural forms by CLDR rules).

//go:embed locales/*.yaml
var localeFiles embed.FS

// texts is read once at start and only read after (no global mutable state).
var texts = mustLoadLocales()

func mustLoadLocales() *i18n.Catalog {
	c, err := i18n.Load(localeFiles, "locales")
	if err != nil {
		panic(err) // the files are embedded: TestLocales fails first
	}
	return c
}
