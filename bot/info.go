package bot

import (
	"errors"
	"fmt"
	"github.com/chuhe/chuhe/bot/gameclock"
	"github.com/chuhe/chuhe/bot/i18n"
	"strings"

	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/variants"
)

// cmdBoard shows a game's board to anyone: the #ID given, the game replied to, the
// sender's game in this chat, or the chat's only game.
func (q *request) cmdBoard(args []string) error {
	id, _ := splitGameID(args, true)
	id, err := q.lookGame(id)
	if err != nil {
		return err
	}
	l, unlock, err := q.open(id)
	if err != nil {
		return err
	}
	defer unlock()
	if l.rec.Status == storage.StatusOpen {
		return oops("err.not_started", id)
	}
	m := q.s.boardMessage(q.display(), l, "", q.s.lastMove(q.display(), l))
	if st := q.s.deliveryStatus(q.ctx, q.lang, l.rec.Platform, l.rec.ChatID, id); st != "" {
		m.Text += "\n" + st
	}
	q.replyAbout(m, id)
	return nil
}

// lookGame picks a game to look at (board, export): like chooseGame, preferring
// the sender's own game and then the only game of the chat.
func (q *request) lookGame(id string) (string, error) {
	id, err := q.chooseGame(id, func(g *storage.Game) bool {
		return playing(g) && seatOf(g, q.ev.User.ID) >= 0
	}, "err.no_games_chat")
	var ue *userError
	if err == nil || !errors.As(err, &ue) || ue.key != "err.no_games_chat" || q.ev.Private {
		return id, err
	}
	id, err = q.chooseGame("", playing, "err.no_games_chat")
	if err == nil || !errors.As(err, &ue) || ue.key != "err.no_games_chat" {
		return id, err
	}
	// Nothing live: the sender's latest finished game here.
	gs, lerr := q.s.store.GamesInChat(q.ctx, q.ev.Platform, q.ev.ChatID, false)
	if lerr != nil {
		return "", lerr
	}
	sortGames(gs)
	for i := len(gs) - 1; i >= 0; i-- {
		if g := gs[i]; g.Status == storage.StatusFinished && seatOf(g, q.ev.User.ID) >= 0 {
			return g.ID, nil
		}
	}
	return "", err
}

// playing reports whether a game has begun and is not over (its setup counts).
func playing(g *storage.Game) bool {
	return g.Status == storage.StatusActive || g.Status == storage.StatusSetup
}

// cmdGames lists the sender's live games in every chat of this platform, with
// whose turn it is, and the open challenges of this chat.
func (q *request) cmdGames(args []string) error {
	gs, err := q.s.store.GamesOfUser(q.ctx, q.ev.Platform, q.ev.User.ID, true)
	if err != nil {
		return err
	}
	sortGames(gs)
	var lines []string
	now := q.s.now()
	for _, g := range gs {
		v, err := q.s.variant(g.Variant, g.Options)
		if err != nil {
			continue
		}
		me := rules.Side(seatOf(g, q.ev.User.ID))
		where := ""
		if g.ChatID != q.ev.ChatID {
			where = " " + q.t("games.elsewhere")
		}
		switch g.Status {
		case storage.StatusOpen:
			lines = append(lines, q.t("games.open", g.ID, variantName(q.lang, v))+where)
			continue
		case storage.StatusSetup:
			lines = append(lines, q.t("games.setup", g.ID, variantName(q.lang, v), playerName(q.lang, g, me.Other()))+where)
			continue
		}
		toMove, err := q.s.sideToMove(q.ctx, g)
		if err != nil {
			continue
		}
		turn := q.t("games.their_turn", playerName(q.lang, g, toMove))
		if toMove == me {
			turn = q.t("games.your_turn")
		}
		if !g.Clock.Deadline.IsZero() {
			turn += " · " + q.t("cap.left", formatSpan(q.lang, g.Clock.Deadline.Sub(now)))
		}
		lines = append(lines, q.t("games.line", g.ID, variantName(q.lang, v), playerName(q.lang, g, me.Other()), turn)+where)
	}
	text := q.t("games.none")
	if len(lines) > 0 {
		text = q.t("games.head") + "\n" + strings.Join(lines, "\n")
	}
	if !q.ev.Private {
		chat, err := q.s.store.GamesInChat(q.ctx, q.ev.Platform, q.ev.ChatID, true)
		if err != nil {
			return err
		}
		var open []string
		for _, g := range chat {
			if g.Status == storage.StatusOpen && q.mayAccept(g, q.loadInvite(g.ID)) {
				open = append(open, q.t("games.challenge", g.ID, g.Players[challenger(g)].Name))
			}
		}
		if len(open) > 0 {
			text += "\n" + q.t("games.challenges") + "\n" + strings.Join(open, "\n")
		}
	}
	q.reply(Message{Text: text})
	return nil
}

func (q *request) cmdVariants(args []string) error {
	var sb strings.Builder
	sb.WriteString(q.t("variants.head"))
	for _, v := range q.s.reg.All() {
		fmt.Fprintf(&sb, "\n• %s — %s", v.Slug, variantName(q.lang, v))
	}
	if opts := q.s.reg.Options(); len(opts) > 0 {
		sb.WriteString("\n" + q.t("variants.options"))
		for _, o := range opts {
			what := o.Summary
			if zh := map[Lang]string{ZhHant: o.NameZh, ZhHans: o.NameZhHans}[q.lang]; zh != "" {
				what = zh // the summaries are English: a Chinese chat reads the name, and /rules for more
			}
			fmt.Fprintf(&sb, "\n• %s — %s", o.Name, what)
		}
	}
	sb.WriteString("\n" + q.t("variants.tail"))
	q.reply(Message{Text: sb.String()})
	return nil
}

// cmdRules explains a variant with its options (/rules xiangqi fuhe): its guide
// or summary, the options' guides, board, pieces and notation, with example moves
// made from the variant's own start position.
func (q *request) cmdRules(args []string) error {
	slug := q.chat.DefaultVariant
	if slug == "" {
		slug = q.s.reg.DefaultSlug()
	}
	var opts []string
	for i, a := range args {
		if i == 0 {
			if s := q.findVariant(a); s != "" {
				slug = s
				continue
			}
		}
		if low := strings.ToLower(a); q.s.reg.IsOption(low) {
			opts = append(opts, low)
			continue
		}
		if key, _, ok := strings.Cut(strings.ToLower(a), "="); ok && len(opts) > 0 && q.optionTakes(opts[len(opts)-1], key) {
			opts[len(opts)-1] += " " + key + "=" + a[len(key)+1:] // fuhe menu=RC
			continue
		}
		if key, _, ok := strings.Cut(strings.ToLower(a), "="); ok && q.s.reg.IsOption(key) && q.optionTakes(key, key) {
			opts = append(opts, key+" "+key+"="+a[len(key)+1:]) // as /new takes them: piece=Q:R+N@c1, equal=both, pool=hide
			continue
		}
		return oops("err.rules_arg", a, q.variantSlugs(), q.optionNames())
	}
	base, ok := q.s.reg.Get(slug)
	if !ok {
		return oops("err.bad_variant", slug, q.variantSlugs())
	}
	v, err := base, error(nil)
	if len(opts) > 0 {
		v, err = q.s.variant(slug, opts)
	}
	if err != nil {
		typed := typedOptions(opts)
		reason := strings.TrimPrefix(err.Error(), "variants: ")
		var optErr *variants.OptionError
		if errors.As(err, &optErr) {
			reason = optionProblem(q.lang, typed, optErr.Err)
		}
		return oops("err.bad_option", variantName(q.lang, base), typed, reason)
	}
	var sb strings.Builder
	sb.WriteString(variantName(q.lang, v))
	if q.lang.Chinese() {
		// The base game's English name only: the options' English words
		// ("with players' pieces") would be foreign to the chat.
		sb.WriteString(" (" + base.Name + ")")
	}
	sb.WriteString("\n" + variantGuide(q.lang, base) + "\n")
	for _, opt := range opts {
		name, _, _ := strings.Cut(opt, " ")
		sb.WriteString(optionGuide(q.lang, q.optionSummary(name), q.optionGuideTexts(name, v)) + "\n")
	}
	kind := "rules.points"
	if v.Board.Cells {
		kind = "rules.cells"
	}
	sb.WriteString(q.t(kind, v.Board.Width, v.Board.Height) + "\n")
	var pieces []string
	for _, k := range v.Kinds {
		red, black := k.GlyphIn(rules.Red, q.lang == ZhHans), k.GlyphIn(rules.Black, q.lang == ZhHans)
		glyph := ""
		if red != "" {
			glyph = " " + red
			if black != red && black != "" {
				glyph += "/" + black
			}
		}
		letter := k.Letter
		if k.Sides == rules.BlackOnly {
			letter += 'a' - 'A' // a kind of the second player's only: its FEN letter
		}
		name := " " + k.Name
		if q.lang.Chinese() && glyph != "" {
			name = "" // the glyph is the piece's Chinese name; the English one would be a foreign word
		}
		pieces = append(pieces, string(letter)+glyph+name)
	}
	sb.WriteString(q.t("rules.pieces", strings.Join(pieces, " · ")) + "\n")
	sb.WriteString(q.notationHelp(v) + "\n")
	start := "rules.start"
	if v.ColoursInPlay() {
		start = "rules.start_first"
	}
	sb.WriteString(q.t(start, strings.TrimSpace(slug+" "+typedOptions(opts))))
	q.reply(Message{Text: sb.String()})
	return nil
}

// typedOptions writes options as a player types them: the parser keeps a
// valued option as "equal equal=both", typed "equal=both".
func typedOptions(opts []string) string {
	typed := make([]string, 0, len(opts))
	for _, o := range opts {
		if f := strings.Fields(o); len(f) > 1 && strings.HasPrefix(f[1], f[0]+"=") {
			o = strings.Join(f[1:], " ")
		}
		typed = append(typed, o)
	}
	return strings.Join(typed, " ")
}

// optionNames lists the registry's options: "fuhe".
func (q *request) optionNames() string {
	var names []string
	for _, o := range q.s.reg.Options() {
		names = append(names, o.Name)
	}
	return strings.Join(names, ", ")
}

// optionGuideTexts is the registry's /rules text of option name on v (the base
// with its options), if it has one.
func (q *request) optionGuideTexts(name string, v *rules.Variant) rules.Texts {
	o, ok := q.s.reg.Option(name)
	if !ok {
		return rules.Texts{}
	}
	if o.GuideFor != nil {
		if t := o.GuideFor(v); !t.IsZero() {
			return t
		}
	}
	return o.Guide
}

// optionSummary is the registry's summary of option name, as a sentence.
func (q *request) optionSummary(name string) string {
	for _, o := range q.s.reg.Options() {
		if o.Name == name {
			s := o.Summary
			if s != "" {
				s = strings.ToUpper(s[:1]) + s[1:]
				if !strings.HasSuffix(s, ".") {
					s += "."
				}
			}
			return s
		}
	}
	return ""
}

// exampleMove is a legal move of the variant's start position to show notation
// with: the central cannon h2e2 where there is one, else the first legal move.
func exampleMove(v *rules.Variant) (*rules.Position, rules.Move, bool) {
	pos, err := rules.NewPosition(v, v.StartFEN)
	if err != nil {
		return nil, rules.NullMove, false
	}
	if m, err := rules.ParseCoord(pos, "h2e2"); err == nil {
		return pos, m, true
	}
	ms := pos.LegalMoves(nil)
	if len(ms) == 0 {
		return nil, rules.NullMove, false
	}
	for _, m := range ms {
		if m.From != m.To {
			return pos, m, true
		}
	}
	return pos, ms[0], true // a flip (banqi's start has nothing else)
}

// notationHelp says how to write moves in variant v, with examples.
func (q *request) notationHelp(v *rules.Variant) string {
	pos, m, ok := exampleMove(v)
	if !ok {
		return q.t("notation.coord_only", "h2e2")
	}
	coord := rules.FormatCoord(pos, m)
	parts := []string{q.t("notation.coord", coord, pos.Variant().Board.Name(m.From), pos.Variant().Board.Name(m.To))}
	if m.From == m.To {
		parts = []string{q.t("notation.flip", coord, pos.Variant().Board.Name(m.From))}
	}
	if v.XiangqiNotation {
		if wxf := rules.FormatMove(pos, m, rules.StyleWXF); wxf != coord {
			parts = append(parts, q.t("notation.wxf", wxf))
		}
		style := rules.StyleChinese
		if q.lang == ZhHans {
			style = rules.StyleChineseSimplified
		}
		if zh := rules.FormatMove(pos, m, style); zh != coord {
			parts = append(parts, q.t("notation.chinese", zh))
		}
	} else if v.Notation != nil {
		// The variant's own notation (SAN in the chess family): its example.
		if own := rules.FormatMove(pos, m, rules.StyleWXF); own != coord {
			parts = append(parts, own)
		}
	}
	return q.t("notation.head") + " " + q.lang.List(parts)
}

func parseNotation(s string) (string, bool) {
	switch strings.ToLower(s) {
	case "default", "both", "預設", "默认", "默認":
		return "", true
	case "coord", "coords", "coordinates", "iccs", "座標", "坐标":
		return "coord", true
	case "wxf":
		return "wxf", true
	case "chinese", "zh", "中文", "中式":
		return "chinese", true
	}
	return "", false
}

func (q *request) notationName(n string) string {
	if n == "" {
		n = "default"
	}
	return q.t("notation.name." + n)
}

// cmdSettings shows the chat's settings or changes one: language, notation,
// default variant, default time control. In a group only an admin may change them.
func (q *request) cmdSettings(args []string) error {
	if len(args) == 0 {
		q.showSettings(q.chat)
		return nil
	}
	key, val, ok := strings.Cut(args[0], "=")
	if !ok {
		if len(args) < 2 {
			return oops("err.settings_usage")
		}
		val = args[1]
	}
	if !q.ev.Private && !q.ev.Admin {
		return oops("err.settings_admin")
	}
	var apply func(c *storage.Chat)
	switch strings.ToLower(key) {
	case "language", "lang", "語言", "语言":
		l, ok := i18n.Lookup(val)
		if !ok {
			return oops("err.settings_lang", val)
		}
		apply = func(c *storage.Chat) { c.Language = string(l) }
	case "notation", "記譜", "记谱", "記法", "记法":
		n, ok := parseNotation(val)
		if !ok {
			return oops("err.settings_notation", val, notations)
		}
		apply = func(c *storage.Chat) { c.Notation = n }
	case "variant", "變體", "变体":
		slug := q.findVariant(val)
		if slug == "" {
			return oops("err.bad_variant", val, q.variantSlugs())
		}
		apply = func(c *storage.Chat) { c.DefaultVariant = slug }
	case "time", "clock", "時間", "时间":
		tc, err := gameclock.Parse(val)
		if err != nil {
			return oops("err.bad_time", val)
		}
		apply = func(c *storage.Chat) { c.DefaultTimeControl = gameclock.Format(tc) }
	default:
		var err error
		if apply, err = playerSetting(key, val); err != nil {
			return err
		}
	}
	c, err := q.s.store.UpdateChat(q.ctx, q.ev.Platform, q.ev.ChatID, func(c *storage.Chat) error {
		apply(c)
		return nil
	})
	if err != nil {
		return fmt.Errorf("update chat settings: %w", err)
	}
	q.chat, q.lang = c, ParseLang(c.Language)
	q.say("settings.saved")
	q.showSettings(c)
	return nil
}

func (q *request) showSettings(c *storage.Chat) {
	variant := c.DefaultVariant
	if variant == "" {
		variant = q.s.reg.DefaultSlug()
	}
	control := describeControl(q.lang, defaultControl())
	if c.DefaultTimeControl != "" {
		if tc, err := gameclock.Parse(c.DefaultTimeControl); err == nil {
			control = describeControl(q.lang, tc)
		}
	}
	q.say("settings.show", string(ParseLang(c.Language)), q.notationName(c.Notation), variant, control)
	q.say("settings.players", onOff(q.lang, c.Prefs[prefRatedBot] == "on"), gifSettingName(q.lang, c.Prefs[prefGIF]))
}
