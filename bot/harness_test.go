package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/variants"
)

// sent is one message the fake platform was asked to deliver.
type sent struct {
	Chat    string // chat id, or "" for a private message
	To      string // user id of a private message
	Msg     Message
	Ref     MessageRef
	Private bool
	// Notice marks a pop-up shown to the user To only (Replier.Notice).
	Notice bool
}

// fakePlatform records everything the service sends. Users in noDM cannot be
// reached privately. (linkingPlatform adds deep links.)
type fakePlatform struct {
	mu   sync.Mutex
	n    int
	out  []sent
	noDM map[string]bool
	// down, when set, makes every public send (Send and Reply) fail with it.
	down error
	// dead makes every send fail, private ones and notices too: the process
	// that sends is gone (crashTest).
	dead bool
}

var errDead = errors.New("platform: connection refused")

// gone is the error every send fails with while the platform is dead.
func (p *fakePlatform) gone() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dead {
		return errDead
	}
	return nil
}

func (p *fakePlatform) setDead(dead bool) {
	p.mu.Lock()
	p.dead = dead
	p.mu.Unlock()
}

// failing is the error public sends fail with now, or nil.
func (p *fakePlatform) failing() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.down
}

func (p *fakePlatform) setDown(err error) {
	p.mu.Lock()
	p.down = err
	p.mu.Unlock()
}

func (p *fakePlatform) Name() string { return "test" }

func (p *fakePlatform) record(s sent) MessageRef {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	chat := s.Chat
	if s.Private {
		chat = "dm:" + s.To
	}
	s.Ref = MessageRef{ChatID: chat, ID: fmt.Sprintf("m%d", p.n)}
	p.out = append(p.out, s)
	return s.Ref
}

func (p *fakePlatform) Send(ctx context.Context, chatID string, m Message) (MessageRef, error) {
	if err := cmp.Or(p.gone(), p.failing()); err != nil {
		return MessageRef{}, err
	}
	return p.record(sent{Chat: chatID, Msg: m}), nil
}

func (p *fakePlatform) SendPrivate(ctx context.Context, u User, m Message) (MessageRef, error) {
	if err := p.gone(); err != nil {
		return MessageRef{}, err
	}
	p.mu.Lock()
	blocked := p.noDM[u.ID]
	p.mu.Unlock()
	if blocked {
		return MessageRef{}, &PrivateUnavailableError{User: u, Hint: "Press Start in the private chat."}
	}
	return p.record(sent{To: u.ID, Msg: m, Private: true}), nil
}

func (p *fakePlatform) Edit(ctx context.Context, ref MessageRef, m Message) error { return nil }
func (p *fakePlatform) Delete(ctx context.Context, ref MessageRef) error          { return nil }

// since returns the messages recorded after the first n.
func (p *fakePlatform) since(n int) []sent {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]sent(nil), p.out[n:]...)
}

func (p *fakePlatform) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.out)
}

// linkingPlatform is a fakePlatform that offers deep links.
type linkingPlatform struct{ *fakePlatform }

func (p linkingPlatform) DeepLink(payload string) string {
	return "https://t.me/ChuheBot?start=" + payload
}

type fakeReplier struct {
	p  *fakePlatform
	ev Event
}

func (r fakeReplier) Reply(ctx context.Context, m Message) (MessageRef, error) {
	if err := r.p.gone(); err != nil {
		return MessageRef{}, err
	}
	if r.ev.Private {
		return r.p.record(sent{To: r.ev.User.ID, Msg: m, Private: true}), nil
	}
	if err := r.p.failing(); err != nil {
		return MessageRef{}, err
	}
	return r.p.record(sent{Chat: r.ev.ChatID, Msg: m}), nil
}

func (r fakeReplier) ReplyPrivately(ctx context.Context, m Message) (MessageRef, error) {
	return r.p.SendPrivate(ctx, r.ev.User, m)
}

// Notice is a pop-up: it reaches the user even without a private chat.
func (r fakeReplier) Notice(ctx context.Context, text string) error {
	if err := r.p.gone(); err != nil {
		return err
	}
	r.p.record(sent{To: r.ev.User.ID, Msg: Message{Text: text}, Private: true, Notice: true})
	return nil
}

// harness is a service on a real bbolt file with a fake clock and platform.
type harness struct {
	t     testing.TB
	svc   *Service
	store *storage.Bolt
	path  string
	clock *FakeClock
	plat  *fakePlatform
	reg   *variants.Registry
	r     Renderer
	// admins administer the group chat.
	admins   map[string]bool
	delivery DeliveryConfig
	// engine, when set, runs the engine's workers (StartEngine) with it; handle
	// then waits for the bot's replies (Settle).
	engine     *EngineConfig
	stopEngine func()
	// noSettle: handle does not wait for the engine (a test that holds a
	// search up on purpose).
	noSettle bool
}

var epoch = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// defaultRegistry is variants.Default(), built once for the whole test binary:
// building it finalizes every variant (most of a small test's time), and a
// registry is read-only once built, so every harness and service can share it.
var defaultRegistry = sync.OnceValue(variants.Default)

type harnessOption func(*harness)

func withRegistry(r *variants.Registry) harnessOption { return func(h *harness) { h.reg = r } }
func withRenderer(r Renderer) harnessOption           { return func(h *harness) { h.r = r } }
func withDelivery(d DeliveryConfig) harnessOption     { return func(h *harness) { h.delivery = d } }
func withEngine(c EngineConfig) harnessOption         { return func(h *harness) { h.engine = &c } }

func newHarness(t testing.TB, opts ...harnessOption) *harness {
	t.Helper()
	h := &harness{t: t, clock: NewFakeClock(epoch), plat: &fakePlatform{noDM: map[string]bool{}}, reg: defaultRegistry(),
		path: filepath.Join(t.TempDir(), "chuhe.db"), admins: map[string]bool{"admin": true}}
	for _, o := range opts {
		o(h)
	}
	h.open()
	t.Cleanup(func() { h.close() })
	return h
}

// open (re)starts the service on the harness's data file, as a bot restart does.
func (h *harness) open() {
	h.t.Helper()
	// NoSync: the tests' crashes are of the process, never of the machine, and
	// an fsync a write was half of a small test's time.
	st, err := storage.Open(h.path, &storage.Options{Now: h.clock.Now, NoSync: true})
	if err != nil {
		h.t.Fatal(err)
	}
	h.store = st
	cfg := Config{Store: st, Variants: h.reg, Renderer: h.r, Clock: h.clock,
		Rand: rand.New(rand.NewPCG(1, 2)), Logger: discardLogger(), Delivery: h.delivery}
	if h.engine != nil {
		cfg.Engine = *h.engine
	}
	svc, err := New(cfg)
	if err != nil {
		h.t.Fatal(err)
	}
	h.svc = svc
	svc.AddPlatform(h.plat)
	if h.engine != nil {
		ctx, cancel := context.WithCancel(context.Background())
		wait := svc.StartEngine(ctx)
		h.stopEngine = func() { cancel(); _ = wait() }
	}
}

func (h *harness) close() {
	if h.stopEngine != nil {
		h.stopEngine()
		h.stopEngine = nil
	}
	if h.store != nil {
		_ = h.store.Close()
		h.store = nil
	}
}

// restart closes the store and opens a new service on the same file.
func (h *harness) restart() {
	h.close()
	h.open()
}

// event builds an event of user in the group chat (or privately).
func (h *harness) event(user, text string, private bool) Event {
	ev := Event{Platform: "test", ChatID: "group", Private: private, User: User{ID: user, Name: user, Username: user},
		Text: text, MessageID: fmt.Sprintf("u%d", h.plat.count()), At: h.clock.Now(),
		Addressed: strings.HasPrefix(text, "/") || private, Admin: h.admins[user] || private}
	if private {
		ev.ChatID = "dm:" + user
	}
	for _, w := range strings.Fields(text) {
		if n, ok := strings.CutPrefix(w, "@"); ok {
			ev.Mentions = append(ev.Mentions, User{ID: n, Name: n, Username: n})
		}
	}
	return ev
}

func (h *harness) handle(ev Event) []sent {
	n := h.plat.count()
	h.svc.Handle(context.Background(), ev, fakeReplier{p: h.plat, ev: ev})
	h.settle()
	h.deliver()
	return h.plat.since(n)
}

// say is user writing text in the group chat; it returns what the bot sent.
func (h *harness) say(user, text string) []sent { return h.handle(h.event(user, text, false)) }

// dm is user writing to the bot privately.
func (h *harness) dm(user, text string) []sent { return h.handle(h.event(user, text, true)) }

// press is user pressing a button.
func (h *harness) press(user, data string) []sent {
	ev := h.event(user, "", false)
	ev.Button = data
	return h.handle(ev)
}

// reply is user replying to the bot message ref with text.
func (h *harness) reply(user string, ref MessageRef, text string) []sent {
	ev := h.event(user, text, false)
	ev.ReplyTo = ref.ID
	return h.handle(ev)
}

func (h *harness) tick() []sent {
	n := h.plat.count()
	if err := h.svc.Tick(context.Background(), h.clock.Now()); err != nil {
		h.t.Fatalf("tick: %v", err)
	}
	h.deliver()
	return h.plat.since(n)
}

// settle waits for the engine's replies, when it runs.
func (h *harness) settle() {
	if h.stopEngine != nil && !h.noSettle {
		h.svc.Settle(context.Background())
	}
}

// deliver runs the outbox sender once, as RunOutbox would after being woken.
func (h *harness) deliver() {
	if _, err := h.svc.DeliverDue(context.Background()); err != nil {
		h.t.Fatalf("outbox: %v", err)
	}
}

// game loads a stored game.
func (h *harness) game(id string) *storage.Game {
	h.t.Helper()
	g, err := h.store.Game(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

// start makes alice challenge bob and bob accept; it returns the game id.
func (h *harness) start(extra string) string {
	h.t.Helper()
	out := h.say("alice", strings.TrimSpace("/new xiangqi @bob "+extra))
	id := gameIDIn(h.t, out)
	h.say("bob", "/accept "+id)
	if g := h.game(id); g.Status != storage.StatusActive {
		h.t.Fatalf("game %s is %s after accept", id, g.Status)
	}
	return id
}

// text joins the texts of the messages.
func text(out []sent) string {
	var parts []string
	for _, s := range out {
		parts = append(parts, s.Msg.Text)
	}
	return strings.Join(parts, "\n---\n")
}

// mustSay checks that the bot's answer contains every want.
func mustContain(t testing.TB, out []sent, want ...string) {
	t.Helper()
	all := text(out)
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("answer lacks %q:\n%s", w, all)
		}
	}
}

func gameIDIn(t testing.TB, out []sent) string {
	t.Helper()
	for _, s := range out {
		for _, row := range s.Msg.Buttons {
			for _, b := range row {
				if i := strings.LastIndexByte(b.Data, ':'); i >= 0 {
					return b.Data[i+1:]
				}
			}
		}
	}
	t.Fatalf("no game id in %q", text(out))
	return ""
}

// boardOf returns the last board message in out.
func boardOf(t testing.TB, out []sent) sent {
	t.Helper()
	for i := len(out) - 1; i >= 0; i-- {
		if out[i].Msg.Alt != "" && !out[i].Private {
			return out[i]
		}
	}
	t.Fatalf("no board in %q", text(out))
	return sent{}
}
