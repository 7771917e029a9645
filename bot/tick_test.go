package bot

import (
	"context"
	"testing"
	"time"

	"github.com/chuhe/chuhe/storage"
)

// TestWakeAt: the wake time stored with a game is the first time Tick has
// something to do with it, never later (a deadline missed) and never earlier
// than needed (a tick reading it for nothing).
func TestWakeAt(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	corr := storage.TimeControl{Kind: storage.KindCorrespondence, PerMove: 72 * time.Hour}
	for _, c := range []struct {
		name string
		g    storage.Game
		want time.Time
	}{
		{"open challenge lapses after a week", storage.Game{Status: storage.StatusOpen, CreatedAt: t0}, t0.Add(challengeTTL)},
		{"setup deadline", storage.Game{Status: storage.StatusSetup, Clock: storage.Clock{Deadline: t0}}, t0},
		{"setup without deadline", storage.Game{Status: storage.StatusSetup}, time.Time{}},
		{"untimed game", storage.Game{Status: storage.StatusActive}, time.Time{}},
		{"live clock: the flag falls", storage.Game{Status: storage.StatusActive, Clock: storage.Clock{
			Control: storage.TimeControl{Kind: storage.KindLive, Base: time.Minute}, Deadline: t0}}, t0},
		{"correspondence: first reminder a day before", storage.Game{Status: storage.StatusActive, Clock: storage.Clock{
			Control: corr, Deadline: t0}}, t0.Add(-24 * time.Hour)},
		{"correspondence: half the time per move if less than a day", storage.Game{Status: storage.StatusActive, Clock: storage.Clock{
			Control: storage.TimeControl{Kind: storage.KindCorrespondence, PerMove: 20 * time.Hour}, Deadline: t0}}, t0.Add(-10 * time.Hour)},
		{"correspondence: twelve hours after the last reminder", storage.Game{Status: storage.StatusActive, Clock: storage.Clock{
			Control: corr, Deadline: t0, LastReminder: t0.Add(-20 * time.Hour)}}, t0.Add(-8 * time.Hour)},
		{"correspondence: no reminder left before the deadline", storage.Game{Status: storage.StatusActive, Clock: storage.Clock{
			Control: corr, Deadline: t0, LastReminder: t0.Add(-time.Hour)}}, t0},
		{"finished", storage.Game{Status: storage.StatusFinished, Clock: storage.Clock{Deadline: t0}}, time.Time{}},
		{"aborted", storage.Game{Status: storage.StatusAborted, CreatedAt: t0}, time.Time{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := wakeAt(&c.g)
			if !got.Equal(c.want) {
				t.Fatalf("wakeAt = %v, want %v", got, c.want)
			}
			if got.IsZero() {
				return
			}
			if tickDue(&c.g, got.Add(-time.Nanosecond)) {
				t.Errorf("due before its wake time")
			}
			if !tickDue(&c.g, got) {
				t.Errorf("not due at its wake time")
			}
		})
	}
}

// countingStore counts what Tick reads.
type countingStore struct {
	storage.Store
	active, due, chats int
}

func (c *countingStore) Chats(ctx context.Context) ([]*storage.Chat, error) {
	c.chats++
	return c.Store.Chats(ctx)
}

func (c *countingStore) ActiveGames(ctx context.Context) ([]*storage.Game, error) {
	c.active++
	return c.Store.ActiveGames(ctx)
}

func (c *countingStore) DueGames(ctx context.Context, now time.Time, limit int) ([]*storage.Game, error) {
	gs, err := c.Store.DueGames(ctx, now, limit)
	c.due += len(gs)
	return gs, err
}

// countingHarness is a harness whose service's store counts what Tick reads.
func countingHarness(t *testing.T) (*harness, *countingStore) {
	t.Helper()
	h := newHarness(t)
	cs := &countingStore{Store: h.store}
	svc, err := New(Config{Store: cs, Variants: h.reg, Clock: h.clock, Logger: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	svc.AddPlatform(h.plat)
	h.svc = svc
	return h, cs
}

// TestTickReadsOnlyDueGames: a tick with nothing due reads no game; a game
// stored without a wake time (by an older version, made due by the
// migration) is read once and then gets its own; the reminder and the
// timeout come at their times.
func TestTickReadsOnlyDueGames(t *testing.T) {
	h, cs := countingHarness(t)
	id := h.start("3d")
	h.say("alice", "h2e2")
	tick := func() []sent {
		t.Helper()
		cs.due = 0
		return h.tick()
	}
	if out := tick(); len(out) != 0 || cs.due != 0 {
		t.Fatalf("a tick with nothing due read %d games and sent %v", cs.due, out)
	}
	// As a game stored by an older version looks after the migration.
	g := h.game(id)
	g.Wake = time.Unix(1, 0).UTC()
	if err := h.store.UpdateGame(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	if out := tick(); len(out) != 0 || cs.due != 1 {
		t.Fatalf("the legacy game: read %d games, sent %v", cs.due, out)
	}
	if out := tick(); cs.due != 0 || len(out) != 0 {
		t.Fatalf("after its wake time was stored: read %d games, sent %v", cs.due, out)
	}
	h.clock.Advance(49 * time.Hour)
	mustContain(t, tick(), "it is your move in game #1", "left before you lose on time")
	if out := tick(); cs.due != 0 || len(out) != 0 {
		t.Fatalf("after the reminder: read %d games, sent %v", cs.due, out)
	}
	h.clock.Advance(24 * time.Hour)
	mustContain(t, tick(), "ran out of time")
	if cs.active != 0 || cs.chats != 0 {
		t.Errorf("Tick listed every active game %d times, every chat %d times", cs.active, cs.chats)
	}
}

// TestNewChallengeIsNotDue: a challenge is stored with its lapse as its wake
// time, counted from its creation, so no tick reads or rewrites it before then.
// (It was stored as due at once: another process's tick rewrote it while its
// Accept was being handled, and the Accept failed as "changed meanwhile".)
func TestNewChallengeIsNotDue(t *testing.T) {
	h, cs := countingHarness(t)
	id := gameIDIn(t, h.say("alice", "/new xiangqi @bob"))
	g := h.game(id)
	if want := g.CreatedAt.Add(challengeTTL); !g.Wake.Equal(want) {
		t.Errorf("challenge stored with wake time %v, want %v (created %v)", g.Wake, want, g.CreatedAt)
	}
	cs.due = 0
	h.tick()
	if cs.due != 0 {
		t.Errorf("a tick right after the challenge read %d games", cs.due)
	}
	if after := h.game(id); after.Version != g.Version {
		t.Errorf("a tick rewrote the new challenge: version %d, then %d", g.Version, after.Version)
	}
}
