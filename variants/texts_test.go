package variants

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestVariantTexts: every key of the modules' texts is in every language with
// the same arguments, and every key the code says exists.
func TestVariantTexts(t *testing.T) {
	if n := len(texts.Texts("en")); n < 20 {
		t.Fatalf("English has %d texts; the locale files did not load", n)
	}
	for _, p := range texts.Check() {
		t.Error(p)
	}
	use := regexp.MustCompile(`\bsay(?:Err)?\("([a-z][a-z0-9_.]*[a-z0-9_])"`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range use.FindAllStringSubmatch(string(src), -1) {
			n++
			if !texts.Has(m[1]) {
				t.Errorf("%s says %q, which no locale file has", f, m[1])
			}
		}
	}
	if n < 20 {
		t.Errorf("found only %d uses of say: the pattern no longer matches the code", n)
	}
}

// TestSayPutsTextsInEachLanguage: an argument that is itself a text in every
// language goes into each language as that language writes it.
func TestSayPutsTextsInEachLanguage(t *testing.T) {
	got := say("fuhe.not_yours", "a7", sideText(1))
	if got.En != "the piece on a7 is Black's; you may flip only your own" ||
		got.Hant != "a7 的棋子屬於黑方；只能翻自己的棋子" || got.Hans != "a7 的棋子属于黑方；只能翻自己的棋子" {
		t.Errorf("say: %+v", got)
	}
}
