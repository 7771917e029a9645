package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/chuhe/chuhe/puzzle"
	"github.com/chuhe/chuhe/storage"
)

// The puzzle's leaderboard, the chats' subscriptions and the daily post (Tick).

// puzzleTop is the chat's leaderboard: most solved, then the current streak,
// then the best one.
func (q *request) puzzleTop() error {
	recs, err := q.s.store.PuzzleScores(q.ctx, q.ev.Platform, q.ev.ChatID)
	if err != nil {
		return err
	}
	today := puzzle.Date(q.puzzleLocal())
	scores := make([]puzzle.Score, 0, len(recs))
	for _, r := range recs {
		if r.Solved > 0 {
			scores = append(scores, scoreOf(r))
		}
	}
	if len(scores) == 0 {
		q.say("puzzle.top.none")
		return nil
	}
	puzzle.Rank(scores, today)
	lines := []string{q.t("puzzle.top.head")}
	for i, sc := range scores {
		if i >= puzzleTop && sc.UserID != q.ev.User.ID {
			continue
		}
		name := sc.Name
		if name == "" {
			name = sc.UserID
		}
		lines = append(lines, q.t("puzzle.top.line", i+1, name, sc.Solved, sc.CurrentStreak(today), sc.BestStreak))
	}
	q.reply(Message{Text: strings.Join(lines, "\n")})
	return nil
}

// puzzleSubscribe sets the chat's daily post: /puzzle subscribe HH:MM [zone].
// When today's post time has passed, today's puzzle comes at once.
func (q *request) puzzleSubscribe(args []string) error {
	if !q.ev.Private && !q.ev.Admin {
		return oops("err.puzzle_admin")
	}
	if len(args) > 2 {
		return oops("err.puzzle_sub_usage")
	}
	if len(args) == 0 {
		args = []string{q.s.pz.defaultTime}
	}
	if _, err := puzzle.ParseSubscription(args[0], ""); err != nil {
		return oops("err.puzzle_bad_time", clip(args[0]))
	}
	tz := q.s.pz.defaultZone
	if len(args) == 2 {
		tz = args[1]
	}
	sub, err := puzzle.ParseSubscription(args[0], tz)
	if err != nil {
		return oops("err.puzzle_bad_zone", clip(tz))
	}
	c, err := q.s.store.UpdateChat(q.ctx, q.ev.Platform, q.ev.ChatID, func(c *storage.Chat) error {
		c.PuzzleSubscribed = true
		c.PuzzleTime, c.PuzzleTZ = sub.Time, sub.TZ
		return nil
	})
	if err != nil {
		return err
	}
	q.chat = c
	q.s.log.Info("puzzle subscription", "platform", c.Platform, "chat", c.ChatID, "time", c.PuzzleTime, "tz", c.PuzzleTZ)
	now := q.s.now()
	s := subscriptionOf(c)
	if _, due, err := s.Due(now); err == nil && due {
		q.say("puzzle.subscribed_now", c.PuzzleTime, zoneName(c.PuzzleTZ))
		return q.s.postIfDue(q.ctx, c.Platform, c.ChatID, now, q.replyAbout)
	}
	next, err := s.Next(now)
	if err != nil {
		return err
	}
	q.say("puzzle.subscribed", c.PuzzleTime, zoneName(c.PuzzleTZ), next.Format("2006-01-02 15:04"))
	return nil
}

// puzzleUnsubscribe stops the chat's daily post.
func (q *request) puzzleUnsubscribe() error {
	if !q.ev.Private && !q.ev.Admin {
		return oops("err.puzzle_admin")
	}
	if !q.chat.PuzzleSubscribed {
		q.say("puzzle.not_subscribed")
		return nil
	}
	c, err := q.s.store.UpdateChat(q.ctx, q.ev.Platform, q.ev.ChatID, func(c *storage.Chat) error {
		c.PuzzleSubscribed = false
		return nil
	})
	if err != nil {
		return err
	}
	q.chat = c
	q.s.log.Info("puzzle unsubscribed", "platform", c.Platform, "chat", c.ChatID)
	q.say("puzzle.unsubscribed")
	return nil
}

// puzzleReplyText handles a message that is not a command: a reply to one of
// the bot's puzzle messages is an answer, and so is plain text in a private
// chat that was shown today's puzzle. handled is false for anything else.
func (q *request) puzzleReplyText(text string) (handled bool, err error) {
	if date, ok := q.puzzleReplyDate(); ok {
		return true, q.puzzleAnswer(text, date, true)
	}
	if !q.ev.Private {
		return false, nil
	}
	cp := q.s.loadChatPuzzle(q.ctx, q.ev.Platform, q.ev.ChatID)
	if cp.Date == "" || cp.Date != puzzle.Date(q.puzzleLocal()) {
		return false, nil
	}
	return true, q.puzzleAnswer(text, cp.Date, true)
}

// tickPuzzles posts the daily puzzle in every subscribed chat whose post is
// due, once a minute at most (post times are whole minutes).
func (s *Service) tickPuzzles(ctx context.Context, now time.Time) error {
	minute := now.Truncate(time.Minute)
	s.pz.mu.Lock()
	if s.pz.checked.Equal(minute) {
		s.pz.mu.Unlock()
		return nil
	}
	s.pz.checked = minute
	s.pz.mu.Unlock()
	// Only the chats whose post time has come (each chat stores it: tick.go).
	chats, err := s.store.DueChats(ctx, now, tickBatch)
	if err != nil {
		return fmt.Errorf("tick puzzles: %w", err)
	}
	var errs []error
	for _, c := range chats {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if _, due, err := subscriptionOf(c).Due(now); err != nil || !c.PuzzleSubscribed || !due {
			if err := s.rewakeChat(ctx, c, now); err != nil {
				errs = append(errs, fmt.Errorf("puzzle of %s/%s: %w", c.Platform, c.ChatID, err))
			}
			continue
		}
		if s.platform(c.Platform) == nil {
			continue // not running now; the post waits for it (the same day)
		}
		platform, chatID, lang := c.Platform, c.ChatID, ParseLang(c.Language)
		send := func(m Message, about string) {
			s.owe(ctx, &pendingOut{m: m, about: about, entry: chatEntry(platform, chatID, m, lang, about)})
		}
		if err := s.postIfDue(ctx, c.Platform, c.ChatID, now, send); err != nil {
			errs = append(errs, fmt.Errorf("puzzle of %s/%s: %w", c.Platform, c.ChatID, err))
		}
	}
	return errors.Join(errs...)
}

// postIfDue posts a subscribed chat's puzzle if it is due at now. It first
// stores the date as posted, in one atomic update that fails when another tick
// or process came first, and then posts: a crash in between loses that day's
// post rather than doubling it.
func (s *Service) postIfDue(ctx context.Context, platform, chatID string, now time.Time, send func(m Message, about string)) error {
	unlock := s.lockPuzzle(platform, chatID)
	defer unlock()
	var local time.Time
	c, err := s.store.UpdateChat(ctx, platform, chatID, func(c *storage.Chat) error {
		if !c.PuzzleSubscribed {
			return errNotDue
		}
		day, due, err := subscriptionOf(c).Due(now)
		if err != nil {
			return err
		}
		if !due {
			return errNotDue
		}
		local = day
		c.PuzzleLastPosted = puzzle.Date(day)
		return nil
	})
	if errors.Is(err, errNotDue) {
		return nil
	}
	if err != nil {
		return err
	}
	s.log.Info("daily puzzle", "platform", platform, "chat", chatID, "date", c.PuzzleLastPosted)
	return s.postPuzzle(ctx, c, local, send)
}
