package bot

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// quickEngine is the bot's own search with small budgets, for tests.
func quickEngine() EngineConfig {
	return EngineConfig{Workers: 2, TableBits: 12, MoveTime: 50 * time.Millisecond}
}

// replayed is the stored game as a rules.Game.
func (h *harness) replayed(id string) *rules.Game {
	h.t.Helper()
	rec := h.game(id)
	v, err := h.svc.variant(rec.Variant, rec.Options)
	if err != nil {
		h.t.Fatal(err)
	}
	var moves []string
	for _, m := range rec.Moves {
		moves = append(moves, m.Text)
	}
	g, err := rules.Replay(v, rec.StartFEN, moves)
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

func TestPlayAgainstTheBot(t *testing.T) {
	h := newHarness(t, withEngine(quickEngine()))
	out := h.say("alice", "/play xiangqi level=1")
	mustContain(t, out, "Game #1 begins", "alice (Red) against Chuhe (level 1) (Black)")
	rec := h.game("1")
	if rec.Status != storage.StatusActive || rec.Players[1].Level != 1 || rec.Players[1].UserID == "" {
		t.Fatalf("players = %+v, status %s", rec.Players, rec.Status)
	}
	out = h.say("alice", "h2e2")
	if rec = h.game("1"); len(rec.Moves) != 2 || rec.Moves[1].Side != 1 {
		t.Fatalf("the bot did not answer: %v\n%s", rec.Moves, text(out))
	}
	mustContain(t, out, "Black: Chuhe (level 1)", "Red to move: alice")
	out = h.say("alice", "/export")
	mustContain(t, out, `[Black "Chuhe (level 1)"]`, `[BlackType "program"]`, `[BlackLevel "1"]`)
}

// The bot as Red moves first, and "/new VARIANT @bot" is the same as /play.
func TestNewAtBotPlaysFirstAsRed(t *testing.T) {
	h := newHarness(t, withEngine(quickEngine()))
	out := h.say("alice", "/new xiangqi @Chuhe level=2 side=black")
	mustContain(t, out, "Chuhe (level 2) (Red) against alice (Black)")
	if rec := h.game("1"); len(rec.Moves) != 1 || rec.Players[0].Level != 2 {
		t.Fatalf("the bot did not open: %+v %v", rec.Players, rec.Moves)
	}
}

func TestPlayRefusals(t *testing.T) {
	h := newHarness(t, withEngine(quickEngine()))
	for _, c := range []struct{ say, want string }{
		{"/play xiangqi level=12", "There is no level 12. Levels go from 1 (a beginner) to 8"},
		{"/play level=zero", "There is no level zero"},
		{"/play @bob", "/play is a game against me. To challenge bob, write /new VARIANT @name."},
		{"/new xiangqi @bob level=3", "level= is for games against me"},
		{"/new xiangqi @bob @Chuhe", "one opponent"},
	} {
		out := h.say("alice", c.say)
		mustContain(t, out, c.want)
	}
	if gs, _ := h.store.GamesInChat(context.Background(), "test", "group", false); len(gs) != 0 {
		t.Errorf("a refused command made %d games", len(gs))
	}
}

// TestBotAnswersOffers: a takeback is granted at the learning levels (1-4) and
// declined above; a draw offered at the start is declined.
func TestBotAnswersOffers(t *testing.T) {
	h := newHarness(t, withEngine(quickEngine()))
	h.say("alice", "/play xiangqi level=3")
	h.say("alice", "h2e2")
	out := h.say("alice", "/takeback")
	if rec := h.game("1"); len(rec.Moves) != 0 {
		t.Fatalf("takeback at level 3 not granted: %v\n%s", rec.Moves, text(out))
	}
	out = h.say("alice", "/draw")
	mustContain(t, out, "Chuhe declined the draw offer in game #1")
	if rec := h.game("1"); rec.Status != storage.StatusActive || rec.DrawOffer != storage.NoSide {
		t.Fatalf("after the declined draw: %s, offer %d", rec.Status, rec.DrawOffer)
	}
	h.say("alice", "/play xiangqi level=6")
	h.say("alice", "h2e2 #2")
	out = h.say("alice", "/takeback #2")
	mustContain(t, out, "Chuhe refused the takeback in game #2")
	if rec := h.game("2"); len(rec.Moves) != 2 {
		t.Fatalf("takeback at level 6 granted: %v", rec.Moves)
	}
}

// TestSlowSearchDelaysNoOtherGame: while the engine thinks about one game (its
// search blocked here), another game in the chat goes on at once, and the
// bot's game can be looked at; the reply lands when the search ends.
func TestSlowSearchDelaysNoOtherGame(t *testing.T) {
	h := newHarness(t)
	started, release := make(chan struct{}), make(chan struct{})
	real := quickEngine()
	real.Workers = 1
	blocking := MoverFunc(func(ctx context.Context, g *rules.Game, level int, lim engine.Limits) (engine.Result, error) {
		close(started)
		<-release
		return engine.NewEngine(engine.Config{TableBits: 10, Level: level}).Choose(ctx, g, engine.Limits{Depth: 1})
	})
	h.engine = &EngineConfig{Workers: 1, Mover: blocking}
	h.restart()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h.say("alice", "/play xiangqi level=1")
	h.say("alice", "h2e2")
	<-started // the search runs (and does not end) ...
	out := h.say("carol", "/new xiangqi @dave")
	id := gameIDIn(t, out)
	h.say("dave", "/accept "+id)
	h.say("carol", "h2e2")
	h.say("dave", "h7e7")
	if rec := h.game(id); len(rec.Moves) != 2 {
		t.Fatalf("the other game was held up: %v", rec.Moves)
	}
	mustContain(t, h.say("alice", "/board #1"), "Black to move: Chuhe (level 1)")
	close(release)
	h.svc.Settle(ctx)
	if rec := h.game("1"); len(rec.Moves) != 2 {
		t.Fatalf("the bot's reply did not land: %v", rec.Moves)
	}
}

// TestBotReplyResumesAfterRestart: the bot goes down while its reply is
// pending; the next start finds the reply owed from the stored game (Tick)
// and plays it.
func TestBotReplyResumesAfterRestart(t *testing.T) {
	h := newHarness(t) // no engine workers: the reply stays pending
	h.say("alice", "/play xiangqi level=1")
	h.say("alice", "h2e2")
	if rec := h.game("1"); len(rec.Moves) != 1 {
		t.Fatalf("moves = %v", rec.Moves)
	}
	c := quickEngine()
	h.engine = &c
	h.restart()
	out := h.tick()
	h.settle()
	h.deliver()
	out = append(out, h.plat.since(0)...)
	if rec := h.game("1"); len(rec.Moves) != 2 {
		t.Fatalf("the pending reply was not played after the restart: %v", rec.Moves)
	}
	mustContain(t, out, "Red to move: alice")
}

// TestBotGameToTheEnd plays a whole game against level 1: the player's moves
// are random legal moves, the bot answers every one, until the game ends.
func TestBotGameToTheEnd(t *testing.T) {
	h := newHarness(t, withEngine(quickEngine()))
	h.say("alice", "/play xiangqi level=1")
	rnd := rand.New(rand.NewPCG(3, 4))
	for ply := 0; ; ply++ {
		g := h.replayed("1")
		if g.Outcome().Over {
			t.Logf("over after %d plies: %s", g.Ply(), h.game("1").Reason)
			break
		}
		if ply > 400 {
			t.Fatalf("no end after %d plies", g.Ply())
		}
		if g.Position().ToMove() != rules.Red {
			t.Fatalf("ply %d: the bot did not answer", g.Ply())
		}
		pos := g.Position()
		ms := pos.LegalMoves(nil)
		out := h.say("alice", rules.FormatCoord(pos, ms[rnd.IntN(len(ms))]))
		if strings.Contains(text(out), "not your turn") {
			t.Fatalf("ply %d: %s", g.Ply(), text(out))
		}
	}
	if rec := h.game("1"); rec.Status != storage.StatusFinished || rec.Result == "" {
		t.Fatalf("status %s result %q", rec.Status, rec.Result)
	}
}
