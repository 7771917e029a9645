package bot

import (
	"errors"
	"fmt"
	"github.com/chuhe/chuhe/bot/gameclock"
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
			return oops("err.needs_option", variantName(q.lang, base), errorText(q.lang, optErr.Err))
		}
		typed := typedOptions(n.opts)
		return oops("err.bad_option", variantName(q.lang, base), typed, optionProblem(q.lang, typed, optErr.Err))
	}
	if err != nil {
		return oops("err.bad_variant", n.slug, q.variantSlugs())
	}
	if missing := missingGlyphs(v); len(missing) > 0 {
		// A players' piece (piece=Q后:...) names its own character: it must be drawable.
		base, _ := q.s.reg.Get(n.slug)
		return oops("err.bad_option", variantName(q.lang, base), typedOptions(n.opts),
			q.t("err.font_lacks", string(missing)))
	}
	// Options that make a registered variant are stored as it (a stratagem
	// pair that is a named game).
	n.slug, n.opts = q.s.reg.Canonical(n.slug, n.opts)
	g, err := rules.NewGame(v, n.fen)
	if err != nil {
		return oops("err.bad_fen", fenProblem(q.lang, v, err), v.StartFEN)
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

// errorText is a module's error in the chat's language when the module wrote it
// as texts (rules.TextError), its Go text otherwise.
func errorText(l Lang, err error) string {
	if te := (*rules.TextError)(nil); errors.As(err, &te) {
		return te.Texts.Or(string(l))
	}
	return err.Error()
}

// optionProblem is an option's error for err.bad_option, which names the
// options as typed: a module that begins its text with the same words
// ("piece=Q:R@c0: …", useful when several pieces are given) is not made to
// say them twice.
func optionProblem(l Lang, typed string, err error) string {
	text := errorText(l, err)
	for _, sep := range []string{":", "："} {
		if rest, ok := strings.CutPrefix(text, typed+sep); ok {
			return strings.TrimSpace(rest)
		}
	}
	return text
}

// fenProblem says in the chat's language what is wrong with a FEN the rules
// refused: never the rules' own error text, which is written for programmers
// (i18n.Catalog.FEN).
func fenProblem(l Lang, v *rules.Variant, err error) string {
	var fe *rules.FENError
	if !errors.As(err, &fe) {
		return T(l, "fen.unreadable")
	}
	return texts.FEN(l, v, fe)
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
	gameclock.Start(&rec.Clock, q.s.now(), l.toMove())
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
