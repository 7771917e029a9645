package bot

import (
	"errors"
	"fmt"
	"github.com/chuhe/chuhe/bot/gameclock"
	"strconv"
	"strings"
	"time"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Answers to offers and confirmations, as words in a command.
type answer int

const (
	answerNone answer = iota
	answerYes
	answerNo
)

func parseAnswer(args []string) (answer, []string) {
	var rest []string
	a := answerNone
	for _, w := range args {
		switch strings.ToLower(w) {
		case "yes", "y", "accept", "ok", "confirm", "agree", "是", "好", "確認", "确认", "同意", "接受":
			a = answerYes
		case "no", "n", "decline", "refuse", "reject", "withdraw", "否", "不", "拒絕", "拒绝", "不同意", "撤回":
			a = answerNo
		case "offer", "request", "提議", "提议", "請求", "请求":
		default:
			rest = append(rest, w)
		}
	}
	return a, rest
}

// ownGame picks an active game of the sender for draw, takeback and resign: the
// #ID (or bare number: /resign 1 yes) given, else, for an answer (yes, no), the
// game where a question waits for the sender (waiting), else the sender's only
// active game here.
func (q *request) ownGame(args []string, waiting func(g *storage.Game, seat int) bool) (*loaded, func(), rules.Side, answer, error) {
	id, rest := splitGameID(args, true)
	ans, _ := parseAnswer(rest)
	if id == "" && ans != answerNone && waiting != nil {
		var err error
		if id, err = q.waitingGame(waiting); err != nil {
			return nil, nil, 0, 0, err
		}
	}
	id, err := q.chooseGame(id, func(g *storage.Game) bool {
		return g.Status == storage.StatusActive && seatOf(g, q.ev.User.ID) >= 0
	}, "err.no_own_game")
	if err != nil {
		return nil, nil, 0, 0, err
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return nil, nil, 0, 0, err
	}
	if err := requireActive(l.rec); err != nil {
		unlock()
		return nil, nil, 0, 0, err
	}
	side, err := q.playerSide(l)
	if err != nil {
		unlock()
		return nil, nil, 0, 0, err
	}
	return l, unlock, side, ans, nil
}

// waitingGame is the game of this chat (of the sender, in a private chat) where
// waiting says a question is open for the sender: "" when there is none, a
// userError listing them when there are several.
func (q *request) waitingGame(waiting func(g *storage.Game, seat int) bool) (string, error) {
	var gs []*storage.Game
	var err error
	if q.ev.Private {
		gs, err = q.s.store.GamesOfUser(q.ctx, q.ev.Platform, q.ev.User.ID, true)
	} else {
		gs, err = q.s.store.GamesInChat(q.ctx, q.ev.Platform, q.ev.ChatID, true)
	}
	if err != nil {
		return "", err
	}
	var ids []string
	for _, g := range gs {
		if seat := seatOf(g, q.ev.User.ID); g.Status == storage.StatusActive && seat >= 0 && waiting(g, seat) {
			ids = append(ids, g.ID)
		}
	}
	switch len(ids) {
	case 0:
		return "", nil // nothing waits: the usual choice
	case 1:
		return ids[0], nil
	}
	return "", oops("err.which_game", hashList(ids), ids[0])
}

// checkButton vets a button that answers a question in a game (Yes, resign;
// Accept the draw): it works only for the player the question concerns. concerned
// lists the sides whose question it is (none: the question is closed, staleKey
// says so). Anyone else is told, privately, whose question it is.
func (q *request) checkButton(args []string, concerned func(l *loaded) []rules.Side, staleKey string) error {
	id, _ := splitGameID(args, true)
	if id == "" {
		return oops("err.stale_button")
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return err
	}
	defer unlock()
	if err := requireActive(l.rec); err != nil {
		return err
	}
	sides := concerned(l)
	if len(sides) == 0 {
		return oops(staleKey, id)
	}
	seat := seatOf(l.rec, q.ev.User.ID)
	for _, s := range sides {
		if int(s) == seat {
			return nil
		}
	}
	return oops("confirm.not_yours", id, playerName(q.lang, l.rec, sides[0]))
}

// A question "Resign game #ID?" is stored until it is answered, so that only its
// asker can answer it by button (and after a restart too), and /resign yes finds
// its game. The key is "ID:SEAT".
const askedBucket = "bot.resign_asked"

type askedResign struct {
	UserID string    `json:"user_id"`
	At     time.Time `json:"at"`
}

func askedKey(id string, seat int) string { return id + ":" + strconv.Itoa(seat) }

// resignAsked reports whether the player of seat in game rec was asked to confirm
// resigning and has not answered.
func (q *request) resignAsked(rec *storage.Game, seat int) bool {
	var a askedResign
	if err := q.s.store.GetValue(q.ctx, askedBucket, askedKey(rec.ID, seat), &a); err != nil {
		if !errors.Is(err, storage.ErrNotFound) {
			q.s.log.Warn("load resign question", "game", rec.ID, "err", err)
		}
		return false
	}
	return a.UserID != "" && a.UserID == rec.Players[seat].UserID
}

func (q *request) forgetResignAsked(id string, seat int) {
	if err := q.s.store.DeleteValue(q.ctx, askedBucket, askedKey(id, seat)); err != nil && !errors.Is(err, storage.ErrNotFound) {
		q.s.log.Warn("delete resign question", "game", id, "err", err)
	}
}

// offerTo lists the side an offer of side from (a stored DrawOffer or
// TakebackRequest) is put to: none without an offer.
func offerTo(from int) []rules.Side {
	if from == storage.NoSide {
		return nil
	}
	return []rules.Side{rules.Side(from).Other()}
}

func (q *request) cmdDraw(args []string) error {
	if q.ev.Button != "" {
		err := q.checkButton(args, func(l *loaded) []rules.Side { return offerTo(l.rec.DrawOffer) }, "err.no_draw_offer")
		if err != nil {
			return err
		}
	}
	l, unlock, me, ans, err := q.ownGame(args, func(g *storage.Game, seat int) bool { return g.DrawOffer != storage.NoSide })
	if err != nil {
		return err
	}
	defer unlock()
	rec := l.rec.Clone()
	id := rec.ID
	v := l.game.Variant()
	them := me.Other()
	if q.ev.Button != "" && rec.DrawOffer != int(them) {
		return oops("err.no_draw_offer", id) // answered meanwhile
	}
	switch {
	case rec.DrawOffer == int(them) && ans != answerNo:
		return q.finish(l, rules.Drawn(rules.ReasonAgreement), q.t("draw.agreed", id))
	case rec.DrawOffer == int(them) && ans == answerNo:
		rec.DrawOffer = storage.NoSide
		return q.announceChange(l, rec, Message{Text: q.t("draw.declined", q.ev.User.Name, id)})
	case ans == answerYes:
		return oops("err.no_draw_offer", id)
	case rec.DrawOffer == int(me) && ans == answerNo:
		rec.DrawOffer = storage.NoSide
		return q.announceChange(l, rec, Message{Text: q.t("draw.withdrawn", q.ev.User.Name, id)})
	case ans == answerNo:
		return oops("err.no_draw_offer", id)
	case rec.DrawOffer == int(me):
		return oops("err.draw_pending", id, playerName(q.lang, rec, them))
	}
	rec.DrawOffer = int(me)
	return q.announceChange(l, rec, Message{
		Text: q.t("draw.offered", q.ev.User.Name, q.sideName(v, me), id, playerName(q.lang, rec, them)),
		Buttons: [][]Button{{
			{Label: q.t("btn.draw_accept"), Data: buttonData("draw", id, "yes")},
			{Label: q.t("btn.draw_decline"), Data: buttonData("draw", id, "no")},
		}},
	})
}

// takebackPlies is how many plies a takeback asked by side s undoes: back to
// before s's last move. 0 when s has not moved.
func takebackPlies(rec *storage.Game, s rules.Side) int {
	for i := len(rec.Moves) - 1; i >= 0; i-- {
		if rec.Moves[i].Side == int(s) {
			return len(rec.Moves) - i
		}
	}
	return 0
}

func (q *request) cmdTakeback(args []string) error {
	if q.ev.Button != "" {
		err := q.checkButton(args, func(l *loaded) []rules.Side { return offerTo(l.rec.TakebackRequest) }, "err.no_takeback")
		if err != nil {
			return err
		}
	}
	l, unlock, me, ans, err := q.ownGame(args, func(g *storage.Game, seat int) bool { return g.TakebackRequest != storage.NoSide })
	if err != nil {
		return err
	}
	defer unlock()
	rec := l.rec.Clone()
	id := rec.ID
	them := me.Other()
	if q.ev.Button != "" && rec.TakebackRequest != int(them) {
		return oops("err.no_takeback", id) // answered meanwhile
	}
	switch {
	case rec.TakebackRequest == int(them) && ans != answerNo:
		return q.takeBack(l, them)
	case rec.TakebackRequest == int(them) && ans == answerNo:
		rec.TakebackRequest = storage.NoSide
		return q.announceChange(l, rec, Message{Text: q.t("takeback.declined", q.ev.User.Name, id)})
	case ans == answerYes || (ans == answerNo && rec.TakebackRequest != int(me)):
		return oops("err.no_takeback", id)
	case ans == answerNo:
		rec.TakebackRequest = storage.NoSide
		return q.announceChange(l, rec, Message{Text: q.t("takeback.withdrawn", q.ev.User.Name, id)})
	case rec.TakebackRequest == int(me):
		return oops("err.takeback_pending", id, playerName(q.lang, rec, them))
	}
	if takebackPlies(rec, me) == 0 {
		return oops("err.takeback_nothing", id)
	}
	rec.TakebackRequest = int(me)
	return q.announceChange(l, rec, Message{
		Text: q.t("takeback.asked", q.ev.User.Name, id, playerName(q.lang, rec, them)),
		Buttons: [][]Button{{
			{Label: q.t("btn.takeback_accept"), Data: buttonData("takeback", id, "yes")},
			{Label: q.t("btn.takeback_decline"), Data: buttonData("takeback", id, "no")},
		}},
	})
}

// takeBack undoes the moves a takeback asked by side asker covers and posts the
// board.
func (q *request) takeBack(l *loaded, asker rules.Side) error {
	rec := l.rec.Clone()
	id := rec.ID
	n := takebackPlies(rec, asker)
	if n == 0 {
		return oops("err.takeback_nothing", id)
	}
	for i := 0; i < n; i++ {
		if err := l.game.Undo(); err != nil {
			q.s.forget(id)
			return err
		}
	}
	rec.Moves = rec.Moves[:len(rec.Moves)-n]
	rec.TakebackRequest, rec.DrawOffer = storage.NoSide, storage.NoSide
	gameclock.Resume(&rec.Clock, q.s.now(), l.toMove())
	head, last := q.t("takeback.done", id, n), q.s.lastMove(q.display(), l)
	cd := q.s.chatDisplay(q.ctx, rec)
	// (A failed write forgets the cache, whose game is now behind.)
	if _, err := q.change(l, rec, func(nl *loaded) []*pendingOut {
		return append([]*pendingOut{q.boardOut(nl, head, last)}, q.s.privateBoardsOf(cd, nl, false)...)
	}); err != nil {
		return err
	}
	q.s.log.Info("takeback", "game", id, "plies", n)
	return nil
}

func (q *request) cmdResign(args []string) error {
	if q.ev.Button != "" {
		err := q.checkButton(args, func(l *loaded) []rules.Side {
			var sides []rules.Side
			for seat := 0; seat < 2; seat++ {
				if q.resignAsked(l.rec, seat) {
					sides = append(sides, rules.Side(seat))
				}
			}
			return sides
		}, "err.resign_not_asked")
		if err != nil {
			return err
		}
	}
	l, unlock, me, ans, err := q.ownGame(args, func(g *storage.Game, seat int) bool { return q.resignAsked(g, seat) })
	if err != nil {
		return err
	}
	defer unlock()
	id := l.rec.ID
	switch ans {
	case answerNo:
		q.forgetResignAsked(id, int(me))
		q.say("resign.kept", id)
		return nil
	case answerNone:
		if err := q.s.store.PutValue(q.ctx, askedBucket, askedKey(id, int(me)), askedResign{UserID: q.ev.User.ID, At: q.s.now()}); err != nil {
			return fmt.Errorf("store resign question: %w", err)
		}
		q.reply(Message{
			Text: q.t("resign.confirm", id, playerName(q.lang, l.rec, me.Other())),
			Buttons: [][]Button{{
				{Label: q.t("btn.resign_yes"), Data: buttonData("resign", id, "yes")},
				{Label: q.t("btn.resign_no"), Data: buttonData("resign", id, "no")},
			}},
		})
		return nil
	}
	if q.ev.Button != "" && !q.resignAsked(l.rec, int(me)) {
		return oops("err.resign_not_asked", id) // answered meanwhile
	}
	if err := q.finish(l, rules.Win(l.colourOf(me.Other()), rules.ReasonResignation), q.t("resign.done", q.ev.User.Name, id)); err != nil {
		return err
	}
	for seat := 0; seat < 2; seat++ {
		q.forgetResignAsked(id, seat)
	}
	return nil
}

// abortBucket holds the open question "Abort game #ID?" of a game that has moves
// (key: the game id), so that only the one who asked can answer it.
const abortBucket = "bot.abort_asked"

type askedAbort struct {
	UserID string    `json:"user_id"`
	Name   string    `json:"name"`
	At     time.Time `json:"at"`
}

func (q *request) abortAsked(id string) (askedAbort, bool) {
	var a askedAbort
	if err := q.s.store.GetValue(q.ctx, abortBucket, id, &a); err != nil {
		if !errors.Is(err, storage.ErrNotFound) {
			q.s.log.Warn("load abort question", "game", id, "err", err)
		}
		return a, false
	}
	return a, a.UserID != ""
}

func (q *request) forgetAbortAsked(id string) {
	if err := q.s.store.DeleteValue(q.ctx, abortBucket, id); err != nil && !errors.Is(err, storage.ErrNotFound) {
		q.s.log.Warn("delete abort question", "game", id, "err", err)
	}
}

// cmdAbort ends a game without a result. A game with moves (only an admin may
// abort it) is aborted after a confirmation, by button or /abort yes; before the
// first move it is aborted at once.
func (q *request) cmdAbort(args []string) error {
	id, rest := splitGameID(args, true)
	ans, _ := parseAnswer(rest)
	if id == "" && ans != answerNone && q.ev.Button == "" {
		// /abort yes: the game the question waits in, if there is one.
		if gs, err := q.s.store.GamesInChat(q.ctx, q.ev.Platform, q.ev.ChatID, true); err == nil {
			for _, g := range gs {
				if a, ok := q.abortAsked(g.ID); ok && a.UserID == q.ev.User.ID && g.Status.Live() {
					id = g.ID
					break
				}
			}
		}
	}
	id, err := q.chooseGame(id, func(g *storage.Game) bool {
		return g.Status.Live() && (q.ev.Admin || seatOf(g, q.ev.User.ID) >= 0 && len(g.Moves) == 0)
	}, "err.no_abortable")
	if err != nil {
		return err
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return err
	}
	defer unlock()
	rec := l.rec.Clone()
	if !rec.Status.Live() {
		return oops("err.game_over", id)
	}
	if q.ev.Button != "" {
		a, ok := q.abortAsked(id)
		switch {
		case !ok:
			return oops("err.abort_not_asked", id)
		case a.UserID != q.ev.User.ID:
			return oops("confirm.not_yours", id, a.Name)
		}
	}
	if !q.ev.Admin && !(seatOf(rec, q.ev.User.ID) >= 0 && len(rec.Moves) == 0) {
		return oops("err.abort_denied", id)
	}
	switch {
	case ans == answerNo:
		q.forgetAbortAsked(id)
		q.say("abort.kept", id)
		return nil
	case ans == answerNone && len(rec.Moves) > 0:
		a := askedAbort{UserID: q.ev.User.ID, Name: q.ev.User.Name, At: q.s.now()}
		if err := q.s.store.PutValue(q.ctx, abortBucket, id, a); err != nil {
			return fmt.Errorf("store abort question: %w", err)
		}
		q.reply(Message{
			Text: q.t("abort.confirm", id, len(rec.Moves)),
			Buttons: [][]Button{{
				{Label: q.t("btn.abort_yes"), Data: buttonData("abort", id, "yes")},
				{Label: q.t("btn.abort_no"), Data: buttonData("abort", id, "no")},
			}},
		})
		return nil
	}
	rec.Status, rec.Reason = storage.StatusAborted, string(rules.ReasonAborted)
	rec.Clock.Deadline = time.Time{}
	text := q.t("abort.done", id, q.ev.User.Name)
	if d := disclosure(q.lang, l); d != "" {
		text += "\n" + d
	}
	if err := q.announceChange(l, rec, Message{Text: text}); err != nil {
		return err
	}
	_ = q.s.store.DeleteValue(q.ctx, invitesBucket, id) // an aborted challenge's invitation
	q.forgetAbortAsked(id)
	q.s.log.Info("game aborted", "game", rec.ID)
	return nil
}
