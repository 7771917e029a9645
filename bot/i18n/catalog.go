package i18n

import (
	"fmt"
	"io/fs"

	"github.com/chuhe/chuhe/internal/locale"
	"github.com/chuhe/chuhe/rules"
)

// Catalog is the bot's texts in every language of Langs. It is read-only once
// loaded. The embedded locale.Set gives Has, Texts and Check.
type Catalog struct {
	*locale.Set
}

// Load reads the catalog from dir in fsys: one LANG.yaml (and part files
// PART.LANG.yaml) for each language of Langs.
func Load(fsys fs.FS, dir string) (*Catalog, error) {
	langs := make([]string, 0, 3)
	for _, l := range Langs() {
		langs = append(langs, string(l))
	}
	s, err := locale.Load(fsys, dir, langs...)
	if err != nil {
		return nil, fmt.Errorf("i18n: load %s: %w", dir, err)
	}
	return &Catalog{Set: s}, nil
}

// T returns the text of key in lang, formatted with args (fmt verbs; a count
// picks the plural form). A missing key yields the key itself.
func (c *Catalog) T(lang Lang, key string, args ...any) string {
	return c.Format(string(lang), key, args...)
}

// TryT is the text of key in lang, or fallback when the catalog has none.
func (c *Catalog) TryT(lang Lang, key, fallback string) string {
	if !c.Has(key) {
		return fallback
	}
	return c.T(lang, key)
}

// SideName names side s of v in lang: Red and Black, or White and Black in a
// variant played with those colours.
func (c *Catalog) SideName(l Lang, v *rules.Variant, s rules.Side) string {
	if v != nil && v.WhiteAndBlack() {
		if s == rules.Red {
			return c.T(l, "side.white")
		}
		return c.T(l, "side.black")
	}
	if s == rules.Red {
		return c.T(l, "side.red")
	}
	return c.T(l, "side.black")
}
