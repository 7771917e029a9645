package storage

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDeps keeps the import direction a test, not a wish: storage keeps bytes and
// versions, and knows nothing of rules, images or chat platforms.
func TestDeps(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool in PATH")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	const self = "github.com/chuhe/chuhe/storage"
	// Banned import path prefixes, each with the reason.
	bad := map[string]string{
		"github.com/chuhe/chuhe/":         "storage keeps bytes and versions, not rules: it imports no other Chuhe package",
		"github.com/fogleman/gg":          "drawing boards is render's business",
		"github.com/golang/freetype":      "fonts are render's business",
		"golang.org/x/image":              "images are render's business",
		"github.com/go-telegram-bot-api/": "platforms live in bot adapters",
		"github.com/bwmarrin/discordgo":   "platforms live in bot adapters",
		"github.com/gorilla/websocket":    "platforms live in bot adapters",
		"gopkg.in/yaml.v3":                "configuration is cmd/bot's business; records are JSON",
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatal("go list printed no dependencies")
	}
	for _, dep := range deps {
		if dep == self {
			continue
		}
		for prefix, why := range bad {
			if strings.HasPrefix(dep, prefix) {
				t.Errorf("storage depends on %s: %s", dep, why)
			}
		}
	}
}
