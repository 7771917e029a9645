package discord

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDeps keeps the adapter a translator: it imports bot and discordgo, and
// never the packages that decide game questions or keep data. The fake Discord
// depends on nothing of Chuhe's, so any test can use it.
func TestDeps(t *testing.T) {
	bad := map[string]string{
		"github.com/chuhe/chuhe/rules":        "adapters never decide game questions; the service does",
		"github.com/chuhe/chuhe/variants":     "adapters never decide game questions; the service does",
		"github.com/chuhe/chuhe/storage":      "adapters keep no game data; the service does",
		"github.com/chuhe/chuhe/render":       "images come from the service in bot.Message",
		"github.com/chuhe/chuhe/bot/telegram": "adapters are independent of each other",
		"github.com/chuhe/chuhe/bot/console":  "adapters are independent of each other",
		"github.com/chuhe/chuhe/cmd":          "cmd/bot imports adapters, not the reverse",
		"go.etcd.io/bbolt":                    "storage is the service's business",
		"gopkg.in/yaml.v3":                    "configuration files are cmd/bot's business",
	}
	check := func(pkg string, extra map[string]string) {
		out, err := exec.Command("go", "list", "-f", `{{join .Imports " "}}`, pkg).Output()
		if err != nil {
			t.Skipf("go list: %v", err)
		}
		for _, imp := range strings.Fields(string(out)) {
			for _, rules := range []map[string]string{bad, extra} {
				for prefix, why := range rules {
					if imp == prefix || strings.HasPrefix(imp, prefix+"/") {
						t.Errorf("%s imports %s: %s", pkg, imp, why)
					}
				}
			}
		}
	}
	check(".", nil)
	check("./discordtest", map[string]string{
		"github.com/chuhe/chuhe":        "the fake Discord stands alone",
		"github.com/bwmarrin/discordgo": "the fake speaks Discord's wire format, not the client's types",
	})
}
