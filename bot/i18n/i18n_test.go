package i18n

import (
	"testing"
	"testing/fstest"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

// testCatalog is a catalog of a few texts in the three languages.
func testCatalog(t *testing.T) *Catalog {
	t.Helper()
	files := fstest.MapFS{
		"l/en.yaml": {Data: []byte(`side.red: "Red"
side.black: "Black"
side.white: "White"
why.block.leg: "leg"
why.blocked: "the %s's %s on %s is blocked"
why.not_your_piece: "the %s on %s is %s's; %s is to move"
why.piece_face_down: "face-down piece"
`)},
		"l/zh-Hant.yaml": {Data: []byte(`side.red: "紅方"
side.black: "黑方"
side.white: "白方"
why.block.leg: "腿"
why.blocked: "%s的%s（%s）被堵住了"
why.not_your_piece: "%s（%s）是%s的棋子；現在輪到%s走"
why.piece_face_down: "暗子"
`)},
		"l/zh-Hans.yaml": {Data: []byte(`side.red: "红方"
side.black: "黑方"
side.white: "白方"
why.block.leg: "腿"
why.blocked: "%s的%s（%s）被堵住了"
why.not_your_piece: "%s（%s）是%s的棋子；现在轮到%s走"
why.piece_face_down: "暗子"
`)},
	}
	c, err := Load(files, "l")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range c.Check() {
		t.Error(p)
	}
	return c
}

func TestLookup(t *testing.T) {
	for in, want := range map[string]Lang{"zh-TW": ZhHant, " 简体 ": ZhHans, "English": En, "中文": ZhHans, "繁體": ZhHant} {
		if got, ok := Lookup(in); got != want || !ok {
			t.Errorf("Lookup(%q) = %s, %v; want %s, true", in, got, ok, want)
		}
	}
	if got, ok := Lookup("klingon"); got != En || ok {
		t.Errorf("Lookup(klingon) = %s, %v; want en, false", got, ok)
	}
}

func TestList(t *testing.T) {
	items := []string{"a", "b", "c"}
	if got := En.List(items); got != "a, b, c" {
		t.Errorf("En: %q", got)
	}
	if got := ZhHant.List(items); got != "a、b、c" {
		t.Errorf("ZhHant: %q", got)
	}
}

// TestWhy: a refusal is put in the chat's language, argument by argument; an
// English chat, an unknown key or a wrong number of arguments get the rules'
// own words.
func TestWhy(t *testing.T) {
	c := testCatalog(t)
	v := variants.Xiangqi()
	blocked := &rules.IllegalMoveError{Reason: "the horse's leg on c0 is blocked", Key: "blocked", Args: []string{"馬", "leg", "c0"}}
	for _, tc := range []struct {
		lang Lang
		ie   *rules.IllegalMoveError
		want string
	}{
		{En, blocked, "the horse's leg on c0 is blocked"},
		{ZhHant, blocked, "馬的腿（c0）被堵住了"},
		{ZhHant, &rules.IllegalMoveError{Reason: "own words", Key: "blocked", Args: []string{"馬"}}, "own words"},
		{ZhHant, &rules.IllegalMoveError{Reason: "own words", Key: "no_such_key"}, "own words"},
		{ZhHans, &rules.IllegalMoveError{Reason: "r", Key: "not_your_piece", Args: []string{"", "h9", "black", "red"}},
			"暗子（h9）是黑方的棋子；现在轮到红方走"},
	} {
		if got := c.Why(tc.lang, v, tc.ie); got != tc.want {
			t.Errorf("%s %s: got %q, want %q", tc.lang, tc.ie.Key, got, tc.want)
		}
	}
}

func TestTryT(t *testing.T) {
	c := testCatalog(t)
	if got := c.TryT(ZhHant, "why.block.leg", "leg"); got != "腿" {
		t.Errorf("a known key: %q", got)
	}
	if got := c.TryT(ZhHant, "why.block.nothing", "nothing"); got != "nothing" {
		t.Errorf("an unknown key: %q", got)
	}
}
