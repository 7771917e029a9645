package discord

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/chuhe/chuhe/bot"
)

// onMessage turns a message into an Event. Without the message-content intent
// Discord delivers the text only of messages that mention the bot (and DMs),
// so "@Chuhe h2e2" works everywhere; other messages arrive empty and are
// dropped.
func (a *Adapter) onMessage(_ *discordgo.Session, mc *discordgo.MessageCreate) {
	m := mc.Message
	if m == nil || m.Author == nil || m.Author.Bot || m.Author.System || m.WebhookID != "" || strings.TrimSpace(m.Content) == "" {
		return
	}
	ctx, ok := a.begin()
	if !ok {
		return
	}
	defer a.end()
	ev := a.messageEvent(m)
	a.h.Handle(ctx, ev, &messageReplier{a: a, ev: ev})
}

func (a *Adapter) messageEvent(m *discordgo.Message) bot.Event {
	botID, botName, _ := a.identity()
	private := m.GuildID == ""
	addressed := private
	text := m.Content
	var mentions []bot.User
	for _, u := range m.Mentions {
		if u == nil {
			continue
		}
		name := mentionName(u, "")
		if u.ID == botID {
			addressed = true
			name = botName
		} else {
			mentions = append(mentions, bot.User{ID: u.ID, Name: name, Username: u.Username})
		}
		text = strings.NewReplacer("<@"+u.ID+">", "@"+name, "<@!"+u.ID+">", "@"+name).Replace(text)
	}
	ev := bot.Event{
		Platform:  PlatformName,
		ChatID:    m.ChannelID,
		Private:   private,
		User:      bot.User{ID: m.Author.ID, Name: m.Author.DisplayName(), Username: m.Author.Username},
		Text:      strings.TrimSpace(text),
		MessageID: m.ID,
		Mentions:  mentions,
		Admin:     private || a.messageAdmin(m),
		At:        a.now(),
	}
	if m.Member != nil && m.Member.Nick != "" {
		ev.User.Name = m.Member.Nick
	}
	if ref := m.ReferencedMessage; ref != nil && ref.Author != nil && ref.Author.ID == botID {
		ev.ReplyTo = ref.ID
		addressed = true
	}
	ev.Addressed = addressed
	return ev
}

// messageAdmin computes the author's permissions in the channel from the
// cached guild roles; unknown means no.
func (a *Adapter) messageAdmin(m *discordgo.Message) bool {
	perms, err := a.s.State.MessagePermissions(m)
	return err == nil && perms&adminPerms != 0
}

// messageReplier answers a message: publicly as a reply to it, privately by DM.
type messageReplier struct {
	a  *Adapter
	ev bot.Event
}

func (r *messageReplier) Reply(ctx context.Context, m bot.Message) (bot.MessageRef, error) {
	if m.ReplyTo == "" {
		m.ReplyTo = r.ev.MessageID
	}
	return r.a.Send(ctx, r.ev.ChatID, m)
}

// ReplyPrivately sends a DM; with DMs closed the *bot.PrivateUnavailableError
// tells the user to use "My pieces" or /peek, which answer ephemerally.
func (r *messageReplier) ReplyPrivately(ctx context.Context, m bot.Message) (bot.MessageRef, error) {
	if r.ev.Private {
		return r.a.Send(ctx, r.ev.ChatID, m)
	}
	return r.a.SendPrivate(ctx, r.ev.User, m)
}

// Notice is a DM: a message has no ephemeral answer. (The service uses Notice
// for button presses, which come as interactions.)
func (r *messageReplier) Notice(ctx context.Context, text string) error {
	_, err := r.ReplyPrivately(ctx, bot.Message{Text: text})
	return err
}
