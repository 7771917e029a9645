package puzzle

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDeps keeps the import direction a test: puzzles are rules, a solver and a schedule; they
// know no chat, storage or image (the bot brings those).
func TestDeps(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool in PATH")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	bad := map[string]string{
		"github.com/chuhe/chuhe/bot":      "the bot uses puzzles, not the reverse; sessions are storage-agnostic",
		"github.com/chuhe/chuhe/storage":  "the bot stores a session's State; the puzzle package stores nothing",
		"github.com/chuhe/chuhe/render":   "the bot draws the position",
		"github.com/fogleman/gg":          "drawing is render's business",
		"go.etcd.io/bbolt":                "storage's business",
		"github.com/go-telegram-bot-api/": "platforms live in bot adapters",
		"github.com/bwmarrin/discordgo":   "platforms live in bot adapters",
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatal("go list printed no dependencies")
	}
	for _, dep := range deps {
		for prefix, why := range bad {
			if strings.HasPrefix(dep, prefix) {
				t.Errorf("puzzle depends on %s: %s", dep, why)
			}
		}
	}
}
