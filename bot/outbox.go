package bot

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/chuhe/chuhe/bot/inbox"
	"sync"
	"time"

	"github.com/chuhe/chuhe/bot/outbox"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Delivery. Every message a state change owes (the board after a move, an
// announcement, a private board, a reminder, a timeout, a puzzle post) is an
// outbox entry in the store, written before any network call: in the same
// transaction as the game change that owes it (ChangeGame, through
// request.change or saveOwing), or, for what no game write carries (a puzzle
// post, a private solution, a hint), by Enqueue. Then:
//
//   - in DeliverInline mode (the default) the handler of the event sends what
//     the event owes itself, after it let go of the game's lock, through the
//     event's Replier (so a Discord interaction gets its answer), and records it;
//   - the outbox sender (RunOutbox) delivers everything else through the
//     Platforms: what a handler could not send, what Tick owes, and everything
//     left from before a restart. It retries with backoff (a platform's own rate
//     limits are the adapter's business), in order per destination, and records
//     each delivered message with the game it is about, so that replies to a
//     board find their game after a restart too.
//
// A board that comes late says so; an undelivered board that a newer board of
// the same game makes pointless is dropped, and the newer one says how many it
// replaces. A message the platform refuses for good is logged as an error,
// kept, and reported by /board until a newer board of its game goes out.

// DeliveryMode says who sends what an event owes.
type DeliveryMode int

const (
	// DeliverInline: the event's handler sends it before Handle returns.
	DeliverInline DeliveryMode = iota
	// DeliverQueued: Handle only stores it; the outbox sender sends it. A move
	// then costs its store write alone, whatever the platform's latency.
	DeliverQueued
)

// DeliveryConfig tunes the outbox. Zero fields get the defaults.
type DeliveryConfig struct {
	Mode DeliveryMode
	// LateAfter: a message delivered later than this after it was owed says
	// when it was owed. Default 2 minutes.
	LateAfter time.Duration
	// AlertAfter: a destination failing this long is logged as an error (once).
	// Default 10 minutes.
	AlertAfter time.Duration
	// MaxBackoff caps the wait between attempts. Default 5 minutes.
	MaxBackoff time.Duration
	// Poll is how often the sender looks for due entries when not woken.
	// Default 1 second.
	Poll time.Duration
	// Lease is how long a sender holds the entries it claimed. Default 2 minutes.
	Lease time.Duration
	// Parallel bounds the destinations delivered at once. Default 16.
	Parallel int
}

// withDefaults fills the zero fields: LateAfter here, the sender's own in
// package outbox.
func (c DeliveryConfig) withDefaults() DeliveryConfig {
	if c.LateAfter <= 0 {
		c.LateAfter = 2 * time.Minute
	}
	sc := c.sender().WithDefaults()
	c.AlertAfter, c.MaxBackoff, c.Poll, c.Lease, c.Parallel = sc.AlertAfter, sc.MaxBackoff, sc.Poll, sc.Lease, sc.Parallel
	return c
}

// sender is the part of c that tunes the outbox sender.
func (c DeliveryConfig) sender() outbox.Config {
	return outbox.Config{AlertAfter: c.AlertAfter, MaxBackoff: c.MaxBackoff, Poll: c.Poll, Lease: c.Lease, Parallel: c.Parallel}
}

// Entry kinds: a newer entry of one kind, game and destination supersedes an
// undelivered older one.
const (
	kindBoard   = "board"
	kindPrivate = "private"
)

// boardRef is a board image by reference: the sender draws it from the stored
// game at send time, so the outbox keeps no PNGs. Side is -1 for the public
// view; a private board is drawn for its owner's side only, and its entry is
// addressed to that owner.
type boardRef struct {
	Game       string      `json:"game"`
	Ply        int         `json:"ply"`
	Side       int         `json:"side"`
	Simplified bool        `json:"simplified,omitempty"`
	Flip       bool        `json:"flip,omitempty"`
	Labels     rules.Style `json:"labels,omitempty"`
}

// outPayload is a Message as an outbox entry keeps it.
type outPayload struct {
	Text      string     `json:"text,omitempty"`
	Buttons   [][]Button `json:"buttons,omitempty"`
	ReplyTo   string     `json:"reply_to,omitempty"`
	ImageName string     `json:"image_name,omitempty"`
	// Image and Alt are kept only for an image not drawn from a game.
	Image []byte `json:"image,omitempty"`
	Alt   string `json:"alt,omitempty"`
	// File is a document (Message.File).
	File     []byte    `json:"file,omitempty"`
	FileName string    `json:"file_name,omitempty"`
	Board    *boardRef `json:"board,omitempty"`
	// GIFOf names the game whose GIF the message carries, drawn at send time.
	GIFOf string `json:"gif_of,omitempty"`
	// About is what replies to the message are about: a game id or a puzzle ref.
	About    string `json:"about,omitempty"`
	Lang     string `json:"lang,omitempty"`
	UserName string `json:"user_name,omitempty"` // a private message's addressee
	// Reveal marks a private puzzle solution asked for in a group (puzzle.go).
	Reveal *puzzleReveal `json:"reveal,omitempty"`
}

// pendingOut is one message of an event, in the order the handler made them:
// a direct answer (entry nil), or an owed message with its outbox entry.
type pendingOut struct {
	m       Message
	private bool // to the event's user privately
	notice  bool // a Replier.Notice of m.Text
	about   string
	entry   *storage.OutboxEntry
	stored  bool // the entry is in the store already (written with the change)
	hintFor *storage.Game
}

// delivery is the service's side of the outbox: its settings, the sender
// (package outbox) and when the record of sent messages was last pruned.
type delivery struct {
	cfg    DeliveryConfig
	holder string
	sender *outbox.Sender

	mu     sync.Mutex
	pruned time.Time
}

// sentKept is how long the record of a sent message (which game a board is
// of, for replies to it) is kept.
const sentKept = 30 * 24 * time.Hour

// pruneSent forgets sent-message records older than sentKept, at most hourly.
func (s *Service) pruneSent(ctx context.Context, now time.Time) error {
	s.out.mu.Lock()
	due := now.Sub(s.out.pruned) >= time.Hour
	if due {
		s.out.pruned = now
	}
	s.out.mu.Unlock()
	if !due {
		return nil
	}
	n, err := s.store.PruneSent(ctx, now.Add(-sentKept))
	if n > 0 {
		s.log.Info("forgot old sent-message records", "count", n)
	}
	return err
}

// newDelivery makes the service's delivery state; its sender delivers
// through s.deliverEntry, so s.store, s.clock and s.log must be set.
func (s *Service) newDelivery(cfg DeliveryConfig, holder string) *delivery {
	cfg = cfg.withDefaults()
	snd := outbox.New(outbox.Options{Store: s.store, Deliver: s.deliverEntry, Holder: holder,
		Config: cfg.sender(), Now: s.now, Logger: s.log})
	return &delivery{cfg: cfg, holder: holder, sender: snd}
}

// wakeSender tells the sender there is something to deliver.
func (s *Service) wakeSender() { s.out.sender.Wake() }

// payloadOf encodes m for the outbox.
func payloadOf(m Message, lang Lang, about string) (json.RawMessage, error) {
	p := outPayload{Text: m.Text, Buttons: m.Buttons, ReplyTo: m.ReplyTo, ImageName: m.ImageName,
		Board: m.board, About: about, Lang: string(lang), File: m.File, FileName: m.FileName, GIFOf: m.gif}
	if m.board == nil && m.Image != nil {
		p.Image, p.Alt = m.Image, m.Alt
	} else if m.board == nil {
		p.Alt = m.Alt
	}
	return json.Marshal(p)
}

// publicEntry is the outbox entry of m posted in rec's chat.
func publicEntry(rec *storage.Game, m Message, lang Lang) *storage.OutboxEntry {
	e := chatEntry(rec.Platform, rec.ChatID, m, lang, rec.ID)
	e.GameID = rec.ID
	if m.board != nil && m.board.Side < 0 {
		e.Kind = kindBoard
	}
	return e
}

// chatEntry is the outbox entry of m posted in a chat; about is what replies
// to it concern.
func chatEntry(platform, chatID string, m Message, lang Lang, about string) *storage.OutboxEntry {
	raw, err := payloadOf(m, lang, about)
	if err != nil {
		raw = nil // cannot happen for these types; validate refuses it
	}
	return &storage.OutboxEntry{Platform: platform, ChatID: chatID, Payload: raw}
}

// privateEntry is the outbox entry of m sent privately to user u about rec.
func privateEntry(rec *storage.Game, u User, m Message, lang Lang) *storage.OutboxEntry {
	kind := ""
	if m.board != nil && m.board.Side >= 0 {
		kind = kindPrivate
	}
	p := outPayload{}
	raw, _ := payloadOf(m, lang, rec.ID)
	if json.Unmarshal(raw, &p) == nil {
		p.UserName = u.Name
		raw, _ = json.Marshal(p)
	}
	return &storage.OutboxEntry{Platform: rec.Platform, UserID: u.ID, GameID: rec.ID, Kind: kind, Payload: raw}
}

// ---- owed messages during an event ----

type outKey struct{}

// collector gathers the messages of one event (see request.flush).
type collector struct {
	mu  sync.Mutex
	out []*pendingOut
}

func (c *collector) add(p *pendingOut) {
	c.mu.Lock()
	c.out = append(c.out, p)
	c.mu.Unlock()
}

func collectorOf(ctx context.Context) *collector {
	c, _ := ctx.Value(outKey{}).(*collector)
	return c
}

// owe queues an owed message. During an event it joins the event's messages
// (stored and delivered by flush); outside one (Tick) it is stored at once and
// left to the sender.
func (s *Service) owe(ctx context.Context, p *pendingOut) {
	if c := collectorOf(ctx); c != nil {
		c.add(p)
		return
	}
	if p.stored {
		s.wakeSender()
		return
	}
	if err := s.store.Enqueue(ctx, []*storage.OutboxEntry{p.entry}); err != nil {
		s.log.Error("an owed message could not be queued; it is lost", "game", p.entry.GameID, "err", err)
		return
	}
	s.wakeSender()
}

// ownLease is the lease an event's handler asks for on the entries it will
// deliver itself.
func (s *Service) ownLease() storage.Lease {
	return storage.Lease{Holder: s.out.holder + "/inline", Until: s.now().Add(s.out.cfg.Lease)}
}

// flush stores what the event owes (what its change did not store already) and,
// in DeliverInline mode, sends everything in order: direct answers through the
// Replier, owed messages it holds the lease of through the Replier when they are
// for the event's chat or user and through the Platform otherwise. It runs after
// the game's lock is released.
func (q *request) flush(c *collector) {
	c.mu.Lock()
	items := c.out
	c.out = nil
	c.mu.Unlock()
	if len(items) == 0 {
		return
	}
	s := q.s
	inline := s.out.cfg.Mode == DeliverInline
	var fresh []*storage.OutboxEntry
	for _, it := range items {
		if it.entry != nil && !it.stored {
			if inline {
				it.entry.Lease = s.ownLease()
			}
			fresh = append(fresh, it.entry)
		}
	}
	if len(fresh) > 0 {
		var consumed []storage.ValueRef
		if q.ev.Inbound != "" {
			consumed = append(consumed, inbox.Consumed(q.ev.Inbound))
		}
		if err := s.store.Enqueue(q.ctx, fresh, consumed...); err != nil {
			// The change is stored; its messages are not: send them directly,
			// without the outbox's guarantees.
			s.log.Error("owed messages could not be queued; sending them directly", "platform", q.ev.Platform, "chat", q.ev.ChatID, "err", err)
			for _, it := range items {
				if it.entry != nil && !it.stored {
					it.entry = nil
				}
			}
		}
	}
	queued := false
	var results []storage.OutboxResult
	var direct []storage.SentMessage
	failed := map[string]bool{} // destinations whose inline delivery failed: the rest waits
	holder := s.out.holder + "/inline"
	for i := 0; i < len(items); i++ { // a failed private board can add its hint
		it := items[i]
		if it.entry == nil {
			if ref := q.send(it); ref.ID != "" && it.about != "" {
				direct = append(direct, storage.SentMessage{Platform: q.ev.Platform, ChatID: ref.ChatID, ID: ref.ID, About: it.about})
			}
			continue
		}
		e := it.entry
		if !inline || e.Lease.Holder != holder || e.Lease.Session == "" {
			queued = true
			continue
		}
		if failed[e.Dest()] {
			results = append(results, storage.OutboxResult{ID: e.ID, Release: true})
			queued = true
			continue
		}
		res, hint := q.deliverOwn(it)
		if hint != nil {
			items = append(items, hint)
		}
		if res.Err != "" || res.Release {
			failed[e.Dest()] = true
			queued = true
		}
		results = append(results, res)
	}
	if len(direct) > 0 {
		if err := s.store.RecordSent(context.WithoutCancel(q.ctx), direct); err != nil {
			s.log.Warn("recording sent messages", "err", err)
		}
	}
	if len(results) > 0 {
		if err := s.store.FinishOutbox(context.WithoutCancel(q.ctx), holder, results); err != nil {
			s.log.Warn("recording delivered messages", "err", err)
		}
	}
	if queued {
		s.wakeSender()
	}
}

// send delivers a direct answer of the event and returns its ref.
func (q *request) send(it *pendingOut) MessageRef {
	var ref MessageRef
	var err error
	if q.rep == nil {
		// The bot's own request (engine.go) answers no event: nobody is owed a
		// direct answer.
		q.s.log.Debug("no replier for a direct answer", "chat", q.ev.ChatID)
		return MessageRef{}
	}
	if it.notice {
		if err := q.rep.Notice(q.ctx, it.m.Text); err != nil {
			q.s.log.Warn("notice failed", "platform", q.ev.Platform, "chat", q.ev.ChatID, "err", err)
		}
		return MessageRef{}
	}
	if it.private {
		ref, err = q.rep.ReplyPrivately(q.ctx, it.m)
		var pu *PrivateUnavailableError
		if errors.As(err, &pu) {
			q.s.setCanDM(q.ctx, q.ev.Platform, q.ev.User, false)
			hint := q.s.privateHint(q.display(), it.about, q.s.platform(q.ev.Platform), q.ev.User, pu)
			hint.ReplyTo = q.ev.MessageID
			if _, err := q.rep.Reply(q.ctx, hint); err != nil {
				q.s.log.Warn("reply failed", "platform", q.ev.Platform, "chat", q.ev.ChatID, "err", err)
			}
			return MessageRef{}
		}
	} else {
		ref, err = q.rep.Reply(q.ctx, it.m)
	}
	if err != nil {
		q.s.log.Warn("reply failed", "platform", q.ev.Platform, "chat", q.ev.ChatID, "err", err)
		return MessageRef{}
	}
	q.s.remember(ref, it.about)
	return ref
}

// deliverOwn sends one owed message the handler holds, and says how it went. A
// private message to a user the platform cannot reach is given up on and gives
// the hint to post in the game's chat (the board comes with /start).
func (q *request) deliverOwn(it *pendingOut) (storage.OutboxResult, *pendingOut) {
	e := it.entry
	s := q.s
	res := storage.OutboxResult{ID: e.ID}
	if (it.m.board != nil && it.m.Image == nil || it.m.gif != "" && it.m.File == nil) && s.renderer != nil {
		// Made inside a store write, without its image: draw it now.
		var pl outPayload
		if json.Unmarshal(e.Payload, &pl) == nil {
			if m, err := s.messageOf(q.ctx, pl); err == nil {
				it.m.Image, it.m.Alt, it.m.File, it.m.FileName = m.Image, m.Alt, m.File, m.FileName
			}
		}
	}
	var ref MessageRef
	var err error
	switch {
	case q.rep == nil:
		// Tick's work and the engine's moves answer no event: the platform sends.
		p := s.platform(e.Platform)
		if p == nil {
			res.Release = true
			return res, nil
		}
		ref, err = s.sendVia(q.ctx, p, e, it.m)
	case e.ChatID != "" && e.ChatID == q.ev.ChatID && e.Platform == q.ev.Platform && !q.ev.Confidential:
		// (A Confidential event's replies are seen by its user only: what the
		// whole chat is owed goes through the platform.)
		ref, err = q.rep.Reply(q.ctx, it.m)
	case e.UserID != "" && e.UserID == q.ev.User.ID && e.Platform == q.ev.Platform:
		ref, err = q.rep.ReplyPrivately(q.ctx, it.m)
	default:
		p := s.platform(e.Platform)
		if p == nil {
			res.Release = true
			return res, nil
		}
		ref, err = s.sendVia(q.ctx, p, e, it.m)
	}
	var pl outPayload
	if e.UserID != "" && json.Unmarshal(e.Payload, &pl) == nil && pl.Reveal != nil {
		if note, done := s.settleReveal(q.ctx, e, pl, err); done {
			if err == nil {
				s.reached(q.ctx, e.Platform, e.UserID)
				res.Sent = sentRecord(e, ref, it.about)
			} else {
				res.Superseded = true // nothing more to do with it
			}
			if pl.Reveal.Chat == q.ev.ChatID && e.Platform == q.ev.Platform {
				note.ReplyTo = q.ev.MessageID
				return res, &pendingOut{m: note}
			}
			s.revealNote(q.ctx, e, pl, note)
			return res, nil
		}
	}
	var pu *PrivateUnavailableError
	if errors.As(err, &pu) && e.UserID != "" && it.hintFor != nil {
		rec := it.hintFor
		res.Superseded = true // nothing more to do with it
		if rec.ChatID != q.ev.ChatID || rec.Platform != q.ev.Platform {
			s.privateUnreachable(q.ctx, e, pu, rec) // the sender posts the hint there
			return res, nil
		}
		var pl outPayload
		_ = json.Unmarshal(e.Payload, &pl)
		u := User{ID: e.UserID, Name: pl.UserName}
		s.setCanDM(q.ctx, e.Platform, u, false)
		if !s.firstHint(q.ctx, rec, u.ID) {
			return res, nil // the chat was told already
		}
		hint := s.privateHint(s.chatDisplay(q.ctx, rec), rec.ID, s.platform(rec.Platform), u, pu)
		hint.ReplyTo = q.ev.MessageID
		return res, &pendingOut{m: hint}
	}
	if err != nil {
		return s.failure(q.ctx, e, err, it.hintFor), nil
	}
	if e.UserID != "" {
		s.reached(q.ctx, e.Platform, e.UserID)
	}
	s.remember(ref, it.about)
	res.Sent = sentRecord(e, ref, it.about)
	return res, nil
}
