package bot

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/chuhe/chuhe/rating"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// Ratings (issue 23). A rated game changes the Glicko-2 ratings of both
// players in its pool, twice: in the global scope and in the chat's. Each
// game is a rating period of its own (as lichess does), so a rating moves at
// once. The change is made in the transaction that ends the game
// (storage.GameChange.Rate), so a crash never leaves a finished game unrated,
// and the end-of-game message tells it.
//
// Which games count: rated ones (chosen at /new; see ratedChoice) that
// finished with a result after at least minRatedPlies plies. Aborted games and
// shorter ones (a resignation or a time-out before the game began in earnest)
// do not.

// minRatedPlies is the fewest plies a game needs to be rated: three moves of
// each side.
const minRatedPlies = 6

// glicko is the rating system: τ = 0.5, in the middle of the paper's advice.
var glicko = rating.System{Tau: 0.5}

// Chat preferences of this file (storage.Chat.Prefs).
const (
	prefRatedBot = "rated_bot" // "on": games against the bot are rated by default
	prefGIF      = "gif"       // "on", "off", or none: a GIF at the end of correspondence games (gif.go)
)

// poolOf is the rating pool of a stored game: its variant's slug (a named
// game is stored as its own slug), with the options that change the game's
// nature (every option not marked variants.Option.Pooled), sorted, after "+".
func (s *Service) poolOf(rec *storage.Game) string {
	var own []string
	for _, o := range rec.Options {
		name, _, _ := strings.Cut(o, " ")
		if opt, ok := s.reg.Option(name); ok && opt.Pooled {
			continue
		}
		own = append(own, strings.Join(strings.Fields(o), ","))
	}
	sort.Strings(own)
	return strings.Join(append([]string{rec.Variant}, own...), "+")
}

// chatScope is the rating scope of one chat.
func chatScope(platform, chatID string) string { return platform + "/" + chatID }

// personOf is the player key of a seat: the bot by its level (each level is
// a player of its own strength), a person by their identity (link.go joins
// the identities of one person on several platforms).
func (s *Service) personOf(ctx context.Context, platform string, p storage.Player) string {
	if p.Level > 0 {
		return fmt.Sprintf("bot/L%d", p.Level)
	}
	return s.person(ctx, platform, p.UserID)
}

// seatRating is one seat's global rating after a game and how it moved.
type seatRating struct {
	name   string
	after  rating.Rating
	change float64
}

// gameRating is what a rated game did to the ratings, filled in by the
// store's transaction (Apply) before the messages are made.
type gameRating struct {
	pool  string
	seats [2]seatRating
	done  bool
	short bool // rated, but too short to count
}

// rateChange is the change of ratings that the write of final (l's game
// ended) makes, and the record the messages read; nil, nil for a game that
// does not count. l's rules game is at the final position.
func (s *Service) rateChange(ctx context.Context, l *loaded, final *storage.Game) (*storage.RatingChange, *gameRating) {
	if !final.Rated || final.Status != storage.StatusFinished || final.Result == "" || l.rec.Status != storage.StatusActive {
		return nil, nil
	}
	gr := &gameRating{pool: s.poolOf(final)}
	if len(final.Moves) < minRatedPlies {
		gr.short = true
		return nil, gr
	}
	var score0 float64 // seat 0's score
	switch final.Result {
	case "1-0", "0-1":
		winner := rules.Red
		if final.Result == "0-1" {
			winner = rules.Black
		}
		if l.seatOfColour(winner) == 0 {
			score0 = 1
		}
	default:
		score0 = 0.5
	}
	var players [2]string
	for i, p := range final.Players {
		players[i] = s.personOf(ctx, final.Platform, p)
	}
	if players[0] == players[1] {
		return nil, nil // one person in both seats (two linked identities): nothing to learn
	}
	scope := chatScope(final.Platform, final.ChatID)
	var keys []storage.RatingKey
	for _, sc := range []string{storage.ScopeGlobal, scope} {
		for _, p := range players {
			keys = append(keys, storage.RatingKey{Pool: gr.pool, Scope: sc, Player: p})
		}
	}
	names := [2]string{playerName(En, final, 0), playerName(En, final, 1)}
	apply := func(g *storage.Game, rs []*storage.Rating) error {
		for pair := 0; pair < len(rs); pair += 2 {
			a, b := rs[pair], rs[pair+1]
			if a.HasApplied(g.ID) || b.HasApplied(g.ID) {
				continue // counted already
			}
			ra, rb := current(a), current(b)
			na, err := glicko.Update(ra, []rating.Result{{Opponent: rb, Score: score0}})
			if err != nil {
				return err
			}
			nb, err := glicko.Update(rb, []rating.Result{{Opponent: ra, Score: 1 - score0}})
			if err != nil {
				return err
			}
			for i, rec := range []*storage.Rating{a, b} {
				n := [2]rating.Rating{na, nb}[i]
				before := [2]rating.Rating{ra, rb}[i]
				score := [2]float64{score0, 1 - score0}[i]
				rec.Rating, rec.Deviation, rec.Volatility = n.Rating, n.Deviation, n.Volatility
				rec.Name = names[i]
				rec.Games++
				switch score {
				case 1:
					rec.Wins++
				case 0:
					rec.Losses++
				default:
					rec.Draws++
				}
				rec.NoteApplied(g.ID)
				if pair == 0 {
					gr.seats[i] = seatRating{name: names[i], after: n, change: n.Rating - before.Rating}
					gr.done = true
				}
			}
		}
		return nil
	}
	return &storage.RatingChange{Keys: keys, Apply: apply}, gr
}

// current is a stored rating as the rating package takes it; a new record
// is an unrated player.
func current(r *storage.Rating) rating.Rating {
	if r.Games == 0 && r.Deviation == 0 {
		return rating.New()
	}
	return rating.Rating{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility}
}

// showRating is a rating as players read it: rounded, "?" when provisional.
func showRating(r rating.Rating) string {
	s := fmt.Sprintf("%d", int(math.Round(r.Rating)))
	if r.Provisional() {
		s += "?"
	}
	return s
}

// signed is a rating change with its sign: "+12", "−7", "±0".
func signed(d float64) string {
	n := int(math.Round(d))
	switch {
	case n > 0:
		return fmt.Sprintf("+%d", n)
	case n < 0:
		return fmt.Sprintf("−%d", -n)
	}
	return "±0"
}

// ratingLine is the end-of-game message's line about ratings, or "".
func ratingLine(lang Lang, gr *gameRating) string {
	switch {
	case gr == nil:
		return ""
	case gr.short:
		return T(lang, "rating.too_short", minRatedPlies)
	case !gr.done:
		return ""
	}
	var parts []string
	for _, sr := range gr.seats {
		parts = append(parts, T(lang, "rating.seat", sr.name, showRating(sr.after), signed(sr.change), int(math.Round(sr.after.Deviation))))
	}
	return T(lang, "rating.line", gr.pool, strings.Join(parts, " · "))
}

// ratedChoice decides whether a new game is rated: the word given at /new
// (rated, casual) or the default: rated between two people, and against the
// bot only where the chat's setting rated-bot is on. Asking for a rated game
// against the bot where the chat does not rate such games is refused.
func (q *request) ratedChoice(n *newGame) (bool, error) {
	botRated := q.chat.Prefs[prefRatedBot] == "on"
	if !n.ratedSet {
		return !n.bot || botRated, nil
	}
	if n.rated && n.bot && !botRated {
		return false, oops("err.rated_bot", q.s.botName)
	}
	return n.rated, nil
}

// ratedWord reads the rated/casual word of /new.
func ratedWord(low string) (rated, ok bool) {
	switch low {
	case "rated", "計分", "计分", "積分", "积分":
		return true, true
	case "casual", "unrated", "友誼", "友谊", "娛樂", "娱乐":
		return false, true
	}
	return false, false
}

// playerSetting reads the chat settings of players' features: rated-bot
// on|off (games against the bot rated by default) and gif on|off|auto (the
// whole game as a GIF at its end; auto: for correspondence games).
func playerSetting(key, val string) (func(c *storage.Chat), error) {
	var pref, v string
	on, isOnOff := parseOnOff(val)
	switch strings.ToLower(key) {
	case "rated-bot", "rated_bot", "ratedbot":
		if !isOnOff {
			return nil, oops("err.settings_on_off", key, val)
		}
		pref = prefRatedBot
		if on {
			v = "on"
		}
	case "gif", "動畫", "动画":
		pref = prefGIF
		switch {
		case isOnOff && on:
			v = "on"
		case isOnOff:
			v = "off"
		case strings.EqualFold(val, "auto") || strings.EqualFold(val, "default"):
			v = ""
		default:
			return nil, oops("err.settings_gif", val)
		}
	default:
		return nil, oops("err.settings_usage")
	}
	return func(c *storage.Chat) {
		if c.Prefs == nil {
			c.Prefs = map[string]string{}
		}
		if v == "" {
			delete(c.Prefs, pref)
			return
		}
		c.Prefs[pref] = v
	}, nil
}

// parseOnOff reads a switch's value.
func parseOnOff(val string) (on, ok bool) {
	switch strings.ToLower(val) {
	case "on", "yes", "開", "开":
		return true, true
	case "off", "no", "關", "关":
		return false, true
	}
	return false, false
}

func onOff(lang Lang, on bool) string {
	if on {
		return T(lang, "word.on")
	}
	return T(lang, "word.off")
}

func gifSettingName(lang Lang, v string) string {
	switch v {
	case "on":
		return T(lang, "word.on")
	case "off":
		return T(lang, "word.off")
	}
	return T(lang, "gif.auto")
}
