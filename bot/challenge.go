package bot

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/variants"
)

// Challenges. A challenge is a stored game with status Open. The challenger sits
// in their seat; the other seat is empty for an open challenge, or holds only the
// name of the invited user. When the platform told us the invited user's id, it is
// kept in the value bucket invitesBucket, so that only that user can accept.

const invitesBucket = "bot.invites"

type invite struct {
	UserID string `json:"user_id"`
	Name   string `json:"name"`
}

// newGame is a parsed /new.
type newGame struct {
	slug     string
	opts     []string
	opponent *User
	control  storage.TimeControl
	timed    bool // control was given
	side     int  // the challenger's seat: 0 Red (moves first), 1 Black, -1 random
	sideSet  bool // side was given
	fen      string
	bot      bool // against the bot (@bot, or /play)
	level    int  // level=N, 0 when not given
	rated    bool // rated or casual (ratings.go), when ratedSet
	ratedSet bool
}

// defaultControl is the time control of a /new that names none in a chat without a
// default: correspondence, three days a move.
func defaultControl() storage.TimeControl {
	return storage.TimeControl{Kind: storage.KindCorrespondence, PerMove: 3 * 24 * time.Hour}
}

func (q *request) cmdNew(args []string) error {
	return q.newGame(args, false)
}

// newGame is /new, and /play with bot: a challenge, or a game against the bot.
func (q *request) newGame(args []string, bot bool) error {
	if q.ev.Private {
		return oops("err.new_private")
	}
	n, err := q.parseNew(args)
	if err != nil {
		return err
	}
	if bot && n.opponent != nil {
		return oops("err.play_person", n.opponent.Name)
	}
	n.bot = n.bot || bot
	if n.level != 0 && !n.bot {
		return oops("err.level_person", q.s.botName)
	}
	if n.bot && n.level == 0 {
		n.level = DefaultLevel
	}
	rated, err := q.ratedChoice(n)
	if err != nil {
		return err
	}
	v, err := q.s.variant(n.slug, n.opts)
	var optErr *variants.OptionError
	if errors.As(err, &optErr) {
		base, _ := q.s.reg.Get(n.slug)
		if len(n.opts) == 0 {
			return oops("err.needs_option", variantName(q.lang, base), optErr.Err.Error())
		}
		return oops("err.bad_option", variantName(q.lang, base), strings.Join(n.opts, " "), optErr.Err.Error())
	}
	if err != nil {
		return oops("err.bad_variant", n.slug, q.variantSlugs())
	}
	if missing := missingGlyphs(v); len(missing) > 0 {
		// A players' piece (piece=Q后:...) names its own character: it must be drawable.
		base, _ := q.s.reg.Get(n.slug)
		return oops("err.bad_option", variantName(q.lang, base), strings.Join(n.opts, " "),
			"the board font has no character "+string(missing)+"; choose another one for your piece (a Chinese piece name or a letter)")
	}
	// Options that make a registered variant are stored as it (a stratagem
	// pair that is a named game).
	n.slug, n.opts = q.s.reg.Canonical(n.slug, n.opts)
	g, err := rules.NewGame(v, n.fen)
	if err != nil {
		return oops("err.bad_fen", fenProblem(q.lang, err), v.StartFEN)
	}
	if g.Outcome().Over {
		return oops("err.fen_over")
	}
	rec := &storage.Game{
		Platform: q.ev.Platform, ChatID: q.ev.ChatID,
		Variant: n.slug, Options: n.opts,
		Status:    storage.StatusOpen,
		Clock:     storage.Clock{Control: n.control},
		DrawOffer: storage.NoSide, TakebackRequest: storage.NoSide,
		Rated: rated,
	}
	if n.fen != "" {
		rec.StartFEN = g.StartFEN()
	}
	if v.Deals() {
		// Secrets dealt by chance (jieqi's shuffle), from the service's
		// crypto/rand source: the true start lives only in the stored game.
		dealt, err := q.s.deal(v, rec.StartFEN)
		if err != nil {
			return fmt.Errorf("deal a game of %s: %w", v.Slug, err)
		}
		rec.StartFEN = dealt
		// The fairness commitment (jieqi.md §7.4, banqi.md §7): the hash of
		// the deal and a random salt is public from the start; both are
		// published at the end, so players can check the deal was fixed.
		rec.Secrets = storage.Secrets{saltKey: q.s.salt()}
	}
	seat := n.side
	if !n.sideSet && v.ColoursInPlay() {
		seat = -1 // banqi.md §6 first=random: who moves first is drawn by default
	}
	if seat < 0 {
		seat = q.s.intn(2)
	}
	rec.Players[seat] = storage.Player{UserID: q.ev.User.ID, Name: q.ev.User.Name}
	if n.bot {
		return q.startBotGame(v, g, rec, seat, n.level)
	}
	if n.opponent != nil {
		n.opponent.Name = shownName(*n.opponent)
		rec.Players[1-seat] = storage.Player{Name: n.opponent.Name}
	}
	who := rec.Players[seat].Name
	// The challenge is posted with the game's id, which the store gives it:
	// made inside the write that creates the game, and stored with it.
	challenge := func(id string) Message {
		head := q.t("new.challenge", who, seatWord(q.lang, v, rules.Side(seat)), variantName(q.lang, v), id, q.describeControl(n.control))
		var text string
		if n.opponent != nil {
			text = head + "\n" + q.t("new.directed", n.opponent.Name, id)
		} else {
			text = head + "\n" + q.t("new.open", id)
		}
		text += "\n" + ratedNote(q.lang, rec.Rated)
		if n.fen != "" {
			// The start as given, before any move the rules make at once (a forced
			// reveal, announced when the game begins).
			text += "\n" + q.t("new.from_fen", publicStart(v, g))
		}
		buttons := [][]Button{{
			{Label: q.t("btn.accept"), Data: buttonData("accept", id)},
			{Label: q.t("btn.decline"), Data: buttonData("decline", id)},
		}}
		if n.opponent == nil {
			buttons = [][]Button{{
				{Label: q.t("btn.accept"), Data: buttonData("accept", id)},
				{Label: q.t("btn.cancel"), Data: buttonData("cancel", id)},
			}}
		}
		return Message{Text: text, Buttons: buttons}
	}
	var owed *pendingOut
	stored, entries, err := q.s.store.ChangeGame(q.ctx, storage.GameChange{Replace: rec, Consume: q.consumed(),
		Outbox: func(sg *storage.Game) ([]*storage.OutboxEntry, error) {
			owed = q.announcement(sg, challenge(sg.ID))
			if q.s.out.cfg.Mode == DeliverInline {
				owed.entry.Lease = q.s.ownLease()
			}
			return []*storage.OutboxEntry{owed.entry}, nil
		}})
	if err != nil {
		return fmt.Errorf("create game: %w", err)
	}
	rec = stored
	owed.entry, owed.stored = entries[0], true
	q.s.owe(q.ctx, owed)
	if n.opponent != nil && n.opponent.ID != "" {
		if err := q.s.store.PutValue(q.ctx, invitesBucket, rec.ID, invite{UserID: n.opponent.ID, Name: n.opponent.Name}); err != nil {
			// The invitation still works by name.
			q.s.log.Warn("store invitation", "game", rec.ID, "err", err)
		}
	}
	q.s.log.Info("challenge", "game", rec)
	return nil
}

var (
	fenRanksRE  = regexp.MustCompile(`^(\d+) ranks, want (\d+)$`)
	fenPointsRE = regexp.MustCompile(`^rank (\S+) has (\d+) points, want (\d+)$`)
)

// fenProblem says in the chat's language what is wrong with a FEN the rules
// refused: never the rules' own error text, which is written for programmers.
func fenProblem(l Lang, err error) string {
	var fe *rules.FENError
	if !errors.As(err, &fe) {
		return T(l, "fen.unreadable")
	}
	if te := (*rules.TextError)(nil); errors.As(err, &te) {
		return te.Texts.Or(string(l)) // a module's words for its field, in every language
	}
	if m := fenRanksRE.FindStringSubmatch(fe.Reason); m != nil {
		return T(l, "fen.ranks", m[1], m[2])
	}
	if m := fenPointsRE.FindStringSubmatch(fe.Reason); m != nil {
		return T(l, "fen.points", m[1], m[2], m[3])
	}
	return fe.Reason // the rules' Reason is a sentence for users (rules.FENError)
}

// publicStart is the public FEN of g's start position.
func publicStart(v *rules.Variant, g *rules.Game) string {
	p, err := rules.NewPosition(v, g.StartFEN())
	if err != nil {
		return g.Position().PublicFEN()
	}
	return p.PublicFEN()
}

// optionTakes reports whether the option (its name first) takes the parameter key.
func (q *request) optionTakes(opt, key string) bool {
	name, _, _ := strings.Cut(opt, " ")
	o, ok := q.s.reg.Option(name)
	return ok && o.Takes(key)
}

// parseNew reads the arguments of /new: VARIANT [@opponent] [time] [side] [fen=FEN]
// [variant options], in any order.
func (q *request) parseNew(args []string) (*newGame, error) {
	n := &newGame{side: 0}
	for i := 0; i < len(args); i++ {
		a := args[i]
		low := strings.ToLower(a)
		key, val, hasVal := strings.Cut(low, "=")
		switch {
		case strings.HasPrefix(a, "@") || strings.HasPrefix(a, "＠"):
			name := strings.TrimPrefix(strings.TrimPrefix(a, "@"), "＠")
			u := q.mentioned(name)
			if q.s.isBot(q.ev.Platform, name, u.ID) {
				n.bot = true // the bot accepts at once (engine.go)
				continue
			}
			if n.opponent != nil || n.bot {
				return nil, oops("err.new_two_opponents")
			}
			if u.ID != "" && u.ID == q.ev.User.ID || u.ID == "" && isHandle(q.ev.User, name) {
				return nil, oops("err.new_self")
			}
			n.opponent = &u
		case hasVal && key == "fen":
			fen := strings.Trim(a[len("fen="):], `"'`)
			// FEN fields after the board are separate words: take those that fit.
			for j := 0; j < 5 && i+1 < len(args) && (fenField(j, args[i+1]) || stateField(j, args, i+1)); j++ {
				i++
				fen += " " + strings.Trim(args[i], `"'`)
			}
			// Keyed fields of a variant's modules follow the FEN (flags=0,21).
			for i+1 < len(args) && q.keyedFENField(args[i+1]) {
				i++
				fen += " " + args[i]
			}
			n.fen = fen
		case hasVal && (key == "level" || key == "lvl" || key == "等級" || key == "等级"):
			lv, err := q.parseLevel(val)
			if err != nil {
				return nil, err
			}
			n.level = lv
		case hasVal && (key == "side" || key == "color" || key == "colour"):
			s, ok := parseSide(val)
			if !ok {
				return nil, oops("err.new_bad_side", val)
			}
			n.side, n.sideSet = s, true
		case hasVal && key == "first":
			// Who moves first (banqi's option first=): the creator, the
			// opponent or a draw; the same as choosing Red, Black or random.
			s, ok := map[string]int{"creator": 0, "opponent": 1, "random": -1}[val]
			if !ok {
				return nil, oops("err.new_bad_first", val)
			}
			n.side, n.sideSet = s, true
		case hasVal && (key == "time" || key == "tc" || key == "clock"):
			tc, err := ParseTimeControl(val)
			if err != nil {
				return nil, oops("err.bad_time", val)
			}
			n.control, n.timed = tc, true
		case hasVal && len(n.opts) > 0 && q.optionTakes(n.opts[len(n.opts)-1], key):
			n.opts[len(n.opts)-1] += " " + key + "=" + a[len(key)+1:] // fuhe menu=RNC
		case hasVal && q.s.reg.IsOption(key) && q.optionTakes(key, key):
			n.opts = append(n.opts, key+" "+key+"="+a[len(key)+1:]) // captured=none, move-limit=80
		case hasVal:
			return nil, oops("err.new_unknown_arg", a)
		default:
			if u, words, ok := q.mentionAt(args[i:]); ok && n.opponent == nil {
				// A user named by a mention without "@" (Telegram's
				// text_mention of a user who has no username).
				if u.ID == q.ev.User.ID {
					return nil, oops("err.new_self")
				}
				n.opponent = &u
				i += words - 1
				continue
			}
			if s, ok := parseSide(low); ok {
				n.side, n.sideSet = s, true
				continue
			}
			if r, ok := ratedWord(low); ok {
				n.rated, n.ratedSet = r, true
				continue
			}
			if v := q.findVariant(a); v != "" && n.slug == "" {
				n.slug = v
				continue
			}
			if q.s.reg.IsOption(low) {
				n.opts = append(n.opts, low)
				continue
			}
			if tc, err := ParseTimeControl(a); err == nil {
				n.control, n.timed = tc, true
				continue
			} else if looksLikeTime(a) {
				return nil, oops("err.bad_time", a)
			}
			if n.slug == "" {
				return nil, oops("err.bad_variant", a, q.variantSlugs())
			}
			return nil, oops("err.new_unknown_arg", a)
		}
	}
	if n.opponent == nil {
		// A mention the platform resolved without an @word in the text.
		for _, u := range q.ev.Mentions {
			if q.s.isBot(q.ev.Platform, u.Name, u.ID) {
				n.bot = true
				continue
			}
			if u.ID != q.ev.User.ID && !n.bot {
				n.opponent = &u
				break
			}
		}
	}
	if n.bot && n.opponent != nil {
		return nil, oops("err.new_two_opponents")
	}
	if n.slug == "" {
		n.slug = q.s.reg.DefaultSlug()
		if d := q.chat.DefaultVariant; d != "" {
			n.slug = d
		}
	}
	if !n.timed {
		n.control = defaultControl()
		if d := q.chat.DefaultTimeControl; d != "" {
			if tc, err := ParseTimeControl(d); err == nil {
				n.control = tc
			}
		}
	}
	return n, nil
}

// mentioned resolves @name to a user the platform knows, or else to the
// handle "@name": the invitation then waits for the user whose Username is
// exactly name (people.go).
func (q *request) mentioned(name string) User {
	for _, u := range q.ev.Mentions {
		if sameName(u.Name, name) {
			return u
		}
	}
	return User{Name: "@" + name, Username: name}
}

// mentionAt reports whether args starts with the words of a mention the
// platform resolved to a user id (the text of a Telegram text_mention, "Dave"
// or "Dave Smith"), and how many words it covers.
func (q *request) mentionAt(args []string) (User, int, bool) {
	for _, u := range q.ev.Mentions {
		words := strings.Fields(strings.TrimLeft(u.Name, "@＠"))
		if u.ID == "" || len(words) == 0 || len(words) > len(args) || sameName(u.Name, q.s.botName) {
			continue
		}
		match := true
		for k, w := range words {
			if !strings.EqualFold(strings.TrimLeft(args[k], "@＠"), w) {
				match = false
				break
			}
		}
		if match {
			return u, len(words), true
		}
	}
	return User{}, 0, false
}

// fenField reports whether s can be FEN field j+2 (side, two dashes, two counters).
func fenField(j int, s string) bool {
	s = strings.ToLower(s)
	switch j {
	case 0:
		return s == "w" || s == "b" || s == "r"
	case 1, 2:
		// "-" in xiangqi; a variant's state fields are short words.
		if s == "-" {
			return true
		}
		if _, err := ParseTimeControl(s); err == nil || strings.ContainsAny(s, "=@+") || isAllDigits(s) {
			return false
		}
		_, side := parseSide(s)
		return !side && len(s) <= 16
	}
	return isAllDigits(s)
}

// stateField reports whether args[i], a side word such as "b", is FEN field j+2
// all the same: a variant's state field (Jinchan's "b", Black has revealed),
// which the next word shows by being a FEN field too ("w b - 0 1"). At the end
// of the FEN it is the side of /new.
func stateField(j int, args []string, i int) bool {
	if j != 1 && j != 2 || i+1 >= len(args) {
		return false
	}
	s := strings.ToLower(strings.Trim(args[i], `"'`))
	if _, side := parseSide(s); !side || len(s) > 2 {
		return false
	}
	return fenField(j+1, strings.Trim(args[i+1], `"'`))
}

// keyedFENField reports whether word, right after a FEN in /new, is one of
// the FEN's keyed fields (`flags=0,21`): key=value where the key is neither a
// word of /new nor an option. The FEN reader judges the key and the value.
func (q *request) keyedFENField(word string) bool {
	key, val, ok := strings.Cut(strings.ToLower(word), "=")
	if !ok || key == "" || val == "" || q.s.reg.IsOption(key) {
		return false
	}
	switch key {
	case "fen", "level", "lvl", "等級", "等级", "side", "color", "colour", "first", "time", "tc", "clock":
		return false
	}
	for _, r := range key {
		if (r < 'a' || r > 'z') && r != '-' {
			return false
		}
	}
	return true
}

func isAllDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func looksLikeTime(s string) bool {
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

func parseSide(s string) (int, bool) {
	switch s {
	case "red", "r", "white", "紅", "红", "紅方", "红方", "先手":
		return 0, true
	case "black", "b", "黑", "黑方", "後手", "后手":
		return 1, true
	case "random", "any", "?", "隨機", "随机":
		return -1, true
	}
	return 0, false
}

// findVariant returns the slug of the variant named a (slug, English or Chinese
// name), or "".
func (q *request) findVariant(a string) string {
	if v, ok := q.s.reg.Get(a); ok {
		return v.Slug
	}
	for _, v := range q.s.reg.All() {
		if strings.EqualFold(v.Name, a) || v.NameZh == a || v.NameZhHans == a {
			return v.Slug
		}
	}
	return ""
}

func (q *request) variantSlugs() string {
	var s []string
	for _, v := range q.s.reg.All() {
		s = append(s, v.Slug)
	}
	return strings.Join(s, ", ")
}

func variantName(l Lang, v *rules.Variant) string {
	if l.chinese() && v.NameZh != "" {
		return v.ChineseName(l == ZhHans)
	}
	return v.DisplayName()
}

// challenger returns the seat of the user who made an open game.
func challenger(rec *storage.Game) int {
	if rec.Players[0].UserID != "" {
		return 0
	}
	return 1
}

// mayAccept reports whether the event's user may accept the open game rec.
func (q *request) mayAccept(rec *storage.Game, inv *invite) bool {
	if rec.Status != storage.StatusOpen || seatOf(rec, q.ev.User.ID) >= 0 {
		return false
	}
	seat := rec.Players[1-challenger(rec)]
	if seat.Name == "" {
		return true
	}
	if inv != nil && inv.UserID != "" {
		return inv.UserID == q.ev.User.ID
	}
	// Invited by a handle nobody had been seen with: only the user with exactly
	// that handle, never one whose display name reads the same.
	return isHandle(q.ev.User, handleOf(seat.Name))
}

func (q *request) loadInvite(id string) *invite {
	var inv invite
	if err := q.s.store.GetValue(q.ctx, invitesBucket, id, &inv); err != nil {
		if !errors.Is(err, storage.ErrNotFound) {
			q.s.log.Warn("load invitation", "game", id, "err", err)
		}
		return nil
	}
	return &inv
}

func (q *request) cmdAccept(args []string) error {
	id, _ := splitGameID(args, true)
	id, err := q.chooseGame(id, func(g *storage.Game) bool {
		return g.Status == storage.StatusOpen && q.mayAccept(g, q.loadInvite(g.ID))
	}, "err.no_challenge")
	if err != nil {
		return err
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return err
	}
	defer unlock()
	rec := l.rec.Clone()
	if rec.Status != storage.StatusOpen {
		return oops("err.not_open", id)
	}
	if seatOf(rec, q.ev.User.ID) >= 0 {
		return oops("err.own_challenge", id)
	}
	if !q.mayAccept(rec, q.loadInvite(id)) {
		return oops("err.not_invited", id, rec.Players[1-challenger(rec)].Name)
	}
	seat := 1 - challenger(rec)
	rec.Players[seat] = storage.Player{UserID: q.ev.User.ID, Name: q.ev.User.Name}
	if choices, err := rules.SecretChoices(l.game.Variant(), rec.StartFEN); err == nil && len(choices) > 0 {
		return q.beginSetup(l, rec, choices)
	}
	rec.Status = storage.StatusActive
	startClock(&rec.Clock, q.s.now(), l.toMove())
	v := l.game.Variant()
	head := q.t("accept.begins", id, rec.Players[0].Name, seatWord(q.lang, v, 0),
		rec.Players[1].Name, seatWord(q.lang, v, 1))
	if c := commitment(rec); c != "" {
		head += "\n" + q.t("deal.commit", c)
	}
	last := q.s.lastMove(q.display(), l)
	cd := q.s.chatDisplay(q.ctx, rec)
	// The first board and the private boards are written with the game.
	nl, err := q.change(l, rec, func(nl *loaded) []*pendingOut {
		first := q.boardOut(nl, joinLines(head, startFacts(q.lang, nl)), last)
		return append([]*pendingOut{first}, q.s.privateBoardsOf(cd, nl, false)...)
	})
	if err != nil {
		return err
	}
	if err := q.s.store.DeleteValue(q.ctx, invitesBucket, id); err != nil {
		q.s.log.Warn("delete invitation", "game", id, "err", err)
	}
	q.s.log.Info("game started", "game", nl.rec)
	return nil
}

func (q *request) cmdDecline(args []string) error {
	id, _ := splitGameID(args, true)
	id, err := q.chooseGame(id, func(g *storage.Game) bool {
		return g.Status == storage.StatusOpen && g.Players[1-challenger(g)].Name != "" && q.mayAccept(g, q.loadInvite(g.ID))
	}, "err.no_challenge")
	if err != nil {
		return err
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return err
	}
	defer unlock()
	rec := l.rec.Clone()
	if rec.Status != storage.StatusOpen {
		return oops("err.not_open", id)
	}
	if seatOf(rec, q.ev.User.ID) >= 0 {
		return oops("err.decline_own", id)
	}
	if rec.Players[1-challenger(rec)].Name == "" || !q.mayAccept(rec, q.loadInvite(id)) {
		return oops("err.not_invited", id, playerName(q.lang, rec, rules.Side(1-challenger(rec))))
	}
	rec.Status, rec.Reason = storage.StatusAborted, "declined"
	done := Message{Text: q.t("decline.done", q.ev.User.Name, id, rec.Players[challenger(rec)].Name)}
	if err := q.announceChange(l, rec, done); err != nil {
		return err
	}
	_ = q.s.store.DeleteValue(q.ctx, invitesBucket, id)
	return nil
}

func (q *request) cmdCancel(args []string) error {
	id, _ := splitGameID(args, true)
	id, err := q.chooseGame(id, func(g *storage.Game) bool {
		return g.Status == storage.StatusOpen && g.Players[challenger(g)].UserID == q.ev.User.ID
	}, "err.no_own_challenge")
	if err != nil {
		return err
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return err
	}
	defer unlock()
	rec := l.rec.Clone()
	if rec.Status != storage.StatusOpen {
		if rec.Status == storage.StatusActive {
			return oops("err.cancel_started", id)
		}
		return oops("err.not_open", id)
	}
	if rec.Players[challenger(rec)].UserID != q.ev.User.ID {
		return oops("err.cancel_not_yours", id)
	}
	rec.Status, rec.Reason = storage.StatusAborted, "cancelled"
	if err := q.announceChange(l, rec, Message{Text: q.t("cancel.done", id)}); err != nil {
		return err
	}
	_ = q.s.store.DeleteValue(q.ctx, invitesBucket, id)
	return nil
}

// writeFailed turns a failed game write into an answer: a conflict means somebody
// else changed the game first, and nothing of this command happened.
// save writes rec, a changed copy of l's record, with the version check, and
// keeps it in the cache with l's game; a failed write is turned into a reply.
// (The event's inbox record goes in the same transaction: see change.)
func (q *request) save(l *loaded, rec *storage.Game) error {
	_, err := q.change(l, rec, nil)
	return err
}

func (q *request) writeFailed(id string, err error) error {
	q.s.forget(id)
	if errors.Is(err, storage.ErrConflict) {
		return q.changedMeanwhile(id)
	}
	return fmt.Errorf("write game %s: %w", id, err)
}

// changedMeanwhile reloads a game that changed under a command and says how it
// stands now.
func (q *request) changedMeanwhile(id string) error {
	l, err := q.s.load(q.ctx, id)
	if err != nil {
		return err
	}
	if l.rec.Status != storage.StatusActive {
		return oops("err.changed_over", id)
	}
	s := l.toMove()
	return oops("err.changed", id, playerName(q.lang, l.rec, s), seatName(q.lang, l, s))
}
