package bot

import (
	"context"
	"errors"
	"strings"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Private boards. A player's own view of a game (their hidden pieces, their
// secret choices) goes only through a private route: Replier.ReplyPrivately for
// the user of the event, Platform.SendPrivate for anyone else. Where the platform
// cannot reach the user, the chat gets a hint with a deep link (payload g_ID) and
// the board is delivered when the user sends "/start g_ID" privately.

// hasSecrets reports whether side s sees more of pos than the public does.
func hasSecrets(pos *rules.Position, s rules.Side) bool { return pos.HasSecrets(s) }

// privateBoard is the board of the player of seat side, from their side of the
// table: what the colour that seat plays may see.
func (s *Service) privateBoard(d display, l *loaded, side rules.Side) Message {
	m := s.privateBoardText(d, l, side)
	view := l.pos().View(rules.AudienceOf(l.colourOf(side)))
	m.Image = s.image(view, ImageOptions{Simplified: m.board.Simplified, Flip: m.board.Flip, Labels: m.board.Labels})
	return m
}

// privateBoardText is privateBoard without its image (the outbox draws it).
func (s *Service) privateBoardText(d display, l *loaded, side rules.Side) Message {
	colour := l.colourOf(side)
	view := l.pos().View(rules.AudienceOf(colour))
	rec := l.rec
	text := T(d.lang, "peek.caption", rec.ID, seatName(d.lang, l, side))
	if rec.Status == storage.StatusActive {
		toMove := l.toMove()
		text += "\n" + T(d.lang, "cap.turn", seatName(d.lang, l, toMove), playerName(d.lang, rec, toMove))
	}
	if notes := l.pos().NoteTexts(colour).Or(string(d.lang)); notes != "" {
		text += "\n" + notes // what this player alone knows beyond the board (a variant's own words)
	}
	o := ImageOptions{Simplified: d.lang == ZhHans, Flip: colour == rules.Black, Labels: d.labels()}
	return Message{
		Text:      text,
		ImageName: "mine-" + rec.ID + ".png",
		Alt:       TextBoard(view),
		board:     &boardRef{Game: rec.ID, Ply: len(rec.Moves), Side: int(colour), Simplified: o.Simplified, Flip: o.Flip, Labels: o.Labels},
	}
}

// sendTold sends each player what the last move told them alone
// (rules.Report.Told: the face-down piece a jieqi player captured), privately.
// The caller holds the game's lock.
func (s *Service) sendTold(ctx context.Context, l *loaded, r Replier, eventUser string) {
	d := s.chatDisplay(ctx, l.rec)
	v := l.game.Variant()
	report := l.game.Report()
	for colour := rules.Red; colour <= rules.Black; colour++ {
		if l.rec.Players[l.seatOfColour(colour)].Level > 0 {
			continue
		}
		var lines []string
		for _, f := range report.Told[colour] {
			lines = append(lines, factText(d.lang, v, f))
		}
		if len(lines) > 0 {
			text := T(d.lang, "told.caption", l.rec.ID) + "\n" + strings.Join(lines, "\n")
			s.sendPrivate(ctx, d, l, l.seatOfColour(colour), Message{Text: text}, r, eventUser)
		}
	}
}

// privateBoardsOf makes the private boards l owes, with their images when
// draw (else the outbox draws them at send time). It is quick without draw,
// for use inside a store write.
func (s *Service) privateBoardsOf(d display, l *loaded, draw bool) []*pendingOut {
	if l.rec.Status != storage.StatusActive {
		return nil
	}
	pos := l.pos()
	var out []*pendingOut
	for colour := rules.Red; colour <= rules.Black; colour++ {
		// Every player with secrets gets a board after every move, whether or not
		// their secrets changed (rules.Report.Private): so neither the messages nor
		// a hint in the chat tell anybody when a secret piece moved.
		if !hasSecrets(pos, colour) || l.rec.Players[pos.Seat(colour)].Level > 0 {
			continue // the engine reads its secrets from the game, not from a chat
		}
		side := rules.Side(pos.Seat(colour))
		m := s.privateBoardText(d, l, side)
		if draw {
			m = s.privateBoard(d, l, side)
		}
		out = append(out, s.privateOut(d, l.rec, side, m))
	}
	return out
}

// sendPrivate owes m to the player of side in l, privately: the outbox sends it
// (as a private reply when that player caused the event, else through the
// platform). A player the platform cannot reach gets a public hint with the deep
// link. The caller must make sure that whether this is called tells nothing
// secret. r and eventUser are kept for the callers; the event's own Replier is
// what delivers to the event's user.
func (s *Service) sendPrivate(ctx context.Context, d display, l *loaded, side rules.Side, m Message, _ Replier, _ string) {
	s.owe(ctx, s.privateOut(d, l.rec, side, m))
}

// privateOut is the owed private message m to the player of side in rec.
func (s *Service) privateOut(d display, rec *storage.Game, side rules.Side, m Message) *pendingOut {
	p := rec.Players[side]
	u := User{ID: p.UserID, Name: p.Name}
	return &pendingOut{m: m, private: true, about: rec.ID, entry: privateEntry(rec, u, m, d.lang), hintFor: rec}
}

// hintedBucket remembers that the chat was told how a player can get their
// private board of a game; the key is PLATFORM/USER/GAME (valueKey).
const hintedBucket = "bot.private_hinted"

// firstHint reports whether the chat has not yet been given the private hint for
// user in game rec since the player was last reached privately, and records that
// it now is: the hint comes once, not after every move, and again only after
// the player was reachable and then was not (blocked the bot). The decision
// depends only on public facts: private boards are attempted after every move
// for every player who holds secrets (privateBoardsOf), so the first failure,
// and with it the hint, comes at the first move after which the player could not
// be reached, never at the move where a secret piece of theirs moved
// (rules.Report.Private is not used here). If the mark cannot be stored, the
// hint is given (better twice than never).
func (s *Service) firstHint(ctx context.Context, rec *storage.Game, user string) bool {
	key := valueKey(rec.Platform, user, rec.ID)
	var seen bool
	err := s.store.GetValue(ctx, hintedBucket, key, &seen)
	if err == nil && seen {
		return false
	}
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		s.log.Warn("load private hint mark", "game", rec.ID, "err", err)
	}
	if err := s.store.PutValue(ctx, hintedBucket, key, true); err != nil {
		s.log.Warn("store private hint mark", "game", rec.ID, "err", err)
	}
	return true
}

// reached notes that user was reached privately: should the route close again,
// the chat gets the hint again. It costs one read when there is nothing to clear.
func (s *Service) reached(ctx context.Context, platform, user string) {
	if user == "" {
		return
	}
	marks, err := s.store.Values(ctx, hintedBucket, valueKey(platform, user)+"/")
	if err != nil {
		s.log.Warn("load private hint marks", "user", user, "err", err)
		return
	}
	for _, m := range marks {
		if err := s.store.DeleteValue(ctx, hintedBucket, m.Key); err != nil && !errors.Is(err, storage.ErrNotFound) {
			s.log.Warn("delete private hint mark", "user", user, "err", err)
		}
	}
}

// privateHint is the public message that says how to open the private chat: the
// platform's hint, and a button to the deep link that brings the board.
// Where the platform has no link to open a private chat (Discord), the text
// promises no button and leaves the way to the platform's own hint.
func (s *Service) privateHint(d display, id string, p any, u User, pu *PrivateUnavailableError) Message {
	url := ""
	if dl, ok := p.(DeepLinker); ok {
		url = dl.DeepLink("g_" + id)
	}
	if url == "" {
		url = pu.URL
	}
	key := "private.hint"
	if url == "" {
		key = "private.hint_nolink"
	}
	m := Message{Text: T(d.lang, key, u.Name, id)}
	if pu.Hint != "" {
		m.Text += "\n" + pu.Hint
	}
	if url != "" {
		m.Buttons = [][]Button{{{Label: T(d.lang, "btn.open_private"), URL: url}}}
	}
	return m
}

// chatDisplay is the language and notation of a game's chat.
func (s *Service) chatDisplay(ctx context.Context, rec *storage.Game) display {
	c, err := s.store.Chat(ctx, rec.Platform, rec.ChatID)
	if err != nil {
		return display{lang: En}
	}
	return display{lang: ParseLang(c.Language), notation: c.Notation}
}

// noteCanDM records that the user of a private event can be messaged privately.
func (s *Service) noteCanDM(ctx context.Context, ev Event) {
	if ev.Private {
		s.setCanDM(ctx, ev.Platform, ev.User, true)
		s.reached(ctx, ev.Platform, ev.User.ID)
	}
}

func (s *Service) setCanDM(ctx context.Context, platform string, u User, can bool) {
	if u.ID == "" {
		return
	}
	_, err := s.store.UpdateUser(ctx, platform, u.ID, func(su *storage.User) error {
		su.CanDM = can
		if u.Name != "" {
			su.Name = u.Name
		}
		return nil
	})
	if err != nil {
		s.log.Warn("update user", "user", u.ID, "err", err)
	}
}

// cmdPool sends a player privately their pool of pieces not yet seen as they
// know it (jieqi.md §7.3: the public pool less the captures they identified),
// with those identifications and their own FEN; in banqi the pool is public
// and the same for all.
func (q *request) cmdPool(args []string) error {
	id, _ := splitGameID(args, true)
	id, err := q.chooseGame(id, func(g *storage.Game) bool {
		return g.Status == storage.StatusActive && seatOf(g, q.ev.User.ID) >= 0
	}, "err.no_own_game")
	if err != nil {
		return err
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return err
	}
	defer unlock()
	seat, err := q.playerSide(l)
	if err != nil {
		return oops("err.peek_not_player", id)
	}
	colour := l.colourOf(seat)
	pos := l.pos()
	pool, ok := pos.Pool(rules.AudienceOf(colour))
	if !ok {
		return oops("err.no_pool", id)
	}
	v := l.game.Variant()
	lines := []string{q.t("pool.caption", id, seatName(q.lang, l, seat)), poolText(q.lang, v, pool)}
	for _, f := range l.game.ToldTo(colour) {
		if len(f.Pieces) > 0 {
			lines = append(lines, factText(q.lang, v, f))
		}
	}
	lines = append(lines, q.t("pool.fen", pos.ViewFEN(rules.AudienceOf(colour))))
	m := Message{Text: strings.Join(lines, "\n")}
	if q.ev.Private {
		q.reply(m)
		return nil
	}
	q.replyPrivately(m, id)
	return nil
}

// cmdPeek shows a player their own board privately ("My pieces"). For a variant
// without secrets it is simply the board from the player's side.
func (q *request) cmdPeek(args []string) error {
	id, _ := splitGameID(args, true)
	id, err := q.chooseGame(id, func(g *storage.Game) bool {
		return (g.Status == storage.StatusActive || g.Status == storage.StatusSetup) && seatOf(g, q.ev.User.ID) >= 0
	}, "err.no_own_game")
	if err != nil {
		return err
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return err
	}
	defer unlock()
	side, err := q.playerSide(l)
	if err != nil {
		return oops("err.peek_not_player", id)
	}
	m := q.s.privateBoard(q.display(), l, side)
	if c, ok := choiceOf(l, side); ok {
		m = q.s.setupPrompt(q.display(), l, c)
	}
	if q.ev.Private {
		q.reply(m)
		return nil
	}
	q.replyPrivately(m, id)
	return nil
}

// deliverPrivateBoard answers "/start g_ID" in a private chat: the user's board
// of that game.
func (q *request) deliverPrivateBoard(id string) error {
	if !isGameID(id) {
		return oops("err.no_such_game", clip(id))
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return err
	}
	defer unlock()
	side, err := q.playerSide(l)
	if err != nil {
		return oops("err.peek_not_player", id)
	}
	d := q.s.chatDisplay(q.ctx, l.rec)
	if c, ok := choiceOf(l, side); ok {
		q.reply(q.s.setupPrompt(d, l, c))
		return nil
	}
	q.reply(q.s.privateBoard(d, l, side))
	return nil
}
