package bot

import (
	"context"
	"errors"
	"time"
)

// This file is the contract between the platform-neutral service and the
// adapters (bot/console, bot/telegram, bot/discord). Adapters translate platform
// events into Events and offer the capabilities below; the service decides
// everything else. Nothing in an Event or a Message carries game secrets except
// messages sent through a private route.

// User is a person on a platform.
type User struct {
	ID   string // platform user id, stable
	Name string // display name or @handle, for texts
	// Username is the user's unique handle on the platform without the "@"
	// (Telegram's username, Discord's user name), "" when the user has none.
	// A challenge to an @name nobody has been seen with is accepted only by the
	// user whose Username it is; a display name never counts. (Added for issue 13.)
	Username string
}

// Event is something a user did: a message or a button press.
type Event struct {
	Platform  string // "console", "telegram", "discord"
	ChatID    string // where it happened; for a private chat, the private chat's id
	Private   bool   // a one-to-one chat between the user and the bot
	User      User
	Text      string // the message text, commands included ("/m h2e2", "@Chuhe h2e2")
	Button    string // data of a pressed button ("" for a message); never secret
	MessageID string // the platform id of this message, if any
	// ReplyTo is the id of the bot's message this message answers (a reply to the
	// board image), "" otherwise.
	ReplyTo string
	// Mentions resolves @names in Text to users where the platform can (Discord
	// user mentions; Telegram mention entities of users the bot has seen, and
	// text_mention entities, which name a user without a username). Name is the
	// text that mentioned the user (without "@").
	Mentions []User
	// Admin is true when the user may administer the chat (abort games, puzzle
	// subscriptions); adapters fill it from the platform's roles. Always true in a
	// private chat.
	Admin bool
	// Addressed is true when the message was clearly meant for the bot (a command,
	// a reply to the bot, a mention). A plain message that is not addressed is taken
	// only if it is a legal move of a player to move.
	Addressed bool
	// At is when the event happened (the adapter's clock).
	At time.Time
	// Confidential is true when nobody but the user and the bot can see this
	// event's text although it is not Private: a Discord slash command in a
	// channel whose answer is ephemeral. The service takes secret answers
	// (/setup) only from Private or Confidential events. (Added for issue 5.)
	Confidential bool
	// Inbound is the key of this event in the service's inbox, when the adapter
	// queued it durably before acknowledging it (Service.Inbox). A game change
	// the event causes removes it in the same transaction, so that a restart
	// never handles the event twice. (Added for issue 13.)
	Inbound string
}

// Button is an inline button under a message. Data comes back in Event.Button when
// pressed; URL buttons open a link instead (a Telegram deep link).
type Button struct {
	Label string
	Data  string
	URL   string
}

// Message is what the service sends: text, optionally an image, and buttons.
type Message struct {
	Text      string
	Image     []byte // PNG
	ImageName string // "board.png"
	// Alt is a plain-text version of Image: a text board made from the same view,
	// so it shows no more than the image. The console prints it; other adapters may
	// send it when an image cannot be sent. (Added for issue 5.)
	Alt string
	// File is a document sent with the message (a PGN record, a GIF of a
	// whole game), named FileName, whose extension says its type. (Added for
	// issue 23.)
	File     []byte
	FileName string
	Buttons  [][]Button
	// ReplyTo makes the message a reply to the platform message with this id.
	ReplyTo string

	// board says which stored game and view Image was drawn from, so that the
	// outbox keeps a reference instead of the PNG (outbox.go).
	board *boardRef
	// gif names the game whose GIF File is, drawn at send time (gif.go).
	gif string
}

// MessageRef identifies a sent message so that it can be edited or deleted and so
// that replies to it can be recognised.
type MessageRef struct {
	ChatID string
	ID     string
}

// Replier answers the event being handled. Adapters make one per event.
type Replier interface {
	// Reply posts in the event's chat, for everyone there.
	Reply(ctx context.Context, m Message) (MessageRef, error)
	// ReplyPrivately shows m to the event's user only: an ephemeral reply on Discord,
	// a private chat on Telegram, a [dm] line on the console. It returns a
	// *PrivateUnavailableError when the platform cannot reach the user privately.
	ReplyPrivately(ctx context.Context, m Message) (MessageRef, error)
	// Notice shows a short text to the event's user only and posts nothing in
	// the chat: for a button press, a pop-up (Telegram's answerCallbackQuery
	// with show_alert, a Discord ephemeral reply, a [dm NAME] line on the
	// console); otherwise a private reply. The service answers a button pressed
	// by someone it does not concern this way, so nobody else sees it.
	// (Added for issue 13.)
	Notice(ctx context.Context, text string) error
}

// Platform is what an adapter offers outside any event: notifications, reminders,
// private boards after the opponent's move, daily puzzles.
type Platform interface {
	// Name is the platform name used in Events and storage ("telegram").
	Name() string
	// Send posts m in a chat.
	Send(ctx context.Context, chatID string, m Message) (MessageRef, error)
	// SendPrivate sends m to a user privately, or returns a
	// *PrivateUnavailableError saying how the user can open a private route.
	SendPrivate(ctx context.Context, user User, m Message) (MessageRef, error)
	// Edit replaces a message's text and buttons (and image, where the platform can).
	Edit(ctx context.Context, ref MessageRef, m Message) error
	// Delete removes a message the bot sent.
	Delete(ctx context.Context, ref MessageRef) error
}

// PrivateUnavailableError says the platform cannot reach a user privately and how
// the user can fix that (a Telegram deep link that opens the private chat).
type PrivateUnavailableError struct {
	User User
	// Hint is a sentence for the user: "Open a private chat with me: ..."
	Hint string
	// URL, when set, opens the private route (shown as a button).
	URL string
}

func (e *PrivateUnavailableError) Error() string {
	return "bot: cannot message " + e.User.Name + " privately"
}

// ErrTooLong is returned by adapters for a message over the platform's limits.
var ErrTooLong = errors.New("bot: message too long for the platform")

// DeepLinker is implemented by platforms where a link can open the private chat
// with a start payload (Telegram: t.me/BOT?start=PAYLOAD). When the user follows
// it, the adapter delivers a private Event with Text "/start PAYLOAD".
type DeepLinker interface {
	DeepLink(payload string) string
}

// Handler is what adapters call for every event; *Service implements it. Handle
// returns when the event's replies have been sent (or failed; what the event's
// changes owe is then kept in the service's outbox and sent later; with
// DeliverQueued it is left to the outbox at once); it never panics on bad
// input.
type Handler interface {
	Handle(ctx context.Context, ev Event, r Replier)
}
