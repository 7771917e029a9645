// Package telegramtest is a fake Telegram Bot API server for tests: an
// httptest server that speaks the Bot API's HTTP dialect well enough for the
// real telegram-bot-api client. It keeps a small world (users, chats, the
// messages in them), serves scripted updates through getUpdates, records every
// call, and can be told to fail calls (429 with retry_after, 5xx, dropped
// connections, hangs) so tests can check that nothing is lost.
//
// It listens on 127.0.0.1 only. Point the client at Endpoint():
//
//	srv := telegramtest.New(t)
//	api, _ := tgbotapi.NewBotAPIWithAPIEndpoint(srv.Token, srv.Endpoint())
package telegramtest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// BotID and BotUsername describe the fake's bot, as getMe returns it.
const (
	BotID       int64 = 7000000001
	BotUsername       = "ChuheBot"
)

// User is a Telegram user of the fake world.
type User struct {
	ID        int64  `json:"id"`
	IsBot     bool   `json:"is_bot"`
	FirstName string `json:"first_name"`
	Username  string `json:"username,omitempty"`
	Language  string `json:"language_code,omitempty"`
}

// Chat is a chat of the fake world. Group ids are negative, as in Telegram; a
// private chat's id is the user's id.
type Chat struct {
	ID    int64  `json:"id"`
	Type  string `json:"type"` // "private", "group", "supergroup"
	Title string `json:"title,omitempty"`
}

// Group makes a supergroup chat value.
func Group(id int64, title string) Chat { return Chat{ID: id, Type: "supergroup", Title: title} }

// PrivateChat is the chat between u and the bot.
func PrivateChat(u User) Chat { return Chat{ID: u.ID, Type: "private"} }

// Button is an inline keyboard button as sent by the bot.
type Button struct {
	Text         string  `json:"text"`
	URL          *string `json:"url,omitempty"`
	CallbackData *string `json:"callback_data,omitempty"`
}

// Keyboard is an inline keyboard.
type Keyboard struct {
	InlineKeyboard [][]Button `json:"inline_keyboard"`
}

// Message is a message in the fake world, sent by a user or by the bot.
type Message struct {
	ID       int
	Chat     Chat
	From     User
	Text     string // for a photo: its caption
	Photo    []byte // the uploaded image, for photos
	Document []byte // the uploaded file, for documents
	ReplyTo  int
	Keyboard *Keyboard
	Edits    int
	Deleted  bool
}

// IsPhoto says whether the message is a photo.
func (m *Message) IsPhoto() bool { return m.Photo != nil }

// Buttons lists the message's buttons in reading order.
func (m *Message) Buttons() []Button {
	if m.Keyboard == nil {
		return nil
	}
	var out []Button
	for _, row := range m.Keyboard.InlineKeyboard {
		out = append(out, row...)
	}
	return out
}

// Call is one request the fake served.
type Call struct {
	Method string
	Params url.Values
	Files  map[string][]byte
	Status int // the HTTP status answered (0: the connection was dropped or the client gave up)
	At     time.Time
}

// ChatID is the call's chat_id parameter as a number (0 without one).
func (c Call) ChatID() int64 {
	id, _ := strconv.ParseInt(c.Params.Get("chat_id"), 10, 64)
	return id
}

// FaultKind is a way for a call to fail.
type FaultKind int

const (
	// TooManyRequests answers 429 with parameters.retry_after.
	TooManyRequests FaultKind = iota
	// ServerError answers 500 with a JSON error.
	ServerError
	// BadGatewayHTML answers 502 with an HTML page, as a proxy in front of the
	// Bot API would.
	BadGatewayHTML
	// DropConnection closes the connection without an answer.
	DropConnection
	// Hang answers nothing until the client gives up.
	Hang
	// Forbidden answers 403.
	Forbidden
	// BadRequest answers 400 with Text.
	BadRequest
	// Migrated answers 400 with parameters.migrate_to_chat_id: the group became
	// the supergroup MigrateTo.
	Migrated
)

// Fault makes the next Times calls that match fail, before they take effect.
type Fault struct {
	Method     string // "" matches every method but getMe and getUpdates
	ChatID     int64  // 0 matches every chat
	Times      int    // default 1
	Kind       FaultKind
	RetryAfter int    // seconds, for TooManyRequests; default 1
	Text       string // description, for Forbidden
	MigrateTo  int64  // for Migrated
}

// Server is the fake Bot API.
type Server struct {
	Token string
	Bot   User
	// PrivacyOff makes getMe report can_read_all_group_messages and delivers
	// every group message. With privacy mode on (the default), as Telegram does,
	// a group message reaches the bot only if it starts with "/" (and is not
	// "/cmd@OtherBot"), mentions @BotUsername, or replies to the bot.
	PrivacyOff bool
	// MaxPoll caps how long getUpdates waits for updates (default 2s; the
	// client's own timeout parameter is obeyed below it).
	MaxPoll time.Duration
	// GroupPerMinute, when set, is Telegram's limit of messages the bot may
	// send into one group in a minute (20): a send over it is answered 429
	// with the seconds until the oldest of the minute's sends is a minute old.
	// Minutes are of the fake's clock (SetClock).
	GroupPerMinute int

	srv     *httptest.Server
	unseen  map[[2]int64]bool // group messages privacy mode kept from the bot
	closing chan struct{}
	once    sync.Once

	mu       sync.Mutex
	changed  chan struct{} // closed and replaced on every change
	updates  []json.RawMessage
	ids      []int
	nextUpd  int
	nextMsg  map[int64]int
	msgs     map[int64][]*Message
	calls    []Call
	users    map[int64]*User
	started  map[int64]bool
	members  map[[2]int64]string
	faults   []*Fault
	commands map[string][]map[string]string // language_code -> commands
	webhook  url.Values
	now      func() time.Time
	groupLog map[int64][]time.Time // send times per group, for GroupPerMinute
	limited  int                   // sends answered 429 by GroupPerMinute
	answers  map[string]Answer     // callback query id -> its answer
}

// SetClock makes the fake use now for call times and rate limits (a test's
// fake clock, shared with the client).
func (s *Server) SetClock(now func() time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.now = now
}

// RateLimited is how many sends GroupPerMinute refused.
func (s *Server) RateLimited() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.limited
}

// overLimitLocked answers whether a send into chat now breaks GroupPerMinute,
// and the seconds to wait; a send within it is counted.
func (s *Server) overLimitLocked(chat int64, now time.Time) (bool, int) {
	if s.GroupPerMinute <= 0 || chat >= 0 {
		return false, 0
	}
	if s.groupLog == nil {
		s.groupLog = map[int64][]time.Time{}
	}
	log := s.groupLog[chat]
	for len(log) > 0 && now.Sub(log[0]) >= time.Minute {
		log = log[1:]
	}
	if len(log) >= s.GroupPerMinute {
		s.groupLog[chat] = log
		wait := time.Minute - now.Sub(log[0])
		return true, max(1, int((wait+time.Second-1)/time.Second))
	}
	s.groupLog[chat] = append(log, now)
	return false, 0
}

// Answer is how the bot answered a callback query: a toast, or with Alert a
// pop-up the user must dismiss; Text "" shows nothing.
type Answer struct {
	Text  string
	Alert bool
}

// New starts a fake server on 127.0.0.1; it stops when the test ends.
func New(t testing.TB) *Server {
	s := &Server{
		Token:    "123456:TEST-token-" + strconv.FormatInt(time.Now().UnixNano()%1e6, 10),
		Bot:      User{ID: BotID, IsBot: true, FirstName: "Chuhe", Username: BotUsername},
		MaxPoll:  2 * time.Second,
		changed:  make(chan struct{}),
		closing:  make(chan struct{}),
		nextUpd:  100,
		nextMsg:  map[int64]int{},
		msgs:     map[int64][]*Message{},
		users:    map[int64]*User{},
		started:  map[int64]bool{},
		members:  map[[2]int64]string{},
		commands: map[string][]map[string]string{},
		now:      time.Now,
		unseen:   map[[2]int64]bool{},
		answers:  map[string]Answer{},
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// Endpoint is the API endpoint in telegram-bot-api's format ("…/bot%s/%s").
func (s *Server) Endpoint() string { return s.srv.URL + "/bot%s/%s" }

// URL is the server's base URL.
func (s *Server) URL() string { return s.srv.URL }

// Close stops the server; waiting getUpdates calls return.
func (s *Server) Close() {
	s.once.Do(func() { close(s.closing) })
	s.srv.CloseClientConnections()
	s.srv.Close()
}

// AddUser puts a user in the world. A user can be written to privately only
// after Start.
func (s *Server) AddUser(u User) User {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := u
	s.users[u.ID] = &c
	return u
}

// SetMember sets a user's status in a chat: "creator", "administrator",
// "member" (the default), "left".
func (s *Server) SetMember(chat, user int64, status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.members[[2]int64{chat, user}] = status
}

// Inject adds a fault.
func (s *Server) Inject(f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f.Times == 0 {
		f.Times = 1
	}
	if f.RetryAfter == 0 {
		f.RetryAfter = 1
	}
	s.faults = append(s.faults, &f)
}

// Block makes a user stop the bot: private messages to them fail with 403
// until they Start again.
func (s *Server) Block(user int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.started[user] = false
}

// ---- what the test reads ----

// Calls returns the calls of the given methods (all calls without any).
func (s *Server) Calls(methods ...string) []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Call
	for _, c := range s.calls {
		if len(methods) == 0 || slices.Contains(methods, c.Method) {
			out = append(out, c)
		}
	}
	return out
}

// AnswerOf returns the answer to callback query id (from Press), and whether
// the bot answered it.
func (s *Server) AnswerOf(id string) (Answer, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.answers[id]
	return a, ok
}

// Messages returns copies of a chat's messages, oldest first, deleted ones
// included.
func (s *Server) Messages(chat int64) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.msgs[chat] {
		out = append(out, *m)
	}
	return out
}

// BotMessages returns the bot's messages in a chat that are not deleted.
func (s *Server) BotMessages(chat int64) []Message {
	var out []Message
	for _, m := range s.Messages(chat) {
		if m.From.ID == s.Bot.ID && !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

// Commands returns what setMyCommands registered for a language ("" default).
func (s *Server) Commands(lang string) []map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.commands[lang]
}

// Webhook returns the parameters of the last setWebhook ("" url after
// deleteWebhook).
func (s *Server) Webhook() url.Values {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.webhook
}

// Wait blocks until cond (called with the server unlocked) holds or timeout
// passes; it reports whether cond held.
func (s *Server) Wait(timeout time.Duration, cond func() bool) bool {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		if cond() {
			return true
		}
		select {
		case <-ch:
		case <-deadline.C:
			return cond()
		}
	}
}

func (s *Server) changedLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}
