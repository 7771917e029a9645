package telegram

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf16"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/chuhe/chuhe/bot"
)

// allowedUpdates are the update kinds the adapter asks for.
var allowedUpdates = []string{"message", "callback_query"}

// pollState is owned by the polling goroutine (and by shutdown, after it).
type pollState struct {
	polling   bool
	offset    int // next update id wanted
	confirmed int // offset of the last getUpdates Telegram answered
}

// poll is the long-polling loop. Telegram forgets updates below the offset of a
// getUpdates call. With an inbox (UseInbox), the offset moves past an update
// only once it is stored there, with the offset itself, in one transaction; the
// update leaves the inbox when it is handled (or with the game change it
// caused), and a restart handles what is left. Without one, the offset moves
// past an update once it is queued in memory: an update still queued when the
// drain ends is then lost, unless it came in the last batch, which
// confirmUpdates leaves unconfirmed.
func (a *Adapter) poll(ctx context.Context) error {
	a.ps.polling = true
	// getUpdates answers 409 while a webhook is set.
	if err := a.deleteWebhook(ctx); err != nil {
		var ae *APIError
		if errors.As(err, &ae) && ae.Code == http.StatusUnauthorized {
			return fmt.Errorf("telegram: the token was refused: %w", err)
		}
	}
	a.replayInbox(ctx)
	failures := 0
	for ctx.Err() == nil {
		updates, err := a.getUpdates(ctx, a.ps.offset, a.cfg.PollTimeout)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			var ae *APIError
			errors.As(err, &ae)
			if ae != nil && ae.Code == http.StatusUnauthorized {
				return fmt.Errorf("telegram: the token was refused: %w", err)
			}
			if ae != nil && ae.Code == http.StatusConflict {
				_ = a.deleteWebhook(ctx) // someone set a webhook meanwhile
			}
			failures++
			wait := backoff(failures)
			if ae != nil && ae.RetryAfter > 0 {
				wait = ae.RetryAfter
			}
			a.log.Warn("telegram: getUpdates failed; retrying", "err", err, "wait", wait)
			if a.clock.Sleep(ctx, wait) != nil {
				break
			}
			continue
		}
		fresh := updates[:0]
		for _, u := range updates {
			if u.UpdateID >= a.ps.offset {
				fresh = append(fresh, u)
			}
		}
		keys, err := a.keep(ctx, fresh)
		if err != nil {
			// Not stored: the offset stays, so Telegram sends them again.
			failures++
			wait := backoff(failures)
			a.log.Error("telegram: updates could not be stored; not confirming them", "err", err, "wait", wait)
			if a.clock.Sleep(ctx, wait) != nil {
				break
			}
			continue
		}
		failures = 0
		for i, u := range fresh {
			if err := a.dispatch(ctx, u, keys[i]); err != nil && a.inbox == nil {
				break // ctx ended: u stays unconfirmed
			}
			a.ps.offset = u.UpdateID + 1
		}
	}
	return nil
}

// inboxKey sorts updates by id.
func inboxKey(id int) string { return fmt.Sprintf("%012d", id) }

// keep stores updates in the inbox with the offset that follows them, and
// returns their inbox keys ("" for each without an inbox).
func (a *Adapter) keep(ctx context.Context, us []tgbotapi.Update) ([]string, error) {
	keys := make([]string, len(us))
	if a.inbox == nil || len(us) == 0 {
		return keys, nil
	}
	evs := make([]bot.Inbound, len(us))
	for i, u := range us {
		raw, err := json.Marshal(u)
		if err != nil {
			return nil, fmt.Errorf("telegram: encode update %d: %w", u.UpdateID, err)
		}
		evs[i] = bot.Inbound{Key: inboxKey(u.UpdateID), Data: raw}
	}
	// The store's write outlives a shutdown that begins now: an update Telegram
	// has sent is either stored or (the offset unmoved) sent again.
	if err := a.inbox.Keep(context.WithoutCancel(ctx), evs, strconv.Itoa(us[len(us)-1].UpdateID+1)); err != nil {
		return nil, err
	}
	for i := range evs {
		keys[i] = evs[i].Key
	}
	return keys, nil
}

// replayInbox handles the updates a previous run stored and did not finish,
// and continues after the offset it stored.
func (a *Adapter) replayInbox(ctx context.Context) {
	if a.inbox == nil {
		return
	}
	pending, mark, err := a.inbox.Pending(ctx)
	if err != nil {
		a.log.Error("telegram: the stored updates could not be read", "err", err)
		return
	}
	if n, err := strconv.Atoi(mark); err == nil && n > a.ps.offset {
		a.ps.offset = n
	}
	if len(pending) > 0 {
		a.log.Info("telegram: handling updates stored before the restart", "count", len(pending))
	}
	for _, in := range pending {
		var u tgbotapi.Update
		if err := json.Unmarshal(in.Data, &u); err == nil {
			a.ps.offset = max(a.ps.offset, u.UpdateID+1)
		}
	}
	a.handleStored(ctx, pending)
}

// inboxSweep is how often a webhook process looks for stored updates that no
// live process handles: those of a process that died while this one runs
// (the inbox's claims give them to one survivor).
const inboxSweep = 30 * time.Second

// sweepInbox takes over, every `every` until ctx ends, the stored updates of
// processes that died. Behind a load balancer several processes serve the
// webhook; one that dies leaves what it stored and had not handled. (Real
// time: processes die in it, and a test clock's Sleep returns at once.)
func (a *Adapter) sweepInbox(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		pending, _, err := a.inbox.Pending(ctx)
		if err != nil {
			if ctx.Err() == nil {
				a.log.Warn("telegram: the stored updates could not be read", "err", err)
			}
			continue
		}
		if len(pending) > 0 {
			a.log.Info("telegram: handling updates another process stored and left", "count", len(pending))
		}
		a.handleStored(ctx, pending)
	}
}

// handleStored dispatches updates claimed from the inbox, but none that this
// run has queued or is handling already.
func (a *Adapter) handleStored(ctx context.Context, pending []bot.Inbound) {
	for _, in := range pending {
		var u tgbotapi.Update
		if err := json.Unmarshal(in.Data, &u); err != nil {
			a.log.Error("telegram: a stored update is unreadable; dropping it", "key", in.Key, "err", err)
			_ = a.inbox.Done(ctx, in.Key)
			continue
		}
		a.mu.Lock()
		taken, _ := a.seen.get(u.UpdateID)
		taken = taken || a.pending[u.UpdateID]
		if !taken {
			// Marked, so that a later sweep that lists it again (its lease
			// ran out while it waited) does not take it a second time.
			a.seen.put(u.UpdateID, true)
		}
		a.mu.Unlock()
		if taken {
			// It came by the webhook in this run, which marks it before storing
			// it and dispatches it itself, or an earlier sweep took it: it must
			// not be handled twice.
			continue
		}
		if err := a.dispatch(ctx, u, in.Key); err != nil {
			return // shutting down: it stays stored
		}
	}
}

func (a *Adapter) deleteWebhook(ctx context.Context) error {
	_, err := a.do(ctx, 0, "deleteWebhook", func(int64) tgbotapi.Chattable {
		return tgbotapi.DeleteWebhookConfig{}
	}, retry{attempts: 3, logFailures: true})
	return err
}

func (a *Adapter) getUpdates(ctx context.Context, offset int, wait time.Duration) ([]tgbotapi.Update, error) {
	cfg := tgbotapi.UpdateConfig{Offset: offset, Timeout: int(wait / time.Second), AllowedUpdates: allowedUpdates}
	if wait == 0 {
		cfg.Limit = 1
	}
	resp, err := a.call(ctx, "getUpdates", cfg, wait)
	if err != nil {
		return nil, err
	}
	a.ps.confirmed = offset
	var updates []tgbotapi.Update
	if err := decode(resp, &updates); err != nil {
		return nil, &APIError{Method: "getUpdates", Err: fmt.Errorf("reading updates: %w", err)}
	}
	return updates, nil
}

// confirmUpdates tells Telegram, after the drain, which updates were handled:
// everything below the oldest one still pending.
func (a *Adapter) confirmUpdates() {
	if !a.ps.polling {
		return
	}
	offset := a.ps.offset
	a.mu.Lock()
	for id := range a.pending {
		offset = min(offset, id)
	}
	n := len(a.pending)
	a.mu.Unlock()
	if a.inbox != nil {
		// Everything received is stored: confirm it all.
		offset = a.ps.offset
		if n > 0 {
			a.log.Warn("telegram: events left unhandled at shutdown; they are kept in the data file and handled at the next start", "count", n)
		}
	} else if n > 0 {
		a.log.Warn("telegram: events left unhandled at shutdown; those of the last batch come again from Telegram, earlier ones are lost (no inbox)", "count", n)
	}
	if offset <= a.ps.confirmed {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), min(a.cfg.RequestTimeout, 5*time.Second))
	defer cancel()
	if _, err := a.getUpdates(ctx, offset, 0); err != nil {
		a.log.Warn("telegram: could not confirm the last updates; some may come again", "err", err)
	}
}

// dispatch queues an update on its chat's event lane; key is its inbox key
// ("" without an inbox), removed once it is handled.
func (a *Adapter) dispatch(ctx context.Context, u tgbotapi.Update, key string) error {
	chat, ok := updateChat(u)
	if !ok {
		a.done(key)
		return nil
	}
	a.mu.Lock()
	a.pending[u.UpdateID] = true
	a.mu.Unlock()
	err := a.in.submit(ctx, chat, func() {
		if a.work.Err() != nil {
			return // the drain is over: leave it pending (stored, or unconfirmed)
		}
		a.handleUpdate(u, key)
		if a.work.Err() == nil {
			a.done(key) // (cut short by the end of the drain, it stays stored)
		}
		a.mu.Lock()
		delete(a.pending, u.UpdateID)
		a.mu.Unlock()
	})
	if err != nil {
		a.mu.Lock()
		delete(a.pending, u.UpdateID)
		a.mu.Unlock()
	}
	return err
}

// done removes a handled update from the inbox.
func (a *Adapter) done(key string) {
	if a.inbox == nil || key == "" {
		return
	}
	if err := a.inbox.Done(context.Background(), key); err != nil {
		a.log.Warn("telegram: a handled update stays stored; it may be handled again after a restart", "key", key, "err", err)
	}
}

func updateChat(u tgbotapi.Update) (int64, bool) {
	switch {
	case u.Message != nil && u.Message.Chat != nil:
		return u.Message.Chat.ID, true
	case u.CallbackQuery != nil && u.CallbackQuery.Message != nil && u.CallbackQuery.Message.Chat != nil:
		return u.CallbackQuery.Message.Chat.ID, true
	case u.CallbackQuery != nil && u.CallbackQuery.From != nil:
		return u.CallbackQuery.From.ID, true
	}
	return 0, false
}

func (a *Adapter) handleUpdate(u tgbotapi.Update, key string) {
	ctx := a.work
	defer func() {
		if p := recover(); p != nil {
			a.log.Error("telegram: handler panicked", "update", u.UpdateID, "panic", fmt.Sprint(p))
		}
	}()
	var ev bot.Event
	var ok bool
	callback := ""
	switch {
	case u.Message != nil:
		if m := u.Message; m.MigrateToChatID != 0 && m.Chat != nil {
			a.migrate(m.Chat.ID, m.MigrateToChatID)
			return
		}
		ev, ok = a.messageEvent(ctx, u.Message)
	case u.CallbackQuery != nil:
		ev, ok = a.callbackEvent(ctx, u.CallbackQuery)
		callback = u.CallbackQuery.ID
	}
	if !ok {
		return
	}
	ev.Inbound = key
	chat, _ := strconv.ParseInt(ev.ChatID, 10, 64)
	r := &replier{a: a, ev: ev, chat: chat, callback: callback}
	a.handler.Handle(ctx, ev, r)
	r.settle(ctx, "", false)
}

// commandRE matches "/cmd", "/cmd@SomeBot" and their arguments. Telegram marks
// only [A-Za-z0-9_] names as commands; the service also has Chinese aliases
// ("/走 炮二平五"), which count as commands here too.
var commandRE = regexp.MustCompile(`(?s)^/([^\s@/]{1,32})(?:@([A-Za-z0-9_]{1,64}))?(\s.*)?$`)

func (a *Adapter) messageEvent(ctx context.Context, m *tgbotapi.Message) (bot.Event, bool) {
	if m.From == nil || m.From.IsBot || m.Chat == nil || m.Text == "" {
		// Other bots (and anonymous admins, who write as GroupAnonymousBot),
		// photos and stickers: nothing to play.
		return bot.Event{}, false
	}
	a.rememberUser(m.From)
	private := m.Chat.Type == "private"
	ev := bot.Event{
		Platform:  "telegram",
		ChatID:    idString(m.Chat.ID),
		Private:   private,
		User:      userOf(m.From),
		MessageID: strconv.Itoa(m.MessageID),
		At:        a.clock.Now(),
		Addressed: private,
	}
	text := m.Text
	command := ""
	if sm := commandRE.FindStringSubmatch(text); sm != nil {
		if sm[2] != "" && !strings.EqualFold(sm[2], a.self.UserName) {
			return bot.Event{}, false // /cmd@OtherBot
		}
		command = sm[1]
		text = "/" + sm[1] + sm[3]
		ev.Addressed = true
	}
	mentioned := false
	for _, e := range m.Entities {
		switch e.Type {
		case "mention":
			name := strings.TrimPrefix(entityText(m.Text, e), "@")
			if strings.EqualFold(name, a.self.UserName) {
				mentioned = true
				continue
			}
			if u, ok := a.knownUser(name); ok {
				ev.Mentions = append(ev.Mentions, u)
			}
		case "text_mention":
			// A user without a username, named by the text the entity covers
			// ("Dave"): the service finds them in the text by it.
			if e.User != nil && e.User.ID != a.self.ID {
				a.rememberUser(e.User)
				u := userOf(e.User)
				if t := entityText(m.Text, e); t != "" {
					u.Name = t
				}
				ev.Mentions = append(ev.Mentions, u)
			}
		}
	}
	if mentioned {
		ev.Addressed = true
		if command == "" {
			text = stripMention(text, a.self.UserName)
		}
	}
	if r := m.ReplyToMessage; r != nil && r.From != nil && r.From.ID == a.self.ID {
		ev.ReplyTo = strconv.Itoa(r.MessageID)
		ev.Addressed = true
	}
	if private && command == "start" {
		text = a.restorePayload(text)
	}
	ev.Text = text
	switch {
	case private:
		ev.Admin = true
	case a.adminCmds[strings.ToLower(command)]:
		ev.Admin = a.isAdmin(ctx, m.Chat.ID, m.From.ID)
	}
	return ev, true
}

// stripMention removes a leading "@bot" (and the separator after it), so that
// "@ChuheBot h2e2" reaches the service as "h2e2".
func stripMention(text, bot string) string {
	t := strings.TrimLeft(text, " ")
	if len(t) > len(bot) && t[0] == '@' && strings.EqualFold(t[1:1+len(bot)], bot) {
		return strings.TrimLeft(t[1+len(bot):], " ,:")
	}
	if len(t) == len(bot)+1 && strings.EqualFold(t[1:], bot) {
		return ""
	}
	return text
}

// restorePayload turns "/start k…" back into the payload DeepLink stored.
func (a *Adapter) restorePayload(text string) string {
	cmd, arg, ok := strings.Cut(text, " ")
	if !ok || !strings.HasPrefix(arg, "k") {
		return text
	}
	if v, ok := a.payloads.value(strings.TrimSpace(arg)); ok {
		return cmd + " " + v
	}
	return text
}

// entityText is the part of text an entity covers; Telegram counts offsets in
// UTF-16 code units.
func entityText(text string, e tgbotapi.MessageEntity) string {
	u := utf16.Encode([]rune(text))
	if e.Offset < 0 || e.Length <= 0 || e.Offset+e.Length > len(u) {
		return ""
	}
	return string(utf16.Decode(u[e.Offset : e.Offset+e.Length]))
}

// userOf is a Telegram user as the service knows them: shown by @username when
// they have one, else by first name (which the service marks so that it cannot
// pass for a username).
func userOf(u *tgbotapi.User) bot.User {
	name := u.FirstName
	if u.UserName != "" {
		name = "@" + u.UserName
	}
	if name == "" {
		name = "user " + idString(u.ID)
	}
	return bot.User{ID: idString(u.ID), Name: name, Username: u.UserName}
}

func (a *Adapter) rememberUser(u *tgbotapi.User) {
	if u.UserName == "" {
		return
	}
	a.mu.Lock()
	a.users.put(strings.ToLower(u.UserName), userOf(u))
	a.mu.Unlock()
}

// knownUser resolves an @username to a user the bot has seen: the Bot API has no
// lookup by username.
func (a *Adapter) knownUser(name string) (bot.User, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.users.get(strings.ToLower(name))
}

const expiredButton = "This button is from before a restart. Please use the newest board, or type the command."

// callbackEvent turns a button press into an event. A press that makes no
// event is answered at once (an expired button with a notice); the others are
// answered by their replier: with the service's Notice as a pop-up, or silently
// before the first message it sends, or when the handler returns.
func (a *Adapter) callbackEvent(ctx context.Context, q *tgbotapi.CallbackQuery) (bot.Event, bool) {
	if q.From == nil {
		return bot.Event{}, false
	}
	data, known := a.buttonData(q.Data)
	if !known || q.Message == nil || q.Message.Chat == nil || data == "" {
		// Every callback query is answered, so the button stops spinning.
		notice := ""
		if !known && q.Data != buttonPrefix {
			notice = expiredButton
		}
		a.answer(ctx, q.ID, notice, false)
		return bot.Event{}, false
	}
	a.rememberUser(q.From)
	private := q.Message.Chat.Type == "private"
	ev := bot.Event{
		Platform:  "telegram",
		ChatID:    idString(q.Message.Chat.ID),
		Private:   private,
		User:      userOf(q.From),
		Button:    data,
		ReplyTo:   strconv.Itoa(q.Message.MessageID),
		Addressed: true,
		At:        a.clock.Now(),
		Admin:     private,
	}
	if name, _, _ := strings.Cut(data, ":"); !private && a.adminCmds[strings.ToLower(name)] {
		ev.Admin = a.isAdmin(ctx, q.Message.Chat.ID, q.From.ID)
	}
	return ev, true
}

// maxAlert is the longest text of a callback answer Telegram shows.
const maxAlert = 200

// answer answers a callback query; with alert the text is a pop-up the user
// must dismiss, otherwise a toast (or nothing, for "").
func (a *Adapter) answer(ctx context.Context, id, text string, alert bool) error {
	if utf16Len(text) > maxAlert {
		text, _ = cut(text, maxAlert-1)
		text = strings.TrimRight(text, " \n") + "…"
	}
	_, err := a.do(ctx, 0, "answerCallbackQuery", func(int64) tgbotapi.Chattable {
		return tgbotapi.CallbackConfig{CallbackQueryID: id, Text: text, ShowAlert: alert && text != ""}
	}, retry{attempts: 3, logFailures: true})
	return err
}

// adminCache remembers getChatMember answers for a while.
type adminCache struct {
	ttl time.Duration
	mu  sync.Mutex
	m   *fifo[[2]int64, adminEntry]
}

type adminEntry struct {
	admin   bool
	expires time.Time
}

func newAdminCache(ttl time.Duration, n int) *adminCache {
	return &adminCache{ttl: ttl, m: newFIFO[[2]int64, adminEntry](n)}
}

// isAdmin asks Telegram whether the user is the group's creator or an
// administrator. An error counts as "no" and is not cached.
func (a *Adapter) isAdmin(ctx context.Context, chat, user int64) bool {
	now := a.clock.Now()
	key := [2]int64{chat, user}
	a.admins.mu.Lock()
	e, ok := a.admins.m.get(key)
	a.admins.mu.Unlock()
	if ok && now.Before(e.expires) {
		return e.admin
	}
	resp, err := a.do(ctx, chat, "getChatMember", func(chat int64) tgbotapi.Chattable {
		return tgbotapi.GetChatMemberConfig{ChatConfigWithUser: tgbotapi.ChatConfigWithUser{ChatID: chat, UserID: user}}
	}, retry{attempts: 2, logFailures: true})
	var member tgbotapi.ChatMember
	if err == nil {
		err = decode(resp, &member)
	}
	if err != nil {
		return false
	}
	admin := member.IsCreator() || member.IsAdministrator()
	a.admins.mu.Lock()
	a.admins.m.put(key, adminEntry{admin: admin, expires: now.Add(a.admins.ttl)})
	a.admins.mu.Unlock()
	return admin
}

// replier answers one event. For a button press it also answers the callback
// query, exactly once (Telegram refuses a second answer): with the service's
// Notice, or silently before the first message, so a slow send cannot make
// Telegram give up on the query, or when the handler is done.
type replier struct {
	a        *Adapter
	ev       bot.Event
	chat     int64
	callback string // the callback query id of a button press, "" otherwise

	mu       sync.Mutex
	answered bool
}

// settle answers the callback query if it is still open; it reports whether
// this call answered it.
func (r *replier) settle(ctx context.Context, text string, alert bool) bool {
	r.mu.Lock()
	if r.callback == "" || r.answered {
		r.mu.Unlock()
		return false
	}
	r.answered = true
	r.mu.Unlock()
	// Answer even when the handler gave up because ctx ended: the button spins otherwise.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), min(r.a.cfg.RequestTimeout, 10*time.Second))
	defer cancel()
	if err := r.a.answer(ctx, r.callback, text, alert); err != nil {
		r.a.log.Warn("telegram: callback query not answered", "err", err)
	}
	return true
}

// Reply posts in the event's chat.
func (r *replier) Reply(ctx context.Context, m bot.Message) (bot.MessageRef, error) {
	r.settle(ctx, "", false)
	return r.a.send(ctx, r.chat, m)
}

// ReplyPrivately is a message in the user's private chat with the bot: the
// same chat for a private event, a direct message for a group event (or a
// *bot.PrivateUnavailableError when the user never started the bot).
func (r *replier) ReplyPrivately(ctx context.Context, m bot.Message) (bot.MessageRef, error) {
	r.settle(ctx, "", false)
	if r.ev.Private {
		return r.a.send(ctx, r.chat, m)
	}
	return r.a.SendPrivate(ctx, r.ev.User, m)
}

// Notice answers a button press with a pop-up (answerCallbackQuery with
// show_alert, at most 200 characters). Without an open callback query (a
// message, or a press already answered) it is a private message.
func (r *replier) Notice(ctx context.Context, text string) error {
	if r.settle(ctx, text, true) {
		return nil
	}
	_, err := r.ReplyPrivately(ctx, bot.Message{Text: text})
	return err
}

// runWebhook registers the webhook and, with Listen set, serves it until ctx ends.
func (a *Adapter) runWebhook(ctx context.Context) error {
	allowed, _ := json.Marshal(allowedUpdates)
	params := tgbotapi.Params{
		"url":             a.cfg.Webhook.URL,
		"secret_token":    a.secret,
		"allowed_updates": string(allowed),
	}
	_, err := a.doFunc(ctx, 0, "setWebhook", func(ctx context.Context, _ int64) (*tgbotapi.APIResponse, error) {
		return a.callRaw(ctx, "setWebhook", params)
	}, retry{logFailures: true})
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("telegram: setWebhook: %w", err)
	}
	a.replayInbox(ctx)
	if a.inbox != nil {
		go a.sweepInbox(ctx, a.inboxSweep)
	}
	if a.cfg.Webhook.Listen == "" {
		<-ctx.Done()
		return nil
	}
	path := "/"
	if u, err := url.Parse(a.cfg.Webhook.URL); err == nil && u.Path != "" {
		path = u.Path
	}
	mux := http.NewServeMux()
	mux.Handle(path, a.WebhookHandler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	ln, err := net.Listen("tcp", a.cfg.Webhook.Listen)
	if err != nil {
		return fmt.Errorf("telegram: webhook listen: %w", err)
	}
	a.log.Info("telegram: serving the webhook", "listen", ln.Addr().String(), "path", path)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("telegram: webhook server: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), a.cfg.DrainTimeout)
	defer cancel()
	_ = srv.Shutdown(sctx)
	return nil
}

const secretHeader = "X-Telegram-Bot-Api-Secret-Token"

func (a *Adapter) serveWebhook(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "POST only", http.StatusMethodNotAllowed)
		return
	}
	if a.secret == "" || subtle.ConstantTimeCompare([]byte(r.Header.Get(secretHeader)), []byte(a.secret)) != 1 {
		a.log.Warn("telegram: webhook request without the right secret token", "remote", r.RemoteAddr)
		http.Error(w, "forbidden", http.StatusUnauthorized)
		return
	}
	var u tgbotapi.Update
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&u); err != nil {
		http.Error(w, "bad update", http.StatusBadRequest)
		return
	}
	a.mu.Lock()
	dup, _ := a.seen.get(u.UpdateID) // false after a failed dispatch: take it again
	a.seen.put(u.UpdateID, true)
	a.mu.Unlock()
	if dup {
		w.WriteHeader(http.StatusOK) // Telegram delivered it again; it is handled already
		return
	}
	if a.inbox != nil {
		// Kept by an earlier run (whose 200 Telegram did not get before the
		// restart): handled, or handled from the inbox at the start.
		if old, err := a.inbox.Seen(r.Context(), inboxKey(u.UpdateID)); err != nil {
			a.log.Warn("telegram: could not tell whether a webhook update came before; taking it", "update", u.UpdateID, "err", err)
		} else if old {
			// Not this run's to mark: if it is still stored (its process died
			// before handling it), a sweep takes it, and must not pass it over.
			a.mu.Lock()
			a.seen.put(u.UpdateID, false)
			a.mu.Unlock()
			a.log.Info("telegram: a webhook update came again after a restart; it was taken before", "update", u.UpdateID)
			w.WriteHeader(http.StatusOK)
			return
		}
		// Stored first, then 200: Telegram retries what we did not store.
		keys, err := a.keep(r.Context(), []tgbotapi.Update{u})
		if err != nil {
			a.mu.Lock()
			a.seen.put(u.UpdateID, false)
			a.mu.Unlock()
			a.log.Error("telegram: a webhook update could not be stored; Telegram will send it again", "err", err)
			http.Error(w, "try again", http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusOK)
		go func() { _ = a.dispatch(a.work, u, keys[0]) }() // stored: a restart handles it if this cannot
		return
	}
	if err := a.dispatch(r.Context(), u, ""); err != nil {
		a.mu.Lock()
		a.seen.put(u.UpdateID, false)
		a.mu.Unlock()
		// Telegram retries a failed delivery later.
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// registerCommands sets the command menu, per language. Failures are logged:
// the bot works without a menu.
func (a *Adapter) registerCommands(ctx context.Context) {
	cmds := a.cfg.Commands
	if len(cmds) == 0 {
		return
	}
	langs := map[string]bool{}
	for _, c := range cmds {
		for l := range c.Help {
			if l != "" {
				langs[l] = true
			}
		}
	}
	order := []string{""}
	for l := range langs {
		order = append(order, l)
	}
	slices.Sort(order[1:])
	for _, lang := range order {
		list := commandList(cmds, lang)
		if len(list) == 0 {
			continue
		}
		_, err := a.do(ctx, 0, "setMyCommands", func(int64) tgbotapi.Chattable {
			return tgbotapi.SetMyCommandsConfig{Commands: list, LanguageCode: lang}
		}, retry{attempts: 3, logFailures: true})
		if err != nil && ctx.Err() == nil {
			a.log.Warn("telegram: the command menu was not registered", "language", lang, "err", err)
		}
	}
}

// commandList is the menu in one language ("" is the default: English, or
// whatever a command has).
func commandList(cmds []Command, lang string) []tgbotapi.BotCommand {
	var out []tgbotapi.BotCommand
	for _, c := range cmds {
		if !commandNameRE.MatchString(c.Name) {
			continue
		}
		help, ok := c.Help[lang]
		if !ok {
			help, ok = c.Help["en"]
		}
		if !ok {
			help, ok = c.Help[""]
		}
		if !ok {
			for _, h := range c.Help {
				help = h
				break
			}
		}
		help = strings.TrimSpace(help)
		if utf16Len(help) < 3 {
			help = "/" + c.Name + " " + help
		}
		help, _ = cut(help, 256)
		out = append(out, tgbotapi.BotCommand{Command: c.Name, Description: help})
	}
	return out
}
