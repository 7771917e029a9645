package locale

import (
	"strings"
	"testing"
	"testing/fstest"
)

func testSet(t *testing.T, en, zh string) (*Set, error) {
	t.Helper()
	fsys := fstest.MapFS{
		"l/en.yaml":      {Data: []byte(en)},
		"l/zh-Hant.yaml": {Data: []byte(zh)},
	}
	return Load(fsys, "l", "en", "zh-Hant")
}

func TestFormatAndPlurals(t *testing.T) {
	s, err := testSet(t, `
hello: "hello %s"
moves:
  plural: 1
  one: "%d move"
  other: "%d moves"
pieces:
  plural: 2
  one: "%s: %s piece"
  other: "%s: %s pieces"
`, `
hello: "你好 %s"
moves: "%d 步"
pieces: "%s：%s 子"
`)
	if err != nil {
		t.Fatal(err)
	}
	if p := s.Check(); len(p) != 0 {
		t.Fatalf("problems: %v", p)
	}
	for _, c := range []struct {
		lang, key string
		args      []any
		want      string
	}{
		{"en", "hello", []any{"bob"}, "hello bob"},
		{"zh-Hant", "hello", []any{"bob"}, "你好 bob"},
		{"en", "moves", []any{1}, "1 move"},
		{"en", "moves", []any{2}, "2 moves"},
		{"en", "moves", []any{0}, "0 moves"},
		{"en", "pieces", []any{"b", "1"}, "b: 1 piece"}, // a count as text
		{"en", "pieces", []any{"b", "3"}, "b: 3 pieces"},
		{"zh-Hant", "moves", []any{1}, "1 步"},
		{"en", "nobody", nil, "nobody"},
		{"zh-Hant", "nobody", nil, "nobody"},
	} {
		if got := s.Format(c.lang, c.key, c.args...); got != c.want {
			t.Errorf("%s %s %v: %q, want %q", c.lang, c.key, c.args, got, c.want)
		}
	}
}

func TestCheckFindsProblems(t *testing.T) {
	s, err := testSet(t, `
a: "%s and %d"
b: "only English"
c:
  plural: 1
  other: "%d things"
`, `
a: "%d 和 %s"
c: "%d 個"
d: "extra"
`)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{
		`en c needs the plural forms one and other`: true,
		`zh-Hant: a has arguments "d,s", en "s,d"`:  true,
		`zh-Hant: d is not in en`:                   true,
		`zh-Hant: no text for b`:                    true,
	}
	got := s.Check()
	for _, p := range got {
		if !want[p] {
			t.Errorf("unexpected problem %q", p)
		}
		delete(want, p)
	}
	for p := range want {
		t.Errorf("missed problem %q", p)
	}
}

func TestLoadRefusesBadFiles(t *testing.T) {
	for _, en := range []string{
		"a: [1, 2]",
		"a:\n  plural: x\n  other: y",
		"a:\n  plural: 1\n  one: y",
		"a:\n  plural: 1\n  some: y\n  other: z",
		"a: [",
	} {
		if _, err := testSet(t, en, "a: b"); err == nil {
			t.Errorf("%q was accepted", en)
		}
	}
}

func TestVerbs(t *testing.T) {
	for f, want := range map[string]string{
		"%s %d": "s,d", "%[2]d %[1]s": "s,d", "100%% sure": "", "%s %[1]d": "conflict", "%[x": "bad index",
	} {
		if got := Verbs(f); got != want {
			t.Errorf("Verbs(%q) = %q, want %q", f, got, want)
		}
	}
}

func TestPartFiles(t *testing.T) {
	fsys := fstest.MapFS{
		"l/en.yaml":           {Data: []byte("a: A")},
		"l/zh-Hant.yaml":      {Data: []byte("a: 甲")},
		"l/part.en.yaml":      {Data: []byte("b: B %s")},
		"l/part.zh-Hant.yaml": {Data: []byte("b: 乙 %s")},
	}
	s, err := Load(fsys, "l", "en", "zh-Hant")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Format("zh-Hant", "b", "x"); got != "乙 x" {
		t.Errorf("part file key: got %q", got)
	}
	if got := s.Format("en", "a"); got != "A" {
		t.Errorf("main file key: got %q", got)
	}
	fsys["l/other.en.yaml"] = &fstest.MapFile{Data: []byte("a: again")}
	if _, err := Load(fsys, "l", "en", "zh-Hant"); err == nil || !strings.Contains(err.Error(), "key a in both") {
		t.Errorf("a key in two files: err %v", err)
	}
}
