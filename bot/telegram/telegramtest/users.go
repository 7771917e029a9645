package telegramtest

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"
)

// What users do: messages, replies, mentions, /start and button presses, as
// updates the adapter receives.

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
