package engine

import (
	"testing"

	"github.com/chuhe/chuhe/internal/deptest"
)

// TestDeps keeps the import direction a test: the engine searches positions of
// the rules core and knows nothing of puzzles, chats, storage or images.
func TestDeps(t *testing.T) {
	deptest.Check(t, "github.com/chuhe/chuhe/engine", map[string]string{
		"github.com/chuhe/chuhe/puzzle":   "puzzles use the engine, not the reverse",
		"github.com/chuhe/chuhe/bot":      "the engine knows no chat",
		"github.com/chuhe/chuhe/storage":  "the engine keeps nothing",
		"github.com/chuhe/chuhe/render":   "the engine draws nothing",
		"github.com/chuhe/chuhe/variants": "the engine works on any variant it is given; tests alone load xiangqi",
		"github.com/fogleman/gg":          "drawing is render's business",
		"go.etcd.io/bbolt":                "storage's business",
		"github.com/go-telegram-bot-api":  "platforms live in bot adapters",
		"github.com/bwmarrin/discordgo":   "platforms live in bot adapters",
	})
}
