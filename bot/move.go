package bot

import (
	"errors"
	"github.com/chuhe/chuhe/bot/gameclock"
	"github.com/chuhe/chuhe/bot/inbox"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// maxPlainMove is the longest plain message that is tried as a move; longer ones
// are chat talk.
const maxPlainMove = 16

func (q *request) cmdMove(args []string) error {
	if q.ev.Private {
		return q.whereToPlay()
	}
	id, rest := splitGameID(args, false)
	text := strings.Join(rest, " ")
	if text == "" {
		return oops("err.move_empty")
	}
	id, err := q.moveTarget(id)
	if err != nil {
		return err
	}
	return q.play(id, text, replyAll)
}

// How play answers a text that is not a move it can play.
type playMode int

const (
	// replyAll: a command; every mistake is answered.
	replyAll playMode = iota
	// replyPlayers: a message addressed to the bot (a mention, a reply to its
	// board); mistakes of the game's players are answered, spectators' comments
	// are left alone.
	replyPlayers
	// replyNone: a plain message; it is taken if it is a legal move of the
	// player to move and otherwise ignored as chat talk.
	replyNone
	// replyIllegal: a plain message of the player to move in exactly one game
	// of the chat: like replyNone, but a text that reads as a move and is not
	// legal (a rules.IllegalMoveError, not a rules.ParseError) gets the reason
	// and the piece's legal moves.
	replyIllegal
)

// plainMove handles a message that is not a command. It is taken as a move only
// if it is a legal move of the sender in the game it goes to; anything else is
// chat talk and is ignored, unless the message was addressed to the bot.
func (q *request) plainMove(text string, addressed bool) error {
	if !addressed && utf8.RuneCountInString(text) > maxPlainMove {
		return nil
	}
	if id, rest := splitGameID(strings.Fields(text), false); id != "" && len(rest) > 0 {
		// "馬8進7 #2", "#2 馬8進7": the game is named. Its player to move is
		// answered when the move reads as one and is refused; anything else
		// (a spectator's "nice #2") stays chat talk.
		mode := replyIllegal
		if addressed {
			mode = replyPlayers
		}
		return q.play(id, strings.Join(rest, " "), mode)
	}
	id, err := q.moveTarget("")
	if err != nil {
		var ue *userError
		if errors.As(err, &ue) && ue.key == "err.which_game" {
			// Several games wait for this player: a text legal in exactly one of
			// them is not ambiguous; legal in several, it is a move, and the
			// player is told how to choose.
			switch legal := q.legalIn(text); {
			case len(legal) == 1:
				return q.play(legal[0], text, replyAll)
			case len(legal) > 1:
				return err
			}
		}
		if !addressed {
			return nil
		}
		return err
	}
	mode := replyNone
	if addressed {
		mode = replyPlayers
	} else if ids, err := q.gamesToMove(); err == nil && len(ids) == 1 && ids[0] == id {
		mode = replyIllegal
	}
	return q.play(id, text, mode)
}

// legalIn lists the games of this chat where text is a legal move of the sender.
func (q *request) legalIn(text string) []string {
	ids, err := q.gamesToMove()
	if err != nil {
		return nil
	}
	var found []string
	for _, id := range ids {
		if q.legalInGame(id, text) {
			found = append(found, id)
		}
	}
	return found
}

func (q *request) legalInGame(id, text string) bool {
	unlock := q.s.lockGame(id)
	defer unlock()
	l, err := q.s.load(q.ctx, id)
	if err != nil {
		return false
	}
	_, err = rules.ParseMove(l.pos(), text)
	return err == nil
}

// gamesToMove lists the live games of this chat where the sender is to move.
func (q *request) gamesToMove() ([]string, error) {
	gs, err := q.s.store.GamesInChat(q.ctx, q.ev.Platform, q.ev.ChatID, true)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, g := range gs {
		if g.Status != storage.StatusActive {
			continue
		}
		seat := seatOf(g, q.ev.User.ID)
		if seat < 0 {
			continue
		}
		s, err := q.s.sideToMove(q.ctx, g)
		if err != nil {
			q.s.log.Warn("side to move", "game", g.ID, "err", err)
			continue
		}
		if int(s) == seat {
			ids = append(ids, g.ID)
		}
	}
	return ids, nil
}

// moveTarget picks the game a move goes to: the #ID given, the game whose board
// the message replies to, or the only game of this chat where the sender is to
// move. When none fits, the error says why; when several do, how to choose.
func (q *request) moveTarget(id string) (string, error) {
	if id != "" {
		return id, nil
	}
	if g := q.s.gameOfMessage(q.ev.ChatID, q.ev.ReplyTo); g != "" {
		return g, nil
	}
	ids, err := q.gamesToMove()
	if err != nil {
		return "", err
	}
	switch len(ids) {
	case 1:
		return ids[0], nil
	case 0:
	default:
		return "", oops("err.which_game", hashList(ids), ids[0])
	}
	// Not the sender's turn anywhere: say where it is whose turn.
	gs, err := q.s.store.GamesInChat(q.ctx, q.ev.Platform, q.ev.ChatID, true)
	if err != nil {
		return "", err
	}
	for _, g := range gs {
		if g.Status == storage.StatusSetup && seatOf(g, q.ev.User.ID) >= 0 {
			return "", oops("err.in_setup", g.ID)
		}
		if g.Status == storage.StatusActive && seatOf(g, q.ev.User.ID) >= 0 {
			s, err := q.s.sideToMove(q.ctx, g)
			if err != nil {
				return "", err
			}
			return "", oops("err.not_your_turn", g.ID, playerName(q.lang, g, s), q.s.seatNameOf(q.ctx, q.lang, g, s))
		}
	}
	return "", oops("err.no_game_here")
}

// play plays text as the sender's move in game id. mode says which texts that
// are not a legal move of the player to move are answered and which are ignored
// as chat talk.
func (q *request) play(id, text string, mode playMode) error {
	quiet := mode == replyNone || mode == replyIllegal
	l, unlock, err := q.open(id)
	if err != nil {
		if quiet {
			return nil
		}
		return err
	}
	defer unlock()
	rec := l.rec
	if err := requireActive(rec); err != nil {
		if quiet {
			return nil
		}
		return err
	}
	if q.expect != 0 && rec.Version != q.expect {
		return errStale
	}
	side := l.toMove()
	v := l.game.Variant()
	seat := seatOf(rec, q.ev.User.ID)
	if seat < 0 && mode == replyPlayers {
		return nil // a spectator's comment on the board
	}
	if seat < 0 || rules.Side(seat) != side {
		if quiet {
			return nil
		}
		if seat < 0 {
			return oops("err.not_player", id)
		}
		return oops("err.not_your_turn", id, playerName(q.lang, rec, side), seatName(q.lang, l, side))
	}
	now := q.s.now()
	if gameclock.OutOfTime(&rec.Clock, now) {
		// The game ends on time, and the chat is owed the result with it.
		nl, err := q.change(l, timedOut(l), func(nl *loaded) []*pendingOut {
			return []*pendingOut{q.announcement(nl.rec, Message{Text: q.t("move.too_late", id) + "\n" + resultLine(q.lang, nl)})}
		})
		if err != nil {
			return err
		}
		q.s.log.Info("game over", "game", nl.rec, "reason", nl.rec.Reason, "at", now)
		return nil
	}
	pos := l.pos()
	m, err := rules.ParseMove(pos, text)
	if err != nil {
		var ie *rules.IllegalMoveError
		if mode == replyNone || mode == replyIllegal && !errors.As(err, &ie) {
			return nil
		}
		return q.moveError(l, text, err)
	}
	coord := rules.FormatCoord(pos, m)
	shown := q.formatMove(pos, m)
	moverLeft := gameclock.Left(&rec.Clock, now, side, side)
	if err := l.game.Play(m); err != nil {
		return q.moveError(l, text, err)
	}
	out := l.game.Outcome()
	next := l.toMove()
	// Draw the board while the move is being stored (the write waits for the
	// disk); a refused write discards the image.
	view, img := q.s.renderAhead(q.display(), l, q.s.out.cfg.Mode == DeliverInline)
	// A move of a player on vacation ends it (vacation.go); one played for
	// them by their conditional line does not.
	back := !q.auto && rec.Clock.Paused[side].After(now)
	mutate := func(g *storage.Game) error {
		if back {
			g.Clock.Paused[side] = time.Time{}
		}
		gameclock.AfterMove(&g.Clock, now, side, next, moverLeft)
		if g.DrawOffer != int(side) {
			g.DrawOffer = storage.NoSide // the offer lapses: its receiver moved instead
		}
		g.TakebackRequest = storage.NoSide
		if out.Over {
			g.Status = storage.StatusFinished
			g.Result, g.Reason = out.Result(), string(out.Reason)
			g.Clock.Deadline = time.Time{}
		}
		return nil
	}
	var heads []string
	for _, f := range l.game.Report().Facts {
		heads = append(heads, factText(q.lang, v, f))
	}
	if n := l.game.Report().Notice; n != nil {
		heads = append(heads, q.repetitionNotice(v, n)) // the arbiter's warning or verdict on a repetition
	}
	d := q.display()
	// The board, its caption and the private boards are owed by the move: they
	// are written with it, in its transaction (their images are drawn at send
	// time, or now for the handler's own delivery).
	var rate *storage.RatingChange
	var gr *gameRating
	var anim func(*storage.Game, *Message) // attaches the GIF at the end (gif.go)
	if out.Over {
		final := rec.Clone()
		final.Moves = append(final.Moves, storage.MoveRecord{})
		final.Status, final.Result = storage.StatusFinished, out.Result()
		rate, gr = q.s.rateChange(q.ctx, l, final)
		anim = q.s.endGIF(q.ctx, final)
	}
	owed := func(g *storage.Game) ([]*storage.OutboxEntry, error) {
		nl := &loaded{rec: g, game: l.game, rating: gr}
		hs := heads
		if out.Over {
			hs = append(hs[:len(hs):len(hs)], resultLine(q.lang, nl))
		}
		bm := q.s.boardMessageOf(d, nl, view, nil, strings.Join(hs, "\n"), shown)
		bm.ReplyTo = q.ev.MessageID
		if anim != nil {
			anim(g, &bm)
		}
		es := []*storage.OutboxEntry{publicEntry(g, bm, q.lang)}
		for _, p := range q.s.privateBoardsOf(d, nl, false) {
			es = append(es, p.entry)
		}

		if q.s.out.cfg.Mode == DeliverInline {
			for _, e := range es {
				e.Lease = q.s.ownLease()
			}
		}
		return es, nil
	}
	change := storage.GameChange{ID: id, ExpectVersion: rec.Version, Mutate: mutate, Outbox: owed, Rate: rate,
		Append: &storage.MoveRecord{Text: coord, At: now, Side: int(side)}}
	if q.ev.Inbound != "" {
		change.Consume = []storage.ValueRef{inbox.Consumed(q.ev.Inbound)}
	}
	stored, entries, err := q.s.store.ChangeGame(q.ctx, change)
	if err != nil {
		_ = l.game.Undo() // the image being drawn is of a snapshot; it is dropped
		return q.writeFailed(id, err)
	}
	l = &loaded{rec: stored, game: l.game, rating: gr}
	q.s.keep(l)
	q.moved, q.back = append(q.moved, id), q.back || back
	q.s.log.Debug("move", "game", id, "ply", len(stored.Moves))
	if out.Over {
		q.s.log.Info("game over", "game", stored, "reason", stored.Reason)
		heads = append(heads, resultLine(q.lang, l))
	}
	bm := q.s.boardMessageOf(d, l, view, <-img, strings.Join(heads, "\n"), shown)
	bm.ReplyTo = q.ev.MessageID
	if anim != nil {
		anim(stored, &bm)
	}
	q.s.owe(q.ctx, &pendingOut{m: bm, about: id, entry: entries[0], stored: true})
	// The private boards are drawn now only for the handler's own delivery.
	for i, p := range q.s.privateBoardsOf(d, l, q.s.out.cfg.Mode == DeliverInline) {
		if i+1 < len(entries) {
			p.entry, p.stored = entries[i+1], true
			q.s.owe(q.ctx, p)
		}
	}

	q.s.sendTold(q.ctx, l, q.rep, q.ev.User.ID)
	return nil
}

// pieceRefusal reports whether a refusal is about a piece on a square that
// could move elsewhere (the core's reasons, which carry a key), not about a
// module's move or a drop.
func pieceRefusal(ie *rules.IllegalMoveError) bool {
	switch {
	case ie.Key == "", ie.Key == "no_hand_piece", strings.HasPrefix(ie.Key, "drop_"), strings.HasPrefix(ie.Key, "special_"):
		return false
	}
	return true
}

// moveError explains a move that was not played: unreadable (what to type instead)
// or illegal (why, and where that piece can go).
func (q *request) moveError(l *loaded, text string, err error) error {
	pos := l.pos()
	var pe *rules.ParseError
	var ie *rules.IllegalMoveError
	switch {
	case errors.As(err, &pe):
		return oops("err.move_unreadable", clip(text), q.notationHelp(l.game.Variant()), q.someMoves(pos, nil, 4))
	case errors.As(err, &ie):
		reason := q.why(l.game.Variant(), ie)
		if len(ie.Legal) == 0 && !pieceRefusal(ie) {
			// A module's move (a pass, a drop, a revival) names no piece that could
			// move instead: suggest any moves.
			return oops("err.move_illegal", clip(text), reason, q.someMoves(pos, nil, 6))
		}
		if len(ie.Legal) == 0 {
			return oops("err.move_illegal_none", clip(text), reason)
		}
		return oops("err.move_illegal", clip(text), reason, q.someMoves(pos, ie.Legal, 6))
	case errors.Is(err, rules.ErrGameOver):
		return oops("err.game_over", l.rec.ID)
	}
	return err
}

// someMoves writes coordinate moves in the chat's notation; with none given, a
// few legal moves of the position.
func (q *request) someMoves(pos *rules.Position, coords []string, max int) string {
	var ms []rules.Move
	if coords == nil {
		ms = pos.LegalMoves(nil)
	} else {
		for _, c := range coords {
			if m, err := rules.ParseCoord(pos, c); err == nil {
				ms = append(ms, m)
			}
		}
	}
	var out []string
	for i, m := range ms {
		if i == max {
			break
		}
		out = append(out, q.formatMove(pos, m))
	}
	return q.lang.List(out)
}

// clip shortens a user's text for quoting it back.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= 24 {
		return s
	}
	return string([]rune(s)[:24]) + "…"
}

// whereToPlay answers a move or game command in a private chat.
func (q *request) whereToPlay() error {
	gs, err := q.s.store.GamesOfUser(q.ctx, q.ev.Platform, q.ev.User.ID, true)
	if err != nil {
		return err
	}
	var ids []string
	for _, g := range gs {
		if g.Status == storage.StatusActive {
			ids = append(ids, g.ID)
		}
	}
	if len(ids) == 0 {
		return oops("err.private_no_game")
	}
	return oops("err.private_move", hashList(ids))
}
