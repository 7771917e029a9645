package bot

import (
	"fmt"
	"github.com/chuhe/chuhe/bot/gameclock"
	"strconv"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Starting a game against the bot: /play, /new ... @bot, its level, and the
// secrets it draws for itself.

// parseLevel reads the value of level=N: 1 to 8, and 9 when an external engine
// is configured.
func (q *request) parseLevel(val string) (int, error) {
	top := engine.MaxLevel
	if q.s.aiCfg.External != nil {
		top = ExternalLevel
	}
	n, err := strconv.Atoi(val)
	if err != nil || n < engine.MinLevel || n > top {
		return 0, oops("err.bad_level", val, top)
	}
	return n, nil
}

// cmdPlay is /play [VARIANT] [level=N] [time] [side]: a game against the bot,
// which begins at once.
func (q *request) cmdPlay(args []string) error {
	return q.newGame(args, true)
}

// startBotGame creates rec (the sender's seat filled, not yet stored) as a game
// against the engine at level, begun at once: the bot accepts without being
// asked. In a variant with setup secrets the bot's own answer is drawn now
// (rules.DefaultSecret, the service's Rand) and the game waits for the
// player's; the first board and the player's question are written with the
// game.
func (q *request) startBotGame(v *rules.Variant, g *rules.Game, rec *storage.Game, seat, level int) error {
	if rec.StartFEN != "" {
		// The dealt start (jieqi's shuffle) is the game's: g was made before the deal.
		var err error
		if g, err = rules.NewGame(v, rec.StartFEN); err != nil {
			return fmt.Errorf("%s: the dealt start: %w", v.Slug, err)
		}
	}
	me := q.s.botUser(q.ev.Platform)
	botSide := rules.Side(1 - seat)
	rec.Players[botSide] = storage.Player{UserID: me.ID, Name: me.Name, Level: level}
	choices, err := rules.SecretChoices(v, rec.StartFEN)
	if err != nil {
		return fmt.Errorf("setup of %s: %w", v.Slug, err)
	}
	var asked *rules.Choice
	for _, c := range choices {
		if c.Side == botSide {
			if rec.Secrets == nil {
				rec.Secrets = storage.Secrets{}
			}
			rec.Secrets[secretKey(botSide)] = q.s.defaultSecret(v, rec.StartFEN, botSide)
		} else {
			asked = &c
		}
	}
	now := q.s.now()
	if level == ExternalLevel && (v.Slug != q.s.reg.DefaultSlug() || len(rec.Options) > 0) {
		return oops("err.level_external", q.s.botName)
	}
	if asked == nil && len(choices) > 0 {
		// Only the bot had something to choose: the game begins from the true start.
		start, err := rules.ApplySecrets(v, rec.StartFEN, [2]string{rec.Secrets["red"], rec.Secrets["black"]})
		if err != nil {
			return fmt.Errorf("%s: apply the bot's secrets: %w", v.Slug, err)
		}
		if g, err = rules.NewGame(v, start); err != nil {
			return fmt.Errorf("%s: the true start: %w", v.Slug, err)
		}
		rec.StartFEN = g.StartFEN()
	}
	if asked != nil {
		rec.Status = storage.StatusSetup
		rec.Clock.TurnStarted = now
		rec.Clock.Deadline = now.Add(setupTime(rec.Clock.Control))
	} else {
		rec.Status = storage.StatusActive
		gameclock.Start(&rec.Clock, now, rules.Side(g.Position().Seat(g.Position().ToMove())))
	}
	d := q.display()
	var outs []*pendingOut
	stored, entries, err := q.s.store.ChangeGame(q.ctx, storage.GameChange{Replace: rec, Consume: q.consumed(),
		Outbox: func(sg *storage.Game) ([]*storage.OutboxEntry, error) {
			nl := &loaded{rec: sg, game: g}
			head := q.t("bot.begins", sg.ID, playerName(q.lang, sg, rules.Red), seatWord(q.lang, v, rules.Red),
				playerName(q.lang, sg, rules.Black), seatWord(q.lang, v, rules.Black), q.describeControl(sg.Clock.Control))
			if asked != nil {
				head += "\n" + q.t("bot.setup", playerName(q.lang, sg, rules.Side(seat)), formatSpan(q.lang, sg.Clock.Deadline.Sub(now)))
				outs = []*pendingOut{q.boardOut(nl, head, ""), q.s.privateOut(d, sg, asked.Side, q.s.setupPromptText(d, nl, *asked))}
			} else {
				outs = append([]*pendingOut{q.boardOut(nl, joinLines(head, startFacts(q.lang, nl)), "")}, q.s.privateBoardsOf(d, nl, false)...)
			}
			es := make([]*storage.OutboxEntry, len(outs))
			for i, p := range outs {
				if q.s.out.cfg.Mode == DeliverInline {
					p.entry.Lease = q.s.ownLease()
				}
				es[i] = p.entry
			}
			return es, nil
		}})
	if err != nil {
		return fmt.Errorf("create game: %w", err)
	}
	for i, p := range outs {
		p.entry, p.stored = entries[i], true
	}
	q.s.oweAll(q.ctx, outs)
	q.s.keep(&loaded{rec: stored, game: g}) // the engine hears of its turn
	q.s.log.Info("game against the bot", "game", stored, "level", level)
	return nil
}

// defaultSecret draws side s's setup answer with the service's Rand.
func (s *Service) defaultSecret(v *rules.Variant, startFEN string, side rules.Side) string {
	s.rngMu.Lock()
	defer s.rngMu.Unlock()
	return rules.DefaultSecret(v, startFEN, side, s.rng)
}
