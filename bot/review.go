package bot

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// /review #ID: after a game, the engine's three most costly mistakes of each
// side, each with the move that was better, the swing in the evaluation and
// the board before the mistake. The search runs in the engine's worker pool
// (a job "review/ID"), never under a game lock; the findings are posted in the
// game's chat through the outbox. A review asked for is a value record
// (reviewBucket) until its messages are stored in the outbox, in the same
// transaction that removes the record: a review asked before a restart is
// searched and posted after it (Tick claims the records left, see
// queueReviews), and one is posted once, also with several processes on one
// database (the job's lease in engineJob, and the record checked under it).
//
// Games with hidden pieces are not reviewed: the better move would be judged
// with secrets the player could not see when moving (they are all disclosed
// at the end), and a review from each player's own information (a sampled
// search at every ply) is not built yet. The refusal says so.

const (
	reviewPrefix = "review/"
	// reviewMistakes is how many mistakes of each side are shown.
	reviewMistakes = 3
	// reviewMinLoss is the smallest loss, in centipawns, that counts as a mistake.
	reviewMinLoss = 50
	// reviewNodes bounds the whole review's search; each position gets a share,
	// at most EngineConfig.ReviewNodes (default reviewPlyNodes).
	reviewNodes    = 6_000_000
	reviewPlyNodes = 80_000
	// reviewCap keeps mate scores from drowning the rest: a missed mate counts
	// as this much.
	reviewCap = 2000
	// reviewBucket holds the reviews asked for and not yet owed in the outbox,
	// keyed by game id (reviewAsk).
	reviewBucket = "review"
)

// reviewAsk is a review asked for and not posted yet.
type reviewAsk struct {
	Asked time.Time `json:"asked"`
}

func (q *request) cmdReview(args []string) error {
	id, _ := splitGameID(args, true)
	id, err := q.chooseGame(id, func(g *storage.Game) bool {
		return g.Status == storage.StatusFinished && len(g.Moves) > 0
	}, "err.review_none")
	if err != nil {
		return err
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return err
	}
	defer unlock()
	rec := l.rec
	switch {
	case playing(rec):
		return oops("err.review_playing", id)
	case rec.Status != storage.StatusFinished || len(rec.Moves) == 0:
		return oops("err.review_empty", id)
	}
	start, err := rules.NewGame(l.game.Variant(), rec.StartFEN)
	if err != nil {
		return err
	}
	if start.HiddenFrom(rules.Red) || start.HiddenFrom(rules.Black) {
		return oops("err.review_hidden", variantName(q.lang, l.game.Variant()))
	}
	if err := q.s.store.PutValue(q.ctx, reviewBucket, id, reviewAsk{Asked: q.s.now()}); err != nil {
		return fmt.Errorf("ask for the review of game %s: %w", id, err)
	}
	q.s.ai.Add(reviewPrefix + id)
	q.say("review.queued", id)
	return nil
}

// queueReviews queues the reviews asked for and not posted that no live
// process holds: those a restart interrupted, or another process's that died.
// Tick calls it; the claim keeps this process from queueing a review again
// while its job may still run.
func (s *Service) queueReviews(ctx context.Context) error {
	vs, err := s.store.ClaimValues(ctx, storage.ValueClaim{Bucket: reviewBucket, Holder: s.out.holder + "/review",
		Now: s.now(), Lease: engineLease})
	if err != nil {
		return fmt.Errorf("claim pending reviews: %w", err)
	}
	for _, v := range vs {
		s.ai.Add(reviewPrefix + v.Key)
	}
	return nil
}

// mistake is one move that lost more than reviewMinLoss.
type mistake struct {
	ply          int
	side         rules.Side
	played, best rules.Move
	before, loss int // the mover's evaluation before, and what the move lost
}

// reviewJob searches every position of a finished game and posts the review,
// if it is still owed; engineJob holds the job's lease. A review that fails
// (not for a stop) is dropped, so that it is not searched at every start; the
// player may ask again.
func (s *Service) reviewJob(ctx context.Context, id string) error {
	var ask reviewAsk
	switch err := s.store.GetValue(ctx, reviewBucket, id, &ask); {
	case errors.Is(err, storage.ErrNotFound):
		return nil // posted already, by this process or another
	case err != nil:
		return fmt.Errorf("review of game %s: %w", id, err)
	}
	err := s.review(ctx, id)
	if err != nil && ctx.Err() == nil {
		if derr := s.store.DeleteValue(context.WithoutCancel(ctx), reviewBucket, id); derr != nil {
			err = errors.Join(err, fmt.Errorf("drop the review of game %s: %w", id, derr))
		}
	}
	return err
}

// review searches the game and owes its chat the review.
func (s *Service) review(ctx context.Context, id string) error {
	rec, err := s.store.Game(ctx, id)
	if err != nil {
		if errors.Is(err, storage.ErrNotFound) {
			return s.store.DeleteValue(ctx, reviewBucket, id)
		}
		return err
	}
	v, err := s.variant(rec.Variant, rec.Options)
	if err != nil {
		return fmt.Errorf("game %s: %w", id, err)
	}
	n := len(rec.Moves)
	texts := make([]string, n)
	for i, m := range rec.Moves {
		texts[i] = m.Text
	}
	perPly := min(s.aiCfg.ReviewNodes, max(int64(reviewNodes)/int64(n+1), 2_000))
	// score[i] is the evaluation of the position before move i for its side to
	// move; best[i] the move the engine prefers there.
	score := make([]int, n+1)
	best := make([]rules.Move, n+1)
	games := make([]*rules.Game, n+1)
	for i := 0; i <= n; i++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		g, err := rules.Replay(v, rec.StartFEN, texts[:i])
		if err != nil {
			return fmt.Errorf("replay game %s: %w", id, err)
		}
		games[i] = g
		if o := g.Outcome(); o.Over {
			score[i] = outcomeScore(o, g.Position().ToMove())
			continue
		}
		res, err := s.aiCfg.Mover.Move(ctx, g, engine.MaxLevel, engine.Limits{Nodes: perPly, Depth: 10})
		if err != nil {
			return fmt.Errorf("review game %s ply %d: %w", id, i, err)
		}
		score[i], best[i] = clampScore(res), res.Move
	}
	var ms []mistake
	for i := 0; i < n; i++ {
		g := games[i]
		mover := g.Position().ToMove()
		// What the move left the mover with: the next position's value, from
		// the mover's side (a variant may give one side two plies in a row).
		after := score[i+1]
		if o := games[i+1].Outcome(); o.Over {
			after = outcomeScore(o, mover)
		} else if games[i+1].Position().ToMove() != mover {
			after = -after
		}
		loss := score[i] - after
		m, err := rules.ParseCoord(g.Position(), texts[i])
		if err != nil || loss < reviewMinLoss || m == best[i] {
			continue
		}
		ms = append(ms, mistake{ply: i, side: mover, played: m, best: best[i], before: score[i], loss: loss})
	}
	return s.postReview(ctx, rec, games, ms)
}

// outcomeScore is a finished game's value for side s.
func outcomeScore(o rules.Outcome, s rules.Side) int {
	switch {
	case o.Draw:
		return 0
	case o.Winner == s:
		return reviewCap
	}
	return -reviewCap
}

func clampScore(r engine.Result) int {
	if r.Mate > 0 {
		return reviewCap
	}
	if r.Mate < 0 {
		return -reviewCap
	}
	return min(max(r.Score, -reviewCap), reviewCap)
}

// postReview owes the game's chat the review: a head, then each side's
// costliest mistakes with the board before each.
func (s *Service) postReview(ctx context.Context, rec *storage.Game, games []*rules.Game, ms []mistake) error {
	d := s.chatDisplay(ctx, rec)
	v := games[0].Variant()
	var outs []*pendingOut
	add := func(m Message) {
		outs = append(outs, &pendingOut{m: m, about: rec.ID, entry: chatEntry(rec.Platform, rec.ChatID, m, d.lang, rec.ID)})
	}
	var lines []string
	for side := rules.Red; side <= rules.Black; side++ {
		var own []mistake
		for _, m := range ms {
			if m.side == side {
				own = append(own, m)
			}
		}
		sort.SliceStable(own, func(i, j int) bool { return own[i].loss > own[j].loss })
		if len(own) > reviewMistakes {
			own = own[:reviewMistakes]
		}
		who := sideName(d.lang, v, side) + " (" + playerName(d.lang, rec, side) + ")"
		if len(own) == 0 {
			lines = append(lines, T(d.lang, "review.clean", who))
			continue
		}
		sort.SliceStable(own, func(i, j int) bool { return own[i].ply < own[j].ply })
		for _, m := range own {
			pos := games[m.ply].Position()
			text := T(d.lang, "review.item", who, m.ply/2+1, d.formatMove(pos, m.played), strings.TrimPrefix(soldiers(m.loss), "+"),
				soldiers(m.before), soldiers(m.before-m.loss), d.formatMove(pos, m.best))
			view := pos.View(rules.Public)
			o := imageOptions(d)
			add(Message{Text: text, Image: s.image(view, o), ImageName: fmt.Sprintf("review-%s-%d.png", rec.ID, m.ply), Alt: TextBoard(view)})
		}
	}
	head := Message{Text: joinLines(resultOnly(d.lang, &loaded{rec: rec, game: games[len(games)-1]}), T(d.lang, "review.head", rec.ID),
		strings.Join(lines, "\n"))}
	outs = append([]*pendingOut{{m: head, about: rec.ID, entry: chatEntry(rec.Platform, rec.ChatID, head, d.lang, rec.ID)}}, outs...)
	entries := make([]*storage.OutboxEntry, len(outs))
	for i, p := range outs {
		if s.out.cfg.Mode == DeliverInline {
			// The store leases only the head (later ones wait behind it): flush
			// sends it at once, DeliverDue the rest.
			p.entry.Lease = s.ownLease()
		}
		p.stored = true
		entries[i] = p.entry
	}
	// The review is owed in full or not at all: its messages are stored in the
	// transaction that removes the request, so that a restart neither loses
	// nor repeats it.
	if err := s.store.Enqueue(ctx, entries, storage.ValueRef{Bucket: reviewBucket, Key: rec.ID}); err != nil {
		return fmt.Errorf("owe the review of game %s: %w", rec.ID, err)
	}
	q := s.botRequest(ctx, rec)
	c := collectorOf(q.ctx)
	for _, p := range outs {
		q.out(p)
	}
	q.flush(c)
	if s.out.cfg.Mode == DeliverInline {
		if _, err := s.DeliverDue(ctx); err != nil {
			s.log.Warn("review: the outbox sender will deliver the rest", "game", rec.ID, "err", err)
		}
	}
	s.log.Info("review posted", "game", rec.ID, "mistakes", len(ms))
	return nil
}

// soldiers writes centipawns as soldiers with a sign: "+1.5", "−0.3".
func soldiers(cp int) string {
	if cp >= reviewCap {
		return "+M"
	}
	if cp <= -reviewCap {
		return "−M"
	}
	sign := "+"
	switch {
	case cp > -10 && cp < 10:
		return "0.0"
	case cp < 0:
		sign, cp = "−", -cp
	}
	return fmt.Sprintf("%s%d.%d", sign, cp/100, cp%100/10)
}
