package i18n

import (
	"os"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

// TestFENKeysHaveTexts: every key of fenArgs has a text in each language of
// the bot's locale files, and the text takes exactly the arguments fenArgs
// names (no "%!" of a missing or extra argument).
func TestFENKeysHaveTexts(t *testing.T) {
	c, err := Load(os.DirFS(".."), "locales")
	if err != nil {
		t.Fatal(err)
	}
	v, _ := variants.Default().Get("xiangqi")
	for key, kinds := range fenArgs {
		if !c.Has("fen." + key) {
			t.Errorf("fen.%s has no text", key)
			continue
		}
		args := make([]string, len(kinds))
		for i, k := range kinds {
			switch k {
			case 'd':
				args[i] = "black"
			case 'g', 'p':
				args[i] = "馬"
			default:
				args[i] = "2"
			}
		}
		for _, l := range Langs() {
			got := c.FEN(l, v, &rules.FENError{Reason: "English reason", Key: key, Args: args})
			if strings.Contains(got, "%!") || got == "English reason" {
				t.Errorf("%s fen.%s %q: %q", l, key, args, got)
			}
		}
	}
}

// TestFENPieces: pieces in a FEN refusal are glyphs in the chat's script and
// English names (plural for a count) in English; a module's reason without a
// key is its own text.
func TestFENPieces(t *testing.T) {
	c, err := Load(os.DirFS(".."), "locales")
	if err != nil {
		t.Fatal(err)
	}
	v, _ := variants.Default().Get("xiangqi")
	tooMany := &rules.FENError{Key: "too_many", Args: []string{"red", "3", "馬", "2"}}
	stand := &rules.FENError{Key: "stand", Args: []string{"black", "象", "e9"}}
	for _, tc := range []struct {
		l    Lang
		fe   *rules.FENError
		want string
	}{
		{En, tooMany, "Red has 3 horses, but at most 2 are allowed"},
		{ZhHant, tooMany, "紅方有 3 個馬，最多只能有 2 個"},
		{ZhHans, tooMany, "红方有 3 个马，最多只能有 2 个"},
		{En, stand, "Black's elephant cannot stand on e9"},
		{ZhHans, stand, "黑方的象不能站在 e9"},
		{ZhHant, &rules.FENError{Reason: "a module's words"}, "a module's words"},
		{ZhHant, &rules.FENError{Reason: "field 3: bad", Err: &rules.TextError{Texts: rules.Texts{En: "bad", Hant: "不對"}}}, "不對"},
	} {
		if got := c.FEN(tc.l, v, tc.fe); got != tc.want {
			t.Errorf("%s %s: got %q, want %q", tc.l, tc.fe.Key, got, tc.want)
		}
	}
}
