package bot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/chuhe/chuhe/bot/gameclock"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Setup secrets. In some variants the players choose secrets before the first
// move (rules.Variant.Setup: which general is real, which pieces lie face down).
// After /accept such a game has status Setup: each player gets the question
// privately and answers privately with /setup; the answers wait in the stored
// game's Secrets until both are in. Then the true start position
// (rules.ApplySecrets) replaces the public one in StartFEN and the game begins.
// A player who has not answered when the setup time is up gets a random valid
// answer (rules.DefaultSecret), drawn with the service's Rand.

// unseenCaptures replays a finished game and names each face-down piece that
// was captured without anybody being told what it was.
func unseenCaptures(l Lang, ld *loaded) []string {
	v := ld.game.Variant()
	g, err := rules.NewGame(v, ld.game.StartFEN())
	if err != nil {
		return nil
	}
	var out []string
	for i, m := range ld.game.Moves() {
		p := g.Position()
		if t := p.At(m.To); m.Flags&rules.FlagCapture != 0 && !t.Empty() && t.FaceDown() && !identified(ld.game.ReportOf(i+1), m.To) {
			k := &v.Kinds[t.Kind()]
			glyph := k.GlyphIn(t.Side(), l == ZhHans)
			name := "a " + k.Name
			if strings.ContainsRune("aeiou", rune(k.Name[0])) {
				name = "an " + k.Name
			}
			if l.Chinese() {
				name = glyph // the glyph says the kind; the name is English
			}
			out = append(out, T(l, "disclose.captured", rules.FormatCoord(p, m), v.Board.Name(m.To), name, glyph))
		}
		if err := g.Play(m); err != nil {
			break
		}
	}
	return out
}

// identified reports whether a move's report named the piece captured on sq,
// publicly or to a player.
func identified(r rules.Report, sq rules.Square) bool {
	facts := append(append(append([]rules.Fact(nil), r.Facts...), r.Told[rules.Red]...), r.Told[rules.Black]...)
	for _, f := range facts {
		if f.What == "identified" && len(f.Pieces) > 0 && f.Pieces[0].Square == sq {
			return true
		}
	}
	return false
}

// saltKey names the salt of a dealt game's fairness commitment in
// storage.Game.Secrets.
const saltKey = "salt"

// commitment is the public hash of a dealt game's start and salt,
// sha256(start FEN + " " + salt) in hex, or "" for a game without a salt.
func commitment(rec *storage.Game) string {
	salt := rec.Secrets[saltKey]
	if salt == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(rec.StartFEN + " " + salt))
	return hex.EncodeToString(sum[:])
}

// secretKey names side s's answer in storage.Game.Secrets.
func secretKey(s rules.Side) string {
	if s == rules.Red {
		return "red"
	}
	return "black"
}

// setupTime is how long the players have to choose their secrets.
func setupTime(tc storage.TimeControl) time.Duration {
	switch tc.Kind {
	case storage.KindLive:
		return 5 * time.Minute
	case storage.KindCorrespondence:
		return tc.PerMove
	}
	return 24 * time.Hour
}

// beginSetup starts the setup of an accepted game (rec, seats filled, not yet
// stored): it stores the game in status Setup, posts the public start and asks
// each player privately.
func (q *request) beginSetup(l *loaded, rec *storage.Game, choices []rules.Choice) error {
	now := q.s.now()
	rec.Status = storage.StatusSetup
	rec.Clock.TurnStarted = now
	rec.Clock.Deadline = now.Add(setupTime(rec.Clock.Control))
	if rec.Secrets == nil {
		rec.Secrets = storage.Secrets{}
	}
	v := l.game.Variant()
	head := q.t("setup.begins", rec.ID, rec.Players[0].Name, sideName(q.lang, v, rules.Red),
		rec.Players[1].Name, sideName(q.lang, v, rules.Black), formatSpan(q.lang, rec.Clock.Deadline.Sub(now)))
	if len(choices) == 1 {
		// A custom start with one side's secrets set: only the other side chooses.
		s := choices[0].Side
		head = q.t("setup.begins_one", rec.ID, rec.Players[0].Name, sideName(q.lang, v, rules.Red),
			rec.Players[1].Name, sideName(q.lang, v, rules.Black), playerName(q.lang, rec, s),
			formatSpan(q.lang, rec.Clock.Deadline.Sub(now)))
	}
	last, d := q.s.lastMove(q.display(), l), q.display()
	// The public start and each player's question are written with the game.
	nl, err := q.change(l, rec, func(nl *loaded) []*pendingOut {
		outs := []*pendingOut{q.boardOut(nl, head, last)}
		for _, c := range choices {
			outs = append(outs, q.s.privateOut(d, nl.rec, c.Side, q.s.setupPromptText(d, nl, c)))
		}
		return outs
	})
	if err != nil {
		return err
	}
	_ = q.s.store.DeleteValue(q.ctx, invitesBucket, rec.ID)
	q.s.log.Info("setup", "game", nl.rec)
	return nil
}

// setupPrompt is the private question of one player, with their board.
func (s *Service) setupPrompt(d display, l *loaded, c rules.Choice) Message {
	m := s.privateBoard(d, l, c.Side)
	m.Text = s.setupPromptText(d, l, c).Text
	return m
}

// setupPromptText is setupPrompt without its image (the outbox draws it from
// the board's reference), for use inside a store write.
func (s *Service) setupPromptText(d display, l *loaded, c rules.Choice) Message {
	m := s.privateBoardText(d, l, c.Side)
	prompt := c.Prompt
	if !c.Prompts.IsZero() {
		prompt = c.Prompts.Or(string(d.lang))
	}
	m.Text = T(d.lang, "setup.prompt", l.rec.ID, variantName(d.lang, l.game.Variant()), prompt, l.rec.ID, c.Example)
	return m
}

// choiceOf is side s's setup question in game l, if the game is in setup and s
// has not answered yet.
func choiceOf(l *loaded, s rules.Side) (rules.Choice, bool) {
	if l.rec.Status != storage.StatusSetup || l.rec.Secrets[secretKey(s)] != "" {
		return rules.Choice{}, false
	}
	cs, err := rules.SecretChoices(l.game.Variant(), l.rec.StartFEN)
	if err != nil {
		return rules.Choice{}, false
	}
	return choiceFor(cs, s)
}

// choiceFor is side s's question among cs; a side that is not asked (its
// secrets are set by a custom start) has nothing to choose.
func choiceFor(cs []rules.Choice, s rules.Side) (rules.Choice, bool) {
	for _, c := range cs {
		if c.Side == s {
			return c, true
		}
	}
	return rules.Choice{}, false
}

// answered reports whether side s is done with the setup of rec: it has
// answered, or it has nothing to choose.
func answered(rec *storage.Game, cs []rules.Choice, s rules.Side) bool {
	if _, asked := choiceFor(cs, s); !asked {
		return true
	}
	return rec.Secrets[secretKey(s)] != ""
}

// cmdSetup takes a player's secret answer: /setup [#ID] ANSWER, privately.
func (q *request) cmdSetup(args []string) error {
	id, rest := splitGameID(args, false)
	if id == "" && len(rest) > 0 && isGameID(rest[0]) {
		// "/setup 1 real e0", as the question says: no answer starts with a number.
		id, rest = rest[0], rest[1:]
	}
	answer := strings.TrimSpace(strings.Join(rest, " "))
	confidential := q.ev.Private || q.ev.Confidential
	if answer != "" && !confidential {
		// Said in public, it is no secret any more: refuse it, so the player can
		// choose another one privately.
		return oops("err.setup_public")
	}
	id, err := q.chooseGame(id, func(g *storage.Game) bool {
		seat := seatOf(g, q.ev.User.ID)
		return g.Status == storage.StatusSetup && seat >= 0
	}, "err.setup_none")
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
		return err
	}
	rec := l.rec.Clone()
	if rec.Status != storage.StatusSetup {
		return oops("err.setup_not_now", id)
	}
	v := l.game.Variant()
	cs, err := rules.SecretChoices(v, rec.StartFEN)
	if err != nil || len(cs) == 0 {
		return oops("err.setup_not_now", id)
	}
	choice, ok := choiceFor(cs, side)
	if !ok {
		// This side's secrets are set by the start position: nothing to ask.
		return oops("err.setup_nothing", id, playerName(q.lang, rec, side.Other()))
	}
	if answer == "" {
		m := q.s.setupPrompt(q.display(), l, choice)
		if confidential {
			q.reply(m)
			return nil
		}
		q.s.sendPrivate(q.ctx, q.display(), l, side, m, q.rep, q.ev.User.ID)
		return nil
	}
	if err := rules.CheckSecret(v, rec.StartFEN, side, answer); err != nil {
		why := strings.TrimPrefix(err.Error(), "rules: ")
		if te := (*rules.TextError)(nil); errors.As(err, &te) {
			why = te.Texts.Or(string(q.lang)) // the module's words, in every language
		}
		return oops("err.setup_bad", why, id, choice.Example)
	}
	if rec.Secrets == nil {
		rec.Secrets = storage.Secrets{}
	}
	rec.Secrets[secretKey(side)] = answer
	if !answered(rec, cs, side.Other()) {
		if err := q.save(l, rec); err != nil {
			return err
		}
		q.say("setup.saved", id, playerName(q.lang, rec, side.Other()))
		return nil
	}
	d := q.s.chatDisplay(q.ctx, rec)
	done := T(d.lang, "setup.done", id)
	if len(cs) == 1 {
		done = T(d.lang, "setup.done_one", id, playerName(d.lang, rec, side))
	}
	_, outs, err := q.s.finishSetup(q.ctx, l, rec, func(nl *loaded) []*pendingOut {
		return q.s.startOwed(d, nl, done)
	}, q.consumed()...)
	if err != nil {
		return err
	}
	if len(cs) == 1 {
		q.say("setup.saved_only", id)
	} else {
		q.say("setup.saved_last", id)
	}
	q.s.oweAll(q.ctx, outs)
	return nil
}

// startOwed is what the start of a game after its setup owes: the first public
// board (head, then the public facts of the start) and each secret holder's
// own board. It runs inside the store's write and draws nothing.
func (s *Service) startOwed(d display, nl *loaded, head string) []*pendingOut {
	view := nl.pos().View(rules.Public)
	outs := []*pendingOut{publicOut(d, nl.rec, s.boardMessageOf(d, nl, view, nil, joinLines(head, startFacts(d.lang, nl)), ""))}
	return append(outs, s.privateBoardsOf(d, nl, false)...)
}

// finishSetup builds the true start from both answers in rec.Secrets, stores the
// game as active with the messages owed makes of it, and returns it and them.
// The caller holds the game's lock.
func (s *Service) finishSetup(ctx context.Context, l *loaded, rec *storage.Game, owed func(*loaded) []*pendingOut, consume ...storage.ValueRef) (*loaded, []*pendingOut, error) {
	v := l.game.Variant()
	start, err := rules.ApplySecrets(v, rec.StartFEN, [2]string{rec.Secrets["red"], rec.Secrets["black"]})
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: apply the secrets: %w", rec.ID, err)
	}
	g, err := rules.NewGame(v, start)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: the true start: %w", rec.ID, err)
	}
	rec.StartFEN = g.StartFEN()
	rec.Status = storage.StatusActive
	gameclock.Start(&rec.Clock, s.now(), g.Position().ToMove())
	nl, outs, err := s.saveOwing(ctx, &loaded{rec: l.rec, game: g}, rec, owed, consume...)
	if err != nil {
		if errors.Is(err, storage.ErrConflict) {
			return nil, nil, err
		}
		return nil, nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	s.log.Info("game started", "game", nl.rec)
	return nl, outs, nil
}

// setupTimeout answers for the players who did not choose in time and starts the
// game. The caller holds the game's lock.
func (s *Service) setupTimeout(ctx context.Context, l *loaded) error {
	rec := l.rec.Clone()
	v := l.game.Variant()
	d := s.chatDisplay(ctx, rec)
	if rec.Secrets == nil {
		rec.Secrets = storage.Secrets{}
	}
	cs, err := rules.SecretChoices(v, rec.StartFEN)
	if err != nil {
		return fmt.Errorf("game %s: the setup questions: %w", rec.ID, err)
	}
	var late []string
	for side := rules.Red; side <= rules.Black; side++ {
		if answered(rec, cs, side) {
			continue
		}
		s.rngMu.Lock()
		rec.Secrets[secretKey(side)] = rules.DefaultSecret(v, rec.StartFEN, side, s.rng)
		s.rngMu.Unlock()
		late = append(late, playerName(d.lang, rec, side))
	}
	head := T(d.lang, "setup.defaulted", rec.ID, d.lang.List(late)) + "\n" + T(d.lang, "setup.done", rec.ID)
	_, outs, err := s.finishSetup(ctx, l, rec, func(nl *loaded) []*pendingOut { return s.startOwed(d, nl, head) })
	if err != nil {
		return err
	}
	s.oweAll(ctx, outs)
	return nil
}

// factText puts a public fact of a move (a reveal, a flip, the disclosure at the
// end) into words: the rules' English sentence, or the pieces in Chinese.
func factText(l Lang, v *rules.Variant, f rules.Fact) string {
	if !f.Texts.IsZero() {
		return f.Texts.Or(string(l)) // the module's own sentence, in every language
	}
	if !l.Chinese() || len(f.Pieces) == 0 {
		return f.Text
	}
	var ps []string
	for _, p := range f.Pieces {
		name := p.Name
		if k := v.KindByLetter(p.Letter); k >= 0 {
			name = v.Kinds[k].GlyphIn(p.Side, l == ZhHans)
		}
		ps = append(ps, strings.TrimSpace(v.Board.Name(p.Square)+" "+name)) // a square alone: a piece captured unseen
	}
	key := "fact." + f.What
	if texts.Has(key+".forced") && f.Forced {
		key += ".forced"
	}
	if !texts.Has(key) {
		key = "fact.other"
	}
	return T(l, key, sideName(l, v, f.Side), l.List(ps))
}

// factLines puts the public facts of a report into words, one line each.
func factLines(l Lang, v *rules.Variant, r rules.Report) string {
	var lines []string
	for _, f := range r.Facts {
		lines = append(lines, factText(l, v, f))
	}
	return strings.Join(lines, "\n")
}

// startFacts is what the rules made public at the start of a game: a custom
// start can call for a forced reveal before the first move.
func startFacts(l Lang, ld *loaded) string {
	return factLines(l, ld.game.Variant(), ld.game.ReportOf(0))
}

// joinLines joins the non-empty texts with newlines.
func joinLines(texts ...string) string {
	var out []string
	for _, t := range texts {
		if t != "" {
			out = append(out, t)
		}
	}
	return strings.Join(out, "\n")
}

// disclosure lists the secrets left on the board of a game that is over, for
// everyone: a hidden game's end makes everything public.
func disclosure(l Lang, ld *loaded) string {
	v := ld.game.Variant()
	var lines []string
	for _, f := range ld.pos().Secrets() {
		lines = append(lines, factText(l, v, f))
	}
	// A game dealt by chance shows its deal (banqi.md and jieqi.md §7: the
	// whole start layout, so that the players can check the flips).
	if v.Deals() {
		lines = append(lines, T(l, "disclose.deal", ld.game.StartFEN()))
		if salt := ld.rec.Secrets[saltKey]; salt != "" {
			lines = append(lines, T(l, "disclose.salt", salt, commitment(ld.rec)))
		}
	}
	// Face-down pieces captured unseen that nobody was told of (jieqi's
	// captured=none) are named now, with the move that took them (§7.5).
	if v.Deals() {
		lines = append(lines, unseenCaptures(l, ld)...)
	}
	// What the players were told alone (the face-down pieces captured in
	// jieqi) is public once the game is over.
	for _, f := range ld.game.Told() {
		if len(f.Pieces) > 0 && f.Texts.IsZero() { // identities, not what a player knew then (a pool)
			lines = append(lines, f.Text)
		} else if len(f.Pieces) > 0 {
			lines = append(lines, f.Texts.Or(string(l)))
		}
	}
	return strings.Join(lines, "\n")
}
