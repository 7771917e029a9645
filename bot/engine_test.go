package bot

import (
	"context"
	"math/rand/v2"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// quickEngine is the bot's own search with small budgets, for tests.
func quickEngine() EngineConfig {
	return EngineConfig{Workers: 2, TableBits: 12, MoveTime: 50 * time.Millisecond, ReviewNodes: 20_000}
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
	h.noSettle = true // the search below does not end until released
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

// TestBotHiddenGames: in jinchan the bot draws its secret at once and the game
// waits for the player's; in jieqi the bot plays and is sent no private board.
func TestBotHiddenGames(t *testing.T) {
	h := newHarness(t, withEngine(quickEngine()))
	out := h.say("alice", "/play jinchan level=2 side=black")
	mustContain(t, out, "I have chosen my secrets; alice chooses theirs privately")
	rec := h.game("1")
	if rec.Status != storage.StatusSetup || rec.Secrets["red"] == "" || rec.Secrets["black"] != "" {
		t.Fatalf("status %s secrets %v", rec.Status, rec.Secrets)
	}
	h.dm("alice", "/setup #1 real e11")
	if rec = h.game("1"); rec.Status != storage.StatusActive || h.replayed("1").Position().ToMove() != rules.Black {
		t.Fatalf("after the setup: %s, moves %v: the bot did not move", rec.Status, rec.Moves)
	}
	out = h.say("alice", "/play jieqi level=2")
	for i := 0; i < 3; i++ {
		g := h.replayed("2")
		for _, m := range g.Position().LegalMoves(nil) {
			if g.Legal(m) {
				out = append(out, h.say("alice", "/m #2 "+rules.FormatCoord(g.Position(), m))...)
				break
			}
		}
	}
	if rec = h.game("2"); len(rec.Moves) < 6 || h.replayed("2").Position().ToMove() != rules.Red {
		t.Fatalf("jieqi moves %v\n%s", rec.Moves, text(out))
	}
	for _, s := range h.plat.since(0) {
		if s.Private && s.To == rec.Players[1].UserID {
			t.Errorf("a private message to the bot: %q", s.Msg.Text)
		}
	}
}

// TestReview: a short game with a blunder (Black's chariot walks into a
// capture) is reviewed: the head, each side's costliest moves with the better
// one and the board before; a game being played and a hidden-piece game are
// refused with the reason.
func TestReview(t *testing.T) {
	h := newHarness(t, withEngine(quickEngine()), withRenderer(NewRenderer(render.Options{Width: 300})))
	out := h.say("alice", "/new xiangqi @bob")
	id := gameIDIn(t, out)
	h.say("bob", "/accept "+id)
	mustContain(t, h.say("alice", "/review #"+id), "still being played")
	for i, m := range []string{"h2e2", "h7h2", "b2h2"} {
		who := "alice"
		if i%2 == 1 {
			who = "bob"
		}
		h.say(who, m)
	}
	h.say("bob", "/resign")
	h.say("bob", "/resign yes")
	if rec := h.game(id); rec.Status != storage.StatusFinished {
		t.Fatalf("status %s", rec.Status)
	}
	out = h.say("alice", "/review #"+id)
	mustContain(t, out, "Reviewing game #"+id, "Review of game #"+id, "Black (bob), move 1: h7h2", "Better:")
	images := 0
	for _, s := range out {
		if len(s.Msg.Image) > 0 {
			images++
		}
	}
	if images == 0 {
		t.Errorf("no board image in the review:\n%s", text(out))
	}
	h.say("alice", "/play jieqi level=1 side=black")
	h.say("alice", "/resign #2")
	h.say("alice", "/resign #2 yes")
	mustContain(t, h.say("alice", "/review #2"), "I do not review Jieqi")
}

// TestExternalLevel: level 9 is the configured external engine, for standard
// xiangqi only; without one there is no level 9.
func TestExternalLevel(t *testing.T) {
	h := newHarness(t, withEngine(quickEngine()))
	mustContain(t, h.say("alice", "/play level=9"), "There is no level 9. Levels go from 1 (a beginner) to 8")
	calls := 0
	c := quickEngine()
	c.External = MoverFunc(func(ctx context.Context, g *rules.Game, level int, lim engine.Limits) (engine.Result, error) {
		calls++
		if level != ExternalLevel || lim.MoveTime == 0 {
			t.Errorf("level %d limits %+v", level, lim)
		}
		return engine.Result{Move: g.Position().LegalMoves(nil)[0]}, nil
	})
	h.engine = &c
	h.restart()
	mustContain(t, h.say("alice", "/play jieqi level=9"), "Level 9 is an outside engine that plays standard xiangqi only")
	mustContain(t, h.say("alice", "/play xiangqi level=9"), "Chuhe (level 9)")
	h.say("alice", "h2e2")
	if rec := h.game("1"); len(rec.Moves) != 2 || calls != 1 {
		t.Fatalf("moves %v, %d calls of the external engine", rec.Moves, calls)
	}
}

// TestBotTwinGames: two jinchan games against the bot that differ only in the
// player's secret (which general is real) get the same messages in the group,
// byte for byte: the bot's replies do not depend on what it cannot see. (Its
// search is bounded by the level's depth, not by the clock, so it repeats.)
func TestBotTwinGames(t *testing.T) {
	c := quickEngine()
	c.Workers, c.MoveTime = 1, time.Minute
	var hs [2]*harness
	var pub [2][]string
	keep := func(i int, out []sent) {
		for _, s := range out {
			if s.Chat == "group" {
				pub[i] = append(pub[i], s.Msg.Text)
			}
		}
	}
	for i, secret := range []string{"real e0", "real g0"} {
		hs[i] = newHarness(t, withEngine(c))
		keep(i, hs[i].say("alice", "/play jinchan level=3"))
		keep(i, hs[i].dm("alice", "/setup #1 "+secret))
	}
	turns, most := 0, 4
	if testing.Short() {
		most = 2
	}
	for ; turns < most; turns++ {
		g0, g1 := hs[0].replayed("1"), hs[1].replayed("1")
		if g0.Outcome().Over || g1.Outcome().Over {
			break
		}
		// The player's move: the first, by its text, legal in both games.
		var cands []string
		for _, m := range g0.Position().LegalMoves(nil) {
			if g0.Legal(m) {
				cands = append(cands, rules.FormatCoord(g0.Position(), m))
			}
		}
		sort.Strings(cands)
		text := ""
		for _, c := range cands {
			if m, err := rules.ParseMove(g1.Position(), c); err == nil && g1.Legal(m) {
				text = c
				break
			}
		}
		if text == "" {
			break
		}
		for i := range hs {
			keep(i, hs[i].say("alice", "/m #1 "+text))
		}
	}
	if turns < 2 {
		t.Fatalf("only %d turns were played", turns)
	}
	if a, b := strings.Join(pub[0], "\n---\n"), strings.Join(pub[1], "\n---\n"); a != b {
		t.Errorf("the group's messages differ with the player's secret:\n%s\n=====\n%s", a, b)
	}
}

// TestOneProcessSearchesAGame: two services on one store (two processes on
// one database) both find the bot's reply owed; while one searches it, the
// other does not search it too, and once it is played nothing is owed.
func TestOneProcessSearchesAGame(t *testing.T) {
	h := newHarness(t)
	started, release := make(chan struct{}), make(chan struct{})
	blocking := MoverFunc(func(ctx context.Context, g *rules.Game, level int, lim engine.Limits) (engine.Result, error) {
		close(started)
		<-release
		return engine.NewEngine(engine.Config{TableBits: 10, Level: level}).Choose(ctx, g, engine.Limits{Depth: 1})
	})
	h.engine = &EngineConfig{Workers: 1, Mover: blocking}
	h.noSettle = true
	h.restart()
	h.say("alice", "/play xiangqi level=1")
	h.say("alice", "h2e2")
	<-started
	var searched atomic.Int32
	other, err := New(Config{Store: h.store, Variants: h.reg, Renderer: h.svc.renderer, Logger: discardLogger(), Clock: h.clock,
		Engine: EngineConfig{Mover: MoverFunc(func(ctx context.Context, g *rules.Game, level int, lim engine.Limits) (engine.Result, error) {
			searched.Add(1)
			return engine.NewEngine(engine.Config{TableBits: 10, Level: level}).Choose(ctx, g, engine.Limits{Depth: 1})
		})}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	err = other.engineJob(ctx, "1")
	close(release)
	if err != nil {
		t.Fatal(err)
	}
	if n := searched.Load(); n != 0 {
		t.Fatalf("the other process searched the game the first one searches (%d times)", n)
	}
	h.svc.Settle(ctx)
	if rec := h.game("1"); len(rec.Moves) != 2 {
		t.Fatalf("the bot's reply did not land: %v", rec.Moves)
	}
	if err := other.engineJob(ctx, "1"); err != nil {
		t.Fatal(err)
	}
	if n := searched.Load(); n != 0 {
		t.Errorf("the other process searched a game whose reply was played (%d times)", n)
	}
}
