package discord

import (
	"bytes"
	"fmt"
	"mime"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/chuhe/chuhe/bot"
)

// Discord's limits on a message.
const (
	maxContent    = 2000 // characters of text
	maxRows       = 5    // action rows
	maxPerRow     = 5    // buttons in a row
	maxCustomID   = 100  // bytes of custom_id
	maxLabel      = 80   // characters of a button label
	maxChoices    = 25   // autocomplete choices
	maxChoiceName = 100  // characters of a choice
)

// ephemeral is the flag of a message only the interaction's user sees.
const ephemeral = discordgo.MessageFlagsEphemeral

// onlyUserMentions lets a message ping the users it mentions as <@id>, never
// @everyone, @here or roles, whatever a user's display name says.
var onlyUserMentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}}

// outgoing is a bot.Message checked against Discord's limits and converted.
type outgoing struct {
	text       string
	components []discordgo.MessageComponent
	files      []*discordgo.File
}

func convert(m bot.Message) (outgoing, error) {
	var out outgoing
	if n := utf8.RuneCountInString(m.Text); n > maxContent {
		return out, fmt.Errorf("discord: text of %d characters, max %d: %w", n, maxContent, bot.ErrTooLong)
	}
	if m.Text == "" && len(m.Image) == 0 && len(m.File) == 0 && len(m.Buttons) == 0 {
		return out, fmt.Errorf("discord: empty message")
	}
	out.text = m.Text
	comps, err := components(m.Buttons)
	if err != nil {
		return out, err
	}
	out.components = comps
	if len(m.Image) > 0 {
		name := m.ImageName
		if name == "" {
			name = "board.png"
		}
		out.files = []*discordgo.File{{Name: name, ContentType: "image/png", Reader: bytes.NewReader(m.Image)}}
	}
	if len(m.File) > 0 {
		// A document (a PGN record, a game's GIF): its type from its name.
		name := m.FileName
		if name == "" {
			name = "file"
		}
		ct := mime.TypeByExtension(path.Ext(name))
		if ct == "" {
			ct = "application/octet-stream"
		}
		out.files = append(out.files, &discordgo.File{Name: name, ContentType: ct, Reader: bytes.NewReader(m.File)})
	}
	return out, nil
}

// components lays buttons out in action rows: each row of the service's is
// split into rows of at most five; more than five rows in all is too long.
func components(rows [][]bot.Button) ([]discordgo.MessageComponent, error) {
	out := []discordgo.MessageComponent{}
	for _, row := range rows {
		for start := 0; start < len(row); start += maxPerRow {
			end := min(start+maxPerRow, len(row))
			var ar discordgo.ActionsRow
			for _, b := range row[start:end] {
				btn, err := button(b)
				if err != nil {
					return nil, err
				}
				ar.Components = append(ar.Components, btn)
			}
			out = append(out, ar)
		}
	}
	if len(out) > maxRows {
		return nil, fmt.Errorf("discord: %d rows of buttons, max %d: %w", len(out), maxRows, bot.ErrTooLong)
	}
	return out, nil
}

func button(b bot.Button) (discordgo.Button, error) {
	label := b.Label
	if utf8.RuneCountInString(label) > maxLabel {
		r := []rune(label)
		label = string(r[:maxLabel-1]) + "…"
	}
	if b.URL != "" {
		return discordgo.Button{Label: label, Style: discordgo.LinkButton, URL: b.URL}, nil
	}
	if b.Data == "" {
		return discordgo.Button{}, fmt.Errorf("discord: button %q has neither data nor URL", b.Label)
	}
	// The data is not printed: it is not secret, but it is not ours to log.
	if len(b.Data) > maxCustomID {
		return discordgo.Button{}, fmt.Errorf("discord: button %q data of %d bytes, custom_id allows %d: %w", b.Label, len(b.Data), maxCustomID, bot.ErrTooLong)
	}
	return discordgo.Button{Label: label, Style: buttonStyle(b), CustomID: b.Data}, nil
}

// buttonStyle colours a button by the service command in its data
// ("accept:12", "draw:yes:12"): green to accept or agree, red to resign or
// abort, blurple for "My pieces", grey otherwise.
func buttonStyle(b bot.Button) discordgo.ButtonStyle {
	parts := strings.Split(b.Data, ":")
	answer := ""
	if len(parts) >= 3 {
		answer = parts[1]
	}
	switch {
	case parts[0] == "peek":
		return discordgo.PrimaryButton
	case parts[0] == "accept":
		return discordgo.SuccessButton
	case (parts[0] == "resign" || parts[0] == "abort") && answer != "no":
		return discordgo.DangerButton
	case (parts[0] == "draw" || parts[0] == "takeback") && answer == "yes":
		return discordgo.SuccessButton
	}
	return discordgo.SecondaryButton
}

// send is a channel message (Platform.Send, replies to mentions, DMs).
func (o outgoing) send(replyTo string) *discordgo.MessageSend {
	ms := &discordgo.MessageSend{
		Content:         o.text,
		Components:      o.components,
		Files:           o.files,
		AllowedMentions: onlyUserMentions,
	}
	if replyTo != "" {
		f := false
		ms.Reference = &discordgo.MessageReference{MessageID: replyTo, FailIfNotExists: &f}
	}
	return ms
}

// followup is an interaction follow-up, ephemeral when private.
func (o outgoing) followup(private bool) *discordgo.WebhookParams {
	p := &discordgo.WebhookParams{
		Content:         o.text,
		Components:      o.components,
		Files:           o.files,
		AllowedMentions: onlyUserMentions,
	}
	if private {
		p.Flags = ephemeral
	}
	return p
}

// webhookEdit replaces text and buttons, and the image when there is one.
func (o outgoing) webhookEdit(replaceFiles bool) *discordgo.WebhookEdit {
	text := o.text
	comps := o.components
	e := &discordgo.WebhookEdit{Content: &text, Components: &comps, AllowedMentions: onlyUserMentions, Files: o.files}
	if replaceFiles && len(o.files) > 0 {
		e.Attachments = newAttachments(o.files)
	}
	return e
}

// messageEdit is webhookEdit for the channel endpoint.
func (o outgoing) messageEdit(channelID, messageID string) *discordgo.MessageEdit {
	text := o.text
	comps := o.components
	e := &discordgo.MessageEdit{ID: messageID, Channel: channelID, Content: &text, Components: &comps, AllowedMentions: onlyUserMentions, Files: o.files}
	if len(o.files) > 0 {
		e.Attachments = newAttachments(o.files)
	}
	return e
}

// newAttachments lists only the files being uploaded (ids "0", "1"...), so that
// an edit replaces the old image instead of adding to it.
func newAttachments(files []*discordgo.File) *[]*discordgo.MessageAttachment {
	atts := make([]*discordgo.MessageAttachment, len(files))
	for i, f := range files {
		atts[i] = &discordgo.MessageAttachment{ID: fmt.Sprint(i), Filename: f.Name}
	}
	return &atts
}
