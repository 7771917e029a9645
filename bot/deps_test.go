package bot

import (
	"os"
	"os/exec"
	"path/filepath"
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
