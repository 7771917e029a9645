package discord

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/discord/discordtest"
	"github.com/chuhe/chuhe/render"
	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/variants"
)

var transcriptOut = flag.String("transcript", "", "write the server game's transcript to this file")

// fixedClock is the service's clock: it moves only when told.
type fixedClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fixedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// service starts the real service (real rules, renderer and a bbolt file in
// t.TempDir) behind an adapter on a fake Discord. The recorder passes every
// event to the service and reports when it is handled.
func service(t *testing.T) (*harness, *recorder, *bot.Service) {
	t.Helper()
	clock := &fixedClock{t: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)}
	store, err := storage.Open(filepath.Join(t.TempDir(), "chuhe.db"), &storage.Options{Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	svc, err := bot.New(bot.Config{
		Store:    store,
		Renderer: bot.NewRenderer(render.Options{Width: 360}),
		Clock:    clock,
		BotName:  "Chuhe",
		Logger:   slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn})),
	})
	if err != nil {
		t.Fatal(err)
	}
	rec := newRecorder(func(ctx context.Context, _ bot.Platform, ev bot.Event, r bot.Replier) {
		svc.Handle(ctx, ev, r)
	})
	h := start(t, rec, setup{opts: []Option{WithMoveSuggester(svc), WithBotName("Chuhe")}})
	svc.AddPlatform(h.a)
	return h, rec, svc
}

// last returns the newest message u sees that matches.
func (h *harness) last(u discordtest.User, match func(m discordtest.Message) bool) discordtest.Message {
	h.t.Helper()
	msgs := h.messages(u)
	for i := len(msgs) - 1; i >= 0; i-- {
		if match(msgs[i]) {
			return msgs[i]
		}
	}
	h.t.Fatalf("%s sees no such message:\n%s", u.Name, h.transcript(u))
	return discordtest.Message{}
}

// customID returns the custom_id of the first button that starts with prefix.
func customID(m discordtest.Message, prefix string) string {
	for _, row := range m.Buttons {
		for _, b := range row {
			if strings.HasPrefix(b.CustomID, prefix) {
				return b.CustomID
			}
		}
	}
	return ""
}

func hasButton(prefix string) func(m discordtest.Message) bool {
	return func(m discordtest.Message) bool { return customID(m, prefix) != "" }
}

func hasImage(m discordtest.Message) bool { return len(m.Files) > 0 }

func (h *harness) choices(u discordtest.User, typed string) []string {
	h.t.Helper()
	id, err := h.srv.Autocomplete(h.ch, u.ID, "move", "move", typed)
	if err != nil {
		h.t.Fatal(err)
	}
	var out []string
	h.wait("choices", func(v *discordtest.View) bool {
		in := v.Interaction(id)
		if in.Choices == nil {
			return false
		}
		for _, c := range in.Choices {
			out = append(out, c.Name)
		}
		return true
	})
	return out
}

// TestServerGame plays a game in a server channel with the real service: a
// challenge accepted by button, moves by slash command (with autocomplete) and
// by mention, a draw offer declined, a private board by "My pieces" and /peek,
// a dropped gateway in the middle of the game, and a resignation.
func TestServerGame(t *testing.T) {
	t.Parallel()
	h, rec, _ := service(t)

	// Alice challenges Bob.
	h.slash(alice, "new", discordtest.UserOpt("opponent", bob.ID), discordtest.Str("variant", "xiangqi"))
	rec.next(t)
	challenge := h.last(bob, hasButton("accept:"))
	if customID(challenge, "decline:") == "" || !strings.Contains(challenge.Content, "Bob") {
		t.Errorf("challenge = %+v", challenge)
	}
	// Bob accepts with the button; the board appears with "My pieces".
	h.press(bob, challenge.ID, customID(challenge, "accept:"))
	rec.next(t)
	start := h.last(alice, hasImage)
	if customID(start, "peek:") == "" {
		t.Errorf("board without My pieces: %+v", start)
	}

	// Autocomplete offers Alice's legal moves, and nobody else's.
	if got := h.choices(alice, ""); len(got) != 25 {
		t.Errorf("%d choices, want 25 (xiangqi has 44 opening moves)", len(got))
	}
	if got := h.choices(alice, "h2"); !contains(got, "h2e2") || len(got) > 25 {
		t.Errorf("choices for h2 = %v, want h2e2 among them", got)
	}
	if got := h.choices(bob, ""); len(got) != 0 {
		t.Errorf("bob is offered %v while it is not his turn", got)
	}

	// Alice moves by slash command, Bob by mentioning the bot.
	h.slash(alice, "move", discordtest.Str("move", "h2e2"))
	rec.next(t)
	m := h.last(bob, hasImage)
	if m.ID == start.ID || m.Ephemeral {
		t.Fatalf("no public board after /move:\n%s", h.transcript(bob))
	}
	if _, err := h.srv.Say(h.ch, bob.ID, "<@"+h.srv.Config().BotID+"> h9g7"); err != nil {
		t.Fatal(err)
	}
	rec.next(t)
	afterBob := h.last(alice, hasImage)
	if afterBob.ID == m.ID {
		t.Fatalf("no board after Bob's mention move:\n%s", h.transcript(alice))
	}

	// Bob offers a draw; Alice declines with the button.
	h.slash(bob, "draw")
	rec.next(t)
	offer := h.last(alice, hasButton("draw:"))
	h.press(alice, offer.ID, customID(offer, "draw:no:"))
	rec.next(t)

	// "My pieces" shows Alice her board, to her only.
	h.press(alice, afterBob.ID, customID(afterBob, "peek:"))
	rec.next(t)
	mine := h.last(alice, func(m discordtest.Message) bool { return m.Ephemeral && hasImage(m) })
	for _, u := range []discordtest.User{bob, carol} {
		for _, m := range h.messages(u) {
			if m.ID == mine.ID {
				t.Errorf("%s sees Alice's private board", u.Name)
			}
		}
	}

	// The gateway drops; Alice's move made meanwhile is not lost.
	h.srv.Drop()
	h.slash(alice, "move", discordtest.Str("move", "b0c2"))
	rec.next(t)
	afterDrop := h.last(bob, hasImage)
	if afterDrop.ID == afterBob.ID {
		t.Fatalf("the move made during the outage is lost:\n%s", h.transcript(bob))
	}

	// Bob looks at his pieces with /peek, then resigns.
	h.slash(bob, "peek")
	rec.next(t)
	h.slash(bob, "resign")
	rec.next(t)
	confirm := h.last(bob, hasButton("resign:"))
	h.press(bob, confirm.ID, customID(confirm, "resign:yes:"))
	rec.next(t)

	h.srv.Read(func(v *discordtest.View) {
		for _, in := range v.Interactions() {
			if in.Failed || in.Latency > discordtest.InteractionDeadline || len(in.Responses) == 0 {
				t.Errorf("interaction %s (%s %s%s) answered late or not at all", in.ID, in.Kind, in.Command, in.CustomID)
			}
		}
		for _, c := range v.Calls() {
			if c.Unexpected || c.Status >= 400 {
				t.Errorf("call %s %s answered %d", c.Method, c.Path, c.Status)
			}
		}
		for _, msg := range v.AllMessages() {
			if msg.Loading && !msg.Deleted {
				t.Errorf("a placeholder was left thinking: %+v", msg)
			}
		}
	})
	carolSees := h.transcript(carol)
	t.Logf("what Carol (a bystander) sees:\n%s", carolSees)
	if *transcriptOut != "" {
		out := "=== Carol, a member watching the channel ===\n" + carolSees +
			"\n=== Alice ===\n" + h.transcript(alice) + "\n=== Bob ===\n" + h.transcript(bob)
		if err := os.WriteFile(*transcriptOut, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestPrivateBoardByDMAndClosedDM asks for "my pieces" by mention, which the
// service answers privately: by DM when the user's DMs are open; when they are
// closed, with a public hint, after which /peek shows the board ephemerally.
// Standard xiangqi has no hidden pieces, so this is the service's peek flow;
// private boards are recognised by their file name (mine-ID.png).
func TestPrivateBoardByDMAndClosedDM(t *testing.T) {
	t.Parallel()
	h, rec, _ := service(t)
	h.slash(alice, "new", discordtest.UserOpt("opponent", bob.ID))
	rec.next(t)
	challenge := h.last(bob, hasButton("accept:"))
	h.press(bob, challenge.ID, customID(challenge, "accept:"))
	rec.next(t)
	mention := "<@" + h.srv.Config().BotID + "> "

	// Alice's DMs are open: the board arrives in her DM channel.
	if _, err := h.srv.Say(h.ch, alice.ID, mention+"/peek"); err != nil {
		t.Fatal(err)
	}
	rec.next(t)
	h.srv.Read(func(v *discordtest.View) {
		dm := v.Messages(v.DMChannel(alice.ID), alice.ID)
		if len(dm) != 1 || len(dm[0].Files) != 1 || !strings.HasPrefix(dm[0].Files[0].Name, "mine-") {
			t.Errorf("alice's DMs = %+v", dm)
		}
	})

	// Bob's DMs are closed: the channel gets a hint pointing to the private
	// route, and /peek shows the board to him only.
	h.srv.CloseDMs(bob.ID)
	if _, err := h.srv.Say(h.ch, bob.ID, mention+"/peek"); err != nil {
		t.Fatal(err)
	}
	rec.next(t)
	hint := h.last(carol, func(m discordtest.Message) bool { return strings.Contains(m.Content, privateHint) })
	if !strings.Contains(hint.Content, "Bob") || hasImage(hint) {
		t.Errorf("hint = %+v", hint)
	}
	// Discord has no link into a private chat: the hint must not promise one.
	if strings.Contains(hint.Content, "button below") || strings.Contains(hint.Content, "/start") {
		t.Errorf("the hint promises a private-chat button or /start that Discord lacks: %q", hint.Content)
	}
	h.slash(bob, "peek")
	rec.next(t)
	mine := h.last(bob, func(m discordtest.Message) bool { return m.Ephemeral && hasImage(m) })
	if !strings.HasPrefix(mine.Files[0].Name, "mine-") || mine.VisibleTo != bob.ID {
		t.Errorf("bob's private board = %+v", mine)
	}
	h.srv.Read(func(v *discordtest.View) {
		for _, m := range v.Messages(h.ch, "") {
			for _, f := range m.Files {
				if strings.HasPrefix(f.Name, "mine-") && !m.Ephemeral {
					t.Errorf("a private board in public: %+v", m)
				}
			}
		}
	})
	t.Logf("what Bob sees:\n%s", h.transcript(bob))
}

// TestHiddenPieceGame plays xiangqi with face-down reserves (option fuhe)
// through Discord with the real service. After Bob accepts, both players
// choose their secret reserves with the /setup slash command in the channel,
// which only they see (Alice's question came by DM, Bob's ephemerally; Bob's
// DMs are closed). Then Alice flips a reserve, which everybody is told, and Bob
// moves. Each private board and each answer reaches its owner only
// (ephemerally or by DM); the public channel shows neither, and it shows who
// plays, the start, the flip and a hint for Bob that makes sense on Discord.
func TestHiddenPieceGame(t *testing.T) {
	t.Parallel()
	if !variants.Default().IsOption("fuhe") {
		t.Skip("no hidden-piece option fuhe in the registry")
	}
	h, rec, _ := service(t)
	h.srv.CloseDMs(bob.ID)
	h.slash(alice, "new", discordtest.UserOpt("opponent", bob.ID), discordtest.Str("variant", "xiangqi"), discordtest.Str("options", "fuhe"))
	rec.next(t)
	challenge := h.last(bob, hasButton("accept:"))
	h.press(bob, challenge.ID, customID(challenge, "accept:"))
	rec.next(t)
	h.last(carol, func(m discordtest.Message) bool {
		return hasImage(m) && strings.Contains(m.Content, "choosing their secret setup")
	})

	// The questions: Bob's (he pressed Accept) ephemerally, Alice's by DM.
	question := func(m discordtest.Message) bool { return strings.Contains(m.Content, "Answer me here: /setup 1") }
	if q := h.last(bob, question); !q.Ephemeral || q.VisibleTo != bob.ID || !hasImage(q) {
		t.Errorf("bob's question = %+v, want ephemeral with his board", q)
	}
	h.srv.Read(func(v *discordtest.View) {
		dm := v.Messages(v.DMChannel(alice.ID), alice.ID)
		if len(dm) != 1 || !question(*dm[0]) {
			t.Errorf("alice's DMs = %+v, want her question", dm)
		}
	})

	// Both answer with the slash command in the channel: deferred ephemerally,
	// so the service takes the secret.
	const aliceSecret, bobSecret = "a2=N i2=C", "a7=R i7=B"
	id := h.slash(alice, "setup", discordtest.Str("answer", aliceSecret), discordtest.Str("game", "1"))
	rec.next(t)
	if in := h.acked(id); in.DeferFlags&64 == 0 {
		t.Errorf("/setup deferred with flags %d, want ephemeral", in.DeferFlags)
	}
	if m := h.last(alice, func(m discordtest.Message) bool { return m.Ephemeral }); !strings.Contains(m.Content, "Noted. Game #1 begins when Bob has chosen too.") {
		t.Fatalf("alice's /setup was answered %q\n%s", m.Content, h.transcript(alice))
	}
	h.slash(bob, "setup", discordtest.Str("answer", bobSecret))
	rec.next(t)
	h.last(carol, func(m discordtest.Message) bool {
		return hasImage(m) && strings.Contains(m.Content, "Game #1 begins: both players have chosen their secret setup")
	})

	// Alice's first move turns her reserve on a2 face up, for everybody to see.
	h.slash(alice, "move", discordtest.Str("move", "a2a2"))
	rec.next(t)
	flip := h.last(carol, hasImage)
	if !strings.Contains(flip.Content, "Red turns the piece on a2 face up: a horse") {
		t.Errorf("the flip is not announced:\n%s", h.transcript(carol))
	}
	// Bob's DMs are closed: the channel gets the hint, with no dead button.
	hint := h.last(carol, func(m discordtest.Message) bool { return strings.Contains(m.Content, privateHint) })
	if !strings.Contains(hint.Content, "Bob") || len(hint.Buttons) != 0 || hasImage(hint) {
		t.Errorf("hint = %+v", hint)
	}
	h.slash(bob, "peek")
	rec.next(t)
	h.slash(bob, "move", discordtest.Str("move", "h9g7"))
	rec.next(t)
	h.last(carol, func(m discordtest.Message) bool { return hasImage(m) && strings.Contains(m.Content, "h9g7") })

	h.srv.Read(func(v *discordtest.View) {
		dmOf := map[string]string{v.DMChannel(alice.ID): alice.ID}
		// owner is who alone sees m: the user of an ephemeral message or of a
		// DM channel; "" for a public message.
		owner := func(m *discordtest.Message) string {
			if m.Ephemeral {
				return m.VisibleTo
			}
			return dmOf[m.ChannelID]
		}
		// The private boards: images named mine-ID.png. Those of the setup
		// questions show no secret yet (Alice's equals the public board then);
		// the ones after it ("Your board") show the owner's face-down reserves.
		private := map[string]string{} // image data -> its owner
		boards := map[string]int{}
		for _, m := range v.AllMessages() {
			for _, f := range m.Files {
				if !strings.HasPrefix(f.Name, "mine-") {
					continue
				}
				if owner(m) == "" {
					t.Errorf("a private board in public: %+v", m.ID)
					continue
				}
				if strings.Contains(m.Content, "Your board in game #1") {
					private[string(f.Data)] = owner(m)
					boards[owner(m)]++
				}
			}
		}
		// Alice: after the start (DM), after her flip (ephemeral), after Bob's
		// move (DM); Bob: after the start (ephemeral), /peek, after his move.
		if boards[alice.ID] != 3 || boards[bob.ID] != 3 {
			t.Errorf("private boards: alice %d, bob %d, want 3 each", boards[alice.ID], boards[bob.ID])
		}
		for _, m := range v.AllMessages() {
			o := owner(m)
			for _, f := range m.Files {
				if po, ok := private[string(f.Data)]; ok && po != o {
					t.Errorf("message %s (seen by %q) carries %s's private board: %+v", m.ID, o, po, *m)
				}
			}
			for secret, so := range map[string]string{aliceSecret: alice.ID, bobSecret: bob.ID, "Answer me here": ""} {
				if strings.Contains(m.Content, secret) && (o == "" || (so != "" && o != so)) {
					t.Errorf("message %s (seen by %q) says %q", m.ID, o, secret)
				}
			}
		}
		// The public board is not anybody's own board: the reserves are hidden.
		if _, ok := private[string(flip.Files[0].Data)]; ok {
			t.Error("the public board equals a private one")
		}
		for _, in := range v.Interactions() {
			if in.Failed || in.Latency > discordtest.InteractionDeadline || len(in.Responses) == 0 {
				t.Errorf("interaction %s (%s %s%s) answered late or not at all", in.ID, in.Kind, in.Command, in.CustomID)
			}
		}
		for _, c := range v.Calls() {
			if c.Unexpected || (c.Status >= 400 && !strings.Contains(c.Path, "/channels/")) {
				t.Errorf("call %s %s answered %d", c.Method, c.Path, c.Status)
			}
		}
		for _, msg := range v.AllMessages() {
			if msg.Loading && !msg.Deleted {
				t.Errorf("a placeholder was left thinking: %+v", msg)
			}
		}
	})
	carolSees := h.transcript(carol)
	for _, bad := range []string{"used /setup", "used /peek", aliceSecret, bobSecret, "mine-", "Which pieces"} {
		if strings.Contains(carolSees, bad) {
			t.Errorf("carol sees %q:\n%s", bad, carolSees)
		}
	}
	if strings.Contains(h.transcript(bob), aliceSecret) || strings.Contains(h.transcript(alice), bobSecret) {
		t.Error("a player sees the other's answer")
	}
	t.Logf("what Carol (a bystander) sees:\n%s", carolSees)
	t.Logf("what Bob sees:\n%s", h.transcript(bob))
	if *transcriptOut != "" {
		out := "=== Carol, a member watching the channel ===\n" + carolSees +
			"\n=== Alice ===\n" + h.transcript(alice) + "\n=== Bob ===\n" + h.transcript(bob)
		if err := os.WriteFile(*transcriptOut+".hidden", []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
