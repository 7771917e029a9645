package gameclock

import (
	"testing"

	"github.com/chuhe/chuhe/internal/deptest"
)

// TestDeps: the clock is arithmetic on a stored clock; games, chats and texts
// are the bot's.
func TestDeps(t *testing.T) {
	deptest.Check(t, "github.com/chuhe/chuhe/bot/gameclock", map[string]string{
		"github.com/chuhe/chuhe/bot":      "the bot uses the clock, not the reverse",
		"github.com/chuhe/chuhe/variants": "a clock knows sides, not variants",
		"github.com/chuhe/chuhe/render":   "a clock knows sides, not images",
	})
}
