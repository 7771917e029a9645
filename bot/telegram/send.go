package telegram

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/chuhe/chuhe/bot"
)

// Telegram's limits, counted in UTF-16 code units as Telegram counts them.
const (
	maxCaption      = 1024
	maxText         = 4096
	maxParts        = 8 // a text needing more messages than this is bot.ErrTooLong
	maxCallbackData = 64
	buttonPrefix    = "~" // callback data that is a key into Adapter.buttons
)

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// cut returns the longest prefix of s within n UTF-16 units, preferring to end
// at a line break, then at a space.
func cut(s string, n int) (head, tail string) {
	if utf16Len(s) <= n {
		return s, ""
	}
	units, end := 0, 0
	for i, r := range s {
		units += utf16.RuneLen(r)
		if units > n {
			break
		}
		end = i + utf8.RuneLen(r)
	}
	head = s[:end]
	if i := strings.LastIndexByte(head, '\n'); i > end/2 {
		end = i + 1
	} else if i := strings.LastIndexByte(head, ' '); i > end/2 {
		end = i + 1
	}
	return s[:end], s[end:]
}

// split breaks s into messages of at most maxText units.
func split(s string) ([]string, error) {
	var parts []string
	for s != "" {
		if len(parts) == maxParts {
			return nil, bot.ErrTooLong
		}
		var p string
		p, s = cut(s, maxText)
		parts = append(parts, p)
	}
	return parts, nil
}

// plan is a bot.Message translated to Telegram: a photo with a caption, and text
// messages for what does not fit (or for everything, without a photo). The
// buttons go under the last message.
type plan struct {
	text      string // the whole text, for the fallback without the photo
	alt       string // bot.Message.Alt: the text board, sent when Telegram refuses the photo
	photo     []byte
	photoName string
	doc       []byte // bot.Message.File, sent last as a document
	docName   string
	caption   string
	texts     []string
	markup    *tgbotapi.InlineKeyboardMarkup
	replyTo   int
}

func (a *Adapter) plan(m bot.Message) (plan, error) {
	p := plan{text: m.Text, alt: m.Alt, photo: m.Image, photoName: m.ImageName, markup: a.markup(m.Buttons),
		doc: m.File, docName: m.FileName}
	if p.doc != nil && p.docName == "" {
		p.docName = "file"
	}
	if p.photoName == "" {
		p.photoName = "board.png"
	}
	if m.ReplyTo != "" {
		id, err := strconv.Atoi(m.ReplyTo)
		if err != nil {
			return p, fmt.Errorf("telegram: bad reply-to message id %q", m.ReplyTo)
		}
		p.replyTo = id
	}
	if m.Image != nil && utf16Len(m.Text) <= maxCaption {
		p.caption = m.Text
		return p, nil
	}
	if m.Image == nil && m.File == nil && strings.TrimSpace(m.Text) == "" {
		return p, errors.New("telegram: empty message")
	}
	texts, err := split(m.Text)
	if err != nil {
		return p, err
	}
	p.texts = texts
	return p, nil
}

// markup makes the inline keyboard. Data that does not fit callback_data's 64
// bytes is stored here and sent as a short key (see keyStore).
func (a *Adapter) markup(rows [][]bot.Button) *tgbotapi.InlineKeyboardMarkup {
	var kb [][]tgbotapi.InlineKeyboardButton
	for _, row := range rows {
		var r []tgbotapi.InlineKeyboardButton
		for _, b := range row {
			label := b.Label
			if strings.TrimSpace(label) == "" {
				label = "·"
			}
			switch {
			case b.URL != "":
				r = append(r, tgbotapi.NewInlineKeyboardButtonURL(label, b.URL))
			case b.Data == "":
				r = append(r, tgbotapi.NewInlineKeyboardButtonData(label, buttonPrefix))
			case len(b.Data) > maxCallbackData || strings.HasPrefix(b.Data, buttonPrefix) || !utf8.ValidString(b.Data):
				r = append(r, tgbotapi.NewInlineKeyboardButtonData(label, a.buttons.key(b.Data)))
			default:
				r = append(r, tgbotapi.NewInlineKeyboardButtonData(label, b.Data))
			}
		}
		if len(r) > 0 {
			kb = append(kb, r)
		}
	}
	if len(kb) == 0 {
		return nil
	}
	return &tgbotapi.InlineKeyboardMarkup{InlineKeyboard: kb}
}

// buttonData returns what a pressed button's callback_data stands for; false
// for a key this process does not know (from before a restart, or forgotten).
func (a *Adapter) buttonData(data string) (string, bool) {
	if !strings.HasPrefix(data, buttonPrefix) {
		return data, true
	}
	if data == buttonPrefix {
		return "", false
	}
	return a.buttons.value(data)
}

// enqueue runs fn on chat's send lane and waits for it. When ctx ends first,
// enqueue returns ctx's error and the send goes on: a queued send is never
// dropped, and its failure is logged.
func (a *Adapter) enqueue(ctx context.Context, chat int64, fn func(ctx context.Context) (bot.MessageRef, error)) (bot.MessageRef, error) {
	type result struct {
		ref bot.MessageRef
		err error
	}
	done := make(chan result, 1)
	err := a.out.submit(ctx, chat, func() {
		ref, err := fn(a.work)
		done <- result{ref, err}
	})
	if err != nil {
		return bot.MessageRef{}, fmt.Errorf("telegram: queue for chat %d: %w", chat, err)
	}
	select {
	case r := <-done:
		return r.ref, r.err
	case <-ctx.Done():
		return bot.MessageRef{}, fmt.Errorf("telegram: waiting for a send to chat %d (it goes on): %w", chat, ctx.Err())
	}
}

// Send posts m in a chat: a photo with m.Text as its caption when m has an image
// (a caption over 1024 characters goes into a text message replying to the
// photo), otherwise text messages of up to 4096 characters. Buttons go under the
// last message; the returned ref is the first one (the board). Sends to one chat
// keep their order; Send waits for Telegram's answer, retrying 429, 5xx and
// network errors.
func (a *Adapter) Send(ctx context.Context, chatID string, m bot.Message) (bot.MessageRef, error) {
	chat, err := parseChatID(chatID)
	if err != nil {
		return bot.MessageRef{}, err
	}
	return a.send(ctx, chat, m)
}

func (a *Adapter) send(ctx context.Context, chat int64, m bot.Message) (bot.MessageRef, error) {
	p, err := a.plan(m)
	if err != nil {
		return bot.MessageRef{}, err
	}
	chat = a.chatFor(chat)
	return a.enqueue(ctx, chat, func(ctx context.Context) (bot.MessageRef, error) {
		return a.deliver(ctx, chat, p)
	})
}

func (a *Adapter) deliver(ctx context.Context, chat int64, p plan) (bot.MessageRef, error) {
	var ref bot.MessageRef
	replyTo := p.replyTo
	photoID := 0
	if p.photo != nil {
		markup := p.markup
		if len(p.texts) > 0 {
			markup = nil
		}
		msg, err := a.sendPhoto(ctx, chat, p, markup, replyTo)
		if err != nil {
			var ae *APIError
			if p.alt == "" || !errors.As(err, &ae) || ae.Code != http.StatusBadRequest || ae.MigrateTo != 0 {
				return ref, err
			}
			// The photo itself was refused (no right to send media, an image
			// Telegram cannot process): the same board as text.
			a.log.Info("telegram: photo refused; sending the text board", "chat", chat, "err", err.Error())
			return a.deliverAlt(ctx, chat, p)
		}
		ref = bot.MessageRef{ChatID: idString(msg.Chat.ID), ID: strconv.Itoa(msg.MessageID)}
		chat = msg.Chat.ID
		photoID = msg.MessageID
		a.remember(chat, photoID, sentInfo{photo: true})
		replyTo = photoID
	}
	for i, t := range p.texts {
		var markup *tgbotapi.InlineKeyboardMarkup
		if i == len(p.texts)-1 {
			markup = p.markup
		}
		msg, err := a.sendText(ctx, chat, t, markup, replyTo)
		if err != nil {
			if ref.ID != "" {
				return ref, fmt.Errorf("telegram: board sent, its text not: %w", err)
			}
			return ref, err
		}
		if ref.ID == "" {
			ref = bot.MessageRef{ChatID: idString(msg.Chat.ID), ID: strconv.Itoa(msg.MessageID)}
			chat = msg.Chat.ID
		}
		if i == 0 && photoID != 0 {
			a.remember(chat, photoID, sentInfo{photo: true, companion: msg.MessageID})
		} else if photoID == 0 {
			a.remember(chat, msg.MessageID, sentInfo{})
		}
	}
	if p.doc != nil {
		msg, err := a.sendDocument(ctx, chat, p, replyTo)
		if err != nil {
			if ref.ID != "" {
				return ref, fmt.Errorf("telegram: message sent, its file not: %w", err)
			}
			return ref, err
		}
		if ref.ID == "" {
			ref = bot.MessageRef{ChatID: idString(msg.Chat.ID), ID: strconv.Itoa(msg.MessageID)}
			a.remember(msg.Chat.ID, msg.MessageID, sentInfo{})
		}
	}
	return ref, nil
}

// sendDocument sends a plan's file (a PGN record, a game's GIF, which
// Telegram shows as an animation) as a reply to the message before it.
func (a *Adapter) sendDocument(ctx context.Context, chat int64, p plan, replyTo int) (tgbotapi.Message, error) {
	resp, err := a.do(ctx, chat, "sendDocument", func(chat int64) tgbotapi.Chattable {
		c := tgbotapi.NewDocument(chat, tgbotapi.FileBytes{Name: p.docName, Bytes: p.doc})
		c.ReplyToMessageID = replyTo
		c.AllowSendingWithoutReply = true
		return c
	}, retry{limit: true, logFailures: true})
	return sentMessage(resp, err)
}

// deliverAlt sends a board as text: the message's text, then the text board in
// a monospace block with the buttons.
func (a *Adapter) deliverAlt(ctx context.Context, chat int64, p plan) (bot.MessageRef, error) {
	var ref bot.MessageRef
	var texts []string
	if strings.TrimSpace(p.text) != "" {
		var err error
		if texts, err = split(p.text); err != nil {
			return ref, err
		}
	}
	alt, _ := cut(p.alt, maxText)
	for i, t := range append(texts, alt) {
		var markup *tgbotapi.InlineKeyboardMarkup
		var entities []tgbotapi.MessageEntity
		if i == len(texts) {
			markup = p.markup
			entities = []tgbotapi.MessageEntity{{Type: "pre", Offset: 0, Length: utf16Len(t)}}
		}
		msg, err := a.sendTextEntities(ctx, chat, t, entities, markup, p.replyTo)
		if err != nil {
			return ref, err
		}
		if ref.ID == "" {
			ref = bot.MessageRef{ChatID: idString(msg.Chat.ID), ID: strconv.Itoa(msg.MessageID)}
			a.remember(msg.Chat.ID, msg.MessageID, sentInfo{})
		}
	}
	return ref, nil
}

func (a *Adapter) sendPhoto(ctx context.Context, chat int64, p plan, markup *tgbotapi.InlineKeyboardMarkup, replyTo int) (tgbotapi.Message, error) {
	resp, err := a.do(ctx, chat, "sendPhoto", func(chat int64) tgbotapi.Chattable {
		c := tgbotapi.NewPhoto(chat, tgbotapi.FileBytes{Name: p.photoName, Bytes: p.photo})
		c.Caption = p.caption
		c.ReplyToMessageID = replyTo
		c.AllowSendingWithoutReply = true
		if markup != nil {
			c.ReplyMarkup = markup
		}
		return c
	}, retry{limit: true, logFailures: true})
	return sentMessage(resp, err)
}

func (a *Adapter) sendText(ctx context.Context, chat int64, text string, markup *tgbotapi.InlineKeyboardMarkup, replyTo int) (tgbotapi.Message, error) {
	return a.sendTextEntities(ctx, chat, text, nil, markup, replyTo)
}

func (a *Adapter) sendTextEntities(ctx context.Context, chat int64, text string, entities []tgbotapi.MessageEntity, markup *tgbotapi.InlineKeyboardMarkup, replyTo int) (tgbotapi.Message, error) {
	resp, err := a.do(ctx, chat, "sendMessage", func(chat int64) tgbotapi.Chattable {
		c := tgbotapi.NewMessage(chat, text)
		c.Entities = entities
		c.ReplyToMessageID = replyTo
		c.AllowSendingWithoutReply = true
		c.DisableWebPagePreview = true
		if markup != nil {
			c.ReplyMarkup = markup
		}
		return c
	}, retry{limit: true, logFailures: true})
	return sentMessage(resp, err)
}

func sentMessage(resp *tgbotapi.APIResponse, err error) (tgbotapi.Message, error) {
	if err != nil {
		return tgbotapi.Message{}, err
	}
	var msg tgbotapi.Message
	if err := decode(resp, &msg); err != nil {
		return msg, fmt.Errorf("telegram: reading the sent message: %w", err)
	}
	if msg.Chat == nil {
		return msg, errors.New("telegram: sent message without a chat")
	}
	return msg, nil
}

func (a *Adapter) remember(chat int64, id int, info sentInfo) {
	a.mu.Lock()
	a.sent.put(msgKey{chat, id}, info)
	a.mu.Unlock()
}

func (a *Adapter) recall(chat int64, id int) (sentInfo, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.sent.get(msgKey{chat, id})
}

// SendPrivate sends m to the user's private chat with the bot (its id is the
// user's id). When Telegram refuses (403: the user never pressed Start, or
// blocked the bot; 400: chat not found) it returns a *bot.PrivateUnavailableError
// whose URL opens the private chat; the service may offer DeepLink(payload)
// instead, to get a /start payload back.
func (a *Adapter) SendPrivate(ctx context.Context, user bot.User, m bot.Message) (bot.MessageRef, error) {
	uid, err := strconv.ParseInt(user.ID, 10, 64)
	if err != nil || uid <= 0 {
		return bot.MessageRef{}, fmt.Errorf("telegram: bad user id %q", user.ID)
	}
	ref, err := a.send(ctx, uid, m)
	if unreachable(err) {
		return ref, a.privateUnavailable(user)
	}
	return ref, err
}

func unreachable(err error) bool {
	var ae *APIError
	if !errors.As(err, &ae) {
		return false
	}
	return ae.forbidden() || ae.is(http.StatusBadRequest, "chat not found")
}

func (a *Adapter) privateUnavailable(user bot.User) *bot.PrivateUnavailableError {
	link := a.DeepLink("")
	return &bot.PrivateUnavailableError{
		User: user,
		Hint: "(Telegram bots cannot write first: open " + link + " and press Start once.)",
		URL:  link,
	}
}

// Edit replaces a message's text and buttons, and its image when m has one and
// the message is a photo (Telegram cannot turn a text message into a photo: the
// image is then left out). A photo's caption is cut at 1024 characters unless the
// message was sent with a separate text message, which is edited instead.
// "Message is not modified" counts as success.
func (a *Adapter) Edit(ctx context.Context, ref bot.MessageRef, m bot.Message) error {
	chat, err := parseChatID(ref.ChatID)
	if err != nil {
		return err
	}
	id, err := strconv.Atoi(ref.ID)
	if err != nil {
		return fmt.Errorf("telegram: bad message id %q", ref.ID)
	}
	if m.Image == nil && strings.TrimSpace(m.Text) == "" {
		return errors.New("telegram: empty message")
	}
	chat = a.chatFor(chat)
	_, err = a.enqueue(ctx, chat, func(ctx context.Context) (bot.MessageRef, error) {
		return bot.MessageRef{}, a.edit(ctx, chat, id, m)
	})
	return err
}

func (a *Adapter) edit(ctx context.Context, chat int64, id int, m bot.Message) error {
	info, known := a.recall(chat, id)
	markup := a.markup(m.Buttons)
	if known && !info.photo || !known && m.Image == nil {
		err := a.editText(ctx, chat, id, m.Text, markup)
		if known || !isNoText(err) {
			return err
		}
		info = sentInfo{photo: true} // an unknown message that turned out to be a photo
	}
	caption, rest := m.Text, ""
	if utf16Len(caption) > maxCaption {
		if info.companion != 0 {
			caption, rest = "", m.Text
		} else {
			caption, _ = cut(m.Text, maxCaption-1)
			caption += "…"
		}
	} else if info.companion != 0 {
		// It all fits under the photo now: the companion text goes.
		if err := a.deleteMessage(ctx, chat, info.companion); err != nil {
			return err
		}
		info.companion = 0
		a.remember(chat, id, info)
	}
	photoMarkup := markup
	if info.companion != 0 {
		photoMarkup = nil
	}
	var err error
	if m.Image != nil {
		err = a.editMedia(ctx, chat, id, m, caption, photoMarkup)
	} else {
		err = a.editCaption(ctx, chat, id, caption, photoMarkup)
	}
	if err != nil || info.companion == 0 {
		return err
	}
	text, _ := cut(rest, maxText)
	return a.editText(ctx, chat, info.companion, text, markup)
}

func isNoText(err error) bool {
	var ae *APIError
	return errors.As(err, &ae) && ae.is(http.StatusBadRequest, "no text in the message")
}

func notModified(err error) error {
	var ae *APIError
	if errors.As(err, &ae) && ae.is(http.StatusBadRequest, "message is not modified") {
		return nil
	}
	return err
}

func (a *Adapter) editText(ctx context.Context, chat int64, id int, text string, markup *tgbotapi.InlineKeyboardMarkup) error {
	text, _ = cut(text, maxText)
	_, err := a.do(ctx, chat, "editMessageText", func(chat int64) tgbotapi.Chattable {
		c := tgbotapi.NewEditMessageText(chat, id, text)
		c.ReplyMarkup = markup
		c.DisableWebPagePreview = true
		return c
	}, retry{limit: true, logFailures: true})
	return notModified(err)
}

func (a *Adapter) editCaption(ctx context.Context, chat int64, id int, caption string, markup *tgbotapi.InlineKeyboardMarkup) error {
	_, err := a.do(ctx, chat, "editMessageCaption", func(chat int64) tgbotapi.Chattable {
		c := tgbotapi.NewEditMessageCaption(chat, id, caption)
		c.ReplyMarkup = markup
		return c
	}, retry{limit: true, logFailures: true})
	return notModified(err)
}

func (a *Adapter) editMedia(ctx context.Context, chat int64, id int, m bot.Message, caption string, markup *tgbotapi.InlineKeyboardMarkup) error {
	name := m.ImageName
	if name == "" {
		name = "board.png"
	}
	_, err := a.do(ctx, chat, "editMessageMedia", func(chat int64) tgbotapi.Chattable {
		media := tgbotapi.NewInputMediaPhoto(tgbotapi.FileBytes{Name: name, Bytes: m.Image})
		media.Caption = caption
		return tgbotapi.EditMessageMediaConfig{
			BaseEdit: tgbotapi.BaseEdit{ChatID: chat, MessageID: id, ReplyMarkup: markup},
			Media:    media,
		}
	}, retry{limit: true, logFailures: true})
	return notModified(err)
}

// Delete removes a message the bot sent (and the text message that carried a
// long caption). A message already gone counts as deleted.
func (a *Adapter) Delete(ctx context.Context, ref bot.MessageRef) error {
	chat, err := parseChatID(ref.ChatID)
	if err != nil {
		return err
	}
	id, err := strconv.Atoi(ref.ID)
	if err != nil {
		return fmt.Errorf("telegram: bad message id %q", ref.ID)
	}
	chat = a.chatFor(chat)
	_, err = a.enqueue(ctx, chat, func(ctx context.Context) (bot.MessageRef, error) {
		info, _ := a.recall(chat, id)
		if err := a.deleteMessage(ctx, chat, id); err != nil {
			return bot.MessageRef{}, err
		}
		if info.companion != 0 {
			return bot.MessageRef{}, a.deleteMessage(ctx, chat, info.companion)
		}
		return bot.MessageRef{}, nil
	})
	return err
}

func (a *Adapter) deleteMessage(ctx context.Context, chat int64, id int) error {
	_, err := a.do(ctx, chat, "deleteMessage", func(chat int64) tgbotapi.Chattable {
		return tgbotapi.NewDeleteMessage(chat, id)
	}, retry{logFailures: true})
	var ae *APIError
	if errors.As(err, &ae) && ae.is(http.StatusBadRequest, "message to delete not found") {
		return nil
	}
	return err
}
