package console_test

import (
	"bytes"
	"context"
	"github.com/chuhe/chuhe/variants"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/console"
	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/storage"
)

// defaultRegistry is variants.Default(), built once for the test binary:
// building it finalizes every variant, most of a small test's time, and a
// registry is read-only once built.
var defaultRegistry = sync.OnceValue(variants.Default)

// session is the bot with the console adapter on a real data file, a fake clock
// and the real renderer, driven line by line as a person at a terminal would.
type session struct {
	t     *testing.T
	dir   string
	clock *bot.FakeClock
	store *storage.Bolt
	svc   *bot.Service
	con   *console.Adapter
	out   *syncBuffer
	seen  int
	seed  uint64 // the bot's random source (7 unless newSeededSession says)
}

// syncBuffer is a bytes.Buffer safe for the adapter's writer and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var start = time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC)

func newSession(t *testing.T) *session { return newSeededSession(t, 7) }

// newSeededSession is a session whose bot draws its secrets (jieqi's shuffle)
// from a source seeded with seed.
func newSeededSession(t *testing.T, seed uint64) *session {
	s := &session{t: t, dir: t.TempDir(), clock: bot.NewFakeClock(start), out: &syncBuffer{}, seed: seed}
	s.open(nil)
	t.Cleanup(func() { _ = s.store.Close() })
	return s
}

// open starts the bot on the session's data folder; in is the console's input
// for Run (nil when the test feeds lines one by one).
func (s *session) open(in *strings.Reader) {
	st, err := storage.Open(filepath.Join(s.dir, "chuhe.db"), &storage.Options{Now: s.clock.Now})
	if err != nil {
		s.t.Fatal(err)
	}
	s.store = st
	s.svc, err = bot.New(bot.Config{Store: st, Variants: defaultRegistry(), Renderer: bot.NewRenderer(render.Options{Width: 360}),
		Clock: s.clock, Rand: rand.New(rand.NewPCG(s.seed, s.seed)), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		s.t.Fatal(err)
	}
	cfg := console.Config{Out: s.out, DataDir: s.dir, Now: s.clock.Now}
	if in != nil {
		cfg.In = in
	}
	s.con, err = console.New(cfg, s.svc)
	if err != nil {
		s.t.Fatal(err)
	}
	s.svc.AddPlatform(s.con)
}

// restart stops the bot (closing the data file) and starts a new one on it.
func (s *session) restart() {
	if err := s.store.Close(); err != nil {
		s.t.Fatal(err)
	}
	s.open(nil)
}

// say feeds one input line and returns what the console printed for it.
func (s *session) say(line string) string {
	s.con.Line(context.Background(), line)
	return s.news()
}

func (s *session) news() string {
	all := s.out.String()
	n := all[s.seen:]
	s.seen = len(all)
	return n
}

// tick runs the scheduler at the fake clock's time.
func (s *session) tick() string {
	if err := s.svc.Tick(context.Background(), s.clock.Now()); err != nil {
		s.t.Fatal(err)
	}
	return s.news()
}

func (s *session) moves(id string) int {
	g, err := s.store.Game(context.Background(), id)
	if err != nil {
		s.t.Fatal(err)
	}
	return len(g.Moves)
}

func expect(t *testing.T, got string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("output lacks %q:\n%s", w, got)
		}
	}
}

var imageLine = regexp.MustCompile(`\[chat\] image (\S+\.png)`)

// TestConsoleGames plays whole games through the console as alice and bob.
func TestConsoleGames(t *testing.T) {
	s := newSession(t)

	t.Run("challenge and accept", func(t *testing.T) {
		out := s.say("alice: /new xiangqi @bob side=red 2d")
		expect(t, out, "[chat] alice (Red) proposes a game of Xiangqi (象棋): game #1, 2 days per move.",
			"bob: press Accept", "[Accept] [accept:1]")
		out = s.say("bob: [accept:1]")
		expect(t, out, "[chat] image ", "Game #1 begins: alice (Red) against bob (Black).", "Red to move: alice",
			"  0  R N B A K A B N R  0")
		m := imageLine.FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("no image line in:\n%s", out)
		}
		if png, err := os.ReadFile(m[1]); err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
			t.Errorf("image %s: %v", m[1], err)
		}
		if filepath.Dir(m[1]) != filepath.Join(s.dir, "console") {
			t.Errorf("image written to %s", m[1])
		}
	})
	t.Run("moves in each notation", func(t *testing.T) {
		expect(t, s.say("alice: h2e2"), "Last move: h2e2 (炮二平五)", "Black to move: bob")    // plain coordinates
		expect(t, s.say("bob: /m H8+7"), "Last move: h9g7 (馬8進7)", "Red to move: alice")   // WXF
		expect(t, s.say("alice: /m 馬二進三"), "Last move: h0g2 (馬二進三)", "Black to move: bob") // Chinese
		expect(t, s.say("bob: /走 車9平8"), "Last move: i9h9 (車9平8)")                         // Chinese command, Chinese move
		if n := s.moves("1"); n != 4 {
			t.Errorf("%d moves stored", n)
		}
	})
	t.Run("an illegal move and a move out of turn change nothing", func(t *testing.T) {
		expect(t, s.say("alice: /m a0a5"), "[chat] a0a5 is not allowed", "Possible moves: a0a1 (車九進一), a0a2 (車九進二)")
		expect(t, s.say("bob: /m c6c5"), "It is not your turn in game #1: alice (Red) is to move. Nothing was changed.")
		expect(t, s.say("alice: /m e9e8"), "not allowed", "it is Red's turn")
		if n := s.moves("1"); n != 4 {
			t.Errorf("%d moves stored after refused moves", n)
		}
	})
	t.Run("draw offered and declined", func(t *testing.T) {
		expect(t, s.say("alice: /draw"), "alice (Red) offers a draw in game #1", "[draw:yes:1]", "[draw:no:1]")
		expect(t, s.say("bob: [draw:no:1]"), "bob declined the draw offer in game #1. Play goes on.")
	})
	t.Run("takeback", func(t *testing.T) {
		expect(t, s.say("alice: i0h0"), "Last move: i0h0 (車一平二)")
		expect(t, s.say("alice: /takeback"), "alice asks to take back their last move in game #1", "[takeback:yes:1]")
		out := s.say("bob: [takeback:yes:1]")
		expect(t, out, "Takeback in game #1: 1 move taken back.", "Last move: i9h9", "Red to move: alice")
		if n := s.moves("1"); n != 4 {
			t.Errorf("%d moves after the takeback", n)
		}
	})
	t.Run("resignation", func(t *testing.T) {
		expect(t, s.say("alice: /resign"), "Resign game #1 against bob?", "[resign:yes:1]")
		// Bob presses Alice's "Yes, resign": a line for him only, and nothing changes.
		out := s.say("bob: [resign:yes:1]")
		if out != "[dm bob] This question in game #1 is for alice; only they can answer it. Nothing was changed.\n" {
			t.Errorf("bob pressing alice's button printed:\n%s", out)
		}
		expect(t, s.say("carol: [resign:yes:1]"), "[dm carol] This question in game #1 is for alice")
		expect(t, s.say("alice: [resign:no:1]"), "game #1 goes on")
		expect(t, s.say("bob: /resign"), "Resign game #1 against alice?", "[resign:yes:1]")
		expect(t, s.say("bob: [resign:yes:1]"), "bob resigned game #1.", "alice (Red) wins by resignation · 1-0")
	})
	t.Run("checkmate with the result announced", func(t *testing.T) {
		s.say("bob: /new xiangqi @alice side=black")
		s.say("alice: /accept")
		expect(t, s.say("alice: C8.7"), "Game #2", "Last move: b2c2 (炮八平七)")
		expect(t, s.say("bob: 炮2平3"), "Last move: b7c7 (炮2平3)")
		expect(t, s.say("alice: /m c2c6"), "Last move: c2c6 (炮七進四)")
		expect(t, s.say("bob: /m A6+5"), "Last move: f9e8 (士6進5)")
		out := s.say("alice: 炮七進三")
		expect(t, out, "Last move: c6c9 (炮七進三)", "Game #2: alice (Red) wins by checkmate · 1-0")
		expect(t, s.say("alice: /export #2"), `[Result "1-0"]`, "1. b2c2 b7c7 2. c2c6 f9e8 3. c6c9 1-0")
	})
	t.Run("a correspondence timeout, with a reminder first", func(t *testing.T) {
		s.say("alice: /new xiangqi @bob side=red 1d")
		s.say("bob: /accept 3")
		s.say("alice: h2e2")
		s.clock.Advance(10 * time.Hour)
		if out := s.tick(); out != "" {
			t.Errorf("reminder too early:\n%s", out)
		}
		s.clock.Advance(3 * time.Hour)
		expect(t, s.tick(), "[chat] bob, it is your move in game #3 against alice: 11h 0m left before you lose on time.")
		s.clock.Advance(11*time.Hour + time.Minute)
		out := s.tick()
		expect(t, out, "Game #3: bob (Black) ran out of time.", "alice (Red) wins by time (the opponent ran out) · 1-0")
		if s.tick() != "" {
			t.Error("the timeout was announced twice")
		}
	})
	t.Run("games and help", func(t *testing.T) {
		expect(t, s.say("bob: /games"), "You have no games going on")
		expect(t, s.say("bob: /help"), "/new", "/takeback")
		expect(t, s.say("bob (dm): /m h2e2"), "[dm bob] Games are played in group chats")
	})
}

// TestConsoleRestart stops and restarts the bot in the middle of a game.
func TestConsoleRestart(t *testing.T) {
	s := newSession(t)
	s.say("alice: /new xiangqi @bob side=red 3d")
	s.say("bob: /accept")
	s.say("alice: h2e2")
	s.say("alice: /takeback") // a pending request survives too
	s.restart()
	expect(t, s.say("carol: /board #1"), "Last move: h2e2 (炮二平五)", "Black to move: bob", "Takeback asked by alice")
	expect(t, s.say("bob: /takeback no"), "bob refused the takeback")
	expect(t, s.say("bob: h9g7"), "Last move: h9g7", "Red to move: alice")
	s.restart()
	s.clock.Advance(72*time.Hour + time.Minute)
	expect(t, s.tick(), "alice (Red) ran out of time", "bob (Black) wins")
}

// TestConsoleScript pipes a whole session through Run: it ends at the end of
// the input, after answering every line.
func TestConsoleScript(t *testing.T) {
	s := &session{t: t, dir: t.TempDir(), clock: bot.NewFakeClock(start), out: &syncBuffer{}}
	script := strings.Join([]string{
		"# a scripted game",
		"alice: /new xiangqi @bob",
		"",
		"bob: /accept",
		"alice: h2e2",
		"bob: h9g7",
		"what is this line",
		"bob (dm): /peek",
		"alice: /resign yes",
	}, "\n")
	s.open(strings.NewReader(script))
	defer s.store.Close()
	done := make(chan error, 1)
	go func() { done <- s.con.Run(context.Background()) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not return at the end of its input")
	}
	out := s.out.String()
	expect(t, out, "Game #1 begins", "Last move: h9g7", "[console] cannot read that line",
		"[dm bob] image", "[dm bob] Your board in game #1 (you play Black).", "alice resigned game #1")
	if strings.Contains(out, "a scripted game") {
		t.Error("a comment was handled")
	}
}

// TestConsolePrivateAfterStart: with PrivateAfterStart, a private board needs the
// user to open the private chat first, as on Telegram.
func TestConsolePrivateAfterStart(t *testing.T) {
	dir := t.TempDir()
	st, err := storage.Open(filepath.Join(dir, "chuhe.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc, err := bot.New(bot.Config{Store: st, Variants: defaultRegistry(), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	var out syncBuffer
	con, err := console.New(console.Config{Out: &out, DataDir: dir, PrivateAfterStart: true}, svc)
	if err != nil {
		t.Fatal(err)
	}
	svc.AddPlatform(con)
	ctx := context.Background()
	con.Line(ctx, "alice: /new xiangqi @bob")
	con.Line(ctx, "bob: /accept")
	con.Line(ctx, "bob: /peek")
	expect(t, out.String(), "bob, I cannot send you your own board of game #1 privately",
		"[Open private chat] console: NAME (dm): /start g_1")
	con.Line(ctx, "bob (dm): /start g_1")
	expect(t, out.String(), "[dm bob] Your board in game #1")
	// A pop-up needs no private chat: carol, who never wrote privately, sees hers.
	con.Line(ctx, "carol: [peek:1]")
	expect(t, out.String(), "[dm carol] Only the players of game #1")
}

// TestImagesAreNeverOverwritten: a second run on the same data folder numbers
// its images on from the first run's, which stay as they were (issue 13).
func TestImagesAreNeverOverwritten(t *testing.T) {
	s := newSession(t)
	first := imageLine.FindAllStringSubmatch(s.say("alice: /new xiangqi @bob")+s.say("bob: /accept"), -1)
	if len(first) == 0 {
		t.Fatal("no image in the first run")
	}
	before, err := os.ReadFile(first[0][1])
	if err != nil {
		t.Fatal(err)
	}
	s.restart()
	second := imageLine.FindAllStringSubmatch(s.say("alice: /board")+s.say("alice: /board")+s.say("alice: h2e2"), -1)
	if len(second) == 0 {
		t.Fatal("no image in the second run")
	}
	for _, a := range first {
		for _, b := range second {
			if a[1] == b[1] {
				t.Errorf("the second run wrote %s again", b[1])
			}
		}
	}
	after, err := os.ReadFile(first[0][1])
	if err != nil || !bytes.Equal(before, after) {
		t.Errorf("the first run's image changed (err %v)", err)
	}
}
