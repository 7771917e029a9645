package engine

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDeps keeps the import direction a test: the engine searches positions of
// the rules core and knows nothing of puzzles, chats, storage or images.
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
		"github.com/chuhe/chuhe/puzzle":   "puzzles use the engine, not the reverse",
		"github.com/chuhe/chuhe/bot":      "the engine knows no chat",
		"github.com/chuhe/chuhe/storage":  "the engine keeps nothing",
		"github.com/chuhe/chuhe/render":   "the engine draws nothing",
		"github.com/chuhe/chuhe/variants": "the engine works on any variant it is given; tests alone load xiangqi",
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
				t.Errorf("engine depends on %s: %s", dep, why)
			}
		}
	}
}
