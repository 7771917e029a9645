package postgres

import (
	"testing"

	"github.com/chuhe/chuhe/internal/deptest"
)

// TestDeps: the PostgreSQL store knows storage and nothing of the bot.
func TestDeps(t *testing.T) {
	deptest.Check(t, "github.com/chuhe/chuhe/storage/postgres", map[string]string{
		"github.com/chuhe/chuhe/bot":      "a store keeps bytes and versions, not chat logic",
		"github.com/chuhe/chuhe/rules":    "a store keeps bytes and versions, not rules",
		"github.com/chuhe/chuhe/variants": "a store keeps bytes and versions, not rules",
		"github.com/chuhe/chuhe/render":   "drawing boards is render's business",
		"gopkg.in/yaml.v3":                "configuration is cmd/bot's business; records are JSON",
	})
}
