package outbox

import (
	"testing"

	"github.com/chuhe/chuhe/internal/deptest"
)

// TestDeps: the sender moves stored entries; what a message is, and which
// platform sends it, is the bot's business.
func TestDeps(t *testing.T) {
	deptest.Check(t, "github.com/chuhe/chuhe/bot/outbox", map[string]string{
		"github.com/chuhe/chuhe/bot":      "the bot uses the sender, not the reverse",
		"github.com/chuhe/chuhe/rules":    "the sender does not know games",
		"github.com/chuhe/chuhe/variants": "the sender does not know games",
		"github.com/chuhe/chuhe/render":   "boards are drawn by the bot's Deliver",
		"net/http":                        "platforms are the adapters' business",
	})
}
