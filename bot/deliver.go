package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Delivering an outbox entry through its platform (the sender of package
// outbox calls deliverEntry), what a failure means, and /board's report of what
// is still owed.

func sentRecord(e *storage.OutboxEntry, ref MessageRef, about string) []storage.SentMessage {
	if ref.ID == "" {
		return nil
	}
	return []storage.SentMessage{{Platform: e.Platform, ChatID: ref.ChatID, ID: ref.ID, About: about}}
}

func (s *Service) sendVia(ctx context.Context, p Platform, e *storage.OutboxEntry, m Message) (MessageRef, error) {
	if e.ChatID != "" {
		return p.Send(ctx, e.ChatID, m)
	}
	var pl outPayload
	_ = json.Unmarshal(e.Payload, &pl)
	return p.SendPrivate(ctx, User{ID: e.UserID, Name: pl.UserName}, m)
}

// permanent reports whether an error from a platform will not go away by
// trying again: adapters mark temporary errors with Temporary() bool; a user who
// cannot be reached privately or a message too long are permanent.
func permanent(err error) bool {
	var pu *PrivateUnavailableError
	if errors.As(err, &pu) || errors.Is(err, ErrTooLong) {
		return true
	}
	var t interface{ Temporary() bool }
	if errors.As(err, &t) {
		return !t.Temporary()
	}
	return false // unknown: worth another try
}

// failure turns a failed delivery into the entry's next state. A private
// message to a user the platform cannot reach is given up on, and the game's
// chat is told how to open the private chat (the board comes with /start).
func (s *Service) failure(ctx context.Context, e *storage.OutboxEntry, err error, rec *storage.Game) storage.OutboxResult {
	res := storage.OutboxResult{ID: e.ID, Err: errText(err)}
	var pu *PrivateUnavailableError
	if errors.As(err, &pu) && e.UserID != "" {
		s.privateUnreachable(ctx, e, pu, rec)
		res.Err, res.Superseded = "", true // nothing more to do with it
		return res
	}
	if permanent(err) {
		s.log.Error("a message was refused for good", "platform", e.Platform, "chat", e.ChatID, "game", e.GameID, "err", err)
		return res // Retry zero: Failed
	}
	res.Retry = s.now().Add(s.out.sender.Backoff(e.Attempts + 1))
	return res
}

// errText is what the store keeps of a delivery error: the adapter's text, cut.
func errText(err error) string {
	t := err.Error()
	if len(t) > 300 {
		t = t[:300] + "…"
	}
	return t
}

// privateUnreachable posts the hint for a player the platform cannot reach
// privately, through the outbox of the game's chat.
func (s *Service) privateUnreachable(ctx context.Context, e *storage.OutboxEntry, pu *PrivateUnavailableError, rec *storage.Game) {
	var pl outPayload
	_ = json.Unmarshal(e.Payload, &pl)
	u := User{ID: e.UserID, Name: pl.UserName}
	s.setCanDM(ctx, e.Platform, u, false)
	if rec == nil {
		g, err := s.store.Game(ctx, e.GameID)
		if err != nil {
			s.log.Warn("private message not sent", "game", e.GameID, "err", err)
			return
		}
		rec = g
	}
	if !s.firstHint(ctx, rec, u.ID) {
		return // the chat was told already
	}
	d := s.chatDisplay(ctx, rec)
	hint := s.privateHint(d, rec.ID, s.platform(rec.Platform), u, pu)
	if err := s.store.Enqueue(ctx, []*storage.OutboxEntry{publicEntry(rec, hint, d.lang)}); err != nil {
		s.log.Warn("private hint not queued", "game", rec.ID, "err", err)
	}
	s.wakeSender()
}

// ---- the sender ----

// RunOutbox delivers the outbox until ctx ends: at once (what is left from
// before a restart), whenever a handler or Tick queues something, and every
// DeliveryConfig.Poll for retries. It returns nil when ctx ends; what is not
// delivered by then stays in the store for the next start.
func (s *Service) RunOutbox(ctx context.Context) error { return s.out.sender.Run(ctx) }

// DeliverDue claims what is due now and delivers it, destinations in parallel
// and each in order, and returns how many entries it finished (delivered,
// superseded or given up on). Tests call it to deliver without the loop.
func (s *Service) DeliverDue(ctx context.Context) (int, error) { return s.out.sender.DeliverDue(ctx) }

// deliverEntry builds and sends one entry through its platform.
func (s *Service) deliverEntry(ctx context.Context, e *storage.OutboxEntry, replaces int) storage.OutboxResult {
	p := s.platform(e.Platform)
	if p == nil {
		// No adapter for it in this process: try again later (a restart with the
		// platform configured delivers it).
		return storage.OutboxResult{ID: e.ID, Err: "no adapter for platform " + e.Platform, Retry: s.now().Add(s.out.cfg.MaxBackoff)}
	}
	var pl outPayload
	if err := json.Unmarshal(e.Payload, &pl); err != nil {
		s.log.Error("undecodable outbox entry dropped", "id", e.ID, "err", err)
		return storage.OutboxResult{ID: e.ID, Err: "undecodable", Retry: time.Time{}}
	}
	m, err := s.messageOf(ctx, pl)
	if err != nil {
		s.log.Error("an owed message could not be rebuilt", "game", e.GameID, "err", err)
		return storage.OutboxResult{ID: e.ID, Err: errText(err)}
	}
	lang := ParseLang(pl.Lang)
	var notes []string
	if late := s.now().Sub(e.CreatedAt); late >= s.out.cfg.LateAfter {
		span := formatSpan(lang, late)
		if late < time.Minute {
			span = T(lang, "out.span_s", int(late.Seconds()))
		}
		notes = append(notes, T(lang, "out.late", e.CreatedAt.UTC().Format("15:04:05")+" UTC", span))
	}
	if replaces > 0 {
		notes = append(notes, T(lang, "out.superseded", replaces, e.GameID))
	}
	if len(notes) > 0 {
		m.Text = strings.Join(notes, "\n") + "\n" + m.Text
	}
	ref, err := s.sendVia(ctx, p, e, m)
	if pl.Reveal != nil && e.UserID != "" {
		if note, done := s.settleReveal(ctx, e, pl, err); done {
			s.revealNote(ctx, e, pl, note)
			if err != nil {
				return storage.OutboxResult{ID: e.ID, Superseded: true}
			}
		}
	}
	if err != nil {
		return s.failure(ctx, e, err, nil)
	}
	if e.UserID != "" {
		s.reached(ctx, e.Platform, e.UserID)
	}
	s.remember(ref, pl.About)
	return storage.OutboxResult{ID: e.ID, Sent: sentRecord(e, ref, pl.About)}
}

// messageOf rebuilds a Message from its payload, drawing a board from the stored
// game: the public view, or the view of the side whose private board it is.
func (s *Service) messageOf(ctx context.Context, pl outPayload) (Message, error) {
	m := Message{Text: pl.Text, Buttons: pl.Buttons, ReplyTo: pl.ReplyTo, ImageName: pl.ImageName, Image: pl.Image, Alt: pl.Alt,
		File: pl.File, FileName: pl.FileName, gif: pl.GIFOf}
	s.drawGIF(ctx, &m, ParseLang(pl.Lang))
	b := pl.Board
	if b == nil {
		return m, nil
	}
	rec, err := s.store.Game(ctx, b.Game)
	if err != nil {
		return m, err
	}
	v, err := s.variant(rec.Variant, rec.Options)
	if err != nil {
		return m, err
	}
	ply := min(b.Ply, len(rec.Moves))
	moves := make([]string, ply)
	for i := range moves {
		moves[i] = rec.Moves[i].Text
	}
	g, err := rules.Replay(v, rec.StartFEN, moves)
	if err != nil {
		return m, fmt.Errorf("replay game %s: %w", rec.ID, err)
	}
	audience := rules.Public
	if b.Side >= 0 {
		audience = rules.AudienceOf(rules.Side(b.Side))
	}
	view := g.Position().View(audience)
	m.Image = s.image(view, ImageOptions{Simplified: b.Simplified, Flip: b.Flip, Labels: b.Labels})
	m.Alt = TextBoard(view)
	m.board = b
	return m, nil
}

// deliveryStatus is what /board says about a chat's undelivered messages: how
// many wait and since when, and those refused for good. Empty when all is well.
func (s *Service) deliveryStatus(ctx context.Context, lang Lang, platform, chatID, gameID string) string {
	es, err := s.store.PendingOutbox(ctx, platform, chatID, gameID)
	if err != nil || len(es) == 0 {
		return ""
	}
	sort.Slice(es, func(i, j int) bool { return es[i].ID < es[j].ID })
	var lines []string
	waiting, failed := 0, 0
	var since time.Time
	for _, e := range es {
		if e.Failed {
			failed++
			continue
		}
		if e.Attempts > 0 {
			waiting++
			if since.IsZero() || e.FirstFail.Before(since) {
				since = e.FirstFail
			}
		}
	}
	if waiting > 0 {
		lines = append(lines, T(lang, "out.status_waiting", waiting, since.UTC().Format("15:04")+" UTC"))
	}
	if failed > 0 {
		lines = append(lines, T(lang, "out.status_failed", failed))
	}
	return strings.Join(lines, "\n")
}
