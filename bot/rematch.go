package bot

import (
	"errors"
	"fmt"
	"time"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Rematch (issue 23). The board of a finished game between two people has a
// Rematch button (an inline button on Telegram, a component on Discord,
// "[rematch:ID]" or /rematch on the console). The first player to press it
// offers; when the other presses it too, a new game begins: the same variant,
// options, time control and rated choice, a fresh deal where the variant
// deals, colours swapped. /rematch no withdraws or declines the offer.

// rematchBucket holds the pending offers: the finished game's id -> offer.
const rematchBucket = "bot.rematch"

type rematchOffer struct {
	Seat int       `json:"seat"` // who offered, as a seat of the finished game
	At   time.Time `json:"at"`
}

// rematchable reports whether a game's board offers a rematch: finished,
// between two people.
func rematchable(rec *storage.Game) bool {
	return rec.Status == storage.StatusFinished && rec.Players[0].Level == 0 && rec.Players[1].Level == 0 &&
		rec.Players[0].UserID != "" && rec.Players[1].UserID != ""
}

// rematchButtons is the Rematch button under a finished game's board.
func rematchButtons(lang Lang, rec *storage.Game) [][]Button {
	if !rematchable(rec) {
		return nil
	}
	return [][]Button{{{Label: T(lang, "btn.rematch"), Data: buttonData("rematch", rec.ID)}}}
}

// cmdRematch offers, accepts or declines a rematch: /rematch [#ID] [no].
func (q *request) cmdRematch(args []string) error {
	id, rest := splitGameID(args, true)
	ans, _ := parseAnswer(rest)
	if id == "" {
		// The sender's latest finished game in this chat.
		gs, err := q.s.store.GamesInChat(q.ctx, q.ev.Platform, q.ev.ChatID, false)
		if err != nil {
			return err
		}
		sortGames(gs)
		for i := len(gs) - 1; i >= 0 && id == ""; i-- {
			if rematchable(gs[i]) && seatOf(gs[i], q.ev.User.ID) >= 0 {
				id = gs[i].ID
			}
		}
		if id == "" {
			return oops("err.rematch_none")
		}
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return err
	}
	old := l.rec
	v := l.game.Variant()
	unlock() // the old game is not written; the new one is another game
	seat := seatOf(old, q.ev.User.ID)
	switch {
	case seat < 0:
		return oops("err.not_player", id)
	case old.Status != storage.StatusFinished:
		return oops("err.rematch_not_over", id)
	case !rematchable(old):
		return oops("err.rematch_bot", q.s.botName)
	}
	other := playerName(q.lang, old, rules.Side(1-seat))
	var offer rematchOffer
	err = q.s.store.GetValue(q.ctx, rematchBucket, id, &offer)
	pending := err == nil
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return fmt.Errorf("rematch offer of %s: %w", id, err)
	}
	if ans == answerNo {
		if !pending {
			return oops("err.rematch_none_pending", id)
		}
		if err := q.s.store.DeleteValue(q.ctx, rematchBucket, id); err != nil {
			return fmt.Errorf("rematch offer of %s: %w", id, err)
		}
		q.say("rematch.declined", q.ev.User.Name, id)
		return nil
	}
	if !pending || offer.Seat == seat {
		if err := q.s.store.PutValue(q.ctx, rematchBucket, id, rematchOffer{Seat: seat, At: q.s.now()}); err != nil {
			return fmt.Errorf("rematch offer of %s: %w", id, err)
		}
		q.reply(Message{Text: q.t("rematch.offer", q.ev.User.Name, id, other), Buttons: [][]Button{{
			{Label: q.t("btn.rematch"), Data: buttonData("rematch", id)},
			{Label: q.t("btn.decline"), Data: buttonData("rematch", id, "no")},
		}}})
		return nil
	}
	// Both want it: the new game, colours swapped, is made as a challenge of
	// the one who offered to this player, who accepts it at once (cmdAccept
	// starts it, with its setup where the variant has one).
	rec := &storage.Game{
		Platform: old.Platform, ChatID: old.ChatID, Variant: old.Variant, Options: old.Options,
		Status: storage.StatusOpen, Clock: storage.Clock{Control: old.Clock.Control}, Rated: old.Rated,
		DrawOffer: storage.NoSide, TakebackRequest: storage.NoSide,
		Players: [2]storage.Player{old.Players[1], old.Players[0]},
	}
	if v.Deals() {
		dealt, err := q.s.deal(v, "")
		if err != nil {
			return fmt.Errorf("deal a rematch of %s: %w", id, err)
		}
		rec.StartFEN, rec.Secrets = dealt, storage.Secrets{saltKey: q.s.salt()}
	} else if !v.HasSetup() {
		// A start given at /new is the match's. A game with a setup stored
		// its players' secret choices in its start: the rematch begins from
		// the variant's start, and they choose again.
		rec.StartFEN = old.StartFEN
	}
	mine := seatOf(rec, q.ev.User.ID)
	rec.Players[mine] = storage.Player{Name: q.ev.User.Name}
	if err := q.s.store.CreateGame(q.ctx, rec); err != nil {
		return fmt.Errorf("create rematch of %s: %w", id, err)
	}
	if err := q.s.store.PutValue(q.ctx, invitesBucket, rec.ID, invite{UserID: q.ev.User.ID, Name: q.ev.User.Name}); err != nil {
		return fmt.Errorf("rematch %s: %w", rec.ID, err)
	}
	if err := q.s.store.DeleteValue(q.ctx, rematchBucket, id); err != nil {
		q.s.log.Warn("delete rematch offer", "game", id, "err", err)
	}
	q.say("rematch.agreed", id, rec.ID)
	return q.cmdAccept([]string{"#" + rec.ID})
}
