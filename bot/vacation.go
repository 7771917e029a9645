package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Vacation (issue 23). /vacation 5d pauses the sender's clocks in every
// correspondence game of theirs (over linked identities) for five days: a
// turn of theirs that is running is pushed back by the vacation's length, and
// a turn that comes to them during it starts when it ends (afterMove). Each
// game's record holds the end (storage.Clock.Paused), so its captions tell
// the opponent. A move of theirs ends the vacation early, as /vacation end
// does; the unused days go back to the allowance: vacationAllowance a
// calendar year (UTC), charged by the time actually taken, to the year the
// vacation began.

const (
	vacationBucket    = "bot.vacation" // person -> vacation
	vacationAllowance = 30 * 24 * time.Hour
)

// vacation is one person's vacation state and what they used.
type vacation struct {
	Start time.Time `json:"start,omitzero"` // zero when not on vacation
	Until time.Time `json:"until,omitzero"`
	// Used is the time taken per calendar year ("2026").
	Used map[string]time.Duration `json:"used,omitempty"`
}

// settle closes a vacation that has run its course by now.
func (v *vacation) settle(now time.Time) {
	if !v.Start.IsZero() && !now.Before(v.Until) {
		v.charge(v.Until)
	}
}

// charge ends the vacation at end and books the time it took.
func (v *vacation) charge(end time.Time) {
	if v.Used == nil {
		v.Used = map[string]time.Duration{}
	}
	v.Used[strconv.Itoa(v.Start.UTC().Year())] += max(0, end.Sub(v.Start))
	v.Start, v.Until = time.Time{}, time.Time{}
}

// left is the allowance left in now's year, a running vacation counted whole.
func (v *vacation) left(now time.Time) time.Duration {
	used := v.Used[strconv.Itoa(now.UTC().Year())]
	if !v.Start.IsZero() {
		used += v.Until.Sub(v.Start)
	}
	return max(0, vacationAllowance-used)
}

func (s *Service) loadVacation(ctx context.Context, person string) (*vacation, error) {
	v := &vacation{}
	if err := s.store.GetValue(ctx, vacationBucket, person, v); err != nil && !errors.Is(err, storage.ErrNotFound) {
		return nil, fmt.Errorf("vacation of %s: %w", person, err)
	}
	v.settle(s.now())
	return v, nil
}

// parseDays reads a vacation's length: "5d", "5", "5天".
func parseDays(s string) (int, bool) {
	s = strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(s), "d"), "天")
	n, err := strconv.Atoi(s)
	return n, err == nil && n > 0
}

// cmdVacation starts, shows or ends a vacation: /vacation [5d | end].
func (q *request) cmdVacation(args []string) error {
	person := q.s.person(q.ctx, q.ev.Platform, q.ev.User.ID)
	v, err := q.s.loadVacation(q.ctx, person)
	if err != nil {
		return err
	}
	now := q.s.now()
	daysLeft := int(v.left(now) / (24 * time.Hour))
	if len(args) == 0 {
		if !v.Start.IsZero() {
			q.say("vacation.on", formatWhen(v.Until), T(q.lang, "n.days", daysLeft))
			return nil
		}
		q.say("vacation.off", T(q.lang, "n.days", daysLeft))
		return nil
	}
	if w := strings.ToLower(args[0]); w == "end" || w == "stop" || w == "結束" || w == "结束" {
		if v.Start.IsZero() {
			return oops("err.vacation_none")
		}
		if err := q.s.endVacation(q.ctx, q.ev.Platform, q.ev.User.ID, q.ev.User.Name, identity{q.ev.Platform, q.ev.ChatID}); err != nil {
			return err
		}
		q.say("vacation.ended", q.ev.User.Name)
		return nil
	}
	days, ok := parseDays(args[0])
	switch {
	case !ok:
		return oops("err.vacation_usage")
	case !v.Start.IsZero():
		return oops("err.vacation_already", formatWhen(v.Until))
	case time.Duration(days)*24*time.Hour > v.left(now):
		return oops("err.vacation_allowance", T(q.lang, "n.days", daysLeft))
	}
	v.Start, v.Until = now, now.Add(time.Duration(days)*24*time.Hour)
	if err := q.s.store.PutValue(q.ctx, vacationBucket, person, v); err != nil {
		return fmt.Errorf("store vacation: %w", err)
	}
	byChat, err := q.s.pauseGames(q.ctx, q.ev.Platform, q.ev.User.ID, v.Until)
	if err != nil {
		return err
	}
	q.s.tellChats(q.ctx, byChat, identity{q.ev.Platform, q.ev.ChatID}, "vacation.games", q.ev.User.Name, formatWhen(v.Until))
	n := gameCount(byChat)
	left := int(v.left(now) / (24 * time.Hour))
	q.say("vacation.started", q.ev.User.Name, formatWhen(v.Until), T(q.lang, "n.corr_games", n), T(q.lang, "n.days", left))
	return nil
}

// formatWhen is a moment as every chat reads it: "2026-05-09 09:00 UTC".
func formatWhen(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }

// corrGames calls fn for every active correspondence game of the person
// behind a user, with the seat they hold, under the game's lock, and returns
// the ids of the games fn changed, by chat.
func (s *Service) corrGames(ctx context.Context, platform, userID string, fn func(l *loaded, seat rules.Side) (bool, error)) (map[identity][]string, error) {
	games, err := s.gamesOf(ctx, platform, userID)
	if err != nil {
		return nil, err
	}
	byChat := map[identity][]string{}
	for _, pg := range games {
		if pg.seat < 0 || pg.rec.Status != storage.StatusActive || pg.rec.Clock.Control.Kind != storage.KindCorrespondence {
			continue
		}
		changed, err := func() (bool, error) {
			unlock := s.lockGame(pg.rec.ID)
			defer unlock()
			l, err := s.load(ctx, pg.rec.ID)
			if err != nil || l.rec.Status != storage.StatusActive {
				return false, err
			}
			return fn(l, rules.Side(pg.seat))
		}()
		if err != nil {
			return byChat, fmt.Errorf("game %s: %w", pg.rec.ID, err)
		}
		if changed {
			chat := identity{pg.rec.Platform, pg.rec.ChatID}
			byChat[chat] = append(byChat[chat], pg.rec.ID)
		}
	}
	return byChat, nil
}

// tellChats owes each chat of byChat one message about its games (key is
// given the games as "#1 #2"), but the chat skip, which the command answers.
func (s *Service) tellChats(ctx context.Context, byChat map[identity][]string, skip identity, key, name string, args ...any) {
	for chat, ids := range byChat {
		if chat == skip {
			continue
		}
		lang := En
		if c, err := s.store.Chat(ctx, chat.platform, chat.user); err == nil {
			lang = ParseLang(c.Language)
		}
		m := Message{Text: T(lang, key, append([]any{name, hashList(ids)}, args...)...)}
		s.owe(ctx, &pendingOut{m: m, entry: chatEntry(chat.platform, chat.user, m, lang, "")})
	}
}

// gameCount counts the games of byChat.
func gameCount(byChat map[identity][]string) int {
	n := 0
	for _, ids := range byChat {
		n += len(ids)
	}
	return n
}

// pauseGames starts a vacation until then in every correspondence game of
// the user: the running turn is pushed back.
func (s *Service) pauseGames(ctx context.Context, platform, userID string, until time.Time) (map[identity][]string, error) {
	now := s.now()
	return s.corrGames(ctx, platform, userID, func(l *loaded, seat rules.Side) (bool, error) {
		rec := l.rec.Clone()
		rec.Clock.Paused[seat] = until
		if l.toMove() == seat && !rec.Clock.Deadline.IsZero() {
			rec.Clock.Deadline = rec.Clock.Deadline.Add(until.Sub(now))
		}
		_, _, err := s.saveOwing(ctx, l, rec, func(*loaded) []*pendingOut { return nil })
		return err == nil, err
	})
}

// endVacation ends the user's vacation now: their running turns get back the
// time not taken, the allowance is charged what was, and the chats of their
// games are told (but skip, which the caller answers).
func (s *Service) endVacation(ctx context.Context, platform, userID, name string, skip identity) error {
	person := s.person(ctx, platform, userID)
	v, err := s.loadVacation(ctx, person)
	if err != nil || v.Start.IsZero() {
		return err
	}
	now := s.now()
	v.charge(now)
	if err := s.store.PutValue(ctx, vacationBucket, person, v); err != nil {
		return fmt.Errorf("store vacation: %w", err)
	}
	byChat, err := s.corrGames(ctx, platform, userID, func(l *loaded, seat rules.Side) (bool, error) {
		until := l.rec.Clock.Paused[seat]
		if !until.After(now) {
			return false, nil
		}
		rec := l.rec.Clone()
		rec.Clock.Paused[seat] = time.Time{}
		if l.toMove() == seat && !rec.Clock.Deadline.IsZero() {
			rec.Clock.Deadline = rec.Clock.Deadline.Add(-until.Sub(now))
		}
		_, _, err := s.saveOwing(ctx, l, rec, func(*loaded) []*pendingOut { return nil })
		return err == nil, err
	})
	s.tellChats(ctx, byChat, skip, "vacation.back", name)
	return err
}

// vacationLines are the caption's lines about players on vacation.
func vacationLines(lang Lang, rec *storage.Game, now time.Time) []string {
	var out []string
	for seat, until := range rec.Clock.Paused {
		if until.After(now) && rec.Status == storage.StatusActive {
			out = append(out, T(lang, "cap.vacation", playerName(lang, rec, rules.Side(seat)), formatWhen(until)))
		}
	}
	return out
}

// afterEvent is what an event's moves set off once the event is answered:
// the conditional answers due (premove.go), and the end of the mover's
// vacation, with messages of its own.
func (s *Service) afterEvent(ctx context.Context, q *request) {
	s.runPremoves(ctx, q.moved)
	if !q.back {
		return
	}
	c := &collector{}
	ctx = context.WithValue(ctx, outKey{}, c)
	bq := &request{s: s, ctx: ctx, ev: q.ev, chat: q.chat, lang: q.lang} // no replier: the platform sends
	defer bq.flush(c)
	if err := s.endVacation(ctx, q.ev.Platform, q.ev.User.ID, q.ev.User.Name, identity{}); err != nil {
		s.log.Warn("end of a vacation by a move", "err", err)
	}
}
