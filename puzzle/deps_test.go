package puzzle

import (
	"testing"

	"github.com/chuhe/chuhe/internal/deptest"
)

// TestDeps keeps the import direction a test: puzzles are rules, a solver and a schedule; they
// know no chat, storage or image (the bot brings those).
func TestDeps(t *testing.T) {
	deptest.Check(t, "github.com/chuhe/chuhe/puzzle", map[string]string{
		"github.com/chuhe/chuhe/bot":     "the bot uses puzzles, not the reverse; sessions are storage-agnostic",
		"github.com/chuhe/chuhe/storage": "the bot stores a session's State; the puzzle package stores nothing",
		"github.com/chuhe/chuhe/render":  "the bot draws the position",
		"github.com/fogleman/gg":         "drawing is render's business",
		"go.etcd.io/bbolt":               "storage's business",
		"github.com/go-telegram-bot-api": "platforms live in bot adapters",
		"github.com/bwmarrin/discordgo":  "platforms live in bot adapters",
	})
}
