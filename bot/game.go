package bot

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// splitGameID takes a "#12" argument out of args. With bare, a lone number ("12")
// counts too (for commands that take no other numbers, such as /accept 12).
func splitGameID(args []string, bare bool) (id string, rest []string) {
	for _, a := range args {
		if id == "" {
			if n, ok := strings.CutPrefix(a, "#"); ok && isGameID(n) {
				id = n
				continue
			}
			if n, ok := strings.CutPrefix(a, "＃"); ok && isGameID(n) {
				id = n
				continue
			}
			if bare && isGameID(a) {
				id = a
				continue
			}
		}
		rest = append(rest, a)
	}
	return id, rest
}

func isGameID(s string) bool {
	n, err := strconv.ParseUint(s, 10, 64)
	return err == nil && n > 0 && strconv.FormatUint(n, 10) == s
}

// chooseGame picks the game a command is about: the #ID given, else the game of
// the bot message the user replied to, else the one live game of this chat that
// match accepts. With none it returns a userError with noneKey; with several, one
// that lists them and says how to choose.
func (q *request) chooseGame(id string, match func(*storage.Game) bool, noneKey string, noneArgs ...any) (string, error) {
	if id != "" {
		return id, nil
	}
	if g := q.s.gameOfMessage(q.ev.ChatID, q.ev.ReplyTo); g != "" {
		return g, nil
	}
	if q.ev.Private {
		return q.chooseOwnGame(match, noneKey, noneArgs...)
	}
	gs, err := q.s.store.GamesInChat(q.ctx, q.ev.Platform, q.ev.ChatID, true)
	return onlyMatch(gs, err, match, q.ev.User.ID, noneKey, noneArgs)
}

// chooseOwnGame is chooseGame in a private chat: among the user's own games.
func (q *request) chooseOwnGame(match func(*storage.Game) bool, noneKey string, noneArgs ...any) (string, error) {
	gs, err := q.s.store.GamesOfUser(q.ctx, q.ev.Platform, q.ev.User.ID, true)
	return onlyMatch(gs, err, match, q.ev.User.ID, noneKey, noneArgs)
}

// onlyMatch is the id of the one game of gs that matches, or a reply saying that
// none does or asking which one is meant. The question says "you have several
// games" only when they are all user's; otherwise it speaks of the chat's games.
func onlyMatch(gs []*storage.Game, err error, match func(*storage.Game) bool, user, noneKey string, noneArgs []any) (string, error) {
	if err != nil {
		return "", err
	}
	var ids []string
	own := true
	for _, g := range gs {
		if match(g) {
			ids = append(ids, g.ID)
			own = own && seatOf(g, user) >= 0
		}
	}
	switch len(ids) {
	case 0:
		return "", oops(noneKey, noneArgs...)
	case 1:
		return ids[0], nil
	}
	if !own {
		return "", oops("err.which_game_chat", hashList(ids), ids[0])
	}
	return "", oops("err.which_game", hashList(ids), ids[0])
}

func hashList(ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = "#" + id
	}
	return strings.Join(out, " ")
}

// open loads game id for a command in this event's chat and takes its lock. A game
// of another chat may be used from a private chat by its players; otherwise the
// user is told where the game is played. The caller must call the returned unlock.
func (q *request) open(id string) (l *loaded, unlockFn func(), err error) {
	unlock := q.s.lockGame(id)
	defer func() {
		if l == nil { // an error, or a panic in the rules: let go of the game
			unlock()
		}
	}()
	l, err = q.s.load(q.ctx, id)
	if err != nil {
		if errors.Is(err, storage.ErrNotFound) {
			return nil, nil, oops("err.no_such_game", id)
		}
		return nil, nil, err
	}
	rec := l.rec
	if rec.Platform != q.ev.Platform || (rec.ChatID != q.ev.ChatID && !(q.ev.Private && seatOf(rec, q.ev.User.ID) >= 0)) {
		return nil, nil, oops("err.other_chat", id)
	}
	if q.ev.Private && rec.ChatID != q.ev.ChatID && q.chat.Language == "" {
		// A private chat that has not chosen a language speaks the language of
		// the game's chat about that game (a player's /setup answer in a
		// Chinese group's game is answered in Chinese).
		q.lang = q.s.chatDisplay(q.ctx, rec).lang
	}
	return l, unlock, nil
}

// playerSide returns the side the event's user plays in l, or a userError.
func (q *request) playerSide(l *loaded) (rules.Side, error) {
	seat := seatOf(l.rec, q.ev.User.ID)
	if seat < 0 {
		return rules.Red, oops("err.not_player", l.rec.ID)
	}
	return rules.Side(seat), nil
}

// requireActive returns a userError unless the game is being played.
func requireActive(rec *storage.Game) error {
	switch rec.Status {
	case storage.StatusActive:
		return nil
	case storage.StatusOpen:
		return oops("err.not_started", rec.ID)
	case storage.StatusSetup:
		return oops("err.in_setup", rec.ID)
	}
	return oops("err.game_over", rec.ID)
}

// sideName is "Red" or "Black" in the request's language (White on chess boards).
func (q *request) sideName(v *rules.Variant, s rules.Side) string {
	return sideName(q.lang, v, s)
}

// sideName is side s of v in language l (i18n.Catalog.SideName).
func sideName(l Lang, v *rules.Variant, s rules.Side) string { return texts.SideName(l, v, s) }

// seatName names seat in a game: its colour ("Red"), or "first player" while
// the game has given no colours yet (banqi before its first flip).
func seatName(lang Lang, l *loaded, seat rules.Side) string {
	p := l.game.Position()
	if p.Uncoloured() {
		return seatWord(lang, l.game.Variant(), seat)
	}
	return sideName(lang, l.game.Variant(), p.SideOf(int(seat)))
}

// seatWord names a seat before the game starts: its colour, or in a game
// whose colours are given in play, "first player" or "second player".
func seatWord(lang Lang, v *rules.Variant, seat rules.Side) string {
	if v != nil && v.ColoursInPlay() {
		if seat == 0 {
			return T(lang, "seat.first")
		}
		return T(lang, "seat.second")
	}
	return sideName(lang, v, seat)
}

// playerName is the name of the player of side s, or a placeholder for an open seat.
func playerName(l Lang, rec *storage.Game, s rules.Side) string {
	p := rec.Players[s]
	if p.Level > 0 {
		return T(l, "bot.name", p.Name, p.Level) // "Chuhe (level 4)": captions, results, the PGN
	}
	if p.Name != "" {
		return p.Name
	}
	return T(l, "seat.open")
}

// usersMatch compares a stored seat name with a user, ignoring case and a leading @.
func sameName(a, b string) bool {
	a, b = strings.TrimPrefix(a, "@"), strings.TrimPrefix(b, "@")
	return a != "" && strings.EqualFold(a, b)
}

// seatNameOf is seatName for a stored game the caller has not loaded (nor
// locked).
func (s *Service) seatNameOf(ctx context.Context, lang Lang, rec *storage.Game, seat rules.Side) string {
	unlock := s.lockGame(rec.ID)
	defer unlock()
	l, err := s.load(ctx, rec.ID)
	if err != nil {
		v, _ := s.variant(rec.Variant, rec.Options)
		return seatWord(lang, v, seat)
	}
	return seatName(lang, l, seat)
}
