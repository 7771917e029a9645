package render

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// The characters render writes itself, and the piece names the project uses
// everywhere, must all be in the embedded subset.
func TestFontHasLabels(t *testing.T) {
	t.Parallel()
	f, err := LoadFont()
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	labels = append(labels, "楚河", "漢界", "汉界", "?")
	for n := 1; n <= 26; n++ {
		labels = append(labels, chineseNumber(n))
	}
	for c := 'a'; c <= 'z'; c++ {
		labels = append(labels, string(c), strings.ToUpper(string(c)))
	}
	for d := 0; d <= 26; d++ {
		labels = append(labels, string(rune('0'+d%10)))
	}
	labels = append(labels, "帥帅將将仕士相象馬马傌車车俥炮砲包兵卒衛卫蟬蝉", "０１２３４５６７８９")
	for _, g := range []glyphs{xiangqiGlyphs, animalGlyphs} {
		for _, sides := range g {
			for _, names := range sides {
				labels = append(labels, names[0], names[1])
			}
		}
	}
	for _, l := range labels {
		if m := f.Missing(l); m != nil {
			t.Errorf("font lacks %q (in %q): add it to scripts/font-subset.sh", string(m), l)
		}
	}
	// Everything the subset was made for is in it.
	if m := f.Missing(fontChars); m != nil {
		t.Errorf("font lacks %q of fonts/chars.txt: rerun scripts/font-subset.sh", string(m))
	}
}

func TestMissingGlyphs(t *testing.T) {
	t.Parallel()
	if m := MissingGlyphs("帥 車 x9"); m != nil {
		t.Errorf("MissingGlyphs(帥 車 x9) = %q", string(m))
	}
	// 𠀀 and 龘 are not in any spec: the subset must not have them.
	if m := MissingGlyphs("龘帥𠀀龘"); string(m) != "龘𠀀" {
		t.Errorf("MissingGlyphs = %q, want 龘𠀀", string(m))
	}
}

// TestFontCoversSpecs reads the rules specs, when they are beside the
// repository, and checks that every Han character of their tables is in the
// subset: a spec that gained a piece since the font was made fails here.
func TestFontCoversSpecs(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "rules", "*.md"))
	if len(files) == 0 {
		t.Skip("no specs in ../../shared/rules")
	}
	f, err := LoadFont()
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`(?m)^\|.*$`)
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var han strings.Builder
		for _, line := range row.FindAllString(string(data), -1) {
			for _, r := range line {
				if unicode.Is(unicode.Han, r) {
					han.WriteRune(r)
				}
			}
		}
		if m := f.Missing(han.String()); m != nil {
			t.Errorf("%s: font lacks %q: rerun scripts/font-subset.sh", filepath.Base(name), string(m))
		}
	}
}
