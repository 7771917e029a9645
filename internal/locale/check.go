package locale

import (
	"fmt"
	"sort"
	"strings"
)

// Check returns every problem of the set: a key missing in a language, a
// language's text with other arguments than the first language's, an empty
// text, or a plural text of the first language without the forms one and
// other. A test of each package that keeps files calls it.
func (s *Set) Check() []string {
	var out []string
	ref := s.byLang[s.first]
	for lang, m := range s.byLang {
		for key := range ref {
			if _, ok := m[key]; !ok {
				out = append(out, fmt.Sprintf("%s: no text for %s", lang, key))
			}
		}
		for key, t := range m {
			r, ok := ref[key]
			if !ok {
				out = append(out, fmt.Sprintf("%s: %s is not in %s", lang, key, s.first))
				continue
			}
			want := Verbs(r.Canonical())
			for _, f := range t.Formats() {
				if strings.TrimSpace(f) == "" {
					out = append(out, fmt.Sprintf("%s: %s is empty", lang, key))
				}
				if got := Verbs(f); got != want {
					out = append(out, fmt.Sprintf("%s: %s has arguments %q, %s %q", lang, key, got, s.first, want))
				}
			}
			if lang == s.first && t.Plural > 0 && (t.Forms["one"] == "" || t.Forms["other"] == "") {
				out = append(out, fmt.Sprintf("%s %s needs the plural forms one and other", lang, key))
			}
		}
	}
	sort.Strings(out)
	return out
}

// Verbs summarizes the fmt arguments of a format: the verb used per argument
// index, so "%s %d" and "%[1]s %[2]d" agree, and a reordered translation too.
func Verbs(f string) string {
	var used []string
	next := 1
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 >= len(f) {
			continue
		}
		i++
		if f[i] == '%' {
			continue
		}
		idx := next
		if f[i] == '[' {
			j := strings.IndexByte(f[i:], ']')
			if j < 0 {
				return "bad index"
			}
			n := 0
			for _, c := range f[i+1 : i+j] {
				n = n*10 + int(c-'0')
			}
			idx = n
			i += j + 1
			if i >= len(f) {
				return "bad index"
			}
		}
		if idx < 1 {
			return "bad index"
		}
		for len(used) < idx {
			used = append(used, "")
		}
		verb := string(f[i])
		if used[idx-1] != "" && used[idx-1] != verb {
			return "conflict"
		}
		used[idx-1] = verb
		next = idx + 1
	}
	return strings.Join(used, ",")
}
