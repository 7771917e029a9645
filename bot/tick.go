package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

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
		if err := s.store.UpdateGame(ctx, c); err != nil {
			return err
		}
		_ = s.store.DeleteValue(ctx, invitesBucket, id) // best effort: a stale invite harms nothing
		s.log.Info("challenge lapsed", "game", c)
		s.notify(ctx, c, Message{Text: T(d.lang, "tick.expired", id)})
	case outOfTime(&rec.Clock, now):
		loser := l.toMove()
		nl, err := s.endOnTime(ctx, l, now)
		if err != nil {
			return err
		}
		head := T(d.lang, "tick.timeout", id, playerName(d.lang, rec, loser), sideName(d.lang, l.game.Variant(), loser))
		s.notify(ctx, nl.rec, s.boardMessage(d, nl, head+"\n"+resultLine(d.lang, nl), ""))
	default:
		c := rec.Clone()
		c.Clock.LastReminder = now
		c.Clock.RemindersSent++
		if err := s.store.UpdateGame(ctx, c); err != nil {
			return err
		}
		s.keep(&loaded{rec: c, game: l.game})
		toMove := l.toMove()
		s.log.Info("reminder", "game", id, "sent", c.Clock.RemindersSent)
		s.notify(ctx, c, Message{
			Text: T(d.lang, "tick.remind", playerName(d.lang, c, toMove), id,
				playerName(d.lang, c, toMove.Other()), formatSpan(d.lang, c.Clock.Deadline.Sub(now))),
			Buttons: [][]Button{{{Label: T(d.lang, "btn.board"), Data: buttonData("board", id)}}},
		})
	}
	return nil
}

// notify owes m to a game's chat: the outbox posts it through the game's
// platform (when that platform runs; else it waits for it).
func (s *Service) notify(ctx context.Context, rec *storage.Game, m Message) {
	d := s.chatDisplay(ctx, rec)
	s.owe(ctx, &pendingOut{m: m, about: rec.ID, entry: publicEntry(rec, m, d.lang)})
}
