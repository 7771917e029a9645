package discord

import (
	"context"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/bot/discord/discordtest"
)

// TestPlayTheBot: on Discord, /new with the bot itself as the opponent (a
// user option naming the bot's own id) starts a game against it at once, and
// the bot answers a move with its own board.
func TestPlayTheBot(t *testing.T) {
	t.Parallel()
	h, rec, svc := service(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = svc.RunEngine(ctx) }()
	t.Cleanup(func() { cancel(); <-done })

	h.slash(alice, "new", discordtest.UserOpt("opponent", h.srv.Config().BotID), discordtest.Str("variant", "xiangqi"),
		discordtest.Str("options", "level=1"))
	rec.next(t)
	start := h.last(alice, hasImage)
	if !strings.Contains(start.Content, "Chuhe (level 1)") {
		t.Fatalf("no game against the bot:\n%s", h.transcript(alice))
	}
	h.slash(alice, "move", discordtest.Str("move", "h2e2"))
	rec.next(t)
	svc.Settle(ctx)
	h.wait("the bot's reply", func(v *discordtest.View) bool {
		for _, m := range v.Messages(h.ch, alice.ID) {
			if len(m.Files) > 0 && strings.Contains(m.Content, "Red to move: Alice") {
				return true
			}
		}
		return false
	})
}
