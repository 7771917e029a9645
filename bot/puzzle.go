package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

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
	if !l.Chinese() || n < 0 || n > 19 {
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
	case l.Chinese():
		return countWord(l, n) + "步"
	case n == 1:
		return "1 move"
	}
	return strconv.Itoa(n) + " moves"
}

// countDays is a number of days: "1 day", "3 days", "3 天".
func countDays(l Lang, n int) string {
	switch {
	case l.Chinese():
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
		text += "\n" + T(d.lang, "puzzle.solvers", d.lang.List(names))
	}
	return text
}
