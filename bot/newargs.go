package bot

import (
	"github.com/chuhe/chuhe/bot/gameclock"
	"strings"

	"github.com/chuhe/chuhe/rules"
)

// Reading /new's arguments: the variant and its options, the opponent, side,
// time control, level and a custom start position.

// parseNew reads the arguments of /new: VARIANT [@opponent] [time] [side] [fen=FEN]
// [variant options], in any order.
func (q *request) parseNew(args []string) (*newGame, error) {
	n := &newGame{side: 0}
	for i := 0; i < len(args); i++ {
		a := args[i]
		low := strings.ToLower(a)
		key, val, hasVal := strings.Cut(low, "=")
		switch {
		case strings.HasPrefix(a, "@") || strings.HasPrefix(a, "＠"):
			name := strings.TrimPrefix(strings.TrimPrefix(a, "@"), "＠")
			u := q.mentioned(name)
			if q.s.isBot(q.ev.Platform, name, u.ID) {
				n.bot = true // the bot accepts at once (engine.go)
				continue
			}
			if n.opponent != nil || n.bot {
				return nil, oops("err.new_two_opponents")
			}
			if u.ID != "" && u.ID == q.ev.User.ID || u.ID == "" && isHandle(q.ev.User, name) {
				return nil, oops("err.new_self")
			}
			n.opponent = &u
		case hasVal && key == "fen":
			fen := strings.Trim(a[len("fen="):], `"'`)
			// FEN fields after the board are separate words: take those that fit.
			for j := 0; j < 5 && i+1 < len(args) && (fenField(j, args[i+1]) || stateField(j, args, i+1)); j++ {
				i++
				fen += " " + strings.Trim(args[i], `"'`)
			}
			// Keyed fields of a variant's modules follow the FEN (flags=0,21).
			for i+1 < len(args) && q.keyedFENField(args[i+1]) {
				i++
				fen += " " + args[i]
			}
			n.fen = fen
		case hasVal && (key == "level" || key == "lvl" || key == "等級" || key == "等级"):
			lv, err := q.parseLevel(val)
			if err != nil {
				return nil, err
			}
			n.level = lv
		case hasVal && (key == "side" || key == "color" || key == "colour"):
			s, ok := parseSide(val)
			if !ok {
				return nil, oops("err.new_bad_side", val)
			}
			n.side, n.sideSet = s, true
		case hasVal && key == "first":
			// Who moves first (banqi's option first=): the creator, the
			// opponent or a draw; the same as choosing Red, Black or random.
			s, ok := map[string]int{"creator": 0, "opponent": 1, "random": -1}[val]
			if !ok {
				return nil, oops("err.new_bad_first", val)
			}
			n.side, n.sideSet = s, true
		case hasVal && (key == "time" || key == "tc" || key == "clock"):
			tc, err := gameclock.Parse(val)
			if err != nil {
				return nil, oops("err.bad_time", val)
			}
			n.control, n.timed = tc, true
		case hasVal && len(n.opts) > 0 && q.optionTakes(n.opts[len(n.opts)-1], key):
			n.opts[len(n.opts)-1] += " " + key + "=" + a[len(key)+1:] // fuhe menu=RNC
		case hasVal && q.s.reg.IsOption(key) && q.optionTakes(key, key):
			n.opts = append(n.opts, key+" "+key+"="+a[len(key)+1:]) // captured=none, move-limit=80
		case hasVal:
			return nil, oops("err.new_unknown_arg", a)
		default:
			if u, words, ok := q.mentionAt(args[i:]); ok && n.opponent == nil {
				// A user named by a mention without "@" (Telegram's
				// text_mention of a user who has no username).
				if u.ID == q.ev.User.ID {
					return nil, oops("err.new_self")
				}
				n.opponent = &u
				i += words - 1
				continue
			}
			if s, ok := parseSide(low); ok {
				n.side, n.sideSet = s, true
				continue
			}
			if r, ok := ratedWord(low); ok {
				n.rated, n.ratedSet = r, true
				continue
			}
			if v := q.findVariant(a); v != "" && n.slug == "" {
				n.slug = v
				continue
			}
			if q.s.reg.IsOption(low) {
				n.opts = append(n.opts, low)
				continue
			}
			if tc, err := gameclock.Parse(a); err == nil {
				n.control, n.timed = tc, true
				continue
			} else if looksLikeTime(a) {
				return nil, oops("err.bad_time", a)
			}
			if n.slug == "" {
				return nil, oops("err.bad_variant", a, q.variantSlugs())
			}
			return nil, oops("err.new_unknown_arg", a)
		}
	}
	if n.opponent == nil {
		// A mention the platform resolved without an @word in the text.
		for _, u := range q.ev.Mentions {
			if q.s.isBot(q.ev.Platform, u.Name, u.ID) {
				n.bot = true
				continue
			}
			if u.ID != q.ev.User.ID && !n.bot {
				n.opponent = &u
				break
			}
		}
	}
	if n.bot && n.opponent != nil {
		return nil, oops("err.new_two_opponents")
	}
	if n.slug == "" {
		n.slug = q.s.reg.DefaultSlug()
		if d := q.chat.DefaultVariant; d != "" {
			n.slug = d
		}
	}
	if !n.timed {
		n.control = defaultControl()
		if d := q.chat.DefaultTimeControl; d != "" {
			if tc, err := gameclock.Parse(d); err == nil {
				n.control = tc
			}
		}
	}
	return n, nil
}

// mentioned resolves @name to a user the platform knows, or else to the
// handle "@name": the invitation then waits for the user whose Username is
// exactly name (people.go).
func (q *request) mentioned(name string) User {
	for _, u := range q.ev.Mentions {
		if sameName(u.Name, name) {
			return u
		}
	}
	return User{Name: "@" + name, Username: name}
}

// mentionAt reports whether args starts with the words of a mention the
// platform resolved to a user id (the text of a Telegram text_mention, "Dave"
// or "Dave Smith"), and how many words it covers.
func (q *request) mentionAt(args []string) (User, int, bool) {
	for _, u := range q.ev.Mentions {
		words := strings.Fields(strings.TrimLeft(u.Name, "@＠"))
		if u.ID == "" || len(words) == 0 || len(words) > len(args) || sameName(u.Name, q.s.botName) {
			continue
		}
		match := true
		for k, w := range words {
			if !strings.EqualFold(strings.TrimLeft(args[k], "@＠"), w) {
				match = false
				break
			}
		}
		if match {
			return u, len(words), true
		}
	}
	return User{}, 0, false
}

// fenField reports whether s can be FEN field j+2 (side, two dashes, two counters).
func fenField(j int, s string) bool {
	s = strings.ToLower(s)
	switch j {
	case 0:
		return s == "w" || s == "b" || s == "r"
	case 1, 2:
		// "-" in xiangqi; a variant's state fields are short words.
		if s == "-" {
			return true
		}
		if _, err := gameclock.Parse(s); err == nil || strings.ContainsAny(s, "=@+") || isAllDigits(s) {
			return false
		}
		_, side := parseSide(s)
		return !side && len(s) <= 16
	}
	return isAllDigits(s)
}

// stateField reports whether args[i], a side word such as "b", is FEN field j+2
// all the same: a variant's state field (Jinchan's "b", Black has revealed),
// which the next word shows by being a FEN field too ("w b - 0 1"). At the end
// of the FEN it is the side of /new.
func stateField(j int, args []string, i int) bool {
	if j != 1 && j != 2 || i+1 >= len(args) {
		return false
	}
	s := strings.ToLower(strings.Trim(args[i], `"'`))
	if _, side := parseSide(s); !side || len(s) > 2 {
		return false
	}
	return fenField(j+1, strings.Trim(args[i+1], `"'`))
}

// keyedFENField reports whether word, right after a FEN in /new, is one of
// the FEN's keyed fields (`flags=0,21`): key=value where the key is neither a
// word of /new nor an option. The FEN reader judges the key and the value.
func (q *request) keyedFENField(word string) bool {
	key, val, ok := strings.Cut(strings.ToLower(word), "=")
	if !ok || key == "" || val == "" || q.s.reg.IsOption(key) {
		return false
	}
	switch key {
	case "fen", "level", "lvl", "等級", "等级", "side", "color", "colour", "first", "time", "tc", "clock":
		return false
	}
	for _, r := range key {
		if (r < 'a' || r > 'z') && r != '-' {
			return false
		}
	}
	return true
}

func isAllDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func looksLikeTime(s string) bool {
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

func parseSide(s string) (int, bool) {
	switch s {
	case "red", "r", "white", "紅", "红", "紅方", "红方", "先手":
		return 0, true
	case "black", "b", "黑", "黑方", "後手", "后手":
		return 1, true
	case "random", "any", "?", "隨機", "随机":
		return -1, true
	}
	return 0, false
}

// findVariant returns the slug of the variant named a (slug, English or Chinese
// name), or "".
func (q *request) findVariant(a string) string {
	if v, ok := q.s.reg.Get(a); ok {
		return v.Slug
	}
	for _, v := range q.s.reg.All() {
		if strings.EqualFold(v.Name, a) || v.NameZh == a || v.NameZhHans == a {
			return v.Slug
		}
	}
	return ""
}

func (q *request) variantSlugs() string {
	var s []string
	for _, v := range q.s.reg.All() {
		s = append(s, v.Slug)
	}
	return strings.Join(s, ", ")
}

func variantName(l Lang, v *rules.Variant) string {
	if l.Chinese() && v.NameZh != "" {
		return v.ChineseName(l == ZhHans)
	}
	return v.DisplayName()
}
