package bot

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/chuhe/chuhe/puzzle"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Answering the daily puzzle: a player's progress, answers, hints and the
// solution (owed privately through the outbox when asked for in a group).

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
		if q.lang.Chinese() {
			return k.GlyphIn(pc.Side(), q.lang == ZhHans)
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
