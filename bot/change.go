package bot

import (
	"github.com/chuhe/chuhe/bot/inbox"
	"time"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// A game change: one ChangeGame with the messages it owes, and the end of a
// game with its announcement.

// finish ends an active game by a decision off the board (agreement, resignation)
// and announces the result with the final board.
func (q *request) finish(l *loaded, out rules.Outcome, head string) error {
	rec := l.rec.Clone()
	rec.Status = storage.StatusFinished
	rec.Result, rec.Reason = out.Result(), string(out.Reason)
	rec.DrawOffer, rec.TakebackRequest = storage.NoSide, storage.NoSide
	rec.Clock.Deadline = time.Time{}
	last := q.s.lastMove(q.display(), l)
	nl, err := q.change(l, rec, func(nl *loaded) []*pendingOut {
		return []*pendingOut{q.boardOut(nl, head+"\n"+resultLine(q.lang, nl), last)}
	})
	if err != nil {
		return err
	}
	q.s.log.Info("game over", "game", nl.rec, "reason", nl.rec.Reason)
	return nil
}

// announcement is m owed to the game's chat: as a reply when the event came
// from there, else through the platform (a command sent privately about a group
// game). It reads nothing, for use inside a store write (change).
func (q *request) announcement(rec *storage.Game, m Message) *pendingOut {
	if rec.ChatID == q.ev.ChatID && m.ReplyTo == "" {
		m.ReplyTo = q.ev.MessageID
	}
	return &pendingOut{m: m, about: rec.ID, entry: publicEntry(rec, m, q.lang)}
}

// consumed is the event's inbox record, for the game write that handles the
// event to remove in its transaction.
func (q *request) consumed() []storage.ValueRef {
	if q.ev.Inbound == "" {
		return nil
	}
	return []storage.ValueRef{inbox.Consumed(q.ev.Inbound)}
}

// change writes rec, a changed copy of l's record, with the version check and
// with what owed (may be nil) makes of the stored game (announcements, boards,
// private messages) in one transaction that also removes the event's inbox
// record: a crash after the write loses none of them, and the event is not
// handled again. They are then handed to the event's delivery. A failed write
// is turned into a reply (writeFailed). The caller holds the game's lock.
func (q *request) change(l *loaded, rec *storage.Game, owed func(nl *loaded) []*pendingOut) (*loaded, error) {
	if owed == nil {
		owed = func(*loaded) []*pendingOut { return nil }
	}
	nl, outs, err := q.s.saveOwing(q.ctx, l, rec, owed, q.consumed()...)
	if err != nil {
		return nil, q.writeFailed(rec.ID, err)
	}
	q.s.oweAll(q.ctx, outs)
	for _, p := range outs {
		if p.entry.ChatID != "" && rec.ChatID != q.ev.ChatID {
			q.say("done.posted", rec.ID)
			break
		}
	}
	return nl, nil
}

// announceChange is change owing one announcement m.
func (q *request) announceChange(l *loaded, rec *storage.Game, m Message) error {
	_, err := q.change(l, rec, func(nl *loaded) []*pendingOut {
		return []*pendingOut{q.announcement(nl.rec, m)}
	})
	return err
}
