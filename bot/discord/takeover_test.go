package discord

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot/discord/discordtest"
)

// shardProcess is one bot process of a sharded bot in a test: its own store on
// the shared database, service, shard adapter and Takeover.
type shardProcess struct {
	handler *countingHandler
	to      *Takeover
	kill    func() // as SIGKILL: the store's connections go first, then the rest
}

func startShardProcess(t *testing.T, srv *discordtest.Server, dsn, schema string, shard int, holder string, logger *slog.Logger) *shardProcess {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	st, svc := shardService(ctx, t, dsn, schema, logger)
	h := &countingHandler{svc: svc}
	inbox := svc.Inbox(PlatformName)
	newShard := func(n int) (*Adapter, error) {
		cfg := Config{Token: strings.TrimPrefix(srv.Config().Token, "Bot "), GuildID: srv.Config().GuildID, ShardID: n, ShardCount: 2}
		a, err := New(cfg, h, logger, WithHTTPClient(srv.HTTPClient()), WithDialer(srv.Dialer()), WithBotName("Chuhe"))
		if err != nil {
			return nil, err
		}
		a.UseInbox(inbox)
		return a, nil
	}
	own, err := newShard(shard)
	if err != nil {
		t.Fatal(err)
	}
	svc.AddPlatform(own)
	to := NewTakeover(own, st, holder, newShard, logger)
	to.every, to.ttl = 100*time.Millisecond, 3*time.Second
	var wg sync.WaitGroup
	for _, run := range []func(context.Context) error{to.Run, svc.RunOutbox} {
		wg.Go(func() { _ = run(ctx) })
	}
	wg.Go(func() {
		for ctx.Err() == nil {
			_ = svc.Tick(ctx, time.Now())
			time.Sleep(200 * time.Millisecond)
		}
	})
	var once sync.Once
	p := &shardProcess{handler: h, to: to}
	p.kill = func() {
		once.Do(func() {
			_ = st.Close() // its leases end with its connections
			cancel()
			wg.Wait()
		})
	}
	t.Cleanup(p.kill)
	return p
}

// TestShardTakeover: two processes run shards 0 and 1 of 2 on one PostgreSQL
// database (the guild is shard 1's). The process of shard 1 is killed: the
// other takes over shard 1 (a gateway session of its own) and answers the
// guild; when shard 1's process is back, the stand-in gives the shard back.
func TestShardTakeover(t *testing.T) {
	dsn, schema := shardDB(t)
	srv, err := discordtest.New(discordtest.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	var players []discordtest.User
	for i := range 4 {
		u := discordtest.User{ID: fmt.Sprintf("1000000000000%05d", i), Username: fmt.Sprint("p", i), Name: fmt.Sprint("P", i)}
		srv.AddUser(u)
		players = append(players, u)
	}
	logger := slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	p0 := startShardProcess(t, srv, dsn, schema, 0, "process-0", logger)
	p1 := startShardProcess(t, srv, dsn, schema, 1, "process-1", logger)
	h := &harness{t: t, srv: srv, ch: srv.Config().ChannelID}
	wait := func(what string, cond func(v *discordtest.View) bool) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := srv.Wait(ctx, cond); err != nil {
			var tr string
			srv.Read(func(v *discordtest.View) { tr = v.Transcript(h.ch, players[0].ID) })
			t.Fatalf("waiting for %s: %v; the channel:\n%s", what, err, tr)
		}
	}
	// runs waits until each process runs the shards given (and nothing else).
	runs := func(what string, want map[*shardProcess][]int) {
		t.Helper()
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			ok := true
			for p, shards := range want {
				ok = ok && slices.Equal(p.to.shards(), shards)
			}
			if ok {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("waiting for %s", what)
			}
		}
		wait(what+": sessions connected", func(v *discordtest.View) bool {
			return v.ShardsConnected() == 2 && len(v.Commands(srv.Config().GuildID)) > 0
		})
	}
	var all []*shardProcess
	counts := func() []int32 {
		var out []int32
		for _, p := range all {
			out = append(out, p.handler.n.Load())
		}
		return out
	}
	all = append(all, p0, p1)
	runs("each process running its shard", map[*shardProcess][]int{p0: {0}, p1: {1}})
	challenges := 0
	challenge := func(by *shardProcess, a, b discordtest.User) {
		t.Helper()
		before := by.handler.n.Load()
		h.slash(a, "new", discordtest.UserOpt("opponent", b.ID), discordtest.Str("variant", "xiangqi"))
		challenges++
		// By game: a challenge the killed process posted but had not recorded
		// as posted is posted again by the other (delivery is at least once).
		wait(fmt.Sprint("challenge ", challenges), func(v *discordtest.View) bool {
			return countMessages(v, h.ch, a.ID, func(m *discordtest.Message) bool {
				return customID(*m, "accept:") == fmt.Sprint("accept:", challenges)
			}) > 0
		})
		if by.handler.n.Load() != before+1 {
			t.Errorf("challenge %d was not handled by the process expected (events handled by each: %v)", challenges, counts())
		}
	}
	challenge(p1, players[0], players[1])

	p1.kill()
	// Shard 1's session is gone; process 0 opens one of its own.
	runs("shard 1 taken over", map[*shardProcess][]int{p0: {0, 1}})
	challenge(p0, players[2], players[3])

	// Shard 1's process restarts; process 0 gives the shard back.
	p1b := startShardProcess(t, srv, dsn, schema, 1, "process-1-restarted", logger)
	all = append(all, p1b)
	runs("shard 1 given back", map[*shardProcess][]int{p0: {0}, p1b: {1}})
	challenge(p1b, players[1], players[2])
}

// grantAll grants every lease: one process alone.
type grantAll struct{}

func (grantAll) TakeLease(context.Context, string, string, time.Time, time.Time) (bool, error) {
	return true, nil
}
func (grantAll) ReleaseLease(context.Context, string, string) error { return nil }

// TestTakeoverEndsWhenItsShardCannotStart: a process whose own shard's first
// session fails (Discord refuses the token) stops with the error, as a bot
// without takeover does, rather than retrying for ever.
func TestTakeoverEndsWhenItsShardCannotStart(t *testing.T) {
	srv, err := discordtest.New(discordtest.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	cfg := Config{Token: "not-the-token", GuildID: srv.Config().GuildID, ShardID: 1, ShardCount: 2}
	newShard := func(n int) (*Adapter, error) {
		c := cfg
		c.ShardID = n
		return New(c, newRecorder(nil), nil, WithHTTPClient(srv.HTTPClient()), WithDialer(srv.Dialer()))
	}
	own, err := newShard(1)
	if err != nil {
		t.Fatal(err)
	}
	to := NewTakeover(own, grantAll{}, "p", newShard, nil)
	to.every = 50 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := to.Run(ctx); err == nil || ctx.Err() != nil {
		t.Fatalf("Run = %v (context: %v), want the shard's failure", err, ctx.Err())
	}
}
