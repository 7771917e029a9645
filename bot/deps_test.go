package bot

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDeps keeps the imports pointing one way: cmd/bot → bot → {variants → rules,
// render → rules, storage}; adapters import bot, never the reverse.
func TestDeps(t *testing.T) {
	bad := map[string]string{
		"github.com/chuhe/chuhe/bot/telegram": "adapters import bot, not the reverse",
		"github.com/chuhe/chuhe/bot/discord":  "adapters import bot, not the reverse",
		"github.com/chuhe/chuhe/bot/console":  "adapters import bot, not the reverse",
		"github.com/chuhe/chuhe/cmd":          "commands import bot, not the reverse",
		"github.com/bwmarrin/discordgo":       "platform libraries belong to the adapters",
		"github.com/go-telegram-bot-api":      "platform libraries belong to the adapters",
		"github.com/gorilla/websocket":        "platform transport belongs to the adapters",
		"net/http":                            "the service does no network I/O of its own",
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		for prefix, why := range bad {
			if dep == prefix || strings.HasPrefix(dep, prefix+"/") {
				t.Errorf("bot depends on %s: %s", dep, why)
			}
		}
	}
	// YAML is read here only for the locale files (locales.go); configuration
	// files are cmd/bot's business.
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if f != "locales.go" && !strings.HasSuffix(f, "_test.go") && strings.Contains(string(src), `"gopkg.in/yaml.v3"`) {
			t.Errorf("%s imports YAML: configuration files are cmd/bot's business", f)
		}
	}
	// bbolt may come in only through storage's own imports; bot itself must not
	// name it.
	direct, err := exec.Command("go", "list", "-f", "{{join .Imports \" \"}}", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, imp := range strings.Fields(string(direct)) {
		if strings.HasPrefix(imp, "go.etcd.io/") {
			t.Errorf("bot imports %s directly", imp)
		}
	}
}

// TestNamesNoVariant: the service knows variants only through the registry
// (issue 25): no string in its code, or in the packages beside it, names a
// registered variant. The adapters are left to their own tests.
func TestNamesNoVariant(t *testing.T) {
	var slugs []string
	for _, v := range defaultRegistry().All() {
		slugs = append(slugs, v.Slug)
	}
	word := regexp.MustCompile(`(?:^|[^\w-])(` + strings.Join(slugs, "|") + `)(?:$|[^\w-])`)
	adapters := map[string]bool{"console": true, "telegram": true, "discord": true}
	var files []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (adapters[d.Name()] || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 40 {
		t.Fatalf("found only %d files", len(files))
	}
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if m := word.FindStringSubmatch(lit.Value); m != nil {
					t.Errorf("%s names the variant %s: %s", fset.Position(lit.Pos()), m[1], lit.Value)
				}
			}
			return true
		})
	}
}
