package bot

import (
	"context"
	"errors"
	"fmt"
	"github.com/chuhe/chuhe/bot/gameclock"
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
// Tick. Every write of a game stores when it next needs the scheduler
// (Game.Wake, see wakeAt), and Tick reads only the games whose time has come
// (Store.DueGames): its cost follows what is due, not how many games are live.
// A game against the bot whose reply is owed is due at once (wakeAt), so a
// reply lost to a restart is queued for the engine (engine.go) at the first Tick.
// Several processes may tick one database: the version check of each write
// lets one of them act on a game and turns the others' attempts into
// conflicts, so a reminder or a timeout is announced once. Then it delivers
// what is due in the outbox, and returns the errors it met, joined.
func (s *Service) Tick(ctx context.Context, now time.Time) error {
	gs, err := s.store.DueGames(ctx, now, tickBatch)
	if err != nil {
		return fmt.Errorf("tick: %w", err)
	}
	var errs []error
	for _, g := range gs {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if botSeat(g) >= 0 && g.Status == storage.StatusActive {
			// A reply of the engine not played yet (a restart while it searched)
			// is found from the stored game: its turn, or a question to answer.
			if side, err := s.sideToMove(ctx, g); err == nil && engineOwes(g, side) {
				s.ai.Add(g.ID)
			}
		}
		if !tickDue(g, now) {
			// Stored by an older version (or under another policy): store the
			// wake time this one computes, so that it is not read every tick.
			if err := s.rewake(ctx, g); err != nil && !errors.Is(err, storage.ErrConflict) {
				errs = append(errs, fmt.Errorf("tick game %s: %w", g.ID, err))
			}
			continue
		}
		if err := s.tickGame(ctx, g.ID, now); err != nil && !errors.Is(err, storage.ErrConflict) {
			// A conflict means a move (or another process) came first; the next
			// Tick looks again.
			errs = append(errs, fmt.Errorf("tick game %s: %w", g.ID, err))
		}
	}
	if err := s.tickPuzzles(ctx, now); err != nil { // the daily puzzle posts (puzzle.go)
		errs = append(errs, err)
	}
	if err := s.queueReviews(ctx); err != nil { // reviews a restart interrupted (review.go)
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

// tickBatch bounds the games one Tick acts on; the rest are due at the next.
const tickBatch = 512

// rewake stores g's wake time as wakeAt computes it, if it differs.
func (s *Service) rewake(ctx context.Context, g *storage.Game) error {
	if wakeAt(g).Equal(g.Wake) {
		return nil
	}
	unlock := s.lockGame(g.ID)
	defer unlock()
	_, _, err := s.store.ChangeGame(ctx, storage.GameChange{ID: g.ID, ExpectVersion: g.Version,
		Mutate: func(*storage.Game) error { return nil }}) // wakeStore sets the time
	s.forget(g.ID)
	return err
}

// wakeAt is the first time at which tickDue(g, t) holds, or zero if it never
// will without another write: the lapse of an open challenge, the deadline of
// a setup or a move, the next reminder of a correspondence game; and for a game
// against the bot where its opponent acted last, the time of that act, so the
// engine's reply is found again after a restart.
func wakeAt(g *storage.Game) time.Time {
	t := clockWake(g)
	if at, ok := engineWake(g); ok && (t.IsZero() || at.Before(t)) {
		return at
	}
	return t
}

// engineWake is when a game against the bot started to wait for the engine:
// the human's last move, or the start when the bot moves first, or the last
// move before the human's pending offer. It reads the stored record only (no
// replay), so for a variant with two-part turns it may wake a game whose
// human is mid-turn; Tick then finds that the engine owes nothing.
func engineWake(g *storage.Game) (time.Time, bool) {
	seat := botSeat(g)
	if seat < 0 || g.Status != storage.StatusActive {
		return time.Time{}, false
	}
	last := g.CreatedAt
	lastSide := storage.Black // no move yet: Red moves first
	if n := len(g.Moves); n > 0 {
		last, lastSide = g.Moves[n-1].At, g.Moves[n-1].Side
	}
	human := 1 - seat
	if lastSide == human || g.DrawOffer == human || g.TakebackRequest == human {
		return last, true
	}
	return time.Time{}, false
}

// clockWake is wakeAt for the clock and the challenge alone.
func clockWake(g *storage.Game) time.Time {
	c := &g.Clock
	switch g.Status {
	case storage.StatusOpen:
		return g.CreatedAt.Add(challengeTTL)
	case storage.StatusSetup:
		return c.Deadline
	case storage.StatusActive:
		if c.Control.Kind != storage.KindCorrespondence || c.Deadline.IsZero() {
			return c.Deadline
		}
		remind := c.Deadline.Add(-min(24*time.Hour, c.Control.PerMove/2))
		if !c.LastReminder.IsZero() && c.LastReminder.Add(gameclock.ReminderGap).After(remind) {
			remind = c.LastReminder.Add(gameclock.ReminderGap)
		}
		if remind.Before(c.Deadline) {
			return remind
		}
		return c.Deadline
	}
	return time.Time{}
}

// wakeStore is the service's store: every game it writes carries its wake time
// (wakeAt of the game as written), which the store indexes for DueGames, and
// every chat the time of its next puzzle post (chatWakeAt, for DueChats).
type wakeStore struct {
	storage.Store
	now func() time.Time
}

// chatWakeAt is when the daily puzzle of c is next due, as of now: zero when
// it is not subscribed (or its schedule does not parse: /puzzle says why).
func chatWakeAt(c *storage.Chat, now time.Time) time.Time {
	if !c.PuzzleSubscribed {
		return time.Time{}
	}
	next, err := subscriptionOf(c).Next(now)
	if err != nil {
		return time.Time{}
	}
	return next.UTC()
}

func (w wakeStore) PutChat(ctx context.Context, c *storage.Chat) error {
	c.Wake = chatWakeAt(c, w.now())
	return w.Store.PutChat(ctx, c)
}

func (w wakeStore) UpdateChat(ctx context.Context, platform, chatID string, fn func(*storage.Chat) error) (*storage.Chat, error) {
	return w.Store.UpdateChat(ctx, platform, chatID, func(c *storage.Chat) error {
		if err := fn(c); err != nil {
			return err
		}
		c.Wake = chatWakeAt(c, w.now())
		return nil
	})
}

// rewakeChat stores c's wake time as chatWakeAt computes it, if it differs
// (a chat stored by an older version, or whose post waits for its platform).
func (s *Service) rewakeChat(ctx context.Context, c *storage.Chat, now time.Time) error {
	if chatWakeAt(c, now).Equal(c.Wake) {
		return nil
	}
	_, err := s.store.UpdateChat(ctx, c.Platform, c.ChatID, func(*storage.Chat) error { return nil })
	return err
}

func woken(g *storage.Game) *storage.Game {
	g.Wake = wakeAt(g)
	return g
}

// created gives a game about to be created its creation time, which the wake
// time of a challenge is counted from. Left to the store, it would be stamped
// after the wake time was computed (from a zero time): the new challenge was
// due at once, and the next tick of any process rewrote it, so that an Accept
// pressed meanwhile in another process failed as "changed meanwhile"
// (TestShardsOnOneDatabase).
func (w wakeStore) created(g *storage.Game) *storage.Game {
	if g.ID == "" && g.CreatedAt.IsZero() {
		g.CreatedAt = w.now().UTC()
	}
	return g
}

func (w wakeStore) CreateGame(ctx context.Context, g *storage.Game) error {
	woken(w.created(g))
	return w.Store.CreateGame(ctx, g)
}

func (w wakeStore) UpdateGame(ctx context.Context, g *storage.Game) error {
	woken(g)
	return w.Store.UpdateGame(ctx, g)
}

func (w wakeStore) AppendMove(ctx context.Context, id string, v uint64, mv storage.MoveRecord, mutate func(*storage.Game) error) (*storage.Game, error) {
	return w.Store.AppendMove(ctx, id, v, mv, func(g *storage.Game) error {
		if mutate != nil {
			if err := mutate(g); err != nil {
				return err
			}
		}
		woken(g)
		return nil
	})
}

func (w wakeStore) ChangeGame(ctx context.Context, c storage.GameChange) (*storage.Game, []*storage.OutboxEntry, error) {
	if c.Replace != nil {
		c.Replace = woken(w.created(c.Replace.Clone()))
	} else {
		mutate := c.Mutate
		c.Mutate = func(g *storage.Game) error {
			if mutate != nil {
				if err := mutate(g); err != nil {
					return err
				}
			}
			woken(g)
			return nil
		}
	}
	return w.Store.ChangeGame(ctx, c)
}

// tickDue is the cheap test of whether a game needs tickGame.
func tickDue(g *storage.Game, now time.Time) bool {
	switch g.Status {
	case storage.StatusActive:
		return gameclock.OutOfTime(&g.Clock, now) || gameclock.ReminderDue(&g.Clock, now)
	case storage.StatusOpen:
		return now.Sub(g.CreatedAt) >= challengeTTL
	case storage.StatusSetup:
		return gameclock.OutOfTime(&g.Clock, now)
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
	case gameclock.OutOfTime(&rec.Clock, now):
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
		*gameclock.Remaining(&rec.Clock, loser) = 0
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
	// A write that ends the game changes the ratings and may owe its GIF
	// (ratings.go, gif.go).
	rate, gr := s.rateChange(ctx, l, rec)
	var anim func(*storage.Game, *Message)
	if l.rec.Status == storage.StatusActive {
		anim = s.endGIF(ctx, rec)
	}
	stored, entries, err := s.store.ChangeGame(ctx, storage.GameChange{ID: rec.ID, ExpectVersion: rec.Version, Replace: rec, Consume: consume, Rate: rate,
		Outbox: func(g *storage.Game) ([]*storage.OutboxEntry, error) {
			outs = owed(&loaded{rec: g, game: l.game, rating: gr})
			withGIF(anim, g, outs)
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
