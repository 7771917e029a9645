package bot

import (
	"embed"

	"github.com/chuhe/chuhe/internal/locale"
)

// Every text the bot says is data: one YAML file a language in locales/,
// embedded in the binary, so that a translator edits a file, not Go code
// (internal/locale reads them; plural forms by CLDR rules).

//go:embed locales/*.yaml
var localeFiles embed.FS

// texts is read once at start and only read after (no global mutable state).
var texts = mustLoadLocales()

func mustLoadLocales() *locale.Set {
	langs := make([]string, 0, 3)
	for _, l := range Langs() {
		langs = append(langs, string(l))
	}
	s, err := locale.Load(localeFiles, "locales", langs...)
	if err != nil {
		panic(err) // the files are embedded: TestLocales fails first
	}
	return s
}
