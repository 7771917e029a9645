package render

import (
	_ "embed"
	"fmt"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
)

// fontData is the embedded subset of LXGW WenKai Bold (SIL OFL 1.1, see
// fonts/OFL.txt), made by scripts/font-subset.sh from the characters in
// fonts/chars.txt plus printable ASCII.
//
//go:embed fonts/wenkai-subset.ttf
var fontData []byte

// fontChars lists the Han characters and full-width digits the subset was made for.
//
//go:embed fonts/chars.txt
var fontChars string

// Font is the embedded CJK font. It is safe for concurrent use; faces made from
// it are not (each Renderer keeps its own and uses them under its lock).
type Font struct {
	f *sfnt.Font
}

// LoadFont parses the embedded font. It does not fail unless the embedded file is
// broken, which the tests catch.
func LoadFont() (*Font, error) {
	f, err := opentype.Parse(fontData)
	if err != nil {
		return nil, fmt.Errorf("render: parse embedded font: %w", err)
	}
	return &Font{f: f}, nil
}

// Has reports whether the font has a glyph for r. Spaces count as present.
func (f *Font) Has(r rune) bool {
	if unicode.IsSpace(r) {
		return true
	}
	var buf sfnt.Buffer
	i, err := f.f.GlyphIndex(&buf, r)
	return err == nil && i != 0
}

// Missing returns the runes of s the font cannot draw, each once, in order of
// first appearance; nil when it can draw them all.
func (f *Font) Missing(s string) []rune {
	var out []rune
	seen := map[rune]bool{}
	for _, r := range s {
		if !seen[r] && !f.Has(r) {
			out = append(out, r)
		}
		seen[r] = true
	}
	return out
}

// MissingGlyphs returns the runes of s that the embedded font lacks (see
// Font.Missing). Variant tests call it on every piece glyph, so that a new piece
// whose character is not in the subset fails a test instead of drawing a blank:
// add the character to scripts/font-subset.sh and run it.
func MissingGlyphs(s string) []rune {
	f, err := LoadFont()
	if err != nil {
		return []rune(s)
	}
	return f.Missing(s)
}

// face returns a face of the given pixel size (72 DPI, so points = pixels),
// unhinted: hinting moves CJK strokes about and breaks the even look of pieces.
func (f *Font) face(px float64) font.Face {
	fc, err := opentype.NewFace(f.f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		// NewFace fails only on a bad size, which callers never pass.
		panic(fmt.Sprintf("render: font face of size %v: %v", px, err))
	}
	return fc
}
