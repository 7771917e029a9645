// Package locale reads texts kept as data: one YAML file a language, one key a
// text with fmt verbs for its arguments, and a text that depends on a number
// written in the CLDR plural forms of its language, chosen by golang.org/x/text's
// plural rules. The chat service (bot/locales) and the variants
// (variants/locales) each keep their own files and read them through a Set.
package locale

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
	"gopkg.in/yaml.v3"
)

// Forms are the CLDR plural categories a file may use.
var Forms = []string{"zero", "one", "two", "few", "many", "other"}

// Text is one text of one language: a plain format, or plural forms chosen by
// the argument Plural (1-based).
type Text struct {
	Format string
	Plural int
	Forms  map[string]string
}

// Formats lists the text's formats: the plain one, or every plural form.
func (t Text) Formats() []string {
	if t.Plural == 0 {
		return []string{t.Format}
	}
	var out []string
	for _, f := range Forms {
		if s, ok := t.Forms[f]; ok {
			out = append(out, s)
		}
	}
	return out
}

// Canonical is the format whose arguments every other one must have: the
// plain format or the form "other".
func (t Text) Canonical() string {
	if t.Plural > 0 {
		return t.Forms["other"]
	}
	return t.Format
}

// Set is every language's texts. It is read-only once loaded.
type Set struct {
	first   string
	byLang  map[string]map[string]Text
	tags    map[string]language.Tag
	plurals *catalog.Builder
}

// Load reads dir/LANG.yaml from fsys for every language code of langs (BCP 47:
// "en", "zh-Hant"); the first is the fallback of the others.
func Load(fsys fs.FS, dir string, langs ...string) (*Set, error) {
	if len(langs) == 0 {
		return nil, fmt.Errorf("locale: no language")
	}
	first, err := language.Parse(langs[0])
	if err != nil {
		return nil, fmt.Errorf("locale %s: %w", langs[0], err)
	}
	s := &Set{first: langs[0], byLang: map[string]map[string]Text{}, tags: map[string]language.Tag{},
		plurals: catalog.NewBuilder(catalog.Fallback(first))}
	for _, lang := range langs {
		tag, err := language.Parse(lang)
		if err != nil {
			return nil, fmt.Errorf("locale %s: %w", lang, err)
		}
		s.tags[lang] = tag
		raw, err := readLang(fsys, dir, lang)
		if err != nil {
			return nil, err
		}
		m := make(map[string]Text, len(raw))
		for key, node := range raw {
			t, err := readText(node)
			if err != nil {
				return nil, fmt.Errorf("locale %s, %s: %w", lang, key, err)
			}
			m[key] = t
			if t.Plural == 0 {
				continue
			}
			var cases []any
			for _, f := range Forms {
				if txt, ok := t.Forms[f]; ok {
					cases = append(cases, f, txt)
				}
			}
			if err := s.plurals.Set(tag, key, plural.Selectf(t.Plural, "%d", cases...)); err != nil {
				return nil, fmt.Errorf("locale %s, %s: %w", lang, key, err)
			}
		}
		s.byLang[lang] = m
	}
	return s, nil
}

// readText reads a plain text or a map {plural: N, one: …, other: …}.
// readLang reads a language's keys: dir/LANG.yaml and, so that a module can
// keep its texts in a file of its own, any dir/PART.LANG.yaml. A key given in
// two files is an error, not a silent override.
func readLang(fsys fs.FS, dir, lang string) (map[string]yaml.Node, error) {
	files := []string{dir + "/" + lang + ".yaml"}
	parts, err := fs.Glob(fsys, dir+"/*."+lang+".yaml")
	if err != nil {
		return nil, fmt.Errorf("locale %s: %w", lang, err)
	}
	files = append(files, parts...)
	all := map[string]yaml.Node{}
	from := map[string]string{}
	for i, name := range files {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			if i > 0 || !errors.Is(err, fs.ErrNotExist) || len(parts) == 0 {
				return nil, fmt.Errorf("locale %s: %w", lang, err)
			}
			continue // only part files for this language
		}
		var raw map[string]yaml.Node
		if err := yaml.Unmarshal(data, &raw); err != nil {
			return nil, fmt.Errorf("locale %s: %s: %w", lang, name, err)
		}
		for key, node := range raw {
			if first, dup := from[key]; dup {
				return nil, fmt.Errorf("locale %s: key %s in both %s and %s", lang, key, first, name)
			}
			from[key] = name
			all[key] = node
		}
	}
	return all, nil
}

func readText(n yaml.Node) (Text, error) {
	if n.Kind == yaml.ScalarNode {
		return Text{Format: n.Value}, nil
	}
	var m map[string]string
	if err := n.Decode(&m); err != nil {
		return Text{}, fmt.Errorf("a text is a string or a map of plural forms: %w", err)
	}
	t := Text{Forms: map[string]string{}}
	for k, v := range m {
		if k == "plural" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return Text{}, fmt.Errorf("plural must name an argument (1, 2, …), not %q", v)
			}
			t.Plural = n
			continue
		}
		if !isForm(k) {
			return Text{}, fmt.Errorf("%q is not a plural form (%v)", k, Forms)
		}
		t.Forms[k] = v
	}
	if t.Plural == 0 || t.Forms["other"] == "" {
		return Text{}, fmt.Errorf("plural texts need plural: N and at least the form other")
	}
	return t, nil
}

func isForm(s string) bool {
	for _, f := range Forms {
		if f == s {
			return true
		}
	}
	return false
}

// Has reports whether key has a text in the first language (which every key
// has: see Check).
func (s *Set) Has(key string) bool {
	_, ok := s.byLang[s.first][key]
	return ok
}

// Texts returns every text of lang by key (for tests).
func (s *Set) Texts(lang string) map[string]Text { return s.byLang[lang] }

// Format formats key in lang with args; a language without the key falls back
// to the first, a key nobody has is returned as it is.
func (s *Set) Format(lang, key string, args ...any) string {
	t, ok := s.byLang[lang][key]
	if !ok {
		if t, ok = s.byLang[s.first][key]; !ok {
			return key
		}
		lang = s.first
	}
	if t.Plural == 0 {
		if len(args) == 0 {
			return t.Format
		}
		return fmt.Sprintf(t.Format, args...)
	}
	if i := t.Plural - 1; i < len(args) {
		// Counts that come from the rules arrive as text ("2"): the plural
		// rules need the number, the format (%s) the text.
		if txt, ok := args[i].(string); ok {
			if n, err := strconv.Atoi(txt); err == nil {
				args = append([]any(nil), args...)
				args[i] = countText{text: txt, n: n}
			}
		}
	}
	return message.NewPrinter(s.tags[lang], message.Catalog(s.plurals)).Sprintf(key, args...)
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
