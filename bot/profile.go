package bot

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/chuhe/chuhe/rating"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Leaderboards, profiles and histories (issue 23): /top, /profile, /history.
// A person's games are those of every identity linked to them (link.go).

const (
	topRows      = 10 // rows of /top
	recentGames  = 5  // games /profile lists
	historyGames = 20 // games /history lists
)

// cmdTop shows a pool's leaderboard: /top [VARIANT] [global]. Established
// ratings come first, by rating; provisional ones (marked "?") after them.
func (q *request) cmdTop(args []string) error {
	pool, global := "", false
	for _, a := range args {
		switch low := strings.ToLower(a); low {
		case "global", "all", "全球", "全部":
			global = true
		default:
			if slug := q.findVariant(a); slug != "" {
				pool = slug
			} else {
				pool = low // a pool with options: xiangqi+fuhe
			}
		}
	}
	if pool == "" {
		pool = cmp.Or(q.chat.DefaultVariant, q.s.reg.DefaultSlug())
	}
	scope, where := chatScope(q.ev.Platform, q.ev.ChatID), q.t("top.here")
	if global {
		scope, where = storage.ScopeGlobal, q.t("top.global")
	}
	rs, err := q.s.store.Ratings(q.ctx, pool, scope)
	if err != nil {
		return fmt.Errorf("top %s: %w", pool, err)
	}
	if len(rs) == 0 {
		return oops("top.empty", pool, where)
	}
	rankRatings(rs)
	var sb strings.Builder
	sb.WriteString(q.t("top.head", pool, where) + "\n")
	fmt.Fprintf(&sb, "%3s  %-16s %7s %4s %6s\n", "#", q.t("top.player"), q.t("top.rating"), "RD", q.t("top.games"))
	for i, r := range rs {
		if i == topRows {
			break
		}
		fmt.Fprintf(&sb, "%3d  %-16s %7s %4d %6d\n", i+1, clipName(r.Name, 16), showRating(asRating(r)),
			int(math.Round(r.Deviation)), r.Games)
	}
	q.reply(Message{Text: strings.TrimRight(sb.String(), "\n")})
	return nil
}

// rankRatings orders a leaderboard: established before provisional, then by
// rating, then by name.
func rankRatings(rs []*storage.Rating) {
	slices.SortStableFunc(rs, func(a, b *storage.Rating) int {
		pa, pb := asRating(a).Provisional(), asRating(b).Provisional()
		if pa != pb {
			if pa {
				return 1
			}
			return -1
		}
		return cmp.Or(cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.Name, b.Name))
	})
}

func asRating(r *storage.Rating) rating.Rating {
	return rating.Rating{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility}
}

// clipName shortens a name to n runes for a table.
func clipName(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// who is the user a command is about: the one mentioned in args, else the
// sender.
func (q *request) who(args []string) (User, error) {
	for _, a := range args {
		name, ok := strings.CutPrefix(strings.TrimPrefix(a, "＠"), "@")
		if !ok && !strings.HasPrefix(a, "＠") {
			continue
		}
		u := q.mentioned(name)
		if u.ID == "" {
			return User{}, oops("err.unknown_user", "@"+name)
		}
		u.Name = shownName(u)
		return u, nil
	}
	return q.ev.User, nil
}

// personGame is one game of a person, with the seat they had.
type personGame struct {
	rec  *storage.Game
	seat int
}

// gamesOf lists every game of the person behind a user, over all linked
// identities, oldest first.
func (s *Service) gamesOf(ctx context.Context, platform, userID string) ([]personGame, error) {
	var out []personGame
	for _, id := range s.identities(ctx, s.person(ctx, platform, userID), platform, userID) {
		gs, err := s.store.GamesOfUser(ctx, id.platform, id.user, false)
		if err != nil {
			return nil, fmt.Errorf("games of %s/%s: %w", id.platform, id.user, err)
		}
		for _, g := range gs {
			out = append(out, personGame{rec: g, seat: seatOf(g, id.user)})
		}
	}
	slices.SortFunc(out, func(a, b personGame) int {
		return cmp.Or(len(a.rec.ID)-len(b.rec.ID), strings.Compare(a.rec.ID, b.rec.ID))
	})
	return out, nil
}

// score is seat's result in a finished game: 1 won, 0.5 drawn, 0 lost; ok is
// false for a game without a result.
func (s *Service) score(ctx context.Context, g *storage.Game, seat int) (float64, bool) {
	if g.Status != storage.StatusFinished || seat < 0 {
		return 0, false
	}
	switch g.Result {
	case "1/2-1/2":
		return 0.5, true
	case "1-0", "0-1":
	default:
		return 0, false
	}
	winner := rules.Red
	if g.Result == "0-1" {
		winner = rules.Black
	}
	winSeat := int(winner)
	if v, err := s.variant(g.Variant, g.Options); err == nil && v.ColoursInPlay() {
		// Colours given in play (banqi): the final position says who had which.
		unlock := s.lockGame(g.ID)
		l, err := s.load(ctx, g.ID)
		if err == nil {
			winSeat = int(l.seatOfColour(winner))
		}
		unlock()
	}
	if winSeat == seat {
		return 1, true
	}
	return 0, true
}

// gameLine is one game in /profile and /history: "#4 xiangqi vs bob: won (checkmate)".
func (q *request) gameLine(pg personGame) string {
	g := pg.rec
	opp := "?"
	if pg.seat >= 0 {
		opp = playerName(q.lang, g, rules.Side(1-pg.seat))
	}
	var how string
	switch sc, ok := q.s.score(q.ctx, g, pg.seat); {
	case g.Status.Live():
		how = q.t("hist.live")
	case g.Status == storage.StatusAborted:
		how = q.t("hist.aborted")
	case !ok:
		how = "?"
	case sc == 1:
		how = q.t("hist.won", q.t(reasonKey(g.Reason)))
	case sc == 0:
		how = q.t("hist.lost", q.t(reasonKey(g.Reason)))
	default:
		how = q.t("hist.drawn", q.t(reasonKey(g.Reason)))
	}
	rated := ""
	if g.Rated {
		rated = " · " + q.t("hist.rated")
	}
	return q.t("hist.line", g.ID, q.s.poolOf(g), opp, how, g.CreatedAt.Format("2006-01-02")) + rated
}

// whoseGames is the user a command is about (who) and their games (gamesOf).
func (q *request) whoseGames(args []string) (User, []personGame, error) {
	u, err := q.who(args)
	if err != nil {
		return User{}, nil, err
	}
	games, err := q.s.gamesOf(q.ctx, q.ev.Platform, u.ID)
	return u, games, err
}

// cmdProfile shows a person's ratings, tally, streak and recent games:
// /profile [@user].
func (q *request) cmdProfile(args []string) error {
	u, games, err := q.whoseGames(args)
	if err != nil {
		return err
	}
	rs, err := q.s.store.RatingsOf(q.ctx, q.s.person(q.ctx, q.ev.Platform, u.ID))
	if err != nil {
		return fmt.Errorf("profile: %w", err)
	}
	lines := []string{q.t("profile.head", u.Name)}
	var ratings []string
	for _, r := range rs {
		if r.Scope != storage.ScopeGlobal {
			continue
		}
		ratings = append(ratings, q.t("profile.rating", r.Pool, showRating(asRating(r)), int(math.Round(r.Deviation)),
			T(q.lang, "n.games", r.Games), r.Wins, r.Draws, r.Losses))
	}
	if len(ratings) == 0 {
		ratings = []string{q.t("profile.unrated")}
	}
	lines = append(lines, q.t("profile.ratings", strings.Join(ratings, " · ")))
	var won, drawn, lost, live int
	var streak []float64 // results of the latest finished games, newest first, while equal
	streakOpen := true
	for i := len(games) - 1; i >= 0; i-- {
		pg := games[i]
		if pg.rec.Status.Live() {
			live++
			continue
		}
		sc, ok := q.s.score(q.ctx, pg.rec, pg.seat)
		if !ok {
			continue
		}
		switch sc {
		case 1:
			won++
		case 0:
			lost++
		default:
			drawn++
		}
		if streakOpen && (len(streak) == 0 || streak[0] == sc) {
			streak = append(streak, sc)
		} else {
			streakOpen = false
		}
	}
	finished := won + drawn + lost
	lines = append(lines, q.t("profile.tally", T(q.lang, "n.finished", finished), won, drawn, lost, live))
	if len(streak) > 0 {
		key := map[float64]string{1: "streak.won", 0.5: "streak.drawn", 0: "streak.lost"}[streak[0]]
		lines = append(lines, q.t("profile.streak", T(q.lang, key, len(streak))))
	}
	var recent []string
	for i := len(games) - 1; i >= 0 && len(recent) < recentGames; i-- {
		recent = append(recent, "  "+q.gameLine(games[i]))
	}
	if len(recent) > 0 {
		lines = append(lines, q.t("profile.recent"))
		lines = append(lines, recent...)
	}
	q.reply(Message{Text: strings.Join(lines, "\n")})
	return nil
}

// cmdHistory lists a person's latest games: /history [@user].
func (q *request) cmdHistory(args []string) error {
	u, games, err := q.whoseGames(args)
	if err != nil {
		return err
	}
	if len(games) == 0 {
		return oops("hist.none", u.Name)
	}
	lines := []string{q.t("hist.head", u.Name, T(q.lang, "n.games", len(games)))}
	for i := len(games) - 1; i >= 0 && len(lines) <= historyGames; i-- {
		lines = append(lines, q.gameLine(games[i]))
	}
	q.reply(Message{Text: strings.Join(lines, "\n")})
	return nil
}
