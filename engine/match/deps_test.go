package match

import (
	"testing"

	"github.com/chuhe/chuhe/internal/deptest"
)

// TestDeps keeps the import direction a test: the engine's protocol code knows
// no chat, storage or images, and takes its variants from the caller.
func TestDeps(t *testing.T) {
	deptest.Check(t, "github.com/chuhe/chuhe/engine/match", map[string]string{
		"github.com/chuhe/chuhe/bot":      "the engine knows no chat",
		"github.com/chuhe/chuhe/puzzle":   "puzzles use the engine, not the reverse",
		"github.com/chuhe/chuhe/storage":  "the engine keeps nothing",
		"github.com/chuhe/chuhe/render":   "the engine draws nothing",
		"github.com/chuhe/chuhe/variants": "the caller (cmd/bot, cmd/match) passes the variants",
	})
}
