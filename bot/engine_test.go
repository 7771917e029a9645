package bot

import (
	"testing"

	"github.com/chuhe/chuhe/storage"
)

// quickEngine is the bot's own search with small budgets, for tests.
func quickEngine() EngineConfig {
	return EngineConfig{Workers: 2, TableBits: 12, MoveTime: 50e6}
}

func TestPlayAgainstTheBot(t *testing.T) {
	h := newHarness(t, withEngine(quickEngine()))
	out := h.say("alice", "/play xiangqi level=1")
	mustContain(t, out, "Game #1 begins", "Chuhe (level 1)")
	rec := h.game("1")
	if rec.Status != storage.StatusActive || rec.Players[1].Level != 1 || rec.Players[1].UserID == "" {
		t.Fatalf("game = %+v", rec.Players)
	}
	out = h.say("alice", "h2e2")
	if rec = h.game("1"); len(rec.Moves) != 2 || rec.Moves[1].Side != 1 {
		t.Fatalf("the bot did not answer: %v\n%s", rec.Moves, text(out))
	}
	mustContain(t, out, "Red to move: alice")
	out = h.say("alice", "/draw")
	t.Log(text(out))
}
