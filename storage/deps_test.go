package storage

import (
	"testing"

	"github.com/chuhe/chuhe/internal/deptest"
)

// TestDeps keeps the import direction a test, not a wish: storage keeps bytes and
// versions, and knows nothing of rules, images or chat platforms.
func TestDeps(t *testing.T) {
	deptest.Check(t, "github.com/chuhe/chuhe/storage", map[string]string{
		"github.com/chuhe/chuhe/":        "storage keeps bytes and versions, not rules: it imports no other Chuhe package",
		"github.com/fogleman/gg":         "drawing boards is render's business",
		"github.com/golang/freetype":     "fonts are render's business",
		"golang.org/x/image":             "images are render's business",
		"github.com/go-telegram-bot-api": "platforms live in bot adapters",
		"github.com/bwmarrin/discordgo":  "platforms live in bot adapters",
		"github.com/gorilla/websocket":   "platforms live in bot adapters",
		"gopkg.in/yaml.v3":               "configuration is cmd/bot's business; records are JSON",
	})
}
