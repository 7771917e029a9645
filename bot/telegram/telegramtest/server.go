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
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"
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

// ---- what users do ----

// Say makes from write text in chat and queues the update. Entities are made as
// Telegram's clients make them: bot_command at the start, mentions of @names.
// It returns the new message's id.
func (s *Server) Say(chat Chat, from User, text string) int {
	return s.say(chat, from, text, 0, nil)
}

// Reply is Say as a reply to message replyTo.
func (s *Server) Reply(chat Chat, from User, text string, replyTo int) int {
	return s.say(chat, from, text, replyTo, nil)
}

// SayWithMention is Say with a text_mention entity for a user without a
// username, covering the first occurrence of name in text.
func (s *Server) SayWithMention(chat Chat, from User, text, name string, mentioned User) int {
	i := strings.Index(text, name)
	extra := []map[string]any{{
		"type": "text_mention", "offset": utf16Len(text[:i]), "length": utf16Len(name), "user": mentioned,
	}}
	return s.say(chat, from, text, 0, extra)
}

var (
	commandRE = regexp.MustCompile(`^/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?`)
	mentionRE = regexp.MustCompile(`@[A-Za-z0-9_]{5,32}`)
)

func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }

func (s *Server) say(chat Chat, from User, text string, replyTo int, extra []map[string]any) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if chat.Type == "private" {
		s.started[from.ID] = true
	}
	var entities []map[string]any
	if m := commandRE.FindStringIndex(text); m != nil {
		entities = append(entities, map[string]any{"type": "bot_command", "offset": 0, "length": utf16Len(text[:m[1]])})
	}
	for _, m := range mentionRE.FindAllStringIndex(text, -1) {
		if m[0] > 0 && text[m[0]-1] != ' ' {
			continue // part of /cmd@bot
		}
		entities = append(entities, map[string]any{"type": "mention", "offset": utf16Len(text[:m[0]]), "length": utf16Len(text[m[0]:m[1]])})
	}
	entities = append(entities, extra...)
	msg := s.addMessage(chat, from, text, nil, replyTo, nil)
	if !s.visibleLocked(chat, text, replyTo) {
		s.unseen[[2]int64{chat.ID, int64(msg.ID)}] = true
		return msg.ID
	}
	wire := s.wireMessage(msg)
	if len(entities) > 0 {
		wire["entities"] = entities
	}
	s.pushLocked(map[string]any{"message": wire})
	return msg.ID
}

// visibleLocked applies privacy mode to a new user message.
func (s *Server) visibleLocked(chat Chat, text string, replyTo int) bool {
	if s.PrivacyOff || chat.Type == "private" {
		return true
	}
	if m := commandRE.FindStringSubmatch(text); m != nil || strings.HasPrefix(text, "/") {
		return m == nil || m[1] == "" || strings.EqualFold(m[1], "@"+s.Bot.Username)
	}
	if strings.Contains(strings.ToLower(text), "@"+strings.ToLower(s.Bot.Username)) {
		return true
	}
	if r := s.findLocked(chat.ID, replyTo); r != nil && r.From.ID == s.Bot.ID {
		return true
	}
	return false
}

// Seen reports whether a user message in chat reached the bot (privacy mode
// keeps some group messages from it).
func (s *Server) Seen(chat int64, id int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.unseen[[2]int64{chat, int64(id)}]
}

// Start is a user opening the private chat from a deep link and pressing
// Start: Telegram then sends "/start PAYLOAD" (or "/start") privately.
func (s *Server) Start(from User, payload string) int {
	text := "/start"
	if payload != "" {
		text += " " + payload
	}
	return s.Say(PrivateChat(from), from, text)
}

// Press makes from press the button with callback data on message msgID in
// chat; it returns the callback query id.
func (s *Server) Press(chat Chat, from User, msgID int, data string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var wire map[string]any
	for _, m := range s.msgs[chat.ID] {
		if m.ID == msgID {
			wire = s.wireMessage(m)
		}
	}
	if wire == nil {
		wire = map[string]any{"message_id": msgID, "chat": chat, "date": s.now().Unix()}
	}
	id := fmt.Sprintf("cq%d", s.nextUpd)
	s.pushLocked(map[string]any{"callback_query": map[string]any{
		"id": id, "from": from, "message": wire, "chat_instance": "ci" + strconv.FormatInt(chat.ID, 10), "data": data,
	}})
	return id
}

// PushRaw queues an update given as JSON without update_id.
func (s *Server) PushRaw(update map[string]any) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pushLocked(update)
}

func (s *Server) pushLocked(update map[string]any) int {
	id := s.nextUpd
	s.nextUpd++
	update["update_id"] = id
	b, _ := json.Marshal(update)
	s.updates = append(s.updates, b)
	s.ids = append(s.ids, id)
	s.changedLocked()
	return id
}

// UpdateJSON returns the queued update with this id, for posting to a webhook.
func (s *Server) UpdateJSON(id int) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, x := range s.ids {
		if x == id {
			return s.updates[i]
		}
	}
	return nil
}

// Pending is the number of updates not yet confirmed by a getUpdates offset.
func (s *Server) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.ids)
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

// ---- serving ----

var pathRE = regexp.MustCompile(`^/bot([^/]+)/([A-Za-z]+)$`)

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	m := pathRE.FindStringSubmatch(r.URL.Path)
	if m == nil {
		http.NotFound(w, r)
		return
	}
	method := m[2]
	params, files, err := readParams(r)
	if err != nil {
		s.answer(w, Call{Method: method}, http.StatusBadRequest, nil, "Bad Request: "+err.Error(), nil)
		return
	}
	call := Call{Method: method, Params: params, Files: files, At: s.now()}
	if m[1] != s.Token {
		s.answer(w, call, http.StatusUnauthorized, nil, "Unauthorized", nil)
		return
	}
	if method == "getUpdates" {
		s.getUpdates(w, r, call)
		return
	}
	s.mu.Lock()
	if f := s.faultLocked(call); f != nil {
		fc := *f
		s.mu.Unlock()
		s.fault(w, r, call, fc)
		return
	}
	status, result, desc, extra := s.handleLocked(call)
	s.mu.Unlock()
	s.answer(w, call, status, result, desc, extra)
}

func readParams(r *http.Request) (url.Values, map[string][]byte, error) {
	// Read the body to its end, so that the server notices when the client
	// hangs up (it watches the connection only after the body).
	defer io.Copy(io.Discard, r.Body)
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct == "multipart/form-data" {
		if err := r.ParseMultipartForm(32 << 20); err != nil {
			return nil, nil, err
		}
		files := map[string][]byte{}
		for name, fhs := range r.MultipartForm.File {
			f, err := fhs[0].Open()
			if err != nil {
				return nil, nil, err
			}
			b, err := io.ReadAll(f)
			f.Close()
			if err != nil {
				return nil, nil, err
			}
			files[name] = b
		}
		return url.Values(r.MultipartForm.Value), files, nil
	}
	if err := r.ParseForm(); err != nil {
		return nil, nil, err
	}
	return r.PostForm, nil, nil
}

func (s *Server) faultLocked(c Call) *Fault {
	if c.Method == "getMe" {
		return nil
	}
	for i, f := range s.faults {
		if f.Method != "" && f.Method != c.Method || f.Method == "" && c.Method == "getUpdates" {
			continue
		}
		if f.ChatID != 0 && f.ChatID != c.ChatID() {
			continue
		}
		f.Times--
		if f.Times <= 0 {
			s.faults = slices.Delete(s.faults, i, i+1)
		}
		return f
	}
	return nil
}

func (s *Server) fault(w http.ResponseWriter, r *http.Request, c Call, f Fault) {
	switch f.Kind {
	case TooManyRequests:
		s.answer(w, c, http.StatusTooManyRequests, nil, fmt.Sprintf("Too Many Requests: retry after %d", f.RetryAfter), map[string]any{"retry_after": f.RetryAfter})
	case BadRequest:
		s.answer(w, c, http.StatusBadRequest, nil, f.Text, nil)
	case Migrated:
		s.answer(w, c, http.StatusBadRequest, nil, "Bad Request: group chat was upgraded to a supergroup chat", map[string]any{"migrate_to_chat_id": f.MigrateTo})
	case ServerError:
		s.answer(w, c, http.StatusInternalServerError, nil, "Internal Server Error", nil)
	case BadGatewayHTML:
		s.record(c, http.StatusBadGateway)
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusBadGateway)
		io.WriteString(w, "<html><body><h1>502 Bad Gateway</h1></body></html>")
	case DropConnection:
		s.record(c, 0)
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler)
	case Hang:
		s.record(c, 0)
		select {
		case <-r.Context().Done():
		case <-s.closing:
		}
	case Forbidden:
		text := f.Text
		if text == "" {
			text = "Forbidden: bot was blocked by the user"
		}
		s.answer(w, c, http.StatusForbidden, nil, text, nil)
	}
}

func (s *Server) record(c Call, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c.Status = status
	s.calls = append(s.calls, c)
	s.changedLocked()
}

func (s *Server) answer(w http.ResponseWriter, c Call, status int, result any, desc string, params map[string]any) {
	s.record(c, status)
	body := map[string]any{"ok": status == http.StatusOK}
	if status == http.StatusOK {
		body["result"] = result
	} else {
		body["error_code"] = status
		body["description"] = desc
		if params != nil {
			body["parameters"] = params
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(body)
}

func (s *Server) getUpdates(w http.ResponseWriter, r *http.Request, c Call) {
	offset, _ := strconv.Atoi(c.Params.Get("offset"))
	timeout, _ := strconv.Atoi(c.Params.Get("timeout"))
	limit, _ := strconv.Atoi(c.Params.Get("limit"))
	if limit <= 0 {
		limit = 100
	}
	wait := min(time.Duration(timeout)*time.Second, s.MaxPoll)
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		if f := s.faultLocked(c); f != nil {
			fc := *f
			s.mu.Unlock()
			s.fault(w, r, c, fc)
			return
		}
		if offset > 0 {
			// Telegram forgets what is below the offset: it was confirmed.
			for len(s.ids) > 0 && s.ids[0] < offset {
				s.ids, s.updates = s.ids[1:], s.updates[1:]
			}
		}
		var out []json.RawMessage
		for i := range s.ids {
			if len(out) == limit {
				break
			}
			out = append(out, s.updates[i])
		}
		ch := s.changed
		s.mu.Unlock()
		if len(out) > 0 || wait <= 0 {
			if out == nil {
				out = []json.RawMessage{}
			}
			s.answer(w, c, http.StatusOK, out, "", nil)
			return
		}
		select {
		case <-ch:
		case <-deadline.C:
			wait = 0
		case <-r.Context().Done():
			s.record(c, 0)
			return
		case <-s.closing:
			return
		}
	}
}

// handleLocked serves a call that is not failing.
func (s *Server) handleLocked(c Call) (status int, result any, desc string, extra map[string]any) {
	p := c.Params
	chatID := c.ChatID()
	switch c.Method {
	case "getMe":
		me := map[string]any{"id": s.Bot.ID, "is_bot": true, "first_name": s.Bot.FirstName, "username": s.Bot.Username,
			"can_join_groups": true, "can_read_all_group_messages": s.PrivacyOff}
		return 200, me, "", nil
	case "deleteWebhook":
		s.webhook = url.Values{"url": {""}}
		return 200, true, "", nil
	case "setWebhook":
		s.webhook = p
		return 200, true, "", nil
	case "setMyCommands":
		var cmds []map[string]string
		if err := json.Unmarshal([]byte(p.Get("commands")), &cmds); err != nil {
			return 400, nil, "Bad Request: can't parse commands", nil
		}
		for _, c := range cmds {
			if !regexp.MustCompile(`^[a-z0-9_]{1,32}$`).MatchString(c["command"]) || utf16Len(c["description"]) < 1 || utf16Len(c["description"]) > 256 {
				return 400, nil, "Bad Request: BOT_COMMAND_INVALID", nil
			}
		}
		s.commands[p.Get("language_code")] = cmds
		return 200, true, "", nil
	case "answerCallbackQuery":
		// As Telegram: a query is answered once, with at most 200 characters.
		id := p.Get("callback_query_id")
		if _, done := s.answers[id]; id == "" || done {
			return 400, nil, "Bad Request: query is too old and response timeout expired or query ID is invalid", nil
		}
		if utf16Len(p.Get("text")) > 200 {
			return 400, nil, "Bad Request: MESSAGE_TOO_LONG", nil
		}
		s.answers[id] = Answer{Text: p.Get("text"), Alert: p.Get("show_alert") == "true"}
		return 200, true, "", nil
	case "getChatMember":
		uid, _ := strconv.ParseInt(p.Get("user_id"), 10, 64)
		status := s.members[[2]int64{chatID, uid}]
		if status == "" {
			status = "member"
		}
		u := s.users[uid]
		if u == nil {
			u = &User{ID: uid, FirstName: "someone"}
		}
		return 200, map[string]any{"user": u, "status": status}, "", nil
	case "sendMessage", "sendPhoto", "sendDocument":
		if st, d := s.canSendLocked(chatID); st != 200 {
			return st, nil, d, nil
		}
		if over, wait := s.overLimitLocked(chatID, c.At); over {
			s.limited++
			return 429, nil, fmt.Sprintf("Too Many Requests: retry after %d", wait), map[string]any{"retry_after": wait}
		}
		text := p.Get("text")
		var photo, doc []byte
		if c.Method == "sendDocument" {
			if doc = c.Files["document"]; doc == nil {
				return 400, nil, "Bad Request: there is no document in the request", nil
			}
			text = p.Get("caption")
		} else if c.Method == "sendPhoto" {
			photo = c.Files["photo"]
			if photo == nil {
				return 400, nil, "Bad Request: there is no photo in the request", nil
			}
			text = p.Get("caption")
			if utf16Len(text) > 1024 {
				return 400, nil, "Bad Request: message caption is too long", nil
			}
		} else {
			if strings.TrimSpace(text) == "" {
				return 400, nil, "Bad Request: message text is empty", nil
			}
			if utf16Len(text) > 4096 {
				return 400, nil, "Bad Request: message is too long", nil
			}
		}
		kb, err := parseKeyboard(p.Get("reply_markup"))
		if err != nil {
			return 400, nil, "Bad Request: " + err.Error(), nil
		}
		replyTo, _ := strconv.Atoi(p.Get("reply_to_message_id"))
		msg := s.addMessage(s.chatLocked(chatID), s.Bot, text, photo, replyTo, kb)
		msg.Document = doc
		return 200, s.wireMessage(msg), "", nil
	case "editMessageText", "editMessageCaption", "editMessageMedia", "editMessageReplyMarkup":
		id, _ := strconv.Atoi(p.Get("message_id"))
		msg := s.findLocked(chatID, id)
		if msg == nil || msg.From.ID != s.Bot.ID {
			return 400, nil, "Bad Request: message to edit not found", nil
		}
		kb, err := parseKeyboard(p.Get("reply_markup"))
		if err != nil {
			return 400, nil, "Bad Request: " + err.Error(), nil
		}
		switch c.Method {
		case "editMessageText":
			if msg.IsPhoto() {
				return 400, nil, "Bad Request: there is no text in the message to edit", nil
			}
			if msg.Text == p.Get("text") && sameKeyboard(msg.Keyboard, kb) {
				return 400, nil, "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message", nil
			}
			msg.Text = p.Get("text")
		case "editMessageCaption":
			if !msg.IsPhoto() {
				return 400, nil, "Bad Request: there is no caption in the message to edit", nil
			}
			msg.Text = p.Get("caption")
		case "editMessageMedia":
			if !msg.IsPhoto() {
				return 400, nil, "Bad Request: message can't be edited", nil
			}
			var media struct {
				Type    string `json:"type"`
				Media   string `json:"media"`
				Caption string `json:"caption"`
			}
			if err := json.Unmarshal([]byte(p.Get("media")), &media); err != nil {
				return 400, nil, "Bad Request: can't parse InputMedia", nil
			}
			name := strings.TrimPrefix(media.Media, "attach://")
			if c.Files[name] == nil {
				return 400, nil, "Bad Request: there is no photo in the request", nil
			}
			msg.Photo = c.Files[name]
			msg.Text = media.Caption
		}
		msg.Keyboard = kb
		msg.Edits++
		s.changedLocked()
		return 200, s.wireMessage(msg), "", nil
	case "deleteMessage":
		id, _ := strconv.Atoi(p.Get("message_id"))
		msg := s.findLocked(chatID, id)
		if msg == nil || msg.Deleted {
			return 400, nil, "Bad Request: message to delete not found", nil
		}
		msg.Deleted = true
		s.changedLocked()
		return 200, true, "", nil
	}
	return 404, nil, "Not Found: method not found", nil
}

// canSendLocked is Telegram's rule for private chats: the bot may write only to
// users who started it.
func (s *Server) canSendLocked(chat int64) (int, string) {
	if chat == 0 {
		return 400, "Bad Request: chat_id is empty"
	}
	if chat < 0 {
		return 200, ""
	}
	if _, ok := s.users[chat]; !ok {
		return 400, "Bad Request: chat not found"
	}
	if started, ok := s.started[chat]; !ok {
		return 403, "Forbidden: bot can't initiate conversation with a user"
	} else if !started {
		return 403, "Forbidden: bot was blocked by the user"
	}
	return 200, ""
}

func (s *Server) chatLocked(id int64) Chat {
	if id > 0 {
		return Chat{ID: id, Type: "private"}
	}
	for _, m := range s.msgs[id] {
		return m.Chat
	}
	return Group(id, "group")
}

func (s *Server) findLocked(chat int64, id int) *Message {
	for _, m := range s.msgs[chat] {
		if m.ID == id {
			return m
		}
	}
	return nil
}

func (s *Server) addMessage(chat Chat, from User, text string, photo []byte, replyTo int, kb *Keyboard) *Message {
	s.nextMsg[chat.ID]++
	m := &Message{ID: s.nextMsg[chat.ID], Chat: chat, From: from, Text: text, Photo: photo, ReplyTo: replyTo, Keyboard: kb}
	s.msgs[chat.ID] = append(s.msgs[chat.ID], m)
	s.changedLocked()
	return m
}

// wireMessage is the JSON Telegram sends for a message.
func (s *Server) wireMessage(m *Message) map[string]any {
	w := map[string]any{"message_id": m.ID, "from": m.From, "chat": m.Chat, "date": s.now().Unix()}
	if m.IsPhoto() {
		w["photo"] = []map[string]any{{"file_id": fmt.Sprintf("photo-%d-%d", m.Chat.ID, m.ID), "file_unique_id": "u", "width": 100, "height": 100}}
		if m.Text != "" {
			w["caption"] = m.Text
		}
	} else {
		w["text"] = m.Text
	}
	if m.ReplyTo != 0 {
		if r := s.findLocked(m.Chat.ID, m.ReplyTo); r != nil {
			rw := map[string]any{"message_id": r.ID, "from": r.From, "chat": r.Chat, "date": s.now().Unix()}
			if r.IsPhoto() {
				rw["photo"] = []map[string]any{{"file_id": "p", "file_unique_id": "u", "width": 1, "height": 1}}
			} else {
				rw["text"] = r.Text
			}
			w["reply_to_message"] = rw
		}
	}
	if m.Keyboard != nil {
		w["reply_markup"] = m.Keyboard
	}
	return w
}

func parseKeyboard(s string) (*Keyboard, error) {
	if s == "" {
		return nil, nil
	}
	var kb Keyboard
	if err := json.Unmarshal([]byte(s), &kb); err != nil {
		return nil, fmt.Errorf("can't parse reply keyboard markup JSON object")
	}
	for _, row := range kb.InlineKeyboard {
		for _, b := range row {
			if b.Text == "" {
				return nil, fmt.Errorf("text buttons are unallowed in the inline keyboard")
			}
			if (b.URL == nil) == (b.CallbackData == nil) {
				return nil, fmt.Errorf("BUTTON_TYPE_INVALID")
			}
			if b.CallbackData != nil && (len(*b.CallbackData) == 0 || len(*b.CallbackData) > 64) {
				return nil, fmt.Errorf("BUTTON_DATA_INVALID")
			}
			if b.URL != nil {
				if u, err := url.Parse(*b.URL); err != nil || (u.Scheme != "https" && u.Scheme != "http" && u.Scheme != "tg") {
					return nil, fmt.Errorf("BUTTON_URL_INVALID")
				}
			}
		}
	}
	return &kb, nil
}

func sameKeyboard(a, b *Keyboard) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
