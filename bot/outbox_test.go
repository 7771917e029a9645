package bot

import (
	"bytes"
	"context"
	"image/png"

	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/render"
)

// outage is a platform error that passes with time (a 5xx, a network error).
type outage struct{ temporary bool }

func (e outage) Error() string {
	if e.temporary {
		return "platform: 502 Bad Gateway"
	}
	return "platform: 403 Forbidden: bot was kicked from the group"
}
func (e outage) Temporary() bool { return e.temporary }

func boardsIn(out []sent) []sent {
	var bs []sent
	for _, s := range out {
		if s.Msg.Alt != "" && !s.Private && strings.Contains(s.Msg.Text, "Game #") {
			bs = append(bs, s)
		}
	}
	return bs
}

// TestOutboxOutage: while the chat cannot be reached, moves are still played
// and stored with their boards; /board (asked privately) says messages wait;
// when the chat is back, the newest board goes out, late and saying which
// boards it replaces, and nothing is sent twice.
func TestOutboxOutage(t *testing.T) {
	h := newHarness(t)
	id := h.start("")
	h.plat.setDown(outage{temporary: true})
	for _, mv := range []struct{ who, move string }{{"alice", "h2e2"}, {"bob", "h9g7"}, {"alice", "h0g2"}} {
		h.say(mv.who, "/m "+mv.move)
		h.clock.Advance(10 * time.Second)
	}
	if n := len(h.game(id).Moves); n != 3 {
		t.Fatalf("%d moves stored during the outage, want 3", n)
	}
	h.clock.Advance(time.Minute)
	h.deliver() // still down: another failed attempt
	mustContain(t, h.dm("alice", "/board #"+id), "1 message to this chat is waiting", "the bot keeps trying")

	h.plat.setDown(nil)
	h.clock.Advance(3 * time.Minute)
	n := h.plat.count()
	h.deliver()
	out := boardsIn(h.plat.since(n))
	if len(out) != 1 {
		t.Fatalf("%d boards after the outage, want the newest only:\n%s", len(out), text(out))
	}
	mustContain(t, out, "Delivered late", "replaces 2 earlier boards of game #"+id, "Last move: h0g2")
	if out[0].Msg.Image != nil || !strings.Contains(out[0].Msg.Alt, "a b c d e f g h i") {
		t.Errorf("the late board is not drawn from the game: %+v", out[0].Msg)
	}
	h.clock.Advance(time.Hour)
	n = h.plat.count()
	h.deliver()
	if again := h.plat.since(n); len(again) != 0 {
		t.Errorf("sent again: %s", text(again))
	}
	if st := h.svc.deliveryStatus(context.Background(), En, "test", "group", id); st != "" {
		t.Errorf("/board still reports: %s", st)
	}
}

// TestOutboxRefusedForGood: a message the platform refuses for good is logged
// as an error, not retried, and shown by /board until a newer board goes out.
func TestOutboxRefusedForGood(t *testing.T) {
	var logs bytes.Buffer
	h := newHarness(t)
	id := h.start("")
	h.svc.log = slog.New(slog.NewTextHandler(&logs, nil))
	h.plat.setDown(outage{temporary: false})
	h.say("alice", "/m h2e2")
	if !strings.Contains(logs.String(), "level=ERROR msg=\"a message was refused for good\"") {
		t.Errorf("no error logged:\n%s", logs.String())
	}
	h.clock.Advance(time.Hour)
	h.deliver()
	mustContain(t, h.dm("bob", "/board #"+id), "could not be delivered: the platform refused it")
	h.plat.setDown(nil)
	out := boardsIn(h.say("bob", "/m h9g7"))
	mustContain(t, out, "Last move: h9g7")
	if st := h.svc.deliveryStatus(context.Background(), En, "test", "group", id); st != "" {
		t.Errorf("a newer board went out, yet /board reports: %s", st)
	}
}

// TestOutboxRestart: what a stopped bot owed is delivered by the next one, and
// a reply to a board delivered before a restart still reaches its game.
func TestOutboxRestart(t *testing.T) {
	h := newHarness(t)
	id := h.start("")
	h.plat.setDown(outage{temporary: true})
	h.say("alice", "/m h2e2")
	h.restart()
	h.plat.setDown(nil)
	h.clock.Advance(time.Minute)
	n := h.plat.count()
	h.deliver()
	out := boardsIn(h.plat.since(n))
	if len(out) != 1 {
		t.Fatalf("after the restart %d boards, want 1:\n%s", len(out), text(h.plat.since(n)))
	}
	mustContain(t, out, "Last move: h2e2")
	// Another process: the board's message id is known from the store only.
	h.restart()
	ev := h.event("bob", "h9g7", false)
	ev.ReplyTo = out[0].Ref.ID
	ev.Addressed = true
	mustContain(t, h.handle(ev), "Last move: h9g7")
	if g := h.game(id); len(g.Moves) != 2 {
		t.Errorf("moves %+v", g.Moves)
	}
}

// TestInboxConsumedWithTheMove: an event queued in the inbox is removed by the
// move's own transaction, so a restart does not play it again.
func TestInboxConsumedWithTheMove(t *testing.T) {
	h := newHarness(t)
	h.start("")
	ib := h.svc.Inbox("test")
	evs := []Inbound{{Key: "000000000042", Data: []byte(`{"text":"h2e2"}`)}}
	if err := ib.Keep(context.Background(), evs, "43"); err != nil {
		t.Fatal(err)
	}
	ev := h.event("alice", "/m h2e2", false)
	ev.Inbound = evs[0].Key
	mustContain(t, h.handle(ev), "Last move: h2e2")
	pending, mark, err := ib.Pending(context.Background())
	if err != nil || len(pending) != 0 || mark != "43" {
		t.Fatalf("inbox after the move: %+v %q %v", pending, mark, err)
	}
}

// stuckReplier holds every public reply until released, as a platform that
// hangs would.
type stuckReplier struct {
	fakeReplier
	stuck   chan struct{} // closed when the first reply is waiting
	release chan struct{}
	once    *sync.Once
}

func (r stuckReplier) Reply(ctx context.Context, m Message) (MessageRef, error) {
	r.once.Do(func() { close(r.stuck) })
	<-r.release
	return r.fakeReplier.Reply(ctx, m)
}

// TestNoGameLockAcrossSends: while the board of Alice's move hangs on its way
// to the chat, Bob's answer in the same game is played at once; its board
// follows Alice's, in order, when the chat takes messages again.
func TestNoGameLockAcrossSends(t *testing.T) {
	h := newHarness(t)
	id := h.start("")
	ev := h.event("alice", "/m h2e2", false)
	r := stuckReplier{fakeReplier: fakeReplier{p: h.plat, ev: ev}, stuck: make(chan struct{}), release: make(chan struct{}), once: &sync.Once{}}
	done := make(chan struct{})
	go func() {
		h.svc.Handle(context.Background(), ev, r)
		close(done)
	}()
	<-r.stuck
	bob := make(chan []sent, 1)
	go func() { bob <- h.say("bob", "/m h9g7") }()
	select {
	case <-bob:
	case <-time.After(10 * time.Second):
		t.Fatal("Bob's move waited for the send of Alice's board")
	}
	if g := h.game(id); len(g.Moves) != 2 {
		t.Fatalf("moves while the chat hangs: %+v", g.Moves)
	}
	n := h.plat.count()
	close(r.release)
	<-done
	h.deliver()
	out := boardsIn(h.plat.since(n))
	if len(out) != 2 || !strings.Contains(out[0].Msg.Text, "Last move: h2e2") || !strings.Contains(out[1].Msg.Text, "Last move: h9g7") {
		t.Errorf("boards after the hang, want h2e2 then h9g7:\n%s", text(out))
	}
}

// TestQueuedPrivateBoards: with the sender doing all delivery, the private
// board of a hidden-piece game is drawn at send time for its owner only and
// reaches only them; the public board never shows the secret.
func TestQueuedPrivateBoards(t *testing.T) {
	h := newHarness(t, withRegistry(spyRegistry(t)), withRenderer(NewRenderer(render.Options{Width: 240})),
		withDelivery(DeliveryConfig{Mode: DeliverQueued}))
	id := gameIDIn(t, h.say("alice", "/new spyqi @bob side=red"))
	h.say("bob", "/accept")
	n := h.plat.count()
	h.say("alice", "/m #"+id+" h2e2")
	var mine, public []sent
	for _, s := range h.plat.since(n) {
		switch {
		case s.Private:
			mine = append(mine, s)
		case strings.Contains(s.Msg.Text, "Last move: h2e2"):
			public = append(public, s)
		}
	}
	if len(public) != 1 || len(mine) != 1 {
		t.Fatalf("public %d, private %d:\n%s", len(public), len(mine), text(h.plat.since(n)))
	}
	if mine[0].To != "alice" || !strings.Contains(mine[0].Msg.Alt, "S") || mine[0].Msg.Image == nil {
		t.Errorf("the private board went to %s, or lacks the spy or its image:\n%s", mine[0].To, mine[0].Msg.Alt)
	}
	if strings.Contains(public[0].Msg.Alt, "S") || public[0].Msg.Image == nil {
		t.Errorf("the public board shows the spy, or has no image:\n%s", public[0].Msg.Alt)
	}
	if _, err := png.Decode(bytes.NewReader(mine[0].Msg.Image)); err != nil {
		t.Errorf("private image: %v", err)
	}
}
