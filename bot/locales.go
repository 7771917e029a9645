package bot

import (
	"embed"
	"fmt"
	"strconv"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
	"gopkg.in/yaml.v3"
)

// Every text the bot says is data: one YAML file a language in locales/,
// embedded in the binary, so that a translator edits a file, not Go code. A
// text that depends on a number ("1 move", "2 moves") is written in the CLDR
// plural forms of its language and chosen by golang.org/x/text's plural rules.

//go:embed locales/*.yaml
var localeFiles embed.FS

// texts is read once at start and only read after (no global mutable state).
var texts = mustLoadLocales()

// localeText is one text of one language: a plain format, or plural forms
// chosen by the argument plural (1-based).
type localeText struct {
	format string
	plural int
	forms  map[string]string
}

// localeSet is every language's texts, and the x/text catalog of their plural
// texts.
type localeSet struct {
	byLang  map[Lang]map[string]localeText
	tags    map[Lang]language.Tag
	plurals *catalog.Builder
}

// pluralForms are the CLDR plural categories a locale file may use.
var pluralForms = []string{"zero", "one", "two", "few", "many", "other"}

func mustLoadLocales() *localeSet {
	ls, err := loadLocales(localeFiles)
	if err != nil {
		panic(err) // the files are embedded: TestLocales fails first
	}
	return ls
}

// loadLocales reads locales/LANG.yaml for every language of Langs.
func loadLocales(fsys embed.FS) (*localeSet, error) {
	ls := &localeSet{byLang: map[Lang]map[string]localeText{}, tags: map[Lang]language.Tag{},
		plurals: catalog.NewBuilder(catalog.Fallback(language.English))}
	for _, lang := range Langs() {
		tag, err := language.Parse(string(lang))
		if err != nil {
			return nil, fmt.Errorf("locale %s: %w", lang, err)
		}
		ls.tags[lang] = tag
		data, err := fsys.ReadFile("locales/" + string(lang) + ".yaml")
		if err != nil {
			return nil, fmt.Errorf("locale %s: %w", lang, err)
		}
		var raw map[string]yaml.Node
		if err := yaml.Unmarshal(data, &raw); err != nil {
			return nil, fmt.Errorf("locale %s: %w", lang, err)
		}
		m := make(map[string]localeText, len(raw))
		for key, node := range raw {
			t, err := readLocaleText(node)
			if err != nil {
				return nil, fmt.Errorf("locale %s, %s: %w", lang, key, err)
			}
			m[key] = t
			if t.plural > 0 {
				var cases []any
				for _, f := range pluralForms {
					if s, ok := t.forms[f]; ok {
						cases = append(cases, f, s)
					}
				}
				if err := ls.plurals.Set(tag, key, plural.Selectf(t.plural, "%d", cases...)); err != nil {
					return nil, fmt.Errorf("locale %s, %s: %w", lang, key, err)
				}
			}
		}
		ls.byLang[lang] = m
	}
	return ls, nil
}

// readLocaleText reads a plain text or a map {plural: N, one: …, other: …}.
func readLocaleText(n yaml.Node) (localeText, error) {
	if n.Kind == yaml.ScalarNode {
		return localeText{format: n.Value}, nil
	}
	var m map[string]string
	if err := n.Decode(&m); err != nil {
		return localeText{}, fmt.Errorf("a text is a string or a map of plural forms: %w", err)
	}
	t := localeText{forms: map[string]string{}}
	for k, v := range m {
		if k == "plural" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return localeText{}, fmt.Errorf("plural must name an argument (1, 2, …), not %q", v)
			}
			t.plural = n
			continue
		}
		if !isPluralForm(k) {
			return localeText{}, fmt.Errorf("%q is not a plural form (%v)", k, pluralForms)
		}
		t.forms[k] = v
	}
	if t.plural == 0 || t.forms["other"] == "" {
		return localeText{}, fmt.Errorf("plural texts need plural: N and at least the form other")
	}
	return t, nil
}

func isPluralForm(s string) bool {
	for _, f := range pluralForms {
		if f == s {
			return true
		}
	}
	return false
}

// has reports whether key has a text (in English, which every key has).
func (ls *localeSet) has(key string) bool {
	_, ok := ls.byLang[En][key]
	return ok
}

// text formats key in lang with args.
func (ls *localeSet) text(lang Lang, key string, args ...any) string {
	t, ok := ls.byLang[lang][key]
	if !ok {
		if t, ok = ls.byLang[En][key]; !ok {
			return key
		}
		lang = En
	}
	if t.plural == 0 {
		if len(args) == 0 {
			return t.format
		}
		return fmt.Sprintf(t.format, args...)
	}
	if i := t.plural - 1; i < len(args) {
		// Counts that come from the rules arrive as text ("2"): the plural
		// rules need the number, the format (%s) the text.
		if s, ok := args[i].(string); ok {
			if n, err := strconv.Atoi(s); err == nil {
				args = append([]any(nil), args...)
				args[i] = countText{text: s, n: n}
			}
		}
	}
	return message.NewPrinter(ls.tags[lang], message.Catalog(ls.plurals)).Sprintf(key, args...)
}

// countText is a count written as text: printed as the text, counted as the
// number by the plural rules (plural.Interface).
type countText struct {
	text string
	n    int
}

func (c countText) String() string { return c.text }

// PluralForm implements plural.Interface.
func (c countText) PluralForm(t language.Tag, scale int) (plural.Form, int) {
	return plural.Cardinal.MatchPlural(t, c.n, 0, 0, 0, 0), c.n
}
