package bot

import (
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

// ownGame picks an active game of the sender for draw, takeback and resign.
func (q *request) ownGame(args []string) (*loaded, func(), rules.Side, answer, error) {
	id, rest := splitGameID(args, false)
	ans, _ := parseAnswer(rest)
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

func (q *request) cmdDraw(args []string) error {
	l, unlock, me, ans, err := q.ownGame(args)
	if err != nil {
		return err
	}
	defer unlock()
	rec := l.rec.Clone()
	id := rec.ID
	v := l.game.Variant()
	them := me.Other()
	switch {
	case rec.DrawOffer == int(them) && ans != answerNo:
		return q.finish(l, rules.Drawn(rules.ReasonAgreement), q.t("draw.agreed", id))
	case rec.DrawOffer == int(them) && ans == answerNo:
		rec.DrawOffer = storage.NoSide
		if err := q.save(l, rec); err != nil {
			return err
		}
		q.announce(rec, Message{Text: q.t("draw.declined", q.ev.User.Name, id)})
		return nil
	case ans == answerYes:
		return oops("err.no_draw_offer", id)
	case rec.DrawOffer == int(me) && ans == answerNo:
		rec.DrawOffer = storage.NoSide
		if err := q.save(l, rec); err != nil {
			return err
		}
		q.announce(rec, Message{Text: q.t("draw.withdrawn", q.ev.User.Name, id)})
		return nil
	case ans == answerNo:
		return oops("err.no_draw_offer", id)
	case rec.DrawOffer == int(me):
		return oops("err.draw_pending", id, playerName(q.lang, rec, them))
	}
	rec.DrawOffer = int(me)
	if err := q.save(l, rec); err != nil {
		return err
	}
	q.announce(rec, Message{
		Text: q.t("draw.offered", q.ev.User.Name, q.sideName(v, me), id, playerName(q.lang, rec, them)),
		Buttons: [][]Button{{
			{Label: q.t("btn.draw_accept"), Data: buttonData("draw", id, "yes")},
			{Label: q.t("btn.draw_decline"), Data: buttonData("draw", id, "no")},
		}},
	})
	return nil
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
	l, unlock, me, ans, err := q.ownGame(args)
	if err != nil {
		return err
	}
	defer unlock()
	rec := l.rec.Clone()
	id := rec.ID
	them := me.Other()
	switch {
	case rec.TakebackRequest == int(them) && ans != answerNo:
		return q.takeBack(l, them)
	case rec.TakebackRequest == int(them) && ans == answerNo:
		rec.TakebackRequest = storage.NoSide
		if err := q.save(l, rec); err != nil {
			return err
		}
		q.announce(rec, Message{Text: q.t("takeback.declined", q.ev.User.Name, id)})
		return nil
	case ans == answerYes || (ans == answerNo && rec.TakebackRequest != int(me)):
		return oops("err.no_takeback", id)
	case ans == answerNo:
		rec.TakebackRequest = storage.NoSide
		if err := q.save(l, rec); err != nil {
			return err
		}
		q.announce(rec, Message{Text: q.t("takeback.withdrawn", q.ev.User.Name, id)})
		return nil
	case rec.TakebackRequest == int(me):
		return oops("err.takeback_pending", id, playerName(q.lang, rec, them))
	}
	if takebackPlies(rec, me) == 0 {
		return oops("err.takeback_nothing", id)
	}
	rec.TakebackRequest = int(me)
	if err := q.save(l, rec); err != nil {
		return err
	}
	q.announce(rec, Message{
		Text: q.t("takeback.asked", q.ev.User.Name, id, playerName(q.lang, rec, them)),
		Buttons: [][]Button{{
			{Label: q.t("btn.takeback_accept"), Data: buttonData("takeback", id, "yes")},
			{Label: q.t("btn.takeback_decline"), Data: buttonData("takeback", id, "no")},
		}},
	})
	return nil
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
	resumeClock(&rec.Clock, q.s.now(), l.toMove())
	if err := q.s.store.UpdateGame(q.ctx, rec); err != nil {
		return q.writeFailed(id, err) // forgets the cache, whose game is now behind
	}
	nl := &loaded{rec: rec, game: l.game}
	q.s.keep(nl)
	q.s.log.Info("takeback", "game", id, "plies", n)
	q.postBoard(nl, q.t("takeback.done", id, n))
	q.s.sendPrivateBoards(q.ctx, nl, nil, "")
	return nil
}

func (q *request) cmdResign(args []string) error {
	l, unlock, me, ans, err := q.ownGame(args)
	if err != nil {
		return err
	}
	defer unlock()
	id := l.rec.ID
	switch ans {
	case answerNo:
		q.say("resign.kept", id)
		return nil
	case answerNone:
		q.reply(Message{
			Text: q.t("resign.confirm", id, playerName(q.lang, l.rec, me.Other())),
			Buttons: [][]Button{{
				{Label: q.t("btn.resign_yes"), Data: buttonData("resign", id, "yes")},
				{Label: q.t("btn.resign_no"), Data: buttonData("resign", id, "no")},
			}},
		})
		return nil
	}
	return q.finish(l, rules.Win(me.Other(), rules.ReasonResignation), q.t("resign.done", q.ev.User.Name, id))
}

func (q *request) cmdAbort(args []string) error {
	id, _ := splitGameID(args, true)
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
	if !q.ev.Admin && !(seatOf(rec, q.ev.User.ID) >= 0 && len(rec.Moves) == 0) {
		return oops("err.abort_denied", id)
	}
	rec.Status, rec.Reason = storage.StatusAborted, string(rules.ReasonAborted)
	rec.Clock.Deadline = time.Time{}
	if err := q.save(l, rec); err != nil {
		return err
	}
	_ = q.s.store.DeleteValue(q.ctx, invitesBucket, id) // an aborted challenge's invitation
	q.s.log.Info("game aborted", "game", rec)
	text := q.t("abort.done", id, q.ev.User.Name)
	if d := disclosure(q.lang, l); d != "" {
		text += "\n" + d
	}
	q.announce(rec, Message{Text: text})
	return nil
}

// finish ends an active game by a decision off the board (agreement, resignation)
// and announces the result with the final board.
func (q *request) finish(l *loaded, out rules.Outcome, head string) error {
	rec := l.rec.Clone()
	rec.Status = storage.StatusFinished
	rec.Result, rec.Reason = out.Result(), string(out.Reason)
	rec.DrawOffer, rec.TakebackRequest = storage.NoSide, storage.NoSide
	rec.Clock.Deadline = time.Time{}
	if err := q.s.store.UpdateGame(q.ctx, rec); err != nil {
		return q.writeFailed(rec.ID, err)
	}
	nl := &loaded{rec: rec, game: l.game}
	q.s.keep(nl)
	q.s.log.Info("game over", "game", rec, "reason", rec.Reason)
	q.postBoard(nl, head+"\n"+resultLine(q.lang, nl))
	return nil
}

// announce posts m in the game's chat: as a reply when the event came from there,
// else through the platform (a command sent privately about a group game).
func (q *request) announce(rec *storage.Game, m Message) {
	if rec.ChatID == q.ev.ChatID && m.ReplyTo == "" {
		m.ReplyTo = q.ev.MessageID
	}
	q.s.owe(q.ctx, &pendingOut{m: m, about: rec.ID, entry: publicEntry(rec, m, q.lang)})
	if rec.ChatID != q.ev.ChatID {
		q.say("done.posted", rec.ID)
	}
}
