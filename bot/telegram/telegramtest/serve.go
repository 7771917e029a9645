package telegramtest

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Serving the Bot API: parameters, injected faults, getUpdates and the methods
// the adapter calls, on the server's chats and messages.

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
