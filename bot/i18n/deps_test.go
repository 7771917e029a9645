package i18n

import (
	"testing"

	"github.com/chuhe/chuhe/internal/deptest"
)

// TestDeps: the texts know languages and the rules' refusals; the service
// that says them is the bot.
func TestDeps(t *testing.T) {
	deptest.Check(t, "github.com/chuhe/chuhe/bot/i18n", map[string]string{
		"github.com/chuhe/chuhe/bot":      "the bot uses its texts, not the reverse",
		"github.com/chuhe/chuhe/storage":  "texts are not stored here",
		"github.com/chuhe/chuhe/variants": "a refusal comes with its variant; no registry needed",
		"github.com/chuhe/chuhe/render":   "texts, not images",
	})
}
