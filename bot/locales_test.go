package bot

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestLocales: every key is in every locale file, with the same arguments in
// every language and every plural form; English plural texts have both forms;
// every command has its help and usage; every end reason has a text.
func TestLocales(t *testing.T) {
	if n := len(texts.Texts(string(En))); n < 300 {
		t.Fatalf("English has %d texts; the locale files did not load", n)
	}
	for _, p := range texts.Check() {
		t.Error(p)
	}
	for _, c := range commandList() {
		for _, k := range []string{"cmd." + c.name, "usage." + c.name} {
			if !texts.Has(k) {
				t.Errorf("no text %s", k)
			}
		}
	}
	for _, k := range []string{"checkmate", "stalemate", "perpetual check", "repetition", "move limit",
		"insufficient material", "resignation", "agreement", "timeout", "aborted", "goal", "general captured"} {
		if reasonKey(k) == "reason.unknown" {
			t.Errorf("no text for end reason %q", k)
		}
	}
}

// TestLocaleKeysInCode: every literal key the code passes to T, oops, q.t,
// q.say and their kin has a text, so a typo fails here, not in a chat.
func TestLocaleKeysInCode(t *testing.T) {
	use := regexp.MustCompile(`(?:\bT\([A-Za-z_.]+, |\boops\(|\.t\(|\.say\(|\.sayOrNotice\(|\.tryT\()"([a-z][a-z0-9_]*\.[a-z0-9_.]*[a-z0-9_])"`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	sub, _ := filepath.Glob("*/*.go")
	files = append(files, sub...)
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
				t.Errorf("%s uses %q, which no locale file has", f, m[1])
			}
		}
	}
	if n < 200 {
		t.Errorf("found only %d uses of keys: the pattern no longer matches the code", n)
	}
}

// TestPlurals: English counts say "1 move" and "2 moves"; Chinese has one form.
func TestPlurals(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		key  string
		args []any
		want string
	}{
		{En, "takeback.done", []any{"7", 1}, "Takeback in game #7: 1 move taken back."},
		{En, "takeback.done", []any{"7", 2}, "Takeback in game #7: 2 moves taken back."},
		{En, "takeback.done", []any{"7", 0}, "Takeback in game #7: 0 moves taken back."},
		{En, "out.superseded", []any{1, "3"}, "This is the current board: it replaces 1 earlier board of game #3 that could not be posted in time."},
		{En, "out.superseded", []any{4, "3"}, "This is the current board: it replaces 4 earlier boards of game #3 that could not be posted in time."},
		{En, "why.screens", []any{"cannon", "1", "2"}, "the cannon captures only by jumping over exactly 1 piece; pieces in between: 2"},
		{ZhHant, "takeback.done", []any{"7", 2}, "對局 #7 悔棋：退回了 2 步。"},
	} {
		if got := T(c.lang, c.key, c.args...); got != c.want {
			t.Errorf("%s %s %v:\n got %q\nwant %q", c.lang, c.key, c.args, got, c.want)
		}
	}
	if slices.Contains(Langs(), Lang("xx")) {
		t.Fatal("unexpected language")
	}
}
