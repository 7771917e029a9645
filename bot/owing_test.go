package bot

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chuhe/chuhe/puzzle"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// errCrashed is what a store call gets after crashStore's crash.
var errCrashed = errors.New("storage: the process is gone")

// crashStore models a crash right after a game write: once armed, the first
// game write that lands ends the process there. Every later write fails and the
// platform is dead, so nothing the event did afterwards lasts or is seen: what
// survives is what that write's own transaction held.
type crashStore struct {
	storage.Store
	plat    *fakePlatform
	armed   atomic.Bool
	crashed atomic.Bool
}

func (c *crashStore) gameWritten(err error) error {
	if err == nil && c.armed.Load() {
		c.crashed.Store(true)
		c.plat.setDead(true)
	}
	return err
}

func (c *crashStore) gone() error {
	if c.crashed.Load() {
		return errCrashed
	}
	return nil
}

func (c *crashStore) ChangeGame(ctx context.Context, gc storage.GameChange) (*storage.Game, []*storage.OutboxEntry, error) {
	if err := c.gone(); err != nil {
		return nil, nil, err
	}
	g, es, err := c.Store.ChangeGame(ctx, gc)
	return g, es, c.gameWritten(err)
}

func (c *crashStore) UpdateGame(ctx context.Context, g *storage.Game) error {
	if err := c.gone(); err != nil {
		return err
	}
	return c.gameWritten(c.Store.UpdateGame(ctx, g))
}

func (c *crashStore) AppendMove(ctx context.Context, id string, v uint64, mv storage.MoveRecord, mutate func(*storage.Game) error) (*storage.Game, error) {
	if err := c.gone(); err != nil {
		return nil, err
	}
	g, err := c.Store.AppendMove(ctx, id, v, mv, mutate)
	return g, c.gameWritten(err)
}

func (c *crashStore) CreateGame(ctx context.Context, g *storage.Game) error {
	if err := c.gone(); err != nil {
		return err
	}
	return c.gameWritten(c.Store.CreateGame(ctx, g))
}

func (c *crashStore) Enqueue(ctx context.Context, es []*storage.OutboxEntry, consumed ...storage.ValueRef) error {
	return cmpErr(c.gone(), func() error { return c.Store.Enqueue(ctx, es, consumed...) })
}

func (c *crashStore) ClaimOutbox(ctx context.Context, cl storage.OutboxClaim) ([]*storage.OutboxEntry, error) {
	if err := c.gone(); err != nil {
		return nil, err
	}
	return c.Store.ClaimOutbox(ctx, cl)
}

func (c *crashStore) FinishOutbox(ctx context.Context, holder string, rs []storage.OutboxResult) error {
	return cmpErr(c.gone(), func() error { return c.Store.FinishOutbox(ctx, holder, rs) })
}

func (c *crashStore) RecordSent(ctx context.Context, sent []storage.SentMessage) error {
	return cmpErr(c.gone(), func() error { return c.Store.RecordSent(ctx, sent) })
}

func (c *crashStore) PutValue(ctx context.Context, bucket, key string, v any) error {
	return cmpErr(c.gone(), func() error { return c.Store.PutValue(ctx, bucket, key, v) })
}

func (c *crashStore) PutValues(ctx context.Context, bucket string, vs []storage.Value) error {
	return cmpErr(c.gone(), func() error { return c.Store.PutValues(ctx, bucket, vs) })
}

func (c *crashStore) DeleteValue(ctx context.Context, bucket, key string) error {
	return cmpErr(c.gone(), func() error { return c.Store.DeleteValue(ctx, bucket, key) })
}

func (c *crashStore) UpdateUser(ctx context.Context, platform, id string, fn func(*storage.User) error) (*storage.User, error) {
	if err := c.gone(); err != nil {
		return nil, err
	}
	return c.Store.UpdateUser(ctx, platform, id, fn)
}

func (c *crashStore) UpdateChat(ctx context.Context, platform, id string, fn func(*storage.Chat) error) (*storage.Chat, error) {
	if err := c.gone(); err != nil {
		return nil, err
	}
	return c.Store.UpdateChat(ctx, platform, id, fn)
}

func cmpErr(err error, f func() error) error {
	if err != nil {
		return err
	}
	return f()
}

// crashCase is one command whose game write is followed by a crash.
type crashCase struct {
	name    string
	options []harnessOption
	// before runs on the harness (no crash); it returns the game's id.
	before func(h *harness) string
	// user presses button (with "#ID" put in for the game's id) or writes text.
	user, text, button string
	// tick, instead of an event, runs Tick this far in the future; a negative
	// tick lets that much time pass before the event.
	tick time.Duration
	want []string
	// private counts the private messages owed (setup questions).
	private int
}

// TestOwedSurviveCrashAfterWrite: every announcement of a game change (a
// challenge made, taken, declined, withdrawn or lapsed; a move too late; a draw or takeback offered,
// answered or withdrawn; a resignation, an abort; the start of a setup with its
// private questions) is in the store together with the change: a crash right
// after the game write loses none of them; the next start posts them, once;
// and the event's inbox record went with the change, so it is not handled
// again.
func TestOwedSurviveCrashAfterWrite(t *testing.T) {
	started := func(h *harness) string { return h.start("") }
	challenged := func(h *harness) string {
		return gameIDIn(h.t, h.say("alice", "/new xiangqi @bob"))
	}
	drawOffered := func(h *harness) string { id := h.start(""); h.say("alice", "/draw"); return id }
	moved := func(h *harness) string { id := h.start(""); h.say("alice", "/m h2e2"); return id }
	takebackAsked := func(h *harness) string { id := moved(h); h.say("alice", "/takeback"); return id }
	cases := []crashCase{
		{name: "challenge", before: func(*harness) string { return "" }, user: "alice", text: "/new xiangqi @bob",
			want: []string{"alice (Red) proposes a game of Xiangqi", "game #1", "bob: press Accept, or write /accept 1"}},
		{name: "accept", before: challenged, user: "bob", text: "/accept",
			want: []string{"Game #1 begins: alice (Red) against bob (Black)."}},
		{name: "decline", before: challenged, user: "bob", text: "/decline",
			want: []string{"bob declined challenge #1 from alice."}},
		{name: "decline by button", before: challenged, user: "bob", button: "decline:#ID",
			want: []string{"bob declined challenge #1 from alice."}},
		{name: "cancel", before: func(h *harness) string { return gameIDIn(h.t, h.say("alice", "/new xiangqi")) },
			user: "alice", text: "/cancel", want: []string{"Challenge #1 withdrawn."}},
		{name: "lapse", before: challenged, tick: 8 * 24 * time.Hour, want: []string{"Challenge #1 lapsed"}},
		{name: "draw offer", before: started, user: "alice", text: "/draw",
			want: []string{"alice (Red) offers a draw in game #1."}},
		{name: "draw accepted", before: drawOffered, user: "bob", button: "draw:yes:#ID",
			want: []string{"Draw agreed in game #1."}},
		{name: "draw declined", before: drawOffered, user: "bob", text: "/draw no",
			want: []string{"bob declined the draw offer in game #1."}},
		{name: "draw withdrawn", before: drawOffered, user: "alice", text: "/draw no",
			want: []string{"alice withdrew the draw offer in game #1."}},
		{name: "takeback asked", before: moved, user: "alice", text: "/takeback",
			want: []string{"alice asks to take back their last move in game #1."}},
		{name: "takeback accepted", before: takebackAsked, user: "bob", text: "/takeback",
			want: []string{"Takeback in game #1: 1 move taken back."}},
		{name: "takeback refused", before: takebackAsked, user: "bob", button: "takeback:no:#ID",
			want: []string{"bob refused the takeback in game #1."}},
		{name: "takeback withdrawn", before: takebackAsked, user: "alice", text: "/takeback no",
			want: []string{"alice withdrew the takeback request in game #1."}},
		{name: "resign", before: func(h *harness) string { id := h.start(""); h.say("alice", "/resign"); return id },
			user: "alice", text: "/resign yes", want: []string{"alice resigned game #1."}},
		{name: "abort", before: started, user: "alice", text: "/abort",
			want: []string{"Game #1 was aborted by alice."}},
		{name: "move too late", before: started, user: "alice", text: "/m h2e2", tick: -4 * 24 * time.Hour,
			want: []string{"Too late: your time in game #1 ran out before this move."}},
		{name: "setup", before: func(h *harness) string {
			if !defaultRegistry().IsOption("fuhe") {
				h.t.Skip("no fuhe option")
			}
			return gameIDIn(h.t, h.say("alice", "/new xiangqi fuhe @bob side=red"))
		}, user: "bob", text: "/accept", want: []string{"First each player chooses a secret setup"}, private: 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { crashAfterWrite(t, c) })
	}
}

func crashAfterWrite(t *testing.T, c crashCase) {
	h := newHarness(t, c.options...)
	id := c.before(h)
	cs := &crashStore{Store: h.store, plat: h.plat}
	svc, err := New(Config{Store: cs, Variants: h.reg, Clock: h.clock, Rand: rand.New(rand.NewPCG(1, 2)), Logger: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	svc.AddPlatform(h.plat)
	ctx := context.Background()
	n := h.plat.count()
	cs.armed.Store(true)
	if c.tick < 0 { // time passes, and the event comes before any Tick
		h.clock.Advance(-c.tick)
	}
	if c.tick > 0 {
		h.clock.Advance(c.tick)
		_ = svc.Tick(ctx, h.clock.Now()) // its delivery fails: the process is gone
	} else {
		ev := h.event(c.user, c.text, false)
		ev.Button = strings.ReplaceAll(c.button, "#ID", id)
		// Kept in the inbox first, as an adapter does before acknowledging it.
		raw, _ := json.Marshal(map[string]string{"text": c.text, "button": ev.Button})
		in := []Inbound{{Key: "000000000042", Data: raw}}
		if err := svc.Inbox("test").Keep(ctx, in, ""); err != nil {
			t.Fatal(err)
		}
		ev.Inbound = in[0].Key
		svc.Handle(ctx, ev, fakeReplier{p: h.plat, ev: ev})
	}
	if !cs.crashed.Load() {
		t.Fatal("no game write happened")
	}
	if got := h.plat.since(n); len(got) != 0 {
		t.Fatalf("a dead platform delivered: %s", text(got))
	}

	h.plat.setDead(false)
	h.restart()
	if pending, _, err := h.svc.Inbox("test").Pending(ctx); err != nil || len(pending) != 0 {
		t.Errorf("the event's inbox record outlived its game write (%d left, %v): it would be handled twice", len(pending), err)
	}
	h.clock.Advance(time.Minute)
	h.deliver()
	out := h.plat.since(n)
	mustContain(t, out, c.want...)
	public, private := 0, 0
	for _, s := range out {
		if s.Private {
			private++
		} else {
			public++
		}
	}
	if public != 1 || private != c.private {
		t.Errorf("after the restart %d public and %d private messages, want 1 and %d:\n%s", public, private, c.private, text(out))
	}
	h.clock.Advance(time.Hour)
	m := h.plat.count()
	h.deliver()
	if again := h.plat.since(m); len(again) != 0 {
		t.Errorf("sent again: %s", text(again))
	}
}

// slowPrivate is a replier whose private replies wait until release (a slow
// platform), after saying that one began; fail makes them fail instead.
type slowPrivate struct {
	fakeReplier
	began   chan struct{}
	release chan struct{}
	fail    error
}

func (r slowPrivate) ReplyPrivately(ctx context.Context, m Message) (MessageRef, error) {
	if r.fail != nil {
		return MessageRef{}, r.fail
	}
	r.began <- struct{}{}
	<-r.release
	return r.fakeReplier.ReplyPrivately(ctx, m)
}

// openSolution makes three wrong tries of user, which opens the solution.
func openSolution(t *testing.T, h *harness, user string, pz *puzzle.Puzzle) {
	start := position(t, pz, nil)
	for i := 0; i < 3; i++ {
		h.say(user, "/puzzle answer "+rules.FormatCoord(start, start.LegalMoves(nil)[i]))
	}
}

// TestPuzzleSolutionOwed: /puzzle solution in a group is owed through the
// outbox. Its private message is sent after the puzzle's lock is let go (a
// slow private chat holds up no one else's puzzle command); a private route
// that fails for a while delivers it later, and only then does the group hear
// that it was sent; without a private route nothing is spoiled and the
// puzzle still counts.
func TestPuzzleSolutionOwed(t *testing.T) {
	pz := mateInThree(t)
	h := newHarness(t)
	h.usePuzzles(onlyPuzzle(t, pz))
	line, err := solutionLine(display{lang: En}, position(t, pz, nil).Variant(), pz)
	if err != nil {
		t.Fatal(err)
	}
	openSolution(t, h, "alice", pz)

	// A slow private chat: bob's puzzle command in the same group is answered
	// while alice's solution is still on its way.
	ev := h.event("alice", "/puzzle solution", false)
	r := slowPrivate{fakeReplier: fakeReplier{p: h.plat, ev: ev}, began: make(chan struct{}), release: make(chan struct{})}
	handled := make(chan struct{})
	go func() {
		defer close(handled)
		h.svc.Handle(context.Background(), ev, r)
	}()
	<-r.began
	bob := make(chan []sent, 1)
	go func() {
		ev := h.event("bob", "/puzzle hint", false)
		n := h.plat.count()
		h.svc.Handle(context.Background(), ev, fakeReplier{p: h.plat, ev: ev})
		bob <- h.plat.since(n)
	}()
	select {
	case out := <-bob:
		mustContain(t, out, "Hint for bob")
	case <-time.After(10 * time.Second): // a failure only; never reached when it works
		t.Fatal("bob's /puzzle hint waited for alice's private message: the puzzle's lock is held across the send")
	}
	n := h.plat.count()
	close(r.release)
	<-handled
	out := h.plat.since(n)
	if len(out) != 2 || !out[0].Private || out[0].To != "alice" || out[1].Private {
		t.Fatalf("want the solution privately, then the public note:\n%s", describe(out))
	}
	mustContain(t, out[:1], line)
	mustContain(t, out[1:], "alice asked for today's solution; I sent it to them privately.")

	// A private route down for a while: nothing is said yet, the solution
	// comes when it is back, and then the group's note.
	openSolution(t, h, "carol", pz)
	ev = h.event("carol", "/puzzle solution", false)
	n = h.plat.count()
	h.svc.Handle(context.Background(), ev, slowPrivate{fakeReplier: fakeReplier{p: h.plat, ev: ev}, fail: outage{temporary: true}})
	if out := h.plat.since(n); len(out) != 0 {
		t.Fatalf("during the outage: %s", describe(out))
	}
	h.clock.Advance(time.Minute)
	h.deliver() // the solution, through the platform
	h.deliver() // the note it owes the group
	out = h.plat.since(n)
	if len(out) != 2 || !out[0].Private || out[0].To != "carol" || out[1].Private || out[1].Chat != "group" {
		t.Fatalf("after the outage, want the solution privately, then the public note:\n%s", describe(out))
	}
	mustContain(t, out[:1], line)
	mustContain(t, out[1:], "carol asked for today's solution; I sent it to them privately.")
	if strings.Contains(out[1].Msg.Text, line) {
		t.Errorf("the public note spoils the puzzle: %s", out[1].Msg.Text)
	}

	// No private route: the group is told how to open one, nothing is
	// spoiled, and a solve still counts.
	h.plat.noDM["dave"] = true
	openSolution(t, h, "dave", pz)
	out = h.say("dave", "/puzzle solution")
	mustContain(t, out, "dave, I send the solution only privately", "Press Start in the private chat.")
	if strings.Contains(text(out), line) {
		t.Errorf("the solution was posted for the group: %s", text(out))
	}
	if out := h.solveByCommands("dave", pz); strings.Contains(text(out), "does not count") {
		t.Errorf("a solve after an undelivered solution did not count:\n%s", text(out))
	}
	if _, err := h.store.PuzzleScore(context.Background(), "test", "group", "dave"); err != nil {
		t.Errorf("dave's solve was not scored: %v", err)
	}
}

// TestPuzzleSolutionQueued: with queued delivery the outbox sender settles the
// private solution: sent, then the group's note; unreachable, the group is
// told how to open the private chat, nothing is spoiled, and a solve counts.
func TestPuzzleSolutionQueued(t *testing.T) {
	pz := mateInThree(t)
	h := newHarness(t, withDelivery(DeliveryConfig{Mode: DeliverQueued}))
	h.usePuzzles(onlyPuzzle(t, pz))
	line, err := solutionLine(display{lang: En}, position(t, pz, nil).Variant(), pz)
	if err != nil {
		t.Fatal(err)
	}
	openSolution(t, h, "alice", pz)
	n := h.plat.count()
	h.say("alice", "/puzzle solution") // one delivery: the solution
	h.deliver()                        // and the note it owes the group
	out := h.plat.since(n)
	if len(out) != 2 || !out[0].Private || out[0].To != "alice" || out[1].Private || out[1].Chat != "group" {
		t.Fatalf("want the solution privately, then the public note:\n%s", describe(out))
	}
	mustContain(t, out[:1], line)
	mustContain(t, out[1:], "alice asked for today's solution; I sent it to them privately.")

	h.plat.noDM["bob"] = true
	openSolution(t, h, "bob", pz)
	n = h.plat.count()
	h.say("bob", "/puzzle solution")
	h.deliver()
	out = h.plat.since(n)
	mustContain(t, out, "bob, I send the solution only privately", "Press Start in the private chat.")
	if strings.Contains(text(out), line) {
		t.Errorf("the solution was posted for the group: %s", text(out))
	}
	if out := h.solveByCommands("bob", pz); strings.Contains(text(out), "does not count") {
		t.Errorf("a solve after an undelivered solution did not count:\n%s", text(out))
	}
}
