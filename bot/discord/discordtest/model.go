package discordtest

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// Message is a message as Discord keeps it, with who may see it.
type Message struct {
	ID        string
	ChannelID string
	AuthorID  string
	Content   string
	Files     []File
	Buttons   [][]Button
	// Ephemeral messages are seen only by VisibleTo, the user of the interaction.
	Ephemeral bool
	VisibleTo string
	// InteractionID is set on interaction responses and follow-ups.
	InteractionID string
	// Loading is the "Chuhe is thinking..." state of a deferred response.
	Loading bool
	ReplyTo string
	Deleted bool
	Edits   int
	// Route is how the message was made: "response" (the interaction's original
	// response), "followup" or "channel".
	Route string
}

// File is an attachment.
type File struct {
	Name string
	Data []byte
}

// Button is a button under a message.
type Button struct {
	Label    string
	CustomID string
	URL      string
	Style    int
}

// SeenBy says whether user can see m in its channel.
func (m *Message) SeenBy(userID string) bool {
	if m.Deleted {
		return false
	}
	return !m.Ephemeral || m.VisibleTo == userID
}

// Interaction is one interaction the fake dispatched and what the bot did with it.
type Interaction struct {
	ID, Token string
	Kind      string // "command", "component", "autocomplete"
	UserID    string
	ChannelID string
	// Command and Options for commands and autocomplete, CustomID and MessageID
	// for components.
	Command   string
	Options   []Option
	CustomID  string
	MessageID string

	Dispatched time.Time
	// Responses are the callback types the bot sent, in order (5 = deferred
	// message, 6 = deferred update, 8 = autocomplete result).
	Responses []int
	// Latency is the time from dispatch to the first callback.
	Latency time.Duration
	// Failed is true when no callback came within InteractionDeadline.
	Failed     bool
	DeferFlags int
	OriginalID string
	Choices    []Choice
}

// Option is a slash-command option as the user filled it in.
type Option struct {
	Name    string
	Type    int // 3 string, 4 integer, 6 user
	Value   any
	Focused bool
}

// Choice is an autocomplete suggestion.
type Choice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// Call is one REST request the bot made.
type Call struct {
	Method string
	Path   string // after /api/v9
	Status int
	Body   string // the JSON payload
	Files  []string
	// Unexpected is true for a route the fake does not know.
	Unexpected bool
}

// Command is a registered application command as the bot sent it.
type Command struct {
	Name                     string            `json:"name"`
	NameLocalizations        map[string]string `json:"name_localizations"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	Options                  []CommandOption   `json:"options"`
}

// CommandOption is an option of a registered command.
type CommandOption struct {
	Type                     int               `json:"type"`
	Name                     string            `json:"name"`
	NameLocalizations        map[string]string `json:"name_localizations"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	Required                 bool              `json:"required"`
	Autocomplete             bool              `json:"autocomplete"`
}

// Entry is one line of the channel's history: a user's action or a bot message.
type Entry struct {
	UserID    string // who acted; "" for a bot message
	Text      string // the action in words ("used /move move:h2e2")
	MessageID string // the bot message, for message entries
	ChannelID string
	// Private actions (button presses on ephemeral messages) are seen by their
	// user only.
	Private bool
	// interaction is the id of the action's interaction: others see the action
	// only when it led to a public message.
	interaction string
}

// View reads the server's state under its lock.
type View struct{ s *Server }

// Messages returns the messages of a channel that user can see, oldest first.
// An empty user sees everything.
func (v *View) Messages(channelID, userID string) []*Message {
	var out []*Message
	for _, m := range v.s.msgs {
		if m.ChannelID != channelID {
			continue
		}
		if userID != "" && !m.SeenBy(userID) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// AllMessages returns every message, deleted ones included.
func (v *View) AllMessages() []*Message { return v.s.msgs }

// Message returns a message by id.
func (v *View) Message(id string) *Message { return v.s.msgByID[id] }

// Interaction returns an interaction by id.
func (v *View) Interaction(id string) *Interaction { return v.s.inters[id] }

// Interactions returns all interactions, in id order.
func (v *View) Interactions() []*Interaction {
	out := make([]*Interaction, 0, len(v.s.inters))
	for _, i := range v.s.inters {
		out = append(out, i)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].ID < out[b].ID })
	return out
}

// Calls returns the REST requests so far.
func (v *View) Calls() []Call { return v.s.calls }

// Commands returns the commands registered globally (guildID "") or in a guild.
func (v *View) Commands(guildID string) []Command { return v.s.cmds[guildID] }

// DMChannel returns the user's DM channel id, "" if the bot never opened one.
func (v *View) DMChannel(userID string) string { return v.s.dms[userID] }

// Identifies returns the IDENTIFY payloads received, in order.
func (v *View) Identifies() []Identify { return v.s.gw.identifies }

// Resumes returns the RESUME payloads received, in order.
func (v *View) Resumes() []Resume { return v.s.gw.resumes }

// Heartbeats returns how many heartbeats the gateway acknowledged.
func (v *View) Heartbeats() int { return v.s.gw.heartbeats }

// Connections returns how many gateway connections were opened.
func (v *View) Connections() int { return v.s.gw.connections }

// Transcript renders what viewer sees in the channel, in words: users' commands
// and button presses, and the bot's messages with their attachments and
// buttons, as they are now. Messages only viewer can see are marked.
func (v *View) Transcript(channelID, viewerID string) string {
	var b strings.Builder
	for _, e := range v.s.log {
		if e.ChannelID != channelID {
			continue
		}
		if e.MessageID == "" {
			if e.UserID != viewerID && (e.Private || !v.publicAction(e.interaction)) {
				continue
			}
			fmt.Fprintf(&b, "%s %s\n", v.name(e.UserID), e.Text)
			continue
		}
		m := v.s.msgByID[e.MessageID]
		if m == nil || !m.SeenBy(viewerID) {
			continue
		}
		b.WriteString(v.render(m))
	}
	return b.String()
}

// publicAction reports whether others see that a user acted: a message with
// a mention, or an interaction that led to a public message. (Discord shows
// "Alice used /move" above a public response only.)
func (v *View) publicAction(interactionID string) bool {
	if interactionID == "" {
		return true
	}
	for _, m := range v.s.msgs {
		if m.InteractionID == interactionID && !m.Ephemeral && !m.Deleted {
			return true
		}
	}
	return false
}

func (v *View) name(id string) string {
	if id == v.s.cfg.BotID {
		return v.s.cfg.BotName
	}
	if u, ok := v.s.users[id]; ok {
		return u.Name
	}
	return id
}

func (v *View) render(m *Message) string {
	var b strings.Builder
	who := v.name(m.AuthorID)
	if m.Ephemeral {
		who += " (only you can see this)"
	}
	if m.Loading {
		fmt.Fprintf(&b, "  %s: %s is thinking...\n", who, v.s.cfg.BotName)
		return b.String()
	}
	text := mentionRe.ReplaceAllStringFunc(strings.TrimSpace(m.Content), func(tag string) string {
		return "@" + v.name(mentionRe.FindStringSubmatch(tag)[1])
	})
	if m.Route == "user" {
		return fmt.Sprintf("%s wrote: %s\n", who, text)
	}
	text = strings.ReplaceAll(text, "\n", "\n    ")
	fmt.Fprintf(&b, "  %s: %s\n", who, text)
	for _, f := range m.Files {
		fmt.Fprintf(&b, "    [image %s]\n", f.Name)
	}
	for _, row := range m.Buttons {
		var labels []string
		for _, btn := range row {
			labels = append(labels, "["+btn.Label+"]")
		}
		fmt.Fprintf(&b, "    %s\n", strings.Join(labels, " "))
	}
	return b.String()
}
