package discord

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot"
	"github.com/chuhe/chuhe/bot/discord/discordtest"
)

var png = []byte("\x89PNG public board")

func board(text string) bot.Message {
	return bot.Message{
		Text: text, Image: png, ImageName: "board.png",
		Buttons: [][]bot.Button{{
			{Label: "Draw", Data: "draw:1"}, {Label: "Takeback", Data: "takeback:1"},
			{Label: "Resign", Data: "resign:1"}, {Label: "My pieces", Data: "peek:1"},
		}},
	}
}

func secret(u bot.User) bot.Message {
	return bot.Message{Text: "Your pieces", Image: []byte("\x89PNG secret of " + u.ID), ImageName: "mine-1.png"}
}

// echo answers /move publicly with a board, /peek and the peek button privately.
func echo(t *testing.T) func(ctx context.Context, p bot.Platform, ev bot.Event, r bot.Replier) {
	return func(ctx context.Context, p bot.Platform, ev bot.Event, r bot.Replier) {
		switch {
		case strings.HasPrefix(ev.Text, "/move "), strings.HasPrefix(ev.Text, "@Chuhe "):
			ref, err := r.Reply(ctx, board("moved "+ev.Text[strings.Index(ev.Text, " ")+1:]))
			must(t, ref, err)
		case strings.HasPrefix(ev.Text, "/peek"), ev.Button == "peek:1":
			ref, err := r.ReplyPrivately(ctx, secret(ev.User))
			must(t, ref, err)
		case ev.Button != "":
			ref, err := r.Reply(ctx, bot.Message{Text: ev.User.Name + " pressed " + ev.Button})
			must(t, ref, err)
		case strings.HasPrefix(ev.Text, "/board"):
			// Private first, then public: the placeholder must not leak.
			ref, err := r.ReplyPrivately(ctx, secret(ev.User))
			must(t, ref, err)
			ref, err = r.Reply(ctx, board("the board"))
			must(t, ref, err)
		}
	}
}

func TestConnectIdentifiesWithoutPrivilegedIntentsAndRegistersCommands(t *testing.T) {
	t.Parallel()
	h := start(t, newRecorder(nil), setup{server: discordtest.Config{HeartbeatInterval: 20 * time.Millisecond}})
	h.wait("heartbeats acknowledged", func(v *discordtest.View) bool { return v.Heartbeats() >= 3 })
	h.srv.Read(func(v *discordtest.View) {
		ids := v.Identifies()
		if len(ids) != 1 {
			t.Fatalf("identifies = %d, want 1", len(ids))
		}
		id := ids[0]
		if id.Token != h.srv.Config().Token {
			t.Errorf("token = %q", id.Token)
		}
		const privileged = 1<<1 | 1<<8 | 1<<15 // members, presences, message content
		if id.Intents&privileged != 0 {
			t.Errorf("intents %b ask for privileged ones", id.Intents)
		}
		if id.Shard != nil {
			t.Errorf("shard = %v, want none", *id.Shard)
		}
		if v.Heartbeats() < 1 {
			t.Error("no heartbeat")
		}
		if g := v.Commands(""); len(g) != 0 {
			t.Errorf("%d global commands, want guild only", len(g))
		}
		cmds := v.Commands(h.srv.Config().GuildID)
		if len(cmds) != len(DefaultCommands()) {
			t.Fatalf("%d commands registered, want %d", len(cmds), len(DefaultCommands()))
		}
		known := map[string]bool{}
		for _, c := range knownCommands() {
			known[c.Name] = true
		}
		for _, c := range cmds {
			named := c.NameLocalizations["zh-CN"] != "" && c.NameLocalizations["zh-TW"] != ""
			described := c.DescriptionLocalizations["zh-CN"] != "" && c.DescriptionLocalizations["zh-TW"] != ""
			switch {
			case known[c.Name] && (!named || !described):
				t.Errorf("/%s lacks Chinese localizations", c.Name)
			case !named || !described:
				// A service command newer than knownCommands: registered all the
				// same, under its English name (and with its English help when
				// the catalog lacks Chinese lines).
				t.Logf("/%s is registered without Chinese name (%v) or descriptions (%v)", c.Name, named, described)
			}
			if c.Name == "move" && (len(c.Options) == 0 || !c.Options[0].Autocomplete || !c.Options[0].Required) {
				t.Errorf("/move options = %+v, want a required autocomplete move", c.Options)
			}
		}
	})
}

func TestSlashCommandIsDeferredThenAnsweredWithTheBoard(t *testing.T) {
	t.Parallel()
	rec := newRecorder(echo(t))
	h := start(t, rec, setup{})
	id := h.slash(alice, "move", discordtest.Str("move", "h2e2"))
	ev := rec.next(t)
	in := h.acked(id)
	if got := in.Responses; len(got) != 1 || got[0] != 5 {
		t.Errorf("responses = %v, want one deferred message (5)", got)
	}
	want := bot.Event{Platform: "discord", ChatID: h.ch, User: bot.User{ID: alice.ID, Name: "Alice", Username: "alice"}, Text: "/move h2e2", Addressed: true}
	ev.At = want.At
	if fmt.Sprint(ev) != fmt.Sprint(want) {
		t.Errorf("event = %+v\nwant %+v", ev, want)
	}
	msgs := h.messages(bob)
	if len(msgs) != 1 {
		t.Fatalf("bob sees %d messages, want 1", len(msgs))
	}
	m := msgs[0]
	if m.Loading || m.Content != "moved h2e2" || m.Route != "response" || m.Ephemeral {
		t.Errorf("answer = %+v", m)
	}
	if len(m.Files) != 1 || m.Files[0].Name != "board.png" || !bytes.Equal(m.Files[0].Data, png) {
		t.Errorf("files = %+v, want board.png", m.Files)
	}
	if len(m.Buttons) != 1 || len(m.Buttons[0]) != 4 || m.Buttons[0][3].CustomID != "peek:1" || m.Buttons[0][2].Style != 4 {
		t.Errorf("buttons = %+v", m.Buttons)
	}
}

func TestAdminAndMentionsFromOptions(t *testing.T) {
	t.Parallel()
	rec := newRecorder(nil)
	h := start(t, rec, setup{})
	h.slash(carol, "new", discordtest.UserOpt("opponent", dave.ID), discordtest.Str("variant", "xiangqi"), discordtest.Str("options", "fuhe side=black"))
	ev := rec.next(t)
	if ev.Text != "/new @dave_w xiangqi fuhe side=black" {
		t.Errorf("text = %q", ev.Text)
	}
	if len(ev.Mentions) != 1 || ev.Mentions[0] != (bot.User{ID: dave.ID, Name: "dave_w", Username: "dave_w"}) {
		t.Errorf("mentions = %+v", ev.Mentions)
	}
	if !ev.Admin {
		t.Error("carol (administrator) is not Admin")
	}
	h.slash(alice, "board", discordtest.Str("game", "12"))
	ev = rec.next(t)
	if ev.Text != "/board #12" || ev.Admin {
		t.Errorf("event = %q admin %v, want \"/board #12\" not admin", ev.Text, ev.Admin)
	}
}

func TestButtonPressIsAcknowledgedAndPassesItsData(t *testing.T) {
	t.Parallel()
	rec := newRecorder(echo(t))
	h := start(t, rec, setup{})
	h.slash(alice, "move", discordtest.Str("move", "h2e2"))
	rec.next(t)
	boardID := h.messages(alice)[0].ID
	id := h.press(bob, boardID, "draw:1")
	ev := rec.next(t)
	if ev.Button != "draw:1" || ev.MessageID != boardID || ev.User.ID != bob.ID || !ev.Addressed {
		t.Errorf("event = %+v", ev)
	}
	if r := h.acked(id).Responses; len(r) != 1 || r[0] != 6 {
		t.Errorf("responses = %v, want a deferred update (6)", r)
	}
	msgs := h.messages(alice)
	if len(msgs) != 2 || msgs[1].Content != "Bob pressed draw:1" || msgs[1].Route != "followup" || msgs[1].Ephemeral {
		t.Errorf("messages = %+v", msgs)
	}
}

func TestPrivateAnswersAreEphemeralAndNeverPublic(t *testing.T) {
	t.Parallel()
	rec := newRecorder(echo(t))
	h := start(t, rec, setup{})

	// /peek defers ephemerally and the answer fills the placeholder.
	id := h.slash(alice, "peek")
	rec.next(t)
	if in := h.acked(id); in.DeferFlags&64 == 0 {
		t.Errorf("/peek deferred with flags %d, want ephemeral", in.DeferFlags)
	}
	// The "My pieces" button answers with an ephemeral follow-up.
	h.slash(alice, "move", discordtest.Str("move", "h2e2"))
	rec.next(t)
	var boardID string
	for _, m := range h.messages(bob) {
		if m.Content == "moved h2e2" {
			boardID = m.ID
		}
	}
	h.press(bob, boardID, "peek:1")
	rec.next(t)
	// A public command whose first answer is private gets a neutral public note.
	h.slash(bob, "board")
	rec.next(t)

	secretOf := func(u discordtest.User) []byte { return []byte("\x89PNG secret of " + u.ID) }
	for _, viewer := range []discordtest.User{alice, bob, carol} {
		for _, m := range h.messages(viewer) {
			for _, f := range m.Files {
				for _, owner := range []discordtest.User{alice, bob} {
					if bytes.Equal(f.Data, secretOf(owner)) && (owner.ID != viewer.ID || !m.Ephemeral) {
						t.Errorf("%s sees %s's private board in %+v", viewer.Name, owner.Name, m)
					}
				}
			}
		}
	}
	count := func(u discordtest.User) (n int) {
		for _, m := range h.messages(u) {
			for _, f := range m.Files {
				if bytes.Equal(f.Data, secretOf(u)) {
					n++
				}
			}
		}
		return n
	}
	if n := count(alice); n != 1 {
		t.Errorf("alice sees %d private boards, want 1 (/peek)", n)
	}
	if n := count(bob); n != 2 {
		t.Errorf("bob sees %d private boards, want 2 (button, /board)", n)
	}
	var notes int
	for _, m := range h.messages(carol) {
		if m.Content == privateNote {
			notes++
		}
	}
	if notes != 1 {
		t.Errorf("carol sees %d neutral notes, want 1\n%s", notes, h.transcript(carol))
	}
}

func (h *harness) transcript(u discordtest.User) string {
	var s string
	h.srv.Read(func(v *discordtest.View) { s = v.Transcript(h.ch, u.ID) })
	return s
}

func TestUnansweredPlaceholderIsDeleted(t *testing.T) {
	t.Parallel()
	rec := newRecorder(nil)
	h := start(t, rec, setup{})
	id := h.slash(alice, "games")
	rec.next(t)
	h.wait("placeholder deleted", func(v *discordtest.View) bool {
		in := v.Interaction(id)
		m := v.Message(in.OriginalID)
		return m != nil && m.Deleted
	})
	if msgs := h.messages(alice); len(msgs) != 0 {
		t.Errorf("alice still sees %+v", msgs)
	}
}

type suggester struct{ moves []string }

func (s suggester) SuggestMoves(_ context.Context, platform, chatID, userID, prefix string, max int) []string {
	var out []string
	for _, m := range s.moves {
		if strings.HasPrefix(m, prefix) {
			out = append(out, m)
		}
	}
	// Return more than asked: the adapter must cut.
	return append(out, out...)
}

func TestAutocompleteOffersAtMost25Moves(t *testing.T) {
	t.Parallel()
	var moves []string
	for f := 'a'; f <= 'i'; f++ {
		for r := 0; r <= 3; r++ {
			moves = append(moves, fmt.Sprintf("%c%d%c%d", f, r, f, r+1))
		}
	}
	h := start(t, newRecorder(nil), setup{opts: []Option{WithMoveSuggester(suggester{moves})}})
	choices := func(typed string) []string {
		id, err := h.srv.Autocomplete(h.ch, alice.ID, "move", "move", typed)
		if err != nil {
			t.Fatal(err)
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
	if got := choices(""); len(got) != 25 {
		t.Errorf("%d choices for nothing typed, want 25", len(got))
	}
	if got := choices("h2"); strings.Join(got, " ") != "h2h3" {
		t.Errorf("choices for h2 = %v, want [h2h3]", got)
	}
	if got := choices("zz"); len(got) != 0 {
		t.Errorf("choices for zz = %v", got)
	}
}

func TestMentionIsAMoveWithoutMessageContent(t *testing.T) {
	t.Parallel()
	rec := newRecorder(echo(t))
	h := start(t, rec, setup{})
	if _, err := h.srv.Say(h.ch, bob.ID, "good luck"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.srv.Say(h.ch, alice.ID, "<@"+h.srv.Config().BotID+"> h2e2"); err != nil {
		t.Fatal(err)
	}
	ev := rec.next(t)
	if ev.Text != "@Chuhe h2e2" || !ev.Addressed || ev.MessageID == "" || ev.User.ID != alice.ID {
		t.Errorf("event = %+v", ev)
	}
	if n := rec.count(); n != 1 {
		t.Errorf("%d events, want only the mention (no content intent)", n)
	}
	msgs := h.messages(bob)
	last := msgs[len(msgs)-1]
	if last.Content != "moved h2e2" || last.ReplyTo != ev.MessageID || len(last.Files) != 1 {
		t.Errorf("reply = %+v", last)
	}
}

func TestClosedDMFallsBackToTheEphemeralRoute(t *testing.T) {
	t.Parallel()
	sent := make(chan error, 2)
	rec := newRecorder(func(ctx context.Context, p bot.Platform, ev bot.Event, r bot.Replier) {
		if ev.Text == "/peek" {
			_, err := r.ReplyPrivately(ctx, secret(ev.User))
			sent <- err
			return
		}
		_, err := p.SendPrivate(ctx, ev.User, secret(ev.User))
		sent <- err
		if pu, ok := isPrivateUnavailable(err); ok {
			_, err := r.Reply(ctx, bot.Message{Text: ev.User.Name + ": " + pu.Hint})
			must(t, bot.MessageRef{}, err)
		}
	})
	h := start(t, rec, setup{})
	h.srv.CloseDMs(bob.ID)

	h.slash(alice, "games")
	rec.next(t)
	if err := <-sent; err != nil {
		t.Fatalf("DM to alice: %v", err)
	}
	h.srv.Read(func(v *discordtest.View) {
		dm := v.Messages(v.DMChannel(alice.ID), "")
		if len(dm) != 1 || !strings.Contains(string(dm[0].Files[0].Data), alice.ID) {
			t.Errorf("alice's DMs = %+v", dm)
		}
	})

	h.slash(bob, "games")
	rec.next(t)
	pu, ok := isPrivateUnavailable(<-sent)
	if !ok || pu.User.ID != bob.ID || !strings.Contains(pu.Hint, "My pieces") || !strings.Contains(pu.Hint, "/peek") {
		t.Fatalf("DM to bob: %+v, want a PrivateUnavailableError with a hint", pu)
	}
	// Following the hint, /peek shows bob's board to bob only.
	h.slash(bob, "peek")
	rec.next(t)
	if err := <-sent; err != nil {
		t.Fatal(err)
	}
	var mine, others int
	for _, u := range []discordtest.User{alice, bob} {
		for _, m := range h.messages(u) {
			for _, f := range m.Files {
				if strings.Contains(string(f.Data), bob.ID) {
					if u.ID == bob.ID && m.Ephemeral {
						mine++
					} else {
						others++
					}
				}
			}
		}
	}
	if mine != 1 || others != 0 {
		t.Errorf("bob's board seen by bob %d times, by others %d", mine, others)
	}
}

func TestDroppedGatewayResumesWithoutLosingAMove(t *testing.T) {
	t.Parallel()
	rec := newRecorder(echo(t))
	h := start(t, rec, setup{})
	h.slash(alice, "move", discordtest.Str("move", "h2e2"))
	rec.next(t)
	session := ""
	h.srv.Read(func(v *discordtest.View) { session = v.Session() })

	h.srv.Drop()
	// Bob moves while the bot is away; Discord keeps the event for the resume.
	id := h.slash(bob, "move", discordtest.Str("move", "h9g7"))
	ev := rec.next(t)
	if ev.Text != "/move h9g7" || ev.User.ID != bob.ID {
		t.Errorf("event after resume = %+v", ev)
	}
	h.acked(id)
	h.srv.Read(func(v *discordtest.View) {
		res := v.Resumes()
		if len(res) != 1 || res[0].SessionID != session || res[0].Seq < 3 {
			t.Errorf("resumes = %+v, want one of session %s", res, session)
		}
		if n := len(v.Identifies()); n != 1 {
			t.Errorf("%d identifies, want 1 (resumed, not re-identified)", n)
		}
	})
	// Exactly once, and the game goes on.
	h.slash(alice, "move", discordtest.Str("move", "h0g2"))
	rec.next(t)
	var moves []string
	for _, m := range h.messages(alice) {
		moves = append(moves, m.Content)
	}
	if strings.Join(moves, ",") != "moved h2e2,moved h9g7,moved h0g2" {
		t.Errorf("channel = %v", moves)
	}
	if n := rec.count(); n != 3 {
		t.Errorf("%d events, want 3", n)
	}
}

func TestInvalidSessionIdentifiesAgain(t *testing.T) {
	t.Parallel()
	rec := newRecorder(echo(t))
	h := start(t, rec, setup{})
	h.srv.InvalidateSessions()
	h.srv.Drop()
	h.wait("identified again", func(v *discordtest.View) bool { return len(v.Identifies()) == 2 && v.Connected() })
	h.slash(alice, "move", discordtest.Str("move", "h2e2"))
	if ev := rec.next(t); ev.Text != "/move h2e2" {
		t.Errorf("event = %+v", ev)
	}
}

func TestRateLimitedFollowUpIsRetried(t *testing.T) {
	t.Parallel()
	rec := newRecorder(echo(t))
	h := start(t, rec, setup{})
	h.slash(alice, "move", discordtest.Str("move", "h2e2"))
	rec.next(t)
	boardID := h.messages(alice)[0].ID
	h.srv.RateLimitNext("POST", "/webhooks/")
	h.press(bob, boardID, "takeback:1")
	rec.next(t)
	var statuses []int
	h.srv.Read(func(v *discordtest.View) {
		for _, c := range v.Calls() {
			if c.Method == "POST" && strings.HasPrefix(c.Path, "/webhooks/") {
				statuses = append(statuses, c.Status)
			}
		}
	})
	if fmt.Sprint(statuses) != "[429 200]" {
		t.Errorf("follow-up statuses = %v, want [429 200]", statuses)
	}
	if msgs := h.messages(alice); len(msgs) != 2 {
		t.Errorf("%d messages, want 2", len(msgs))
	}
}

func TestShardIsIdentifiedAndOnlyShardZeroRegisters(t *testing.T) {
	t.Parallel()
	h := start(t, newRecorder(nil), setup{cfg: Config{ShardID: 1, ShardCount: 2}, noWait: true})
	h.srv.Read(func(v *discordtest.View) {
		id := v.Identifies()[0]
		if id.Shard == nil || *id.Shard != [2]int{1, 2} {
			t.Errorf("shard = %v, want [1 2]", id.Shard)
		}
	})
	h.stop()
	h.srv.Read(func(v *discordtest.View) {
		for _, c := range v.Calls() {
			if strings.HasPrefix(c.Path, "/applications/") {
				t.Errorf("shard 1 called %s %s", c.Method, c.Path)
			}
		}
	})
}

func TestPlatformSendEditDelete(t *testing.T) {
	t.Parallel()
	rec := newRecorder(echo(t))
	h := start(t, rec, setup{})
	ctx := context.Background()
	ref, err := h.a.Send(ctx, h.ch, bot.Message{Text: "Bob moved. Alice, your turn.", Image: png})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.a.Edit(ctx, ref, bot.Message{Text: "edited", Image: []byte("\x89PNG new")}); err != nil {
		t.Fatal(err)
	}
	h.srv.Read(func(v *discordtest.View) {
		m := v.Message(ref.ID)
		if m.Content != "edited" || len(m.Files) != 1 || string(m.Files[0].Data) != "\x89PNG new" || len(m.Buttons) != 0 {
			t.Errorf("edited message = %+v", m)
		}
	})
	// An ephemeral answer can only be edited through the interaction's webhook.
	h.slash(alice, "peek")
	rec.next(t)
	var eph string
	for _, m := range h.messages(alice) {
		if m.Ephemeral {
			eph = m.ID
		}
	}
	if err := h.a.Edit(ctx, bot.MessageRef{ChatID: h.ch, ID: eph}, bot.Message{Text: "game over"}); err != nil {
		t.Fatal(err)
	}
	if err := h.a.Delete(ctx, ref); err != nil {
		t.Fatal(err)
	}
	h.srv.Read(func(v *discordtest.View) {
		if m := v.Message(eph); m.Content != "game over" || len(m.Files) != 1 {
			t.Errorf("ephemeral after edit = %+v", m)
		}
		if !v.Message(ref.ID).Deleted {
			t.Error("not deleted")
		}
		for _, c := range v.Calls() {
			if c.Unexpected {
				t.Errorf("unexpected call %+v", c)
			}
		}
	})
}

func TestConvertLimits(t *testing.T) {
	t.Parallel()
	row := func(n int) []bot.Button {
		var r []bot.Button
		for i := range n {
			r = append(r, bot.Button{Label: fmt.Sprint(i), Data: fmt.Sprint("b", i)})
		}
		return r
	}
	tests := []struct {
		name    string
		m       bot.Message
		rows    int
		tooLong bool
	}{
		{"text of 2000 characters", bot.Message{Text: strings.Repeat("棋", 2000)}, 0, false},
		{"text of 2001 characters", bot.Message{Text: strings.Repeat("棋", 2001)}, 0, true},
		{"seven buttons make two rows", bot.Message{Buttons: [][]bot.Button{row(7)}}, 2, false},
		{"six rows are too many", bot.Message{Buttons: [][]bot.Button{row(1), row(1), row(1), row(1), row(1), row(1)}}, 0, true},
		{"custom_id over 100 bytes", bot.Message{Buttons: [][]bot.Button{{{Label: "x", Data: strings.Repeat("d", 101)}}}}, 0, true},
		{"url button", bot.Message{Buttons: [][]bot.Button{{{Label: "Open", URL: "https://example.com"}}}}, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := convert(tt.m)
			if tt.tooLong {
				if !errors.Is(err, bot.ErrTooLong) {
					t.Errorf("err = %v, want ErrTooLong", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(out.components) != tt.rows {
				t.Errorf("%d rows, want %d", len(out.components), tt.rows)
			}
		})
	}
	if _, err := convert(bot.Message{}); err == nil {
		t.Error("empty message converted")
	}
}

func TestConfig(t *testing.T) {
	t.Parallel()
	c := Config{Token: "abc"}
	if c.authToken() != "Bot abc" || (Config{Token: "Bot abc"}).authToken() != "Bot abc" {
		t.Error("token prefix")
	}
	c.FromEnv(func(k string) string {
		if k == EnvToken {
			return "from-env"
		}
		return ""
	})
	if c.Token != "from-env" {
		t.Errorf("token = %q", c.Token)
	}
	for _, bad := range []Config{{}, {Token: "x", ShardID: 2, ShardCount: 2}, {Token: "x", ShardID: 1}} {
		if bad.Validate() == nil {
			t.Errorf("%+v validated", bad)
		}
	}
	if err := validateCommands(DefaultCommands()); err != nil {
		t.Error(err)
	}
}

func TestDirectMessagesArePrivateAndAdmin(t *testing.T) {
	t.Parallel()
	rec := newRecorder(echo(t))
	h := start(t, rec, setup{})
	dm := h.srv.OpenDM(alice.ID)
	if _, err := h.srv.Slash(dm, alice.ID, "move", discordtest.Str("move", "h2e2")); err != nil {
		t.Fatal(err)
	}
	ev := rec.next(t)
	if !ev.Private || !ev.Admin || ev.ChatID != dm || ev.User.Name != "Alice" {
		t.Errorf("slash command in a DM = %+v", ev)
	}
	if _, err := h.srv.Say(dm, alice.ID, "h9g7"); err != nil {
		t.Fatal(err)
	}
	ev = rec.next(t)
	if !ev.Private || !ev.Addressed || ev.Text != "h9g7" {
		t.Errorf("message in a DM = %+v", ev)
	}
}

func TestReplyToTheBotIsAddressed(t *testing.T) {
	t.Parallel()
	rec := newRecorder(echo(t))
	h := start(t, rec, setup{})
	ref, err := h.a.Send(context.Background(), h.ch, board("your move, Bob"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.srv.Reply(bob.ID, ref.ID, "h9g7"); err != nil {
		t.Fatal(err)
	}
	ev := rec.next(t)
	if ev.ReplyTo != ref.ID || !ev.Addressed || ev.Text != "h9g7" {
		t.Errorf("reply = %+v", ev)
	}
}

func TestMessageContentIntentBringsPlainMessages(t *testing.T) {
	t.Parallel()
	rec := newRecorder(nil)
	h := start(t, rec, setup{cfg: Config{MessageContent: true}})
	h.srv.Read(func(v *discordtest.View) {
		if v.Identifies()[0].Intents&(1<<15) == 0 {
			t.Error("message content intent not asked for")
		}
	})
	if _, err := h.srv.Say(h.ch, carol.ID, "h2e2"); err != nil {
		t.Fatal(err)
	}
	ev := rec.next(t)
	if ev.Text != "h2e2" || ev.Addressed || !ev.Admin {
		t.Errorf("plain message = %+v, want unaddressed, from an admin", ev)
	}
}

func TestSlashCommandsFollowTheServiceCommandList(t *testing.T) {
	t.Parallel()
	known := map[string]bool{}
	for _, c := range knownCommands() {
		known[c.Name] = true
	}
	var names []string
	for _, c := range DefaultCommands() {
		names = append(names, c.Name)
	}
	var want []string
	for _, c := range bot.Commands() {
		want = append(want, c.Name)
		if !known[c.Name] {
			t.Logf("service command /%s has no argument spec here; it gets a free-text argument", c.Name)
		}
	}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("slash commands %v, service commands %v", names, want)
	}
	if err := validateCommands(DefaultCommands()); err != nil {
		t.Error(err)
	}
	// The table is valid as a whole, even for commands the service dropped.
	if err := validateCommands(knownCommands()); err != nil {
		t.Error(err)
	}
	// A command the adapter does not know yet gets one optional text
	// argument, which Discord accepts whatever the name.
	for _, name := range []string{"puzzle", "a_new-command", strings.Repeat("x", 32)} {
		c := genericCommand(name)
		if err := validateCommands([]Command{c}); err != nil {
			t.Errorf("generic /%s: %v", name, err)
		}
		if len(c.Args) != 1 || c.Args[0].Required || c.Args[0].Kind != ArgText || len(c.Names) != 0 {
			t.Errorf("generic /%s = %+v", name, c)
		}
	}
	// The commands whose answers are secret are private.
	for _, c := range DefaultCommands() {
		if want := c.Name == "peek" || c.Name == "setup"; c.Private != want {
			t.Errorf("/%s private = %v, want %v", c.Name, c.Private, want)
		}
		if c.Name == "setup" && (c.Names["zh-CN"] != "布阵" || c.Names["zh-TW"] != "布陣" ||
			len(c.Args) != 2 || !c.Args[0].Required || c.Args[1].Name != "game" || c.Args[1].Required) {
			t.Errorf("/setup = %+v", c)
		}
	}
}

func TestImageRefusedFallsBackToTheTextBoard(t *testing.T) {
	t.Parallel()
	h := start(t, newRecorder(nil), setup{})
	h.srv.DenyAttachments()
	m := board("Bob moved.")
	m.Alt = "車馬象士將士象馬車"
	ref, err := h.a.Send(context.Background(), h.ch, m)
	if err != nil {
		t.Fatal(err)
	}
	h.srv.Read(func(v *discordtest.View) {
		got := v.Message(ref.ID)
		if len(got.Files) != 0 || !strings.Contains(got.Content, "```\n"+m.Alt+"\n```") || len(got.Buttons) != 1 {
			t.Errorf("fallback = %+v", got)
		}
	})
}

func TestPrivateCommandAnswersStayPrivate(t *testing.T) {
	t.Parallel()
	rec := newRecorder(func(ctx context.Context, _ bot.Platform, ev bot.Event, r bot.Replier) {
		ref, err := r.Reply(ctx, bot.Message{Text: "You have no game here."})
		must(t, ref, err)
		ref, err = r.Reply(ctx, bot.Message{Text: "Start one with /new."})
		must(t, ref, err)
	})
	h := start(t, rec, setup{})
	h.slash(alice, "peek")
	rec.next(t)
	var got []string
	for _, m := range h.messages(alice) {
		got = append(got, fmt.Sprintf("%s ephemeral=%v", m.Content, m.Ephemeral))
	}
	want := "You have no game here. ephemeral=true|Start one with /new. ephemeral=true"
	if strings.Join(got, "|") != want {
		t.Errorf("alice sees %q, want %q", got, want)
	}
	if msgs := h.messages(carol); len(msgs) != 0 {
		t.Errorf("carol sees %+v", msgs)
	}
}

// TestPrivateCommandsAreConfidential: a private slash command in a channel
// (/setup, /peek) is deferred ephemerally and its Event is Confidential, so the
// service takes a secret from it; the same command in a DM is Private (and not
// Confidential, as bot.Event says); public commands, mentions and buttons are
// neither.
func TestPrivateCommandsAreConfidential(t *testing.T) {
	t.Parallel()
	rec := newRecorder(func(ctx context.Context, _ bot.Platform, ev bot.Event, r bot.Replier) {
		if ev.Text != "" {
			ref, err := r.Reply(ctx, board("answer to "+ev.Text))
			must(t, ref, err)
		}
	})
	h := start(t, rec, setup{})

	id := h.slash(alice, "setup", discordtest.Str("answer", "a2=R i2=P"), discordtest.Str("game", "1"))
	ev := rec.next(t)
	if ev.Text != "/setup a2=R i2=P #1" || !ev.Confidential || ev.Private || !ev.Addressed {
		t.Errorf("/setup in a channel = %+v, want confidential", ev)
	}
	if in := h.acked(id); in.DeferFlags&64 == 0 {
		t.Errorf("/setup deferred with flags %d, want ephemeral", in.DeferFlags)
	}
	h.slash(bob, "peek")
	if ev := rec.next(t); !ev.Confidential {
		t.Errorf("/peek in a channel = %+v, want confidential", ev)
	}
	h.slash(bob, "move", discordtest.Str("move", "h9g7"))
	if ev := rec.next(t); ev.Confidential {
		t.Errorf("/move = %+v, not confidential", ev)
	}
	boardID := h.last(carol, hasImage).ID
	h.press(alice, boardID, "peek:1")
	if ev := rec.next(t); ev.Confidential || ev.Button != "peek:1" {
		t.Errorf("button = %+v, not confidential", ev)
	}
	// Until now nobody but its user sees a private command, its options or its answers.
	for _, m := range h.messages(carol) {
		if strings.Contains(m.Content, "setup") || strings.Contains(m.Content, "a2=R") {
			t.Errorf("carol sees %+v", m)
		}
	}
	if tr := h.transcript(carol); strings.Contains(tr, "/setup") || strings.Contains(tr, "/peek") {
		t.Errorf("carol's view shows a private command:\n%s", tr)
	}
	if tr := h.transcript(alice); !strings.Contains(tr, "answer to /setup a2=R i2=P #1") {
		t.Errorf("alice does not see her answer:\n%s", tr)
	}
	// A mention is public: anybody can read it.
	if _, err := h.srv.Say(h.ch, alice.ID, "<@"+h.srv.Config().BotID+"> /setup a2=R i2=P"); err != nil {
		t.Fatal(err)
	}
	if ev := rec.next(t); ev.Confidential || ev.Private {
		t.Errorf("a mention = %+v, anybody can read it", ev)
	}
	dm := h.srv.OpenDM(bob.ID)
	if _, err := h.srv.Slash(dm, bob.ID, "setup", discordtest.Str("answer", "a7=N i7=N")); err != nil {
		t.Fatal(err)
	}
	if ev := rec.next(t); !ev.Private || ev.Confidential || ev.Text != "/setup a7=N i7=N" {
		t.Errorf("/setup in a DM = %+v, want private", ev)
	}
}

// TestEveryServiceCommandIsASlashCommand invokes every service command as a
// slash command, with its required options filled in (and each optional text
// option once), and checks that the service gets "/name ..." for it. A command
// added to the service later is covered without changing this test.
func TestEveryServiceCommandIsASlashCommand(t *testing.T) {
	t.Parallel()
	rec := newRecorder(nil)
	h := start(t, rec, setup{})
	byName := map[string]Command{}
	for _, c := range DefaultCommands() {
		byName[c.Name] = c
	}
	for _, info := range bot.Commands() {
		c, ok := byName[info.Name]
		if !ok {
			t.Errorf("service command /%s has no slash command", info.Name)
			continue
		}
		var opts []discordtest.Option
		want := "/" + c.Name
		for _, a := range c.Args {
			switch a.Kind {
			case ArgUser:
				if a.Required {
					opts = append(opts, discordtest.UserOpt(a.Name, bob.ID))
					want += " @Bob"
				}
			case ArgInteger:
				if a.Required {
					opts = append(opts, discordtest.Int(a.Name, 7))
					want += " " + a.Prefix + "7"
				}
			default:
				opts = append(opts, discordtest.Str(a.Name, "x"+a.Name))
				want += " " + a.Prefix + "x" + a.Name
			}
		}
		h.slash(alice, c.Name, opts...)
		if ev := rec.next(t); ev.Text != want || ev.Confidential != c.Private {
			t.Errorf("/%s: event %q confidential %v, want %q confidential %v", c.Name, ev.Text, ev.Confidential, want, c.Private)
		}
	}
}
