package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Tick does the timed work due at now: a player out of time loses and the result
// is announced; the player to move of a correspondence game near its deadline is
// reminded (at most twice a day); open challenges older than a week lapse; the
// daily puzzle is posted in subscribed chats whose post time has come. The
// main loop calls it every few seconds with the clock's time, tests with a fake
// one. Deadlines and reminders live in the stored games, so nothing is lost in a
// restart: a deadline that passed while the bot was down is acted on at the first
// Tick. It tries every game, then delivers what is due in the outbox, and
// returns the errors it met, joined.
func (s *Service) Tick(ctx context.Context, now time.Time) error {
	gs, err := s.store.ActiveGames(ctx)
	if err != nil {
		return fmt.Errorf("tick: %w", err)
	}
	var errs []error
	for _, g := range gs {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !tickDue(g, now) {
			continue
		}
		if err := s.tickGame(ctx, g.ID, now); err != nil && !errors.Is(err, storage.ErrConflict) {
			// A conflict means a move landed meanwhile; the next Tick looks again.
			errs = append(errs, fmt.Errorf("tick game %s: %w", g.ID, err))
		}
	}
	if err := s.tickPuzzles(ctx, now); err != nil { // the daily puzzle posts (puzzle.go)
		errs = append(errs, err)
	}
	// What this tick owes goes out now, with whatever else is due (RunOutbox
	// does the same when woken; leases keep the two from sending one twice).
	if _, err := s.DeliverDue(ctx); err != nil {
		errs = append(errs, fmt.Errorf("tick: outbox: %w", err))
	}
	if err := s.pruneSent(ctx, now); err != nil {
		errs = append(errs, fmt.Errorf("tick: %w", err))
	}
	return errors.Join(errs...)
}

// tickDue is the cheap test of whether a game needs tickGame.
func tickDue(g *storage.Game, now time.Time) bool {
	switch g.Status {
	case storage.StatusActive:
		return outOfTime(&g.Clock, now) || reminderDue(&g.Clock, now)
	case storage.StatusOpen:
		return now.Sub(g.CreatedAt) >= challengeTTL
	case storage.StatusSetup:
		return outOfTime(&g.Clock, now)
	}
	return false
}

func (s *Service) tickGame(ctx context.Context, id string, now time.Time) error {
	// What the game owes is collected and sent in order once its lock is let
	// go, as for an event (a request without a replier: all of it goes through
	// the platform).
	c := &collector{}
	ctx = context.WithValue(ctx, outKey{}, c)
	q := &request{s: s, ctx: ctx, chat: &storage.Chat{}, lang: En}
	defer q.flush(c)
	unlock := s.lockGame(id)
	defer unlock()
	l, err := s.load(ctx, id)
	if err != nil {
		return err
	}
	rec := l.rec
	if !tickDue(rec, now) {
		return nil // a move came first
	}
	d := s.chatDisplay(ctx, rec)
	switch {
	case rec.Status == storage.StatusSetup:
		return s.setupTimeout(ctx, l)
	case rec.Status == storage.StatusOpen:
		c := rec.Clone()
		c.Status, c.Reason = storage.StatusAborted, "expired"
		nl, outs, err := s.saveOwing(ctx, l, c, func(nl *loaded) []*pendingOut {
			return []*pendingOut{publicOut(d, nl.rec, Message{Text: T(d.lang, "tick.expired", id)})}
		})
		if err != nil {
			return err
		}
		s.oweAll(ctx, outs)
		_ = s.store.DeleteValue(ctx, invitesBucket, id) // best effort: a stale invite harms nothing
		s.log.Info("challenge lapsed", "game", nl.rec)
	case outOfTime(&rec.Clock, now):
		loser := l.toMove()
		head := T(d.lang, "tick.timeout", id, playerName(d.lang, rec, loser), seatName(d.lang, l, loser))
		view := l.pos().View(rules.Public)
		nl, outs, err := s.saveOwing(ctx, l, timedOut(l), func(nl *loaded) []*pendingOut {
			return []*pendingOut{publicOut(d, nl.rec, s.boardMessageOf(d, nl, view, nil, head+"\n"+resultLine(d.lang, nl), ""))}
		})
		if err != nil {
			return err
		}
		s.oweAll(ctx, outs)
		s.log.Info("game over", "game", nl.rec, "reason", nl.rec.Reason, "at", now)
	default:
		c := rec.Clone()
		c.Clock.LastReminder = now
		c.Clock.RemindersSent++
		toMove := l.toMove()
		_, outs, err := s.saveOwing(ctx, l, c, func(nl *loaded) []*pendingOut {
			return []*pendingOut{publicOut(d, nl.rec, Message{
				Text: T(d.lang, "tick.remind", playerName(d.lang, nl.rec, toMove), id,
					playerName(d.lang, nl.rec, toMove.Other()), formatSpan(d.lang, nl.rec.Clock.Deadline.Sub(now))),
				Buttons: [][]Button{{{Label: T(d.lang, "btn.board"), Data: buttonData("board", id)}}},
			})}
		})
		if err != nil {
			return err
		}
		s.oweAll(ctx, outs)
		s.log.Info("reminder", "game", id, "sent", c.Clock.RemindersSent)
	}
	return nil
}

// timedOut is l's game lost on time by the side to move (Tick, or a move too late).
func timedOut(l *loaded) *storage.Game {
	rec := l.rec.Clone()
	loser := l.toMove()
	out := rules.Win(l.colourOf(loser.Other()), rules.ReasonTimeout)
	rec.Status = storage.StatusFinished
	rec.Result, rec.Reason = out.Result(), string(out.Reason)
	rec.DrawOffer, rec.TakebackRequest = storage.NoSide, storage.NoSide
	if rec.Clock.Control.Kind == storage.KindLive {
		*remaining(&rec.Clock, loser) = 0
	}
	return rec
}

// saveOwing stores rec (l's game changed, at l's version) together with the
// messages owed makes from the stored game, in one transaction, and returns them
// for the event's (or tick's) delivery (oweAll). owed runs inside the store's
// write: it must not read the store or draw (a board's image is drawn at send
// time from its reference). consume (an event's inbox record) is removed in the
// same transaction. The result plays l.game.
func (s *Service) saveOwing(ctx context.Context, l *loaded, rec *storage.Game, owed func(*loaded) []*pendingOut, consume ...storage.ValueRef) (*loaded, []*pendingOut, error) {
	var outs []*pendingOut
	stored, entries, err := s.store.ChangeGame(ctx, storage.GameChange{ID: rec.ID, ExpectVersion: rec.Version, Replace: rec, Consume: consume,
		Outbox: func(g *storage.Game) ([]*storage.OutboxEntry, error) {
			outs = owed(&loaded{rec: g, game: l.game})
			es := make([]*storage.OutboxEntry, len(outs))
			for i, p := range outs {
				if s.out.cfg.Mode == DeliverInline {
					p.entry.Lease = s.ownLease()
				}
				es[i] = p.entry
			}
			return es, nil
		}})
	if err != nil {
		s.forget(rec.ID)
		return nil, nil, err
	}
	for i, p := range outs {
		p.entry, p.stored = entries[i], true
	}
	nl := &loaded{rec: stored, game: l.game}
	s.keep(nl)
	return nl, outs, nil
}

// oweAll hands stored owed messages to the delivery, in order.
func (s *Service) oweAll(ctx context.Context, outs []*pendingOut) {
	for _, p := range outs {
		s.owe(ctx, p)
	}
}

// publicOut is m owed to the chat of game g.
func publicOut(d display, g *storage.Game, m Message) *pendingOut {
	return &pendingOut{m: m, about: g.ID, entry: publicEntry(g, m, d.lang)}
}
