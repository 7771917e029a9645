package langcheck

import (
	"slices"
	"testing"
)

func TestEnglishWords(t *testing.T) {
	for _, c := range []struct {
		text string
		also map[string]bool
		want []string
	}{
		{text: "第 3 路沒有炮：炮三平五 不合規則", want: nil},
		{text: "輪到 alice（紅方）走：/m h2e2，或 `real e0`，RNBAC", want: nil},
		{text: "reveal 不合規則：Red has already revealed", want: []string{"has", "already", "revealed"}},
		{text: "sha256(佈子 + 鹽) = ec24067f14379f486895d0ac44dbb1ef67e20a194b2ab6b49393b2433b7fcecf", want: nil},
		{text: "/new heshan heshan-palace", want: []string{"heshan", "heshan", "palace"}},
		{text: "/new heshan heshan-palace", also: map[string]bool{"heshan": true, "palace": true}, want: nil},
	} {
		if got := EnglishWords(c.text, c.also); !slices.Equal(got, c.want) {
			t.Errorf("EnglishWords(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
