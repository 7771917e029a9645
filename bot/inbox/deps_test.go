package inbox

import (
	"testing"

	"github.com/chuhe/chuhe/internal/deptest"
)

// TestDeps: the inbox keeps adapters' raw events; what they mean is the bot's
// and the adapters' business.
func TestDeps(t *testing.T) {
	deptest.Check(t, "github.com/chuhe/chuhe/bot/inbox", map[string]string{
		"github.com/chuhe/chuhe/bot":      "the bot uses the inbox, not the reverse",
		"github.com/chuhe/chuhe/rules":    "events are kept raw",
		"github.com/chuhe/chuhe/variants": "events are kept raw",
		"github.com/chuhe/chuhe/render":   "events are kept raw",
	})
}
