package telegram

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestDeps keeps the adapter a translator: it imports the bot contract and the
// Telegram library, never the packages that decide or keep games.
func TestDeps(t *testing.T) {
	banned := map[string]string{
		"github.com/chuhe/chuhe/rules":       "adapters never decide game questions; the service does",
		"github.com/chuhe/chuhe/variants":    "adapters never decide game questions; the service does",
		"github.com/chuhe/chuhe/storage":     "the service stores; an adapter keeps only its small in-memory maps",
		"github.com/chuhe/chuhe/render":      "the service composes the Message, images included",
		"github.com/chuhe/chuhe/bot/discord": "adapters do not know each other",
		"github.com/chuhe/chuhe/bot/console": "adapters do not know each other",
	}
	for _, dir := range []string{".", "telegramtest"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range af.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if why, ok := banned[path]; ok {
					t.Errorf("%s imports %s: %s", f, path, why)
				}
				if dir == "telegramtest" && strings.HasPrefix(path, "github.com/chuhe/chuhe") {
					t.Errorf("%s imports %s: the fake Bot API stands alone", f, path)
				}
			}
		}
	}
}
