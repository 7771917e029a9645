package discordtest

import (
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Str is a string option.
func Str(name, value string) Option { return Option{Name: name, Type: 3, Value: value} }

// Int is an integer option.
func Int(name string, value int) Option { return Option{Name: name, Type: 4, Value: value} }

// UserOpt is a user option naming a member by id.
func UserOpt(name, userID string) Option { return Option{Name: name, Type: 6, Value: userID} }

// OpenDM returns the user's DM channel with the bot, creating it.
func (s *Server) OpenDM(userID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, ok := s.dms[userID]
	if !ok {
		ch = s.id()
		s.dms[userID] = ch
		s.dmUser[ch] = userID
	}
	return ch
}

// Slash makes user run a slash command in a channel (the guild channel or a DM
// channel) and returns the interaction id.
func (s *Server) Slash(channelID, userID, command string, opts ...Option) (string, error) {
	return s.interact("command", channelID, userID, command, opts, "", "")
}

// Autocomplete makes user type into the option named focus of a command; the
// other options are what the user filled in already. Wait for the choices with
// Choices.
func (s *Server) Autocomplete(channelID, userID, command, focus, typed string, opts ...Option) (string, error) {
	opts = append(opts, Option{Name: focus, Type: 3, Value: typed, Focused: true})
	return s.interact("autocomplete", channelID, userID, command, opts, "", "")
}

// Press makes user press the button with customID under a message. It fails
// when the user cannot see the message or it has no such button.
func (s *Server) Press(userID, messageID, customID string) (string, error) {
	s.mu.Lock()
	m := s.msgByID[messageID]
	ok := false
	if m != nil && m.SeenBy(userID) {
		for _, row := range m.Buttons {
			for _, b := range row {
				ok = ok || b.CustomID == customID
			}
		}
	}
	s.mu.Unlock()
	if !ok {
		return "", fmt.Errorf("discordtest: %s sees no button %q under message %s", userID, customID, messageID)
	}
	return s.interact("component", m.ChannelID, userID, "", nil, messageID, customID)
}

// ButtonLabel returns the label of the button with customID under a message.
func (v *View) ButtonLabel(messageID, customID string) string {
	if m := v.s.msgByID[messageID]; m != nil {
		for _, row := range m.Buttons {
			for _, b := range row {
				if b.CustomID == customID {
					return b.Label
				}
			}
		}
	}
	return ""
}

func (s *Server) interact(kind, channelID, userID, command string, opts []Option, messageID, customID string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.notify()
	u, ok := s.users[userID]
	if !ok {
		return "", fmt.Errorf("discordtest: unknown user %s", userID)
	}
	if kind != "component" {
		if err := s.checkInvocation(command, opts, kind == "autocomplete"); err != nil {
			return "", err
		}
	}
	in := &Interaction{
		ID: s.id(), Kind: kind, UserID: userID, ChannelID: channelID,
		Command: command, Options: opts, MessageID: messageID, CustomID: customID,
		Dispatched: time.Now(),
	}
	in.Token = "token-" + in.ID
	ev := map[string]any{
		"id": in.ID, "application_id": s.cfg.AppID, "token": in.Token, "version": 1,
		"channel_id": channelID, "locale": "en-US",
	}
	if s.dmUser[channelID] != "" {
		ev["user"] = s.userJSON(u)
		ev["context"] = 1
	} else {
		ev["guild_id"] = s.cfg.GuildID
		ev["guild_locale"] = "en-US"
		ev["member"] = s.memberJSON(u)
	}
	switch kind {
	case "command", "autocomplete":
		ev["type"] = 2
		if kind == "autocomplete" {
			ev["type"] = 4
		}
		var os []any
		users := map[string]any{}
		members := map[string]any{}
		for _, o := range opts {
			jo := map[string]any{"name": o.Name, "type": o.Type, "value": o.Value}
			if o.Focused {
				jo["focused"] = true
			}
			os = append(os, jo)
			if o.Type == 6 {
				id, _ := o.Value.(string)
				if ou, ok := s.users[id]; ok {
					users[id] = s.userJSON(ou)
					members[id] = map[string]any{"roles": []string{}, "nick": nil, "permissions": "3072"}
				}
			}
		}
		data := map[string]any{"id": "cmd-" + command, "name": command, "type": 1, "options": os}
		if len(users) > 0 {
			data["resolved"] = map[string]any{"users": users, "members": members}
		}
		ev["data"] = data
	case "component":
		ev["type"] = 3
		ev["data"] = map[string]any{"custom_id": customID, "component_type": 2}
		ev["message"] = s.messageJSON(s.msgByID[messageID])
	}
	s.inters[in.ID] = in
	s.byToken[in.Token] = in
	if err := s.dispatchLocked("INTERACTION_CREATE", ev); err != nil {
		return "", err
	}
	switch kind {
	case "command":
		s.log = append(s.log, Entry{UserID: userID, ChannelID: channelID, Text: "used " + s.describe(command, opts), interaction: in.ID})
	case "component":
		label := ""
		m := s.msgByID[messageID]
		for _, row := range m.Buttons {
			for _, b := range row {
				if b.CustomID == customID {
					label = b.Label
				}
			}
		}
		s.log = append(s.log, Entry{UserID: userID, ChannelID: channelID, Text: "pressed [" + label + "]", Private: m.Ephemeral, interaction: in.ID})
	}
	return in.ID, nil
}

// checkInvocation refuses what a Discord client would not let a user send: a
// command the bot did not register, an option it does not declare or of
// another type, a required option left out. Before any registration anything
// goes. (Guild and global commands are not told apart: a DM may use both.)
func (s *Server) checkInvocation(command string, opts []Option, partial bool) error {
	if len(s.cmds) == 0 {
		return nil
	}
	var cmd *Command
	for _, cs := range s.cmds {
		for i := range cs {
			if cs[i].Name == command {
				cmd = &cs[i]
			}
		}
	}
	if cmd == nil {
		return fmt.Errorf("discordtest: no command /%s is registered", command)
	}
	given := map[string]bool{}
	for _, o := range opts {
		found := false
		for _, co := range cmd.Options {
			if co.Name == o.Name {
				found = true
				if co.Type != o.Type {
					return fmt.Errorf("discordtest: /%s option %s has type %d, not %d", command, o.Name, co.Type, o.Type)
				}
			}
		}
		if !found {
			return fmt.Errorf("discordtest: /%s has no option %s", command, o.Name)
		}
		given[o.Name] = true
	}
	for _, co := range cmd.Options {
		if co.Required && !given[co.Name] && !partial {
			return fmt.Errorf("discordtest: /%s needs its option %s", command, co.Name)
		}
	}
	return nil
}

func (s *Server) describe(command string, opts []Option) string {
	var b strings.Builder
	b.WriteString("/" + command)
	for _, o := range opts {
		v := fmt.Sprint(o.Value)
		if o.Type == 6 {
			if u, ok := s.users[v]; ok {
				v = "@" + u.Name
			}
		}
		fmt.Fprintf(&b, " %s:%s", o.Name, v)
	}
	return b.String()
}

var mentionRe = regexp.MustCompile(`<@!?(\d+)>`)

// Say makes user post a message in a channel. As on Discord without the
// privileged message-content intent, the bot receives the text only when the
// message mentions it or is in a DM; otherwise content is empty.
func (s *Server) Say(channelID, userID, content string) (string, error) {
	return s.say(channelID, userID, content, "")
}

// Reply makes user answer a message with Discord's reply, which by default
// mentions the replied-to author: a reply to the bot reaches it with its text.
func (s *Server) Reply(userID, messageID, content string) (string, error) {
	s.mu.Lock()
	m := s.msgByID[messageID]
	s.mu.Unlock()
	if m == nil {
		return "", fmt.Errorf("discordtest: no message %s", messageID)
	}
	return s.say(m.ChannelID, userID, content, messageID)
}

func (s *Server) say(channelID, userID, content, replyTo string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.notify()
	u, ok := s.users[userID]
	if !ok {
		return "", fmt.Errorf("discordtest: unknown user %s", userID)
	}
	m := &Message{ChannelID: channelID, AuthorID: userID, Content: content, Route: "user", ReplyTo: replyTo}
	m.ID = s.id()
	s.msgs = append(s.msgs, m)
	s.msgByID[m.ID] = m
	s.log = append(s.log, Entry{UserID: userID, ChannelID: channelID, MessageID: m.ID})

	var mentions []any
	mentionsBot := false
	for _, sub := range mentionRe.FindAllStringSubmatch(content, -1) {
		id := sub[1]
		if id == s.cfg.BotID {
			mentionsBot = true
			mentions = append(mentions, s.botJSON())
		} else if mu, ok := s.users[id]; ok {
			mentions = append(mentions, s.userJSON(mu))
		}
	}
	var ref map[string]any
	if orig := s.msgByID[replyTo]; orig != nil {
		ref = s.messageJSON(orig)
		if orig.AuthorID == s.cfg.BotID && !mentionsBot {
			mentionsBot = true
			mentions = append(mentions, s.botJSON())
		}
	}
	dm := s.dmUser[channelID] != ""
	text := content
	intents := 0
	if n := len(s.gw.identifies); n > 0 {
		intents = s.gw.identifies[n-1].Intents
	}
	if !dm && !mentionsBot && intents&(1<<15) == 0 {
		text = ""
	}
	ev := map[string]any{
		"id": m.ID, "channel_id": channelID, "author": s.userJSON(u), "content": text,
		"mentions": mentions, "timestamp": time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Format(time.RFC3339),
		"type": 0, "attachments": []any{}, "embeds": []any{},
	}
	if ref != nil {
		ev["message_reference"] = map[string]any{"message_id": replyTo, "channel_id": channelID}
		ev["referenced_message"] = ref
		ev["type"] = 19
	}
	if !dm {
		ev["guild_id"] = s.cfg.GuildID
		mem := s.memberJSON(u)
		delete(mem, "user")
		delete(mem, "permissions")
		ev["member"] = mem
	}
	if err := s.dispatchLocked("MESSAGE_CREATE", ev); err != nil {
		return "", err
	}
	return m.ID, nil
}
