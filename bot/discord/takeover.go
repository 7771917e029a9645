package discord

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"
)

// Leases are the store's named leases (storage.Store has them): a lease lives
// until its time runs out or the process that took it dies.
type Leases interface {
	TakeLease(ctx context.Context, key, holder string, now, until time.Time) (bool, error)
	ReleaseLease(ctx context.Context, key, holder string) error
}

// Shard leases: "discord/shard/N" is held by the process running shard N's
// gateway session; "discord/home/N" by the process configured for shard N
// while it lives, so that one standing in for it gives the shard back.
func shardKey(n int) string { return fmt.Sprintf("discord/shard/%d", n) }
func homeKey(n int) string  { return fmt.Sprintf("discord/home/%d", n) }

// Takeover timing: a process renews its leases every TakeoverEvery, each for
// TakeoverLease. A process that dies loses its leases at once on PostgreSQL
// (with its connection), one that hangs after TakeoverLease; either way its
// shard is taken over within TakeoverEvery after that.
const (
	TakeoverEvery = 5 * time.Second
	TakeoverLease = 30 * time.Second
)

// Takeover runs the shards of a bot split over processes on one store
// (Config.ShardID of ShardCount) so that a shard whose process died does not
// wait for that process's restart: every process runs its own shard and, while
// another shard's process is gone, that shard too, with its own gateway
// session; when the shard's own process is back, the stand-in gives it back.
// Events of the dead process kept in the inbox are handled by the shard's new
// session as it starts (Adapter.UseInbox).
type Takeover struct {
	cfg    Config
	leases Leases
	holder string
	own    *Adapter
	make   func(shard int) (*Adapter, error)
	log    *slog.Logger
	every  time.Duration
	ttl    time.Duration
	now    func() time.Time

	// failed gets the error of the own adapter's run, the first session
	// (a bad token, Discord refusing): it ends Run, and the bot, as an
	// adapter's failure does without takeover. Later sessions are retried.
	failed chan error

	mu      sync.Mutex
	running map[int]*shardRun
}

type shardRun struct {
	stop context.CancelFunc
	done chan struct{}
}

// NewTakeover runs own (the adapter of cfg.ShardID, the service's platform)
// under a shard lease, and makes an adapter with newShard for a shard it takes
// over (newShard gets the shard id; the adapter must use the same inbox). holder
// names this process's leases and must be unique among the processes.
func NewTakeover(own *Adapter, leases Leases, holder string, newShard func(shard int) (*Adapter, error), logger *slog.Logger) *Takeover {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Takeover{cfg: own.cfg, leases: leases, holder: holder, own: own, make: newShard,
		log: logger.With("platform", PlatformName), every: TakeoverEvery, ttl: TakeoverLease, now: time.Now,
		running: map[int]*shardRun{}, failed: make(chan error, 1)}
}

// Name is the platform's name, as the adapter's.
func (t *Takeover) Name() string { return PlatformName }

// Run keeps the leases until ctx ends, then stops every shard it runs and
// gives its leases up.
func (t *Takeover) Run(ctx context.Context) error {
	count := max(t.cfg.ShardCount, 1)
	tick := time.NewTicker(t.every)
	defer tick.Stop()
	for {
		t.round(ctx, count)
		select {
		case <-ctx.Done():
			t.stopAll()
			return nil
		case err := <-t.failed:
			t.stopAll()
			return err
		case <-tick.C:
		}
	}
}

// round renews this process's leases once, gives back the shards whose own
// process lives again and takes the shards nobody runs.
func (t *Takeover) round(ctx context.Context, count int) {
	own := t.cfg.ShardID
	if _, err := t.take(ctx, homeKey(own)); err != nil {
		t.log.Warn("shard takeover: presence lease", "shard", own, "err", err)
	}
	for n := range count {
		if ctx.Err() != nil {
			return
		}
		run := t.get(n)
		if run != nil && n != own && t.homeAlive(ctx, n) {
			t.log.Info("shard takeover: giving the shard back to its process", "shard", n)
			t.stop(n)
			_ = t.leases.ReleaseLease(ctx, shardKey(n), t.holder)
			continue
		}
		if run == nil && n != own && t.homeAlive(ctx, n) {
			continue // its process runs it, or is about to
		}
		ok, err := t.take(ctx, shardKey(n))
		switch {
		case err != nil:
			t.log.Warn("shard takeover: shard lease", "shard", n, "err", err)
		case !ok && run != nil:
			// This process stalled past its lease and another took the shard.
			t.log.Warn("shard takeover: lease lost; closing the shard's session", "shard", n)
			t.stop(n)
		case ok && run == nil:
			if n != own {
				t.log.Warn("shard takeover: the shard's process is gone; running the shard here", "shard", n)
			}
			t.start(ctx, n)
		}
	}
}

func (t *Takeover) take(ctx context.Context, key string) (bool, error) {
	now := t.now()
	return t.leases.TakeLease(ctx, key, t.holder, now, now.Add(t.ttl))
}

// homeAlive reports whether shard n's own process lives (holds its presence
// lease). Asking takes the lease when it is free; it is given up at once.
func (t *Takeover) homeAlive(ctx context.Context, n int) bool {
	ok, err := t.take(ctx, homeKey(n))
	if err != nil {
		return true // in doubt, leave the shard to its process
	}
	if ok {
		_ = t.leases.ReleaseLease(ctx, homeKey(n), t.holder)
	}
	return !ok
}

// shards lists the shards this process runs now, in order.
func (t *Takeover) shards() []int {
	t.mu.Lock()
	defer t.mu.Unlock()
	var ns []int
	for n := range t.running {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	return ns
}

func (t *Takeover) get(n int) *shardRun {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.running[n]
}

// start opens shard n's gateway session: the own adapter the first time,
// a new one after (an adapter runs once).
func (t *Takeover) start(ctx context.Context, n int) {
	var a *Adapter
	first := false
	t.mu.Lock()
	if n == t.cfg.ShardID && t.own != nil {
		a, t.own, first = t.own, nil, true
	}
	t.mu.Unlock()
	if a == nil {
		var err error
		if a, err = t.make(n); err != nil {
			t.log.Error("shard takeover: make the shard's adapter", "shard", n, "err", err)
			_ = t.leases.ReleaseLease(ctx, shardKey(n), t.holder)
			return
		}
	}
	rctx, cancel := context.WithCancel(ctx)
	run := &shardRun{stop: cancel, done: make(chan struct{})}
	t.mu.Lock()
	t.running[n] = run
	t.mu.Unlock()
	go func() {
		defer close(run.done)
		err := a.Run(rctx)
		if err != nil && first {
			t.failed <- err
		} else if err != nil {
			t.log.Error("shard takeover: the shard's session failed", "shard", n, "err", err)
		}
		t.mu.Lock()
		if t.running[n] == run {
			delete(t.running, n)
		}
		t.mu.Unlock()
		if ctx.Err() == nil { // a failed session: let any process try again
			_ = t.leases.ReleaseLease(context.WithoutCancel(ctx), shardKey(n), t.holder)
		}
	}()
}

// stop closes shard n's session and waits for its events being handled.
func (t *Takeover) stop(n int) {
	t.mu.Lock()
	run := t.running[n]
	delete(t.running, n)
	t.mu.Unlock()
	if run != nil {
		run.stop()
		<-run.done
	}
}

func (t *Takeover) stopAll() {
	t.mu.Lock()
	var ns []int
	for n := range t.running {
		ns = append(ns, n)
	}
	t.mu.Unlock()
	for _, n := range ns {
		t.stop(n)
	}
	// Released with a fresh context: the shards are free for the others now,
	// not when the leases run out.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, n := range ns {
		_ = t.leases.ReleaseLease(ctx, shardKey(n), t.holder)
	}
	_ = t.leases.ReleaseLease(ctx, homeKey(t.cfg.ShardID), t.holder)
}
