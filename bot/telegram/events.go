package telegram

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf16"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/chuhe/chuhe/bot"
)

// From an update to a bot.Event: messages, buttons (callback queries), the
// users the adapter has seen, the chat's admins, and the Replier of an event.

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
