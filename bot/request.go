package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/chuhe/chuhe/storage"
)

// Handling one event: the request that carries it, and how it answers (texts,
// replies, private replies, notices, user errors).

// Handle implements Handler: it answers one event. It never panics on bad input
// and reports failures to the user in words, and to the log without secrets.
//
// The answers and owed messages are collected while the event is handled and
// sent in order once it is done, when no game lock is held any more (outbox.go).
func (s *Service) Handle(ctx context.Context, ev Event, r Replier) {
	c := &collector{}
	ctx = context.WithValue(ctx, outKey{}, c)
	q := s.newRequest(ctx, ev, r)
	// Conditional moves answer the event's moves once it is answered
	// (premove.go), and a move ends its player's vacation (vacation.go):
	// this runs after the flush below.
	defer func() { s.afterEvent(ctx, q) }()
	defer q.flush(c)
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic while handling an event", "platform", ev.Platform, "chat", ev.ChatID, "panic", fmt.Sprint(p))
			q.sayOrNotice("err.internal")
		}
	}()
	if err := q.dispatch(); err != nil {
		q.fail(err)
	}
}

// request is one event being handled: who, where, in which language.
type request struct {
	s    *Service
	ctx  context.Context
	ev   Event
	rep  Replier
	chat *storage.Chat
	lang Lang
	// moved lists the games this request played a move in (premove.go).
	moved []string
	// auto marks a move played for a player by their conditional line, and
	// back a move of a player on vacation, which ends it (vacation.go).
	auto, back bool
	// expect, when set, is the game version an engine move was searched at
	// (engine.go): play refuses it, with errStale, if the game changed since.
	expect uint64
}

func (s *Service) newRequest(ctx context.Context, ev Event, r Replier) *request {
	q := &request{s: s, ctx: ctx, ev: ev, rep: r, lang: En}
	// Every text shows the sender by a name that cannot pass for another user's
	// (people.go).
	q.ev.User.Name = shownName(ev.User)
	c, err := s.store.Chat(ctx, ev.Platform, ev.ChatID)
	switch {
	case err == nil:
		q.chat = c
	case errors.Is(err, storage.ErrNotFound):
		q.chat = &storage.Chat{Platform: ev.Platform, ChatID: ev.ChatID}
	default:
		s.log.Warn("load chat settings", "platform", ev.Platform, "chat", ev.ChatID, "err", err)
		q.chat = &storage.Chat{Platform: ev.Platform, ChatID: ev.ChatID}
	}
	q.lang = ParseLang(q.chat.Language)
	return q
}

// t translates a catalog key in the request's language.
func (q *request) t(key string, args ...any) string { return T(q.lang, key, args...) }

// say replies in the chat with a catalog text.
func (q *request) say(key string, args ...any) {
	q.reply(Message{Text: q.t(key, args...)})
}

// reply posts m in the event's chat, as a reply to the event's message, when the
// event is handled (after every game lock is let go; see flush).
func (q *request) reply(m Message) {
	q.replyAbout(m, "")
}

// replyAbout is reply for a message about a game (or a puzzle ref): replies to
// it reach that game.
func (q *request) replyAbout(m Message, about string) {
	if m.ReplyTo == "" {
		m.ReplyTo = q.ev.MessageID
	}
	q.out(&pendingOut{m: m, about: about})
}

// replyPrivately shows m to the event's user only, when the event is handled;
// where the platform cannot reach the user, the chat gets the hint to open the
// private chat (with the deep link to game about).
func (q *request) replyPrivately(m Message, about string) {
	q.out(&pendingOut{m: m, private: true, about: about})
}

func (q *request) out(p *pendingOut) {
	if c := collectorOf(q.ctx); c != nil {
		c.add(p)
		return
	}
	_ = q.send(p) // not through Handle (cannot happen today): at once
}

// userError is a mistake of the user, answered with a catalog text that says what
// was wrong and what would work. Nothing was changed.
type userError struct {
	key  string
	args []any
}

func (e *userError) Error() string { return "bot: user error " + e.key }

// oops makes a userError.
func oops(key string, args ...any) error { return &userError{key: key, args: args} }

// fail answers an error: a userError in the user's words, anything else with an
// apology (the details go to the log).
func (q *request) fail(err error) {
	var ue *userError
	if errors.As(err, &ue) {
		q.sayOrNotice(ue.key, ue.args...)
		return
	}
	q.s.log.Error("handling an event failed", "platform", q.ev.Platform, "chat", q.ev.ChatID, "err", err)
	q.sayOrNotice("err.internal")
}

// sayOrNotice answers a mistake: in the chat for a message, and to the presser
// only for a button press (a pop-up), so that a button pressed by someone it
// does not concern, or too late, posts nothing for the chat and changes nothing.
func (q *request) sayOrNotice(key string, args ...any) {
	if q.ev.Button == "" {
		q.say(key, args...)
		return
	}
	q.notice(q.t(key, args...))
}

// notice shows text to the event's user only (Replier.Notice), in order with
// the event's other answers, when the event is handled.
func (q *request) notice(text string) {
	q.out(&pendingOut{m: Message{Text: text}, notice: true})
}

// isPlayer returns the seat of user id in rec, or -1.
func seatOf(rec *storage.Game, userID string) int {
	for i, p := range rec.Players {
		if p.UserID != "" && p.UserID == userID {
			return i
		}
	}
	return -1
}
