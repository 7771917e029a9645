package rating

import (
	"testing"

	"github.com/chuhe/chuhe/internal/deptest"
)

// TestDeps: ratings are arithmetic on results; the bot stores them and knows
// which games count.
func TestDeps(t *testing.T) {
	deptest.Check(t, "github.com/chuhe/chuhe/rating", map[string]string{
		"github.com/chuhe/chuhe/bot":      "the bot uses ratings, not the reverse",
		"github.com/chuhe/chuhe/storage":  "ratings are stored by the bot",
		"github.com/chuhe/chuhe/rules":    "a rating knows results, not games",
		"github.com/chuhe/chuhe/variants": "a rating knows results, not games",
	})
}
