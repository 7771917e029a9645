package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/chuhe/chuhe/puzzle"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Daily puzzles (issue 9): the /puzzle command family, a solving session per
// user and chat, the daily post of subscribed chats in Tick, streaks and the
// leaderboard. The puzzles, their schedule and the judging of answers are the
// puzzle package's; this file stores, posts and talks.
//
// State lives in storage, so a restart loses nothing:
//   - storage.Chat: the subscription (PuzzleSubscribed, PuzzleTime, PuzzleTZ)
//     and PuzzleLastPosted, which Tick sets before posting (one post per local
//     date, even with two ticks or two processes);
//   - value bucket puzzleChatBucket: per chat, the puzzle last shown there and
//     the bot's messages about it (replies to them are answers);
//   - value bucket puzzleProgressBucket: per chat and user, today's try
//     (puzzle.State) and whether the user saw the solution;
//   - storage.PuzzleScore: solved count and streaks per chat and user.

const (
	puzzleChatBucket     = "bot.puzzle_chat"     // platform/chat -> chatPuzzle
	puzzleProgressBucket = "bot.puzzle_progress" // platform/chat/user -> puzzleProgress
	// puzzleRefPrefix marks a remembered bot message as one about the puzzle of
	// a date ("puzzle:2026-05-04") rather than a game.
	puzzleRefPrefix = "puzzle:"
	// puzzleMaxRefs bounds the stored message ids of a chat's puzzle.
	puzzleMaxRefs = 64
	// solutionAfterWrong is the number of wrong answers (or hints) after which
	// /puzzle solution shows the solution before the next day.
	solutionAfterWrong = 3
	solutionAfterHints = 2
	// solutionMaxAge: the solution of a puzzle shown more than this many days
	// before the new one is not posted any more.
	solutionMaxAge = 7
	// puzzleTop is the length of the leaderboard.
	puzzleTop = 10
)

// puzzleState is the service's puzzle machinery: the collection (embedded unless
// Config.Puzzles gives one) and the minute Tick last looked at subscriptions.
type puzzleState struct {
	once sync.Once
	coll *puzzle.Collection
	err  error

	mu      sync.Mutex
	checked time.Time

	defaultTime, defaultZone string // for /puzzle subscribe without them
}

// chatPuzzle is what a chat was last shown: the puzzle's date and id, and the
// bot's messages about it, so that a reply to one is an answer after a restart.
type chatPuzzle struct {
	Date string   `json:"date"`
	ID   string   `json:"id"`
	Refs []string `json:"refs,omitempty"`
}

// puzzleProgress is one user's try in one chat on one date.
type puzzleProgress struct {
	Date  string       `json:"date"`
	State puzzle.State `json:"state"`
	// Revealed: the user saw the solution, so a solve does not count that day.
	Revealed bool `json:"revealed,omitempty"`
}

var errNotDue = errors.New("bot: no puzzle due")

// puzzles returns the collection, loading the embedded one on first use.
func (s *Service) puzzles() (*puzzle.Collection, error) {
	s.pz.once.Do(func() {
		if s.pz.coll == nil {
			s.pz.coll, s.pz.err = puzzle.Load()
		}
	})
	return s.pz.coll, s.pz.err
}

var keyEscaper = strings.NewReplacer("%", "%25", "/", "%2F")

// valueKey joins key parts with "/", escaping any "/" inside them.
func valueKey(parts ...string) string {
	for i, p := range parts {
		parts[i] = keyEscaper.Replace(p)
	}
	return strings.Join(parts, "/")
}

// lockPuzzle serializes the puzzle work of one chat (posts, answers, hints).
// Game ids are decimal, so the key cannot meet a game's.
func (s *Service) lockPuzzle(platform, chatID string) func() {
	return s.lockGame("puzzle/" + valueKey(platform, chatID))
}

// chatLocation is the time zone a chat's puzzle dates are in: its
// subscription's, else UTC.
func chatLocation(c *storage.Chat) *time.Location {
	loc, err := puzzle.Location(c.PuzzleTZ)
	if err != nil {
		return time.UTC
	}
	return loc
}

func subscriptionOf(c *storage.Chat) puzzle.Subscription {
	return puzzle.Subscription{Time: c.PuzzleTime, TZ: c.PuzzleTZ, LastPosted: c.PuzzleLastPosted}
}

func (s *Service) loadChatPuzzle(ctx context.Context, platform, chatID string) chatPuzzle {
	var cp chatPuzzle
	if err := s.store.GetValue(ctx, puzzleChatBucket, valueKey(platform, chatID), &cp); err != nil && !errors.Is(err, storage.ErrNotFound) {
		s.log.Warn("load chat puzzle", "platform", platform, "chat", chatID, "err", err)
	}
	return cp
}

func (s *Service) saveChatPuzzle(ctx context.Context, platform, chatID string, cp chatPuzzle, refID string) {
	if refID != "" {
		cp.Refs = append(cp.Refs, refID)
		if len(cp.Refs) > puzzleMaxRefs {
			cp.Refs = cp.Refs[len(cp.Refs)-puzzleMaxRefs:]
		}
	}
	if err := s.store.PutValue(ctx, puzzleChatBucket, valueKey(platform, chatID), cp); err != nil {
		s.log.Warn("save chat puzzle", "platform", platform, "chat", chatID, "err", err)
	}
}

// puzzleReplyDate reports whether the event replies to a bot message about a
// puzzle, and the date of that puzzle.
func (q *request) puzzleReplyDate() (string, bool) {
	id := q.ev.ReplyTo
	if id == "" {
		return "", false
	}
	q.s.mu.Lock()
	v, known := q.s.refs[MessageRef{ChatID: q.ev.ChatID, ID: id}]
	q.s.mu.Unlock()
	if !known { // perhaps delivered by the outbox sender, or before a restart
		v = q.s.sentAbout(q.ev.ChatID, id)
		known = v != ""
	}
	if known {
		return strings.CutPrefix(v, puzzleRefPrefix)
	}
	// Not in memory: perhaps a message from before a restart.
	cp := q.s.loadChatPuzzle(q.ctx, q.ev.Platform, q.ev.ChatID)
	if cp.Date != "" && slices.Contains(cp.Refs, id) {
		return cp.Date, true
	}
	return "", false
}

// puzzleLocal is now in the chat's puzzle time zone.
func (q *request) puzzleLocal() time.Time { return q.s.now().In(chatLocation(q.chat)) }

// cmdPuzzle dispatches /puzzle and its subcommands. A button carries the
// puzzle's date as "#2026-05-04".
func (q *request) cmdPuzzle(args []string) error {
	var date string
	var rest []string
	for _, a := range args {
		if d, ok := strings.CutPrefix(a, "#"); ok {
			if _, err := time.Parse(time.DateOnly, d); err == nil {
				date = d
				continue
			}
		}
		rest = append(rest, a)
	}
	if len(rest) == 0 {
		return q.puzzleShow()
	}
	more := rest[1:]
	switch strings.ToLower(rest[0]) {
	case "today", "show", "今日", "今天":
		return q.puzzleShow()
	case "subscribe", "sub", "訂閱", "订阅":
		return q.puzzleSubscribe(more)
	case "unsubscribe", "unsub", "stop", "取消訂閱", "取消订阅", "退訂", "退订":
		return q.puzzleUnsubscribe()
	case "hint", "提示":
		return q.puzzleHint(date)
	case "answer", "a", "回答", "作答", "答":
		if len(more) == 0 {
			return oops("err.puzzle_answer_empty")
		}
		return q.puzzleAnswer(strings.Join(more, " "), date, false)
	case "solution", "答案", "解答":
		return q.puzzleSolution()
	case "top", "leaderboard", "rank", "排行", "排行榜":
		return q.puzzleTop()
	}
	if len(rest) == 1 {
		return q.puzzleAnswer(rest[0], date, false) // "/puzzle 炮二平五"
	}
	return oops("err.puzzle_usage", clip(strings.Join(rest, " ")))
}

// puzzleShow posts today's puzzle in the chat (after the solution of the one
// shown there before, when that was on an earlier date).
func (q *request) puzzleShow() error {
	unlock := q.s.lockPuzzle(q.ev.Platform, q.ev.ChatID)
	defer unlock()
	return q.s.postPuzzle(q.ctx, q.chat, q.puzzleLocal(), q.replyAbout)
}

// postPuzzle posts the puzzle of local's date with send: first the solution of
// the puzzle the chat was shown before, if that was on an earlier date (at most
// solutionMaxAge days ago), then the board, the task and the credit line. The
// caller holds the chat's puzzle lock.
func (s *Service) postPuzzle(ctx context.Context, c *storage.Chat, local time.Time, send func(m Message, about string)) error {
	coll, err := s.puzzles()
	if err != nil {
		return err
	}
	v, err := s.variant(puzzle.VariantSlug, nil)
	if err != nil {
		return err
	}
	d := display{lang: ParseLang(c.Language), notation: c.Notation}
	today := puzzle.Date(local)
	pz := coll.Daily(local)
	cp := s.loadChatPuzzle(ctx, c.Platform, c.ChatID)
	if cp.Date != "" && cp.Date < today && daysBetween(cp.Date, today) <= solutionMaxAge {
		if old, err := coll.ByID(cp.ID); err == nil {
			if text := s.solutionPost(ctx, d, c, v, cp.Date, old); text != "" {
				send(Message{Text: text}, "")
			}
		}
	}
	if cp.Date != today {
		cp = chatPuzzle{Date: today, ID: pz.ID}
	}
	m, err := s.puzzleMessage(d, c, v, local, pz)
	if err != nil {
		return err
	}
	// Replies to the post find its date through the record of sent messages.
	send(m, puzzleRefPrefix+today)
	s.saveChatPuzzle(ctx, c.Platform, c.ChatID, cp, "")
	return nil
}

// daysBetween is the number of calendar days from date a to date b.
func daysBetween(a, b string) int {
	ta, err1 := time.Parse(time.DateOnly, a)
	tb, err2 := time.Parse(time.DateOnly, b)
	if err1 != nil || err2 != nil {
		return 1 << 30
	}
	return int(tb.Sub(ta).Hours()+1) / 24
}

// puzzleMessage is the post of a puzzle: its position from the solver's side,
// the date and level, the task, how to answer, the next post and the credit.
func (s *Service) puzzleMessage(d display, c *storage.Chat, v *rules.Variant, local time.Time, pz *puzzle.Puzzle) (Message, error) {
	pos, err := pz.Position(v)
	if err != nil {
		return Message{}, err
	}
	l := d.lang
	date := puzzle.Date(local)
	days := strings.Fields(T(l, "puzzle.weekdays"))
	day := ""
	if len(days) == 7 {
		day = days[local.Weekday()]
	}
	lines := []string{
		T(l, "puzzle.head", day, date, puzzle.LevelOf(local), puzzle.MaxLevel),
		puzzleTitle(l, pz),
		T(l, "puzzle.how"),
	}
	if c.PuzzleSubscribed {
		if next, err := subscriptionOf(c).Next(s.now()); err == nil && next.After(s.now()) {
			lines = append(lines, T(l, "puzzle.next", next.Format("2006-01-02 15:04"), zoneName(c.PuzzleTZ)))
		}
	} else {
		lines = append(lines, T(l, "puzzle.subscribe_tip"))
	}
	lines = append(lines, puzzleCredit(l, pz))
	view := pos.View(rules.Public)
	return Message{
		Text:      strings.Join(lines, "\n"),
		Image:     s.image(view, puzzleImageOptions(d, pz)),
		ImageName: "puzzle-" + date + ".png",
		Alt:       TextBoard(view),
		Buttons:   [][]Button{{{Label: T(l, "btn.puzzle_hint"), Data: buttonData("puzzle", date, "hint")}}},
	}, nil
}

// puzzleImageOptions draw a puzzle from the solver's side: the side to move at
// the bottom.
func puzzleImageOptions(d display, pz *puzzle.Puzzle) ImageOptions {
	o := imageOptions(d)
	o.Flip = pz.ToMove() == rules.Black
	return o
}

func zoneName(tz string) string {
	if tz == "" {
		return "UTC"
	}
	return tz
}

// puzzleCredit is the attribution line (CC BY 4.0) in the chat's language.
func puzzleCredit(l Lang, pz *puzzle.Puzzle) string {
	event := ""
	if pz.Source.Event != "" {
		event = T(l, "puzzle.credit_event", pz.Source.Event)
	}
	return T(l, "puzzle.credit", pz.ID, event)
}

// puzzleTitle is the task: "Red to move and mate in 3", "紅先 三步殺".
func puzzleTitle(l Lang, pz *puzzle.Puzzle) string {
	side := T(l, "puzzle.side.red")
	if pz.ToMove() == rules.Black {
		side = T(l, "puzzle.side.black")
	}
	if pz.Goal == puzzle.GoalMaterial {
		return T(l, "puzzle.title.material", side, countMoves(l, pz.Length()))
	}
	return T(l, "puzzle.title.mate", side, countWord(l, pz.Length()))
}

// goalLeft is what is left to find: "mate in 2", "win material in 2 moves".
func goalLeft(l Lang, pz *puzzle.Puzzle, left int) string {
	if pz.Goal == puzzle.GoalMaterial {
		return T(l, "puzzle.goal.material", countMoves(l, left))
	}
	return T(l, "puzzle.goal.mate", countWord(l, left))
}

// countWord writes a small count as the language does: "3", "三".
func countWord(l Lang, n int) string {
	if !l.chinese() || n < 0 || n > 19 {
		return strconv.Itoa(n)
	}
	digits := []string{"零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"}
	if n <= 10 {
		return digits[n]
	}
	return "十" + digits[n-10]
}

// countMoves is a number of moves: "1 move", "2 moves", "二步".
func countMoves(l Lang, n int) string {
	switch {
	case l.chinese():
		return countWord(l, n) + "步"
	case n == 1:
		return "1 move"
	}
	return strconv.Itoa(n) + " moves"
}

// countDays is a number of days: "1 day", "3 days", "3 天".
func countDays(l Lang, n int) string {
	switch {
	case l.chinese():
		return strconv.Itoa(n) + " 天"
	case n == 1:
		return "1 day"
	}
	return strconv.Itoa(n) + " days"
}

// solutionLine writes a puzzle's main line with move numbers in the chat's
// notation: "1. e2d2 (炮五平六) b3d3 (車2平4) 2. ...".
func solutionLine(d display, v *rules.Variant, pz *puzzle.Puzzle) (string, error) {
	pos, err := pz.Position(v)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	for i, c := range pz.Line {
		m, err := rules.ParseCoord(pos, c)
		if err != nil {
			return "", fmt.Errorf("puzzle %s: line move %d: %w", pz.ID, i+1, err)
		}
		if i%2 == 0 {
			if i > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "%d. ", i/2+1)
		} else {
			sb.WriteByte(' ')
		}
		sb.WriteString(d.formatMove(pos, m))
		pos.Make(m)
	}
	return sb.String(), nil
}

// solutionPost is the solution of the puzzle of date, with who solved it here.
func (s *Service) solutionPost(ctx context.Context, d display, c *storage.Chat, v *rules.Variant, date string, pz *puzzle.Puzzle) string {
	line, err := solutionLine(d, v, pz)
	if err != nil {
		s.log.Error("puzzle solution", "puzzle", pz.ID, "err", err)
		return ""
	}
	text := T(d.lang, "puzzle.solution", date, puzzleTitle(d.lang, pz), line)
	scores, err := s.store.PuzzleScores(ctx, c.Platform, c.ChatID)
	if err != nil {
		s.log.Warn("puzzle scores", "platform", c.Platform, "chat", c.ChatID, "err", err)
		return text
	}
	var names []string
	for _, sc := range scores {
		if sc.LastSolvedDay == date {
			names = append(names, sc.Name)
		}
	}
	if len(names) > 0 {
		text += "\n" + T(d.lang, "puzzle.solvers", d.lang.list(names))
	}
	return text
}

// progress loads the user's try at the puzzle of date today. A try of an
// earlier date is dropped; stale reports whether it was under way.
func (q *request) progress(today string) (p puzzleProgress, stale bool) {
	key := valueKey(q.ev.Platform, q.ev.ChatID, q.ev.User.ID)
	if err := q.s.store.GetValue(q.ctx, puzzleProgressBucket, key, &p); err != nil && !errors.Is(err, storage.ErrNotFound) {
		q.s.log.Warn("load puzzle progress", "platform", q.ev.Platform, "chat", q.ev.ChatID, "err", err)
	}
	if p.Date != today {
		stale = p.Date != "" && len(p.State.Moves) > 0 && !p.State.Solved
		p = puzzleProgress{Date: today}
	}
	return p, stale
}

func (q *request) saveProgress(p puzzleProgress) error {
	return q.s.store.PutValue(q.ctx, puzzleProgressBucket, valueKey(q.ev.Platform, q.ev.ChatID, q.ev.User.ID), p)
}

// session rebuilds the user's solving session. A saved try that no longer fits
// the puzzle (a rebuilt collection) starts again.
func (q *request) session(v *rules.Variant, pz *puzzle.Puzzle, p *puzzleProgress) (*puzzle.Session, error) {
	sess, err := puzzle.NewSession(v, pz, p.State, puzzle.Options{})
	if errors.Is(err, puzzle.ErrBadState) {
		p.State = puzzle.State{}
		sess, err = puzzle.NewSession(v, pz, p.State, puzzle.Options{})
	}
	return sess, err
}

// today is what a solving command works on: the variant, the chat's local
// date and its puzzle. A date from a button or a reply must be today's.
func (q *request) today(date string) (*rules.Variant, string, *puzzle.Puzzle, error) {
	coll, err := q.s.puzzles()
	if err != nil {
		return nil, "", nil, err
	}
	v, err := q.s.variant(puzzle.VariantSlug, nil)
	if err != nil {
		return nil, "", nil, err
	}
	local := q.puzzleLocal()
	today := puzzle.Date(local)
	if date != "" && date != today {
		return nil, "", nil, oops("err.puzzle_old", date)
	}
	return v, today, coll.Daily(local), nil
}

func (q *request) userName() string {
	if q.ev.User.Name != "" {
		return q.ev.User.Name
	}
	return q.ev.User.ID
}

// puzzleReply sends m about the puzzle of date and remembers it, so that a
// reply to it is an answer.
func (q *request) puzzleReply(date string, m Message) {
	q.replyAbout(m, puzzleRefPrefix+date)
}

// puzzleAnswer judges text as the user's next move in today's puzzle. date is
// the puzzle's date when the answer came as a reply to it or a button ("" for
// a command). quiet answers are replies to the bot's puzzle messages: a long
// text that is no move is chat talk and ignored.
func (q *request) puzzleAnswer(text, date string, quiet bool) error {
	v, today, pz, err := q.today(date)
	if err != nil {
		return err
	}
	unlock := q.s.lockPuzzle(q.ev.Platform, q.ev.ChatID)
	defer unlock()
	p, stale := q.progress(today)
	name := q.userName()
	if stale && date == "" {
		// The day changed in the middle of a try: the move was meant for the
		// old puzzle, so it is not judged on the new one.
		if err := q.saveProgress(p); err != nil {
			return err
		}
		q.say("puzzle.new_day", name, today)
		return nil
	}
	if p.State.Solved {
		if quiet && !looksLikeMove(text) {
			return nil // "thanks!" in reply to the bot's congratulations
		}
		return oops("err.puzzle_solved", name)
	}
	sess, err := q.session(v, pz, &p)
	if err != nil {
		return err
	}
	before := sess.Position()
	leftBefore := sess.Left()
	res, err := sess.Answer(q.ctx, text)
	if err != nil {
		var pe *rules.ParseError
		var ie *rules.IllegalMoveError
		switch {
		case errors.As(err, &pe):
			if quiet && !looksLikeMove(text) {
				return nil // chat talk in reply to the puzzle
			}
			return oops("err.move_unreadable", clip(text), q.notationHelp(v), q.someMoves(before, nil, 4))
		case errors.As(err, &ie):
			reason := q.why(v, ie)
			if len(ie.Legal) == 0 {
				return oops("err.move_illegal_none", clip(text), reason)
			}
			return oops("err.move_illegal", clip(text), reason, q.someMoves(before, ie.Legal, 6))
		case errors.Is(err, puzzle.ErrFinished):
			return oops("err.puzzle_solved", name)
		}
		return err
	}
	p.State = sess.State()
	if err := q.saveProgress(p); err != nil {
		return err
	}
	d := q.display()
	m, err := rules.ParseCoord(before, res.Move)
	if err != nil {
		return err
	}
	moveText := d.formatMove(before, m)
	after := before.Clone()
	after.Make(m)
	l := q.lang
	switch {
	case res.Verdict == puzzle.Unconfirmed:
		q.puzzleReply(today, Message{Text: T(l, "puzzle.unconfirmed", name, moveText)})
	case res.Verdict == puzzle.Wrong:
		var msg string
		if r, err := rules.ParseCoord(after, res.Refutation); err == nil && res.Refutation != "" {
			msg = T(l, "puzzle.wrong", name, moveText, d.formatMove(after, r), goalLeft(l, pz, leftBefore))
		} else {
			msg = T(l, "puzzle.wrong_plain", name, moveText, goalLeft(l, pz, leftBefore))
		}
		if p.State.Wrong == solutionAfterWrong && !p.Revealed {
			msg += "\n" + T(l, "puzzle.solution_ready")
		}
		q.puzzleReply(today, Message{Text: msg})
	case res.Solved:
		q.puzzleSolved(today, p, res, moveText)
	default:
		r, err := rules.ParseCoord(after, res.Reply)
		if err != nil {
			return err
		}
		key := "puzzle.correct"
		if res.Alternative {
			key = "puzzle.alternative"
		}
		pos := sess.Position()
		view := pos.View(rules.Public)
		q.puzzleReply(today, Message{
			Text:      T(l, key, name, moveText, d.formatMove(after, r), goalLeft(l, pz, res.Left)),
			Image:     q.s.image(view, puzzleImageOptions(d, pz)),
			ImageName: "puzzle-" + today + "-try.png",
			Alt:       TextBoard(view),
		})
	}
	return nil
}

// looksLikeMove tells a reply to the puzzle that may be a mistyped move (it
// has a digit or a Chinese numeral or move word, and is short) from chat talk
// ("so hard!"), which is left alone.
func looksLikeMove(text string) bool {
	if utf8.RuneCountInString(text) > maxPlainMove {
		return false
	}
	return strings.ContainsAny(text, "0123456789０１２３４５６７８９一二三四五六七八九進退平进")
}

// puzzleSolved credits a solve to the user's score (unless they saw the
// solution first) and says so.
func (q *request) puzzleSolved(today string, p puzzleProgress, res puzzle.Result, moveText string) {
	l := q.lang
	name := q.userName()
	var text string
	if p.Revealed {
		text = T(l, "puzzle.solved_revealed", name, moveText)
	} else {
		sc, err := q.s.creditSolve(q.ctx, q.ev.Platform, q.ev.ChatID, q.ev.User, today)
		if err != nil {
			q.s.log.Error("credit puzzle solve", "platform", q.ev.Platform, "chat", q.ev.ChatID, "err", err)
			text = T(l, "puzzle.solved_unscored", name, moveText)
		} else {
			text = T(l, "puzzle.solved", name, moveText, countDays(l, sc.Streak), sc.Solved)
		}
	}
	if res.Alternative {
		text += " " + T(l, "puzzle.alt_note")
	}
	q.puzzleReply(today, Message{Text: text})
}

// creditSolve counts a solve on day in the user's score of this chat: one a
// day, the streak going on from yesterday.
func (s *Service) creditSolve(ctx context.Context, platform, chatID string, u User, day string) (*storage.PuzzleScore, error) {
	return s.store.UpdatePuzzleScore(ctx, platform, chatID, u.ID, func(p *storage.PuzzleScore) error {
		sc := scoreOf(p)
		sc.Credit(day)
		p.Solved, p.Streak, p.BestStreak, p.LastSolvedDay = sc.Solved, sc.Streak, sc.BestStreak, sc.LastSolvedDay
		if u.Name != "" {
			p.Name = u.Name
		}
		return nil
	})
}

func scoreOf(p *storage.PuzzleScore) puzzle.Score {
	return puzzle.Score{UserID: p.UserID, Name: p.Name, Solved: p.Solved, Streak: p.Streak,
		BestStreak: p.BestStreak, LastSolvedDay: p.LastSolvedDay}
}

// puzzleHint gives the next clue for the user's next move: the piece, then the
// move.
func (q *request) puzzleHint(date string) error {
	v, today, pz, err := q.today(date)
	if err != nil {
		return err
	}
	unlock := q.s.lockPuzzle(q.ev.Platform, q.ev.ChatID)
	defer unlock()
	p, _ := q.progress(today)
	name := q.userName()
	if p.State.Solved {
		return oops("err.puzzle_solved", name)
	}
	sess, err := q.session(v, pz, &p)
	if err != nil {
		return err
	}
	pos := sess.Position()
	unlocked := canSeeSolution(p)
	h, err := sess.Hint(q.ctx)
	if err != nil {
		q.s.log.Warn("puzzle hint", "puzzle", pz.ID, "err", err)
		return oops("err.puzzle_no_hint", name)
	}
	p.State = sess.State()
	if err := q.saveProgress(p); err != nil {
		return err
	}
	d := q.display()
	var text string
	if h.Level >= 2 {
		m, err := rules.ParseCoord(pos, h.Move)
		if err != nil {
			return err
		}
		text = T(q.lang, "puzzle.hint2", name, d.formatMove(pos, m))
	} else {
		text = T(q.lang, "puzzle.hint1", name, q.pieceWord(pos, h.From), h.From, q.pieceFile(pos, h.From))
	}
	if !unlocked && canSeeSolution(p) {
		text += "\n" + T(q.lang, "puzzle.solution_ready")
	}
	q.puzzleReply(today, Message{Text: text})
	return nil
}

// pieceWord names the piece on square sq: "cannon", "炮".
func (q *request) pieceWord(pos *rules.Position, sq string) string {
	for _, m := range pos.LegalMoves(nil) {
		if pos.Variant().Board.Name(m.From) != sq {
			continue
		}
		pc := pos.At(m.From)
		k := pos.Variant().Kinds[pc.Kind()]
		switch q.lang {
		case ZhHant:
			return k.Glyph[pc.Side()]
		case ZhHans:
			return k.Simple[pc.Side()]
		}
		return k.Name
	}
	return "?"
}

// pieceFile is the start of a Chinese move of the piece on sq, which names the
// piece as Chinese notation does ("炮五", "前車").
func (q *request) pieceFile(pos *rules.Position, sq string) string {
	style := rules.StyleChinese
	if q.lang == ZhHans {
		style = rules.StyleChineseSimplified
	}
	for _, m := range pos.LegalMoves(nil) {
		if pos.Variant().Board.Name(m.From) == sq {
			r := []rune(rules.FormatMove(pos, m, style))
			return string(r[:min(2, len(r))])
		}
	}
	return sq
}

// canSeeSolution: /puzzle solution opens after a few wrong tries or hints, and
// once solved or shown.
func canSeeSolution(p puzzleProgress) bool {
	st := p.State
	return st.Solved || p.Revealed || st.Wrong >= solutionAfterWrong || st.Hints >= solutionAfterHints
}

// puzzleSolution shows today's solution to a user who tried enough; a solve
// after that does not count.
func (q *request) puzzleSolution() error {
	v, today, pz, err := q.today("")
	if err != nil {
		return err
	}
	unlock := q.s.lockPuzzle(q.ev.Platform, q.ev.ChatID)
	defer unlock()
	p, _ := q.progress(today)
	name := q.userName()
	if !canSeeSolution(p) {
		return oops("err.puzzle_solution_locked", name, solutionAfterWrong, solutionAfterHints, p.State.Wrong, p.State.Hints)
	}
	line, err := solutionLine(q.display(), v, pz)
	if err != nil {
		return err
	}
	marked := !p.State.Solved && !p.Revealed
	if marked {
		p.Revealed = true
		if err := q.saveProgress(p); err != nil {
			return err
		}
	}
	text := T(q.lang, "puzzle.solution", today, puzzleTitle(q.lang, pz), line)
	if q.ev.Private || q.ev.Confidential {
		if !p.State.Solved {
			text += "\n" + T(q.lang, "puzzle.revealed", name)
		}
		q.reply(Message{Text: text})
		return nil
	}
	// In a group the solution goes to the one who asked, so that the chat's
	// puzzle is not spoiled for the others; the chat sees that it was asked.
	// It is owed through the outbox, sent once the puzzle's lock is let go;
	// its delivery settles the rest (settleReveal).
	key := "puzzle.solution_sent"
	if p.State.Solved {
		key = "puzzle.solution_sent_solved"
	}
	rv := &puzzleReveal{
		Chat: q.ev.ChatID, User: q.ev.User.ID, Date: today, Marked: marked,
		Sent: q.t(key, name), NoDM: q.t("puzzle.solution_no_dm", name), Open: q.t("btn.open_private"),
	}
	m := Message{Text: text}
	raw, err := json.Marshal(outPayload{Text: text, Lang: string(q.lang), UserName: q.ev.User.Name, Reveal: rv})
	if err != nil {
		return err
	}
	e := &storage.OutboxEntry{Platform: q.ev.Platform, UserID: q.ev.User.ID, Payload: raw}
	q.s.owe(q.ctx, &pendingOut{m: m, private: true, entry: e})
	return nil
}

// puzzleReveal rides on a private puzzle solution owed to the user who asked
// for it in a group: what its delivery settles there.
type puzzleReveal struct {
	Chat string `json:"chat"` // the group it was asked in
	User string `json:"user"`
	Date string `json:"date"`
	// Marked: asking marked the puzzle as seen by the user; if the solution
	// cannot reach them, it is not seen after all.
	Marked bool `json:"marked,omitempty"`
	// The notes for the group: delivered, or the user cannot be reached
	// privately (then the platform's hint and a button Open follow).
	Sent string `json:"sent"`
	NoDM string `json:"no_dm"`
	Open string `json:"open,omitempty"`
}

// settleReveal finishes the delivery of a private puzzle solution whose
// outcome is err. Delivered, the group is told that it was sent. The user out
// of private reach, the group is told so, with how to open the private chat,
// nothing is spoiled and the puzzle counts as unseen again. It returns the
// note for the group, and false for a failure worth another try (no note).
func (s *Service) settleReveal(ctx context.Context, e *storage.OutboxEntry, pl outPayload, err error) (Message, bool) {
	r := pl.Reveal
	if err == nil {
		return Message{Text: r.Sent}, true
	}
	var pu *PrivateUnavailableError
	if !errors.As(err, &pu) {
		return Message{}, false
	}
	s.setCanDM(ctx, e.Platform, User{ID: e.UserID, Name: pl.UserName}, false)
	if r.Marked {
		unlock := s.lockPuzzle(e.Platform, r.Chat)
		key := valueKey(e.Platform, r.Chat, r.User)
		var p puzzleProgress
		if err := s.store.GetValue(ctx, puzzleProgressBucket, key, &p); err == nil && p.Date == r.Date && p.Revealed {
			p.Revealed = false // not seen after all
			if err := s.store.PutValue(ctx, puzzleProgressBucket, key, p); err != nil {
				s.log.Warn("puzzle progress", "err", err)
			}
		}
		unlock()
	}
	m := Message{Text: joinLines(r.NoDM, pu.Hint)}
	if pu.URL != "" {
		m.Buttons = [][]Button{{{Label: r.Open, URL: pu.URL}}}
	}
	return m, true
}

// revealNote posts the note settleReveal made in the group, through the outbox.
func (s *Service) revealNote(ctx context.Context, e *storage.OutboxEntry, pl outPayload, m Message) {
	if err := s.store.Enqueue(ctx, []*storage.OutboxEntry{chatEntry(e.Platform, pl.Reveal.Chat, m, ParseLang(pl.Lang), "")}); err != nil {
		s.log.Warn("puzzle solution note not queued", "chat", pl.Reveal.Chat, "err", err)
		return
	}
	s.wakeSender()
}

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
