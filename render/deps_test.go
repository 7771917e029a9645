package render

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDeps keeps render a leaf that sees only rules views (DESIGN.md: render →
// rules; it knows boards and pieces, not chats or storage).
func TestDeps(t *testing.T) {
	t.Parallel()
	bad := map[string]string{
		"github.com/chuhe/chuhe/bot":      "render knows nothing of chats",
		"github.com/chuhe/chuhe/storage":  "render knows nothing of storage",
		"github.com/chuhe/chuhe/variants": "render draws views of any variant, and variants' tests import render",
		"github.com/chuhe/chuhe/cmd":      "commands import render, not the reverse",
		"github.com/bwmarrin/discordgo":   "a chat library",
		"github.com/go-telegram-bot-api":  "a chat library",
		"github.com/gorilla/websocket":    "chat transport",
		"go.etcd.io/bbolt":                "storage",
		"net/http":                        "render does no I/O but writing bytes",
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		for prefix, why := range bad {
			if dep == prefix || strings.HasPrefix(dep, prefix+"/") {
				t.Errorf("render depends on %s: %s", dep, why)
			}
		}
		if strings.HasPrefix(dep, "github.com/chuhe/chuhe/") && dep != "github.com/chuhe/chuhe/rules" && dep != "github.com/chuhe/chuhe/render" {
			t.Errorf("render depends on %s: it may import only rules of this module", dep)
		}
	}
}
