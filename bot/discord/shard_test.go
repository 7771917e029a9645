package discord

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/discord/discordtest"
	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/storage/postgres"
)

// shardDB is a fresh schema of the test PostgreSQL database (dropped at the
// end), or skips the test when none answers (CHUHE_TEST_POSTGRES set: fails).
func shardDB(t *testing.T) (dsn, schema string) {
	t.Helper()
	dsn = os.Getenv("CHUHE_TEST_POSTGRES")
	required := dsn != ""
	if !required {
		dsn = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		if required {
			t.Fatalf("CHUHE_TEST_POSTGRES is set but the database does not answer: %v", err)
		}
		t.Skipf("PostgreSQL tests skipped: no server at %s (%v); set CHUHE_TEST_POSTGRES to run them", dsn, err)
	}
	schema = fmt.Sprintf("chuhe_shards_%d", time.Now().UnixNano())
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, _ = conn.Exec(ctx, `DROP SCHEMA IF EXISTS `+schema+` CASCADE`)
		_ = conn.Close(ctx)
	})
	return dsn, schema
}

// shardService is one process's store on the shared database and its service.
func shardService(ctx context.Context, t *testing.T, dsn, schema string, logger *slog.Logger) (*postgres.Store, *bot.Service) {
	t.Helper()
	st, err := postgres.Open(ctx, dsn, &postgres.Options{Schema: schema, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	svc, err := bot.New(bot.Config{Store: st, Renderer: bot.NewRenderer(render.Options{Width: 240}), BotName: "Chuhe", Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	return st, svc
}

// countingHandler counts the events a process's adapter got.
type countingHandler struct {
	svc *bot.Service
	n   atomic.Int32
}

func (c *countingHandler) Handle(ctx context.Context, ev bot.Event, r bot.Replier) {
	c.n.Add(1)
	c.svc.Handle(ctx, ev, r)
}

// TestShardsOnOneDatabase: two processes, shard 0 and shard 1 of 2, each
// with its own store on one PostgreSQL database, as Discord splits a big bot.
// The guild's interactions go to its shard's process only; the other process
// ticks and delivers from the same outbox. Six games played at once, move for
// move: every move stored once, every board posted once.
//
// It once failed now and then under load: a new challenge was stored as due
// at once, shard 0's tick rewrote it, and shard 1's Accept, handled meanwhile,
// was refused as "changed meanwhile" (seen by the accepting player only). On a
// failure the channel is shown as each accepting player sees it.
func TestShardsOnOneDatabase(t *testing.T) {
	dsn, schema := shardDB(t)
	srv, err := discordtest.New(discordtest.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	const games = 6
	var players [][2]discordtest.User
	for i := range games {
		u := func(n int) discordtest.User {
			u := discordtest.User{ID: fmt.Sprintf("1000000000000%05d", n), Username: fmt.Sprint("p", n), Name: fmt.Sprint("P", n)}
			srv.AddUser(u)
			return u
		}
		players = append(players, [2]discordtest.User{u(2 * i), u(2*i + 1)})
	}
	logger := slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	t.Cleanup(func() { cancel(); wg.Wait() })
	var handlers [2]*countingHandler
	for shard := range 2 {
		st, svc := shardService(ctx, t, dsn, schema, logger)
		handlers[shard] = &countingHandler{svc: svc}
		cfg := Config{Token: strings.TrimPrefix(srv.Config().Token, "Bot "), GuildID: srv.Config().GuildID, ShardID: shard, ShardCount: 2}
		a, err := New(cfg, handlers[shard], logger, WithHTTPClient(srv.HTTPClient()), WithDialer(srv.Dialer()), WithBotName("Chuhe"))
		if err != nil {
			t.Fatal(err)
		}
		a.UseInbox(svc.Inbox(a.Name()))
		svc.AddPlatform(a)
		for _, run := range []func(context.Context) error{a.Run, svc.RunOutbox} {
			wg.Go(func() { _ = run(ctx) })
		}
		wg.Go(func() { // the process's clock, as cmd/bot ticks it
			for ctx.Err() == nil {
				_ = svc.Tick(ctx, time.Now())
				time.Sleep(200 * time.Millisecond)
			}
		})
		t.Cleanup(func() { _ = st.Close() })
	}
	h := &harness{t: t, srv: srv, ch: srv.Config().ChannelID}
	// Two processes and a database on a busy machine: waits longer than the
	// other tests' (an interaction is acknowledged at once all the same).
	wait := func(what string, cond func(v *discordtest.View) bool) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := srv.Wait(ctx, cond); err != nil {
			var tr string
			srv.Read(func(v *discordtest.View) {
				tr = v.Transcript(h.ch, players[0][0].ID)
				for _, p := range players {
					tr += "\n--- as " + p[1].Name + " sees it:\n" + v.Transcript(h.ch, p[1].ID)
				}
			})
			t.Fatalf("waiting for %s: %v (handled: %d, %d); the channel:\n%s", what, err, handlers[0].n.Load(), handlers[1].n.Load(), tr)
		}
	}
	wait("both shards connected, commands registered", func(v *discordtest.View) bool {
		return v.ShardsConnected() == 2 && len(v.Commands(srv.Config().GuildID)) > 0
	})

	// The games, set up one after the other (so each accept button is known).
	for i, p := range players {
		h.slash(p[0], "new", discordtest.UserOpt("opponent", p[1].ID), discordtest.Str("variant", "xiangqi"))
		wait(fmt.Sprint("challenge ", i+1), func(v *discordtest.View) bool {
			return countMessages(v, h.ch, p[1].ID, func(m *discordtest.Message) bool { return customID(*m, "accept:") != "" }) == i+1
		})
		var accept discordtest.Message
		srv.Read(func(v *discordtest.View) {
			for _, m := range v.Messages(h.ch, p[1].ID) {
				if customID(*m, "accept:") != "" {
					accept = *m
				}
			}
		})
		h.press(p[1], accept.ID, customID(accept, "accept:"))
		wait(fmt.Sprint("board of game ", i+1), func(v *discordtest.View) bool {
			return countMessages(v, h.ch, p[1].ID, hasImageP) >= i+1 // one more is caught below
		})
	}
	// Then the moves, every game's at once, round by round.
	for k, mv := range []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"} {
		for _, p := range players {
			h.slash(p[k%2], "move", discordtest.Str("move", mv))
		}
		wait("the boards after "+mv, func(v *discordtest.View) bool {
			return countMessages(v, h.ch, players[0][0].ID, func(m *discordtest.Message) bool {
				return hasImageP(m) && strings.Contains(m.Content, "Last move: "+mv)
			}) >= games
		})
	}
	time.Sleep(300 * time.Millisecond) // a board posted twice would show by now
	srv.Read(func(v *discordtest.View) {
		if n := countMessages(v, h.ch, players[0][0].ID, hasImageP); n != games*7 {
			t.Errorf("%d boards in the channel, want %d (one per game and move)", n, games*7)
		}
	})
	if g0, g1 := handlers[0].n.Load(), handlers[1].n.Load(); g0 != 0 || g1 != games*(2+6) {
		t.Errorf("shard 0 handled %d interactions, shard 1 %d; want 0 and %d (the guild is shard 1's)", g0, g1, games*8)
	}
	st, err := postgres.Open(ctx, dsn, &postgres.Options{Schema: schema, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for i := range games {
		g, err := st.Game(ctx, fmt.Sprint(i+1))
		if err != nil {
			t.Fatal(err)
		}
		var moves []string
		for _, m := range g.Moves {
			moves = append(moves, m.Text)
		}
		if got := strings.Join(moves, " "); got != "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7" {
			t.Errorf("game %s: moves %q", g.ID, got)
		}
	}
}

func hasImageP(m *discordtest.Message) bool { return len(m.Files) > 0 }

func countMessages(v *discordtest.View, ch, viewer string, match func(m *discordtest.Message) bool) int {
	n := 0
	for _, m := range v.Messages(ch, viewer) {
		if match(m) {
			n++
		}
	}
	return n
}
