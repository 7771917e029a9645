package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	_ "time/tzdata" // the tests use IANA zones whatever the host has

	"github.com/chuhe/chuhe/puzzle"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// The daily puzzle, as players see it: the tests use the fake clock, a real data
// file and the embedded collection (or one puzzle of it, so that every date gets
// that puzzle).

func embedded(t testing.TB) *puzzle.Collection {
	t.Helper()
	c, err := puzzle.Load()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// pickPuzzle is the first puzzle of the embedded collection that fits.
func pickPuzzle(t testing.TB, fits func(*puzzle.Puzzle) bool) *puzzle.Puzzle {
	t.Helper()
	c := embedded(t)
	for i := range c.Puzzles {
		if p := &c.Puzzles[i]; fits(p) {
			return p
		}
	}
	t.Fatal("no puzzle fits")
	return nil
}

// mateInThree is a mate in 3 with one first move.
func mateInThree(t testing.TB) *puzzle.Puzzle {
	return pickPuzzle(t, func(p *puzzle.Puzzle) bool {
		return p.Goal == puzzle.GoalMate && p.MateIn == 3 && len(p.Solutions) == 1 && p.ToMove() == rules.Red
	})
}

// onlyPuzzle is a collection of one puzzle: every date gets it.
func onlyPuzzle(t testing.TB, p *puzzle.Puzzle) *puzzle.Collection {
	t.Helper()
	c, err := puzzle.New([]puzzle.Puzzle{*p})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// usePuzzles gives the running service a collection (again after a restart).
func (h *harness) usePuzzles(c *puzzle.Collection) { h.svc.pz.coll = c }

// position replays the first n moves of the puzzle's line.
func position(t testing.TB, p *puzzle.Puzzle, moves []string) *rules.Position {
	t.Helper()
	v, ok := defaultRegistry().Get("xiangqi")
	if !ok {
		t.Fatal("no xiangqi")
	}
	g, err := rules.Replay(v, p.FEN, moves)
	if err != nil {
		t.Fatal(err)
	}
	return g.Position()
}

// chineseMove writes coordinate move c of p as a player types it: 炮五平六.
func chineseMove(t testing.TB, p *rules.Position, c string) string {
	t.Helper()
	m, err := rules.ParseCoord(p, c)
	if err != nil {
		t.Fatalf("%s: %v", c, err)
	}
	return rules.FormatMove(p, m, rules.StyleChinese)
}

// lastRef is the bot's last message in the group in out.
func lastRef(t testing.TB, out []sent) MessageRef {
	t.Helper()
	for i := len(out) - 1; i >= 0; i-- {
		if !out[i].Private {
			return out[i].Ref
		}
	}
	t.Fatalf("no message in %q", text(out))
	return MessageRef{}
}

// solveByCommands plays the main line as user with /puzzle answer.
func (h *harness) solveByCommands(user string, p *puzzle.Puzzle) []sent {
	h.t.Helper()
	var all []sent
	for i := 0; i < len(p.Line); i += 2 {
		pos := position(h.t, p, p.Line[:i])
		all = append(all, h.say(user, "/puzzle answer "+chineseMove(h.t, pos, p.Line[i]))...)
	}
	return all
}

// postsIn counts the puzzle posts (messages with the credit line) in out.
func postsIn(out []sent) int {
	n := 0
	for _, s := range out {
		if strings.Contains(s.Msg.Text, "Chinese Chess Practical Dataset by Yu-Han Tseng (CC BY 4.0)") {
			n++
		}
	}
	return n
}

// optsRenderer records the image options it is asked to draw with.
type optsRenderer struct {
	mu   sync.Mutex
	opts []ImageOptions
}

func (r *optsRenderer) Board(v *rules.View, o ImageOptions) ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.opts = append(r.opts, o)
	return []byte("png"), nil
}

func (r *optsRenderer) last() ImageOptions {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.opts[len(r.opts)-1]
}

// TestPuzzleDailyPostOncePerDay: a subscribed chat gets exactly one post per
// local date, across restarts and downtime over the post time, the solution of
// the day before first; a day spent down is not made up.
func TestPuzzleDailyPostOncePerDay(t *testing.T) {
	r := &optsRenderer{}
	h := newHarness(t, withRenderer(r))
	coll := embedded(t)
	shanghai, _ := time.LoadLocation("Asia/Shanghai")
	// Sunday 2026-03-01, 12:00 UTC is 20:00 in Shanghai: past today's post time,
	// so today's puzzle comes at once.
	out := h.say("admin", "/puzzle subscribe 09:00 Asia/Shanghai")
	mustContain(t, out, "Subscribed: a puzzle here every day at 09:00 (Asia/Shanghai)", "here is today's now",
		"Daily puzzle · Sunday 2026-03-01 · level 7 of 7")
	if n := postsIn(out); n != 1 {
		t.Fatalf("%d posts at subscribing, want 1:\n%s", n, text(out))
	}
	day1 := coll.Daily(h.clock.Now().In(shanghai))
	mustContain(t, out, day1.ID, puzzleTitle(En, day1))
	if got, want := r.last().Flip, day1.ToMove() == rules.Black; got != want {
		t.Errorf("image Flip = %v for %s to move", got, day1.Side)
	}
	if out := h.tick(); len(out) != 0 {
		t.Errorf("a second post the same day: %s", text(out))
	}
	h.restart()
	if out := h.tick(); len(out) != 0 {
		t.Errorf("a post after a restart the same day: %s", text(out))
	}

	// Monday 08:30 in Shanghai: not yet.
	h.clock.Set(time.Date(2026, 3, 2, 0, 30, 0, 0, time.UTC))
	if out := h.tick(); len(out) != 0 {
		t.Errorf("a post before the post time: %s", text(out))
	}
	// The bot is down over the post time and back at 11:00: one post, late.
	h.close()
	h.clock.Set(time.Date(2026, 3, 2, 3, 0, 0, 0, time.UTC))
	h.open()
	out = h.tick()
	if n := postsIn(out); n != 1 || len(out) != 2 {
		t.Fatalf("after downtime: %d posts in %d messages, want the solution and 1 post:\n%s", n, len(out), text(out))
	}
	mustContain(t, out[:1], "Solution of the puzzle of 2026-03-01 ("+puzzleTitle(En, day1)+"): 1. ")
	day2 := coll.Daily(h.clock.Now().In(shanghai))
	mustContain(t, out[1:], "Daily puzzle · Monday 2026-03-02 · level 1 of 7", day2.ID, "Next puzzle: 2026-03-03 09:00 (Asia/Shanghai).")
	h.clock.Advance(time.Minute)
	if out := h.tick(); len(out) != 0 {
		t.Errorf("a second post: %s", text(out))
	}
	h.restart()
	h.clock.Advance(time.Hour)
	if out := h.tick(); len(out) != 0 {
		t.Errorf("a post after a second restart: %s", text(out))
	}

	// Down from Monday noon to Wednesday 10:00: Tuesday is lost, Wednesday's
	// post comes after Monday's solution.
	h.close()
	h.clock.Set(time.Date(2026, 3, 4, 2, 0, 0, 0, time.UTC))
	h.open()
	out = h.tick()
	if n := postsIn(out); n != 1 || len(out) != 2 {
		t.Fatalf("after a day down: %d posts in %d messages:\n%s", n, len(out), text(out))
	}
	mustContain(t, out, "Solution of the puzzle of 2026-03-02", "Daily puzzle · Wednesday 2026-03-04 · level 3 of 7")
	c, err := h.store.Chat(context.Background(), "test", "group")
	if err != nil || c.PuzzleLastPosted != "2026-03-04" {
		t.Errorf("last posted %q, %v", c.PuzzleLastPosted, err)
	}
}

// TestPuzzleSameForEveryChat: two chats in one zone get the same puzzle, and a
// chat's post does not wait for another's.
func TestPuzzleSameForEveryChat(t *testing.T) {
	h := newHarness(t)
	var posts []string
	for _, chat := range []string{"g1", "g2"} {
		ev := h.event("admin", "/puzzle subscribe 14:00 UTC+1", false)
		ev.ChatID = chat
		out := h.handle(ev)
		mustContain(t, out, "the next at 2026-03-01 14:00")
		if postsIn(out) != 0 {
			t.Fatalf("posted before the time: %s", text(out))
		}
	}
	h.clock.Set(time.Date(2026, 3, 1, 13, 0, 30, 0, time.UTC))
	for _, s := range h.tick() {
		if strings.Contains(s.Msg.Text, "Yu-Han Tseng") {
			posts = append(posts, s.Chat+" "+s.Msg.Text[strings.Index(s.Msg.Text, "Puzzle "):])
		}
	}
	slices.Sort(posts) // the outbox serves chats in parallel: their order is not kept
	if len(posts) != 2 || strings.TrimPrefix(posts[0], "g1 ") != strings.TrimPrefix(posts[1], "g2 ") {
		t.Errorf("posts %q", posts)
	}
}

// TestPuzzleSolveByReplies: a player solves a mate in 3 by replying to the
// puzzle image and then to the bot's answers, which carry the opponent's moves;
// a restart in the middle loses nothing.
func TestPuzzleSolveByReplies(t *testing.T) {
	pz := mateInThree(t)
	coll := onlyPuzzle(t, pz)
	h := newHarness(t)
	h.usePuzzles(coll)
	out := h.say("alice", "/puzzle")
	mustContain(t, out, "Red to move and mate in 3", "Reply to this image with your move", "A puzzle every day: /puzzle subscribe")
	post := boardOf(t, out)
	if post.Msg.Alt != TextBoard(position(t, pz, nil).View(rules.Public)) {
		t.Errorf("the post's board is not the puzzle's:\n%s", post.Msg.Alt)
	}
	ref := post.Ref
	for i := 0; i < len(pz.Line); i += 2 {
		pos := position(t, pz, pz.Line[:i])
		move := chineseMove(t, pos, pz.Line[i])
		out := h.reply("alice", ref, move)
		if i+1 == len(pz.Line) {
			mustContain(t, out, "alice: "+pz.Line[i], "solved! Streak: 1 day in a row · puzzles solved here: 1.")
			break
		}
		after := position(t, pz, pz.Line[:i+1])
		reply := (display{lang: En}).formatMove(after, mustCoord(t, after, pz.Line[i+1]))
		left := pz.MateIn - i/2 - 1
		mustContain(t, out, fmt.Sprintf("alice: %s (%s) is right. The opponent answers %s. Now find mate in %d.",
			pz.Line[i], move, reply, left))
		b := boardOf(t, out)
		if b.Msg.Alt != TextBoard(position(t, pz, pz.Line[:i+2]).View(rules.Public)) {
			t.Errorf("move %d: the board is not the position after the reply:\n%s", i/2+1, b.Msg.Alt)
		}
		ref = b.Ref
		if i == 0 {
			// A restart: the stored try and the reply route survive it.
			h.restart()
			h.usePuzzles(coll)
		}
	}
	sc, err := h.store.PuzzleScore(context.Background(), "test", "group", "alice")
	if err != nil || sc.Solved != 1 || sc.Streak != 1 || sc.LastSolvedDay != "2026-03-01" {
		t.Errorf("score %+v, %v", sc, err)
	}
	mustContain(t, h.reply("alice", ref, "a0a1"), "alice, you have solved today's puzzle already.")
	// Chat talk in reply to the puzzle is left alone; a mistyped move is not.
	for _, talk := range []string{"what a beautiful finish that was", "太難了", "nice!"} {
		if out := h.reply("bob", post.Ref, talk); len(out) != 0 {
			t.Errorf("chat talk %q answered: %s", talk, text(out))
		}
	}
	if out := h.reply("alice", ref, "thanks!"); len(out) != 0 {
		t.Errorf("thanks answered: %s", text(out))
	}
	mustContain(t, h.reply("bob", post.Ref, "h2x5"), "I cannot read “h2x5” as a move.")
}

func mustCoord(t testing.TB, p *rules.Position, c string) rules.Move {
	t.Helper()
	m, err := rules.ParseCoord(p, c)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestPuzzleWrongMoveAndHints: a wrong move says what beats it and starts the
// try again; hints give the piece, then the move; the solution opens after
// three wrong tries, and a solve after seeing it does not count.
func TestPuzzleWrongMoveAndHints(t *testing.T) {
	pz := mateInThree(t)
	h := newHarness(t)
	h.usePuzzles(onlyPuzzle(t, pz))
	start := position(t, pz, nil)
	var wrong string
	for _, m := range start.LegalMoves(nil) {
		if c := rules.FormatCoord(start, m); !slices.Contains(pz.Solutions, c) {
			wrong = c
			break
		}
	}
	mustContain(t, h.say("bob", "/puzzle solution"), "Not yet, bob: the solution opens after 3 wrong tries or 2 hints (you have 0 wrong, 0 hints)")
	out := h.say("bob", "/puzzle answer "+wrong)
	mustContain(t, out, "bob: "+wrong, "is not it: the opponent answers", "and mate in 3 is out of reach. Try again from the puzzle's position.")
	// Unreadable and illegal answers count for nothing.
	mustContain(t, h.say("bob", "/puzzle answer hello"), "I cannot read “hello” as a move.")
	mustContain(t, h.say("bob", "/puzzle answer a0a5"), "a0a5 is not allowed")
	// The first move right, the second wrong: the try starts again.
	h.say("bob", "/puzzle "+pz.Line[0])
	pos := position(t, pz, pz.Line[:2])
	for _, m := range pos.LegalMoves(nil) {
		if c := rules.FormatCoord(pos, m); c != pz.Line[2] {
			wrong = c
			break
		}
	}
	out = h.say("bob", "/puzzle answer "+wrong)
	mustContain(t, out, "is not it", "mate in 2")
	// Hints: the piece, then the move, which then stays.
	from := pz.Line[0][:2]
	kind := start.Variant().Kinds[start.At(mustCoord(t, start, pz.Line[0]).From).Kind()].Name
	mustContain(t, h.say("bob", "/puzzle hint"), "Hint for bob: move the "+kind+" on "+from+" (")
	first := (display{lang: En}).formatMove(start, mustCoord(t, start, pz.Line[0]))
	out = h.say("bob", "/puzzle hint")
	mustContain(t, out, "Hint for bob: play "+first+".", "/puzzle solution shows the solution now")
	mustContain(t, h.press("bob", "puzzle:hint:2026-03-01"), "Hint for bob: play "+first+".")
	// Hints are per player: alice has had none.
	mustContain(t, h.say("alice", "/puzzle hint"), "Hint for alice: move the "+kind)
	mustContain(t, h.say("alice", "/puzzle solution"), "Not yet, alice")
	// A third wrong try opens the solution for alice.
	for i := 0; i < 3; i++ {
		out = h.say("alice", "/puzzle answer "+rules.FormatCoord(start, start.LegalMoves(nil)[i]))
	}
	mustContain(t, out, "/puzzle solution shows the solution now")
	line, err := solutionLine(display{lang: En}, start.Variant(), pz)
	if err != nil {
		t.Fatal(err)
	}
	// The solution goes to alice privately; the group sees only that she asked.
	out = h.say("alice", "/puzzle solution")
	if len(out) != 2 || !out[0].Private || out[0].To != "alice" || out[1].Private {
		t.Fatalf("want the solution privately, then a public note:\n%s", describe(out))
	}
	mustContain(t, out[:1], "Solution of the puzzle of 2026-03-01 (Red to move and mate in 3): "+line)
	mustContain(t, out[1:], "alice asked for today's solution; I sent it to them privately. A solve today no longer counts for them.")
	if strings.Contains(out[1].Msg.Text, line) {
		t.Errorf("the public note spoils the puzzle: %s", out[1].Msg.Text)
	}
	// Bob, who cannot be reached privately, is not given it in public either.
	h.plat.noDM["bob"] = true
	for i := 0; i < 3; i++ {
		h.say("bob", "/puzzle answer "+rules.FormatCoord(start, start.LegalMoves(nil)[i]))
	}
	out = h.say("bob", "/puzzle solution")
	mustContain(t, out, "bob, I send the solution only privately")
	if strings.Contains(text(out), line) {
		t.Errorf("the solution was posted for the group: %s", text(out))
	}
	h.plat.noDM["bob"] = false
	out = h.solveByCommands("alice", pz)
	mustContain(t, out, "You saw the solution first, so it does not count today.")
	if _, err := h.store.PuzzleScore(context.Background(), "test", "group", "alice"); err == nil {
		t.Error("a solve after the solution was scored")
	}
}

// TestPuzzleAlternativeSolution: a first move other than the main line's that
// also mates is accepted, and the bot defends against it until the mate.
func TestPuzzleAlternativeSolution(t *testing.T) {
	pz := pickPuzzle(t, func(p *puzzle.Puzzle) bool {
		return p.Goal == puzzle.GoalMate && p.MateIn <= 3 && len(p.Solutions) > 1
	})
	h := newHarness(t)
	h.usePuzzles(onlyPuzzle(t, pz))
	var alt string
	for _, s := range pz.Solutions {
		if s != pz.Line[0] {
			alt = s
			break
		}
	}
	out := h.say("carol", "/puzzle answer "+alt)
	mustContain(t, out, "carol: "+alt, "works too (not the book move, but I checked it). The opponent answers")
	// Go on with the moves the hints give (off the main line they come from the
	// solver).
	for step := 0; step < pz.MateIn && !strings.Contains(text(out), "solved!"); step++ {
		h.say("carol", "/puzzle hint")
		hint := text(h.say("carol", "/puzzle hint"))
		move, ok := strings.CutPrefix(hint, "Hint for carol: play ")
		if !ok {
			t.Fatalf("hint %q", hint)
		}
		move = strings.Fields(move)[0]
		out = h.say("carol", "/puzzle answer "+move)
	}
	mustContain(t, out, "solved! Streak: 1 day in a row")
}

// TestPuzzleStreaksAndLeaderboard: one solve a day counts; the streak goes on
// from yesterday and starts again after a gap; /puzzle top ranks by solved,
// then current streak, then best streak.
func TestPuzzleStreaksAndLeaderboard(t *testing.T) {
	pz := mateInThree(t)
	coll := onlyPuzzle(t, pz)
	h := newHarness(t)
	h.usePuzzles(coll)
	mustContain(t, h.say("alice", "/puzzle top"), "Nobody here has solved a puzzle yet.")
	day := func(n int) { h.clock.Set(time.Date(2026, 3, n, 10, 0, 0, 0, time.UTC)) }

	day(1)
	mustContain(t, h.solveByCommands("alice", pz), "alice: ", "Streak: 1 day in a row · puzzles solved here: 1.")
	mustContain(t, h.solveByCommands("bob", pz), "bob: ", "Streak: 1 day in a row · puzzles solved here: 1.")
	mustContain(t, h.say("alice", "/puzzle answer "+pz.Line[0]), "you have solved today's puzzle already")
	day(2)
	mustContain(t, h.solveByCommands("alice", pz), "Streak: 2 days in a row · puzzles solved here: 2.")
	day(3)
	mustContain(t, h.solveByCommands("alice", pz), "Streak: 3 days in a row · puzzles solved here: 3.")
	mustContain(t, h.solveByCommands("dave", pz), "Streak: 1 day in a row")
	day(5) // nobody solved on the 4th
	mustContain(t, h.say("bob", "/puzzle top"),
		"Puzzle leaderboard of this chat:\n1. alice: 3 solved · streak 0 (best 3)\n2. bob: 1 solved · streak 0 (best 1)\n3. dave: 1 solved · streak 0 (best 1)")
	mustContain(t, h.solveByCommands("bob", pz), "Streak: 1 day in a row · puzzles solved here: 2.")
	mustContain(t, h.solveByCommands("dave", pz), "Streak: 1 day in a row · puzzles solved here: 2.")
	day(6)
	mustContain(t, h.solveByCommands("dave", pz), "Streak: 2 days in a row · puzzles solved here: 3.")
	out := h.say("alice", "/puzzle top")
	mustContain(t, out, "1. dave: 3 solved · streak 2 (best 2)\n2. alice: 3 solved · streak 0 (best 3)\n3. bob: 2 solved · streak 1 (best 1)")
	// A try under way at midnight ends with the day.
	h.say("erin", "/puzzle answer "+pz.Line[0])
	day(7)
	mustContain(t, h.say("erin", "/puzzle answer "+pz.Line[2]), "erin: a new day has begun (2026-03-07)")
	mustContain(t, h.say("erin", "/puzzle answer "+pz.Line[0]), "is right")
}

// TestPuzzleSubscription: only admins subscribe a group; times and zones are
// checked; after /puzzle unsubscribe nothing more comes.
func TestPuzzleSubscription(t *testing.T) {
	h := newHarness(t)
	mustContain(t, h.say("bob", "/puzzle subscribe 08:00"), "Only a chat admin can subscribe")
	mustContain(t, h.say("admin", "/puzzle subscribe noon"), "“noon” is not a time of day like 08:30")
	mustContain(t, h.say("admin", "/puzzle subscribe 08:00 Mars/Olympus"), "I don't know the time zone “Mars/Olympus”")
	mustContain(t, h.say("admin", "/puzzle subscribe 08:00 UTC tomorrow"), "Write /puzzle subscribe [HH:MM] [timezone]")
	mustContain(t, h.dm("bob", "/puzzle subscribe 23:30 Europe/Berlin"), "the next at 2026-03-01 23:30")
	mustContain(t, h.say("admin", "/谜题 订阅 20:00 UTC+8"), "every day at 20:00 (UTC+08:00)", "Daily puzzle") // the chat speaks English
	h.say("admin", "/settings language zh-Hans")
	out := h.say("admin", "/puzzle")
	mustContain(t, out, "每日谜题 · 星期日 2026-03-01 · 难度 7/7", "题目 ", "取自 Yu-Han Tseng 的 Chinese Chess Practical Dataset（CC BY 4.0）",
		"下一题：2026-03-02 20:00（UTC+08:00）。")
	mustContain(t, h.say("bob", "/puzzle unsubscribe"), "只有群组管理员能订阅或停止每日谜题")
	mustContain(t, h.say("admin", "/puzzle unsubscribe"), "这里不再每天发布谜题")
	mustContain(t, h.say("admin", "/puzzle unsubscribe"), "这个聊天室没有订阅每日谜题")
	h.clock.Advance(48 * time.Hour)
	for _, s := range h.tick() {
		if s.Chat == "group" {
			t.Errorf("a post after unsubscribing: %s", s.Msg.Text)
		}
	}
	mustContain(t, h.say("admin", "/puzzle subscribe 25:00"), "“25:00”不是像 08:30 这样的时间")
	mustContain(t, h.say("admin", "/puzzle foo bar"), "我看不懂 /puzzle 后面的“foo bar”")
}

// TestPuzzleSubscriptionDefaults: what a chat leaves out comes from the bot's
// configuration (puzzle.time, puzzle.timezone).
func TestPuzzleSubscriptionDefaults(t *testing.T) {
	h := newHarness(t)
	h.svc.pz.defaultTime, h.svc.pz.defaultZone = "23:30", "Europe/Berlin"
	mustContain(t, h.say("admin", "/puzzle subscribe"), "every day at 23:30 (Europe/Berlin)")
	mustContain(t, h.say("admin", "/puzzle subscribe 22:15"), "every day at 22:15 (Europe/Berlin)")
	mustContain(t, h.say("admin", "/puzzle subscribe 22:15 UTC"), "every day at 22:15 (UTC)")
}

// TestPuzzleRepliesToOldPuzzles: a reply to yesterday's puzzle is not judged
// on today's, and replies to game boards still reach the game.
func TestPuzzleRepliesToOldPuzzles(t *testing.T) {
	pz := mateInThree(t)
	h := newHarness(t)
	h.usePuzzles(onlyPuzzle(t, pz))
	post := boardOf(t, h.say("alice", "/puzzle"))
	id := h.start("")
	board := lastRef(t, h.say("alice", "/board"))
	out := h.reply("alice", board, "h2e2")
	if g := h.game(id); len(g.Moves) != 1 {
		t.Fatalf("a reply to the game board did not move: %s", text(out))
	}
	h.clock.Advance(24 * time.Hour)
	mustContain(t, h.reply("alice", post.Ref, pz.Line[0]), "That is the puzzle of 2026-03-01, which is over. /puzzle shows today's.")
	// Private chat: plain moves answer the puzzle shown there today.
	h.dm("alice", "/puzzle")
	mustContain(t, h.dm("alice", pz.Line[0]), "alice: "+pz.Line[0], "is right")
}

// TestPuzzleCatalogTitles: the tasks in every language.
func TestPuzzleCatalogTitles(t *testing.T) {
	p := &puzzle.Puzzle{Side: "black", Goal: puzzle.GoalMate, MateIn: 3}
	for l, want := range map[Lang]string{En: "Black to move and mate in 3", ZhHant: "黑先 三步殺", ZhHans: "黑先 三步杀"} {
		if got := puzzleTitle(l, p); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
	m := &puzzle.Puzzle{Side: "red", Goal: puzzle.GoalMaterial, Moves: 2}
	if got := puzzleTitle(ZhHant, m); got != "紅先 二步得子" {
		t.Errorf("material: %q", got)
	}
	if got := goalLeft(En, m, 1); got != "a win of material in 1 move" {
		t.Errorf("material goal: %q", got)
	}
	if daysBetween("2026-02-27", "2026-03-01") != 2 || daysBetween("x", "2026-03-01") < solutionMaxAge {
		t.Error("daysBetween")
	}
	if k := valueKey("a/b", "c%d"); k != "a%2Fb/c%25d" {
		t.Errorf("valueKey %q", k)
	}
	var _ storage.Store = (*storage.Bolt)(nil)
}
